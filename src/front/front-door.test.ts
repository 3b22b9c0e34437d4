import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { ERROR_CATEGORIES, PROTOCOLS } from '../core/categories.js';
import { decode } from './decode.js';
import { encode } from './encode.js';

const code = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,30}$/);
const agentError = fc
  .record({
    message: fc.string({ minLength: 1, maxLength: 80 }).filter((m) => m.trim() !== ''),
    category: fc.constantFrom(...ERROR_CATEGORIES),
    code,
    retryable: fc.boolean(),
    retryAfterMs: fc.option(fc.integer({ min: 0, max: 86_400_000 }), { nil: undefined }),
  })
  .map(
    ({ message, category, code, retryable, retryAfterMs }) =>
      new AgentError(message, {
        category,
        code,
        retryable,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      }),
  );

describe('decode(encode(e, p), { from: p })', () => {
  it.each(PROTOCOLS)('gives back code, category, retryable and retryAfterMs for %s', (protocol) => {
    fc.assert(
      fc.property(agentError, (error) => {
        // Every protocol's wire form goes through JSON on its way.
        const wire = JSON.parse(JSON.stringify(encode(error, protocol))) as unknown;
        const back = decode(wire, { from: protocol });
        expect({
          code: back.code,
          category: back.category,
          retryable: back.retryable,
          retryAfterMs: back.retryAfterMs,
        }).toEqual({
          code: error.code,
          category: error.category,
          retryable: error.retryable,
          retryAfterMs: error.retryAfterMs,
        });
      }),
      { numRuns: 200 },
    );
  });

  it('holds for the other forms: MCP tool results, A2A 0.3 data, ARCP envelopes', () => {
    fc.assert(
      fc.property(agentError, (error) => {
        const forms: [unknown, 'mcp' | 'a2a' | 'arcp'][] = [
          [encode(error, 'mcp', { as: 'toolResult' }), 'mcp'],
          [encode(error, 'a2a', { version: '0.3' }), 'a2a'],
          [encode(error, 'arcp', { envelope: 'job.error', ids: { job_id: 'j1' } }), 'arcp'],
          [encode(error, 'arcp', { envelope: 'tool_result', callId: 'c1' }), 'arcp'],
        ];
        for (const [form, protocol] of forms) {
          const back = decode(JSON.parse(JSON.stringify(form)), { from: protocol });
          expect([back.code, back.category, back.retryable, back.retryAfterMs]).toEqual([
            error.code,
            error.category,
            error.retryable,
            error.retryAfterMs,
          ]);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('decode never throws', () => {
  it('for arbitrary JSON values, with and without a protocol', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.option(fc.constantFrom(...PROTOCOLS), { nil: undefined }),
        (value, protocol) => {
          const error = decode(value, protocol ? { from: protocol } : undefined);
          expect(error).toBeInstanceOf(AgentError);
          expect(ERROR_CATEGORIES).toContain(error.category);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('for arbitrary strings and JSON text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
        expect(decode(text)).toBeInstanceOf(AgentError);
      }),
      { numRuns: 1000 },
    );
  });

  it('for hostile objects', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        has() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(decode(hostile)).toBeInstanceOf(AgentError);
    const cyclic: Record<string, unknown> = { error: { code: -32000, message: 'x' } };
    cyclic.self = cyclic;
    expect(decode(cyclic).category).toBe('internal');
  });
});

describe('decode reads each shape once and keeps what came in', () => {
  it('an error read by its words keeps the received error object as its cause', () => {
    const inner = { code: 2, message: 'Connection is disposed.', extra: 'kept' };
    const decoded = decode({ jsonrpc: '2.0', id: 1, error: inner });
    expect([decoded.category, decoded.cause]).toEqual(['unavailable', inner]);
    expect(decoded.cause).toBe(inner);
    const top = { code: 7, message: 'Not connected', data: { attempt: 2 } };
    expect(decode(top).cause).toBe(top);
  });

  it('reads a batch by its first error and lists every error response in details', () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, result: {} },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32000, message: 'Authentication required', data: { realm: 'x' } },
      },
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Invalid params' } },
    ];
    const e = decode(batch, { from: 'acp' });
    expect([e.category, e.code, e.cause]).toEqual(['auth', 'AUTH_REQUIRED', batch]);
    expect(e.details).toEqual({
      realm: 'x',
      batch: [
        { id: 2, code: 'AUTH_REQUIRED', category: 'auth', retryable: false },
        { id: 3, code: 'INVALID_PARAMS', category: 'validation', retryable: false },
      ],
      batchErrors: 2,
    });
    expect(e.wire).toEqual({
      protocol: 'acp',
      code: -32000,
      message: 'Authentication required',
      data: { realm: 'x' },
    });
  });

  it('reads plain objects, null-prototype objects and error instances alike', () => {
    const wire = { code: -32000, message: 'Authentication required', data: { x: 1 } };
    const bare = Object.assign(Object.create(null) as object, wire);
    const instance = Object.assign(new Error(wire.message), { name: 'RequestError', ...wire });
    for (const input of [wire, bare, instance]) {
      const e = decode(input, { from: 'acp' });
      expect([e.category, e.code, e.wire?.data]).toEqual(['auth', 'AUTH_REQUIRED', { x: 1 }]);
    }
    expect(decode(instance).cause).toBe(instance);
    expect(decode(wire, { from: 'acp' }).cause).toBeUndefined();
  });
});

describe('encode', () => {
  it('rejects an unknown protocol and a bad envelope with a TypeError naming them', () => {
    expect(() => encode(AgentError.internal('x'), 'smtp' as never)).toThrow(
      /protocol must be one of jsonrpc, acp, mcp, lsp, a2a, arcp, tool, http, grpc; received "smtp"/,
    );
    expect(() => encode(AgentError.internal('x'), 'arcp', { envelope: 'tool_result' })).toThrow(
      /callId is required/,
    );
  });

  it('never lets a secret or an unexpected error through, in any protocol', () => {
    const crash = new Error(
      'db password=hunter2 at /srv/app/db.js token ghp_abcdefghijklmnopqrstuvwxyz012345',
    );
    for (const protocol of PROTOCOLS) {
      const seen: string[] = [];
      const text = JSON.stringify(encode(crash, protocol, { onError: (_e, id) => seen.push(id) }));
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('ghp_abcdef');
      expect(text).not.toContain('/srv/app');
      expect(seen).toHaveLength(1);
      expect(text).toContain(seen[0]);
    }
  });
});

describe('tryDecode', () => {
  it('gives undefined for what carries no error, and decode for the rest', async () => {
    const { tryDecode } = await import('./decode.js');
    expect(tryDecode({ jsonrpc: '2.0', id: 1, result: { ok: true } })).toBeUndefined();
    expect(tryDecode({ content: [{ type: 'text', text: 'done' }] })).toBeUndefined();
    expect(tryDecode({ status: 204, headers: {} })).toBeUndefined();
    expect(tryDecode(new Response('{}', { status: 200 }))).toBeUndefined();
    expect(tryDecode({ code: 0, message: '', details: [] })).toBeUndefined();
    expect(tryDecode(undefined)).toBeUndefined();
    expect(tryDecode({ status: 503, headers: {} })?.category).toBe('unavailable');
    expect(tryDecode({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } })?.code).toBe(
      'METHOD_NOT_FOUND',
    );
    expect(
      tryDecode({ isError: true, content: [{ type: 'text', text: 'timed out' }] })?.category,
    ).toBe('timeout');
  });
});

describe('decode: server-sent events', () => {
  const body = '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}';

  it('reads the event whatever ends its lines (LF, CRLF or CR)', () => {
    for (const end of ['\n', '\r\n', '\r']) {
      const decoded = decode(`event: error${end}data: ${body}${end}${end}`);
      expect([decoded.category, decoded.code, decoded.message]).toEqual([
        'unavailable',
        'OVERLOADED',
        'Overloaded',
      ]);
    }
  });

  it('joins the data lines of one event, as EventSource does', () => {
    const split = `event: error\ndata: {"type":"error",\ndata:"error":{"type":"rate_limit_error","message":"Slow down"}}\n\n`;
    const decoded = decode(split);
    expect([decoded.category, decoded.message]).toEqual(['rate_limit', 'Slow down']);
  });

  it('leaves an event that is not about an error to the text readers', () => {
    const decoded = decode('event: ping\ndata: {"type":"ping"}\n\n');
    expect(decoded.code).not.toBe('OVERLOADED');
    expect(decoded.category).toBe('internal');
  });
});

describe('decode: a Node system error as data', () => {
  it('is read by its code, unless another dialect claims the record', () => {
    const refused = { name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' };
    expect([decode(refused).category, decode(refused).code]).toEqual([
      'unavailable',
      'ECONNREFUSED',
    ]);
    // An A2A reason says what the peer meant, whatever else the record carries.
    const a2a = decode({ ...refused, reason: 'TASK_NOT_FOUND' });
    expect([a2a.category, a2a.code, a2a.wire?.protocol]).toEqual([
      'not_found',
      'TASK_NOT_FOUND',
      'a2a',
    ]);
    // A ToolError's own category wins over the code's.
    const tool = decode({ ...refused, category: 'validation', retryable: false });
    expect(tool.category).toBe('validation');
  });
});

describe('decode(x, { from }) and its deprecated spelling { protocol }', () => {
  // -32000 is "auth required" in ACP and "connection closed" in MCP: only the hint tells them apart.
  const wire = { code: -32000, message: 'Request failed' };
  it.each(PROTOCOLS)(
    'reads %s the same under either name; `from` wins when both are given',
    (p) => {
      const hinted = decode(wire, { from: p });
      expect(decode(wire, { protocol: p })).toMatchObject({
        category: hinted.category,
        code: hinted.code,
      });
      const other = PROTOCOLS.find((q) => decode(wire, { from: q }).category !== hinted.category);
      if (other !== undefined) {
        expect(decode(wire, { from: p, protocol: other }).category).toBe(hinted.category);
      }
    },
  );
});

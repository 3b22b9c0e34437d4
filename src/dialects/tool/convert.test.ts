import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { ERROR_CATEGORIES } from '../../core/categories.js';
import { serializeError } from '../../core/serialize.js';
import { deserializeError } from '../../helpers/deserialize.js';
import { formatToolErrorText, parseToolErrorText } from './tool-text.js';
import { encodeToolError, toToolError } from './convert.js';
import { decodeToolError, toolErrorToAgentError } from './decode.js';
import { ToolError, toolErrorFields } from './tool-error.js';

describe('ToolError ⇄ AgentError', () => {
  it('carries every field to the hub', () => {
    const te = ToolError.rateLimited('Too many requests', 2000);
    const hub = toolErrorToAgentError(te);
    expect(hub).toMatchObject({
      message: 'Too many requests',
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(hub.cause).toBe(te);
  });

  it('classifies a ToolError with no category by its code, else internal', () => {
    expect(toolErrorToAgentError(new ToolError('x', 'NOT_FOUND')).category).toBe('not_found');
    expect(toolErrorToAgentError(new ToolError('x', 'EXPORT_TOO_LARGE')).category).toBe('internal');
    expect(() => toolErrorToAgentError({} as never)).toThrow(/must be a ToolError/);
  });

  it.each([
    ['permission', 'auth'],
    ['quota', 'rate_limit'],
    ['unavailable', 'timeout'],
    ['conflict', 'validation'],
    ['cancelled', 'internal'],
    ['protocol', 'internal'],
  ] as const)('narrows %s to %s and keeps the hub category', (hubCategory, toolCategory) => {
    const te = toToolError(new AgentError('m', { category: hubCategory, code: 'SOME_CODE' }));
    expect([te.category, te.agentCategory, te.code]).toEqual([
      toolCategory,
      hubCategory,
      'SOME_CODE',
    ]);
    expect(toolErrorToAgentError(te).category).toBe(hubCategory);
  });

  it('returns a ToolError as it is and revives a copy', () => {
    const te = ToolError.timeout('slow');
    expect(toToolError(te)).toBe(te);
    expect(toToolError(JSON.parse(JSON.stringify(te)))).toBeInstanceOf(ToolError);
  });

  it('round-trips every hub error through ToolError, its fields and its text without loss', () => {
    const hubError = fc.record(
      {
        message: fc.string({ maxLength: 50, unit: 'grapheme-ascii' }),
        code: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,20}$/),
        category: fc.constantFrom(...ERROR_CATEGORIES),
        retryable: fc.boolean(),
        retryAfterMs: fc.nat({ max: 600_000 }),
      },
      { requiredKeys: ['message', 'code', 'category', 'retryable'] },
    );
    fc.assert(
      fc.property(hubError, ({ message, ...init }) => {
        const original = new AgentError(message.replace(/[/\\]/g, ''), init);
        const viaClass = toolErrorToAgentError(toToolError(original));
        const viaFields = decodeToolError(structuredClone(toolErrorFields(toToolError(original))));
        const viaText = decodeToolError(encodeToolError(original));
        for (const back of [viaClass, viaFields, viaText]) {
          expect(back.code).toBe(original.code);
          expect(back.category).toBe(original.category);
          expect(back.retryable).toBe(original.retryable);
          expect(back.retryAfterMs).toBe(original.retryAfterMs);
        }
        expect(viaClass.message).toBe(original.message);
      }),
    );
  });
});

describe('decodeToolError / encodeToolError', () => {
  it('decodes text, fields, CallToolResults and anything else', () => {
    expect(decodeToolError('[NOT_FOUND] gone').category).toBe('not_found');
    expect(
      decodeToolError({ isError: true, content: [{ type: 'text', text: 'Request timed out' }] })
        .category,
    ).toBe('timeout');
    expect(decodeToolError(new Error('boom')).category).toBe('internal');
    expect(decodeToolError(AgentError.conflict('c')).category).toBe('conflict');
  });

  it('encodes the seed example exactly', () => {
    expect(encodeToolError(ToolError.rateLimited('Too many requests', 2000))).toBe(
      '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n\n```json\n{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n```',
    );
    expect(
      encodeToolError(new ToolError('Export exceeds 10,000 row limit', 'EXPORT_TOO_LARGE')),
    ).toBe(
      '[ERROR code=EXPORT_TOO_LARGE retryable=false] Export exceeds 10,000 row limit\n\n```json\n{"code":"EXPORT_TOO_LARGE","retryable":false}\n```',
    );
  });
});

// opentabs-dev/opentabs, e2e/structured-errors.e2e.ts: "plain ToolError(msg, code) without opts
// still includes retryable=false (default)" — `code=deliberate_failure`, `retryable=false`, and a
// JSON block with `retryable: false` and no `category` or `retryAfterMs` ("retryable=false is a
// structured field, so JSON block is present").
describe('a plain new ToolError(message, code), as upstream shows it to the agent', () => {
  const expected = (code: string) =>
    `[ERROR code=${code} retryable=false] Out of stock\n\n\`\`\`json\n{"code":"${code}","retryable":false}\n\`\`\``;

  it('is written with retryable=false and its JSON block, whatever the case of its code', () => {
    expect(formatToolErrorText(new ToolError('Out of stock', 'OUT_OF_STOCK'))).toBe(
      expected('OUT_OF_STOCK'),
    );
    expect(encodeToolError(new ToolError('Out of stock', 'OUT_OF_STOCK'))).toBe(
      expected('OUT_OF_STOCK'),
    );
    expect(formatToolErrorText(new ToolError('Out of stock', 'deliberate_failure'))).toBe(
      expected('deliberate_failure'),
    );
  });

  it('reads back as the same error', () => {
    expect(parseToolErrorText(expected('OUT_OF_STOCK'))).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Out of stock',
      retryable: false,
    });
    expect(decodeToolError(expected('OUT_OF_STOCK'))).toMatchObject({
      code: 'OUT_OF_STOCK',
      category: 'internal',
      retryable: false,
    });
  });
});

// A ToolError made without a category decodes to a hub error that remembers it (its `wire`:
// tool text naming no category), so that it goes back out without one; crossed with code forms a
// tool may use and with each way a hub error travels (as it is, structuredClone, JSON revived).
describe('a ToolError without a category, after the hub', () => {
  const codes = [
    'OUT_OF_STOCK',
    'deliberate_failure',
    'OUT OF STOCK',
    'a]b=c[d',
    'quo"te\\n',
    'É_ü',
  ];
  const travels: [string, (e: AgentError) => unknown][] = [
    ['as it is', (e) => e],
    ['structuredClone', (e) => structuredClone(e)],
    ['JSON', (e) => deserializeError(JSON.parse(JSON.stringify(serializeError(e))))],
  ];
  for (const code of codes) {
    for (const retryable of [false, true]) {
      it.each(travels)(
        `goes back out without one: ${JSON.stringify(code)}, retryable ${String(retryable)}, %s`,
        (_, travel) => {
          const hub = decodeToolError(new ToolError('Out of stock', code, { retryable }));
          expect(parseToolErrorText(hub.wire?.message)).toEqual({ code, message: '', retryable });
          const back = toToolError(travel(hub));
          expect([back.code, back.category, back.retryable]).toEqual([code, undefined, retryable]);
        },
      );
    }
  }
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListToolsRequestSchema,
  McpError as SdkMcpError,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentError, decode, encode } from 'agent-errors';
import { mcpIdempotencyKeyOf } from 'agent-errors/mcp';

// MCP's draft wire forms: the rate-limit error -32023 with `data.retryAfterMs` (SEP-3304), the
// error taxonomy's `data.mcpError`, the `idempotencyKey` request field (SEP-3182). Read whenever
// received; written only when the caller names the draft.

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** What the official SDK's client rejects with when its server's handler throws `thrown`. */
async function received(thrown: unknown): Promise<unknown> {
  const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await Promise.resolve();
    throw thrown;
  });
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  open.push(async () => {
    await client.close();
    await server.close();
  });
  try {
    await client.listTools();
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('MCP draft: -32023 RateLimited', () => {
  it('is read whenever received, through the SDK client, with its wait', async () => {
    for (const wait of [0, 250, 60_000]) {
      const error = await received(new SdkMcpError(-32023, 'Rate limited', { retryAfterMs: wait }));
      expect(error).toBeInstanceOf(SdkMcpError);
      const e = decode(error);
      expect([e.category, e.code, e.retryable, e.retryAfterMs]).toEqual([
        'rate_limit',
        'RATE_LIMITED',
        true,
        wait,
      ]);
      // The bare error object and the response, untold and told the protocol.
      const wire = { code: -32023, message: 'Rate limited', data: { retryAfterMs: wait } };
      for (const value of [wire, { jsonrpc: '2.0', id: 7, error: wire }]) {
        for (const protocol of [undefined, 'mcp', 'jsonrpc'] as const) {
          const d = decode(value, protocol === undefined ? undefined : { protocol });
          expect([protocol, d.category, d.retryAfterMs]).toEqual([protocol, 'rate_limit', wait]);
        }
      }
    }
  });

  it("is written only for the draft: dated revisions keep their codes, and the SDK reads the draft's", async () => {
    const limited = AgentError.rateLimited('Slow down', { retryAfterMs: 1500 });
    const draft = encode(limited, 'mcp', { protocolVersion: 'draft' });
    expect(draft).toMatchObject({ code: -32023, data: { retryAfterMs: 1500 } });
    for (const protocolVersion of [undefined, '2025-11-25', '2026-07-28']) {
      const dated = encode(
        limited,
        'mcp',
        protocolVersion === undefined ? {} : { protocolVersion },
      );
      expect([protocolVersion, dated.code === -32023]).toEqual([protocolVersion, false]);
      expect(decode(dated, { protocol: 'mcp' }).retryAfterMs).toBe(1500);
    }
    const error = await received(new SdkMcpError(draft.code, draft.message, draft.data));
    const e = decode(error);
    expect([e.category, e.retryAfterMs]).toEqual(['rate_limit', 1500]);
    // Other categories are sent under the draft as under 2026-07-28.
    const missing = AgentError.notFound('no such prompt');
    expect(encode(missing, 'mcp', { protocolVersion: 'draft' })).toEqual(
      encode(missing, 'mcp', { protocolVersion: '2026-07-28' }),
    );
  });
});

describe('MCP draft: data.mcpError', () => {
  it.each([
    ['RateLimited', 'rate_limit', true],
    ['rate_limited', 'rate_limit', true],
    ['QUOTA_EXCEEDED', 'quota', false],
    ['Forbidden', 'permission', false],
    ['resource_not_found', 'not_found', false],
    ['Unauthorized', 'auth', false],
    ['request_timeout', 'timeout', true],
  ] as const)('%s names the condition, whatever the code', async (name, category, retryable) => {
    for (const mcpError of [name, { type: name }, { name, retryable }]) {
      const error = await received(new SdkMcpError(-32603, 'failed', { mcpError }));
      const e = decode(error);
      expect([name, e.category, e.retryable]).toEqual([name, category, retryable]);
    }
  });

  it('its wait and retryability are taken as given', () => {
    const e = decode({
      code: -32000,
      message: 'busy',
      data: { mcpError: { type: 'ServerUnavailable', retryable: false, retryAfterMs: 900 } },
    });
    expect([e.category, e.retryable, e.retryAfterMs]).toEqual(['unavailable', false, 900]);
  });
});

describe('MCP draft: the idempotencyKey request field (SEP-3182)', () => {
  it('is read where the SDKs put the request, after the _meta key', () => {
    const key = 'idem-7f3c';
    for (const extra of [
      { params: { name: 'book', arguments: {}, idempotencyKey: key } },
      { request: { params: { name: 'book', idempotencyKey: key } } },
      { mcpReq: { params: { name: 'book', idempotencyKey: key } } },
      { mcpReq: { idempotencyKey: key } },
      { idempotencyKey: key },
      { _meta: { idempotencyKey: key }, params: { idempotencyKey: 'other' } },
    ]) {
      expect([extra, mcpIdempotencyKeyOf({}, extra)]).toEqual([extra, key]);
    }
    expect(mcpIdempotencyKeyOf({}, { params: { name: 'book' } })).toBeUndefined();
  });
});

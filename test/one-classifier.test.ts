import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { McpError as SdkMcpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { RequestError as SdkRequestError } from '@agentclientprotocol/sdk';
import { ResponseError as VscodeResponseError } from 'vscode-jsonrpc';
import { decode, toAgentError } from 'agent-errors';
import type { AgentError } from 'agent-errors';
import {
  DuplicateKeyError,
  HeartbeatLostError,
  InternalError,
  TimeoutError as ArcpTimeoutError,
} from 'agent-errors/arcp';
import { ToolError } from 'agent-errors/tool';
import { MemoryIdempotencyStore, retry, withIdempotency } from 'agent-errors/retry';

// `toAgentError` (for catch blocks) and `decode` (for wire data) are one engine: they agree on
// everything an agent acts on, for every corpus entry and for arbitrary values.

interface Entry {
  id: string;
  input: unknown;
}

const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/corpus.json', import.meta.url), 'utf8'),
) as Entry[];

function verdict(e: AgentError) {
  return {
    category: e.category,
    code: e.code,
    retryable: e.retryable,
    retryAfterMs: e.retryAfterMs,
  };
}

describe('toAgentError and decode agree', () => {
  it('on every corpus entry', () => {
    for (const entry of corpus) {
      expect(verdict(toAgentError(entry.input)), entry.id).toEqual(verdict(decode(entry.input)));
    }
  });

  it('on arbitrary values (fast-check)', () => {
    const errorLike = fc.record(
      {
        code: fc.oneof(fc.integer({ min: -32800, max: -31999 }), fc.string(), fc.constant(429)),
        message: fc.string(),
        name: fc.constantFrom('Error', 'AbortError', 'TimeoutError', 'McpError', 'RequestError'),
        data: fc.anything(),
        status: fc.integer({ min: 100, max: 599 }),
        category: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), errorLike, fc.string()), (value) => {
        expect(verdict(toAgentError(value))).toEqual(verdict(decode(value)));
      }),
      { numRuns: 500 },
    );
  });

  it('on the official SDKs’ error instances, built as the SDKs build them', () => {
    const instances: [unknown, string, boolean][] = [
      [
        new SdkMcpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: 10 }),
        'timeout',
        true,
      ],
      [new SdkMcpError(ErrorCode.ConnectionClosed, 'Connection closed'), 'unavailable', true],
      [SdkRequestError.authRequired(), 'auth', false],
      [SdkRequestError.resourceNotFound('file:///x'), 'not_found', false],
      [new VscodeResponseError(-32801, 'Content modified'), 'conflict', true],
      [new HeartbeatLostError('two pongs missed'), 'unavailable', true],
      [new DuplicateKeyError('seen before'), 'conflict', false],
      [new ArcpTimeoutError('too slow'), 'timeout', true],
      [new InternalError('boom'), 'internal', true],
      [ToolError.rateLimited('slow down', 2000), 'rate_limit', true],
    ];
    for (const [error, category, retryable] of instances) {
      const viaCatch = toAgentError(error);
      expect(verdict(viaCatch), String(error)).toEqual(verdict(decode(error)));
      expect([viaCatch.category, viaCatch.retryable], String(error)).toEqual([category, retryable]);
    }
  });
});

describe('every consumer classifies through the one engine', () => {
  it('retry() with no options retries an MCP SDK timeout and an ARCP HeartbeatLostError', async () => {
    for (const failure of [
      new SdkMcpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: 10 }),
      new HeartbeatLostError('two pongs missed'),
    ]) {
      let calls = 0;
      const result = await retry(
        // The request carries the idempotency key (as an MCP call sends it in _meta): a timeout or
        // a lost connection may have reached the server, and retry repeats it only then.
        ({ idempotencyKey }) => {
          calls += 1;
          if (calls === 1) throw failure;
          return `ok ${idempotencyKey.length}`;
        },
        { baseDelayMs: 1, maxDelayMs: 2 },
      );
      expect([result, calls]).toEqual(['ok 36', 2]);
    }
  });

  it('retry() does not retry an ACP SDK auth error', async () => {
    let calls = 0;
    await expect(
      retry(
        () => {
          calls += 1;
          throw SdkRequestError.authRequired();
        },
        { baseDelayMs: 1, maxDelayMs: 2 },
      ),
    ).rejects.toMatchObject({ category: 'auth' });
    expect(calls).toBe(1);
  });

  it('withIdempotency reads a DUPLICATE_KEY ARCP error as a conflict, first time and on replay', async () => {
    const store = new MemoryIdempotencyStore();
    const handler = withIdempotency(
      store,
      () => {
        throw new DuplicateKeyError('seen before');
      },
      { keyOf: () => 'k-1' },
    );
    const rejection: unknown = await handler({}, {}).catch((e: unknown) => e);
    expect(toAgentError(rejection).category).toBe('conflict');
    // A replay of the same key gets the stored outcome, classified the same way.
    const replay: unknown = await handler({}, {}).catch((e: unknown) => e);
    expect(toAgentError(replay).category).toBe('conflict');
  });
});

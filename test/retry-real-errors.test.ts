// retry(fn) with no options (or only a key), against what real SDKs and servers throw: the
// MCP SDK's own request timeout and cancel, and provider-shaped answers of a local HTTP server.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { RETRY_ATTEMPT_HEADER, isRetryError, retry, retryStopOf } from 'agent-errors/retry';

describe('retry(fn) against the MCP SDK', () => {
  const server = new McpServer({ name: 'retry-test', version: '1.0.0' });
  const client = new Client({ name: 'retry-test-client', version: '1.0.0' });
  let slowCalls = 0;
  // Hangs on its first call (the client times out), answers at once afterwards.
  server.registerTool('render', {}, async () => {
    slowCalls++;
    if (slowCalls === 1) await new Promise((resolve) => setTimeout(resolve, 2_000));
    return { content: [{ type: 'text', text: `rendered on call ${slowCalls}` }] };
  });

  beforeAll(async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('a request timeout is not repeated when the request carried no key: outcome_unknown', async () => {
    slowCalls = 0;
    let thrown: unknown;
    const error = await retry(async () => {
      try {
        return await client.callTool({ name: 'render', arguments: {} }, undefined, {
          timeout: 50,
        });
      } catch (e) {
        thrown = e;
        throw e;
      }
    }).catch((e: unknown) => e);
    // The SDK's own error: McpError -32001 "Request timed out".
    expect(thrown).toBeInstanceOf(McpError);
    expect((thrown as McpError).code).toBe(ErrorCode.RequestTimeout);
    expect(isRetryError(error)).toBe(true);
    expect(error).toMatchObject({ category: 'timeout', code: 'REQUEST_TIMEOUT', retryable: true });
    expect(retryStopOf(error)).toEqual({ attempts: 1, reason: 'outcome_unknown' });
    expect(slowCalls).toBe(1);
  });

  it('with the key in _meta, the timeout is retried and the call succeeds', async () => {
    slowCalls = 0;
    const keys: string[] = [];
    const result = await retry(({ idempotencyKey, signal }) => {
      keys.push(idempotencyKey);
      return client.callTool(
        { name: 'render', arguments: {}, _meta: { idempotencyKey } },
        undefined,
        { timeout: 50, signal },
      );
    });
    expect(result.content).toEqual([{ type: 'text', text: 'rendered on call 2' }]);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it("the user's cancel through retry's signal: rejects at once as aborted, never retried", async () => {
    slowCalls = 1; // every call answers at once… but the user cancels first
    const controller = new AbortController();
    let calls = 0;
    const pending = retry(
      ({ signal }) => {
        calls++;
        const call = client.callTool({ name: 'render', arguments: {} }, undefined, { signal });
        controller.abort();
        return call;
      },
      { signal: controller.signal, idempotent: true },
    ).catch((e: unknown) => e);
    const error = await pending;
    expect(calls).toBe(1);
    expect(retryStopOf(error)).toEqual({ attempts: 1, reason: 'aborted' });
    expect(error).toMatchObject({ category: 'cancelled', retryable: false });
  });

  it('a cancel the SDK reports (McpError -32001 wrapping the abort) is a cancel, not a timeout', async () => {
    slowCalls = 1;
    const controller = new AbortController();
    let calls = 0;
    const error = await retry(
      () => {
        calls++;
        const call = client.callTool({ name: 'render', arguments: {} }, undefined, {
          signal: controller.signal,
        });
        controller.abort();
        return call;
      },
      { idempotent: true },
    ).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(error).toMatchObject({ category: 'cancelled', retryable: false });
    expect(retryStopOf(error)).toEqual({ attempts: 1, reason: 'not_retryable' });
  });
});

/** What the local server answers, in turn; then 200. */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

describe('retry(fn) against a local HTTP server', () => {
  let http: Server;
  let url = '';
  let answers: Answer[] = [];
  const seen: { at: number; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    http = createServer((req, res) => {
      seen.push({ at: performance.now(), headers: req.headers });
      const answer = answers.shift() ?? { status: 200, body: { ok: true } };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? {}));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/chat`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
  });

  /** One request, as an SDK-less client makes it: a failure is decoded from the response. */
  const call = async ({ attempt, idempotencyKey }: { attempt: number; idempotencyKey: string }) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { [RETRY_ATTEMPT_HEADER]: String(attempt), 'idempotency-key': idempotencyKey },
    });
    const body = await res.text();
    if (!res.ok)
      throw decode({ status: res.status, headers: Object.fromEntries(res.headers), body });
    return JSON.parse(body) as unknown;
  };
  const run = (script: Answer[]) => {
    answers = [...script];
    seen.length = 0;
    return retry(call).catch((e: unknown) => e);
  };

  it('OpenAI 429 with retry-after-ms: waits as asked, sends the attempt number and one key', async () => {
    const result = await run([
      {
        status: 429,
        headers: { 'retry-after-ms': '30', 'x-should-retry': 'true' },
        body: {
          error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
        },
      },
    ]);
    expect(result).toEqual({ ok: true });
    expect(seen.map((s) => s.headers[RETRY_ATTEMPT_HEADER])).toEqual(['1', '2']);
    expect(new Set(seen.map((s) => s.headers['idempotency-key'])).size).toBe(1);
  });

  it('OpenAI insufficient_quota: stops at once, the quota is gone', async () => {
    const error = await run([
      {
        status: 429,
        body: {
          error: {
            message: 'You exceeded your current quota',
            type: 'insufficient_quota',
            code: 'insufficient_quota',
          },
        },
      },
    ]);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ category: 'quota', retryable: false });
    expect(retryStopOf(error)).toEqual({ attempts: 1, reason: 'not_retryable' });
  });

  it('Anthropic 529 overloaded: retried', async () => {
    const result = await run([
      {
        status: 529,
        headers: { 'x-should-retry': 'true' },
        body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      },
    ]);
    expect(result).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it('503 with Retry-After: 1 is obeyed: the retry comes no sooner', async () => {
    const result = await run([{ status: 503, headers: { 'retry-after': '1' } }]);
    expect(result).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    const [first, second] = seen;
    // A lower bound only (timers never fire early); how much later depends on the machine.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('429 with Retry-After: 3600 stops with retry_after_too_long, the wait on the error', async () => {
    const error = await run([{ status: 429, headers: { 'retry-after': '3600' } }]);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ category: 'rate_limit', retryAfterMs: 3_600_000 });
    expect(retryStopOf(error)).toEqual({ attempts: 1, reason: 'retry_after_too_long' });
  });
});

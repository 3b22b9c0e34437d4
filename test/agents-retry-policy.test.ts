import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled } from '@openai/agents';
import type { ModelRetrySettings } from '@openai/agents';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsRetryPolicy } from '../src/retry/agents-retry-policy.js';
import { completion as completionOf, openaiError } from './helpers/openai-script.js';
import type { Answer } from './helpers/openai-script.js';

setTracingDisabled(true);

// Answers as OpenAI's chat completions API writes them (shared with the other SDK adapters' tests).
const completion = completionOf();
const rateLimited = openaiError(
  429,
  { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
  { 'retry-after': '1' },
);
const overloaded = openaiError(529, { message: 'Overloaded', type: 'overloaded_error' });
const outOfQuota = openaiError(429, {
  message: 'You exceeded your current quota',
  type: 'insufficient_quota',
  code: 'insufficient_quota',
});

// The server answers each request with the next script line, then completions; it logs when.
let script: Answer[] = [];
let seen: number[] = [];
const server = createServer((req, res) => {
  seen.push(Date.now());
  (script.shift() ?? completion)(res, req);
});
let baseURL = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Run an agent against the server; the requests it received, and how the run ended. */
async function runAgent(answers: Answer[], retry?: ModelRetrySettings) {
  script = [...answers];
  seen = [];
  // maxRetries: 0 on the client: the Agents SDK's loop (with the policy) is the one loop.
  const client = new OpenAI({ apiKey: 'test', baseURL, maxRetries: 0 });
  const agent = new Agent({
    name: 'assistant',
    model: new OpenAIChatCompletionsModel(client, 'gpt-test'),
    ...(retry ? { modelSettings: { retry } } : {}),
  });
  const outcome = await run(agent, 'Hi').then(
    (result) => ({ ok: true as const, output: result.finalOutput }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { outcome, requests: seen.length, gaps: seen.slice(1).map((t, k) => t - seen[k]!) };
}

describe('agentsRetryPolicy in the real OpenAI Agents SDK, against a 127.0.0.1 server', () => {
  const withPolicy: ModelRetrySettings = {
    maxRetries: 3,
    policy: agentsRetryPolicy({ random: () => 0 }),
  };

  it("429 Retry-After: 1 — retried once, after the server's second", async () => {
    const { outcome, requests, gaps } = await runAgent([rateLimited], withPolicy);
    expect(outcome).toEqual({ ok: true, output: 'hello' });
    expect(requests).toBe(2);
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    // Without the policy, the SDK does not retry: one request, the run fails.
    const bare = await runAgent([rateLimited]);
    expect(bare.outcome.ok).toBe(false);
    expect(bare.requests).toBe(1);
  });

  it('529 overloaded — retried with backoff; quota — not retried at all', async () => {
    const busy = await runAgent([overloaded, overloaded], withPolicy);
    expect(busy.outcome).toEqual({ ok: true, output: 'hello' });
    expect(busy.requests).toBe(3);
    const quota = await runAgent([outOfQuota, outOfQuota], withPolicy);
    expect(quota.outcome.ok).toBe(false);
    expect(quota.requests).toBe(1);
  });

  it('gives up after maxRetries, and on a wait longer than maxDelayMs', async () => {
    const storm = await runAgent(
      [overloaded, overloaded, overloaded, overloaded, overloaded],
      withPolicy,
    );
    expect(storm.outcome.ok).toBe(false);
    expect(storm.requests).toBe(4);
    const tooLong = await runAgent(
      [openaiError(429, { message: 'slow down', type: 'requests' }, { 'retry-after': '120' })],
      { maxRetries: 3, policy: agentsRetryPolicy({ maxDelayMs: 60_000 }) },
    );
    expect(tooLong.outcome.ok).toBe(false);
    expect(tooLong.requests).toBe(1);
  });
});

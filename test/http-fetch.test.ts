import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError } from 'agent-errors';
import { fromFetchResponse, toHttpResponse } from 'agent-errors/http';

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

// Each path is one status/header/body combination the server answers with.
const replies: Record<string, Reply> = {};
const server = createServer((req, res) => {
  const reply = replies[req.url ?? ''];
  if (!reply) {
    res.writeHead(500).end();
    return;
  }
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function get(path: string, reply: Reply): Promise<AgentError> {
  replies[path] = reply;
  const response = await fetch(base + path);
  return fromFetchResponse(response);
}

const json = { 'content-type': 'application/json' };
const HTTP_DATE_IN_FUTURE = () => new Date(Date.now() + 60_000).toUTCString();

describe('fromFetchResponse against a real node:http server read through fetch', () => {
  it.each([
    ['/s400', 400, 'validation', false],
    ['/s401', 401, 'auth', false],
    ['/s403', 403, 'permission', false],
    ['/s404', 404, 'not_found', false],
    ['/s408', 408, 'timeout', true],
    ['/s409', 409, 'conflict', false],
    ['/s422', 422, 'validation', false],
    ['/s429', 429, 'rate_limit', true],
    ['/s499', 499, 'cancelled', false],
    ['/s500', 500, 'internal', true],
    ['/s501', 501, 'protocol', false],
    ['/s502', 502, 'unavailable', true],
    ['/s503', 503, 'unavailable', true],
    ['/s504', 504, 'timeout', true],
    ['/s529', 529, 'unavailable', true],
  ] as const)('%s: status %i → %s', async (path, status, category, retryable) => {
    const err = await get(path, { status });
    expect([err.category, err.retryable, err.wire?.protocol, err.wire?.code]).toEqual([
      category,
      retryable,
      'http',
      status,
    ]);
  });

  it('reads retry-after-ms, retry-after seconds and dates, and the reset family', async () => {
    expect(
      (await get('/ms', { status: 429, headers: { 'retry-after-ms': '750' } })).retryAfterMs,
    ).toBe(750);
    expect(
      (await get('/secs', { status: 503, headers: { 'retry-after': '7' } })).retryAfterMs,
    ).toBe(7000);
    const dated = await get('/date', {
      status: 429,
      headers: { 'retry-after': HTTP_DATE_IN_FUTURE() },
    });
    expect(dated.retryAfterMs).toBeGreaterThan(55_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(60_000);
    const reset = await get('/reset', {
      status: 429,
      headers: { 'x-ratelimit-reset-requests': '2s', 'x-ratelimit-reset-tokens': '500ms' },
    });
    expect(reset.retryAfterMs).toBe(2000);
    const epoch = await get('/epoch', {
      status: 403,
      headers: {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 30),
      },
    });
    expect(epoch.retryAfterMs).toBeGreaterThan(25_000);
    expect(
      (await get('/none', { status: 400, headers: { 'x-ratelimit-reset': '30' } })).retryAfterMs,
    ).toBeUndefined();
  });

  it('lets x-should-retry override the status', async () => {
    expect(
      (await get('/no-retry', { status: 503, headers: { 'x-should-retry': 'false' } })).retryable,
    ).toBe(false);
    expect(
      (await get('/do-retry', { status: 409, headers: { 'x-should-retry': 'true' } })).retryable,
    ).toBe(true);
  });

  it('classifies provider bodies', async () => {
    const anthropic = await get('/anthropic', {
      status: 529,
      headers: { ...json, 'request-id': 'req_011' },
      body: JSON.stringify({
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
      }),
    });
    expect([
      anthropic.category,
      anthropic.retryable,
      anthropic.message,
      anthropic.details?.requestId,
    ]).toEqual(['unavailable', true, 'Overloaded', 'req_011']);
    const openai = await get('/openai', {
      status: 429,
      headers: { ...json, 'x-should-retry': 'false' },
      body: JSON.stringify({
        error: {
          message: 'You exceeded your current quota',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      }),
    });
    // One stable code per condition; the provider's own words stay in details.provider.
    expect([openai.category, openai.retryable, openai.code]).toEqual([
      'quota',
      false,
      'QUOTA_EXCEEDED',
    ]);
    expect(openai.details?.provider).toMatchObject({ code: 'insufficient_quota' });
  });

  it('reads problem+json, including what toHttpResponse wrote', async () => {
    const original = AgentError.rateLimited('Slack says slow down', {
      code: 'SLACK_RATE_LIMITED',
      retryAfterMs: 1200,
    });
    const { status, headers, body } = toHttpResponse(original);
    const back = await get('/ours', { status, headers, body: JSON.stringify(body) });
    expect([back.code, back.category, back.retryable, back.retryAfterMs, back.message]).toEqual([
      'SLACK_RATE_LIMITED',
      'rate_limit',
      true,
      1200,
      'Slack says slow down',
    ]);
    const foreign = await get('/foreign', {
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'No such job 42',
      }),
    });
    expect([foreign.category, foreign.message]).toEqual(['not_found', 'No such job 42']);
  });

  it('survives a text body and an empty one', async () => {
    expect((await get('/text', { status: 502, body: 'upstream connect error' })).message).toBe(
      'upstream connect error',
    );
    expect((await get('/empty', { status: 504 })).message).toBe('Gateway Timeout');
  });
});

// decodeResponseError: ky's HTTPError (and a fetch Response) carry a body nobody has read yet,
// which the synchronous decode cannot read. Built by ky against a 127.0.0.1 server answering as
// the providers document; the body is read once, bounded in size and time, from a clone.
import got from 'got';
import ky from 'ky';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, decodeResponseError, createDecoder } from 'agent-errors';
import { httpResponseReader } from 'agent-errors/http';
import { rejected } from './helpers/fresh-cases.js';
import { startReplyServer } from './helpers/reply-server.js';
import type { Reply, ReplyServer } from './helpers/reply-server.js';

let server: ReplyServer;
beforeAll(async () => {
  server = await startReplyServer();
});
afterAll(() => server.close());

let paths = 0;
const answer = (reply: Reply): string => server.on(`/body-${(paths += 1)}`, reply);
const viaKy = (reply: Reply) => rejected(ky(answer(reply), { retry: 0 }));
const reading = (e: { category: string; code: string; retryable: boolean }) => [
  e.category,
  e.code,
  e.retryable,
];

describe('decodeResponseError reads the body ky left unread', () => {
  it.each([
    [
      'OpenAI 429 insufficient_quota: a spent quota, not a per-minute limit',
      {
        status: 429,
        body: {
          error: {
            message: 'You exceeded your current quota, please check your plan and billing details.',
            type: 'insufficient_quota',
            code: 'insufficient_quota',
          },
        },
      },
      ['rate_limit', 'RATE_LIMITED', true],
      ['quota', 'QUOTA_EXCEEDED', false],
    ],
    [
      "Anthropic 400 'credit balance is too low'",
      {
        status: 400,
        body: {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: 'Your credit balance is too low to access the Anthropic API.',
          },
        },
      },
      ['validation', 'VALIDATION_ERROR', false],
      ['quota', 'QUOTA_EXCEEDED', false],
    ],
    [
      'OpenAI 400 context_length_exceeded',
      {
        status: 400,
        body: {
          error: {
            message: "This model's maximum context length is 128000 tokens.",
            type: 'invalid_request_error',
            code: 'context_length_exceeded',
          },
        },
      },
      ['validation', 'VALIDATION_ERROR', false],
      ['validation', 'CONTEXT_TOO_LONG', false],
    ],
  ] as const)('%s', async (_label, reply, fromStatus, fromBody) => {
    const error = (await viaKy(reply)) as Error & { response: Response };
    expect(error.name).toBe('HTTPError');
    expect(reading(decode(error))).toEqual(fromStatus);
    const e = await decodeResponseError(error);
    expect(reading(e)).toEqual(fromBody);
    expect(e.cause).toBe(error);
    // Read from a clone: the caller can still read the body.
    expect(await error.response.json()).toEqual(reply.body);
  });

  it('keeps the wait the headers give', async () => {
    const error = await viaKy({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
    });
    const e = await decodeResponseError(error);
    expect([e.category, e.retryAfterMs]).toEqual(['rate_limit', 7000]);
  });

  it('reads a fetch Response itself, and the decoder it is given', async () => {
    const response = await fetch(
      answer({ status: 402, body: { error: { message: 'Insufficient Balance' } } }),
    );
    const own = createDecoder([httpResponseReader]);
    const e = await decodeResponseError(response, { decoder: own });
    expect(reading(e)).toEqual(['quota', 'QUOTA_EXCEEDED', false]);
  });

  it('reads at most maxBytes: a huge body still classifies, by status and what was read', async () => {
    const error = await viaKy({ status: 503, body: 'x'.repeat(2_000_000) });
    const e = await decodeResponseError(error, { maxBytes: 1024 });
    expect(reading(e)).toEqual(['unavailable', 'UNAVAILABLE', true]);
    expect(String(e.wire?.data).length).toBe(1024);
  });

  it('a body that never ends is given up after timeoutMs: the status and headers decide', async () => {
    const error = await rejected(
      ky(
        answer((_req, res) => {
          res.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' });
          res.write('{"error":');
        }),
        { retry: 0 },
      ),
    );
    const e = await decodeResponseError(error, { timeoutMs: 50 });
    expect([e.category, e.retryAfterMs]).toEqual(['rate_limit', 3000]);
  });

  it('an error with no unread body is decoded as decode reads it (got read its own)', async () => {
    const error = await rejected(
      got(answer({ status: 402, body: { error: { message: 'Insufficient Balance' } } }), {
        retry: { limit: 0 },
      }),
    );
    expect(reading(await decodeResponseError(error))).toEqual(reading(decode(error)));
    expect(reading(await decodeResponseError('plain text'))).toEqual(reading(decode('plain text')));
  });

  it.each([
    ['maxBytes', { maxBytes: 0 }],
    ['maxBytes', { maxBytes: 1.5 }],
    ['timeoutMs', { timeoutMs: -1 }],
  ] as const)(
    'rejects %s out of range with a TypeError saying what was expected',
    async (name, options) => {
      await expect(decodeResponseError(new Error('x'), options)).rejects.toThrow(
        new RegExp(`${name} must be a positive integer; received`),
      );
    },
  );
});

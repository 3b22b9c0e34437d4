import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { ERROR_CATEGORIES } from '../../core/categories.js';
import { toProblemJson } from './problem-json.js';
import {
  decodeHttpError,
  encodeHttpError,
  fromFetchResponse,
  fromHttpResponse,
} from './response.js';
import { toFetchResponse, toHttpResponse } from '../../entries/http.js';
import { toHttpStatus } from './status.js';

describe('fromHttpResponse: statuses per the mapping table', () => {
  it.each([
    [400, 'validation', false],
    [422, 'validation', false],
    [401, 'auth', false],
    [403, 'permission', false],
    [404, 'not_found', false],
    [408, 'timeout', true],
    [409, 'conflict', false],
    [429, 'rate_limit', true],
    [499, 'cancelled', false],
    [500, 'internal', true],
    [501, 'protocol', false],
    [502, 'unavailable', true],
    [503, 'unavailable', true],
    [529, 'unavailable', true],
    [504, 'timeout', true],
    [418, 'validation', false],
    [507, 'unavailable', true],
    [599, 'internal', true],
  ] as const)('%i → %s (retryable %s)', (status, category, retryable) => {
    const err = fromHttpResponse({ status });
    expect([err.category, err.retryable, err.wire?.code]).toEqual([category, retryable, status]);
  });

  it('lets x-should-retry override, and reads retry-after', () => {
    const err = fromHttpResponse({
      status: 503,
      headers: { 'x-should-retry': 'false', 'retry-after': '3' },
    });
    expect([err.retryable, err.retryAfterMs]).toEqual([false, 3000]);
    expect(fromHttpResponse({ status: 400, headers: { 'x-should-retry': 'true' } }).retryable).toBe(
      true,
    );
  });

  it('rejects what is not an error response, naming the problem', () => {
    expect(() => fromHttpResponse({ status: 200 })).toThrow(/status 200 is not an error status/);
    expect(() => fromHttpResponse({ status: 1000 })).toThrow(
      /status must be an integer from 100 to 599/,
    );
    expect(() => fromHttpResponse({})).toThrow(/status is missing/);
    expect(() => fromHttpResponse(null as never)).toThrow(/received null/);
    expect(() => fromHttpResponse('429' as never)).toThrow(
      /must be \{ status, headers\?, body\? \}; received "429"/,
    );
  });

  it('refuses a fetch Response, whose body is still to read, naming fromFetchResponse', async () => {
    const response = new Response('slow down', { status: 429 });
    expect(() => fromHttpResponse(response as never)).toThrow(
      /fetch Response.*await fromFetchResponse\(response\)/,
    );
    // The body was not touched: the asynchronous reader still reads it.
    expect((await fromFetchResponse(response)).message).toBe('slow down');
  });
});

describe('provider bodies', () => {
  it.each([
    [
      429,
      {
        type: 'error',
        error: { type: 'rate_limit_error', message: 'Number of requests exceeded' },
      },
      'rate_limit',
      true,
    ],
    [
      529,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      'unavailable',
      true,
    ],
    [
      401,
      { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
      'auth',
      false,
    ],
    [
      403,
      { type: 'error', error: { type: 'permission_error', message: 'no' } },
      'permission',
      false,
    ],
    [
      404,
      { type: 'error', error: { type: 'not_found_error', message: 'model' } },
      'not_found',
      false,
    ],
    [
      400,
      { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens' } },
      'validation',
      false,
    ],
    [
      400,
      { type: 'error', error: { type: 'billing_error', message: 'credit balance too low' } },
      'quota',
      false,
    ],
    [
      500,
      { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
      'internal',
      true,
    ],
    [
      504,
      { type: 'error', error: { type: 'timeout_error', message: 'timed out' } },
      'timeout',
      true,
    ],
    [
      429,
      {
        error: {
          message: 'You exceeded your current quota',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      },
      'quota',
      false,
    ],
    [
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      'rate_limit',
      true,
    ],
    [
      429,
      { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } },
      'rate_limit',
      true,
    ],
  ] as const)('%i %j → %s', (status, body, category, retryable) => {
    const err = fromHttpResponse({ status, body: JSON.stringify(body) });
    expect([err.category, err.retryable, err.message]).toEqual([
      category,
      retryable,
      body.error.message,
    ]);
    expect(err.wire?.data).toEqual(body);
  });

  it('keeps the provider fields and request id in details', () => {
    const err = fromHttpResponse({
      status: 400,
      headers: { 'request-id': 'req_123' },
      body: { type: 'error', error: { type: 'invalid_request_error', message: 'bad' } },
    });
    expect(err.details).toEqual({
      requestId: 'req_123',
      provider: { type: 'invalid_request_error' },
    });
    // `invalid_request_error` is a bucket: the status names the condition; the provider's own
    // type is kept in details.provider.
    expect(err.code).toBe('VALIDATION_ERROR');
  });

  it('uses short text bodies as the message but not HTML pages', () => {
    expect(fromHttpResponse({ status: 502, body: 'upstream connect error' }).message).toBe(
      'upstream connect error',
    );
    expect(
      fromHttpResponse({
        status: 502,
        headers: { 'content-type': 'text/html' },
        body: '<h1>502</h1>',
      }).message,
    ).toBe('Bad Gateway');
  });
});

describe('problem+json both ways', () => {
  it('writes an RFC 9457 document with the hub fields as extension members', () => {
    const problem = toProblemJson(
      AgentError.notFound('Channel "x" not found', {
        details: { channel: 'x', apiKey: 'k-123456' },
      }),
    );
    expect(problem).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Channel "x" not found',
      code: 'NOT_FOUND',
      category: 'not_found',
      retryable: false,
      details: { channel: 'x', apiKey: '[REDACTED]' },
    });
  });

  it('reads a foreign problem document', () => {
    const err = fromHttpResponse({
      status: 403,
      headers: { 'content-type': 'application/problem+json' },
      body: {
        type: 'https://example.com/probs/out-of-credit',
        title: 'You do not have enough credit.',
        detail: 'Your current balance is 30, but that costs 50.',
        status: 403,
      },
    });
    expect([err.category, err.message]).toEqual([
      'permission',
      'Your current balance is 30, but that costs 50.',
    ]);
    expect(decodeHttpError({ title: 'Gone', status: 410 }).category).toBe('not_found');
  });

  it('toHttpResponse sets status, retry headers and hides unexpected errors', () => {
    const { status, headers, body } = toHttpResponse(
      AgentError.rateLimited('slow', { retryAfterMs: 1500 }),
    );
    expect(status).toBe(429);
    expect(headers).toEqual({
      'content-type': 'application/problem+json',
      'retry-after': '2',
      'retry-after-ms': '1500',
      'x-should-retry': 'true',
    });
    expect(body.retryAfterMs).toBe(1500);
    const onError = vi.fn();
    const hidden = toHttpResponse(new Error('secret stuff at /home/a/b.js'), { onError });
    expect([hidden.status, hidden.body.detail]).toEqual([500, 'Internal error']);
    expect(onError).toHaveBeenCalledOnce();
    expect(toHttpStatus(AgentError.quotaExceeded('q'))).toBe(402);
  });

  it('keeps the received status on the way back out', () => {
    const received = fromHttpResponse({ status: 418, body: 'teapot' });
    expect(toHttpResponse(received).status).toBe(418);
  });

  it('decodeHttpError(encodeHttpError(e)) gives back code, category, retryable and retryAfterMs', async () => {
    const hubError = fc.record(
      {
        code: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,20}$/),
        category: fc.constantFrom(...ERROR_CATEGORIES),
        retryable: fc.boolean(),
        retryAfterMs: fc.nat({ max: 1_000_000 }),
      },
      { requiredKeys: ['code', 'category', 'retryable'] },
    );
    fc.assert(
      fc.property(hubError, (init) => {
        const original = new AgentError('m', init);
        const encoded = encodeHttpError(original);
        const back = decodeHttpError(JSON.parse(JSON.stringify(encoded)));
        expect([back.code, back.category, back.retryable, back.retryAfterMs]).toEqual([
          original.code,
          original.category,
          original.retryable,
          original.retryAfterMs,
        ]);
      }),
    );
    const response = toFetchResponse(AgentError.conflict('clash', { code: 'VERSION_CLASH' }));
    const back = await fromFetchResponse(response);
    expect([response.status, back.code, back.category]).toEqual([409, 'VERSION_CLASH', 'conflict']);
  });

  it('decodeHttpError never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(decodeHttpError(value)).toBeInstanceOf(AgentError);
      }),
    );
  });
});

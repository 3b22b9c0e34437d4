import { describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { decode, toAgentError } from 'agent-errors';
import { retry } from 'agent-errors/retry';

// Errors built the way the SDKs build them: `APIError.generate(status, body, message, headers)` is
// what their clients call with a failed response; the client-side classes as their clients
// construct them.

const headers = (init: Record<string, string>) => new Headers(init);

describe('OpenAI SDK errors', () => {
  it('insufficient_quota is a quota stop, not a rate limit to retry', async () => {
    const error = OpenAI.APIError.generate(
      429,
      {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      },
      undefined,
      headers({ 'x-request-id': 'req_q1' }),
    );
    const e = toAgentError(error);
    expect([e.category, e.code, e.retryable, e.details?.requestId]).toEqual([
      'quota',
      'QUOTA_EXCEEDED',
      false,
      'req_q1',
    ]);
    let calls = 0;
    await expect(
      retry(() => {
        calls += 1;
        throw error;
      }),
    ).rejects.toMatchObject({ category: 'quota' });
    expect(calls).toBe(1);
  });

  it('context_length_exceeded says "shrink the context"', () => {
    const error = OpenAI.APIError.generate(
      400,
      {
        error: {
          message: "This model's maximum context length is 128000 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
      undefined,
      headers({}),
    );
    const e = decode(error);
    expect([e.category, e.code, e.retryable]).toEqual(['validation', 'CONTEXT_TOO_LONG', false]);
    expect(e.details?.provider).toMatchObject({ code: 'context_length_exceeded' });
  });

  it('a rate limit waits as long as retry-after-ms says', () => {
    const error = OpenAI.APIError.generate(
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      undefined,
      headers({ 'retry-after-ms': '1200' }),
    );
    const e = decode(error);
    expect([e.category, e.code, e.retryable, e.retryAfterMs]).toEqual([
      'rate_limit',
      'RATE_LIMITED',
      true,
      1200,
    ]);
  });

  it('client-side failures: an abort is a cancel, a timeout a timeout, no connection unavailable', () => {
    expect(decode(new OpenAI.APIUserAbortError()).category).toBe('cancelled');
    expect(decode(new OpenAI.APIUserAbortError()).retryable).toBe(false);
    const timeout = decode(new OpenAI.APIConnectionTimeoutError());
    expect([timeout.category, timeout.retryable]).toEqual(['timeout', true]);
    const connection = decode(new OpenAI.APIConnectionError({ message: 'Connection error.' }));
    expect([connection.category, connection.retryable]).toEqual(['unavailable', true]);
  });
});

describe('Anthropic SDK errors', () => {
  it('529 overloaded is unavailable and retryable, with its request id', () => {
    const error = Anthropic.APIError.generate(
      529,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      undefined,
      headers({ 'request-id': 'req_011' }),
    );
    const e = toAgentError(error);
    expect([e.category, e.code, e.retryable, e.details?.requestId]).toEqual([
      'unavailable',
      'OVERLOADED',
      true,
      'req_011',
    ]);
  });

  it('a rate limit and an abort', () => {
    const limited = decode(
      Anthropic.APIError.generate(
        429,
        { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } },
        undefined,
        headers({ 'retry-after': '3' }),
      ),
    );
    expect([limited.code, limited.retryAfterMs]).toEqual(['RATE_LIMITED', 3000]);
    expect(decode(new Anthropic.APIUserAbortError()).category).toBe('cancelled');
  });
});

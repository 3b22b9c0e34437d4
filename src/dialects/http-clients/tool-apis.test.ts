// The edges of the tool-API rules (status-code.ts, message-only.ts), each error built by its
// library's own exported constructor or helper with the arguments the library passes; the
// failures served by a real server are in test/world-fresh-tool-apis.test.ts.
import { GitbeakerRetryError } from '@gitbeaker/rest';
import { keylessLimitErrorFromEnvelope } from '@tavily/core';
import AirtableError from 'airtable/lib/airtable_error.js';
import { ExaError } from 'exa-js';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';

const read = (error: unknown) => {
  const d = decode(error);
  return [d.category, d.retryable, d.retryAfterMs];
};

describe('an object keeping its own statusCode', () => {
  it.each([
    // airtable.js's codes with no answer: a refused connection, its own requestTimeout's abort.
    [
      'CONNECTION_ERROR',
      'request to http://x/ failed, reason: socket hang up',
      'unavailable',
      true,
    ],
    ['CONNECTION_ERROR', 'The user aborted a request.', 'timeout', true],
  ])('AirtableError %s (%s), no status', (code, message, category, retryable) => {
    expect(read(new AirtableError(code, message, null as never))).toEqual([
      category,
      retryable,
      undefined,
    ]);
  });

  it('a status that is no failure is not read as one', () => {
    expect(decode(new AirtableError('OK', 'fine', 200)).category).toBe('internal');
    expect(
      decode({ data: null, error: { name: 'x', message: 'y', statusCode: 204 } }).category,
    ).toBe('internal');
  });

  it("Resend's result: the headers beside the error give the wait, the name the meaning", () => {
    const error = { name: 'rate_limit_exceeded', message: 'Too many requests.', statusCode: 429 };
    expect(read({ data: null, error, headers: { 'retry-after': '2' } })).toEqual([
      'rate_limit',
      true,
      2000,
    ]);
    expect(read(error)).toEqual(['rate_limit', true, undefined]);
  });

  it("a result whose error body left out its statusCode: by the name's words", () => {
    const error = { name: 'daily_quota_exceeded', message: 'You have reached your daily quota.' };
    expect(read({ data: null, error, headers: {} })).toEqual(['quota', false, undefined]);
    // Alone, such an object is any serialised error: not claimed as a response.
    expect(decode(error).category).not.toBe('quota');
  });

  it("Resend's own refusals, with statusCode null, by their name's words", () => {
    const refused = { name: 'missing_required_field', message: 'Missing `to`', statusCode: null };
    expect(read({ data: null, error: refused, headers: null })).toEqual([
      'validation',
      false,
      undefined,
    ]);
  });
});

describe('errors whose words alone say it', () => {
  it.each([
    [30, ['rate_limit', true, 30_000]],
    [null, ['quota', false, undefined]],
  ])("Tavily's keyless cap, retry_after_seconds %s", (seconds, reading) => {
    const error = keylessLimitErrorFromEnvelope({
      error: { code: 'cap', message: 'Keyless limit reached.', retry_after_seconds: seconds },
    });
    expect(read(error)).toEqual(reading);
  });

  it.each([
    [429, 'rate_limit', true],
    [502, 'unavailable', true],
  ])("Gitbeaker's retry error, last status %i", (status, category, retryable) => {
    const error = new GitbeakerRetryError(
      `Could not successfully complete this request after 10 retries, last status code: ${status}. Verify the status of the endpoint.`,
    );
    expect(read(error)).toEqual([category, retryable, undefined]);
  });

  it("an ExaError's envelope code speaks under its status; without one, the status alone", () => {
    const envelope = { type: 'invalid_request_error', code: 'NO_CONTENT_FOUND' };
    expect(read(new ExaError('No content.', 400, undefined, '/contents', envelope))[0]).toBe(
      'not_found',
    );
    expect(read(new ExaError('No content.', 400, undefined, '/contents'))[0]).toBe('validation');
  });
});

import { describe, expect, it } from 'vitest';
import { decode } from '../../front/decode.js';

// Responses as `{ status, headers, body }`, the way decode reads an HTTP response held as data.
const slack = (error: string, status = 200) =>
  decode({ status, headers: { 'content-type': 'application/json' }, body: { ok: false, error } });
const oauth = (error: string, headers: Record<string, string> = {}) =>
  decode({ status: 400, headers, body: { error } });

describe('web API conventions the tables do not list', () => {
  it('reads an unlisted Slack error by its shape, and keeps its words', () => {
    const cases = [
      ['bookmark_not_found', 'not_found', 'NOT_FOUND'],
      ['invalid_cursor', 'validation', 'VALIDATION_ERROR'],
      ['missing_argument', 'validation', 'VALIDATION_ERROR'],
      ['posting_to_general_channel_denied', 'permission', 'PERMISSION_DENIED'],
      ['team_access_not_granted_yet', 'permission', 'PERMISSION_DENIED'],
      ['user_is_bot', 'internal', 'INTERNAL_ERROR'],
    ] as const;
    for (const [error, category, code] of cases) {
      const e = slack(error);
      expect([error, e.category, e.code, e.retryable]).toEqual([error, category, code, false]);
      expect(e.details?.api).toEqual({ slack: error });
    }
  });

  it('lets a failure status decide for a Slack error with no telling shape', () => {
    const e = slack('user_is_bot', 503);
    expect([e.category, e.retryable]).toEqual(['unavailable', true]);
  });

  it('tells a device-flow client when to poll again (RFC 8628), unless Retry-After says', () => {
    expect([oauth('authorization_pending').retryAfterMs, oauth('slow_down').retryAfterMs]).toEqual([
      5_000, 10_000,
    ]);
    expect(oauth('authorization_pending', { 'retry-after': '7' }).retryAfterMs).toBe(7_000);
    const pending = oauth('authorization_pending');
    expect([pending.category, pending.code, pending.retryable]).toEqual([
      'rate_limit',
      'RATE_LIMITED',
      true,
    ]);
    // GitHub's device flow sends the interval it now wants: that, not the spec's default.
    const slowed = (interval: unknown) =>
      decode({ status: 200, headers: {}, body: { error: 'slow_down', interval } }).retryAfterMs;
    expect([slowed(15), slowed(0), slowed(-5), slowed('15'), slowed(1e9)]).toEqual([
      15_000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });

  it("waits a minute on GitHub's secondary limit without retry-after, not the primary window", () => {
    const date = 'Mon, 24 Nov 2025 02:00:00 GMT';
    const reset = String(Date.parse(date) / 1000 + 2_400);
    const secondary = (extra: Record<string, string>) =>
      decode({
        status: 403,
        headers: { date, 'x-ratelimit-remaining': '4990', 'x-ratelimit-reset': reset, ...extra },
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes.' },
      });
    expect([secondary({}).category, secondary({}).retryAfterMs]).toEqual(['rate_limit', 60_000]);
    expect(secondary({ 'retry-after': '30' }).retryAfterMs).toBe(30_000);
    // The primary limit used up: its reset is the wait.
    const primary = decode({
      status: 403,
      headers: { date, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      body: { message: 'API rate limit exceeded' },
    });
    expect(primary.retryAfterMs).toBe(2_400_000);
  });

  it("reads X's x-rate-limit-* headers (a hyphen more than the others)", () => {
    const date = 'Mon, 24 Nov 2025 02:00:00 GMT';
    const reset = String(Date.parse(date) / 1000 + 900);
    const spent = decode({
      status: 429,
      headers: {
        date,
        'x-rate-limit-limit': '50',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': reset,
      },
      body: { title: 'Too Many Requests', status: 429 },
    });
    expect([spent.category, spent.retryAfterMs]).toEqual(['rate_limit', 900_000]);
  });

  it("does not read a 503's rate-limit windows as its wait", () => {
    const date = 'Mon, 24 Nov 2025 02:00:00 GMT';
    const reset = String(Date.parse(date) / 1000 + 2_400);
    const github = decode({
      status: 503,
      headers: { date, 'x-ratelimit-remaining': '4990', 'x-ratelimit-reset': reset },
      body: '',
    });
    expect([github.category, github.retryable, github.retryAfterMs]).toEqual([
      'unavailable',
      true,
      undefined,
    ]);
    const openai = decode({
      status: 503,
      headers: {
        'x-ratelimit-remaining-requests': '4999',
        'x-ratelimit-reset-requests': '12ms',
        'x-ratelimit-remaining-tokens': '3999000',
        'x-ratelimit-reset-tokens': '15ms',
      },
      body: { error: { type: 'server_error', message: 'The engine is currently overloaded' } },
    });
    expect(openai.retryAfterMs).toBeUndefined();
    // A used-up limit still says when, whatever the status; a 429 reads the longest reset.
    const usedUp = decode({
      status: 503,
      headers: { date, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
    });
    expect(usedUp.retryAfterMs).toBe(2_400_000);
    const limited = decode({
      status: 429,
      headers: { 'x-ratelimit-remaining-tokens': '10', 'x-ratelimit-reset-tokens': '6m0s' },
    });
    expect(limited.retryAfterMs).toBe(360_000);
  });
});

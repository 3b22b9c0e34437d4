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
      ['team_access_not_granted_yet', 'internal', 'INTERNAL_ERROR'],
    ] as const;
    for (const [error, category, code] of cases) {
      const e = slack(error);
      expect([error, e.category, e.code, e.retryable]).toEqual([error, category, code, false]);
      expect(e.details?.api).toEqual({ slack: error });
    }
  });

  it('lets a failure status decide for a Slack error with no telling shape', () => {
    const e = slack('team_access_not_granted_yet', 503);
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
  });
});

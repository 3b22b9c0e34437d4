// Every row of the SaaS services' tables (service-apis.ts), in every body shape a service sends
// its code in, under the statuses that mislead: each must read as its row says.
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../core/categories.js';
import type { Meaning } from '../../core/meaning.js';
import { decode } from '../../front/decode.js';
import { CLOUDFLARE, NAMED, POSTMARK, WAIT_MS } from './service-apis.js';

/** The shapes a string code comes in: Box / Brevo, Square / Clerk, Airtable, Okta, Plaid, Resend, Dropbox. */
const STRING_FORMS: Record<string, (code: string) => unknown> = {
  flat: (code) => ({ code, message: 'm' }),
  errorsCode: (code) => ({ errors: [{ code, detail: 'd' }] }),
  errorsGraphqlShaped: (code) => ({ errors: [{ code, message: 'm' }] }),
  errorsError: (code) => ({ errors: [{ error: code, message: 'm' }] }),
  okta: (code) => ({ errorCode: code, errorSummary: 'm', errorLink: code, errorId: 'oae1' }),
  plaid: (code) => ({ error_type: 'ITEM_ERROR', error_code: code, error_message: 'm' }),
  resend: (code) => ({ statusCode: 400, name: code, message: 'm' }),
  dropbox: (code) => ({ error_summary: `path/${code}/..`, error: { '.tag': 'path' } }),
};

/** How the response reaches decode: as data, or with its body still JSON text. */
const WAYS: Record<string, (status: number, body: unknown) => unknown> = {
  data: (status, body) => ({ status, headers: { 'content-type': 'application/json' }, body }),
  text: (status, body) => ({ status, headers: {}, body: JSON.stringify(body) }),
};

function reads(input: unknown, row: Meaning, waitMs?: number): void {
  const e = decode(input);
  const want = [row.category, row.retryable ?? CATEGORIES[row.category].retryable];
  expect([e.category, e.retryable], JSON.stringify(input)).toEqual(want);
  if (waitMs !== undefined) expect(e.retryAfterMs, JSON.stringify(input)).toBe(waitMs);
}

describe("the SaaS services' tables, row by row", () => {
  it('reads every named code in every shape, under a 400 and a 403', () => {
    for (const [code, row] of NAMED) {
      for (const form of Object.values(STRING_FORMS)) {
        for (const way of Object.values(WAYS)) {
          for (const status of [400, 403]) reads(way(status, form(code)), row);
        }
      }
    }
  });

  it("takes each documented wait as the rate limit's delay, when no header gives one", () => {
    const RATE: Meaning = { category: 'rate_limit', code: 'RATE_LIMITED' };
    for (const [code, ms] of WAIT_MS) {
      for (const form of [STRING_FORMS.errorsError!, STRING_FORMS.okta!, STRING_FORMS.flat!]) {
        for (const way of Object.values(WAYS)) reads(way(429, form(code)), RATE, ms);
      }
    }
  });

  it("reads Postmark's ErrorCode numbers (sent with 422)", () => {
    for (const [code, row] of POSTMARK) {
      for (const way of Object.values(WAYS)) {
        reads(way(422, { ErrorCode: code, Message: 'm' }), row);
      }
    }
  });

  it("reads Cloudflare's v4 error numbers under a 400 and a 403", () => {
    for (const [code, row] of CLOUDFLARE) {
      const body = { success: false, errors: [{ code, message: 'm' }], messages: [], result: null };
      for (const way of Object.values(WAYS)) {
        for (const status of [400, 403]) reads(way(status, body), row);
      }
    }
  });

  it('leaves a code no table lists to its status', () => {
    for (const form of Object.values(STRING_FORMS)) {
      const e = decode(WAYS.data!(403, form('some_code_nobody_documents')));
      expect(e.category).toBe('permission');
    }
    const postmark = decode(WAYS.data!(422, { ErrorCode: 999_999, Message: 'm' }));
    expect(postmark.category).toBe('validation');
  });
});

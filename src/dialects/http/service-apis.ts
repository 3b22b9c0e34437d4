import { asRecord } from '../../core/is.js';
import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { readCodeWords } from './code-words.js';

/**
 * The error bodies of the SaaS APIs an agent's tools call, each found by its documented shape
 * and read by its own table where the status or the code's words mislead (a 403 that is a bad
 * key, a 400 that is a bank down, a 422 whose number means "out of credits"). Sources, per
 * service: Dropbox developers.dropbox.com/error-handling-guide; Box developer.box.com/guides/
 * api-calls/permissions-and-errors/common-errors; Brevo developers.brevo.com/docs/how-it-works;
 * Resend resend.com/docs/api-reference/errors; Square developer.squareup.com/docs/build-basics/
 * handling-errors; Clerk clerk.com/docs/errors/backend-api; Plaid plaid.com/docs/errors; PayPal
 * developer.paypal.com/api/rest/responses; Okta developer.okta.com/docs/reference/error-codes;
 * Airtable airtable.com/developers/web/api/errors; Postmark postmarkapp.com/developer/api/
 * overview#error-codes; Cloudflare developers.cloudflare.com/fundamentals/api/ (the v4
 * envelope); Elasticsearch's `error.type` (elastic.co, "Circuit breaker settings", "Optimistic
 * concurrency control"); GitLab docs.gitlab.com/ee/api/rest/troubleshooting.html; Vercel
 * vercel.com/docs/rest-api/errors.
 */

const AUTH = m('auth', 'AUTH_ERROR');
const DENIED = m('permission', 'PERMISSION_DENIED');
const MISSING = m('not_found', 'NOT_FOUND');
const QUOTA = m('quota', 'QUOTA_EXCEEDED');
const CONFLICT = m('conflict', 'CONFLICT');
const RETRY_CONFLICT = m('conflict', 'CONFLICT', true);
const INVALID = m('validation', 'VALIDATION_ERROR');
const DOWN = m('unavailable', 'UNAVAILABLE');
const RATE = m('rate_limit', 'RATE_LIMITED');

/**
 * The string codes whose words do not say what they mean, by service. Codes whose words do
 * (`path/not_found`, `duplicate_parameter`) are left to the words.
 */
export const NAMED: ReadonlyMap<string, Meaning> = new Map([
  // Dropbox `error_summary` tags: the account is full; a name Dropbox refuses.
  ['insufficient_space', QUOTA],
  ['disallowed_name', INVALID],
  // Box: the account is full (a 403); "blocked by another ongoing operation" or a name another
  // request is creating (409), retry.
  ['storage_limit_exceeded', QUOTA],
  ['operation_blocked_temporary', RETRY_CONFLICT],
  ['name_temporarily_reserved', RETRY_CONFLICT],
  // Brevo (all 400): no credits left to send; an account not validated yet may not send.
  ['not_enough_credits', QUOTA],
  ['account_under_validation', DENIED],
  // Resend: a bad key sent as 403; a send-only key sent as 401; the same idempotency key
  // "while the original request is still in progress", try again later.
  ['invalid_api_key', m('auth', 'INVALID_API_KEY')],
  ['restricted_api_key', DENIED],
  ['concurrent_idempotent_requests', RETRY_CONFLICT],
  // Square: a declined card (category `PAYMENT_METHOD_ERROR`, sent as 402) is the buyer's to
  // fix, not our budget; a key reused with another request is a conflict sent as 400.
  ['PAYMENT_METHOD_ERROR', INVALID],
  ['IDEMPOTENCY_KEY_REUSED', CONFLICT],
  // PayPal `details[].issue` (sent with 422): an account the payment may not use.
  ['PAYEE_ACCOUNT_RESTRICTED', DENIED],
  ['PAYER_ACCOUNT_RESTRICTED', DENIED],
  ['COMPLIANCE_VIOLATION', DENIED],
  // Clerk: a wrong password sent as 422.
  ['form_password_incorrect', AUTH],
  // Plaid (all 400): the user must log in again through Link, or fix the credentials; the
  // institution is down ("try again soon"); the product not ready yet ("try the request again
  // later"); a cap on Items added, sent as 429.
  ['ITEM_LOGIN_REQUIRED', AUTH],
  ['ITEM_LOCKED', AUTH],
  ['INVALID_CREDENTIALS', AUTH],
  ['INVALID_MFA', AUTH],
  ['INVALID_API_KEYS', AUTH],
  ['INVALID_ACCESS_TOKEN', AUTH],
  ['INSUFFICIENT_CREDENTIALS', AUTH],
  ['USER_SETUP_REQUIRED', DENIED],
  ['ACCESS_NOT_GRANTED', DENIED],
  ['INSTITUTION_DOWN', DOWN],
  ['INSTITUTION_NOT_RESPONDING', DOWN],
  ['INSTITUTION_NOT_AVAILABLE', DOWN],
  ['PRODUCT_NOT_READY', DOWN],
  ['ADDITION_LIMIT', QUOTA],
  // Okta's `errorCode`s whose status misleads: a session or a factor to redo (403); a user's
  // state (403); "please wait 30 seconds" (429, waits below); an org's SMS or call allowance
  // spent (429) or a count it may hold (403); "please try again later" (409, 423); a resource
  // that exists (403).
  ['E0000005', AUTH],
  ['E0000068', AUTH],
  ['E0000087', AUTH],
  ['E0000105', AUTH],
  ['E0000110', AUTH],
  ['E0000016', CONFLICT],
  ['E0000038', CONFLICT],
  ['E0000107', CONFLICT],
  ['E0000161', CONFLICT],
  ['E0000146', QUOTA],
  ['E0000147', QUOTA],
  ['E0000186', QUOTA],
  ['E0000162', QUOTA],
  ['E0000220', QUOTA],
  ['E0000221', QUOTA],
  ['E0000150', RATE],
  ['E0000151', RATE],
  ['E0000239', RETRY_CONFLICT],
  ['E0000249', RETRY_CONFLICT],
  ['E0000253', RETRY_CONFLICT],
  ['E0000268', RETRY_CONFLICT],
]);

/**
 * The waits a service states in its reference rather than in a header: Airtable's 429 ("wait
 * 30 seconds before subsequent requests will succeed"), Okta's "wait 30 seconds" / "5 seconds"
 * before another SMS, email or call. Each is a rate limit.
 */
export const WAIT_MS: ReadonlyMap<string, number> = new Map([
  ['RATE_LIMIT_REACHED', 30_000],
  ['E0000109', 30_000],
  ['E0000118', 5_000],
  ['E0000133', 30_000],
]);

/**
 * Postmark's `ErrorCode` (sent with 422): the sender's setup or account refuses; already there;
 * no such server, domain, message or template; out of credits; maintenance (503).
 */
export const POSTMARK: ReadonlyMap<number, Meaning> = new Map([
  [10, AUTH],
  [100, DOWN],
  [400, DENIED],
  [401, DENIED],
  [405, QUOTA],
  [412, DENIED],
  [413, DENIED],
  [504, CONFLICT],
  [602, CONFLICT],
  [603, CONFLICT],
  [510, MISSING],
  [601, MISSING],
  [701, MISSING],
  [1101, MISSING],
]);

/**
 * Cloudflare v4 `errors[].code`: credentials (sent as 400 or 403), throttling, a record or a
 * zone that exists, an identifier that routes nowhere.
 */
export const CLOUDFLARE: ReadonlyMap<number, Meaning> = new Map([
  [10000, AUTH],
  [9103, AUTH],
  [9106, AUTH],
  [9107, AUTH],
  [9109, AUTH],
  [6003, AUTH],
  [6111, AUTH],
  [971, RATE],
  [81053, CONFLICT],
  [81057, CONFLICT],
  [1061, CONFLICT],
  [7003, MISSING],
  [81044, MISSING],
]);

/** What a service's error body says: the row, the service's own words, a documented wait. */
export interface ServiceError {
  meaning: Meaning;
  api: Record<string, string>;
  waitMs?: number;
}

/**
 * The string code a service's body names, by its shape (Dropbox's `error_summary` tags,
 * PayPal's `details[].issue`, Plaid's `error_code`, Okta's `errorCode`, Resend's `name`, a
 * flat `code`, the first of `errors[]`), else `undefined`: what a reader of codes' words reads.
 */
export function serviceCodes(b: Record<string, unknown>): string[] | undefined {
  if (typeof b.error_summary === 'string') return b.error_summary.split('/');
  if (typeof b.debug_id === 'string' && Array.isArray(b.details)) {
    const issue = asRecord(b.details[0])?.issue;
    return typeof issue === 'string' ? [issue] : undefined;
  }
  const named =
    b.error_code ?? b.errorCode ?? (typeof b.statusCode === 'number' ? b.name : undefined);
  if (typeof named === 'string') {
    return typeof b.error_type === 'string' ? [named, b.error_type] : [named];
  }
  if (typeof b.code === 'string' && typeof b.message === 'string') return [b.code];
  const first = Array.isArray(b.errors) ? asRecord(b.errors[0]) : undefined;
  if (first === undefined) return undefined;
  const codes = [first.code, first.category, first.error].filter(
    (c): c is string => typeof c === 'string',
  );
  return codes.length > 0 ? codes : undefined;
}

/**
 * What a service's error body says by its own table, else by the words of the code it names
 * (read under `status`, see code-words.ts), `undefined` when neither applies.
 */
export function readServiceError(
  b: Record<string, unknown>,
  status?: number,
): ServiceError | undefined {
  if (typeof b.ErrorCode === 'number') return numbered(POSTMARK, b.ErrorCode, 'postmark');
  if (b.success === false && Array.isArray(b.errors)) {
    return numbered(CLOUDFLARE, asRecord(b.errors[0])?.code, 'cloudflare');
  }
  const error = asRecord(b.error);
  if (error?.invalidToken === true) return { meaning: AUTH, api: { vercel: 'invalidToken' } };
  if (typeof error?.type === 'string' && typeof error.reason === 'string') {
    const meaning =
      elastic(error.type, error.reason, error.durability) ?? readCodeWords(error.type, status);
    return meaning && { meaning, api: { elasticsearch: error.type } };
  }
  // GitLab (Rails) names each field's problems: `{ message: { name: ['has already been taken'] } }`.
  const fields = asRecord(b.message);
  if (fields !== undefined && JSON.stringify(fields).includes('has already been taken')) {
    return { meaning: CONFLICT, api: { gitlab: 'has already been taken' } };
  }
  const codes = serviceCodes(b) ?? [];
  for (const code of codes) {
    const meaning = NAMED.get(code);
    const waitMs = WAIT_MS.get(code);
    if (meaning !== undefined) return { meaning, api: { code } };
    if (waitMs !== undefined) return { meaning: RATE, api: { code }, waitMs };
  }
  // The words of the codes only these services' shapes carry (Dropbox's tags, PayPal's issue,
  // Resend's name beside its `statusCode`). Not the others: a flat `{ code }`, an `errorCode`
  // or an `errors[]` list is many families' shape (a Node system error, an MCP SDK OAuth error,
  // GitHub's validation list), which their own readers, then the provider bodies', read.
  const ownShape =
    typeof b.error_summary === 'string' ||
    typeof b.debug_id === 'string' ||
    typeof b.statusCode === 'number';
  if (!ownShape) return undefined;
  for (const code of codes) {
    const meaning = readCodeWords(code, status);
    if (meaning !== undefined) return { meaning, api: { code } };
  }
  return undefined;
}

/** A row of a service's numbered table. */
function numbered(
  table: ReadonlyMap<number, Meaning>,
  code: unknown,
  service: string,
): ServiceError | undefined {
  const meaning = typeof code === 'number' ? table.get(code) : undefined;
  return meaning && { meaning, api: { [service]: String(code) } };
}

/**
 * Elasticsearch's (and OpenSearch's) `error.type` where its status says too little: a version
 * conflict `retry_on_conflict` retries (re-read, then write) unless the document already
 * exists; a circuit breaker whose `durability` is PERMANENT trips on this request alone; a
 * flood-stage disk block ("Fix watermark errors") lifts once the disk frees.
 */
function elastic(type: string, reason: string, durability: unknown): Meaning | undefined {
  return type === 'version_conflict_engine_exception'
    ? reason.includes('already exists')
      ? CONFLICT
      : RETRY_CONFLICT
    : type === 'circuit_breaking_exception' && durability === 'PERMANENT'
      ? m('validation', 'REQUEST_TOO_LARGE')
      : // A disk past its flood stage blocks writes (429) until the node frees space.
        type === 'cluster_block_exception' && reason.includes('flood-stage')
        ? DOWN
        : undefined;
}

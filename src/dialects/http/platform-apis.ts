import { asRecord } from '../../core/is.js';
import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { readCodeWords } from './code-words.js';
import { waitInMessage } from './message-wait.js';
import { readServiceError } from './service-apis.js';
import type { WebApiError } from './web-apis.js';

/**
 * The error bodies of the platforms an agent's tools call, each read by its own documented
 * table where its status alone misleads: Firebase Auth's `error.message` codes
 * (firebase.google.com/docs/reference/rest/auth), Telegram's `{ ok: false, description }`
 * (core.telegram.org/bots/api, "Making requests"), Salesforce's `[{ errorCode, message }]`
 * (developer.salesforce.com, REST API "Status Codes and Error Responses"), HubSpot's
 * `{ status: 'error', policyName }` (developers.hubspot.com/docs/api/usage-details) and its own
 * 423 / 477 (developers.hubspot.com/docs/api/error-handling), and
 * PostgREST's `{ code, details, hint, message }` (postgrest.org, "Errors": a SQLSTATE or a
 * `PGRST` code).
 */

const DENIED = m('permission', 'PERMISSION_DENIED');
const MISSING = m('not_found', 'NOT_FOUND');
const QUOTA = m('quota', 'QUOTA_EXCEEDED');

// Firebase Auth REST answers every failure as a 400 whose `error.message` is the code
// ("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled…"),
// read by its words (`EMAIL_EXISTS`, `USER_DISABLED`, `INVALID_PASSWORD`); these are the
// tokens Firebase reports as a failed sign-in, not as a token to refresh.
const AUTH = m('auth', 'AUTH_ERROR');
const FIREBASE_AUTH: ReadonlyMap<string, Meaning> = new Map([
  ['INVALID_ID_TOKEN', AUTH],
  ['INVALID_REFRESH_TOKEN', AUTH],
  ['INVALID_CUSTOM_TOKEN', AUTH],
]);
const FIREBASE_CODE = /^[A-Z][A-Z_]+(?= : |$)/;

// Salesforce `errorCode`s whose status says otherwise (most come as a 400; a 401, 404 or 503
// says what its code does), where the words do not say it (`DUPLICATE_VALUE`,
// `INSUFFICIENT_ACCESS_OR_READONLY`, `ENTITY_IS_DELETED` and the like are read by their words).
// REQUEST_LIMIT_EXCEEDED is the org's 24-hour allocation, unless it names the concurrent
// long-running requests ("ConcurrentPerOrgLongTxn Limit exceeded"), which free up in seconds.
const SALESFORCE: ReadonlyMap<string, Meaning> = new Map([
  ['REQUEST_LIMIT_EXCEEDED', QUOTA],
  ['UNABLE_TO_LOCK_ROW', m('conflict', 'CONFLICT', true)],
]);

// A limit that resets per day or longer is a budget spent, not a rate (HubSpot's `DAILY`).
const LONG_POLICY = /day|daily|month/i;
// HubSpot's statuses of its own (developers.hubspot.com/docs/api/error-handling): 423 Locked
// while a portal syncs ("wait at least 2 seconds"), 477 Migration in Progress (Retry-After).
const HUBSPOT_STATUSES: ReadonlyMap<number, Meaning> = new Map([
  [423, m('conflict', 'CONFLICT', true)],
  [477, m('unavailable', 'UNAVAILABLE', true)],
]);

/** The {@link WebApiError} for a table row, with the convention's own words in `api`. */
export function found(meaning: Meaning, api: Record<string, string>): WebApiError {
  const out: WebApiError = { category: meaning.category, code: meaning.code, api };
  if (meaning.retryable !== undefined) out.retryable = meaning.retryable;
  return out;
}

/**
 * What a platform's error body says, `undefined` when it is none of theirs or adds nothing.
 *
 * @param body the parsed body
 * @param status the HTTP status, when there is one (the code's words speak under it)
 */
export function readPlatformError(body: unknown, status?: number): WebApiError | undefined {
  if (Array.isArray(body)) {
    const first = asRecord(body[0]);
    const code = first?.errorCode;
    if (typeof code !== 'string') return undefined;
    const said = typeof first?.message === 'string' ? first.message : '';
    const meaning =
      code === 'REQUEST_LIMIT_EXCEEDED' && said.startsWith('Concurrent')
        ? m('rate_limit', 'RATE_LIMITED')
        : (SALESFORCE.get(code) ?? readCodeWords(code, status));
    return meaning && found(meaning, { salesforce: code });
  }
  const b = asRecord(body);
  if (b === undefined) return undefined;
  if (b.ok === false && typeof b.description === 'string' && typeof b.error_code === 'number') {
    // Telegram's "Bad Request: chat not found", "… message to edit not found", "… not enough
    // rights to send text messages to the chat" (all sent as 400).
    const said = b.description;
    const meaning = said.endsWith('not found')
      ? MISSING
      : /\b(?:not enough|have no) rights\b/.test(said)
        ? DENIED
        : undefined;
    return meaning && found(meaning, { telegram: said });
  }
  if (b.status === 'error' && typeof b.policyName === 'string') {
    return LONG_POLICY.test(b.policyName) ? found(QUOTA, { hubspot: b.policyName }) : undefined;
  }
  if (b.status === 'error' && typeof b.correlationId === 'string') {
    const row = status === undefined ? undefined : HUBSPOT_STATUSES.get(status);
    if (row !== undefined) return found(row, { hubspot: String(status) });
  }
  const code = b.code;
  if (typeof code === 'string' && 'hint' in b && 'details' in b) return postgrest(b, code);
  const error = asRecord(b.error);
  const message = error?.message;
  if (typeof message === 'string' && Array.isArray(error?.errors)) {
    const name = FIREBASE_CODE.exec(message)?.[0];
    const meaning =
      name === undefined ? undefined : (FIREBASE_AUTH.get(name) ?? readCodeWords(name, status));
    if (meaning) return found(meaning, { firebase: name! });
  }
  const service = readServiceError(b, status);
  if (service === undefined) return undefined;
  const out = found(service.meaning, service.api);
  if (service.waitMs !== undefined) out.retryAfterMs = service.waitMs;
  return out;
}

// The SQLSTATEs whose PostgREST status misleads (postgrest.org, "Errors": class 40 and 55 come
// as 500, 42501 as 401 or 403), read as PostgreSQL's Appendix A does (the database dialects'
// table): a transaction to re-run, a lock not granted in time, a refusal; and 57014 below.
const POSTGREST_STATES: ReadonlyMap<string, Meaning> = new Map([
  ['40001', m('conflict', 'CONFLICT', true)],
  ['40P01', m('conflict', 'CONFLICT', true)],
  ['55P03', m('timeout', 'TIMEOUT', true)],
  ['42501', DENIED],
]);

/** PostgREST's body: a SQLSTATE of the table above, or `PGRST116` with no row for `.single()`. */
function postgrest(b: Record<string, unknown>, code: string): WebApiError | undefined {
  const meaning =
    code === 'PGRST116'
      ? typeof b.details === 'string' && /\b0 rows\b/.test(b.details)
        ? MISSING
        : undefined
      : code === '57014'
        ? // "canceling statement due to statement timeout", else a cancel request.
          /timeout/.test(String(b.message))
          ? m('timeout', 'TIMEOUT', true)
          : m('cancelled', 'CANCELLED')
        : POSTGREST_STATES.get(code);
  return meaning && found(meaning, { postgrest: code });
}

/**
 * The wait a body gives in seconds, for the platforms that send it there: Discord's and
 * Cloudflare's `retry_after`, Telegram's `parameters.retry_after`, Dropbox's
 * `error.retry_after`, Hugging Face's
 * `estimated_time` for a model still loading; else the one its message asks for in words
 * (OpenAI's and Groq's "Please try again in 1m30.5s").
 */
export function bodyWaitMs(body: unknown): number | undefined {
  const b = asRecord(body);
  if (b === undefined) return undefined;
  const seconds =
    b.retry_after ??
    asRecord(b.parameters)?.retry_after ??
    asRecord(b.error)?.retry_after ??
    b.estimated_time;
  if (typeof seconds === 'number' && seconds >= 0 && seconds <= 86_400)
    return Math.round(seconds * 1000);
  const said = asRecord(b.error)?.message ?? b.message;
  return typeof said === 'string' ? waitInMessage(said) : undefined;
}

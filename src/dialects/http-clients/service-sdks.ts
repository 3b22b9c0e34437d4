import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { asRecord, readMember } from '../../core/is.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import type { HeadersInput } from '../http/headers.js';
import { retryAfterMsFromHeaders } from '../http/headers.js';
import { statusMeaning } from '../http/status.js';
import { bodyReading, saidBy } from './libraries.js';

/**
 * The service SDKs an agent's tools call, whose errors keep the status on themselves and the
 * service's own code or body on a member of their own (the response rule reads `.response`).
 * Each family is told by members only its SDK sets, and read by its own documented table:
 *
 * - Stripe (stripe-node, `StripeError`: `statusCode`, `headers`, the body's `error` as `raw`;
 *   docs.stripe.com/api/errors): read as the HTTP response it was (the Stripe rows of
 *   provider-body.ts decide); without a status, by the SDK's class.
 * - Twilio (twilio-node's `RestException`: `status`, `code`, `moreInfo`;
 *   twilio.com/docs/api/errors): the codes whose meaning is not their status's.
 * - Discord (@discordjs/rest: `DiscordAPIError` with the JSON error `code` and `rawError`,
 *   `RateLimitError` with `retryAfter` in ms; discord.com/developers/docs/topics/
 *   opcodes-and-status-codes, "JSON Error Codes"): 10xxx unknown objects, 30xxx maximums reached,
 *   and the codes that say to wait.
 * - Linear (@linear/sdk's `LinearError`: `type` from `errors[0].extensions.type`, `raw` the
 *   GraphQL client's error with its response; linear.app/developers/graphql, "Errors").
 * - Exa (exa-js's `ExaError`: `statusCode`, the envelope's `type` and `code`;
 *   exa.ai/docs/admin/error-codes): read as the response it was, the code in its body.
 * - Notion (@notionhq/client: `ClientErrorCode`s of its own; developers.notion.com/reference/
 *   status-codes): a response error keeps `status`, `headers` and the response's text as `body`,
 *   which the generic rule below reads.
 * - Any error with its own `status`, `headers` and the response's text or data as `body`.
 */

type Rec = Record<string, unknown>;
type Classify = (value: unknown) => AgentError;

const VALIDATION = m('validation', 'VALIDATION_ERROR');
const PERMISSION = m('permission', 'PERMISSION_DENIED');
const RATE_LIMITED = m('rate_limit', 'RATE_LIMITED');
const QUOTA = m('quota', 'QUOTA_EXCEEDED');
const AUTH = m('auth', 'AUTH_ERROR');
const SERVER_ERROR = m('internal', 'SERVER_ERROR', true);
const RETRY_CONFLICT = m('conflict', 'CONFLICT', true);
const CONNECTION = m('unavailable', 'CONNECTION_ERROR', true);

function httpStatus(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599
    ? value
    : undefined;
}

// ---------------------------------------------------------------------------------------------
// Stripe: the SDK's classes (src/Error.ts), for an error that carries no status.
// ---------------------------------------------------------------------------------------------

const STRIPE_CLASSES: ReadonlyMap<string, Meaning> = new Map([
  ['StripeCardError', VALIDATION],
  ['StripeInvalidRequestError', VALIDATION],
  // "A temporary problem with Stripe's servers": its status lost (a body that was not JSON).
  ['StripeAPIError', SERVER_ERROR],
  ['StripeAuthenticationError', AUTH],
  ['StripePermissionError', PERMISSION],
  ['StripeRateLimitError', RATE_LIMITED],
  ['StripeConnectionError', CONNECTION],
  ['StripeInvalidGrantError', m('auth', 'INVALID_GRANT')],
]);

function fromStripe(error: Error, e: Rec, classify: Classify): AgentError | undefined {
  const status = httpStatus(e.statusCode);
  if (status !== undefined)
    return bodyReading(error, status, undefined, e.headers as HeadersInput, { error: e.raw });
  // A connection that failed: what it failed with (`detail`, a system error) says more.
  const detail = e.detail;
  const inner = detail instanceof Error ? saidBy(classify(detail)) : undefined;
  if (inner !== undefined) return classifiedAs(error, inner);
  const row = STRIPE_CLASSES.get(e.type as string);
  return row && made(error, row, { api: { stripe: e.type } });
}

// ---------------------------------------------------------------------------------------------
// Twilio: the error codes whose meaning is not their HTTP status's (twilio.com/docs/api/errors).
// ---------------------------------------------------------------------------------------------

const TWILIO_CODES: ReadonlyMap<number, Meaning> = new Map([
  // The account may not send there: a region not enabled (21408), a trial account's unverified
  // number (21608), a recipient who replied STOP (21610), an account suspended or closed (20005).
  [21408, PERMISSION],
  [21608, PERMISSION],
  [21610, PERMISSION],
  [20005, PERMISSION],
  // A sender's queue is full (21611), its send rate exceeded (14107): later it passes.
  [21611, RATE_LIMITED],
  [14107, RATE_LIMITED],
  [20429, RATE_LIMITED],
]);

function fromTwilio(error: Error, code: number, status: number | undefined): AgentError {
  const meaning = TWILIO_CODES.get(code) ?? statusMeaning(status ?? 500);
  return made(error, meaning, { api: { twilio: code }, ...(status ? { status } : {}) });
}

// ---------------------------------------------------------------------------------------------
// Discord: JSON error codes (discord-api-types' RESTJSONErrorCodes, the API's own table).
// ---------------------------------------------------------------------------------------------

const DISCORD_CODES: ReadonlyMap<number, Meaning> = new Map([
  // Slowmode, an announcement's edit limit, a channel's write limit, 30xxx's "try again later".
  [20016, RATE_LIMITED],
  [20022, RATE_LIMITED],
  [20028, RATE_LIMITED],
  [30040, RATE_LIMITED],
  [30042, RATE_LIMITED],
  [30046, RATE_LIMITED],
  // "Guild already has a template", "Interaction has already been acknowledged".
  [30031, m('conflict', 'CONFLICT')],
  [40060, m('conflict', 'CONFLICT')],
  // "API resource is currently overloaded. Try again a little later."
  [130000, m('unavailable', 'OVERLOADED', true)],
]);

function discordMeaning(code: number): Meaning | undefined {
  const row = DISCORD_CODES.get(code);
  if (row !== undefined) return row;
  // 10xxx "Unknown <object>", 30xxx "Maximum number of <things> reached".
  const family = Math.floor(code / 10000);
  return family === 1 ? m('not_found', 'NOT_FOUND') : family === 3 ? QUOTA : undefined;
}

function fromDiscord(error: Error, e: Rec, status: number): AgentError | undefined {
  const code = e.code;
  const meaning = typeof code === 'number' ? discordMeaning(code) : undefined;
  return meaning === undefined
    ? bodyReading(error, status, undefined, undefined, e.rawError)
    : made(error, meaning, { api: { discord: code }, status });
}

/** discord.js's `RateLimitError` (`rejectOnRateLimit`): `retryAfter` is already in ms. */
function fromDiscordRateLimit(error: Error, e: Rec): AgentError {
  const wait = e.retryAfter as number;
  return made(
    error,
    RATE_LIMITED,
    { api: { discord: 'rate_limited' }, global: e.global, scope: e.scope },
    wait >= 0 && Number.isFinite(wait) ? wait : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// Linear: the SDK's `LinearErrorType`s, its reading of `errors[0].extensions.type`.
// ---------------------------------------------------------------------------------------------

const LINEAR_TYPES: ReadonlyMap<string, Meaning> = new Map([
  ['FeatureNotAccessible', PERMISSION],
  ['InvalidInput', VALIDATION],
  ['Ratelimited', RATE_LIMITED],
  ['NetworkError', CONNECTION],
  ['AuthenticationError', AUTH],
  ['Forbidden', PERMISSION],
  ['BootstrapError', SERVER_ERROR],
  ['InternalError', SERVER_ERROR],
  ['UserError', VALIDATION],
  // A query the schema refuses.
  ['GraphqlError', VALIDATION],
  // Another write holds the lock: the same write passes once it is released.
  ['LockTimeout', RETRY_CONFLICT],
  ['UsageLimitExceeded', QUOTA],
]);

function fromLinear(error: Error, e: Rec, classify: Classify): AgentError | undefined {
  const row = LINEAR_TYPES.get(e.type as string);
  const raw = e.raw;
  if (row === undefined) {
    // Unknown, Other: a fetch that failed (its cause decides), else the status.
    const inner = raw instanceof Error ? saidBy(classify(raw)) : undefined;
    const status = httpStatus(e.status);
    return inner
      ? classifiedAs(error, inner)
      : status === undefined
        ? undefined
        : made(error, statusMeaning(status));
  }
  const headers = readMember(asRecord(raw)?.response, 'headers');
  let wait: number | undefined;
  try {
    wait = retryAfterMsFromHeaders(headers as HeadersInput | undefined);
  } catch {
    wait = undefined;
  }
  return made(error, row, { api: { linear: e.type } }, wait);
}

// ---------------------------------------------------------------------------------------------
// Exa: `ExaError` keeps the status as `statusCode` and the body's envelope `code`.
// ---------------------------------------------------------------------------------------------

function fromExa(error: Error, e: Rec): AgentError | undefined {
  const status = httpStatus(e.statusCode);
  // The code, not the `type`: Exa's types (`conflict_error`) are other services' codes too.
  const body =
    typeof e.code === 'string'
      ? { error: { code: e.code, message: error.message } }
      : error.message;
  return status === undefined ? undefined : bodyReading(error, status, undefined, undefined, body);
}

// ---------------------------------------------------------------------------------------------
// Notion: the client's own codes (src/errors.ts, `ClientErrorCode`).
// ---------------------------------------------------------------------------------------------

const NOTION_CLIENT_CODES: ReadonlyMap<string, Meaning> = new Map([
  ['notionhq_client_request_timeout', m('timeout', 'TIMEOUT')],
  ['notionhq_client_invalid_path_parameter', VALIDATION],
]);

// ---------------------------------------------------------------------------------------------
// Supabase Auth (@supabase/auth-js, `__isAuthError`): `AuthApiError` with `status` and the API's
// `code`, `AuthRetryableFetchError` for a 5xx or a fetch that failed (status 0),
// `AuthSessionMissingError`. The codes whose status misleads (supabase.com/docs/guides/auth/
// debugging/error-codes): a 422 that is an account already there, a 403 that is a token to
// renew, a 409 to back off and retry.
// ---------------------------------------------------------------------------------------------

const SUPABASE_AUTH_CODES: ReadonlyMap<string, Meaning> = new Map([
  ...['user_already_exists', 'email_exists', 'phone_exists', 'identity_already_exists'].map(
    (code) => [code, m('conflict', 'CONFLICT')] as const,
  ),
  ...['bad_jwt', 'session_expired', 'session_not_found', 'reauthentication_needed'].map(
    (code) => [code, AUTH] as const,
  ),
  ['conflict', RETRY_CONFLICT],
]);

function fromSupabaseAuth(error: Error, e: Rec, status: number | undefined) {
  if (e.name === 'AuthSessionMissingError') return made(error, AUTH);
  if (e.name === 'AuthRetryableFetchError')
    return made(error, status === undefined ? CONNECTION : statusMeaning(status));
  const row = typeof e.code === 'string' ? SUPABASE_AUTH_CODES.get(e.code) : undefined;
  return row && made(error, row, { api: { supabase: e.code } });
}

// Elastic's transport (@elastic/transport, under @elastic/elasticsearch): the classes that carry
// no response. `ResponseError` keeps `statusCode`, `headers` and the parsed `body`: the last rule.
const ELASTIC_CLASSES: ReadonlyMap<string, Meaning> = new Map([
  ['RequestAbortedError', m('cancelled', 'CANCELLED')],
  // A body that is not the JSON it said, or a server that is not Elasticsearch.
  ['DeserializationError', m('protocol', 'PROTOCOL_ERROR')],
  ['ProductNotSupportedError', m('protocol', 'PROTOCOL_ERROR')],
  ['NoLivingConnectionsError', CONNECTION],
  ['ConfigurationError', VALIDATION],
  ['SerializationError', VALIDATION],
]);

/**
 * The reading of a service SDK's error by its family's table, or `undefined` when it is none of
 * them. `classify` is the one classifier, for what an error wraps.
 */
export function fromServiceSdkError(error: Error, classify: Classify): AgentError | undefined {
  const e = error as Error & Rec;
  const code = e.code;
  const status = httpStatus(e.status);
  if (typeof e.type === 'string' && e.type.startsWith('Stripe') && asRecord(e.raw)) {
    return fromStripe(error, e, classify);
  }
  if (typeof e.moreInfo === 'string' && typeof code === 'number') {
    return fromTwilio(error, code, status);
  }
  if (status !== undefined && asRecord(e.rawError)) return fromDiscord(error, e, status);
  if (typeof e.retryAfter === 'number' && typeof e.timeToReset === 'number' && 'scope' in e) {
    return fromDiscordRateLimit(error, e);
  }
  if (typeof e.type === 'string' && Array.isArray(e.errors) && 'raw' in e) {
    return fromLinear(error, e, classify);
  }
  if (e.name === 'ExaError' && typeof e.timestamp === 'string') return fromExa(error, e);
  const supabase = e.__isAuthError === true ? fromSupabaseAuth(error, e, status) : undefined;
  if (supabase !== undefined) return supabase;
  const notion = typeof code === 'string' ? NOTION_CLIENT_CODES.get(code) : undefined;
  if (notion !== undefined) return made(error, notion, { api: { notion: code } });
  const elastic = 'options' in e ? ELASTIC_CLASSES.get(e.name) : undefined;
  if (elastic !== undefined) return made(error, elastic, { api: { elastic: e.name } });
  // The response's own text or data (Notion's `body`, Elastic's) beside the status and headers
  // the error keeps.
  const headers = readMember(e, 'headers');
  const body = readMember(e, 'body');
  const own = status ?? httpStatus(readMember(e, 'statusCode'));
  if (own !== undefined && headers !== undefined && (typeof body === 'string' || asRecord(body))) {
    return bodyReading(error, own, undefined, headers as HeadersInput, body);
  }
  return undefined;
}

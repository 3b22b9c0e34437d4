import type { ErrorCategory } from '../../core/categories.js';
import type { StableErrorCode } from '../../core/stable-codes.js';
import {
  ERROR_INFO_TYPE,
  QUOTA_FAILURE_TYPE,
  RETRY_INFO_TYPE,
  detailIn,
  parseRetryDelay,
  typedEntries,
} from '../google-rpc/google-rpc.js';
import { asRecord } from '../../core/is.js';
import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { isCode, readCodeWords } from './code-words.js';

/**
 * Error `type`s and `code`s of model provider APIs, per the mapping table in docs/design.md: Anthropic
 * (`{ type: 'error', error: { type } }`), OpenAI (`{ error: { type, code } }`) and Google
 * (`{ error: { status } }`, gRPC status names). `retryable` is set where it differs from the
 * category's default. Only the rows whose words say something else than the provider means, or
 * that other rules here refer to: the rest (`authentication_error`, `model_not_found`,
 * `insufficient_quota`, `context_length_exceeded`, `image_too_large`, …) are read by their
 * words (code-words.ts).
 *
 * @example
 * PROVIDER_ERROR_TYPES.overloaded_error; // { category: 'unavailable' }
 */
export const PROVIDER_ERROR_TYPES: Readonly<
  Record<
    string,
    { category: ErrorCategory; code: StableErrorCode; retryable?: boolean; generic?: true }
  >
> = {
  rate_limit_error: m('rate_limit', 'RATE_LIMITED'),
  rate_limit_exceeded: m('rate_limit', 'RATE_LIMITED'),
  overloaded_error: m('unavailable', 'OVERLOADED'),
  // Buckets the providers put many errors in: the status says more (OpenAI sends a bad key as a
  // 401 `invalid_request_error`).
  invalid_request_error: { category: 'validation', code: 'VALIDATION_ERROR', generic: true },
  api_error: { category: 'internal', code: 'SERVER_ERROR', retryable: true, generic: true },
  server_error: { category: 'internal', code: 'SERVER_ERROR', retryable: true, generic: true },
  // Stripe (docs.stripe.com/api/errors): a declined card is the customer's to fix, not our
  // budget, even when sent as a 402; a request racing another with the same idempotency key is
  // a conflict its SDK retries (stripe-node retries every 409).
  card_error: m('validation', 'VALIDATION_ERROR'),
  idempotency_error: { category: 'conflict', code: 'CONFLICT', generic: true },
  lock_timeout: m('conflict', 'CONFLICT', true),
  // The OpenAI Responses API's `response.error.code`s (a failed response, `response.failed`),
  // as its SDK's `ResponseError` type lists them, where the words do not say it.
  data_residency_mismatch: m('permission', 'PERMISSION_DENIED'),
  bio_policy: m('validation', 'CONTENT_FILTERED'),
  failed_to_download_image: m('validation', 'VALIDATION_ERROR'),
  // An incomplete response's `incomplete_details.reason`: the output hit its token limit, and
  // the same request stops at the same place.
  max_output_tokens: m('validation', 'VALIDATION_ERROR'),
  // Notion (developers.notion.com/reference/status-codes): a data collision, "try again"; an
  // OAuth grant to redo, sent as a 400.
  conflict_error: m('conflict', 'CONFLICT', true),
  invalid_grant: m('auth', 'INVALID_GRANT'),
  // gRPC status names (Google APIs), read as the one code per condition (the name stays in details).
  RESOURCE_EXHAUSTED: m('rate_limit', 'RATE_LIMITED'),
  UNAVAILABLE: m('unavailable', 'UNAVAILABLE'),
  DEADLINE_EXCEEDED: m('timeout', 'TIMEOUT'),
  UNAUTHENTICATED: m('auth', 'AUTH_ERROR'),
  PERMISSION_DENIED: m('permission', 'PERMISSION_DENIED'),
  NOT_FOUND: m('not_found', 'NOT_FOUND'),
  INVALID_ARGUMENT: m('validation', 'VALIDATION_ERROR'),
  FAILED_PRECONDITION: m('conflict', 'PRECONDITION_FAILED'),
  ALREADY_EXISTS: m('conflict', 'CONFLICT'),
  // AIP-194: retry at a higher level, the read-modify-write (Firestore's "Too much contention on
  // these documents. Please try again.").
  ABORTED: m('conflict', 'CONFLICT', true),
  CANCELLED: m('cancelled', 'CANCELLED'),
  INTERNAL: m('internal', 'SERVER_ERROR', true),
  UNIMPLEMENTED: m('protocol', 'NOT_IMPLEMENTED'),
};

const QUOTA_FAILURE = { category: 'quota', code: 'QUOTA_EXCEEDED' } as const;
const REQUEST_TOO_LARGE = {
  category: 'validation',
  code: 'REQUEST_TOO_LARGE',
  retryable: false,
} as const;
const RETRYABLE_CONFLICT = { category: 'conflict', code: 'CONFLICT', retryable: true } as const;
// Anthropic answers an account out of credit, or over the spend limit its owner set, with a 400
// `invalid_request_error`: "Your credit balance is too low to access the Anthropic API", "Usage
// blocked due to lack of credits", "You have reached your specified API usage limits".
// xAI: "Your newly created team doesn't have any credits yet", "… has either used all available
// credits or reached its monthly spending limit" (sent as 403 and 429). Cohere: "You are using a
// Trial key, which is limited to 1000 API calls / month" (a 429; its per-minute one is a rate limit).
const OUT_OF_CREDIT_WORDS =
  /\bcredit balance is too low\b|\b(?:lack of|insufficient) credits\b|\breached your specified (?:api )?usage limits?\b|\bdoesn't have any credits\b|\bused all available credits\b|\bmonthly spending limit\b|\bAPI calls \/ month\b/i;
// xAI answers a wrong key with a 400 "Incorrect API key provided: xa***", Algolia with a 403
// "Invalid Application-ID or API key".
const INVALID_KEY_WORDS = /\b(?:incorrect|invalid) (?:Application-ID or )?API key\b/i;
// OpenRouter's moderation refusal (a 403): `error.metadata` names the `reasons` and the
// `flagged_input` (openrouter.ai/docs, "Errors", ModerationErrorMetadata).
const CONTENT_FILTERED = { category: 'validation', code: 'CONTENT_FILTERED' } as const;
// OpenAI and Groq send a request larger than the whole per-minute budget as a rate limit
// (`rate_limit_exceeded`, 429 or 413) with "Request too large for … Limit 6000, Requested
// 12000": waiting cannot help, the request alone is over the limit.
// A limit per day or per month is a budget spent, not a rate: Vercel's and OpenRouter's
// `…-per-day` limits, Zoom's "daily rate limit", Pinecone's "limit for the current month". (Not
// OpenAI's "requests per day (RPD)", a rolling window its message gives the wait for.) So is a
// count the plan allows (Pinecone: "You've reached the max serverless indexes allowed").
const QUOTA_WORDS =
  /\bexceeded your current quota\b|-per-day\b|\bdaily rate limit\b|\bfor the current month\b|\breached the max(?:imum)?\b[\w ]*\ballowed\b/i;
const TOO_LARGE_WORDS = /^request too large\b/i;
const LIMIT_REQUESTED = /\blimit:? (\d+)\b.*?\brequested:? (\d+)\b/i;
// A Google `QuotaFailure` violation for a quota that resets per day (or never): the wait its
// RetryInfo gives is not worth taking; "PerMinute" ones are rate limits.
const LONG_QUOTA_WORDS = /day|daily|month|total|lifetime/i;
const SHORT_QUOTA_WORDS = /minute|second|hour/i;
const BILLING_WORDS = /\bbilling\b/i;
// OpenAI's error table: a 503 "Slow Down" asks to lower the request rate (S3's `SlowDown` alike).
const SLOW_DOWN_WORDS = /^slow down\b/i;
const SLOW_DOWN = PROVIDER_ERROR_TYPES.rate_limit_exceeded!;
const INVALID_API_KEY = { category: 'auth', code: 'INVALID_API_KEY' } as const;
// Discord's 30xxx "Maximum number of webhooks reached (15)": a count the account may hold.
const COUNT_LIMIT_WORDS = /^maximum number of [\w -]+ reached\b/i;
// text-generation-inference's `error_type` (Hugging Face; router/src/lib.rs): a full queue is
// the server's load, a generation that failed fails again on the same input.
const TGI_TYPES = new Map<string, (typeof PROVIDER_ERROR_TYPES)[string]>([
  ['overloaded', PROVIDER_ERROR_TYPES.overloaded_error!],
  ['generation', { category: 'internal', code: 'SERVER_ERROR', retryable: false }],
]);
// Google's `ErrorInfo.reason`s (google/api/error_reason.proto) whose meaning differs from the
// status they come with: billing to enable is an account to pay for (sent as 403), a location
// policy a refusal (sent as 400 FAILED_PRECONDITION).
const BY_REASON = new Map<string, (typeof PROVIDER_ERROR_TYPES)[string]>([
  ['API_KEY_INVALID', INVALID_API_KEY],
  ['BILLING_DISABLED', QUOTA_FAILURE],
  ['LOCATION_POLICY_VIOLATED', PROVIDER_ERROR_TYPES.PERMISSION_DENIED!],
]);
const CONTEXT_TOO_LONG = { category: 'validation', code: 'CONTEXT_TOO_LONG' } as const;
// "prompt is too long: 210000 tokens > 200000 maximum"; earlier, "input length and `max_tokens`
// exceed context limit: …".
const CONTEXT_TOO_LONG_WORDS = /^prompt is too long\b|\bexceed context limit\b/i;

// Looked up by a string from the body: a Map, since an object keyed by a string that is not
// interned yet costs a string-table search per lookup.
const BY_TYPE: ReadonlyMap<string, (typeof PROVIDER_ERROR_TYPES)[string]> = new Map(
  Object.entries(PROVIDER_ERROR_TYPES),
);

/** What was found in a provider's error body. */
export interface ProviderError {
  /**
   * The stable code for the condition, whatever the provider calls it (`RATE_LIMITED` for
   * Anthropic's `rate_limit_error` and OpenAI's `rate_limit_exceeded` alike). The provider's own
   * words stay in `fields`.
   */
  code: string;
  category: ErrorCategory;
  retryable?: boolean;
  /** A bucket the provider puts many errors in (`invalid_request_error`): the status says more. */
  generic?: true;
  message?: string;
  /** The delay a Google `RetryInfo` detail gives. */
  retryAfterMs?: number;
  /** The `type`, `code`, `status` and `param` strings found, for `details`. */
  fields: Record<string, string>;
}

/**
 * Classify a provider API error body, `undefined` when it is not one or names nothing known.
 * A specific `error.code` wins over the broader `error.type` (OpenAI answers a spent quota with
 * 429, `type: 'insufficient_quota'`, which must not be retried as a rate limit).
 *
 * @example
 * readProviderError({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
 * // { code: 'overloaded_error', category: 'unavailable', message: 'Overloaded', fields: { type: 'overloaded_error' } }
 */
export function readProviderError(body: unknown, httpStatus?: number): ProviderError | undefined {
  // OpenAI-compatible servers that answer flat (Mistral, vLLM: `{ object: 'error', type, code,
  // message }`) say the same as the `error` envelope.
  const record = asRecord(body);
  const error = asRecord(record?.error) ?? (record?.object === 'error' ? record : undefined);
  if (!error) return httpStatus === undefined ? undefined : readWordsOnly(body, httpStatus);
  // Named stores, one per field: a computed key on a fresh object costs a runtime call.
  const fields: Record<string, string> = {};
  const { type, code, status, param } = error;
  if (typeof type === 'string' && type !== '') fields.type = type;
  if (typeof code === 'string' && code !== '') fields.code = code;
  if (typeof status === 'string' && status !== '') fields.status = status;
  if (typeof param === 'string' && param !== '') fields.param = param;
  // Dropbox names what its `error` union's tags say in `error_summary` (`path/not_found/..`),
  // and sends every endpoint's own error as a 409 ("endpoint-specific error"): its tags, not
  // that status, say what failed.
  let wordsStatus = httpStatus;
  if (fields.code === undefined && typeof record?.error_summary === 'string') {
    fields.code = record.error_summary;
    wordsStatus = undefined;
  }
  // The code, else the type, else the status names the error.
  const key =
    fields.code !== undefined && BY_TYPE.has(fields.code)
      ? fields.code
      : fields.type !== undefined && BY_TYPE.has(fields.type)
        ? fields.type
        : fields.status;
  const message = typeof error.message === 'string' ? error.message : '';
  let known = key === undefined ? undefined : BY_TYPE.get(key);
  // A body naming no type or code we know still says "out of budget" in words: read before the
  // code's words, which name a class of failure (Pinecone's `FORBIDDEN`) where these name the limit.
  if (
    known === undefined &&
    fields.status === undefined &&
    (OUT_OF_CREDIT_WORDS.test(message) || QUOTA_WORDS.test(message))
  ) {
    known = QUOTA_FAILURE;
  }
  // A code or type no row lists, by its words (`previous_response_not_found`, Groq's
  // `flex_tier_capacity_exceeded`): after the rows, before the status alone decides.
  if (known === undefined || known.generic) {
    known = byWords(fields.code, wordsStatus) ?? byWords(fields.type, wordsStatus) ?? known;
  }
  if (known === undefined && fields.status === undefined && flaggedByModeration(error.metadata)) {
    known = CONTENT_FILTERED;
  }
  if ((known === undefined || known.generic) && SLOW_DOWN_WORDS.test(message)) known = SLOW_DOWN;
  if (known === undefined) return undefined;
  // Anthropic says "shrink the context" and "out of credit" only in words, inside its generic
  // invalid-request bucket.
  if (key === 'invalid_request_error') {
    if (CONTEXT_TOO_LONG_WORDS.test(message)) known = CONTEXT_TOO_LONG;
    else if (OUT_OF_CREDIT_WORDS.test(message)) known = QUOTA_FAILURE;
  }
  // OpenAI's spent quota in words ("You exceeded your current quota, please check your plan and
  // billing details"), which OpenAI-compatible providers send under `rate_limit_exceeded` too.
  // Not Google's: it says the same words for a per-minute limit, and its details decide (below).
  if (known.category === 'rate_limit' && fields.status === undefined && QUOTA_WORDS.test(message)) {
    known = QUOTA_FAILURE;
  }
  if (known.category === 'rate_limit' && (httpStatus === 413 || tooLarge(message))) {
    known = REQUEST_TOO_LARGE;
  }
  if (httpStatus === 409 && key === 'idempotency_error') known = RETRYABLE_CONFLICT;
  // Gemini's status table: FAILED_PRECONDITION is "free tier not available in your country,
  // enable billing" — an account to pay for, not a state to wait out.
  if (fields.status === 'FAILED_PRECONDITION' && BILLING_WORDS.test(message)) known = QUOTA_FAILURE;
  // Google's error model: RetryInfo says when; a QuotaFailure without it is a spent quota; an
  // ErrorInfo `API_KEY_INVALID` (sent as a 400 INVALID_ARGUMENT) is a credential to fix, not input.
  let retryAfterMs: number | undefined;
  if (fields.status !== undefined && Array.isArray(error.details)) {
    const details = typedEntries(error.details);
    const reason = detailIn(details, ERROR_INFO_TYPE)?.reason;
    known = (typeof reason === 'string' && BY_REASON.get(reason)) || known;
    retryAfterMs = parseRetryDelay(detailIn(details, RETRY_INFO_TYPE)?.retryDelay);
    const quotaFailure = detailIn(details, QUOTA_FAILURE_TYPE);
    if (
      fields.status === 'RESOURCE_EXHAUSTED' &&
      quotaFailure !== undefined &&
      (retryAfterMs === undefined || longTermQuota(quotaFailure))
    ) {
      known = QUOTA_FAILURE;
      retryAfterMs = undefined;
    }
  }
  const out: ProviderError = { code: known.code, category: known.category, fields };
  if (retryAfterMs !== undefined) out.retryAfterMs = retryAfterMs;
  if (known.retryable !== undefined) out.retryable = known.retryable;
  if (known.generic) out.generic = true;
  if (typeof error.message === 'string') out.message = error.message;
  return out;
}

/**
 * An error response whose body has no `error` object and says its condition in words only: xAI's
 * `{ code, error: "<message>" }` (its SDK error keeps the string alone), Cohere's `{ message }`,
 * and OpenRouter's moderation refusal once an SDK has taken the inner object out; or whose
 * flat code (`{ code: 'object_not_found' }`, `{ error: 'rate_limited' }`, a JSON:API or
 * Intercom `errors[0].code`) says it in its words. Read for an error status only, and only for
 * these conditions: anything else is left to the status.
 */
function readWordsOnly(body: unknown, status: number): ProviderError | undefined {
  const record = asRecord(body);
  const said =
    typeof body === 'string'
      ? body
      : typeof record?.error === 'string'
        ? record.error
        : record?.message;
  const text = typeof said === 'string' ? said : '';
  const code = flatCode(record);
  if (text === '' && code === undefined) return undefined;
  const tgi = typeof record?.error_type === 'string' ? TGI_TYPES.get(record.error_type) : undefined;
  const known =
    tgi ??
    (record !== undefined && flaggedByModeration(record.metadata)
      ? CONTENT_FILTERED
      : OUT_OF_CREDIT_WORDS.test(text) || QUOTA_WORDS.test(text)
        ? QUOTA_FAILURE
        : INVALID_KEY_WORDS.test(text)
          ? INVALID_API_KEY
          : SLOW_DOWN_WORDS.test(text)
            ? SLOW_DOWN
            : COUNT_LIMIT_WORDS.test(text)
              ? QUOTA_FAILURE
              : code === undefined
                ? undefined
                : readCodeWords(code, status));
  if (known === undefined) return undefined;
  const out: ProviderError = {
    code: known.code,
    category: known.category,
    fields: code === undefined ? {} : { code },
  };
  if (typeof said === 'string') out.message = said;
  const retryable = (known as { retryable?: boolean }).retryable;
  if (retryable !== undefined) out.retryable = retryable;
  return out;
}

/**
 * A flat body's code: `code` (Box, Notion), `error_code` (Supabase Auth), `errorCode` (Auth0),
 * `error`, Contentful's `sys.id`, Dropbox's `error_summary` (`path/not_found/..`), else the first
 * of `errors[]` (JSON:API, Intercom): the first that is an identifier, not a sentence.
 */
function flatCode(record: Record<string, unknown> | undefined): string | undefined {
  if (record === undefined) return undefined;
  const errors = record.errors;
  for (const code of [
    record.code,
    record.error_code,
    record.errorCode,
    record.error,
    asRecord(record.sys)?.id,
    record.error_summary,
    Array.isArray(errors) ? asRecord(errors[0])?.code : undefined,
  ]) {
    if (typeof code === 'string' && isCode(code)) return code;
  }
  return undefined;
}

/** What a code or type no row lists means by its words, `undefined` when they say nothing. */
function byWords(name: string | undefined, status: number | undefined): Meaning | undefined {
  return name === undefined || BY_TYPE.has(name) ? undefined : readCodeWords(name, status);
}

/** Whether an OpenRouter `error.metadata` is a moderation refusal's. */
function flaggedByModeration(metadata: unknown): boolean {
  const m = asRecord(metadata);
  return m !== undefined && (typeof m.flagged_input === 'string' || Array.isArray(m.reasons));
}

/** A rate limit's message saying the request alone is over the limit ("Request too large"). */
function tooLarge(message: string): boolean {
  if (TOO_LARGE_WORDS.test(message)) return true;
  const numbers = LIMIT_REQUESTED.exec(message);
  return numbers !== null && Number(numbers[2]) > Number(numbers[1]);
}

/** Whether a `QuotaFailure` names a per-day (or longer) quota among its violations. */
function longTermQuota(detail: Record<string, unknown>): boolean {
  const violations = detail.violations;
  if (!Array.isArray(violations)) return false;
  return violations.some((v) => {
    const r = asRecord(v);
    if (r === undefined) return false;
    return [r.quotaId, r.quotaMetric, r.description].some(
      (text) =>
        typeof text === 'string' && LONG_QUOTA_WORDS.test(text) && !SHORT_QUOTA_WORDS.test(text),
    );
  });
}

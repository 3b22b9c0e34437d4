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

/**
 * Error `type`s and `code`s of model provider APIs, per the mapping table in docs/design.md: Anthropic
 * (`{ type: 'error', error: { type } }`), OpenAI (`{ error: { type, code } }`) and Google
 * (`{ error: { status } }`, gRPC status names). `retryable` is set where it differs from the
 * category's default.
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
  rate_limit_error: { category: 'rate_limit', code: 'RATE_LIMITED' },
  rate_limit_exceeded: { category: 'rate_limit', code: 'RATE_LIMITED' },
  overloaded_error: { category: 'unavailable', code: 'OVERLOADED' },
  engine_overloaded: { category: 'unavailable', code: 'OVERLOADED' },
  authentication_error: { category: 'auth', code: 'AUTH_ERROR' },
  invalid_api_key: { category: 'auth', code: 'INVALID_API_KEY' },
  permission_error: { category: 'permission', code: 'PERMISSION_DENIED' },
  not_found_error: { category: 'not_found', code: 'NOT_FOUND' },
  model_not_found: { category: 'not_found', code: 'MODEL_NOT_FOUND' },
  // Buckets the providers put many errors in: the status says more (OpenAI sends a bad key as a
  // 401 `invalid_request_error`).
  invalid_request_error: { category: 'validation', code: 'VALIDATION_ERROR', generic: true },
  // The one signal an agent needs here is "shrink the context".
  context_length_exceeded: { category: 'validation', code: 'CONTEXT_TOO_LONG' },
  request_too_large: { category: 'validation', code: 'REQUEST_TOO_LARGE' },
  content_policy_violation: { category: 'validation', code: 'CONTENT_FILTERED' },
  content_filter: { category: 'validation', code: 'CONTENT_FILTERED' },
  billing_error: { category: 'quota', code: 'QUOTA_EXCEEDED' },
  insufficient_quota: { category: 'quota', code: 'QUOTA_EXCEEDED' },
  api_error: { category: 'internal', code: 'SERVER_ERROR', retryable: true, generic: true },
  server_error: { category: 'internal', code: 'SERVER_ERROR', retryable: true, generic: true },
  timeout_error: { category: 'timeout', code: 'TIMEOUT' },
  // gRPC status names (Google APIs), read as the one code per condition (the name stays in details).
  RESOURCE_EXHAUSTED: { category: 'rate_limit', code: 'RATE_LIMITED' },
  UNAVAILABLE: { category: 'unavailable', code: 'UNAVAILABLE' },
  DEADLINE_EXCEEDED: { category: 'timeout', code: 'TIMEOUT' },
  UNAUTHENTICATED: { category: 'auth', code: 'AUTH_ERROR' },
  PERMISSION_DENIED: { category: 'permission', code: 'PERMISSION_DENIED' },
  NOT_FOUND: { category: 'not_found', code: 'NOT_FOUND' },
  INVALID_ARGUMENT: { category: 'validation', code: 'VALIDATION_ERROR' },
  FAILED_PRECONDITION: { category: 'conflict', code: 'PRECONDITION_FAILED' },
  ALREADY_EXISTS: { category: 'conflict', code: 'CONFLICT' },
  ABORTED: { category: 'conflict', code: 'CONFLICT' },
  CANCELLED: { category: 'cancelled', code: 'CANCELLED' },
  INTERNAL: { category: 'internal', code: 'SERVER_ERROR', retryable: true },
  UNIMPLEMENTED: { category: 'protocol', code: 'NOT_IMPLEMENTED' },
};

const QUOTA_FAILURE = { category: 'quota', code: 'QUOTA_EXCEEDED' } as const;
const INVALID_API_KEY = { category: 'auth', code: 'INVALID_API_KEY' } as const;
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
export function readProviderError(body: unknown): ProviderError | undefined {
  const error = asRecord(asRecord(body)?.error);
  if (!error) return undefined;
  // Named stores, one per field: a computed key on a fresh object costs a runtime call.
  const fields: Record<string, string> = {};
  const { type, code, status, param } = error;
  if (typeof type === 'string' && type !== '') fields.type = type;
  if (typeof code === 'string' && code !== '') fields.code = code;
  if (typeof status === 'string' && status !== '') fields.status = status;
  if (typeof param === 'string' && param !== '') fields.param = param;
  // The code, else the type, else the status names the error.
  const key =
    fields.code !== undefined && BY_TYPE.has(fields.code)
      ? fields.code
      : fields.type !== undefined && BY_TYPE.has(fields.type)
        ? fields.type
        : fields.status;
  let known = key === undefined ? undefined : BY_TYPE.get(key);
  if (key === undefined || known === undefined) return undefined;
  // Anthropic says "shrink the context" only in words, inside its generic invalid-request bucket.
  if (
    key === 'invalid_request_error' &&
    typeof error.message === 'string' &&
    CONTEXT_TOO_LONG_WORDS.test(error.message)
  ) {
    known = CONTEXT_TOO_LONG;
  }
  // Google's error model: RetryInfo says when; a QuotaFailure without it is a spent quota; an
  // ErrorInfo `API_KEY_INVALID` (sent as a 400 INVALID_ARGUMENT) is a credential to fix, not input.
  let retryAfterMs: number | undefined;
  if (fields.status !== undefined && Array.isArray(error.details)) {
    const details = typedEntries(error.details);
    if (detailIn(details, ERROR_INFO_TYPE)?.reason === 'API_KEY_INVALID') known = INVALID_API_KEY;
    retryAfterMs = parseRetryDelay(detailIn(details, RETRY_INFO_TYPE)?.retryDelay);
    if (
      fields.status === 'RESOURCE_EXHAUSTED' &&
      retryAfterMs === undefined &&
      detailIn(details, QUOTA_FAILURE_TYPE) !== undefined
    ) {
      known = QUOTA_FAILURE;
    }
  }
  const out: ProviderError = { code: known.code, category: known.category, fields };
  if (retryAfterMs !== undefined) out.retryAfterMs = retryAfterMs;
  if (known.retryable !== undefined) out.retryable = known.retryable;
  if (known.generic) out.generic = true;
  if (typeof error.message === 'string') out.message = error.message;
  return out;
}

import type { ErrorCategory } from '../../core/categories.js';

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
  Record<string, { category: ErrorCategory; retryable?: boolean }>
> = {
  rate_limit_error: { category: 'rate_limit' },
  rate_limit_exceeded: { category: 'rate_limit' },
  overloaded_error: { category: 'unavailable' },
  engine_overloaded: { category: 'unavailable' },
  authentication_error: { category: 'auth' },
  invalid_api_key: { category: 'auth' },
  permission_error: { category: 'permission' },
  not_found_error: { category: 'not_found' },
  model_not_found: { category: 'not_found' },
  invalid_request_error: { category: 'validation' },
  context_length_exceeded: { category: 'validation' },
  request_too_large: { category: 'validation' },
  billing_error: { category: 'quota' },
  insufficient_quota: { category: 'quota' },
  api_error: { category: 'internal', retryable: true },
  server_error: { category: 'internal', retryable: true },
  timeout_error: { category: 'timeout' },
  // gRPC status names (Google APIs)
  RESOURCE_EXHAUSTED: { category: 'rate_limit' },
  UNAVAILABLE: { category: 'unavailable' },
  DEADLINE_EXCEEDED: { category: 'timeout' },
  UNAUTHENTICATED: { category: 'auth' },
  PERMISSION_DENIED: { category: 'permission' },
  NOT_FOUND: { category: 'not_found' },
  INVALID_ARGUMENT: { category: 'validation' },
  FAILED_PRECONDITION: { category: 'validation' },
  ALREADY_EXISTS: { category: 'conflict' },
  ABORTED: { category: 'conflict' },
  CANCELLED: { category: 'cancelled' },
  INTERNAL: { category: 'internal', retryable: true },
  UNIMPLEMENTED: { category: 'protocol' },
};

// Looked up by a string from the body: a Map, since an object keyed by a string that is not
// interned yet costs a string-table search per lookup.
const BY_TYPE: ReadonlyMap<string, { category: ErrorCategory; retryable?: boolean }> = new Map(
  Object.entries(PROVIDER_ERROR_TYPES),
);

/** What was found in a provider's error body. */
export interface ProviderError {
  /** The provider's own code: `error.code` when it is a string, else `error.type` or `error.status`. */
  code: string;
  category: ErrorCategory;
  retryable?: boolean;
  message?: string;
  /** The `type`, `code`, `status` and `param` strings found, for `details`. */
  fields: Record<string, string>;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
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
  const error = record(record(body)?.error);
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
  const known = key === undefined ? undefined : BY_TYPE.get(key);
  if (key === undefined || known === undefined) return undefined;
  const out: ProviderError = { code: key, category: known.category, fields };
  if (known.retryable !== undefined) out.retryable = known.retryable;
  if (typeof error.message === 'string') out.message = error.message;
  return out;
}

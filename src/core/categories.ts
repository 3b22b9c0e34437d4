/**
 * The twelve kinds of failure an agent must tell apart, each with what it should do next and
 * whether retrying can help by default. A dialect may override `retryable` per error (ARCP
 * `INTERNAL_ERROR` and HTTP 5xx retry, for instance), never the category list itself.
 */
export const CATEGORIES = {
  auth: { retryable: false, code: 'AUTH_ERROR', action: 'reauthenticate' },
  permission: { retryable: false, code: 'PERMISSION_DENIED', action: 'request_permission' },
  not_found: { retryable: false, code: 'NOT_FOUND', action: 'give_up' },
  validation: { retryable: false, code: 'VALIDATION_ERROR', action: 'fix_input' },
  rate_limit: { retryable: true, code: 'RATE_LIMITED', action: 'wait_and_retry' },
  quota: { retryable: false, code: 'QUOTA_EXCEEDED', action: 'give_up' },
  timeout: { retryable: true, code: 'TIMEOUT', action: 'retry' },
  cancelled: { retryable: false, code: 'CANCELLED', action: 'give_up' },
  conflict: { retryable: false, code: 'CONFLICT', action: 'give_up' },
  unavailable: { retryable: true, code: 'UNAVAILABLE', action: 'retry' },
  protocol: { retryable: false, code: 'PROTOCOL_ERROR', action: 'give_up' },
  internal: { retryable: false, code: 'INTERNAL_ERROR', action: 'give_up' },
} as const satisfies Record<string, { retryable: boolean; code: string; action: NextAction }>;

/**
 * What kind of failure an error is. Exactly these twelve values.
 *
 * @example
 * const category: ErrorCategory = 'rate_limit';
 */
export type ErrorCategory = keyof typeof CATEGORIES;

/** What an agent should do about an error, derived from its category and retry hints. */
export type NextAction =
  'retry' | 'wait_and_retry' | 'reauthenticate' | 'fix_input' | 'request_permission' | 'give_up';

/**
 * Every category, in a stable order.
 *
 * @example
 * ERROR_CATEGORIES.includes('timeout'); // true
 */
export const ERROR_CATEGORIES = Object.freeze(Object.keys(CATEGORIES)) as readonly ErrorCategory[];

// A Set: a name read off the wire is a fresh string, which a Set hashes directly (a property
// lookup would first look it up in the engine's table of property names).
const CATEGORY_NAMES: ReadonlySet<string> = new Set(ERROR_CATEGORIES);

/**
 * Whether `value` is one of the twelve category names.
 *
 * @example
 * isErrorCategory('quota'); // true
 * isErrorCategory('fatal'); // false
 */
export function isErrorCategory(value: unknown): value is ErrorCategory {
  return typeof value === 'string' && CATEGORY_NAMES.has(value);
}

/**
 * Whether errors of `category` are worth retrying when their source says nothing more.
 *
 * @example
 * isRetryableCategory('unavailable'); // true
 * isRetryableCategory('validation'); // false
 */
export function isRetryableCategory(category: ErrorCategory): boolean {
  return CATEGORIES[category].retryable;
}

/**
 * The protocols (wire dialects) an error can come from or be encoded for.
 */
export const PROTOCOLS = [
  'jsonrpc',
  'acp',
  'mcp',
  'lsp',
  'a2a',
  'arcp',
  'tool',
  'http',
  'grpc',
] as const;

/** One of {@link PROTOCOLS}. */
export type Protocol = (typeof PROTOCOLS)[number];

/**
 * Whether `value` names a protocol this library speaks.
 *
 * @example
 * isProtocol('mcp'); // true
 */
export function isProtocol(value: unknown): value is Protocol {
  return typeof value === 'string' && PROTOCOL_SET.has(value);
}

const PROTOCOL_SET: ReadonlySet<string> = new Set(PROTOCOLS);

import type { ErrorCategory } from '../../core/categories.js';

/**
 * ARCP §12's fifteen error codes: the class each has in `@arcp/core`, its retryability by default,
 * the hub category it maps to, and its meaning in §12's table (the message sent for an error
 * whose own is empty, which the protocol refuses). `pinned` codes ignore per-error overrides: the
 * protocol says `LEASE_EXPIRED` and `BUDGET_EXHAUSTED` never retry and `INTERNAL_ERROR` always
 * does.
 *
 * @example
 * ARCP_ERRORS.HEARTBEAT_LOST.category; // 'unavailable'
 */
export const ARCP_ERRORS = {
  INVALID_REQUEST: {
    className: 'InvalidRequestError',
    retryable: false,
    category: 'validation',
    meaning: 'Malformed envelope or arguments',
  },
  UNAUTHENTICATED: {
    className: 'UnauthenticatedError',
    retryable: false,
    category: 'auth',
    meaning: 'Bad or missing bearer token',
  },
  PERMISSION_DENIED: {
    className: 'PermissionDeniedError',
    retryable: false,
    category: 'permission',
    meaning: 'Lease check failed',
  },
  JOB_NOT_FOUND: {
    className: 'JobNotFoundError',
    retryable: false,
    category: 'not_found',
    meaning: 'Unknown job_id',
  },
  AGENT_NOT_AVAILABLE: {
    className: 'AgentNotAvailableError',
    retryable: false,
    category: 'not_found',
    meaning: 'Agent name not registered',
  },
  AGENT_VERSION_NOT_AVAILABLE: {
    className: 'AgentVersionNotAvailableError',
    retryable: false,
    category: 'not_found',
    meaning: 'Pinned version absent',
  },
  CANCELLED: {
    className: 'CancelledError',
    retryable: false,
    category: 'cancelled',
    meaning: 'Job cancelled via job.cancel',
  },
  TIMEOUT: {
    className: 'TimeoutError',
    retryable: true,
    category: 'timeout',
    meaning: 'Wall-clock max_runtime_sec tripped',
  },
  INTERNAL_ERROR: {
    className: 'InternalError',
    retryable: true,
    category: 'internal',
    pinned: true,
    meaning: 'Unhandled runtime error',
  },
  LEASE_SUBSET_VIOLATION: {
    className: 'LeaseSubsetViolationError',
    retryable: false,
    category: 'permission',
    meaning: 'Child lease wider than parent',
  },
  LEASE_EXPIRED: {
    className: 'LeaseExpiredError',
    retryable: false,
    category: 'permission',
    pinned: true,
    meaning: 'lease_constraints.expires_at reached',
  },
  BUDGET_EXHAUSTED: {
    className: 'BudgetExhaustedError',
    retryable: false,
    category: 'quota',
    pinned: true,
    meaning: 'lease_constraints.budgets depleted',
  },
  RESUME_WINDOW_EXPIRED: {
    className: 'ResumeWindowExpiredError',
    retryable: false,
    category: 'not_found',
    meaning: 'Resume past resume_window_sec',
  },
  HEARTBEAT_LOST: {
    className: 'HeartbeatLostError',
    retryable: true,
    category: 'unavailable',
    meaning: 'Two consecutive missed pongs',
  },
  DUPLICATE_KEY: {
    className: 'DuplicateKeyError',
    retryable: false,
    category: 'conflict',
    meaning: 'Idempotency key collision with conflicting input',
  },
} as const satisfies Record<
  string,
  {
    className: string;
    retryable: boolean;
    category: ErrorCategory;
    pinned?: true;
    /** ARCP §12's meaning of the code: the message sent when an error has none. */
    meaning: string;
  }
>;

/**
 * One of ARCP's fifteen error codes (ARCP §12's `ErrorCode`).
 *
 * @example
 * const code: ArcpErrorCode = 'LEASE_EXPIRED';
 */
export type ArcpErrorCode = keyof typeof ARCP_ERRORS;

/** ARCP §12's name for {@link ArcpErrorCode}. */
export type ErrorCode = ArcpErrorCode;

/**
 * Every ARCP error code, in the order ARCP §12 lists them.
 *
 * @example
 * ARCP_ERROR_CODES.length; // 15
 */
export const ARCP_ERROR_CODES = Object.freeze(Object.keys(ARCP_ERRORS)) as readonly ArcpErrorCode[];

// A Map: looked up by strings fresh off the wire, which a Map finds faster than an object does.
type ArcpEntry = (typeof ARCP_ERRORS)[ArcpErrorCode] & { pinned?: true };
const ENTRIES: ReadonlyMap<string, ArcpEntry> = new Map(Object.entries(ARCP_ERRORS));

/** The table entry of an ARCP code. Internal. */
export function arcpEntry(code: ArcpErrorCode): ArcpEntry {
  return ENTRIES.get(code) as ArcpEntry;
}

/**
 * Whether `value` is one of the fifteen ARCP error codes.
 *
 * @example
 * isArcpErrorCode('HEARTBEAT_LOST'); // true
 */
export function isArcpErrorCode(value: unknown): value is ArcpErrorCode {
  return typeof value === 'string' && ENTRIES.has(value);
}

/**
 * Whether errors with `code` are retried when the payload says nothing more, per §12's table:
 * `TIMEOUT`, `INTERNAL_ERROR` and `HEARTBEAT_LOST`.
 *
 * @example
 * isRetryableByDefault('TIMEOUT'); // true
 * isRetryableByDefault('PERMISSION_DENIED'); // false
 */
export function isRetryableByDefault(code: ArcpErrorCode): boolean {
  return isArcpErrorCode(code) && arcpEntry(code).retryable;
}

/**
 * The retryability ARCP allows for `code` given a requested value: the request, unless the
 * protocol pins the code (`LEASE_EXPIRED`, `BUDGET_EXHAUSTED` never; `INTERNAL_ERROR` always).
 *
 * @example
 * effectiveRetryable('BUDGET_EXHAUSTED', true); // false
 */
export function effectiveRetryable(code: ArcpErrorCode, requested: boolean | undefined): boolean {
  const entry = arcpEntry(code);
  if (entry.pinned || requested === undefined) return entry.retryable;
  return requested;
}

import { ARCP_ERRORS, ARCP_ERROR_CODES, effectiveRetryable, isArcpErrorCode } from './codes.js';
import type { ArcpErrorCode } from './codes.js';
import { describeValue } from '../../core/is.js';
import { ARCP_ERROR_BRAND } from './is-arcp-error.js';

// The guard lives in a module of its own, so that a decoder recognises these errors without
// carrying the classes.
export { isArcpError } from './is-arcp-error.js';
export type { ARCPErrorLike } from './is-arcp-error.js';

/** Options for {@link ARCPError} and its subclasses. */
export interface ARCPErrorOptions {
  /** Overrides {@link isRetryableByDefault}, except for the codes the protocol pins. */
  retryable?: boolean;
  /** Free-form context, e.g. `{ capability, target }` on a permission denial. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

function fail(option: string, expected: string, received: unknown): never {
  throw new TypeError(
    `ARCPError: ${option} must be ${expected}; received ${describeValue(received)}`,
  );
}

/**
 * An ARCP error (§12): a string `code`, a `message`, whether to `retryable`, free-form `details`
 * and a `cause`. `details` is writable, so a client can add context on a rethrow. Each code has
 * a subclass (`new TimeoutError(msg)`); `fromPayload` builds the right one on the receiving side.
 *
 * @example
 * throw new ARCPError('INVALID_REQUEST', 'url is required');
 */
export class ARCPError<C extends ArcpErrorCode = ArcpErrorCode> extends Error {
  readonly code: C;
  readonly retryable: boolean;
  details?: Record<string, unknown>;

  constructor(code: C, message: string, options?: ARCPErrorOptions) {
    if (!isArcpErrorCode(code)) fail('code', `one of ${ARCP_ERROR_CODES.join(', ')}`, code);
    if (typeof message !== 'string') fail('message', 'a string', message);
    if (options !== undefined && (options === null || typeof options !== 'object'))
      fail('options', 'an object', options);
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    const { retryable, details } = options ?? {};
    if (retryable !== undefined && typeof retryable !== 'boolean')
      fail('options.retryable', 'a boolean', retryable);
    if (
      details !== undefined &&
      (details === null || typeof details !== 'object' || Array.isArray(details))
    )
      fail('options.details', 'a plain object', details);
    this.code = code;
    this.retryable = effectiveRetryable(code, retryable);
    if (details !== undefined) this.details = details;
  }
}

Object.defineProperties(ARCPError.prototype, {
  name: { value: 'ARCPError', writable: true, configurable: true },
  [ARCP_ERROR_BRAND]: { value: true },
});

/**
 * `INVALID_REQUEST`: malformed envelope or arguments. Not retryable.
 *
 * @example
 * throw new InvalidRequestError('url is required');
 */
export class InvalidRequestError extends ARCPError<'INVALID_REQUEST'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('INVALID_REQUEST', message, options);
  }
}
/**
 * `UNAUTHENTICATED`: bad or missing bearer token. Not retryable.
 *
 * @example
 * throw new UnauthenticatedError('token failed verification');
 */
export class UnauthenticatedError extends ARCPError<'UNAUTHENTICATED'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('UNAUTHENTICATED', message, options);
  }
}
/**
 * `PERMISSION_DENIED`: a lease check failed. Not retryable.
 *
 * @example
 * throw new PermissionDeniedError('net.fetch denied for s3://other/', {
 *   details: { capability: 'net.fetch', target: 's3://other/' },
 * });
 */
export class PermissionDeniedError extends ARCPError<'PERMISSION_DENIED'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('PERMISSION_DENIED', message, options);
  }
}
/**
 * `JOB_NOT_FOUND`: unknown `job_id`. Not retryable.
 *
 * @example
 * throw new JobNotFoundError('no job j-42', { details: { job_id: 'j-42' } });
 */
export class JobNotFoundError extends ARCPError<'JOB_NOT_FOUND'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('JOB_NOT_FOUND', message, options);
  }
}
/**
 * `AGENT_NOT_AVAILABLE`: agent name not registered. Not retryable.
 *
 * @example
 * throw new AgentNotAvailableError('agent "weekly-report" is not registered');
 */
export class AgentNotAvailableError extends ARCPError<'AGENT_NOT_AVAILABLE'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('AGENT_NOT_AVAILABLE', message, options);
  }
}
/**
 * `AGENT_VERSION_NOT_AVAILABLE`: pinned version absent (v1.1). Not retryable.
 *
 * @example
 * throw new AgentVersionNotAvailableError('weekly-report@2 is not available');
 */
export class AgentVersionNotAvailableError extends ARCPError<'AGENT_VERSION_NOT_AVAILABLE'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('AGENT_VERSION_NOT_AVAILABLE', message, options);
  }
}
/**
 * `CANCELLED`: job cancelled via `job.cancel`. Not retryable.
 *
 * @example
 * throw new CancelledError('cancelled via job.cancel');
 */
export class CancelledError extends ARCPError<'CANCELLED'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('CANCELLED', message, options);
  }
}
/**
 * `TIMEOUT`: wall-clock `max_runtime_sec` tripped. Retryable.
 *
 * @example
 * new TimeoutError('max_runtime_sec exceeded').retryable; // true
 */
export class TimeoutError extends ARCPError<'TIMEOUT'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('TIMEOUT', message, options);
  }
}
/**
 * `INTERNAL_ERROR`: unhandled runtime error. Always retryable (pinned).
 *
 * @example
 * new InternalError('bug', { retryable: false }).retryable; // true: pinned
 */
export class InternalError extends ARCPError<'INTERNAL_ERROR'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('INTERNAL_ERROR', message, options);
  }
}
/**
 * `LEASE_SUBSET_VIOLATION`: child lease wider than parent (§10). Not retryable.
 *
 * @example
 * throw new LeaseSubsetViolationError('child lease wider than parent');
 */
export class LeaseSubsetViolationError extends ARCPError<'LEASE_SUBSET_VIOLATION'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('LEASE_SUBSET_VIOLATION', message, options);
  }
}
/**
 * `LEASE_EXPIRED`: `lease_constraints.expires_at` reached (v1.1). Never retryable (pinned).
 *
 * @example
 * new LeaseExpiredError('lease expired', { retryable: true }).retryable; // false: pinned
 */
export class LeaseExpiredError extends ARCPError<'LEASE_EXPIRED'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('LEASE_EXPIRED', message, options);
  }
}
/**
 * `BUDGET_EXHAUSTED`: `lease_constraints.budgets` depleted (v1.1). Never retryable (pinned).
 *
 * @example
 * new BudgetExhaustedError('budget spent').retryable; // false: pinned
 */
export class BudgetExhaustedError extends ARCPError<'BUDGET_EXHAUSTED'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('BUDGET_EXHAUSTED', message, options);
  }
}
/**
 * `RESUME_WINDOW_EXPIRED`: resume past `resume_window_sec`. Not retryable.
 *
 * @example
 * throw new ResumeWindowExpiredError('resume past resume_window_sec');
 */
export class ResumeWindowExpiredError extends ARCPError<'RESUME_WINDOW_EXPIRED'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('RESUME_WINDOW_EXPIRED', message, options);
  }
}
/**
 * `HEARTBEAT_LOST`: two consecutive missed pongs (v1.1). Retryable.
 *
 * @example
 * new HeartbeatLostError('two pongs missed').retryable; // true
 */
export class HeartbeatLostError extends ARCPError<'HEARTBEAT_LOST'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('HEARTBEAT_LOST', message, options);
  }
}
/**
 * `DUPLICATE_KEY`: idempotency key collision with conflicting input. Not retryable.
 *
 * @example
 * throw new DuplicateKeyError('key weekly-report-2026-W19 reused with other input');
 */
export class DuplicateKeyError extends ARCPError<'DUPLICATE_KEY'> {
  constructor(message: string, options?: ARCPErrorOptions) {
    super('DUPLICATE_KEY', message, options);
  }
}

/**
 * The subclass for each code.
 *
 * @example
 * new ARCP_ERROR_CLASSES.TIMEOUT('slow') instanceof TimeoutError; // true
 */
export const ARCP_ERROR_CLASSES = {
  INVALID_REQUEST: InvalidRequestError,
  UNAUTHENTICATED: UnauthenticatedError,
  PERMISSION_DENIED: PermissionDeniedError,
  JOB_NOT_FOUND: JobNotFoundError,
  AGENT_NOT_AVAILABLE: AgentNotAvailableError,
  AGENT_VERSION_NOT_AVAILABLE: AgentVersionNotAvailableError,
  CANCELLED: CancelledError,
  TIMEOUT: TimeoutError,
  INTERNAL_ERROR: InternalError,
  LEASE_SUBSET_VIOLATION: LeaseSubsetViolationError,
  LEASE_EXPIRED: LeaseExpiredError,
  BUDGET_EXHAUSTED: BudgetExhaustedError,
  RESUME_WINDOW_EXPIRED: ResumeWindowExpiredError,
  HEARTBEAT_LOST: HeartbeatLostError,
  DUPLICATE_KEY: DuplicateKeyError,
} as const satisfies {
  [C in ArcpErrorCode]: new (message: string, options?: ARCPErrorOptions) => ARCPError<C>;
};

// Names set on the prototypes so that minified builds still print `TimeoutError: …`.
for (const code of ARCP_ERROR_CODES) {
  Object.defineProperty(ARCP_ERROR_CLASSES[code].prototype, 'name', {
    value: ARCP_ERRORS[code].className,
    writable: true,
    configurable: true,
  });
}

/**
 * An instance of the subclass for `code`.
 *
 * @example
 * createARCPError('TIMEOUT', 'slow') instanceof TimeoutError; // true
 */
export function createARCPError<C extends ArcpErrorCode>(
  code: C,
  message: string,
  options?: ARCPErrorOptions,
): ARCPError<C> {
  if (!isArcpErrorCode(code)) fail('code', `one of ${ARCP_ERROR_CODES.join(', ')}`, code);
  const Class = ARCP_ERROR_CLASSES[code] as unknown as new (
    message: string,
    options?: ARCPErrorOptions,
  ) => ARCPError<C>;
  return new Class(message, options);
}

import { AgentError, isAgentError } from '../core/agent-error.js';
import type { AgentErrorLike } from '../core/agent-error.js';
import { redactString } from '../core/redact.js';

/**
 * Why {@link retry} stopped retrying:
 * - `not_retryable`: the error (or `shouldRetry`) says retrying will not help;
 * - `attempts_exhausted`: `maxAttempts` calls were made;
 * - `deadline`: the next try could only start after `maxElapsedMs`, or an attempt ran into it;
 * - `budget`: the target's retry budget is spent (too many failures lately);
 * - `aborted`: the caller's `signal` aborted;
 * - `retry_after_too_long`: the server asked for a wait longer than `maxDelayMs` (the error's
 *   `retryAfterMs` says how long);
 * - `outcome_unknown`: the attempt may have reached the server (a timeout, a dropped
 *   connection, or `markSent()` was called) and the call is not idempotent;
 * - `circuit_open`: the target's circuit breaker is open (`retryAfterMs`: until its probe);
 * - `bulkhead_full`: the target's bulkhead (`concurrency`) had no turn free and no room in its
 *   queue, or the attempt waited `queueTimeoutMs` in the queue (code `BULKHEAD_FULL`);
 * - `already_retried`: the error already went through a retry loop (ours or another
 *   library's), and `retryNested` is not set.
 */
export type RetryStopReason =
  | 'not_retryable'
  | 'attempts_exhausted'
  | 'deadline'
  | 'budget'
  | 'aborted'
  | 'retry_after_too_long'
  | 'outcome_unknown'
  | 'circuit_open'
  | 'bulkhead_full'
  | 'already_retried';

const REASONS: readonly RetryStopReason[] = [
  'not_retryable',
  'attempts_exhausted',
  'deadline',
  'budget',
  'aborted',
  'retry_after_too_long',
  'outcome_unknown',
  'circuit_open',
  'bulkhead_full',
  'already_retried',
];

/** What `details.retry` of a {@link RetryError} holds. */
export interface RetryStop {
  /** How many times the function was called (0 when it was stopped before the first call). */
  readonly attempts: number;
  readonly reason: RetryStopReason;
}

const BRAND = Symbol.for('agent-errors.RetryError');

/**
 * What {@link retry} rejects with: the last error, classified, with how many attempts were made
 * and why retrying stopped. It *is* that error for every decision — same `code`, `category`,
 * `retryable`, `retryAfterMs` and `wire`, and its `message` with secrets redacted (a retry's
 * failure is what gets logged, far from the call that knew what its text held) — plus
 * `attempts`, `reason` and `lastError`,
 * and `details.retry = { attempts, reason }` so the stop survives the wire and `structuredClone`.
 * `cause` is exactly what the last attempt threw (or the abort reason).
 *
 * @example
 * try {
 *   await retry(callTool, { maxAttempts: 3 });
 * } catch (err) {
 *   if (isRetryError(err)) console.log(err.code, err.details?.retry); // 'UNAVAILABLE' { attempts: 3, reason: 'attempts_exhausted' }
 * }
 */
export class RetryError extends AgentError {
  /** How many times the function was called. */
  declare readonly attempts: number;
  /** Why retrying stopped. */
  declare readonly reason: RetryStopReason;
  /** The last error as classified (the one decisions were made on). */
  declare readonly lastError: AgentError;

  constructor(lastError: AgentError, stop: RetryStop, cause: unknown) {
    super(redactString(lastError.message), {
      category: lastError.category,
      code: lastError.code,
      retryable: lastError.retryable,
      ...(lastError.retryAfterMs !== undefined ? { retryAfterMs: lastError.retryAfterMs } : {}),
      ...(lastError.wire !== undefined ? { wire: lastError.wire } : {}),
      details: { ...lastError.details, retry: { attempts: stop.attempts, reason: stop.reason } },
      // The exposure mark stays: an unexpected last error is still sent as one.
      ...(lastError.unexpected === true ? { unexpected: true } : {}),
      cause,
      // The stack worth reading is the one of what was thrown, kept in `cause`.
      captureStack: false,
    });
    // `attempts` and `reason` are own enumerable fields, so `structuredClone` keeps them (it
    // copies an error's own enumerable fields); `lastError` is the object decisions were made
    // on, kept out of copies (its fields are this error's).
    Object.defineProperties(this, {
      attempts: { value: stop.attempts, enumerable: true },
      reason: { value: stop.reason, enumerable: true },
      lastError: { value: lastError },
    });
  }
}

Object.defineProperties(RetryError.prototype, {
  name: { value: 'RetryError', writable: true, configurable: true },
  [BRAND]: { value: true },
});

/** What {@link isRetryError} narrows to: the error's fields and why retrying stopped. */
export type RetryErrorLike = AgentErrorLike &
  RetryStop & {
    details: { retry: RetryStop };
  };

/**
 * Whether `value` is a {@link RetryError}: an instance (of this or another copy of the package),
 * or a `structuredClone` or JSON copy of one, which keep `attempts` and `reason`. Narrows so that
 * `err.reason` and `err.attempts` can be read. A copy rebuilt by `deserializeError` is an
 * `AgentError` that keeps only `details.retry`: read it with {@link retryStopOf}.
 *
 * @example
 * if (isRetryError(err)) console.log(err.reason, err.attempts); // 'attempts_exhausted' 3
 */
export function isRetryError(value: unknown): value is RetryErrorLike {
  if (!isAgentError(value)) return false;
  if ((value as { [BRAND]?: unknown })[BRAND] === true) return true;
  const stop = retryStopOf(value);
  if (stop === undefined) return false;
  const copy = value as Partial<RetryStop>;
  return copy.attempts === stop.attempts && copy.reason === stop.reason;
}

/**
 * The `{ attempts, reason }` recorded on an error that {@link retry} rejected with, or
 * `undefined` when there is none.
 *
 * @example
 * retryStopOf(err); // { attempts: 3, reason: 'attempts_exhausted' }
 */
export function retryStopOf(error: unknown): RetryStop | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  try {
    const details = (error as { details?: unknown }).details;
    if (details === null || typeof details !== 'object') return undefined;
    const stop = (details as { retry?: unknown }).retry;
    if (stop === null || typeof stop !== 'object') return undefined;
    const { attempts, reason } = stop as Record<string, unknown>;
    if (
      typeof attempts !== 'number' ||
      !Number.isInteger(attempts) ||
      attempts < 0 ||
      !REASONS.includes(reason as RetryStopReason)
    )
      return undefined;
    return { attempts, reason: reason as RetryStopReason };
  } catch {
    return undefined;
  }
}

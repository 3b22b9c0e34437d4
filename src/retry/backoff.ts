import { numberOption } from './check-option.js';

/** Inputs of {@link backoffDelay}. */
export interface BackoffDelayOptions {
  /** The ceiling of the first retry's delay. */
  baseDelayMs: number;
  /** No delay is ever longer than this. */
  maxDelayMs: number;
  /** A source of numbers in [0, 1); `Math.random` by default. */
  random?: () => number;
}

/**
 * Exponential backoff with full jitter: a uniformly random delay in
 * `[0, min(maxDelayMs, baseDelayMs × 2^(retry − 1)))`. Full jitter spreads callers that failed
 * together, so they do not come back together.
 *
 * @param retry 1 for the first retry (after attempt 1), 2 for the second, …
 * @example
 * const ms = backoffDelay(3, { baseDelayMs: 100, maxDelayMs: 10_000 }); // in [0, 400)
 */
export function backoffDelay(retry: number, options: BackoffDelayOptions): number {
  numberOption('backoffDelay', 'retry', retry, { min: 1, integer: true });
  const { baseDelayMs, maxDelayMs, random = Math.random } = options;
  // 2^exponent overflows to Infinity well past any real retry count; min() keeps it bounded.
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(retry - 1, 1023));
  const r = random();
  // A random source outside [0, 1) must not produce a delay outside the jitter bounds.
  const unit = r >= 0 && r < 1 ? r : 0;
  return Math.floor(unit * ceiling);
}

/** Inputs of {@link decorrelatedDelay}. */
export interface DecorrelatedDelayOptions {
  /** The shortest delay, and the first retry's starting point. */
  baseDelayMs: number;
  /** No delay is ever longer than this. */
  maxDelayMs: number;
  /** A source of numbers in [0, 1); `Math.random` by default. */
  random?: () => number;
}

/**
 * Decorrelated jitter, from AWS's "Exponential Backoff and Jitter": a uniformly random delay
 * in `[baseDelayMs, 3 × previousDelayMs)`, capped by `maxDelayMs`. Each delay grows from the
 * last one drawn rather than from the retry count, so callers that failed together drift apart
 * while the typical wait still grows.
 *
 * @param previousDelayMs the delay drawn before this one; `0` (or less than the base) for the first retry.
 * @example
 * let delay = 0;
 * delay = decorrelatedDelay(delay, { baseDelayMs: 100, maxDelayMs: 10_000 }); // in [100, 300)
 * delay = decorrelatedDelay(delay, { baseDelayMs: 100, maxDelayMs: 10_000 }); // in [100, 3 × delay)
 */
export function decorrelatedDelay(
  previousDelayMs: number,
  options: DecorrelatedDelayOptions,
): number {
  numberOption('decorrelatedDelay', 'previousDelayMs', previousDelayMs);
  const { baseDelayMs, maxDelayMs, random = Math.random } = options;
  const from = Math.min(baseDelayMs, maxDelayMs);
  const to = Math.min(maxDelayMs, Math.max(from, previousDelayMs) * 3);
  const r = random();
  const unit = r >= 0 && r < 1 ? r : 0;
  return Math.floor(from + unit * (to - from));
}

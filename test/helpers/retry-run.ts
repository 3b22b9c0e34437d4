import { retry } from '../../src/retry/retry.js';
import type { RetryAttempt, RetryOptions } from '../../src/retry/retry.js';
import { createManualClock } from './manual-clock.js';
import type { ManualClock } from './manual-clock.js';

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Start `retry` on a manual clock (or the one given). The promise is observed at once, so a
 * rejection the test reads later is never reported as unhandled.
 */
export function startRetry<T>(
  fn: (a: RetryAttempt) => T | PromiseLike<T>,
  options: RetryOptions = {},
  clock: ManualClock = createManualClock(),
): { clock: ManualClock; settled: Promise<Settled<T>> } {
  const settled = retry(fn, { clock, ...options }).then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({ ok: false, error }),
  );
  return { clock, settled };
}

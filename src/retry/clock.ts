import { timerDelay } from '../core/timer-delay.js';

/**
 * Where time comes from, for {@link retry}, retry budgets and the memory idempotency store.
 * Tests pass a manual clock; production code uses {@link systemClock}.
 *
 * @example
 * const clock: Clock = { now: () => Date.now(), setTimeout, clearTimeout };
 */
export interface Clock {
  /** Milliseconds on a monotonic-enough scale (only differences are used). */
  now(): number;
  /** Calls `callback` after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels the timer whose handle `setTimeout` returned. */
  clearTimeout(handle: unknown): void;
}

/**
 * The real clock: `Date.now` and the global timers.
 *
 * @example
 * await retry(fetchReport, { clock: systemClock });
 */
export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number): unknown =>
    globalThis.setTimeout(callback, timerDelay(ms)),
  clearTimeout: (handle: unknown): void => {
    globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]);
  },
});

/**
 * Resolve after `ms` on `clock`, or reject with `signal.reason` the moment `signal` aborts.
 * @internal
 */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(handle);
      reject(signal?.reason as Error);
    };
    // Clamped for any clock: a test clock may hand the delay to the real setTimeout.
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settle like `promise`, or reject with `signal.reason` as soon as `signal` aborts, whichever
 * comes first. A rejection of `promise` after the abort is observed and dropped.
 * @internal
 */
export function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    if (signal.aborted) {
      promise.catch(() => {});
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        // Passed through untouched: retry classifies whatever the attempt threw.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        reject(error);
      },
    );
  });
}

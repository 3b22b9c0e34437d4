import { clockOption, numberOption, optionError } from './check-option.js';

/**
 * A token bucket shared by many {@link retry} calls, so that retries add at most a set fraction
 * to the traffic and a failing dependency is not hammered by every caller at once.
 *
 * `retry` calls {@link RetryBudget.deposit} once per logical call and
 * {@link RetryBudget.tryWithdraw} before each retry; a retry that finds the bucket empty is not
 * made, and the call rejects with reason `'budget'`.
 */
export interface RetryBudget {
  /** Record one logical call (its first attempt): adds `ratio` tokens. */
  deposit(): void;
  /** Take one token for a retry; `false` when the budget is spent. */
  tryWithdraw(): boolean;
  /** Tokens available now (whole retries that could be made). */
  readonly available: number;
}

/** Options of {@link createRetryBudget}. */
export interface RetryBudgetOptions {
  /** Retries allowed per logical call on average, e.g. `0.1` = at most 10% extra traffic. Default `0.1`. */
  ratio?: number;
  /**
   * Retries allowed per second regardless of traffic, so that a quiet caller can still retry.
   * Refilled continuously. Default `10`.
   */
  minPerSecond?: number;
  /** The most tokens the bucket holds (the largest burst of retries). Default `max(1, minPerSecond)`. */
  capacity?: number;
  /** Where time comes from. Only `now()` is used. */
  clock?: {
    /** Milliseconds; only differences are used. */
    now(): number;
  };
}

const WHERE = 'createRetryBudget';

/**
 * Make a retry budget: a bucket that starts full, gains `ratio` tokens per logical call and
 * `minPerSecond` tokens per second, holds at most `capacity`, and pays one token per retry.
 *
 * @example
 * const budget = createRetryBudget({ ratio: 0.1, minPerSecond: 5 });
 * await retry(callTool, { budget });
 * await retry(callOtherTool, { budget }); // the same bucket
 */
export function createRetryBudget(options: RetryBudgetOptions = {}): RetryBudget {
  if (options === null || typeof options !== 'object')
    throw optionError(WHERE, 'options', 'an object', options);
  const ratio = numberOption(WHERE, 'ratio', options.ratio) ?? 0.1;
  const minPerSecond = numberOption(WHERE, 'minPerSecond', options.minPerSecond) ?? 10;
  const capacity =
    numberOption(WHERE, 'capacity', options.capacity, { min: 1 }) ?? Math.max(1, minPerSecond);
  const clock = clockOption<{ now(): number }>(WHERE, options.clock, ['now']) ?? {
    now: () => Date.now(),
  };

  let tokens = capacity;
  let last = clock.now();

  const refill = (): void => {
    const now = clock.now();
    const elapsed = now - last;
    last = now;
    // A clock that steps backwards adds nothing rather than draining the bucket.
    if (elapsed > 0) tokens = Math.min(capacity, tokens + (elapsed / 1000) * minPerSecond);
  };

  return {
    deposit(): void {
      refill();
      tokens = Math.min(capacity, tokens + ratio);
    },
    tryWithdraw(): boolean {
      refill();
      // Tolerate float dust from repeated fractional deposits (10 × 0.1 = 0.9999999999999999).
      if (tokens < 1 - 1e-9) return false;
      tokens = Math.max(0, tokens - 1);
      return true;
    },
    get available(): number {
      refill();
      return Math.floor(tokens + 1e-9);
    },
  };
}

/**
 * What {@link retry} shares between every call that names the same `target`: the retry budget,
 * the circuit breaker, and "the server said wait until T". The in-memory store is the default;
 * `RedisRetryStateStore` (from `agent-errors/redis`) shares it between processes. A store of
 * your own implements these two methods.
 *
 * Both may answer synchronously or with a promise. Neither should throw or reject: a store that
 * cannot reach its backend answers as if the target were healthy (`admit` → go, `record` → not
 * throttled) and reports the failure its own way, so that an outage of the store does not become
 * an outage of every call.
 */
export interface RetryStateStore {
  /** Before each attempt: may it go now? `now` is the caller's clock (a store may use its own). */
  admit(
    target: string,
    policy: TargetPolicy,
    now: number,
    onBreakerChange?: BreakerChangeListener,
  ): Admission | PromiseLike<Admission>;
  /**
   * After each attempt: what happened. Answers whether retries to the target are throttled now
   * (the budget is at or below half of `maxTokens`).
   */
  record(
    target: string,
    report: AttemptReport,
    policy: TargetPolicy,
    now: number,
    onBreakerChange?: BreakerChangeListener,
  ): boolean | PromiseLike<boolean>;
}

/** A circuit breaker's state. */
export type BreakerState = 'closed' | 'open' | 'half_open';

/**
 * Why a circuit breaker changed state:
 * - `consecutive_failures`: `failureThreshold` unhealthy failures in a row opened it;
 * - `failure_rate` / `slow_call_rate`: the share of unhealthy / slow calls in its window reached
 *   `failureRatio` / `slowCallRatio` (with at least `minimumThroughput` calls);
 * - `break_elapsed`: it has been open `halfOpenAfterMs`, and lets probes through (half-open);
 * - `probes_succeeded`: the probes succeeded, it closed;
 * - `probe_failed` / `probe_slow`: the probes failed / were slow, it opened again.
 */
export type BreakerChangeReason =
  | 'consecutive_failures'
  | 'failure_rate'
  | 'slow_call_rate'
  | 'break_elapsed'
  | 'probes_succeeded'
  | 'probe_failed'
  | 'probe_slow';

/** A circuit breaker's change of state, as a {@link RetryStateStore} reports it. */
export interface BreakerChange {
  /** The state it left. */
  readonly from: BreakerState;
  /** The state it is in now. */
  readonly to: BreakerState;
  /** Why. */
  readonly reason: BreakerChangeReason;
}

/**
 * Told of each change of a target's breaker state, synchronously, by the store that made it. A
 * store that keeps its breaker elsewhere (Redis) may not tell: the change is then seen only as
 * calls turned away.
 */
export type BreakerChangeListener = (change: BreakerChange) => void;

/** The settings a {@link RetryStateStore} applies to a target, as {@link retry} resolved them. */
export interface TargetPolicy {
  /** The budget's size; `0` means no budget. */
  readonly maxTokens: number;
  /** Tokens a success gives back. */
  readonly tokenRatio: number;
  /** Consecutive unhealthy failures that open the breaker; `0` means no breaker. */
  readonly failureThreshold: number;
  /** How long the breaker stays open before one probe is let through. */
  readonly halfOpenAfterMs: number;
  /** Successful probes that close it again. */
  readonly successThreshold: number;
  /** How long a probe holds its slot (a probe that never reports back is given up after this). */
  readonly probeLeaseMs: number;
}

/**
 * A store's answer to {@link RetryStateStore.admit}:
 * - `go`: make the attempt (`probe` is non-empty when this attempt is the one probe let through);
 * - `wait`: the server asked every caller to wait `waitMs` more;
 * - `probing`: another caller is probing the target; ask again soon (at most `waitMs`);
 * - `open`: the circuit breaker is open for `waitMs` more (or its probe is under way).
 */
export interface Admission {
  readonly kind: 'go' | 'wait' | 'probing' | 'open';
  readonly waitMs: number;
  readonly probe: string;
}

/** What {@link retry} tells a {@link RetryStateStore} after an attempt. */
export interface AttemptReport {
  /** The attempt succeeded. */
  readonly ok: boolean;
  /** The probe the attempt held (from {@link Admission}), `''` when none. */
  readonly probe: string;
  /** A retryable failure: it costs the budget `tokens` (one when absent). */
  readonly cost: boolean;
  /**
   * What the failure costs the budget when `cost` is set: `1` for a transient fault, less for
   * throttling (`budget.throttledCost`). A store that ignores it charges one token.
   */
  readonly tokens?: number;
  /** A failure that says the target is unhealthy: it counts for the breaker. */
  readonly unhealthy: boolean;
  /** The server asked every caller to wait this long (ms); `-1` when it did not. */
  readonly waitMs: number;
}

/** The answer most calls get: go, no probe. @internal */
export const GO: Admission = Object.freeze({ kind: 'go', waitMs: 0, probe: '' });

/** The report of a success that held no probe. @internal */
export const SUCCESS: AttemptReport = Object.freeze({
  ok: true,
  probe: '',
  cost: false,
  unhealthy: false,
  waitMs: -1,
});

/** Whether `value` has the two methods of a {@link RetryStateStore}. @internal */
export function isRetryStateStore(value: unknown): value is RetryStateStore {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Partial<RetryStateStore>).admit === 'function' &&
    typeof (value as Partial<RetryStateStore>).record === 'function'
  );
}

/**
 * The circuit breaker that sees rates: a sliding window of a target's recent calls (the last N,
 * or those of the last T ms) opens the breaker when the share of unhealthy or slow ones reaches a
 * threshold, once the window holds `minimumThroughput` calls. These are Resilience4j's and Polly
 * v8's semantics; see docs/retry.md ("Breakers that see rates") for the option names chosen.
 *
 * The windows live in this process's memory, whatever `state` store the call names: a window of
 * outcomes changes on every call, which a shared store would pay for with a round trip each.
 * @internal
 */
import { MAX_TIMER_MS } from '../core/timer-delay.js';
import { numberOption, optionError, ratioOption } from './check-option.js';
import type { CircuitBreakerOptions, RateBreakerFeature, RetryFeature } from './options.js';
import { PerTarget } from './per-target.js';
import type { BreakerChange, BreakerChangeListener } from './retry-state.js';

/** The settings of a rate breaker, resolved from `breaker`'s options. @internal */
export interface RatePolicy {
  /** Share of unhealthy calls in the window that opens it; `Infinity` when only slowness counts. */
  readonly failureRatio: number;
  /** A call taking at least this long is slow; `Infinity` when slowness does not count. */
  readonly slowCallDurationMs: number;
  /** Share of slow calls in the window that opens it. */
  readonly slowCallRatio: number;
  /** Calls the window must hold before a rate is judged. */
  readonly minimumThroughput: number;
  /** A window of the last `windowCalls` calls, or 0 for a window of time. */
  readonly windowCalls: number;
  /** A window of the last `samplingDurationMs` ms (when `windowCalls` is 0). */
  readonly samplingDurationMs: number;
  /** How long it stays open before probes are let through. */
  readonly breakDurationMs: number;
  /** Probes let through while half-open; their verdict closes or reopens it. */
  readonly halfOpenProbes: number;
}

/** What a rate breaker answers before an attempt. @internal */
export type RateAdmission =
  { readonly go: true; readonly probe: boolean } | { readonly go: false; readonly waitMs: number };

const GO: RateAdmission = Object.freeze({ go: true, probe: false });
const PROBE: RateAdmission = Object.freeze({ go: true, probe: true });

// A time window is kept as this many buckets (Polly's choice), so that old calls leave it a
// bucket at a time and recording a call costs no allocation.
const TIME_BUCKETS = 10;

/** Calls, unhealthy ones and slow ones: what a window holds. */
interface Counts {
  calls: number;
  failures: number;
  slow: number;
}

/** The last `size` calls, in a ring. */
class CountWindow {
  readonly #outcomes: Uint8Array;
  #next = 0;
  readonly #counts: Counts = { calls: 0, failures: 0, slow: 0 };

  constructor(size: number) {
    this.#outcomes = new Uint8Array(size);
  }

  add(failed: boolean, slow: boolean): void {
    const c = this.#counts;
    if (c.calls === this.#outcomes.length) {
      const old = this.#outcomes[this.#next] as number;
      c.failures -= old & 1;
      c.slow -= old >> 1;
    } else c.calls += 1;
    this.#outcomes[this.#next] = (failed ? 1 : 0) | (slow ? 2 : 0);
    if (failed) c.failures += 1;
    if (slow) c.slow += 1;
    this.#next = (this.#next + 1) % this.#outcomes.length;
  }

  counts(): Counts {
    return this.#counts;
  }

  reset(): void {
    this.#next = 0;
    this.#counts.calls = this.#counts.failures = this.#counts.slow = 0;
  }
}

/** The calls of the last `durationMs`, in buckets of a tenth of it each. */
class TimeWindow {
  readonly #bucketMs: number;
  /** Which bucket period (now / bucketMs) each slot holds; -1 when empty. */
  readonly #periods = new Float64Array(TIME_BUCKETS).fill(-1);
  readonly #calls = new Uint32Array(TIME_BUCKETS);
  readonly #failures = new Uint32Array(TIME_BUCKETS);
  readonly #slow = new Uint32Array(TIME_BUCKETS);

  constructor(durationMs: number) {
    this.#bucketMs = durationMs / TIME_BUCKETS;
  }

  add(now: number, failed: boolean, slow: boolean): void {
    const period = Math.floor(now / this.#bucketMs);
    const slot = period % TIME_BUCKETS;
    if (this.#periods[slot] !== period) {
      this.#periods[slot] = period;
      this.#calls[slot] = this.#failures[slot] = this.#slow[slot] = 0;
    }
    (this.#calls[slot] as number) += 1;
    if (failed) (this.#failures[slot] as number) += 1;
    if (slow) (this.#slow[slot] as number) += 1;
  }

  counts(now: number): Counts {
    const period = Math.floor(now / this.#bucketMs);
    const c: Counts = { calls: 0, failures: 0, slow: 0 };
    for (let slot = 0; slot < TIME_BUCKETS; slot++) {
      if (period - (this.#periods[slot] as number) >= TIME_BUCKETS) continue;
      c.calls += this.#calls[slot] as number;
      c.failures += this.#failures[slot] as number;
      c.slow += this.#slow[slot] as number;
    }
    return c;
  }

  reset(): void {
    this.#periods.fill(-1);
  }
}

const CLOSED = 'closed';
const OPEN = 'open';
const HALF_OPEN = 'half_open';

/** One target's rate breaker. @internal */
export class RateBreaker {
  readonly #count: CountWindow | undefined;
  readonly #time: TimeWindow | undefined;
  #state: typeof CLOSED | typeof OPEN | typeof HALF_OPEN = CLOSED;
  #openUntil = 0;
  /** Half-open: probes let through, and the verdicts of those that reported. */
  #probes = 0;
  readonly #probed: Counts = { calls: 0, failures: 0, slow: 0 };

  constructor(policy: RatePolicy) {
    if (policy.windowCalls > 0) this.#count = new CountWindow(policy.windowCalls);
    else this.#time = new TimeWindow(policy.samplingDurationMs);
  }

  /** Before an attempt: may it go, and is it a half-open probe? */
  admit(policy: RatePolicy, now: number, onChange?: BreakerChangeListener): RateAdmission {
    if (this.#state === CLOSED) return GO;
    if (this.#state === OPEN) {
      if (now < this.#openUntil) return { go: false, waitMs: this.#openUntil - now };
      this.#state = HALF_OPEN;
      this.#probes = 0;
      this.#probed.calls = this.#probed.failures = this.#probed.slow = 0;
      onChange?.({ from: OPEN, to: HALF_OPEN, reason: 'break_elapsed' });
    }
    if (this.#probes >= policy.halfOpenProbes) {
      // Every probe is out: come back after another break at most, when they will have spoken.
      return { go: false, waitMs: policy.breakDurationMs };
    }
    this.#probes += 1;
    return PROBE;
  }

  /** After an attempt: its verdict. `failed` only for a failure that says the target is unhealthy. */
  record(
    policy: RatePolicy,
    now: number,
    probe: boolean,
    failed: boolean,
    durationMs: number,
    onChange?: BreakerChangeListener,
  ): void {
    const slow = durationMs >= policy.slowCallDurationMs;
    if (probe) {
      if (this.#state !== HALF_OPEN) return;
      const p = this.#probed;
      p.calls += 1;
      if (failed) p.failures += 1;
      if (slow) p.slow += 1;
      if (p.calls < policy.halfOpenProbes) return;
      const reason = tripped(p, policy);
      if (reason === undefined) this.#close(onChange);
      else
        this.#open(
          policy,
          now,
          HALF_OPEN,
          reason === 'failure_rate' ? 'probe_failed' : 'probe_slow',
          onChange,
        );
      return;
    }
    if (this.#state !== CLOSED) return;
    let counts: Counts;
    if (this.#count !== undefined) {
      this.#count.add(failed, slow);
      counts = this.#count.counts();
    } else {
      const time = this.#time as TimeWindow;
      time.add(now, failed, slow);
      counts = time.counts(now);
    }
    if (counts.calls < policy.minimumThroughput) return;
    const reason = tripped(counts, policy);
    if (reason !== undefined) this.#open(policy, now, CLOSED, reason, onChange);
  }

  /** A probe that ended without a verdict (its caller aborted): its slot is free again. */
  release(): void {
    if (this.#state === HALF_OPEN && this.#probes > 0) this.#probes -= 1;
  }

  #open(
    policy: RatePolicy,
    now: number,
    from: BreakerChange['from'],
    reason: BreakerChange['reason'],
    onChange?: BreakerChangeListener,
  ): void {
    this.#state = OPEN;
    this.#openUntil = now + policy.breakDurationMs;
    this.#count?.reset();
    this.#time?.reset();
    onChange?.({ from, to: OPEN, reason });
  }

  #close(onChange?: BreakerChangeListener): void {
    this.#state = CLOSED;
    onChange?.({ from: HALF_OPEN, to: CLOSED, reason: 'probes_succeeded' });
  }
}

/** Which threshold `counts` reach, if any. */
function tripped(
  counts: Counts,
  policy: RatePolicy,
): 'failure_rate' | 'slow_call_rate' | undefined {
  if (counts.calls === 0) return undefined;
  if (counts.failures / counts.calls >= policy.failureRatio) return 'failure_rate';
  if (counts.slow / counts.calls >= policy.slowCallRatio) return 'slow_call_rate';
  return undefined;
}

/** The rate breakers of this process (any may be forgotten: a forgotten window starts empty). @internal */
export const processRateBreakers = new PerTarget<RateBreaker, RatePolicy>(
  (policy) => new RateBreaker(policy),
  () => true,
);

const WHERE = 'retry';

/** `breaker`'s options resolved, for a breaker that sees rates. */
function ratePolicy(breaker: CircuitBreakerOptions): RatePolicy {
  const windowCalls = numberOption(WHERE, 'breaker.windowCalls', breaker.windowCalls, {
    min: 1,
    integer: true,
  });
  const samplingDurationMs = numberOption(
    WHERE,
    'breaker.samplingDurationMs',
    breaker.samplingDurationMs,
    { min: 1 },
  );
  if (windowCalls !== undefined && samplingDurationMs !== undefined)
    throw optionError(
      WHERE,
      'breaker',
      'given windowCalls or samplingDurationMs, not both (a window counts calls or time)',
      breaker,
    );
  const slowCallDurationMs = numberOption(
    WHERE,
    'breaker.slowCallDurationMs',
    breaker.slowCallDurationMs,
    { min: 1 },
  );
  return {
    failureRatio: ratioOption(WHERE, 'breaker.failureRatio', breaker.failureRatio) ?? 0.5,
    slowCallDurationMs: slowCallDurationMs ?? Infinity,
    slowCallRatio: ratioOption(WHERE, 'breaker.slowCallRatio', breaker.slowCallRatio) ?? 1,
    // A count window never holds more calls than its size (Resilience4j clamps the same way).
    minimumThroughput: Math.min(
      numberOption(WHERE, 'breaker.minimumThroughput', breaker.minimumThroughput, {
        min: 1,
        integer: true,
      }) ?? 10,
      windowCalls ?? Infinity,
    ),
    windowCalls: windowCalls ?? 0,
    samplingDurationMs: samplingDurationMs ?? 30_000,
    breakDurationMs: Math.min(
      numberOption(WHERE, 'breaker.halfOpenAfterMs', breaker.halfOpenAfterMs, { min: 1 }) ?? 5_000,
      MAX_TIMER_MS,
    ),
    halfOpenProbes:
      numberOption(WHERE, 'breaker.halfOpenProbes', breaker.halfOpenProbes, {
        min: 1,
        integer: true,
      }) ?? 1,
  };
}

const RATE_BREAKER: RateBreakerFeature = {
  feature: 'rateBreaker',
  policy: ratePolicy,
  breakerOf: (target, policy) => processRateBreakers.of(target, policy),
};

/**
 * The circuit breaker that sees rates, for {@link createRetry}'s `features`: a retry made with
 * it accepts `breaker: { failureRatio, slowCallDurationMs, … }` (docs/retry.md, "Breakers that
 * see rates"). The root `retry` has it already.
 *
 * @example
 * import { createRetry, rateBreaker } from 'agent-errors/retry';
 * const retry = createRetry(decoder, { features: [rateBreaker] });
 * await retry(call, { target: 'api', breaker: { failureRatio: 0.5, windowCalls: 20 } });
 */
export const rateBreaker: RetryFeature = RATE_BREAKER;

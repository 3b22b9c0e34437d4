import { GO } from './retry-state.js';
import type {
  Admission,
  AttemptReport,
  BreakerChangeListener,
  RetryStateStore,
  TargetPolicy,
} from './retry-state.js';

const CLOSED = 0;
const TOKEN_ROUNDING = 1e-9;
const OPEN = 1;
const HALF_OPEN = 2;

/** What one process knows about one target. */
interface TargetEntry {
  /** gRPC retry throttling's token count. */
  tokens: number;
  breaker: typeof CLOSED | typeof OPEN | typeof HALF_OPEN;
  /** Consecutive unhealthy failures while closed. */
  failures: number;
  openUntil: number;
  /** Successful probes while half-open. */
  successes: number;
  /** The server asked every caller to wait until then. */
  waitUntil: number;
  /** A wait ended with no success since: the next attempt is a single probe. */
  probeNeeded: boolean;
  /** The probe under way ('' when none) and when its slot is given up. */
  probe: string;
  probeUntil: number;
}

/**
 * The default {@link RetryStateStore}: one process's memory. Only targets that failed lately
 * take room — a target whose state is back at rest is forgotten — and at most `maxTargets` are
 * kept (the oldest goes first), so targets named after URLs or users cannot grow it without
 * bound. Time is the caller's clock (`now`), so a test's manual clock drives it.
 * @internal
 */
export class MemoryRetryStateStore implements RetryStateStore {
  readonly #targets = new Map<string, TargetEntry>();
  readonly #maxTargets: number;
  #probes = 0;

  constructor(maxTargets = 10_000) {
    this.#maxTargets = maxTargets;
  }

  admit(
    target: string,
    policy: TargetPolicy,
    now: number,
    onBreakerChange?: BreakerChangeListener,
  ): Admission {
    const e = this.#targets.get(target);
    if (e === undefined) return GO;
    if (e.breaker === OPEN && policy.failureThreshold > 0) {
      if (now < e.openUntil) return { kind: 'open', waitMs: e.openUntil - now, probe: '' };
      e.breaker = HALF_OPEN;
      e.successes = 0;
      onBreakerChange?.({ from: 'open', to: 'half_open', reason: 'break_elapsed' });
    }
    if (e.waitUntil > now) return { kind: 'wait', waitMs: e.waitUntil - now, probe: '' };
    const halfOpen = e.breaker === HALF_OPEN && policy.failureThreshold > 0;
    if (!halfOpen && !e.probeNeeded) return GO;
    // One probe at a time: the others are turned away (half-open: told to come back after
    // another half-open period at most, not after the whole lease) or wait for its outcome.
    if (e.probe !== '' && e.probeUntil > now) {
      const left = e.probeUntil - now;
      return halfOpen
        ? { kind: 'open', waitMs: Math.min(left, policy.halfOpenAfterMs), probe: '' }
        : { kind: 'probing', waitMs: left, probe: '' };
    }
    e.probe = `p${++this.#probes}`;
    e.probeUntil = now + policy.probeLeaseMs;
    return { kind: 'go', waitMs: 0, probe: e.probe };
  }

  record(
    target: string,
    report: AttemptReport,
    policy: TargetPolicy,
    now: number,
    onBreakerChange?: BreakerChangeListener,
  ): boolean {
    let e = this.#targets.get(target);
    if (e === undefined) {
      // A success, or a failure that changes nothing, on a target at rest: nothing to remember.
      if (report.ok || (!report.cost && !report.unhealthy && report.waitMs < 0)) return false;
      e = this.#add(target, policy);
    }
    if (report.probe !== '' && report.probe === e.probe) {
      e.probe = '';
      e.probeUntil = 0;
    }
    const budget = policy.maxTokens > 0;
    if (budget && e.tokens > policy.maxTokens) e.tokens = policy.maxTokens;
    if (report.ok) {
      if (budget) e.tokens = Math.min(policy.maxTokens, e.tokens + policy.tokenRatio);
      e.failures = 0;
      e.probeNeeded = false;
      if (e.breaker === HALF_OPEN && report.probe !== '') {
        e.successes += 1;
        if (e.successes >= policy.successThreshold) {
          e.breaker = CLOSED;
          onBreakerChange?.({ from: 'half_open', to: 'closed', reason: 'probes_succeeded' });
        }
      }
      if (atRest(e, policy, now)) this.#targets.delete(target);
      return false;
    }
    if (budget && report.cost) e.tokens = Math.max(0, e.tokens - (report.tokens ?? 1));
    if (report.waitMs >= 0) {
      e.waitUntil = Math.max(e.waitUntil, now + report.waitMs);
      e.probeNeeded = true;
    }
    if (report.unhealthy && policy.failureThreshold > 0) {
      if (e.breaker === HALF_OPEN) {
        open(e, policy, now);
        onBreakerChange?.({ from: 'half_open', to: 'open', reason: 'probe_failed' });
      } else if (e.breaker === CLOSED) {
        e.failures += 1;
        if (e.failures >= policy.failureThreshold) {
          open(e, policy, now);
          onBreakerChange?.({ from: 'closed', to: 'open', reason: 'consecutive_failures' });
        }
      }
    }
    // Within rounding: fractional costs (5 / 14) summed should land on the half they aim at.
    return budget && e.tokens <= policy.maxTokens / 2 + TOKEN_ROUNDING;
  }

  #add(target: string, policy: TargetPolicy): TargetEntry {
    if (this.#targets.size >= this.#maxTargets) {
      const oldest = this.#targets.keys().next();
      if (oldest.done !== true) this.#targets.delete(oldest.value);
    }
    const entry: TargetEntry = {
      tokens: policy.maxTokens,
      breaker: CLOSED,
      failures: 0,
      openUntil: 0,
      successes: 0,
      waitUntil: 0,
      probeNeeded: false,
      probe: '',
      probeUntil: 0,
    };
    this.#targets.set(target, entry);
    return entry;
  }
}

function open(e: TargetEntry, policy: TargetPolicy, now: number): void {
  e.breaker = OPEN;
  e.openUntil = now + policy.halfOpenAfterMs;
  e.failures = 0;
  e.successes = 0;
}

function atRest(e: TargetEntry, policy: TargetPolicy, now: number): boolean {
  return (
    e.breaker === CLOSED &&
    e.failures === 0 &&
    !e.probeNeeded &&
    e.probe === '' &&
    e.waitUntil <= now &&
    (policy.maxTokens === 0 || e.tokens >= policy.maxTokens)
  );
}

/** The store every call uses unless it names another: one per process. @internal */
export const processRetryState = new MemoryRetryStateStore();

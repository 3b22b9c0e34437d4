/**
 * A bulkhead per target, whose limit adapts (AIMD): at most `limit` attempts to the target run
 * at once in this process, up to `maxQueued` more wait their turn (each at most
 * `queueTimeoutMs`), and any further one is turned away. A failure the classifier marks as a
 * concurrency limit (`details.limit === 'concurrency'`: a 429 or 503 saying "too many
 * concurrent requests") multiplies the limit by `decreaseFactor`; each success adds
 * `1 / limit`, so the limit grows by one per limit's worth of successes (TCP's congestion
 * avoidance), up to `maxConcurrent`.
 * @internal
 */
import { numberOption, optionError, ratioOption } from './check-option.js';
import type { Clock } from './clock.js';
import type { BulkheadFeature, ConcurrencyOptions, RetryFeature } from './options.js';
import { PerTarget } from './per-target.js';

/** The settings of a target's bulkhead, resolved from `concurrency`'s options. @internal */
export interface ConcurrencyPolicy {
  readonly maxConcurrent: number;
  readonly minConcurrent: number;
  readonly maxQueued: number;
  /** `Infinity` when a queued attempt waits as long as the call may. */
  readonly queueTimeoutMs: number;
  /** `1` when the limit does not adapt. */
  readonly decreaseFactor: number;
}

/** A change of a bulkhead's limit. @internal */
export interface LimitChange {
  readonly limit: number;
  readonly previous: number;
  readonly reason: 'concurrency_limited' | 'success';
}

/** Why a turn was not given: the queue is full, or the wait was too long. @internal */
export type Refusal = 'full' | 'queue_timeout';

/** What a refused turn rejects with (the caller turns it into its own error). @internal */
export class BulkheadRefusal extends Error {
  readonly refusal: Refusal;

  constructor(refusal: Refusal) {
    super(`bulkhead: ${refusal}`);
    this.refusal = refusal;
  }
}

interface Waiter {
  resolve: () => void;
  reject: (reason: Error) => void;
}

/** One target's bulkhead. @internal */
export class Bulkhead {
  /** The adaptive limit; fractional, its floor is what is enforced. */
  #limit: number;
  #active = 0;
  readonly #queue: Waiter[] = [];

  constructor(policy: ConcurrencyPolicy) {
    this.#limit = policy.maxConcurrent;
  }

  /** The limit enforced now. */
  get limit(): number {
    return Math.floor(this.#limit);
  }

  /** Attempts running now. */
  get active(): number {
    return this.#active;
  }

  /** Attempts waiting for a turn. */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * Take a turn: `true` when one is free now, a promise of one (rejecting with the refusal, or
   * with `signal.reason` when it aborts), or `'full'` when the queue is full too.
   */
  enter(
    policy: ConcurrencyPolicy,
    clock: Clock,
    waitMs: number,
    signal: AbortSignal | undefined,
  ): true | 'full' | Promise<void> {
    // A call that names a lower maximum than the last one lowers it for everyone.
    if (this.#limit > policy.maxConcurrent) this.#limit = policy.maxConcurrent;
    if (this.#active < this.limit && this.#queue.length === 0) {
      this.#active += 1;
      return true;
    }
    if (this.#queue.length >= policy.maxQueued || waitMs <= 0) return 'full';
    return new Promise<void>((resolve, reject) => {
      const leave = (reason: Error): void => {
        const at = this.#queue.indexOf(waiter);
        if (at >= 0) this.#queue.splice(at, 1);
        signal?.removeEventListener('abort', onAbort);
        clock.clearTimeout(timer);
        reject(reason);
      };
      const onAbort = (): void => leave(signal?.reason as Error);
      const waiter: Waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          clock.clearTimeout(timer);
          resolve();
        },
        reject: leave,
      };
      const timer = Number.isFinite(waitMs)
        ? clock.setTimeout(() => leave(new BulkheadRefusal('queue_timeout')), waitMs)
        : undefined;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  /** Give a turn back; the next in the queue takes it if the limit allows. */
  leave(): void {
    this.#active -= 1;
    this.#wake();
  }

  /** A concurrency limit from the target: lower the limit (multiplicative decrease). */
  lower(policy: ConcurrencyPolicy): LimitChange | undefined {
    const previous = this.limit;
    this.#limit = Math.max(policy.minConcurrent, this.#limit * policy.decreaseFactor);
    return this.limit === previous
      ? undefined
      : { limit: this.limit, previous, reason: 'concurrency_limited' };
  }

  /** A success: raise the limit (additive increase, one per limit's worth of successes). */
  raise(policy: ConcurrencyPolicy): LimitChange | undefined {
    if (this.#limit >= policy.maxConcurrent) return undefined;
    const previous = this.limit;
    this.#limit = Math.min(policy.maxConcurrent, this.#limit + 1 / previous);
    if (this.limit === previous) return undefined;
    this.#wake();
    return { limit: this.limit, previous, reason: 'success' };
  }

  #wake(): void {
    while (this.#active < this.limit && this.#queue.length > 0) {
      this.#active += 1;
      (this.#queue.shift() as Waiter).resolve();
    }
  }
}

/** The bulkheads of this process (only an idle one may be forgotten). @internal */
export const processBulkheads = new PerTarget<Bulkhead, ConcurrencyPolicy>(
  (policy) => new Bulkhead(policy),
  (bulkhead) => bulkhead.active === 0 && bulkhead.queued === 0,
);

const WHERE = 'retry';

/** `concurrency` resolved; it needs a target. */
function concurrencyPolicy(target: unknown, value: unknown): ConcurrencyPolicy {
  const expected =
    'ConcurrencyOptions ({ maxConcurrent, maxQueued?, queueTimeoutMs?, … }) or false';
  if (value === null || typeof value !== 'object')
    throw optionError(WHERE, 'concurrency', expected, value);
  if (target === undefined)
    throw optionError(
      WHERE,
      'concurrency',
      'given with a target (bulkheads are per target)',
      value,
    );
  const c = value as ConcurrencyOptions;
  const maxConcurrent = numberOption(WHERE, 'concurrency.maxConcurrent', c.maxConcurrent, {
    min: 1,
    integer: true,
  });
  if (maxConcurrent === undefined)
    throw optionError(WHERE, 'concurrency.maxConcurrent', 'an integer >= 1', undefined);
  const minConcurrent =
    numberOption(WHERE, 'concurrency.minConcurrent', c.minConcurrent, { min: 1, integer: true }) ??
    1;
  if (minConcurrent > maxConcurrent)
    throw optionError(
      WHERE,
      'concurrency.minConcurrent',
      `at most maxConcurrent (${maxConcurrent})`,
      minConcurrent,
    );
  return {
    maxConcurrent,
    minConcurrent,
    maxQueued:
      numberOption(WHERE, 'concurrency.maxQueued', c.maxQueued, {
        integer: true,
        allowInfinity: true,
      }) ?? 0,
    // Infinity: bounded by what is left of the call's time.
    queueTimeoutMs: numberOption(WHERE, 'concurrency.queueTimeoutMs', c.queueTimeoutMs) ?? Infinity,
    decreaseFactor: ratioOption(WHERE, 'concurrency.decreaseFactor', c.decreaseFactor) ?? 0.5,
  };
}

const BULKHEAD: BulkheadFeature = {
  feature: 'bulkhead',
  policy: concurrencyPolicy,
  bulkheadOf: (target, policy) => processBulkheads.of(target, policy),
  refusalOf: (failure) => (failure instanceof BulkheadRefusal ? failure.refusal : undefined),
};

/**
 * The adaptive bulkhead, for {@link createRetry}'s `features`: a retry made with it accepts
 * `concurrency: { maxConcurrent, … }` (docs/retry.md, "Adaptive concurrency"). The root `retry`
 * has it already.
 *
 * @example
 * import { bulkhead, createRetry } from 'agent-errors/retry';
 * const retry = createRetry(decoder, { features: [bulkhead] });
 * await retry(call, { target: 'api', concurrency: { maxConcurrent: 8, maxQueued: 32 } });
 */
export const bulkhead: RetryFeature = BULKHEAD;

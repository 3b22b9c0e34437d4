import { AgentError } from '../core/agent-error.js';
import { AttemptContext, CallState, runWithTimeout } from './attempt.js';
import { backoffDelay, decorrelatedDelay } from './backoff.js';
import { optionError } from './check-option.js';
import { raceAbort, sleep } from './clock.js';
import { bulkhead as bulkheadFeature } from './bulkhead.js';
import type { Bulkhead, LimitChange, Refusal } from './bulkhead.js';
import { rateBreaker } from './rate-breaker.js';
import type { RateBreaker } from './rate-breaker.js';
import {
  alreadyRetried,
  isConcurrencyLimit,
  isThrottling,
  isUnhealthy,
  mayHaveReachedServer,
  saysDoNotRetry,
} from './failure-kinds.js';
import { classify } from './classify.js';
import { decoderOption, featuresOption, readOptions } from './options.js';
import type { ConcurrencyPolicy } from './bulkhead.js';
import type { RatePolicy } from './rate-breaker.js';
import type {
  AttemptFunction,
  BulkheadFeature,
  CreateRetryOptions,
  GovernorEvent,
  RateBreakerFeature,
  RetryDecoder,
  RetryFeatures,
  RetryOptions,
  Settings,
} from './options.js';
import { RetryError } from './retry-error.js';
import type { RetryStopReason } from './retry-error.js';
import { SUCCESS } from './retry-state.js';
import type {
  Admission,
  AttemptReport,
  BreakerChangeListener,
  RetryStateStore,
  TargetPolicy,
} from './retry-state.js';
import { isThenable } from '../core/is.js';

const WHERE = 'retry';
// While another caller probes a target, ask again after these delays (doubling).
const MIN_POLL_MS = 25;
const MAX_POLL_MS = 250;
// The longest "wait until" one server answer imposes on every caller of a target: a later
// caller probes once after this and learns the truth again.
const MAX_SHARED_WAIT_MS = 3_600_000;

/**
 * Call `fn` until it succeeds or retrying stops helping, as the error itself says. Each failure
 * is classified into an {@link AgentError}; only a `retryable` one is retried (or what
 * `shouldRetry` accepts, unless the source said no). The wait is what the server asked for
 * (`retry-after-ms`, `Retry-After`, gRPC pushback or `RetryInfo`, the error's `retryAfterMs`),
 * otherwise exponential backoff with full jitter; a server that asks for more than `maxDelayMs`
 * is obeyed by stopping, never by coming back early. Every attempt receives the same
 * `idempotencyKey`, its number, and a signal (aborted after `attemptTimeoutMs`).
 *
 * Safe by default: an attempt that may have reached the server (a timeout, a dropped
 * connection) is retried only when the call is idempotent (`idempotencyKey` or `idempotent`);
 * an error that already went through a retry loop is not retried again. With a `target`, calls
 * share a retry budget, a circuit breaker and the server's "wait until" (`state` puts them in
 * Redis for a fleet).
 *
 * Resolves with `fn`'s result. Rejects with a {@link RetryError}: the last error with
 * `attempts` and `reason` (see {@link RetryStopReason}). When `signal` aborts — during an attempt
 * or a wait — it rejects at once with the abort (reason `'aborted'`, `cause` = `signal.reason`),
 * never with a later attempt's error. Bad options make it reject with a `TypeError` naming the
 * option (before `fn` is called).
 *
 * @example
 * const report = await retry(
 *   ({ idempotencyKey, signal }) => client.request('reports/create', { week, _meta: { idempotencyKey } }, { signal }),
 *   { target: 'reports-service', idempotent: true, attemptTimeoutMs: 10_000 },
 * );
 */
export function retry<T>(fn: AttemptFunction<T>, options: RetryOptions = {}): Promise<T> {
  return retryWith(fn, options, classify, EVERY_FEATURE);
}

// The root `retry` carries every part of the governor; `createRetry` only those it is given.
const EVERY_FEATURE: RetryFeatures = {
  rateBreaker: rateBreaker as RateBreakerFeature,
  bulkhead: bulkheadFeature as BulkheadFeature,
};

type RetryClassifier = (error: unknown) => AgentError;

/** {@link retry}, as {@link createRetry} makes it: with a decoder of the caller's choosing. */
export type RetryFunction = <T>(fn: AttemptFunction<T>, options?: RetryOptions) => Promise<T>;

/**
 * {@link retry} classifying with `decoder` (as `createDecoder(readers)` makes) unless a call
 * names its own `classify` or `decoder`. A bundle that imports `createRetry` and not `retry`
 * carries only that decoder's readers, not every reader the default classifier holds, and only
 * the optional parts of the governor named in `features` ({@link rateBreaker} for `breaker`'s
 * rates, {@link bulkhead} for `concurrency`): a call naming an option whose feature is missing
 * rejects with a `TypeError` saying which. Throws a `TypeError` when `decoder` has no
 * `toAgentError` function, or `features` holds something else than those features.
 *
 * @example
 * import { createDecoder } from 'agent-errors';
 * import { providerSdkReader } from 'agent-errors/http';
 * import { createRetry } from 'agent-errors/retry';
 * const retry = createRetry(createDecoder([providerSdkReader]));
 * const models = await retry(() => openai.models.list());
 */
export function createRetry(
  decoder: RetryDecoder,
  options: CreateRetryOptions = {},
): RetryFunction {
  // `null` for a missing decoder: the check then throws, as for any value that is no decoder.
  const classifyWith = decoderOption(decoder ?? null, 'createRetry') as RetryClassifier;
  if (options === null || typeof options !== 'object')
    throw optionError('createRetry', 'options', 'an object ({ features? })', options);
  const features = featuresOption(options.features, 'createRetry');
  return (fn, callOptions = {}) => retryWith(fn, callOptions, classifyWith, features);
}

function retryWith<T>(
  fn: AttemptFunction<T>,
  options: RetryOptions,
  defaultClassify: RetryClassifier,
  features: RetryFeatures,
): Promise<T> {
  let settings: Settings;
  try {
    if (typeof fn !== 'function') throw optionError(WHERE, 'fn', 'a function', fn);
    settings = readOptions(options, defaultClassify, features);
  } catch (error) {
    // A TypeError naming the option, as a rejection: the call is asynchronous either way.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return Promise.reject(error);
  }
  return new Call(fn, settings).run();
}

/** One logical call: its attempts, what they threw, and the target's gate. */
class Call<T> {
  readonly #fn: AttemptFunction<T>;
  readonly #s: Settings;
  readonly #state: CallState;
  readonly #start: number;
  #attempts = 0;
  /** Waits at the shared gate so far: each takes one of `maxAttempts`' slots, as a call does. */
  #gateWaits = 0;
  /** The last backoff delay drawn (decorrelated jitter grows from it). */
  #previousDelayMs = 0;
  #lastThrown: unknown;
  #lastError: AgentError | undefined;
  /** The target's rate breaker and bulkhead, when the options ask for them. */
  readonly #rate: RateBreaker | undefined;
  readonly #bulkhead: Bulkhead | undefined;
  /** Tells `onEvent` of the target's breaker changes (only when there is an `onEvent`). */
  readonly #onBreakerChange: BreakerChangeListener | undefined;

  constructor(fn: AttemptFunction<T>, settings: Settings) {
    this.#fn = fn;
    this.#s = settings;
    this.#state = new CallState(
      settings.idempotencyKey,
      settings.clock,
      settings.maxElapsedMs,
      settings.signal,
    );
    this.#start = this.#state.deadline - settings.maxElapsedMs;
    const target = settings.target;
    if (target !== undefined) {
      const { rateBreaker, bulkhead } = settings.features;
      this.#rate = settings.rate && rateBreaker?.breakerOf(target, settings.rate);
      this.#bulkhead = settings.concurrency && bulkhead?.bulkheadOf(target, settings.concurrency);
      if (settings.onEvent)
        this.#onBreakerChange = ({ from, to, reason }) =>
          this.#emit({ type: 'breaker_change', target, state: to, previous: from, reason });
    }
  }

  async run(): Promise<T> {
    try {
      return await this.#run();
    } finally {
      this.#state.dispose();
    }
  }

  async #run(): Promise<T> {
    const s = this.#s;
    if (s.signal?.aborted) throw this.#aborted();
    for (;;) {
      const gate = s.state === undefined ? '' : this.#gate(s.state);
      const probe = typeof gate === 'string' ? gate : await gate;
      const rateProbe = this.#rate === undefined ? false : this.#rateGate(probe);
      if (this.#bulkhead !== undefined) await this.#enterBulkhead(probe, rateProbe);
      const started = this.#rate === undefined ? 0 : s.clock.now();
      const attempt = (this.#attempts += 1);
      let context: AttemptContext | undefined;
      let value!: T;
      let thrown: unknown;
      let failed = false;
      try {
        let result: T | PromiseLike<T>;
        if (s.attemptTimeoutMs !== undefined) {
          const run = runWithTimeout(this.#fn, this.#state, attempt, s.signal, s.attemptTimeoutMs);
          context = run.context;
          result = run.result;
        } else {
          context = new AttemptContext(this.#state, attempt, s.signal);
          result = this.#fn(context);
          // An attempt that took the signal settles when it aborts (caller or deadline).
          const settleOn = this.#state.deadlineSignal ?? s.signal;
          if (settleOn !== undefined && isThenable(result))
            result = raceAbort(Promise.resolve(result), settleOn);
        }
        value = isThenable(result) ? await result : result;
      } catch (caught) {
        thrown = caught;
        failed = true;
      }
      this.#bulkhead?.leave();
      if (!failed) {
        if (this.#rate !== undefined) this.#rateRecord(rateProbe, false, started);
        if (this.#bulkhead !== undefined)
          this.#limitChanged(this.#bulkhead.raise(s.concurrency as ConcurrencyPolicy));
        if (s.state !== undefined) {
          const report = probe === '' ? SUCCESS : { ...SUCCESS, probe };
          const recorded = this.#record(s.state, report);
          if (isThenable(recorded)) await recorded;
        }
        return value;
      }
      if (s.signal?.aborted) {
        this.#releaseProbes(probe, rateProbe);
        throw this.#aborted();
      }
      await this.#afterFailure(thrown, probe, context?.sent === true, rateProbe, started);
    }
  }

  /** Decide what a failed attempt leads to: a stop (thrown), or a wait before the next one. */
  async #afterFailure(
    thrown: unknown,
    probe: string,
    sent: boolean,
    rateProbe: boolean,
    started: number,
  ): Promise<void> {
    const s = this.#s;
    const attempt = this.#attempts;
    const error = s.classify(thrown);
    const elapsedMs = s.clock.now() - this.#start;
    if (this.#rate !== undefined) this.#rateRecord(rateProbe, isUnhealthy(error), started);
    if (this.#bulkhead !== undefined && isConcurrencyLimit(error))
      this.#limitChanged(this.#bulkhead.lower(s.concurrency as ConcurrencyPolicy));
    // The classifier has read the server's advice (headers, gRPC pushback and RetryInfo).
    const sourceSaysNo = saysDoNotRetry(error);
    const wanted =
      !sourceSaysNo &&
      (s.shouldRetry ? s.shouldRetry(error, { attempt, elapsedMs }) : error.retryable);
    const serverWaitMs = error.retryAfterMs;
    this.#lastThrown = thrown;
    this.#lastError = error;

    let throttled = false;
    if (s.state !== undefined) {
      const waitMs = sharedWaitMs(error, serverWaitMs);
      const recorded = this.#record(s.state, {
        ok: false,
        probe,
        // A failure whose server said how long to wait costs no token: that wait, shared by
        // every caller of the target, already holds them back; charging it too would turn a
        // rate limit the fleet obeys into calls that fail.
        cost: wanted && waitMs < 0,
        // Throttling costs less than a fault (AWS's 2026 retry quota: 5 against 14).
        tokens: isThrottling(error) ? s.throttledCost : 1,
        unhealthy: isUnhealthy(error),
        waitMs,
      });
      throttled = isThenable(recorded) ? await this.#unlessAborted(recorded) : recorded;
    }

    if (!wanted) throw this.#stop(error, 'not_retryable');
    if (!s.retryNested && alreadyRetried(thrown)) throw this.#stop(error, 'already_retried');
    if (elapsedMs >= s.maxElapsedMs) throw this.#stop(error, 'deadline');
    const idempotent = s.idempotent ?? this.#state.carriesKey;
    if (!idempotent && (sent || mayHaveReachedServer(error)))
      throw this.#stop(error, 'outcome_unknown');
    if (attempt >= s.maxAttempts) throw this.#stop(error, 'attempts_exhausted');
    if (serverWaitMs !== undefined && serverWaitMs > s.maxDelayMs)
      throw this.#stop(withRetryAfter(error, serverWaitMs), 'retry_after_too_long');
    const delayMs = serverWaitMs ?? this.#backoff(attempt, error);
    // A retry that could only start after the deadline is not worth waiting for.
    if (elapsedMs + delayMs > s.maxElapsedMs) throw this.#stop(error, 'deadline');
    if (throttled) throw this.#stop(error, 'budget');

    if (s.onEvent) this.#emit({ type: 'retry', error, attempt, delayMs });
    try {
      if (s.onRetry)
        await raceAbort(
          Promise.resolve(s.onRetry(Object.freeze({ error, attempt, delayMs }))),
          s.signal,
        );
      await sleep(s.clock, delayMs, s.signal);
    } catch (failure) {
      if (s.signal?.aborted) throw this.#aborted();
      throw failure;
    }
  }

  /** The wait the server did not set: throttling backs off from a longer base than a fault. */
  #backoff(attempt: number, error: AgentError): number {
    const s = this.#s;
    const baseDelayMs = isThrottling(error) ? s.throttledBaseDelayMs : s.baseDelayMs;
    const options = { baseDelayMs, maxDelayMs: s.maxDelayMs, random: s.random };
    if (!s.decorrelated) return backoffDelay(attempt, options);
    return (this.#previousDelayMs = decorrelatedDelay(this.#previousDelayMs, options));
  }

  /** Tell `onEvent`; an observer that throws does not change the call. */
  #emit(event: GovernorEvent): void {
    try {
      this.#s.onEvent?.(Object.freeze(event));
    } catch {
      // Observers observe.
    }
  }

  /** Ask the target's rate breaker whether the attempt may go: whether it is a probe, or a stop. */
  #rateGate(probe: string): boolean {
    const s = this.#s;
    const target = s.target as string;
    const admission = (this.#rate as RateBreaker).admit(
      s.rate as RatePolicy,
      s.clock.now(),
      this.#onBreakerChange,
    );
    if (admission.go) return admission.probe;
    if (s.state !== undefined && probe !== '') this.#release(s.state, probe);
    if (s.onEvent) this.#emit({ type: 'breaker', target, state: 'open', waitMs: admission.waitMs });
    throw this.#stop(circuitOpenError(target, admission.waitMs), 'circuit_open');
  }

  /** The attempt's verdict, for the rate breaker's window. */
  #rateRecord(rateProbe: boolean, unhealthy: boolean, started: number): void {
    const s = this.#s;
    const now = s.clock.now();
    (this.#rate as RateBreaker).record(
      s.rate as RatePolicy,
      now,
      rateProbe,
      unhealthy,
      now - started,
      this.#onBreakerChange,
    );
  }

  /** Wait for a turn in the target's bulkhead, or stop: it is full, or the wait was too long. */
  async #enterBulkhead(probe: string, rateProbe: boolean): Promise<void> {
    const s = this.#s;
    const policy = s.concurrency as ConcurrencyPolicy;
    const bulkhead = this.#bulkhead as Bulkhead;
    const leftMs = this.#state.deadline - s.clock.now();
    const turn = bulkhead.enter(policy, s.clock, Math.min(policy.queueTimeoutMs, leftMs), s.signal);
    if (turn === true) return;
    let failure: unknown;
    if (turn !== 'full') {
      try {
        await turn;
        return;
      } catch (caught) {
        failure = caught;
      }
    }
    this.#releaseProbes(probe, rateProbe);
    if (s.signal?.aborted) throw this.#aborted();
    const refusal =
      turn === 'full' ? 'full' : (s.features.bulkhead as BulkheadFeature).refusalOf(failure);
    if (refusal === undefined) throw failure;
    const target = s.target as string;
    // Waiting in the queue ran into the call's deadline rather than queueTimeoutMs.
    if (refusal === 'queue_timeout' && leftMs <= policy.queueTimeoutMs)
      throw this.#stop(this.#lastError ?? bulkheadError(target, bulkhead, refusal), 'deadline');
    throw this.#stop(bulkheadError(target, bulkhead, refusal), 'bulkhead_full');
  }

  /** Tell `onEvent` of a change of the target's concurrency limit. */
  #limitChanged(change: LimitChange | undefined): void {
    if (change !== undefined && this.#s.onEvent)
      this.#emit({ type: 'concurrency', target: this.#s.target as string, ...change });
  }

  /** Give back the probes an attempt held, without a verdict (it never ran, or was aborted). */
  #releaseProbes(probe: string, rateProbe: boolean): void {
    const s = this.#s;
    if (s.state !== undefined && probe !== '') this.#release(s.state, probe);
    if (rateProbe) this.#rate?.release();
  }

  /** Ask the target's state whether the next attempt may go; the probe it holds, if any. */
  #gate(state: RetryStateStore): string | Promise<string> {
    const s = this.#s;
    const admission = state.admit(
      s.target as string,
      s.policy as TargetPolicy,
      s.clock.now(),
      this.#onBreakerChange,
    );
    if (!isThenable(admission) && admission.kind === 'go') return admission.probe;
    return this.#waitAtGate(state, admission);
  }

  async #waitAtGate(
    state: RetryStateStore,
    first: Admission | PromiseLike<Admission>,
  ): Promise<string> {
    const s = this.#s;
    const target = s.target as string;
    let pending = first;
    let pollMs = MIN_POLL_MS;
    let probing = false;
    for (;;) {
      const a = isThenable(pending) ? await this.#unlessAborted(pending) : pending;
      if (a.kind === 'go') return a.probe;
      if (a.kind === 'open') {
        if (s.onEvent) this.#emit({ type: 'breaker', target, state: 'open', waitMs: a.waitMs });
        throw this.#stop(circuitOpenError(target, a.waitMs), 'circuit_open');
      }
      let waitMs = a.waitMs;
      if (a.kind === 'wait') {
        if (waitMs > s.maxDelayMs)
          throw this.#stop(targetWaitError(target, waitMs), 'retry_after_too_long');
      } else {
        waitMs = Math.min(waitMs, pollMs);
        pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
      }
      if (s.clock.now() - this.#start + waitMs > s.maxElapsedMs)
        throw this.#stop(this.#lastError ?? targetWaitError(target, waitMs), 'deadline');
      // A wait at the gate uses up an attempt (a server-wide wait each time; another caller's
      // probe once, however often it is polled), so a call's duration follows from its options.
      if (a.kind === 'wait' || !probing) {
        this.#gateWaits += 1;
        if (this.#attempts + this.#gateWaits >= s.maxAttempts)
          throw this.#stop(
            this.#lastError ?? targetWaitError(target, waitMs),
            'attempts_exhausted',
          );
      }
      probing = a.kind === 'probing';
      try {
        await sleep(s.clock, waitMs, s.signal);
      } catch (failure) {
        if (s.signal?.aborted) throw this.#aborted();
        throw failure;
      }
      pending = state.admit(target, s.policy as TargetPolicy, s.clock.now(), this.#onBreakerChange);
    }
  }

  /** A store's answer, unless the caller aborts first (then the abort, at once). */
  async #unlessAborted<A>(answer: PromiseLike<A>): Promise<A> {
    try {
      return await raceAbort(Promise.resolve(answer), this.#s.signal);
    } catch (failure) {
      if (this.#s.signal?.aborted) throw this.#aborted();
      throw failure;
    }
  }

  #record(state: RetryStateStore, report: AttemptReport): boolean | PromiseLike<boolean> {
    const s = this.#s;
    return state.record(
      s.target as string,
      report,
      s.policy as TargetPolicy,
      s.clock.now(),
      this.#onBreakerChange,
    );
  }

  /** Give a probe back without a verdict (the caller aborted); not waited for. */
  #release(state: RetryStateStore, probe: string): void {
    const recorded = this.#record(state, { ...SUCCESS, ok: false, probe });
    if (isThenable(recorded)) recorded.then(undefined, () => {});
  }

  #stop(error: AgentError, reason: RetryStopReason, cause: unknown = this.#lastThrown): RetryError {
    return new RetryError(error, { attempts: this.#attempts, reason }, cause);
  }

  #aborted(): RetryError {
    const reason: unknown = this.#s.signal?.reason;
    return this.#stop(this.#s.classify(reason), 'aborted', reason);
  }
}

/** The wait a failure asks of every caller of the target, or -1: only a rate limit or an outage does. */
function sharedWaitMs(error: AgentError, serverWaitMs: number | undefined): number {
  if (serverWaitMs === undefined) return -1;
  if (error.category !== 'rate_limit' && error.category !== 'unavailable') return -1;
  return Math.min(serverWaitMs, MAX_SHARED_WAIT_MS);
}

function withRetryAfter(error: AgentError, retryAfterMs: number): AgentError {
  if (error.retryAfterMs === retryAfterMs) return error;
  return new AgentError(error.message, {
    category: error.category,
    code: error.code,
    retryable: error.retryable,
    retryAfterMs,
    ...(error.details !== undefined ? { details: error.details } : {}),
    ...(error.wire !== undefined ? { wire: error.wire } : {}),
    ...(error.unexpected === true ? { unexpected: true } : {}),
    cause: error.cause,
    captureStack: false,
  });
}

function circuitOpenError(target: string, waitMs: number): AgentError {
  return AgentError.unavailable(`The circuit breaker for ${target} is open`, {
    code: 'CIRCUIT_OPEN',
    retryAfterMs: waitMs,
    details: { target },
    captureStack: false,
  });
}

function bulkheadError(target: string, bulkhead: Bulkhead, refusal: Refusal): AgentError {
  const why =
    refusal === 'full'
      ? `is full (${bulkhead.active} running, ${bulkhead.queued} queued)`
      : 'kept the attempt waiting past queueTimeoutMs';
  return AgentError.unavailable(`The bulkhead for ${target} ${why}`, {
    code: 'BULKHEAD_FULL',
    details: { target, limit: bulkhead.limit, refusal },
    captureStack: false,
  });
}

function targetWaitError(target: string, waitMs: number): AgentError {
  return AgentError.rateLimited(`${target} asked every caller to wait ${waitMs} ms`, {
    retryAfterMs: waitMs,
    details: { target },
    captureStack: false,
  });
}

// The types of this function's signature, from where their callers look for them.
export type { RetryAttempt } from './attempt.js';
export type { RetryEvent, RetryOptions } from './options.js';

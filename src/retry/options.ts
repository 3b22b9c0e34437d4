import { MAX_TIMER_MS } from '../core/timer-delay.js';
import type { AgentError } from '../core/agent-error.js';
import { clockOption, functionOption, numberOption, optionError } from './check-option.js';
import { systemClock } from './clock.js';
import type { Clock } from './clock.js';
import { processRetryState } from './memory-retry-state.js';
import { isRetryStateStore } from './retry-state.js';
import type { RetryStateStore, TargetPolicy } from './retry-state.js';
import type { RetryAttempt } from './attempt.js';
import type { BreakerChangeReason, BreakerState } from './retry-state.js';
import type { RateBreaker, RatePolicy } from './rate-breaker.js';
import type { Bulkhead, ConcurrencyPolicy, Refusal } from './bulkhead.js';

/** What `onRetry` receives (frozen). */
export interface RetryEvent {
  /** The error of the attempt that just failed, classified. */
  readonly error: AgentError;
  /** The attempt that failed (1 for the first call). */
  readonly attempt: number;
  /** How long retry will wait before the next attempt. */
  readonly delayMs: number;
}

/**
 * What `onEvent` receives (frozen), one `type` per thing the governor did:
 * - `retry`: an attempt failed and the next one follows after `delayMs`;
 * - `fallback`: `withFallback` gave up on alternative `from` and calls `to` (0 is the primary);
 * - `hedge`: `hedge` sent attempt `attempt` after waiting `delayMs` (or at once after a
 *   non-fatal failure);
 * - `breaker`: the target's circuit breaker turned the call away (`state: 'open'`);
 * - `breaker_change`: the target's circuit breaker went from state `previous` to `state`, and
 *   why (told by the call whose attempt, or whose arrival, made the change);
 * - `concurrency`: the target's concurrency limit went from `previous` to `limit`, lowered by a
 *   failure that said "too many concurrent requests" or raised by a success.
 */
export type GovernorEvent =
  | {
      readonly type: 'retry';
      readonly error: AgentError;
      readonly attempt: number;
      readonly delayMs: number;
    }
  | {
      readonly type: 'fallback';
      readonly error: AgentError;
      readonly from: number;
      readonly to: number;
    }
  | { readonly type: 'hedge'; readonly attempt: number; readonly delayMs: number }
  | {
      readonly type: 'breaker';
      readonly target: string;
      readonly state: 'open';
      readonly waitMs: number;
    }
  | {
      readonly type: 'breaker_change';
      readonly target: string;
      readonly state: BreakerState;
      readonly previous: BreakerState;
      readonly reason: BreakerChangeReason;
    }
  | {
      readonly type: 'concurrency';
      readonly target: string;
      readonly limit: number;
      readonly previous: number;
      readonly reason: 'concurrency_limited' | 'success';
    };

/**
 * The default of `maxElapsedMs`: ten minutes, the default request timeout of the OpenAI and
 * Anthropic SDKs, so that no call governed by `retry` waits forever unless asked to.
 */
export const DEFAULT_MAX_ELAPSED_MS = 600_000;

/** What `shouldRetry` receives besides the error. */
export interface RetryDecisionContext {
  readonly attempt: number;
  readonly elapsedMs: number;
}

/** gRPC retry throttling for one target (the `budget` option of {@link retry}). */
export interface RetryBudgetOptions {
  /** The bucket's size; it starts full. Default `10`. */
  maxTokens?: number;
  /** Tokens each success gives back, in (0, 1]. Default `0.1`. */
  tokenRatio?: number;
  /**
   * Tokens a retry after throttling (a rate limit or an overloaded server that gave no wait of
   * its own) costs, where a retry after a transient fault costs one. Default `5 / 14`, the
   * ratio of the AWS SDKs' 2026 retry quota costs (5 for throttling, 14 for other errors): the
   * server said "later", not "broken", so retrying it drains the budget more slowly.
   */
  throttledCost?: number;
}

/** The circuit breaker of one target (the `breaker` option of {@link retry}). */
export interface CircuitBreakerOptions {
  /** Consecutive unhealthy failures that open it. Default `5`. */
  failureThreshold?: number;
  /** How long it stays open before one probe is let through. Default `5_000`. */
  halfOpenAfterMs?: number;
  /** Successful probes that close it again (the consecutive breaker). Default `1`. */
  successThreshold?: number;
  /**
   * Open when at least this share, in (0, 1], of the calls in the window failed in a way that
   * says the target is unhealthy (Polly's `FailureRatio`; Resilience4j's
   * `failureRateThreshold` / 100). Giving it (or `slowCallDurationMs`) makes the breaker see
   * rates; the consecutive count (`failureThreshold`) then applies only if given too. Default
   * `0.5` when the breaker sees rates.
   */
  failureRatio?: number;
  /** A call that takes at least this long (ms) is slow (Resilience4j's `slowCallDurationThreshold`). */
  slowCallDurationMs?: number;
  /** Open when at least this share, in (0, 1], of the calls in the window were slow. Default `1`. */
  slowCallRatio?: number;
  /** Calls the window must hold before its rates are judged. Default `10`. */
  minimumThroughput?: number;
  /** A window of the last this many calls (Resilience4j's count-based sliding window). */
  windowCalls?: number;
  /**
   * A window of the calls of the last this many ms (Polly's `SamplingDuration`; Resilience4j's
   * time-based window). Default `30_000` unless `windowCalls` is given.
   */
  samplingDurationMs?: number;
  /**
   * Probes let through while half-open; when all have reported, their rates close or reopen the
   * breaker (Resilience4j's `permittedNumberOfCallsInHalfOpenState`). Rate breaker only. Default `1`.
   */
  halfOpenProbes?: number;
}

/** The bulkhead of one target (the `concurrency` option of {@link retry}), in this process. */
export interface ConcurrencyOptions {
  /** Attempts to the target that may run at once, and the highest the adaptive limit goes. */
  maxConcurrent: number;
  /** The lowest the adaptive limit goes. Default `1`. */
  minConcurrent?: number;
  /** Attempts that may wait for a turn; any further one is turned away. Default `0`. */
  maxQueued?: number;
  /** How long an attempt may wait for a turn. Default: as long as the call may last. */
  queueTimeoutMs?: number;
  /**
   * What a failure saying "too many concurrent requests" multiplies the limit by, in (0, 1];
   * `1` turns adaptation off. Default `0.5`.
   */
  decreaseFactor?: number;
}

/** Options of {@link retry}. */
export interface RetryOptions {
  /** Total calls of `fn`, the first included. Integer >= 1 or `Infinity`. Default `5`. */
  maxAttempts?: number;
  /**
   * The call's total time, from the first attempt: its deadline. No retry is scheduled whose
   * wait would end later, `attemptTimeoutMs` is clamped to what is left, and each attempt's
   * `signal` aborts at the deadline (a `DEADLINE_EXCEEDED` timeout). Default
   * {@link DEFAULT_MAX_ELAPSED_MS} (10 minutes); `Infinity` for none.
   */
  maxElapsedMs?: number;
  /** Ceiling of the first backoff delay after a transient fault; doubles per retry. Default `200`. */
  baseDelayMs?: number;
  /**
   * The base delay after throttling (a rate limit, an overloaded server) that gave no wait of
   * its own: coming back soon only adds to the load that made the server say no. Default `1_000`.
   */
  throttledBaseDelayMs?: number;
  /**
   * How backoff delays are drawn when the server gave no wait: `'full'` (default), uniform in
   * `[0, base × 2^(retry − 1))`; `'decorrelated'`, uniform in `[base, 3 × the previous delay)`
   * (AWS's "Exponential Backoff and Jitter"). Both are capped by `maxDelayMs`.
   */
  jitter?: 'full' | 'decorrelated';
  /**
   * The one cap on waiting: no sleep is longer. A server that asks for a longer wait is obeyed
   * by stopping (reason `'retry_after_too_long'`), not by coming back early. Default `30_000`.
   */
  maxDelayMs?: number;
  /** Each attempt is aborted (through its `signal`) and counted as a timeout after this long. */
  attemptTimeoutMs?: number;
  /** Aborting stops everything at once: the call rejects with reason `'aborted'`. */
  signal?: AbortSignal;
  /**
   * Called before each wait with a frozen `{ error, attempt, delayMs }`; may return a promise
   * (awaited). If it throws, `retry` rejects with what it threw.
   */
  onRetry?: (event: RetryEvent) => void | Promise<void>;
  /**
   * One hook for everything the governor does besides calling `fn`: a retry scheduled, a
   * fallback taken, a breaker found open (see {@link GovernorEvent}). Called synchronously; what
   * it throws or returns is ignored, so an observer cannot change the call.
   */
  onEvent?: (event: GovernorEvent) => void;
  /**
   * Decides whether to retry an error instead of `error.retryable`. It cannot overrule a source
   * that said "do not retry" (`x-should-retry: false`, a rate limit marked not retryable); the
   * limits (attempts, deadline, budget, outcome, signal) still apply.
   */
  shouldRetry?: (error: AgentError, context: RetryDecisionContext) => boolean;
  /** Turns what an attempt threw into an AgentError. Default: the library's classifier. */
  classify?: (error: unknown) => AgentError;
  /**
   * A decoder made by `createDecoder(readers)` (or anything with its `toAgentError`), to
   * classify with only the readers it holds. `classify` wins when both are given.
   */
  decoder?: RetryDecoder;
  /**
   * The idempotency key for this logical call; giving one says the server deduplicates on it,
   * so the call is idempotent (see `idempotent`). Default: a fresh `crypto.randomUUID()`.
   */
  idempotencyKey?: string;
  /**
   * Whether repeating the request is safe. When it is not, an attempt whose outcome is unknown
   * (it timed out, lost its connection, or called `markSent()` before failing) stops the call
   * with reason `'outcome_unknown'`. Default: the call carries an idempotency key — you passed
   * `idempotencyKey`, or an attempt read `attempt.idempotencyKey` (to send it) — and is
   * otherwise not idempotent. Pass `false` when you read the key but do not send it.
   */
  idempotent?: boolean;
  /**
   * Retry an error that already went through a retry loop (a `RetryError`, the AI SDK's
   * `RetryError`). Default `false`: the call stops with reason `'already_retried'`.
   */
  retryNested?: boolean;
  /**
   * The name of what is called (`'api.openai.com'`). Every call naming the same target shares a
   * retry budget, a circuit breaker and the server's "wait until" (in this process, or in Redis
   * through `state`). Without it, a call shares nothing.
   */
  target?: string;
  /** The target's retry budget (gRPC retry throttling), or `false` for none. Needs `target`. */
  budget?: RetryBudgetOptions | false;
  /** The target's circuit breaker, or `false` for none. Needs `target`. */
  breaker?: CircuitBreakerOptions | false;
  /**
   * The target's bulkhead in this process, whose limit adapts to "too many concurrent requests"
   * (see {@link ConcurrencyOptions}). Needs `target`. Default: none.
   */
  concurrency?: ConcurrencyOptions | false;
  /** Where targets' state lives. Default: this process's memory. */
  state?: RetryStateStore;
  /** Where time and timers come from (tests). Default {@link systemClock}. */
  clock?: Clock;
  /** Numbers in [0, 1) for the jitter (tests). Default `Math.random`. */
  random?: () => number;
}

export { MAX_TIMER_MS };

/**
 * A part of the governor that a retry made by {@link createRetry} carries only when it is given
 * (`createRetry(decoder, { features: [rateBreaker, bulkhead] })`): the rate breaker (`breaker`
 * with `failureRatio` or `slowCallDurationMs`) and the bulkhead (`concurrency`). A bundle whose
 * calls never name those options does not carry their code. The root `retry` has every feature.
 */
export interface RetryFeature {
  /** Which feature it is. */
  readonly feature: 'rateBreaker' | 'bulkhead';
}

/** The rate breaker, as `createRetry`'s `features` carry it. @internal */
export interface RateBreakerFeature extends RetryFeature {
  readonly feature: 'rateBreaker';
  /** `breaker`'s options resolved, for a breaker that sees rates (a TypeError when bad). */
  readonly policy: (breaker: CircuitBreakerOptions) => RatePolicy;
  /** The target's rate breaker in this process. */
  readonly breakerOf: (target: string, policy: RatePolicy) => RateBreaker;
}

/** The bulkhead, as `createRetry`'s `features` carry it. @internal */
export interface BulkheadFeature extends RetryFeature {
  readonly feature: 'bulkhead';
  /** `concurrency` resolved (a TypeError when bad, or given with no target). */
  readonly policy: (target: unknown, concurrency: unknown) => ConcurrencyPolicy;
  /** The target's bulkhead in this process. */
  readonly bulkheadOf: (target: string, policy: ConcurrencyPolicy) => Bulkhead;
  /** Why a wait for a turn failed, when the bulkhead refused it (else a failure of its own). */
  readonly refusalOf: (failure: unknown) => Refusal | undefined;
}

/** The features a retry carries, by name. @internal */
export interface RetryFeatures {
  readonly rateBreaker?: RateBreakerFeature;
  readonly bulkhead?: BulkheadFeature;
}

/** Options of {@link createRetry}. */
export interface CreateRetryOptions {
  /**
   * The optional parts of the governor its calls may use: {@link rateBreaker}, {@link bulkhead}.
   * A call naming an option whose feature is missing rejects with a TypeError saying which.
   */
  features?: readonly RetryFeature[];
}

/**
 * `createRetry`'s `features`, checked: each a feature this package exports, once.
 * @internal
 */
export function featuresOption(value: unknown, where: string): RetryFeatures {
  if (value === undefined) return {};
  const expected = 'an array of retry features (rateBreaker, bulkhead from agent-errors/retry)';
  if (!Array.isArray(value)) throw optionError(where, 'features', expected, value);
  const found: { rateBreaker?: RateBreakerFeature; bulkhead?: BulkheadFeature } = {};
  for (const item of value as unknown[]) {
    const name =
      item !== null && typeof item === 'object' ? (item as RetryFeature).feature : undefined;
    if (name !== 'rateBreaker' && name !== 'bulkhead')
      throw optionError(where, 'features', expected, item);
    if (name === 'rateBreaker') found.rateBreaker = item as RateBreakerFeature;
    else found.bulkhead = item as BulkheadFeature;
  }
  return found;
}

/** The TypeError of a call naming an option whose feature its retry was made without. */
function missingFeature(option: string, feature: string, value: unknown): TypeError {
  return optionError(
    WHERE,
    option,
    `given to a retry that has the ${feature} feature (the root retry, or createRetry(decoder, { features: [${feature}] }))`,
    value,
  );
}

const WHERE = 'retry';

/** Options resolved and checked once per call. @internal */
export interface Settings {
  maxAttempts: number;
  maxElapsedMs: number;
  baseDelayMs: number;
  throttledBaseDelayMs: number;
  decorrelated: boolean;
  /** `maxDelayMs`, clamped to what a timer can wait. */
  maxDelayMs: number;
  attemptTimeoutMs: number | undefined;
  clock: Clock;
  random: () => number;
  classify: (error: unknown) => AgentError;
  shouldRetry: RetryOptions['shouldRetry'];
  onRetry: RetryOptions['onRetry'];
  onEvent: RetryOptions['onEvent'];
  signal: AbortSignal | undefined;
  idempotencyKey: string | undefined;
  /** `undefined`: decided by whether the call carries a key. */
  idempotent: boolean | undefined;
  retryNested: boolean;
  target: string | undefined;
  state: RetryStateStore | undefined;
  policy: TargetPolicy | undefined;
  /** The rate breaker's settings, when the breaker sees rates. */
  rate: RatePolicy | undefined;
  /** The bulkhead's settings, when there is one. */
  concurrency: ConcurrencyPolicy | undefined;
  /** The features the retry carries (what `rate` and `concurrency` are served by). */
  features: RetryFeatures;
  /** What a retry after throttling costs the budget. */
  throttledCost: number;
}

/** The fn type, for the check. @internal */
export type AttemptFunction<T> = (attempt: RetryAttempt) => T | PromiseLike<T>;

/** `options` checked, with `defaultClassify` where they name no classifier. @internal */
export function readOptions(
  options: RetryOptions,
  defaultClassify: (error: unknown) => AgentError,
  features: RetryFeatures,
): Settings {
  if (options === null || typeof options !== 'object')
    throw optionError(WHERE, 'options', 'an object', options);
  const o = options as Record<keyof RetryOptions, unknown>;
  const { signal, idempotencyKey, target } = o;
  if (
    signal !== undefined &&
    (signal === null ||
      typeof signal !== 'object' ||
      typeof (signal as AbortSignal).addEventListener !== 'function' ||
      typeof (signal as AbortSignal).aborted !== 'boolean')
  )
    throw optionError(WHERE, 'signal', 'an AbortSignal', signal);
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || idempotencyKey === ''))
    throw optionError(WHERE, 'idempotencyKey', 'a non-empty string', idempotencyKey);
  if (target !== undefined && (typeof target !== 'string' || target === ''))
    throw optionError(WHERE, 'target', 'a non-empty string', target);
  if (o.state !== undefined && !isRetryStateStore(o.state))
    throw optionError(WHERE, 'state', 'a RetryStateStore (admit, record)', o.state);
  const attemptTimeoutMs = numberOption(WHERE, 'attemptTimeoutMs', o.attemptTimeoutMs, { min: 1 });
  return {
    maxAttempts:
      numberOption(WHERE, 'maxAttempts', o.maxAttempts, {
        min: 1,
        integer: true,
        allowInfinity: true,
      }) ?? 5,
    maxElapsedMs:
      numberOption(WHERE, 'maxElapsedMs', o.maxElapsedMs, { allowInfinity: true }) ??
      DEFAULT_MAX_ELAPSED_MS,
    baseDelayMs: numberOption(WHERE, 'baseDelayMs', o.baseDelayMs) ?? 200,
    throttledBaseDelayMs:
      numberOption(WHERE, 'throttledBaseDelayMs', o.throttledBaseDelayMs) ?? 1_000,
    decorrelated: jitterOption(o.jitter),
    maxDelayMs: Math.min(numberOption(WHERE, 'maxDelayMs', o.maxDelayMs) ?? 30_000, MAX_TIMER_MS),
    attemptTimeoutMs:
      attemptTimeoutMs === undefined ? undefined : Math.min(attemptTimeoutMs, MAX_TIMER_MS),
    clock: clockOption<Clock>(WHERE, o.clock, ['now', 'setTimeout', 'clearTimeout']) ?? systemClock,
    random: functionOption<() => number>(WHERE, 'random', o.random) ?? Math.random,
    classify:
      functionOption<(e: unknown) => AgentError>(WHERE, 'classify', o.classify) ??
      decoderOption(o.decoder) ??
      defaultClassify,
    shouldRetry: functionOption(WHERE, 'shouldRetry', o.shouldRetry),
    onRetry: functionOption(WHERE, 'onRetry', o.onRetry),
    onEvent: functionOption(WHERE, 'onEvent', o.onEvent),
    signal: signal as AbortSignal | undefined,
    idempotencyKey: idempotencyKey,
    idempotent: booleanOption('idempotent', o.idempotent),
    retryNested: booleanOption('retryNested', o.retryNested) ?? false,
    target,
    state: target === undefined ? undefined : (o.state ?? processRetryState),
    policy: targetPolicy(target, o.budget, o.breaker, attemptTimeoutMs),
    // The features a call does not name cost it nothing beyond these checks.
    rate: target === undefined ? undefined : ratePolicy(o.breaker, features),
    concurrency: concurrencyPolicy(target, o.concurrency, features),
    features,
    throttledCost: o.budget === undefined ? DEFAULT_THROTTLED_COST : throttledCost(o.budget),
  };
}

const DEFAULT_THROTTLED_COST = 5 / 14;

function throttledCost(budget: unknown): number {
  if (budget === undefined || budget === false || budget === null || typeof budget !== 'object')
    return DEFAULT_THROTTLED_COST;
  const cost = (budget as RetryBudgetOptions).throttledCost;
  return numberOption(WHERE, 'budget.throttledCost', cost) ?? DEFAULT_THROTTLED_COST;
}

function ratePolicy(breaker: unknown, features: RetryFeatures): RatePolicy | undefined {
  if (!seesRates(breaker)) return undefined;
  if (features.rateBreaker === undefined) throw missingFeature('breaker', 'rateBreaker', breaker);
  return features.rateBreaker.policy(breaker);
}

function concurrencyPolicy(
  target: unknown,
  value: unknown,
  features: RetryFeatures,
): ConcurrencyPolicy | undefined {
  if (value === undefined || value === false) return undefined;
  if (features.bulkhead === undefined) throw missingFeature('concurrency', 'bulkhead', value);
  return features.bulkhead.policy(target, value);
}

/** Whether `breaker`'s options ask for a breaker that sees rates. */
function seesRates(breaker: unknown): breaker is CircuitBreakerOptions {
  if (breaker === undefined || breaker === false || breaker === null || typeof breaker !== 'object')
    return false;
  const b = breaker as CircuitBreakerOptions;
  return b.failureRatio !== undefined || b.slowCallDurationMs !== undefined;
}

function jitterOption(value: unknown): boolean {
  if (value === undefined || value === 'full') return false;
  if (value === 'decorrelated') return true;
  throw optionError(WHERE, 'jitter', "'full' or 'decorrelated'", value);
}

function booleanOption(option: string, value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean')
    throw optionError(WHERE, option, 'a boolean', value);
  return value;
}

// A probe that never reports back (its process died) frees its slot after this long, unless
// attemptTimeoutMs says attempts end sooner.
const PROBE_LEASE_MS = 10_000;

const DEFAULT_POLICY: TargetPolicy = Object.freeze({
  maxTokens: 10,
  tokenRatio: 0.1,
  failureThreshold: 5,
  halfOpenAfterMs: 5_000,
  successThreshold: 1,
  probeLeaseMs: PROBE_LEASE_MS,
});

function targetPolicy(
  target: unknown,
  budget: unknown,
  breaker: unknown,
  attemptTimeoutMs: number | undefined,
): TargetPolicy | undefined {
  if (target === undefined) {
    if (budget !== undefined && budget !== false)
      throw optionError(WHERE, 'budget', 'given with a target (budgets are per target)', budget);
    if (breaker !== undefined && breaker !== false)
      throw optionError(WHERE, 'breaker', 'given with a target (breakers are per target)', breaker);
    return undefined;
  }
  // The common case allocates nothing.
  if (budget === undefined && breaker === undefined && attemptTimeoutMs === undefined)
    return DEFAULT_POLICY;
  const b = objectOption('budget', budget, 'RetryBudgetOptions ({ maxTokens?, tokenRatio? })');
  const c = objectOption(
    'breaker',
    breaker,
    'CircuitBreakerOptions ({ failureThreshold?, halfOpenAfterMs?, successThreshold? })',
  );
  const tokenRatio = numberOption(WHERE, 'budget.tokenRatio', b?.tokenRatio) ?? 0.1;
  if (tokenRatio <= 0 || tokenRatio > 1)
    throw optionError(WHERE, 'budget.tokenRatio', 'a number in (0, 1]', tokenRatio);
  return {
    maxTokens:
      budget === false
        ? 0
        : (numberOption(WHERE, 'budget.maxTokens', b?.maxTokens, { min: 1 }) ?? 10),
    tokenRatio,
    failureThreshold:
      breaker === false || (seesRates(breaker) && c?.failureThreshold === undefined)
        ? 0
        : (numberOption(WHERE, 'breaker.failureThreshold', c?.failureThreshold, {
            min: 1,
            integer: true,
          }) ?? 5),
    halfOpenAfterMs: Math.min(
      numberOption(WHERE, 'breaker.halfOpenAfterMs', c?.halfOpenAfterMs, { min: 1 }) ?? 5_000,
      MAX_TIMER_MS,
    ),
    successThreshold:
      numberOption(WHERE, 'breaker.successThreshold', c?.successThreshold, {
        min: 1,
        integer: true,
      }) ?? 1,
    // A probe ends within attemptTimeoutMs, so its slot is held that long and no longer.
    probeLeaseMs: attemptTimeoutMs ?? PROBE_LEASE_MS,
  };
}

function objectOption(
  option: string,
  value: unknown,
  expected: string,
): Record<string, unknown> | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === null || typeof value !== 'object')
    throw optionError(WHERE, option, `${expected} or false`, value);
  return value as Record<string, unknown>;
}

/** What `retry`'s `decoder` option takes: a decoder as `createDecoder` makes, or anything with its `toAgentError`. */
export interface RetryDecoder {
  /** Any thrown value as an AgentError. */
  toAgentError(error: unknown): AgentError;
}

/**
 * The `toAgentError` of a `decoder` option, or a TypeError saying what a decoder is.
 * @internal
 */
export function decoderOption(
  decoder: unknown,
  where = WHERE,
): ((error: unknown) => AgentError) | undefined {
  if (decoder === undefined) return undefined;
  const toAgentError =
    typeof decoder === 'object' && decoder !== null
      ? (decoder as { toAgentError?: unknown }).toAgentError
      : undefined;
  if (typeof toAgentError !== 'function') {
    throw optionError(
      where,
      'decoder',
      'an object with a toAgentError function, as createDecoder returns',
      decoder,
    );
  }
  return (error) => (toAgentError as (e: unknown) => AgentError).call(decoder, error);
}

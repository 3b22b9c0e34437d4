import type { AgentError } from '../core/agent-error.js';
import { backoffDelay } from './backoff.js';
import { clockOption, functionOption, numberOption, optionError } from './check-option.js';
import { classify as defaultClassify } from './classify.js';
import { raceAbort, sleep, systemClock } from './clock.js';
import type { Clock } from './clock.js';
import type { RetryBudget } from './retry-budget.js';
import { RetryError } from './retry-error.js';
import type { RetryStopReason } from './retry-error.js';

/** What {@link retry} passes to every attempt. */
export interface RetryAttempt {
  /** 1 for the first call, 2 for the first retry, … */
  readonly attempt: number;
  /** The same for every attempt of one logical call: send it so the server can deduplicate. */
  readonly idempotencyKey: string;
  /** Aborts when the caller's `signal` does; pass it on to the work. */
  readonly signal: AbortSignal;
}

/** What `onRetry` receives (frozen). */
export interface RetryEvent {
  /** The error of the attempt that just failed, classified. */
  readonly error: AgentError;
  /** The attempt that failed (1 for the first call). */
  readonly attempt: number;
  /** How long retry will wait before the next attempt. */
  readonly delayMs: number;
}

/** What `shouldRetry` receives besides the error. */
export interface RetryDecisionContext {
  readonly attempt: number;
  readonly elapsedMs: number;
}

/** Options of {@link retry}. */
export interface RetryOptions {
  /** Total calls of `fn`, the first included. Integer >= 1 or `Infinity`. Default `5`. */
  maxAttempts?: number;
  /** No retry is scheduled whose wait would end later than this after the first call. Default `Infinity`. */
  maxElapsedMs?: number;
  /** Ceiling of the first backoff delay; doubles per retry. Default `200`. */
  baseDelayMs?: number;
  /** No wait is longer, `retryAfterMs` included. Default `30_000`. */
  maxDelayMs?: number;
  /** Aborting stops everything at once: the call rejects with reason `'aborted'`. */
  signal?: AbortSignal;
  /**
   * Called before each wait with a frozen `{ error, attempt, delayMs }`; may return a promise
   * (awaited). If it throws, `retry` rejects with what it threw.
   */
  onRetry?: (event: RetryEvent) => void | Promise<void>;
  /**
   * Decides whether to retry an error instead of `error.retryable`. The limits (attempts,
   * deadline, budget, signal) still apply.
   */
  shouldRetry?: (error: AgentError, context: RetryDecisionContext) => boolean;
  /** Turns what an attempt threw into an AgentError. Default: the library's classifier. */
  classify?: (error: unknown) => AgentError;
  /** The idempotency key for this logical call. Default: a fresh `crypto.randomUUID()`. */
  idempotencyKey?: string;
  /** A shared {@link RetryBudget}. */
  budget?: RetryBudget;
  /** Where time and timers come from (tests). Default {@link systemClock}. */
  clock?: Clock;
  /** Numbers in [0, 1) for the jitter (tests). Default `Math.random`. */
  random?: () => number;
}

const WHERE = 'retry';

interface Settings {
  maxAttempts: number;
  maxElapsedMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  clock: Clock;
  random: () => number;
  classify: (error: unknown) => AgentError;
  shouldRetry: RetryOptions['shouldRetry'];
  onRetry: RetryOptions['onRetry'];
  budget: RetryBudget | undefined;
  signal: AbortSignal | undefined;
  idempotencyKey: string | undefined;
}

function settings(options: RetryOptions): Settings {
  if (options === null || typeof options !== 'object')
    throw optionError(WHERE, 'options', 'an object', options);
  const o = options as Record<keyof RetryOptions, unknown>;
  const baseDelayMs = numberOption(WHERE, 'baseDelayMs', o.baseDelayMs) ?? 200;
  const maxDelayMs = numberOption(WHERE, 'maxDelayMs', o.maxDelayMs) ?? 30_000;
  const { signal, budget, idempotencyKey } = o;
  if (
    signal !== undefined &&
    (signal === null ||
      typeof signal !== 'object' ||
      typeof (signal as AbortSignal).addEventListener !== 'function' ||
      typeof (signal as AbortSignal).aborted !== 'boolean')
  )
    throw optionError(WHERE, 'signal', 'an AbortSignal', signal);
  if (
    budget !== undefined &&
    (budget === null ||
      typeof budget !== 'object' ||
      typeof (budget as RetryBudget).deposit !== 'function' ||
      typeof (budget as RetryBudget).tryWithdraw !== 'function')
  )
    throw optionError(WHERE, 'budget', 'a RetryBudget (see createRetryBudget)', budget);
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || idempotencyKey === ''))
    throw optionError(WHERE, 'idempotencyKey', 'a non-empty string', idempotencyKey);
  return {
    maxAttempts:
      numberOption(WHERE, 'maxAttempts', o.maxAttempts, {
        min: 1,
        integer: true,
        allowInfinity: true,
      }) ?? 5,
    maxElapsedMs:
      numberOption(WHERE, 'maxElapsedMs', o.maxElapsedMs, { allowInfinity: true }) ?? Infinity,
    baseDelayMs,
    maxDelayMs,
    clock: clockOption<Clock>(WHERE, o.clock, ['now', 'setTimeout', 'clearTimeout']) ?? systemClock,
    random: functionOption<() => number>(WHERE, 'random', o.random) ?? Math.random,
    classify:
      functionOption<(e: unknown) => AgentError>(WHERE, 'classify', o.classify) ?? defaultClassify,
    shouldRetry: functionOption(WHERE, 'shouldRetry', o.shouldRetry),
    onRetry: functionOption(WHERE, 'onRetry', o.onRetry),
    budget: budget as RetryBudget | undefined,
    signal: signal as AbortSignal | undefined,
    idempotencyKey: idempotencyKey,
  };
}

function newIdempotencyKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID !== 'function') {
    throw new TypeError(
      'retry: globalThis.crypto.randomUUID is not available; pass options.idempotencyKey',
    );
  }
  return crypto.randomUUID();
}

/**
 * Call `fn` until it succeeds or retrying stops helping, as the error itself says: each failure
 * is classified into an {@link AgentError}; only a `retryable` one is retried (or what
 * `shouldRetry` accepts). The wait is the error's `retryAfterMs` when it has one (capped at
 * `maxDelayMs`), otherwise exponential backoff with full jitter. Every attempt receives the same
 * `idempotencyKey`, so the server can make the retries safe.
 *
 * Resolves with `fn`'s result. Rejects with a {@link RetryError}: the last error with
 * `attempts` and `reason` (`'not_retryable' | 'attempts_exhausted' | 'deadline' | 'budget' |
 * 'aborted'`). When `signal` aborts — during an attempt or a wait — it rejects at once with the
 * abort (reason `'aborted'`, `cause` = `signal.reason`), never with a later attempt's error.
 * Bad options make it reject with a `TypeError` naming the option (before `fn` is called).
 *
 * @example
 * const report = await retry(
 *   ({ idempotencyKey, signal }) => client.request('reports/create', { week, _meta: { idempotencyKey } }, { signal }),
 *   { maxAttempts: 4, signal: AbortSignal.timeout(30_000) },
 * );
 */
export async function retry<T>(
  fn: (attempt: RetryAttempt) => T | PromiseLike<T>,
  options: RetryOptions = {},
): Promise<T> {
  if (typeof fn !== 'function') throw optionError(WHERE, 'fn', 'a function', fn);
  const s = settings(options);
  const { clock, signal } = s;
  const idempotencyKey = s.idempotencyKey ?? newIdempotencyKey();
  const start = clock.now();
  // Without a caller's signal, each call gets its own that never aborts: listeners that attempts
  // add to it are released with the call instead of piling up on a shared one.
  const attemptSignal = signal ?? new AbortController().signal;
  let attempts = 0;

  const stop = (error: AgentError, reason: RetryStopReason, cause: unknown): RetryError =>
    new RetryError(error, { attempts, reason }, cause);
  const aborted = (): RetryError => {
    const reason: unknown = signal?.reason;
    return stop(s.classify(reason), 'aborted', reason);
  };

  if (signal?.aborted) throw aborted();
  s.budget?.deposit();

  for (;;) {
    attempts += 1;
    let thrown: unknown;
    try {
      const run = async (): Promise<T> =>
        fn(Object.freeze({ attempt: attempts, idempotencyKey, signal: attemptSignal }));
      return await raceAbort(run(), signal);
    } catch (caught) {
      thrown = caught;
    }
    if (signal?.aborted) throw aborted();

    const error = s.classify(thrown);
    const elapsedMs = clock.now() - start;
    const wanted = s.shouldRetry
      ? s.shouldRetry(error, { attempt: attempts, elapsedMs })
      : error.retryable;
    if (!wanted) throw stop(error, 'not_retryable', thrown);
    if (attempts >= s.maxAttempts) throw stop(error, 'attempts_exhausted', thrown);

    const delayMs =
      error.retryAfterMs !== undefined
        ? Math.min(error.retryAfterMs, s.maxDelayMs)
        : backoffDelay(attempts, s);
    // A retry that could only start after the deadline is not worth waiting for.
    if (elapsedMs + delayMs > s.maxElapsedMs) throw stop(error, 'deadline', thrown);
    // Withdraw last, so a retry stopped for another reason costs the budget nothing.
    if (s.budget && !s.budget.tryWithdraw()) throw stop(error, 'budget', thrown);

    try {
      if (s.onRetry)
        await raceAbort(
          Promise.resolve(s.onRetry(Object.freeze({ error, attempt: attempts, delayMs }))),
          signal,
        );
      await sleep(clock, delayMs, signal);
    } catch (failure) {
      if (signal?.aborted) throw aborted();
      throw failure;
    }
  }
}

import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { timerDelay } from '../core/timer-delay.js';
import { clockOption, functionOption, numberOption, optionError } from './check-option.js';
import { classify as defaultClassify } from './classify.js';
import { systemClock } from './clock.js';
import type { Clock } from './clock.js';
import type { GovernorEvent } from './options.js';

/**
 * gRPC's retry throttling applied to hedges (gRFC A6): a bucket of `maxTokens` that starts full;
 * each failed attempt takes one token, each success gives `tokenRatio` back, and while the
 * bucket is at or below half no hedge is sent. Share one per target: when the target is failing
 * everywhere, hedges stop instead of doubling the load.
 *
 * @example
 * const bucket = new HedgeBudget({ maxTokens: 10, tokenRatio: 0.1 });
 * await hedge(({ signal }) => fetch(url, { signal }), { delayMs: 200, budget: bucket });
 */
export class HedgeBudget {
  readonly #maxTokens: number;
  readonly #tokenRatio: number;
  #tokens: number;

  constructor(options: { maxTokens?: number; tokenRatio?: number } = {}) {
    this.#maxTokens = numberOption('HedgeBudget', 'maxTokens', options.maxTokens, { min: 1 }) ?? 10;
    const ratio = numberOption('HedgeBudget', 'tokenRatio', options.tokenRatio) ?? 0.1;
    if (ratio <= 0 || ratio > 1)
      throw optionError('HedgeBudget', 'tokenRatio', 'a number in (0, 1]', ratio);
    this.#tokenRatio = ratio;
    this.#tokens = this.#maxTokens;
  }

  /** The tokens left. */
  get tokens(): number {
    return this.#tokens;
  }

  /** Whether a hedge may be sent now (more than half of the bucket is left). */
  allows(): boolean {
    return this.#tokens > this.#maxTokens / 2;
  }

  /** Count an attempt's outcome. */
  record(ok: boolean): void {
    this.#tokens = ok
      ? Math.min(this.#maxTokens, this.#tokens + this.#tokenRatio)
      : Math.max(0, this.#tokens - 1);
  }
}

/** What each attempt of {@link hedge} receives. */
export interface HedgeAttempt {
  /** 1 for the original request, 2 for the first hedge, … */
  readonly attempt: number;
  /** Aborts when another attempt has won, when the caller's signal aborts, or when the call fails. */
  readonly signal: AbortSignal;
}

/** Options of {@link hedge}: gRFC A6's `hedgingPolicy`, plus its throttling. */
export interface HedgeOptions {
  /** How long to wait for an answer before sending the next hedge. Default `100`. */
  delayMs?: number;
  /** Requests in all, the original included (gRFC A6 allows up to 5). Default `2`. */
  maxAttempts?: number;
  /**
   * Failures after which the next hedge is sent at once instead of ending the call (gRFC A6's
   * `nonFatalStatusCodes`): categories, or a predicate on the classified error. Default
   * `['unavailable', 'timeout', 'rate_limit']`… any other failure is fatal: every attempt is
   * aborted and the call rejects with it.
   */
  nonFatal?: readonly ErrorCategory[] | ((error: AgentError) => boolean);
  /** The throttling bucket; share one per target. Default: a bucket for this call alone. */
  budget?: HedgeBudget;
  /** Aborts every attempt and rejects with its reason. */
  signal?: AbortSignal;
  /** Turns what an attempt threw into an AgentError. Default: the library's classifier. */
  classify?: (error: unknown) => AgentError;
  /** Told of each hedge sent (`{ type: 'hedge', attempt, delayMs }`). */
  onEvent?: (event: GovernorEvent) => void;
  /** Where time and timers come from (tests). */
  clock?: Clock;
}

const NON_FATAL: readonly ErrorCategory[] = ['unavailable', 'timeout', 'rate_limit'];

/**
 * Hedged requests for an idempotent call (gRFC A6, Polly's hedging): send the request, and if
 * no answer came within `delayMs`, send it again, up to `maxAttempts`; the first success wins
 * and every other attempt is aborted through its signal. A non-fatal failure sends the next
 * hedge at once; a fatal one ends the call. Hedges are throttled by a {@link HedgeBudget} so
 * that they cannot amplify an outage. Rejects with the fatal error, or the last failure, as
 * thrown (untouched); with the caller's abort reason when `signal` aborts.
 *
 * Only for calls that are safe to run more than once: every hedge may reach the server.
 *
 * @example
 * const doc = await hedge(({ signal }) => fetch(`http://127.0.0.1:${port}/doc`, { signal }), {
 *   delayMs: 150,
 *   budget: searchBudget,
 * });
 */
export function hedge<T>(
  fn: (attempt: HedgeAttempt) => T | PromiseLike<T>,
  options: HedgeOptions = {},
): Promise<T> {
  const where = 'hedge';
  let settings: ReturnType<typeof readHedgeOptions>;
  try {
    if (typeof fn !== 'function') throw optionError(where, 'fn', 'a function', fn);
    settings = readHedgeOptions(options);
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return Promise.reject(error);
  }
  const { delayMs, maxAttempts, nonFatal, budget, signal, classify, onEvent, clock } = settings;

  return new Promise<T>((resolve, reject) => {
    const controllers: AbortController[] = [];
    let running = 0;
    let timer: unknown;
    let done = false;
    let lastError: unknown;

    /** The call is settled: every attempt but the winner is aborted. */
    const finish = (winner?: AbortController): void => {
      done = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      for (const c of controllers) if (c !== winner) c.abort(hedgeLost());
    };
    const onAbort = (): void => {
      if (done) return;
      finish();
      reject(signal?.reason as Error);
    };

    const launch = (): void => {
      if (done) return;
      const attempt = controllers.length + 1;
      const controller = new AbortController();
      controllers.push(controller);
      running += 1;
      if (attempt > 1) {
        try {
          onEvent?.(Object.freeze({ type: 'hedge', attempt, delayMs }));
        } catch {
          // Observers observe.
        }
      }
      let work: Promise<T>;
      try {
        work = Promise.resolve(fn(Object.freeze({ attempt, signal: controller.signal })));
      } catch (thrown) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        work = Promise.reject(thrown);
      }
      work.then(
        (value) => {
          running -= 1;
          if (done) return;
          budget.record(true);
          finish(controller);
          resolve(value);
        },
        (thrown: unknown) => {
          running -= 1;
          if (done) return;
          budget.record(false);
          lastError = thrown;
          if (!nonFatal(classify(thrown))) {
            finish();
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
            reject(thrown);
            return;
          }
          if (canHedge()) {
            if (timer !== undefined) clock.clearTimeout(timer);
            launch();
          } else if (running === 0) {
            finish();
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
            reject(lastError);
          }
        },
      );
      scheduleNext();
    };
    const canHedge = (): boolean => controllers.length < maxAttempts && budget.allows();
    const scheduleNext = (): void => {
      timer = undefined;
      if (controllers.length >= maxAttempts) return;
      timer = clock.setTimeout(() => {
        timer = undefined;
        if (!done && canHedge()) launch();
      }, timerDelay(delayMs));
    };

    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    launch();
  });
}

/** The reason the losing attempts are aborted with. */
function hedgeLost(): Error {
  const error = new Error('Another hedged attempt settled the call first');
  error.name = 'AbortError';
  return error;
}

function readHedgeOptions(options: HedgeOptions) {
  const where = 'hedge';
  if (options === null || typeof options !== 'object')
    throw optionError(where, 'options', 'an object', options);
  const { budget, signal, nonFatal } = options;
  if (budget !== undefined && !(budget instanceof HedgeBudget))
    throw optionError(where, 'budget', 'a HedgeBudget', budget);
  if (
    signal !== undefined &&
    typeof (signal as AbortSignal | null)?.addEventListener !== 'function'
  )
    throw optionError(where, 'signal', 'an AbortSignal', signal);
  let isNonFatal: (error: AgentError) => boolean;
  if (nonFatal === undefined) isNonFatal = (e) => NON_FATAL.includes(e.category);
  else if (typeof nonFatal === 'function') isNonFatal = nonFatal;
  else if (Array.isArray(nonFatal)) {
    const categories: readonly string[] = nonFatal;
    isNonFatal = (e) => categories.includes(e.category);
  } else
    throw optionError(where, 'nonFatal', 'an array of error categories or a function', nonFatal);
  return {
    delayMs: numberOption(where, 'delayMs', options.delayMs) ?? 100,
    maxAttempts:
      numberOption(where, 'maxAttempts', options.maxAttempts, { min: 1, integer: true }) ?? 2,
    nonFatal: isNonFatal,
    budget: budget ?? new HedgeBudget(),
    signal,
    classify:
      functionOption<(e: unknown) => AgentError>(where, 'classify', options.classify) ??
      defaultClassify,
    onEvent: functionOption<(e: GovernorEvent) => void>(where, 'onEvent', options.onEvent),
    clock:
      clockOption<Clock>(where, options.clock, ['now', 'setTimeout', 'clearTimeout']) ??
      systemClock,
  };
}

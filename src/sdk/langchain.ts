import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { toAgentError } from '../front/decode.js';
import { optionError } from '../retry/check-option.js';
import { saysDoNotRetry } from '../retry/failure-kinds.js';
import type { RetryOptions } from '../retry/options.js';
import { retryWithFallbacks } from './governed-calls.js';

/** The part of a LangChain `RunnableConfig` the adapter reads: the caller's signal. */
export interface LangChainConfigLike {
  /** Aborts the call (`model.invoke(input, { signal })`). */
  signal?: AbortSignal;
}

/**
 * A LangChain runnable — a chat model (`ChatOpenAI`), a chain, anything with `invoke` — as far as
 * the adapter calls it. Declared here so that this library imports nothing from LangChain.
 */
export interface LangChainRunnableLike<Input, Output, Config extends LangChainConfigLike> {
  /** One call. */
  invoke(input: Input, config?: Config): PromiseLike<Output>;
}

/** Options of {@link withLangChainRetry}: `retry`'s own, and the runnables to fall back to. */
export interface LangChainRetryOptions<Input = unknown, Output = unknown> extends Omit<
  RetryOptions,
  'signal' | 'idempotent'
> {
  /**
   * Whether a call that may have reached the model (a timeout, a dropped connection) is tried
   * again. Default `true`: a generation changes nothing on the provider's side. Pass `false` for
   * a chain whose steps act.
   */
  idempotent?: boolean;
  /**
   * Runnables to call, in order, once retrying the wrapped one has stopped in one of the
   * `fallbackOn` categories; each is retried with the same options first.
   */
  fallbacks?: readonly LangChainRunnableLike<Input, Output, LangChainConfigLike>[];
  /**
   * Which failures move on to the next runnable: categories, or a predicate on the classified
   * error. Default `FALLBACK_CATEGORIES` (`rate_limit`, `unavailable`, `quota`). LangChain.js's
   * own `withFallbacks` moves on after any error, a bad key or a bad request included.
   */
  fallbackOn?: readonly ErrorCategory[] | ((error: AgentError) => boolean);
}

/**
 * Run a LangChain.js runnable (`@langchain/core` 1.x: a chat model, a chain) under this library's
 * governor (`retry`): the one loop that waits what the server asked for however long (up to
 * `maxDelayMs`, past it stopping rather than coming back early), stops at once on a quota, an
 * auth failure, a context too long or a "do not retry", and with `fallbacks` moves on to the next
 * runnable only when the failure is one another model may not share (rate limit, outage, quota).
 *
 * Give the model `maxRetries: 0` (`new ChatOpenAI({ maxRetries: 0 })`): its `AsyncCaller` runs a
 * loop of its own (6 retries by default, with 1 s, 2 s, 4 s… backoff) that would run inside this
 * one. Returns a function `(input, config?) => Promise<output>`, which is also a LangChain
 * runnable-like: pipe it (`prompt.pipe(governed)`) or wrap it (`RunnableLambda.from(governed)`).
 * What it rejects with is this library's `RetryError` (`cause`: what the model threw).
 *
 * @example
 * const model = new ChatOpenAI({ model: 'gpt-4.1', maxRetries: 0 });
 * const backup = new ChatOpenAI({ model: 'gpt-4.1-mini', maxRetries: 0 });
 * const ask = withLangChainRetry(model, { maxAttempts: 4, fallbacks: [backup] });
 * const reply = await ask('Hello');
 */
export function withLangChainRetry<Input, Output, Config extends LangChainConfigLike>(
  runnable: LangChainRunnableLike<Input, Output, Config>,
  options: LangChainRetryOptions<NoInfer<Input>, NoInfer<Output>> = {},
): (input: Input, config?: Config) => Promise<Output> {
  const where = 'withLangChainRetry';
  if (!isRunnable(runnable))
    throw optionError(where, 'runnable', 'a runnable (with invoke)', runnable);
  if (options === null || typeof options !== 'object')
    throw optionError(where, 'options', 'an object', options);
  const { fallbacks, ...governing } = options;
  const others: unknown = fallbacks ?? [];
  if (!Array.isArray(others) || !others.every(isRunnable))
    throw optionError(where, 'fallbacks', 'an array of runnables (with invoke)', fallbacks);
  // Each is called with the caller's config and its attempt's signal.
  const chain = [runnable, ...(others as unknown[])] as readonly LangChainRunnableLike<
    Input,
    Output,
    LangChainConfigLike
  >[];
  return (input, config) =>
    retryWithFallbacks(
      chain.map((r) => (signal: AbortSignal) => r.invoke(input, { ...config, signal })),
      governing,
      config?.signal,
    ).catch(passControlFlow);
}

/**
 * LangGraph pauses or redirects a graph by throwing (`interrupt()`'s `GraphInterrupt`, a
 * `Command` for the parent graph): control flow, not a failure, which LangGraph recognises only
 * as thrown, by its `is_bubble_up` mark. Such an error leaves as it was thrown, not inside the
 * RetryError (decode reads it as cancelled, so it was never retried).
 */
function passControlFlow(error: unknown): never {
  let inner = error;
  for (let depth = 0; depth < 4 && typeof inner === 'object' && inner !== null; depth++) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- LangGraph's own, as thrown
    if ((inner as { is_bubble_up?: unknown }).is_bubble_up === true) throw inner;
    inner = (inner as { cause?: unknown }).cause;
  }
  throw error;
}

function isRunnable(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { invoke?: unknown }).invoke === 'function'
  );
}

/** Options of {@link langChainFailedAttempt}. */
export interface LangChainFailedAttemptOptions {
  /** A server that asks for a longer wait is obeyed by not retrying. Default `30_000`. */
  maxDelayMs?: number;
  /** Turns what the call threw into an AgentError. Default: the library's classifier. */
  classify?: (error: unknown) => AgentError;
}

/**
 * An `onFailedAttempt` for LangChain's own loops — `runnable.withRetry({ stopAfterAttempt,
 * onFailedAttempt })`, or a model's `new ChatOpenAI({ onFailedAttempt })` (its `AsyncCaller`) —
 * that decides with this library's classification: it rethrows (so the loop stops at once) what
 * is not worth retrying — a quota, an auth failure, a context too long, a "do not retry", a
 * wait longer than `maxDelayMs`. Otherwise it sets the error's `retryAfterMs` to the wait the
 * server asked for (`retry-after-ms`, `Retry-After`, …), the property LangChain's p-retry reads:
 * it then waits the longer of that and its own backoff (1–2 s, doubling), never less than 1 s.
 * For waits exactly as asked, and fallbacks by category, use {@link withLangChainRetry}.
 *
 * @example
 * const model = new ChatOpenAI({ model: 'gpt-4.1', maxRetries: 0 }).withRetry({
 *   stopAfterAttempt: 3,
 *   onFailedAttempt: langChainFailedAttempt(),
 * });
 */
export function langChainFailedAttempt(
  options: LangChainFailedAttemptOptions = {},
): (error: unknown) => void {
  const { maxDelayMs = 30_000, classify = toAgentError } = options;
  return (thrown) => {
    const error = classify(thrown);
    const waitMs = error.retryAfterMs;
    if (saysDoNotRetry(error) || !error.retryable || (waitMs !== undefined && waitMs > maxDelayMs))
      throw thrown;
    if (waitMs !== undefined && typeof thrown === 'object' && thrown !== null)
      (thrown as { retryAfterMs?: number }).retryAfterMs = waitMs;
  };
}

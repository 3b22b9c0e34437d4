import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { optionError } from '../retry/check-option.js';
import type { RetryOptions } from '../retry/options.js';
import { retryWithFallbacks } from './governed-calls.js';

/**
 * The part of the AI SDK's call options (`LanguageModelV3CallOptions`) the middleware reads.
 * Declared here, as every AI SDK shape below, so that this library imports nothing from the SDK.
 */
export interface AiCallOptionsLike {
  /** The caller's signal (`generateText({ abortSignal })`). */
  abortSignal?: AbortSignal;
}

/** One part of a model's stream (`LanguageModelV3StreamPart`), as far as the middleware reads it. */
export interface AiStreamPartLike {
  /** `'stream-start'`, `'text-delta'`, `'error'`, … */
  readonly type: string;
  /** What an `'error'` part carries. */
  readonly error?: unknown;
}

/** What a model's `doStream` resolves with (`LanguageModelV3StreamResult`): its stream. */
export interface AiStreamResultLike {
  /** The parts, read once. */
  readonly stream: ReadableStream<AiStreamPartLike>;
}

/**
 * A language model as `wrapLanguageModel` hands it to a middleware (`LanguageModelV3`): the two
 * calls the middleware makes on it, with the parameters the SDK prepared.
 */
export interface AiLanguageModelLike<P extends AiCallOptionsLike, G, S> {
  /** One non-streaming call. */
  doGenerate(options: P): PromiseLike<G>;
  /** One streaming call: resolves once the response has started. */
  doStream(options: P): PromiseLike<S>;
}

/**
 * Another model to fall back to (`openai('gpt-4.1-mini')`, `anthropic('claude-…')`): any
 * `LanguageModelV3`. Its calls get the same parameters as the wrapped model's.
 */
export interface AiFallbackModelLike {
  /** One non-streaming call. */
  doGenerate(options: never): PromiseLike<unknown>;
  /** One streaming call. */
  doStream(options: never): PromiseLike<unknown>;
}

/**
 * Options of {@link aiRetryMiddleware}: `retry`'s own (from `agent-errors/retry`), applied to
 * each model in turn, and the models to fall back to.
 */
export interface AiRetryMiddlewareOptions extends Omit<RetryOptions, 'signal' | 'idempotent'> {
  /**
   * Whether a call that may have reached the model (a timeout, a dropped connection) is tried
   * again. Default `true`: a generation changes nothing on the provider's side, so repeating it
   * costs tokens, not correctness. Pass `false` for a model whose calls act (tools run
   * server-side).
   */
  idempotent?: boolean;
  /**
   * Models to call, in order, once retrying the wrapped one has stopped in one of the
   * `fallbackOn` categories. Each is retried with the same options before moving on.
   */
  fallbacks?: readonly AiFallbackModelLike[];
  /**
   * Which failures move on to the next model: categories, or a predicate on the classified
   * error. Default `FALLBACK_CATEGORIES` (`rate_limit`, `unavailable`, `quota`).
   */
  fallbackOn?: readonly ErrorCategory[] | ((error: AgentError) => boolean);
}

/** The middleware {@link aiRetryMiddleware} returns: a `LanguageModelV3Middleware`. */
export interface AiRetryMiddleware {
  /** The AI SDK's middleware version. */
  readonly specificationVersion: 'v3';
  /** Runs each `generateText` / `generateObject` model call under the governor. */
  wrapGenerate<P extends AiCallOptionsLike, G, S>(options: {
    doGenerate: () => PromiseLike<G>;
    params: P;
    model: AiLanguageModelLike<P, G, S>;
  }): Promise<G>;
  /** Runs each `streamText` / `streamObject` model call under the governor, until its first part. */
  wrapStream<P extends AiCallOptionsLike, G, S extends AiStreamResultLike>(options: {
    doStream: () => PromiseLike<S>;
    params: P;
    model: AiLanguageModelLike<P, G, S>;
  }): Promise<S>;
}

/**
 * A language-model middleware for the Vercel AI SDK (v6, `wrapLanguageModel({ model, middleware })`)
 * that makes this library's governor (`retry`) the loop that retries model calls. It waits what
 * the server asked for (`retry-after-ms`, `Retry-After`) however long, up to `maxDelayMs` — past
 * it, it stops rather than coming back early, where the AI SDK's own loop retries after its 2 s
 * backoff whenever the server asks for 60 s or more. It stops at once on a quota, an auth
 * failure, a context too long, or a "do not retry" from the source (the SDK's loop retries every
 * 429, quota included). With `fallbacks`, a call that ends rate-limited, unavailable or out of
 * quota moves on to the next model.
 *
 * Give the call `maxRetries: 0` (`generateText({ model, maxRetries: 0, … })`): otherwise the
 * SDK's loop runs around this one. What a call rejects with is this library's `RetryError` (the
 * last error, classified, with `attempts` and `reason`; `cause` is the provider's `APICallError`).
 *
 * Streams are retried only until their first part that is not `stream-start` or
 * `response-metadata` has been read: an error before it (a failed response, or an `error` part
 * first) is retried; once text, a tool call or any other content has been delivered, a failure
 * reaches the caller as the stream's own error part, never as a second answer spliced on.
 *
 * @example
 * const model = wrapLanguageModel({
 *   model: openai('gpt-4.1'),
 *   middleware: aiRetryMiddleware({ maxAttempts: 4, fallbacks: [openai('gpt-4.1-mini')] }),
 * });
 * const { text } = await generateText({ model, maxRetries: 0, prompt: 'Hello' });
 */
export function aiRetryMiddleware(options: AiRetryMiddlewareOptions = {}): AiRetryMiddleware {
  const where = 'aiRetryMiddleware';
  if (options === null || typeof options !== 'object')
    throw optionError(where, 'options', 'an object', options);
  const { fallbacks = [], ...governing } = options;
  if (!Array.isArray(fallbacks) || !fallbacks.every(isModel))
    throw optionError(
      where,
      'fallbacks',
      'an array of language models (with doGenerate and doStream)',
      fallbacks,
    );
  // The wrapped model first, then each fallback, with the parameters the SDK prepared and each
  // attempt's own signal.
  const chain = <P extends AiCallOptionsLike, R>(
    params: P,
    primary: (params: P) => PromiseLike<R>,
    other: (model: AiFallbackModelLike, params: P) => PromiseLike<R>,
  ): Promise<R> =>
    retryWithFallbacks(
      [
        (abortSignal) => primary({ ...params, abortSignal }),
        ...fallbacks.map(
          (model) => (abortSignal: AbortSignal) => other(model, { ...params, abortSignal }),
        ),
      ],
      governing,
      params.abortSignal,
    );

  return {
    specificationVersion: 'v3',
    wrapGenerate: ({ params, model }) =>
      chain(
        params,
        (p) => model.doGenerate(p),
        (other, p) => (other.doGenerate as (p: unknown) => PromiseLike<never>)(p),
      ),
    wrapStream: ({ params, model }) =>
      chain(
        params,
        (p) => untilFirstContent(model.doStream(p)),
        (other, p) => untilFirstContent((other.doStream as (p: unknown) => PromiseLike<never>)(p)),
      ),
  };
}

function isModel(value: unknown): value is AiFallbackModelLike {
  const m = value as Partial<Record<'doGenerate' | 'doStream', unknown>> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.doGenerate === 'function' &&
    typeof m.doStream === 'function'
  );
}

// Parts a provider sends before it has anything to say: reading past them costs nothing.
const PREAMBLE = new Set(['stream-start', 'response-metadata']);

/**
 * The stream result with its preamble read ahead: rejects with what an `error` part before the
 * first content carries (so the attempt fails and can be retried), else resolves with a stream
 * that replays the parts read and then passes the rest through untouched.
 */
async function untilFirstContent<S extends AiStreamResultLike>(
  started: PromiseLike<S>,
): Promise<S> {
  const result = await started;
  const reader = result.stream.getReader();
  const held: AiStreamPartLike[] = [];
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    if (next.value.type === 'error') {
      reader.cancel().catch(() => {});
      throw next.value.error;
    }
    held.push(next.value);
    if (!PREAMBLE.has(next.value.type)) break;
  }
  const stream = new ReadableStream<AiStreamPartLike>({
    start(controller) {
      for (const part of held) controller.enqueue(part);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { ...result, stream };
}

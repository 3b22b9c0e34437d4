import { AgentError } from '../core/agent-error.js';
import { isThenable } from '../core/is.js';
import { TOOL_FAILURE_OPTIONS, toolFailure } from './tool-failure.js';
import { checkWrapperOptions } from './check-options.js';
import type { ToolErrorFunctionOptions } from './tool-failure.js';

/** Options for {@link withAiToolErrors}. */
export interface WithAiToolErrorsOptions extends ToolErrorFunctionOptions {
  /**
   * How a failure goes back to the AI SDK:
   *
   * - `'error'` (the default): thrown, as an `AgentError` whose message is the model-facing text.
   *   The SDK records a `tool-error` part (a UI shows the call as failed, `errorText` being that
   *   text) and sends the model that text; `toAgentError(part.error)` gives the category, code
   *   and retryability.
   * - `'result'`: returned as the tool's output (a string), so the SDK records a normal
   *   `tool-result`; the application hears of the failure only through `onToolError`.
   */
  as?: 'error' | 'result';
}

/**
 * What a tool wrapped with `as: 'result'` returns: its own output or, on failure, the
 * model-facing text (a string), whether it returns a value, a promise or an async iterable.
 */
export type OrErrorText<Output> =
  Output extends AsyncIterable<infer T>
    ? AsyncIterable<T | string>
    : Output extends PromiseLike<infer T>
      ? Promise<T | string>
      : Output | string;

/** The options the AI SDK passes to `execute` (only what the wrapper reads). */
interface ExecuteOptionsLike {
  toolCallId?: unknown;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

/**
 * Make a Vercel AI SDK tool fail safely: a failure reaches the model as safe, actionable text and
 * the application as an `AgentError`. By itself the AI SDK (v5, v6) catches what `execute`
 * throws and sends the model `error.message` verbatim (paths, tokens and all) as an
 * `error-text` tool result. Wrapped, the model reads `formatModelErrorText`'s text instead — the
 * hub category, a `Next step:` line ("Wait 2 s, then call this tool again.") and a JSON block,
 * sanitised — and `onToolError` receives the classified error. An unexpected error is shown as
 * `Internal error` with an `errorId`; the original goes to `onError` (or one sanitised stderr
 * line). An `execute` that returns an async iterable (preliminary results) is wrapped too: a
 * failure while iterating ends it with the text. See {@link WithAiToolErrorsOptions.as} for whether
 * the failure is a `tool-error` (the default) or the tool's result.
 *
 * Pass the tool (what `tool({ ... })` returns: a copy with its `execute` wrapped comes back, its
 * type unchanged) or the `execute` function alone. Inside `tool({ ... })`, TypeScript cannot
 * infer a wrapped `execute`'s input from the schema: wrap the tool, or annotate the input.
 *
 * @example
 * import { tool } from 'ai';
 * const search = withAiToolErrors(
 *   tool({
 *     description: 'Search the docs',
 *     inputSchema: z.object({ query: z.string() }),
 *     execute: async ({ query }) => api.search(query),
 *   }),
 *   { onToolError: (error) => metrics.count(error.category) },
 * );
 */
export function withAiToolErrors<T extends { execute?: unknown }>(
  tool: T,
  options?: WithAiToolErrorsOptions,
): T;
export function withAiToolErrors<Input, Options, Output>(
  execute: (input: Input, options: Options) => Output,
  options?: WithAiToolErrorsOptions & { as?: 'error' },
): (input: Input, options: Options) => Output;
export function withAiToolErrors<Input, Options, Output>(
  execute: (input: Input, options: Options) => Output,
  options: WithAiToolErrorsOptions & { as: 'result' },
): (input: Input, options: Options) => OrErrorText<Output>;
export function withAiToolErrors(target: unknown, options?: WithAiToolErrorsOptions): unknown {
  checkWrapperOptions('withAiToolErrors', options, TOOL_FAILURE_OPTIONS);
  const as = options?.as ?? 'error';
  if (as !== 'error' && as !== 'result') {
    throw new TypeError(
      `withAiToolErrors: options.as must be 'error' or 'result'; received ${JSON.stringify(as) ?? typeof as}`,
    );
  }
  if (typeof target === 'function') {
    return wrapExecute(target as (input: unknown, options: unknown) => unknown, as, options);
  }
  const execute =
    target !== null && typeof target === 'object'
      ? (target as { execute?: unknown }).execute
      : undefined;
  if (typeof execute !== 'function') {
    throw new TypeError(
      `withAiToolErrors: pass a tool with an execute function, or the execute function; received ${target === null ? 'null' : typeof target}${target !== null && typeof target === 'object' ? ' without execute' : ''}`,
    );
  }
  return {
    ...(target as object),
    execute: wrapExecute(
      (execute as (input: unknown, options: unknown) => unknown).bind(target),
      as,
      options,
    ),
  };
}

function wrapExecute(
  execute: (input: unknown, options: unknown) => unknown,
  as: 'error' | 'result',
  options: WithAiToolErrorsOptions | undefined,
): (input: unknown, options: unknown) => unknown {
  const fail = (thrown: unknown, callOptions: unknown): string => {
    const id = (callOptions as ExecuteOptionsLike | undefined)?.toolCallId;
    const { error, text } = toolFailure(thrown, options, {
      toolCallId: typeof id === 'string' ? id : undefined,
    });
    if (as === 'result') return text;
    // The SDK sends `message` to the model: the message is the text the model is to read.
    throw new AgentError(text, {
      category: error.category,
      code: error.code,
      retryable: error.retryable,
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      ...(error.details !== undefined ? { details: error.details } : {}),
      ...(error.errorId !== undefined ? { errorId: error.errorId } : {}),
      captureStack: false,
    });
  };
  return function (this: unknown, input: unknown, callOptions: unknown): unknown {
    let result: unknown;
    try {
      result = execute.call(this, input, callOptions);
    } catch (thrown) {
      return fail(thrown, callOptions);
    }
    if (isThenable(result)) {
      return Promise.resolve(result).then(undefined, (thrown: unknown) =>
        fail(thrown, callOptions),
      );
    }
    if (isAsyncIterable(result)) {
      const source = result;
      return (async function* () {
        try {
          yield* source;
        } catch (thrown) {
          yield fail(thrown, callOptions);
        }
      })();
    }
    return result;
  };
}

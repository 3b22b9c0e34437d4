import { AgentError, isAgentError } from '../core/agent-error.js';
import type { Classifier } from '../core/expose.js';
import type { AgentErrorLike } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { toExposableError } from '../helpers/expose.js';
import { modelErrorText } from '../dialects/tool/model-text.js';
import { MCP_META_KEYS } from '../dialects/mcp/meta-keys.js';
import { classifierOf, withDecoder } from '../front/encode.js';
import { checkWrapperOptions } from './check-options.js';
import type { WrapperOptionNames } from './check-options.js';

/** Options of {@link withToolErrors} (and of `withMcpErrors`, which passes them on). */
export interface WithToolErrorsOptions {
  /**
   * Called with an error the handler did not mean to show (anything but an `AgentError`, a
   * compatibility class, a schema failure or an error the classifier can name) and the
   * `errorId` the model was shown instead. A hook that throws is ignored. Without it, one
   * sanitised line goes to stderr (never stdout, which a stdio transport owns); pass `() => {}`
   * to silence it.
   */
  onError?: (error: unknown, errorId: string) => void;
  /** What the `Next step:` line calls the tool ("call this tool again"). Default `'this tool'`. */
  subject?: string;
  /**
   * What classifies what the handler threw: a decoder made by `createDecoder(readers)` (or
   * anything with its `toAgentError`). Default: the library's full classifier.
   */
  decoder?: Classifier | undefined;
  /**
   * Also put the hub fields in `_meta[MCP_META_KEYS.error]` (`{ code, category, retryable,
   * retryAfterMs?, errorId? }`), for a program that reads `_meta` rather than the text. Default
   * `false`: the text's JSON block carries the same fields, and `callToolOrThrow` and `decode`
   * read them from it; `_meta` costs each SDK's schemas on both sides of every failed call.
   */
  meta?: boolean | undefined;
}

/** The options {@link withToolErrors} and `withMcpErrors` check when made. @internal */
export const MCP_WRAPPER_OPTIONS: WrapperOptionNames = {
  hooks: ['onError'],
  strings: ['subject'],
  booleans: ['meta'],
};

/** The hub fields a failed tool result carries in `_meta[MCP_META_KEYS.error]`. */
export interface McpToolErrorMeta {
  code: string;
  category: ErrorCategory;
  retryable: boolean;
  retryAfterMs?: number;
  errorId?: string;
}

/**
 * The `CallToolResult` {@link withToolErrors} returns for a failure: the text alone, and
 * `_meta[MCP_META_KEYS.error]` too with `{ meta: true }`. One type for both: what a client reads
 * is the SDK's `CallToolResult`, whose `_meta` is optional either way. A type alias (not an
 * interface) so that it is assignable to the SDKs' `CallToolResult`.
 */
export type McpToolErrorResult = {
  isError: true;
  content: [{ type: 'text'; text: string }];
  _meta?: { [key: string]: McpToolErrorMeta };
};

/**
 * The failed tool result for `error`, per the exposure rule: the text is
 * `formatModelErrorText` (hub category, `Next step:` line, JSON block); with `meta: true`,
 * `_meta` carries the hub fields too. Never throws.
 * @internal
 */
export function toolErrorResult(
  error: unknown,
  options: WithToolErrorsOptions | undefined,
): McpToolErrorResult {
  // Its `onError` and `decoder` are the exposure rule's.
  const shown = toExposableError(error, options);
  // A ToolError-like carrier without a hub category is read by the classifier.
  const hub: AgentErrorLike = isAgentError(shown)
    ? shown
    : classifierOf(options?.decoder).toAgentError(shown);
  let written: { text: string; code: string };
  try {
    written = modelErrorText(hub, options?.subject === undefined ? undefined : options);
  } catch {
    written = modelErrorText(AgentError.internal('Internal error', { captureStack: false }));
  }
  const result: McpToolErrorResult = {
    isError: true,
    content: [{ type: 'text', text: written.text }],
  };
  if (options?.meta === true) {
    const meta: McpToolErrorMeta = {
      // The same code as the text's: a thrown `code` may be a path or a token.
      code: written.code,
      category: hub.category,
      retryable: hub.retryable,
    };
    if (hub.retryAfterMs !== undefined) meta.retryAfterMs = hub.retryAfterMs;
    const errorId = hub.errorId;
    if (typeof errorId === 'string') meta.errorId = errorId;
    result._meta = { [MCP_META_KEYS.error]: meta };
  }
  return result;
}

/**
 * Wrap an MCP tool handler (`McpServer.registerTool`'s callback, SDK v1
 * `@modelcontextprotocol/sdk` or v2 `@modelcontextprotocol/server`) so that anything it throws
 * becomes a failed tool result (`isError: true`) the model can act on: the text says what
 * failed, its category and what to do next (`formatModelErrorText`), and ends with a JSON block
 * of `{ code, category, retryable, retryAfterMs?, details? }` (an `errorId` in `details`) that
 * `callToolOrThrow` and `decode` read back; with `{ meta: true }`, `_meta[MCP_META_KEYS.error]`
 * carries `{ code, category, retryable, retryAfterMs?, errorId? }` too. An `AgentError`, a compatibility class or a schema failure goes out as it is
 * (sanitised); anything else as `Internal error` with an `errorId`, the error itself going to
 * `onError` (default: one sanitised line on stderr). Both SDK signatures — `(args, extra)` and
 * `(extra)` — pass through unchanged. The SDK checks the input before the handler runs: to
 * answer bad input the same way, use `withMcpErrors` on the server instead.
 *
 * @example
 * server.registerTool('post', { inputSchema: { channel: z.string() } },
 *   withToolErrors(async ({ channel }) => {
 *     if (await limited()) throw AgentError.rateLimited('Slow down', { retryAfterMs: 2000 });
 *     return { content: [{ type: 'text', text: await post(channel) }] };
 *   }),
 * );
 */
export function withToolErrors<A extends unknown[], R>(
  handler: (...args: A) => R | PromiseLike<R>,
  options?: WithToolErrorsOptions,
): (...args: A) => Promise<R | McpToolErrorResult> {
  if (typeof handler !== 'function') {
    throw new TypeError(
      `withToolErrors: handler must be a function; received ${handler === null ? 'null' : typeof handler}`,
    );
  }
  checkWrapperOptions('withToolErrors', options, MCP_WRAPPER_OPTIONS);
  // The decoder is chosen once, here, not at each failure.
  const resolved = options === undefined ? undefined : withDecoder(options);
  return catchToolErrors(handler, (error) => toolErrorResult(error, resolved));
}

/**
 * `handler` (called with its `this` and arguments), with what it throws answered as a failed
 * tool result (`fail`) and `check` run on what it returns (it rejects to fail the call): the one
 * catch of `withToolErrors` (see {@link toolCallOutcome}).
 * @internal
 */
export function catchToolErrors<A extends unknown[], R>(
  handler: (...args: A) => R | PromiseLike<R>,
  fail: (error: unknown) => McpToolErrorResult,
  check?: (result: R) => PromiseLike<unknown> | undefined,
): (...args: A) => Promise<R | McpToolErrorResult> {
  const run = toolCallOutcome(fail, check);
  return function (this: unknown, ...args: A): Promise<R | McpToolErrorResult> {
    return run(() => handler.apply(this, args));
  };
}

/** Runs one call of a tool handler (`call`) and answers for it: see {@link toolCallOutcome}. @internal */
export type ToolCallOutcome<R> = (
  call: () => R | PromiseLike<R>,
) => Promise<R | McpToolErrorResult>;

/**
 * The answer to a tool handler's call: what it returns, after `check` (which rejects to fail the
 * call), or a failed tool result (`fail`) for what it throws or rejects with; the SDKs' URL
 * elicitation request is passed through as a rejection. The handler runs in a microtask of its
 * own (`call`), not under the SDK's frames: an error the tool builds records its own frames only,
 * and recording frames is most of what building an error costs (bench: mcp-tools, 5 to 8 points
 * of an SDK v1 round trip). The callbacks are made here, once.
 * @internal
 */
export function toolCallOutcome<R>(
  fail: (error: unknown) => McpToolErrorResult,
  check?: (result: R) => PromiseLike<unknown> | undefined,
): ToolCallOutcome<R> {
  const failed = (error: unknown): McpToolErrorResult => {
    if (isUrlElicitationRequired(error)) throw error;
    return fail(error);
  };
  const checked =
    check === undefined
      ? undefined
      : (result: R): R | PromiseLike<R> => {
          const checking = check(result);
          return checking === undefined ? result : Promise.resolve(checking).then(() => result);
        };
  return (call) => {
    // A throw, a rejection and a thenable are all settled by the chain; a throw of `failed`
    // (the URL request) rejects it.
    const settled = Promise.resolve().then(call);
    return checked === undefined
      ? settled.then(undefined, failed)
      : settled.then(checked).then(undefined, failed);
  };
}

/**
 * The SDKs' `UrlElicitationRequiredError` (-32042): a request for the user to open a URL that
 * both SDKs send as a JSON-RPC error on purpose, not a tool failure. The SDKs pass any error
 * with that code through (v1 checks `instanceof McpError` and the code), and so does this.
 */
function isUrlElicitationRequired(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === -32042;
}

import type { AgentError } from '../core/agent-error.js';
import type { Classifier } from '../core/expose.js';
import { fromCallToolResult } from '../dialects/mcp/call-tool-result.js';
import { MCP_META_KEYS } from '../dialects/mcp/meta-keys.js';
import { classifierOf } from '../front/encode.js';
import { describeValue } from '../core/is.js';
import { describeMissingMethods } from './check-options.js';

/** What `params` was, for callToolOrThrow's TypeError: a tool's name alone, or a wrong `name`. */
function describeParams(params: unknown): string {
  if (typeof params === 'string')
    return `${describeValue(params)} (pass { name: ${describeValue(params)} })`;
  if (params === null || typeof params !== 'object') return describeValue(params);
  return `an object whose name is ${describeValue((params as { name?: unknown }).name)}`;
}

/**
 * Options of {@link callToolOrThrow}. `retry` passes each attempt an object with exactly these
 * fields (`attempt`, `idempotencyKey`, `signal`), so an attempt can be handed on as it is.
 */
export interface CallToolOrThrowOptions {
  /** Sent as `_meta[MCP_META_KEYS.attempt]`: 1 for the first call, 2 for the first retry, … */
  readonly attempt?: number | undefined;
  /**
   * Sent as `_meta[MCP_META_KEYS.idempotencyKey]`: the same for every attempt of one logical
   * call, so a server using `withIdempotency` runs the work once.
   */
  readonly idempotencyKey?: string | undefined;
  /** Aborts the call: passed to the SDK as `signal`. */
  readonly signal?: AbortSignal | undefined;
  /** The SDK's own request options (`timeout`, `onprogress`, …), passed on as they are. */
  readonly requestOptions?: Readonly<Record<string, unknown>> | undefined;
  /**
   * What classifies what the SDK throws: a decoder made by `createDecoder(readers)` (or anything
   * with its `toAgentError`). Default: the library's full classifier.
   */
  readonly decoder?: Classifier | undefined;
}

/** What this helper reads of an MCP `Client` (SDK v1 or v2). */
interface ClientShape {
  callTool: (...args: unknown[]) => Promise<unknown>;
  /** Only SDK v2's `Client` has it; its `callTool` takes `(params, options)`. */
  getProtocolEra?: unknown;
}

/** The parameters of `tools/call`, as both SDKs type them. */
export interface McpCallToolParams {
  name: string;
  arguments?: Record<string, unknown> | undefined;
  _meta?: Record<string, unknown> | undefined;
  [key: string]: unknown;
}

function withMeta(params: McpCallToolParams, options: CallToolOrThrowOptions | undefined) {
  const attempt = options?.attempt;
  const key = options?.idempotencyKey;
  if (attempt === undefined && key === undefined) return params;
  const meta: Record<string, unknown> = { ...params._meta };
  if (key !== undefined) meta[MCP_META_KEYS.idempotencyKey] = key;
  if (attempt !== undefined) meta[MCP_META_KEYS.attempt] = attempt;
  return { ...params, _meta: meta };
}

/**
 * Call an MCP tool through the official SDK's `Client` (v1 `@modelcontextprotocol/sdk` or v2
 * `@modelcontextprotocol/client`) and get its result, or an `AgentError` thrown: for a result
 * with `isError: true` (read with `fromCallToolResult`: category, retryability, `retryAfterMs`,
 * `details`, `wire.protocol === 'tool'`), and for anything the SDK throws (read with the one
 * classifier: a request timeout or an `AbortSignal.timeout` is `timeout`, a caller's abort is
 * `cancelled`, a closed connection `unavailable`, a JSON-RPC error by MCP's codes). So
 * `retry(() => callToolOrThrow(client, params))` retries what should be retried, waits what it
 * is told to wait and stops on the rest, with no options.
 *
 * `options` takes the attempt number, the idempotency key and the signal — exactly what `retry`
 * passes each attempt — and sends the first two in `_meta` under {@link MCP_META_KEYS}.
 *
 * @example
 * const result = await retry((attempt) =>
 *   callToolOrThrow(client, { name: 'book', arguments: { hours: 2 } }, attempt),
 * );
 */
export async function callToolOrThrow<R = Record<string, unknown>>(
  client: object,
  params: McpCallToolParams,
  options?: CallToolOrThrowOptions,
): Promise<R> {
  const c = client as ClientShape;
  if (c === null || typeof c !== 'object' || typeof c.callTool !== 'function') {
    throw new TypeError(
      `callToolOrThrow: client must be an MCP Client from @modelcontextprotocol/sdk (v1) or @modelcontextprotocol/client (v2), with callTool; received ${describeMissingMethods(client, ['callTool'])}`,
    );
  }
  if (params === null || typeof params !== 'object' || typeof params.name !== 'string') {
    throw new TypeError(
      `callToolOrThrow: params must be { name: string, arguments?, _meta? }; received ${describeParams(params)}`,
    );
  }
  const request = withMeta(params, options);
  const signal = options?.signal;
  const requestOptions =
    signal === undefined ? options?.requestOptions : { ...options?.requestOptions, signal };
  let result: unknown;
  try {
    result =
      typeof c.getProtocolEra === 'function'
        ? await c.callTool(request, requestOptions)
        : await c.callTool(request, undefined, requestOptions);
  } catch (error) {
    // An AgentError, or what a decoder of the caller's gives for one.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw classifierOf(options?.decoder).toAgentError(error);
  }
  if (
    result !== null &&
    typeof result === 'object' &&
    (result as { isError?: unknown }).isError === true
  ) {
    throw toolResultError(result);
  }
  return result as R;
}

/** A failed result: its hub fields from its text (or `structuredContent`), never `_meta`. */
function toolResultError(result: object): AgentError {
  return fromCallToolResult(result);
}

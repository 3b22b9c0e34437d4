import { isAgentError } from '../../core/agent-error.js';
import type { AgentErrorLike } from '../../core/agent-error.js';
import { encodeRpcError, exposableError, redactMessage } from '../jsonrpc/rpc-error.js';
import { isUnexpected } from '../../core/unexpected.js';
import type { RpcEncodeOptions } from '../jsonrpc/rpc-error.js';
import { schemaIssuesOf } from '../schema/issues.js';
import type { SchemaIssue } from '../schema/issues.js';
import { toJsonSafe } from '../../core/serialize.js';
import { describeValue } from '../../core/is.js';
import { ACP_CODE_TABLE, ACP_ERROR_CODES } from './codes.js';
import { classifyAcpError } from './decode.js';
import { isRequestError } from './is-request-error.js';
import { RequestError } from './request-error.js';
import type { ErrorResponse } from './request-error.js';

/** What the ACP encoder reads (`encode(error, 'acp', options)`, `toRequestError`). */
export interface AcpEncodeOptions extends RpcEncodeOptions {
  /**
   * How a schema failure's issues go out in `invalidParams`' data: `'tree'` (the default) is
   * Zod's `format()` tree, `{ _errors: [], cwd: { _errors: ['Required'] } }`, as the ACP SDK
   * sends it; `'list'` is `{ issues: [{ path, message }] }`. Both are decoded.
   */
  issues?: 'tree' | 'list';
}

/**
 * The ACP code for an {@link AgentError}: by our code where ACP has one, else by category, else -32603.
 *
 * @example
 * acpCodeFor(AgentError.auth('log in')); // -32000
 */
export function acpCodeFor(error: AgentErrorLike): number {
  return ACP_CODE_TABLE.wireFor(error);
}

/**
 * Encode an error for an ACP peer as `{ code, message, data? }`. A `RequestError` goes out as
 * it is; a Zod / Valibot / Standard Schema failure as `invalidParams(zodError.format())`, as the
 * ACP SDK sends it (or with `data.issues`, see {@link AcpEncodeOptions.issues}); an
 * {@link AgentError} by its code or category, with `data.agentError` hints where the code
 * cannot carry them; anything else as `Internal error` with only a random `data.errorId`
 * (never the thrown message). `data` is JSON-safe and redacted unless `redact: false`.
 *
 * @example
 * encodeAcpError(AgentError.auth('Token expired'));
 * // { code: -32000, message: 'Token expired' }
 */
export function encodeAcpError(error: unknown, options?: AcpEncodeOptions): ErrorResponse {
  // An error made from an unexpected one goes the way unexpected errors go (see toExposableError).
  if (!isAgentError(error) || isUnexpected(error)) return encodeOther(error, options);
  const issues = paramIssuesOf(error);
  if (issues) return invalidParams(error, issues, options);
  return encodeRpcError('acp', error, acpCodeFor(error), classifyAcpError, options);
}

/**
 * The issues of a hub error that is a schema failure of a request's params (what the peer's
 * method validation and `schemaFailureError(issues, { params: true })` make: `INVALID_PARAMS`,
 * `details` holding only `issues`), when ACP's `invalidParams(zodError.format())` carries all of
 * it: not retryable, no delay. Else `undefined`.
 */
function paramIssuesOf(error: AgentErrorLike): SchemaIssue[] | undefined {
  if (error.code !== 'INVALID_PARAMS' || error.category !== 'validation') return undefined;
  if (error.retryable || error.retryAfterMs !== undefined || error.wire !== undefined)
    return undefined;
  const details = error.details;
  if (details === undefined || Object.keys(details).length !== 1) return undefined;
  return schemaIssuesOf(details);
}

/**
 * A schema failure as the ACP SDK sends it: `invalidParams(zodError.format())` — message
 * `Invalid params`, data the `format()` tree built from the issues (or `{ issues }`, see
 * {@link AcpEncodeOptions.issues}). Other protocols keep the hub's issue list as it is.
 */
function invalidParams(
  failure: unknown,
  issues: SchemaIssue[],
  options: AcpEncodeOptions | undefined,
): ErrorResponse {
  const form = options?.issues;
  if (form !== undefined && form !== 'tree' && form !== 'list') {
    throw new TypeError(
      `encode: options.issues must be 'tree' or 'list'; received ${describeValue(form)}`,
    );
  }
  const data = form === 'list' ? { issues } : zodFormatOf(failure, issues);
  return encodeAcpError(RequestError.invalidParams(data), options);
}

/** What is not an AgentError: a `RequestError`, a schema failure, or anything else thrown. */
function encodeOther(error: unknown, options: AcpEncodeOptions | undefined): ErrorResponse {
  if (isRequestError(error)) {
    // JSON-RPC codes are integers: a class built with another number (NaN, 1.5) is sent as
    // Internal error's, which is what its code reads as (docs/acp.md, "Differences").
    const code = Number.isInteger(error.code) ? error.code : ACP_ERROR_CODES.InternalError;
    // Redacted as every other class's message is (a relayed message is no safer than ours).
    const out: ErrorResponse = { code, message: redactMessage(error.message) };
    const data = error.data === undefined ? undefined : toJsonSafe(error.data, options);
    if (data !== undefined) out.data = data;
    return out;
  }
  const issues = schemaIssuesOf(error);
  if (issues) return invalidParams(error, issues, options);
  const e = exposableError(error, options);
  return encodeRpcError('acp', e, acpCodeFor(e), classifyAcpError, options);
}

/**
 * What Zod's `format()` gives for a schema failure: its own result for a `ZodError`, else the
 * same tree built from the issues (Valibot, Standard Schema) — one `{ _errors }` node per path
 * step, each message on the node of its path.
 */
function zodFormatOf(failure: unknown, issues: readonly SchemaIssue[]): object {
  const format = (failure as { format?: unknown }).format;
  if ((failure as { name?: unknown }).name === 'ZodError' && typeof format === 'function') {
    try {
      const tree: unknown = format.call(failure);
      if (tree !== null && typeof tree === 'object') return tree;
    } catch {
      // A Zod we do not know: build the tree from the issues instead.
    }
  }
  type Node = { _errors: string[] } & Record<string, unknown>;
  const root: Node = { _errors: [] };
  for (const { path, message } of issues) {
    let node = root;
    for (const step of path) {
      const key = String(step);
      // As Zod: `_errors` is the node's own list, never a child.
      if (key === '_errors') continue;
      if (!Object.hasOwn(node, key)) {
        // Defined, not assigned: a key such as `__proto__` must become an own key.
        Object.defineProperty(node, key, {
          value: { _errors: [] },
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      node = node[key] as Node;
    }
    node._errors.push(message);
  }
  return root;
}

/** The constructor of a `RequestError`-like class, such as `@agentclientprotocol/sdk`'s. */
export type RequestErrorConstructor<E> = new (code: number, message: string, data?: unknown) => E;

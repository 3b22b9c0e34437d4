import type { AgentErrorLike } from '../../core/agent-error.js';
import { encodeRpcError, exposableError } from '../jsonrpc/rpc-error.js';
import type { RpcEncodeOptions } from '../jsonrpc/rpc-error.js';
import { LSP_CODE_TABLE, LSP_ERROR_CODES } from './codes.js';
import { classifyLspError, decodeLspError } from './decode.js';
import type { ResponseErrorJson } from './response-error.js';

/**
 * The LSP code for an {@link AgentError}: by our code where LSP has one; a cancel the client
 * may retry is `ServerCancelled`, another `RequestCancelled`; else by category; anything else
 * `RequestFailed` (-32803), a request that was valid but failed.
 *
 * @example
 * lspCodeFor(AgentError.conflict('stale')); // -32801
 */
export function lspCodeFor(error: AgentErrorLike): number {
  const wire = LSP_CODE_TABLE.wireFor(error);
  // A cancel the client may retry is `ServerCancelled`; any other `RequestCancelled`.
  if (
    wire === LSP_ERROR_CODES.RequestFailed &&
    error.category === 'cancelled' &&
    error.code !== 'REQUEST_FAILED'
  )
    return error.retryable ? LSP_ERROR_CODES.ServerCancelled : LSP_ERROR_CODES.RequestCancelled;
  return wire;
}

/**
 * Encode an error for an LSP peer as a JSON-RPC error object (what `ResponseError.toJson()`
 * gives). A `ResponseError` goes out as it is; an {@link AgentError} by code or category with
 * `data.agentError` hints where needed; anything else as `Internal error` with a random
 * `data.errorId`. `data` is JSON-safe and redacted unless `redact: false`.
 *
 * @example
 * encodeLspError(AgentError.cancelled('user typed again', { code: 'REQUEST_CANCELLED' }));
 * // { code: -32800, message: 'user typed again' }
 */
export function encodeLspError(error: unknown, options?: RpcEncodeOptions): ResponseErrorJson {
  const e = isRpcShaped(error) ? decodeLspError(error) : exposableError(error, options);
  return encodeRpcError('lsp', e, lspCodeFor(e), classifyLspError, options);
}

function isRpcShaped(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const v = error as { name?: unknown; code?: unknown; toJson?: unknown; message?: unknown };
  return (
    Number.isInteger(v.code) &&
    typeof v.message === 'string' &&
    (v.name === 'ResponseError' || typeof v.toJson === 'function')
  );
}

/** The constructor of a `ResponseError`-like class, such as `vscode-jsonrpc`'s. */
export type ResponseErrorConstructor<E> = new (code: number, message: string, data?: unknown) => E;

import type { AgentError } from '../../core/agent-error.js';
import { decodeRpcError, decodeRpcValue } from '../jsonrpc/rpc-error.js';
import type { RpcErrorObject } from '../jsonrpc/rpc-error.js';
import type { RpcClassification } from '../jsonrpc/rpc-error.js';
import { LSP_CODE_TABLE } from './codes.js';
import { UNKNOWN_RPC_CODE } from '../jsonrpc/rpc-code-table.js';

/**
 * How LSP reads an error code: -32800 → `cancelled`, -32801 content modified → `conflict`
 * (retry), -32802 server cancelled → `cancelled` (retry), -32803 → `internal`, -32002 server
 * not initialized → `protocol`; `vscode-jsonrpc`'s local transport codes → `unavailable`.
 *
 * @example
 * classifyLspError(-32801).category; // 'conflict'
 */
export function classifyLspError(code: number): RpcClassification {
  return LSP_CODE_TABLE.classify(code) ?? UNKNOWN_RPC_CODE;
}

/**
 * Decode an LSP error into an {@link AgentError}: a `ResponseError` (ours or
 * `vscode-jsonrpc`'s), a JSON-RPC error object or a whole error response. Throws a
 * `TypeError` naming the field when `value` is none of these.
 *
 * @example
 * decodeLspError({ code: -32801, message: 'Content modified' }).retryable; // true
 */
export function decodeLspError(value: unknown): AgentError {
  return decodeRpcValue(value, 'decodeLspError', lspFromRpc);
}

/**
 * The {@link AgentError} for an error object already read (`{ code, message, data? }`), with
 * `cause` the instance it came from, if any. Internal: `decode` reaches it without re-reading.
 */
export function lspFromRpc(error: RpcErrorObject, cause?: unknown): AgentError {
  return decodeRpcError('lsp', error, classifyLspError(error.code), cause);
}

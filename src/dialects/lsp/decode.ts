import type { AgentError } from '../../core/agent-error.js';
import { decodeRpcError, readRpcErrorObject } from '../../core/rpc-error.js';
import type { RpcErrorObject } from '../../core/rpc-error.js';
import type { RpcClassification } from '../../core/rpc-error.js';
import { codeTable } from '../../core/code-table.js';

const BY_CODE = codeTable<RpcClassification>({
  [-32700]: { category: 'protocol', code: 'PARSE_ERROR' },
  [-32600]: { category: 'protocol', code: 'INVALID_REQUEST' },
  [-32601]: { category: 'protocol', code: 'METHOD_NOT_FOUND' },
  [-32602]: { category: 'validation', code: 'INVALID_PARAMS' },
  [-32603]: { category: 'internal', code: 'INTERNAL_ERROR' },
  [-32002]: { category: 'protocol', code: 'SERVER_NOT_INITIALIZED' },
  [-32001]: { category: 'internal', code: 'UNKNOWN_ERROR_CODE' },
  [-32800]: { category: 'cancelled', code: 'REQUEST_CANCELLED' },
  [-32801]: { category: 'conflict', code: 'CONTENT_MODIFIED', retryable: true },
  [-32802]: { category: 'cancelled', code: 'SERVER_CANCELLED', retryable: true },
  [-32803]: { category: 'internal', code: 'REQUEST_FAILED' },
  [-32099]: { category: 'unavailable', code: 'MESSAGE_WRITE_ERROR' },
  [-32098]: { category: 'unavailable', code: 'MESSAGE_READ_ERROR' },
  [-32097]: { category: 'unavailable', code: 'PENDING_RESPONSE_REJECTED' },
  [-32096]: { category: 'unavailable', code: 'CONNECTION_INACTIVE' },
});

/**
 * How LSP reads an error code: -32800 → `cancelled`, -32801 content modified → `conflict`
 * (retry), -32802 server cancelled → `cancelled` (retry), -32803 → `internal`, -32002 server
 * not initialized → `protocol`; `vscode-jsonrpc`'s local transport codes → `unavailable`.
 *
 * @example
 * classifyLspError(-32801).category; // 'conflict'
 */
export function classifyLspError(code: number): RpcClassification {
  return BY_CODE.get(code) ?? { category: 'internal', code: 'INTERNAL_ERROR' };
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
  return lspFromRpc(
    readRpcErrorObject(value, 'decodeLspError'),
    value instanceof Error ? value : undefined,
  );
}

/**
 * The {@link AgentError} for an error object already read (`{ code, message, data? }`), with
 * `cause` the instance it came from, if any. Internal: `decode` reaches it without re-reading.
 */
export function lspFromRpc(error: RpcErrorObject, cause?: unknown): AgentError {
  return decodeRpcError('lsp', error, classifyLspError(error.code), cause);
}

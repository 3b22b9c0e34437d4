import type { AgentError } from '../../core/agent-error.js';
import { decodeRpcError, decodeRpcValue } from './rpc-error.js';
import type { RpcErrorObject } from './rpc-error.js';
import { classifyJsonRpcError } from './classify.js';

/**
 * Decode a JSON-RPC error object (or a whole error response, or an error instance with
 * `code`/`message`/`data`) whose protocol is unknown into an {@link AgentError}. The category
 * follows {@link classifyJsonRpcError}, unless `data.agentError` carries our own hints; `wire`
 * keeps what was received. Throws a `TypeError` naming the field when `value` is not one.
 *
 * Prefer the decoder of the protocol you speak (`decodeAcpError`, `decodeMcpError`, …): a
 * numeric code means nothing without its protocol.
 *
 * @example
 * const err = decodeJsonRpcError({ code: -32601, message: 'Method not found' });
 * err.category; // 'protocol'
 * err.code; // 'METHOD_NOT_FOUND'
 */
export function decodeJsonRpcError(value: unknown): AgentError {
  return decodeRpcValue(value, 'decodeJsonRpcError', jsonRpcFromRpc);
}

/**
 * The {@link AgentError} for an error object already read (`{ code, message, data? }`), with
 * `cause` the instance it came from, if any. Internal: `decode` reaches it without re-reading.
 */
export function jsonRpcFromRpc(error: RpcErrorObject, cause?: unknown): AgentError {
  return decodeRpcError(
    'jsonrpc',
    error,
    classifyJsonRpcError(error.code, error.message, error.data),
    cause,
  );
}

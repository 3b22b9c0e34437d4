import type { AgentErrorLike } from '../../core/agent-error.js';
import { encodeRpcError, exposableError } from './rpc-error.js';
import type { RpcEncodeOptions } from './rpc-error.js';
import { classifyJsonRpcError } from './classify.js';
import { JSONRPC_CODE_TABLE } from './codes.js';
import { createErrorResponse } from './error-object.js';
import type { JsonRpcErrorObject, JsonRpcErrorResponse, JsonRpcId } from './error-object.js';

/**
 * The JSON-RPC code for an {@link AgentError}: by our code where it names a standard one, else by
 * category (see the code policy in `codes.ts`: application failures are -32000).
 *
 * @example
 * jsonRpcCodeFor(AgentError.validation('bad')); // -32602
 */
export function jsonRpcCodeFor(error: AgentErrorLike): number {
  return JSONRPC_CODE_TABLE.wireFor(error);
}

/**
 * Encode an error as a plain JSON-RPC 2.0 error object. An {@link AgentError} keeps its
 * message; its `details` go into `data` (JSON-safe, secrets redacted) along with
 * `data.agentError` = `{ code, category, retryable, retryAfterMs? }` when the numeric code
 * alone would not restore them. An error decoded from JSON-RPC goes back exactly as received.
 * Anything else thrown goes out as `Internal error` with only a random `data.errorId`, after
 * `options.onError` sees it.
 *
 * @example
 * encodeJsonRpcError(AgentError.validation('name is required', { code: 'INVALID_PARAMS' }));
 * // { code: -32602, message: 'name is required' }
 */
export function encodeJsonRpcError(error: unknown, options?: RpcEncodeOptions): JsonRpcErrorObject {
  const e = exposableError(error, options);
  return encodeRpcError('jsonrpc', e, jsonRpcCodeFor(e), classifyJsonRpcError, options);
}

/**
 * Encode an error as a whole JSON-RPC 2.0 error response for request `id` (`null` when the
 * request's id could not be read).
 *
 * @example
 * encodeJsonRpcErrorResponse(7, AgentError.internal('boom'));
 * // { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'boom' } }
 */
export function encodeJsonRpcErrorResponse(
  id: JsonRpcId | undefined,
  error: unknown,
  options?: RpcEncodeOptions,
): JsonRpcErrorResponse {
  return createErrorResponse(id, encodeJsonRpcError(error, options));
}

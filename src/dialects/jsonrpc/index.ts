export {
  JSONRPC_ERROR_CODES,
  JSONRPC_ERROR_MESSAGES,
  JSONRPC_RESERVED_RANGES,
  isReservedErrorCode,
  isServerErrorCode,
} from './codes.js';
export type { JsonRpcErrorCode } from './codes.js';
export {
  createErrorObject,
  createErrorResponse,
  isJsonRpcErrorObject,
  isJsonRpcErrorResponse,
} from './error-object.js';
export type { JsonRpcErrorObject, JsonRpcErrorResponse, JsonRpcId } from './error-object.js';
export { classifyJsonRpcError } from './classify.js';
export { decodeJsonRpcError } from './decode.js';
export { encodeJsonRpcError, encodeJsonRpcErrorResponse, jsonRpcCodeFor } from './encode.js';
export { WIRE_HINTS_KEY } from '../../core/rpc-error.js';
export type { RpcEncodeOptions, WireHints } from '../../core/rpc-error.js';

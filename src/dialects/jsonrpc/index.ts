export { JSONRPC_ERROR_CODES, JSONRPC_ERROR_MESSAGES } from './codes.js';
export type { JsonRpcErrorCode } from './codes.js';
export {
  createErrorObject,
  createErrorResponse,
  isJsonRpcErrorObject,
  isJsonRpcErrorResponse,
} from './error-object.js';
export type { JsonRpcErrorObject, JsonRpcErrorResponse, JsonRpcId } from './error-object.js';
export { WIRE_HINTS_KEY } from './rpc-error.js';
export type { RpcEncodeOptions, WireHints } from './rpc-error.js';

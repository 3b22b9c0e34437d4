export { LSP_ERROR_CODES } from './codes.js';
export type { LspErrorCode } from './codes.js';
export { ResponseError, isResponseError } from './response-error.js';
export type { ResponseErrorJson } from './response-error.js';
export type { ResponseErrorConstructor } from './convert.js';
export type { RpcEncodeOptions } from '../jsonrpc/rpc-error.js';

export { A2A_ERROR_CODES, A2A_ERROR_NAMES } from './codes.js';
export type { A2aErrorCode, A2aErrorName } from './codes.js';
export { A2A_ERROR_DOMAIN } from './error-info.js';
export type { A2aEncodeOptions } from './convert.js';
export type { RpcEncodeOptions, RpcErrorObject } from '../jsonrpc/rpc-error.js';

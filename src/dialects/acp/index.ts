export { ACP_ERROR_CODES } from './codes.js';
export type { AcpErrorCode } from './codes.js';
export { RequestError, isRequestError } from './request-error.js';
export type { AcpErrorResult, ErrorResponse, Result } from './request-error.js';
export type { AcpEncodeOptions, RequestErrorConstructor } from './convert.js';
export type { RpcEncodeOptions } from '../jsonrpc/rpc-error.js';

export { A2A_ERROR_CODES, A2A_ERROR_NAMES, a2aErrorName } from './codes.js';
export type { A2aErrorCode, A2aErrorName } from './codes.js';
export {
  A2A_ERROR_DOMAIN,
  AGENT_ERROR_DETAIL_TYPE,
  ERROR_INFO_TYPE,
  RETRY_INFO_TYPE,
  findErrorInfo,
  parseRetryDelay,
} from './error-info.js';
export type { A2aErrorDetail, A2aErrorInfo } from './error-info.js';
export { a2aCodeFor, classifyA2aError, decodeA2aError, encodeA2aError } from './convert.js';
export type { A2aEncodeOptions } from './convert.js';
export type { RpcEncodeOptions, RpcErrorObject } from '../../core/rpc-error.js';

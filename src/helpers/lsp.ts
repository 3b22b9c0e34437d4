import { ResponseError } from '../dialects/lsp/response-error.js';
import type { ResponseErrorConstructor } from '../dialects/lsp/convert.js';
import type { RpcEncodeOptions } from '../dialects/jsonrpc/rpc-error.js';
import { encode } from '../front/encode.js';
import { sdkClassError } from './sdk-class.js';

/**
 * Any error as a {@link ResponseError}, built from `encode(error, 'lsp')`. A `ResponseError` is
 * returned as it is.
 *
 * @example
 * toResponseError(AgentError.conflict('stale', { code: 'CONTENT_MODIFIED', retryable: true })).code; // -32801
 */
export function toResponseError(error: unknown, options?: RpcEncodeOptions): ResponseError {
  if (error instanceof ResponseError) return error;
  const { code, message, data } = encode(error, 'lsp', options);
  return new ResponseError(code, message, data);
}

/**
 * Any error as an instance of `vscode-jsonrpc`'s own `ResponseError`, which you pass in (this
 * package depends on no SDK), built from `encode(error, 'lsp')`: `vscode-jsonrpc` recognises
 * thrown errors with `instanceof` and turns anything else into `InternalError`.
 *
 * @example
 * import { ResponseError as VsResponseError } from 'vscode-jsonrpc';
 * throw toSdkResponseError(AgentError.conflict('stale'), VsResponseError);
 */
export function toSdkResponseError<E>(
  error: unknown,
  ResponseErrorClass: ResponseErrorConstructor<E>,
  options?: RpcEncodeOptions,
): E {
  return sdkClassError(
    'toSdkResponseError',
    'ResponseErrorClass',
    ResponseErrorClass,
    error,
    'lsp',
    options,
  );
}

import type { RpcEncodeOptions } from '../dialects/jsonrpc/rpc-error.js';
import { encode } from '../front/encode.js';

/** The constructor of an SDK's JSON-RPC error class: `new (code, message, data?)`. */
export type RpcErrorClass<E> = new (code: number, message: string, data?: unknown) => E;

/**
 * `error` as an instance of an SDK's own error class (`ErrorClass`, passed in: this package
 * depends on no SDK), built from `encode(error, protocol)`. `fn` and `param` name the public
 * helper and its parameter in the `TypeError` for a class that is no constructor.
 */
export function sdkClassError<E>(
  fn: string,
  param: string,
  ErrorClass: RpcErrorClass<E>,
  error: unknown,
  protocol: 'acp' | 'lsp',
  options: RpcEncodeOptions | undefined,
): E {
  if (typeof ErrorClass !== 'function') {
    throw new TypeError(
      `${fn}: ${param} must be a constructor; received ${ErrorClass === null ? 'null' : typeof ErrorClass}`,
    );
  }
  const { code, message, data } = encode(error, protocol, options);
  return new ErrorClass(code, message, data);
}

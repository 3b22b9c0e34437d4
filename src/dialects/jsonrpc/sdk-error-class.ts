import { describeValue } from '../../core/is.js';
import type { RpcErrorObject } from './rpc-error.js';

/**
 * An instance of an SDK's own JSON-RPC error class, passed in as `ErrorClass` (no SDK is a
 * dependency) and called as `new ErrorClass(code, message, data)`, holding what `encode` gives.
 * ACP's and LSP's SDKs recognise a thrown error only by `instanceof` their own class, so their
 * `toSdk…Error` helpers build one here. `encode` runs only once `ErrorClass` is known to be a
 * constructor; otherwise a `TypeError` names `where` and `param`.
 * @internal
 */
export function newSdkRpcError<E>(
  where: string,
  param: string,
  ErrorClass: new (code: number, message: string, data?: unknown) => E,
  encode: () => RpcErrorObject,
): E {
  if (typeof ErrorClass !== 'function') {
    throw new TypeError(
      `${where}: ${param} must be a constructor; received ${describeValue(ErrorClass)}`,
    );
  }
  const { code, message, data } = encode();
  return new ErrorClass(code, message, data);
}

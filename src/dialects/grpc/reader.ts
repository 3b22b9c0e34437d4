import type { Reader } from '../../core/reader.js';
import { isConnectCode } from './codes.js';
import { decodeGrpcError, looksLikeGrpc } from './status.js';

/**
 * A `google.rpc.Status`, an `@grpc/grpc-js` `ServiceError`, a Connect-RPC error or a Google API
 * error body; or anything when the caller said the protocol is gRPC. Its small codes (1–16), a
 * Connect code name or an `error` member that is no JSON-RPC response's go first, then the shape.
 */
export const grpcReader: Reader = {
  name: 'grpc status',
  hints: [undefined, 'grpc'],
  recognise(view) {
    if (view.protocol === 'grpc') return decodeGrpcError(view.input);
    if (view.protocol !== undefined) return undefined;
    const code = view.code;
    const error = view.error;
    const candidate =
      (typeof code === 'number' && code >= 1 && code <= 16) ||
      (typeof code === 'string' && isConnectCode(code)) ||
      (!view.hasJsonrpc && error !== null && typeof error === 'object');
    return candidate && looksLikeGrpc(view.input) ? decodeGrpcError(view.input) : undefined;
  },
};

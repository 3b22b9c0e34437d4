import type { Dialect } from '../../core/dialect.js';
import type { ExposeOptions } from '../../core/expose.js';
import { decodeGrpcError, encodeGrpcError } from './status.js';

/** gRPC (`google.rpc.Status`, AIP-193 and AIP-194) in the registry. */
export const grpcDialect: Dialect<ExposeOptions> = {
  protocol: 'grpc',
  encode: encodeGrpcError,
  decode: decodeGrpcError,
};

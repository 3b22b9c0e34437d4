export { GRPC_STATUS_CODES } from './codes.js';
export type { GrpcStatusName } from './codes.js';
export type { GrpcStatus } from './status.js';
export type { TypedDetail } from '../google-rpc/google-rpc.js';

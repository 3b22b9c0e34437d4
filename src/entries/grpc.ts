export * from '../dialects/grpc/index.js';
export { grpcReader } from '../dialects/grpc/reader.js';

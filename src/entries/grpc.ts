export * from '../dialects/grpc/index.js';

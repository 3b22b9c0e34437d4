export * from '../dialects/jsonrpc/index.js';

// agent-errors/jsonrpc: the JSON-RPC 2.0 codes and error objects, and the peer built on them.
export * from '../dialects/jsonrpc/index.js';
export * from '../rpc/index.js';

/**
 * JSON-RPC 2.0: codes and error objects, a spec-exact `createHandler`, and `createPeer` with its
 * transports (streams, WebSocket, in-memory).
 *
 * @module agent-errors/jsonrpc
 */
export * from '../dialects/jsonrpc/index.js';
export * from '../rpc/index.js';

/**
 * JSON-RPC 2.0: codes and error objects, a spec-exact `createHandler`, and `createPeer` with its
 * transports (streams, WebSocket, in-memory).
 *
 * @module agent-errors/jsonrpc
 */
export * from '../dialects/jsonrpc/index.js';
export * from '../rpc/index.js';
// The JSON-RPC family's readers (each error object read by the dialect it belongs to: plain
// JSON-RPC, ACP, MCP, LSP or A2A), for `createDecoder`.
export { jsonRpcErrorReader, jsonRpcResponseReader } from '../registry/readers.js';

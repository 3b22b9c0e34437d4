export { createHandler } from './handler.js';
export type { Handler, HandlerOptions } from './handler.js';
export { createPeer } from './peer.js';
export type { Peer, PeerOptions, RequestOptions } from './peer.js';
export { defineMethod } from './methods.js';
export type { MethodDefinition, MethodHandler, Methods, RequestContext } from './methods.js';
export type { OnError, UnexpectedErrorInfo } from './dispatcher.js';
export type { DecodeContext, EncodeContext, ErrorCodec } from './error-codec.js';
export { codecFor } from './codec.js';
export type { RpcProtocol } from '../registry/dialects.js';
export type { OutgoingNotification } from './cancel.js';
export { isJsonRpcId, isJsonRpcResponse } from './messages.js';
// JsonRpcErrorObject and JsonRpcId come from the jsonrpc dialect, beside this in agent-errors/jsonrpc.
export type {
  JsonRpcFailure,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
  MessageKind,
} from './messages.js';
export type { InferOutput, StandardSchemaResult, StandardSchemaV1 } from './standard-schema.js';
export type { Transport, TransportSink } from './transport.js';
export { ReadGate } from './flow.js';
export type { FlowControl, ReadGateHooks } from './flow.js';
export { contentLength, ndjson } from './framing.js';
export type { FrameDecoder, FrameSink, Framing } from './framing.js';
export { streamTransport } from './stream-transport.js';
export type { StreamTransportOptions } from './stream-transport.js';
export { createMemoryTransportPair } from './memory-transport.js';
export type { MemoryTransportOptions } from './memory-transport.js';
export { webSocketTransport } from './websocket-transport.js';
export type { WebSocketLike, WebSocketTransportOptions } from './websocket-transport.js';

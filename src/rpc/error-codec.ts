import type { Protocol } from '../core/categories.js';
import type { RequestId } from './messages.js';
import type { JsonRpcErrorObject } from '../dialects/jsonrpc/error-object.js';
import type { OutgoingNotification } from './cancel.js';

/** What the boundary tells a codec when it encodes an error for the wire. */
export interface EncodeContext {
  /** The method whose handler failed, when known. */
  readonly method: string | undefined;
  /** The request id, when known (`undefined` for notifications). */
  readonly id: RequestId | null | undefined;
  /**
   * Call for an error the code did not mean to expose. The boundary hands the full error to the
   * user's `onError` hook and returns a fresh random `errorId` to put in `data`, so logs can be
   * joined to what the peer saw.
   */
  reportUnexpected(error: unknown): string;
  /** Hand `error` to `onError` under an `errorId` the codec made itself (and put on the wire). */
  report(error: unknown, errorId: string): void;
}

/** What the calling side tells a codec when it decodes an error response. */
export interface DecodeContext {
  /** The method that was called. */
  readonly method: string;
  /** The id of the request that failed. */
  readonly id: RequestId;
}

/**
 * How one protocol's errors cross the JSON-RPC boundary, in both directions. The peer and
 * {@link createHandler} never shape an error themselves: they ask the codec.
 *
 * A codec is a plain object: write your own for a protocol this package does not cover, or wrap
 * one to add compatibility classes. `encode` must never throw and must never put a stack, a `cause`, or
 * anything from the inbound request on the wire.
 *
 * @example
 * const codec: ErrorCodec = {
 *   protocol: 'jsonrpc',
 *   encode: (error, ctx) => ({ code: -32603, message: 'Internal error', data: { errorId: ctx.reportUnexpected(error) } }),
 *   decode: (error) => new Error(error.message),
 * };
 */
export interface ErrorCodec {
  /** The protocol this codec speaks; also selects the cancel notification when none is given. */
  readonly protocol: Protocol;
  /** Turn whatever a handler threw into the `error` member of a response. Never throws. */
  encode(error: unknown, ctx: EncodeContext): JsonRpcErrorObject;
  /**
   * Turn a received `error` member into what the caller's promise rejects with: the protocol's
   * compatibility class where it defines one (ACP `RequestError`, MCP `McpError`), else an `AgentError`.
   */
  decode(error: JsonRpcErrorObject, ctx: DecodeContext): Error;
  /** The notification that cancels request `id`; omit for protocols without one. */
  cancelNotification?(id: RequestId, reason?: string): OutgoingNotification | undefined;
  /** The id a received notification cancels, or `undefined` when it is not a cancel notification. */
  cancelledRequestId?(method: string, params: unknown): RequestId | undefined;
  /** Whether a request the peer cancelled still gets an answer (default `true`). */
  readonly answersCancelled?: boolean;
}

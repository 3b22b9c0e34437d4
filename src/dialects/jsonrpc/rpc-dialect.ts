import type { AgentError } from '../../core/agent-error.js';
import type { Dialect } from '../../core/dialect.js';
import type { ExposeOptions } from '../../core/expose.js';
import type { RpcErrorObject } from './rpc-error.js';

/** How a protocol asks its peer to stop working on a request. */
export interface CancelSpec {
  /** The notification's method, e.g. `'notifications/cancelled'`. */
  readonly method: string;
  /** The params member that names the request, e.g. `'requestId'`. */
  readonly idKey: string;
  /** Whether the notification may carry a `reason`. */
  readonly reason: boolean;
  /** Whether a cancelled request still gets an answer (LSP, ACP: yes; MCP: no). */
  readonly answered: boolean;
}

/** A dialect of the JSON-RPC family (plain JSON-RPC, ACP, MCP, LSP, A2A). */
export interface RpcDialect<O extends ExposeOptions = ExposeOptions> extends Dialect<O> {
  readonly protocol: 'jsonrpc' | 'acp' | 'mcp' | 'lsp' | 'a2a';
  encode(error: unknown, options: O): RpcErrorObject | object;
  /** An error object already read (`{ code, message, data? }`); `cause` the instance it came from. */
  fromRpc(error: RpcErrorObject, cause?: unknown): AgentError;
  /**
   * What a call rejects with when the peer answered with `received`: the protocol's own class
   * where callers `switch (error.code)` on numeric codes (ACP's `RequestError`, MCP's
   * `McpError`), carrying `decoded` so that classifying it again costs nothing; else `decoded`.
   */
  rejection(decoded: AgentError, received: RpcErrorObject): Error;
  /** The protocol's cancel notification, when it has one. */
  readonly cancel?: CancelSpec;
}

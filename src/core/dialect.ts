import type { AgentError } from './agent-error.js';
import type { Protocol } from './categories.js';
import type { ExposeOptions } from './expose.js';
import type { RpcErrorObject } from './rpc-error.js';

/**
 * Everything the library knows about one protocol, in one object: the registry
 * (`src/front/registry.ts`) holds one per protocol, and the front door's `decode` / `encode`,
 * the peer's codec and the CLI all read it instead of switching over protocol names. Adding a
 * protocol is one folder that exports one of these, and one registry line.
 */
export interface Dialect<O extends ExposeOptions = ExposeOptions> {
  readonly protocol: Protocol;
  /**
   * The wire form of `error`. The front door has already applied the exposure rule (an error
   * nobody meant to send arrives as a generic internal `AgentError` with an `errorId`). Never
   * throws for an error; throws a `TypeError` naming a bad option.
   */
  encode(error: unknown, options: O): unknown;
  /** Decode a value known to come from this protocol (throws a `TypeError` when it is none). */
  decode(value: unknown): AgentError;
}

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

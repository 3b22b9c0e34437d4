import type { AgentError } from '../../core/agent-error.js';
import type { Protocol } from '../../core/categories.js';
import type { ErrorView, ReadContext, Reader } from '../../core/reader.js';
import type { RpcDialect } from './rpc-dialect.js';
import { isRpcErrorObject } from './rpc-error.js';
import type { RpcErrorObject } from './rpc-error.js';

type Rec = Record<string, unknown>;

/**
 * What the family's readers need of a dialect: its name and how it reads an error object. Not
 * the whole descriptor: a decoder carries no encoder and no rejection class.
 */
export type RpcReading = Pick<RpcDialect, 'protocol' | 'fromRpc'>;

/**
 * What one dialect of the JSON-RPC family adds to the family's readers: how to tell its error
 * objects from the others' when no protocol hint came with them, and which SDK classes are its.
 */
export interface RpcDialectHooks {
  readonly dialect: RpcReading;
  /** Whether an error object with no hint is this protocol's, by its wording or data. */
  sniff?(error: RpcErrorObject): boolean;
  /**
   * Whether the error instance (or its copy) is one of this protocol's SDK classes (`McpError`,
   * ACP's `RequestError`). `'as-sent'`: its code is the protocol's as sent, read by the dialect
   * alone; `'routed'`: read as any error object of the protocol (an HTTP status carried as a
   * code, a local code read by its message's keywords).
   */
  sdkClass?(view: ErrorView): 'as-sent' | 'routed' | undefined;
}

/** The family as the registry wires it: every dialect's hooks, and how HTTP statuses read. */
export interface RpcFamily {
  /** In the order their sniffers and class tests are tried. */
  readonly dialects: readonly RpcDialectHooks[];
  /** Plain JSON-RPC: what an error object of no recognised dialect is read by. */
  readonly fallback: RpcReading;
  /**
   * An HTTP status (400–599) some SDKs copy through as a JSON-RPC code: read as that status
   * (the http dialect's reader, which the family cannot import).
   */
  byHttpStatus(error: RpcErrorObject, protocol: Protocol | undefined): AgentError;
}

/** `code`, `message` and `data` in the one shape the dialect decoders read. */
export function rpcErrorObject(code: number, message: string, data: unknown): RpcErrorObject {
  return data === undefined ? { code, message } : { code, message, data };
}

/** The view's own error object, when it is one (an integer code, a string message). */
export function viewRpcError(view: ErrorView): RpcErrorObject | undefined {
  return Number.isInteger(view.code) && typeof view.message === 'string'
    ? rpcErrorObject(view.code as number, view.message, view.data)
    : undefined;
}

/**
 * `value`'s `code`, `message` and `data` in one fixed shape when it is a JSON-RPC error object,
 * else `undefined`. A plain object is read by walking its own keys once.
 */
function rpcErrorOf(value: unknown): RpcErrorObject | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  let code: unknown;
  let message: unknown;
  let data: unknown;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    if (!isRpcErrorObject(value)) return undefined;
    ({ code, message, data } = value);
  } else {
    for (const key in value) {
      if (key === 'code') code = (value as Rec)[key];
      else if (key === 'message') message = (value as Rec)[key];
      else if (key === 'data') data = (value as Rec)[key];
    }
  }
  if (!Number.isInteger(code) || typeof message !== 'string') return undefined;
  return rpcErrorObject(code as number, message, data);
}

/**
 * The readers of the JSON-RPC family: `response` reads a response (or ACP's `toResult()` form)
 * whose `error` member is an error object; `errorObject` reads an error object itself, or an SDK
 * instance shaped as one. Each goes to the dialect of the protocol hint, of the SDK class, or of
 * what the object's wording says, plain JSON-RPC otherwise.
 */
export function rpcFamilyReaders(family: RpcFamily): { response: Reader; errorObject: Reader } {
  const byProtocol = new Map<unknown, RpcReading>(
    family.dialects.map((hooks) => [hooks.dialect.protocol, hooks.dialect]),
  );
  const sniffers = family.dialects.filter((hooks) => hooks.sniff !== undefined);
  const classes = family.dialects.filter((hooks) => hooks.sdkClass !== undefined);

  /** Which dialect an error object without a protocol hint most likely came from. */
  function sniff(error: RpcErrorObject): Protocol | undefined {
    for (const hooks of sniffers) if (hooks.sniff?.(error) === true) return hooks.dialect.protocol;
    return undefined;
  }

  /** An error object already read, by the dialect of `protocol` or of what it says. */
  function route(
    e: RpcErrorObject,
    protocol: Protocol | undefined,
    received: object,
    context: ReadContext,
  ): AgentError {
    if (e.code >= 400 && e.code <= 599) return family.byHttpStatus(e, protocol);
    const hint = protocol === 'jsonrpc' || protocol === undefined ? sniff(e) : protocol;
    const dialect = byProtocol.get(hint ?? protocol) ?? family.fallback;
    const decoded = dialect.fromRpc(e, received instanceof Error ? received : undefined);
    // A code outside JSON-RPC's reserved range (a local error such as vscode-jsonrpc's
    // "Connection is disposed." code 2) says nothing; its message may.
    const reserved = e.code >= -32768 && e.code <= -32000;
    return !reserved && decoded.category === 'internal'
      ? context.byKeywords(decoded, e, received)
      : decoded;
  }

  return {
    response: {
      name: 'json-rpc error response',
      requires: ['error'],
      recognise(view, context) {
        // An error object itself is read by `errorObject`, whatever its `error` member holds.
        if (Number.isInteger(view.code) && typeof view.message === 'string') return undefined;
        const inner = rpcErrorOf(view.error);
        return inner && route(inner, view.protocol, view.error as object, context);
      },
    },
    errorObject: {
      name: 'json-rpc error object',
      requires: ['code', 'message'],
      recognise(view, context) {
        const rpc = viewRpcError(view);
        if (rpc === undefined) return undefined;
        // The SDK classes are told by name or by class: a plain object without a name is none.
        const maybeClass = view.instance || typeof view.name === 'string';
        for (let i = 0; maybeClass && i < classes.length; i++) {
          const hooks = classes[i] as RpcDialectHooks;
          const read = hooks.sdkClass?.(view);
          if (read === 'as-sent') {
            return hooks.dialect.fromRpc(rpc, view.input instanceof Error ? view.input : undefined);
          }
          if (read === 'routed') return route(rpc, hooks.dialect.protocol, view.input, context);
        }
        return route(rpc, view.protocol, view.input, context);
      },
    },
  };
}

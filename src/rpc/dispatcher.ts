import { newErrorId, reportUnexpectedError } from '../core/expose.js';
import { AgentError } from '../core/agent-error.js';
import type { EncodeContext, ErrorCodec } from './error-codec.js';
import { classifyMessage, failure, standardError } from './messages.js';
import { JSONRPC_ERROR_CODES } from '../dialects/jsonrpc/codes.js';
import type { JsonRpcErrorObject } from '../dialects/jsonrpc/error-object.js';
import type {
  RequestId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from './messages.js';
import { isThenable } from '../core/is.js';
import { CallContext } from './methods.js';
import type { MethodEntry } from './methods.js';

/** What `onError` is told next to the error. */
export interface UnexpectedErrorInfo {
  /** The random id sent to the peer in `error.data.errorId` (absent for notifications). */
  errorId: string;
  method: string | undefined;
  id: RequestId | null | undefined;
}

/** Called with every error that was not meant for the peer, before a generic error is sent. */
export type OnError = (error: unknown, info: UnexpectedErrorInfo) => void;

/** An unknown method's name is named in the reply only when it matches this (docs/design.md). */
const PLAIN_METHOD_NAME = /^[\w./:-]{1,64}$/;

/** The response to a message that is not valid JSON (frozen: it is shared). */
export const PARSE_ERROR_RESPONSE: JsonRpcResponse = Object.freeze(
  failure(null, Object.freeze(standardError(JSONRPC_ERROR_CODES.ParseError))),
);

/** The response to a value that is not a valid request. */
export function invalidRequest(id: RequestId | null): JsonRpcResponse {
  return failure(id, standardError(JSONRPC_ERROR_CODES.InvalidRequest));
}

/**
 * Runs incoming requests and notifications against a method table and turns the outcome into a
 * response. Shared by {@link createHandler} and the peer, so both answer identically.
 */
export class Dispatcher {
  readonly methods: Map<string, MethodEntry>;
  readonly codec: ErrorCodec;
  readonly onError: OnError | undefined;

  constructor(methods: Map<string, MethodEntry>, codec: ErrorCodec, onError: OnError | undefined) {
    this.methods = methods;
    this.codec = codec;
    this.onError = onError;
  }

  /** Encode `error` for the request `ctx`, never throwing. */
  encodeError(
    error: unknown,
    method: string | undefined,
    id: RequestId | null | undefined,
  ): JsonRpcErrorObject {
    const onError = this.onError;
    const ctx: EncodeContext = {
      method,
      id,
      reportUnexpected(err: unknown): string {
        const errorId = newErrorId();
        this.report(err, errorId);
        return errorId;
      },
      report(err: unknown, errorId: string): void {
        try {
          if (onError) onError(err, { errorId, method, id });
          else reportUnexpectedError(err, errorId);
        } catch {
          // A failing log hook must not change what the peer is told.
        }
      },
    };
    try {
      const out = this.codec.encode(error, ctx);
      if (
        out !== null &&
        typeof out === 'object' &&
        Number.isInteger(out.code) &&
        typeof out.message === 'string'
      ) {
        return out;
      }
    } catch {
      // fall through to the generic answer
    }
    return {
      ...standardError(JSONRPC_ERROR_CODES.InternalError),
      data: { errorId: ctx.reportUnexpected(error) },
    };
  }

  /**
   * Run one request (answered) or notification (`undefined`). Returns synchronously when the
   * handler does, so a synchronous method costs no promise.
   */
  dispatch(
    message: JsonRpcRequest | JsonRpcNotification,
    ctx: CallContext,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const id = (message as Partial<JsonRpcRequest>).id;
    const entry = this.methods.get(message.method);
    if (entry === undefined) {
      if (id === undefined) return undefined;
      // Inbound text is echoed only when it is short and plain: a name that could be anything
      // (a path, a token, a megabyte) is left out.
      const error = PLAIN_METHOD_NAME.test(message.method)
        ? AgentError.protocol(`Method not found: ${message.method}`, {
            code: 'METHOD_NOT_FOUND',
            details: { method: message.method },
            captureStack: false,
          })
        : AgentError.protocol('Method not found', {
            code: 'METHOD_NOT_FOUND',
            captureStack: false,
          });
      return failure(id, this.encodeError(error, message.method, id));
    }
    // Called here, not in a helper: every frame between the transport and a handler is recorded
    // in each stack its errors capture.
    let out: unknown;
    try {
      out = entry.handler(message.params, ctx);
    } catch (error) {
      return this.#settle(message, ctx, undefined, error);
    }
    if (isThenable(out)) {
      return Promise.resolve(out).then(
        (value) => this.#settle(message, ctx, value, undefined, false),
        (error: unknown) => this.#settle(message, ctx, undefined, error),
      );
    }
    return this.#settle(message, ctx, out, undefined, false);
  }

  #settle(
    message: JsonRpcRequest | JsonRpcNotification,
    ctx: CallContext,
    value: unknown,
    error: unknown,
    failed = true,
  ): JsonRpcResponse | undefined {
    const id = ctx.id;
    if (id === undefined) {
      // Notifications are never answered; unexpected failures still reach onError.
      if (failed) this.encodeError(error, message.method, undefined);
      return undefined;
    }
    if (!failed) return { jsonrpc: '2.0', id, result: value === undefined ? null : value };
    if (ctx.aborted) {
      error = AgentError.cancelled('Request cancelled', {
        code: 'REQUEST_CANCELLED',
        captureStack: false,
      });
    }
    return failure(id, this.encodeError(error, message.method, id));
  }
}

/** Classify and dispatch one parsed (non-batch) value as a server would. */
export function dispatchValue(
  dispatcher: Dispatcher,
  value: unknown,
): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
  const kind = classifyMessage(value);
  switch (kind.kind) {
    case 'request':
    case 'notification': {
      const id = kind.kind === 'request' ? kind.message.id : undefined;
      return dispatcher.dispatch(kind.message, new CallContext(kind.message.method, id));
    }
    case 'response':
      // A server-only handler has no requests out; a response here is not a valid request.
      return invalidRequest(kind.message.id);
    default:
      return invalidRequest(kind.id);
  }
}

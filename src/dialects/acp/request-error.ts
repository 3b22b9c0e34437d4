import type { AgentError } from '../../core/agent-error.js';
import { AS_AGENT_ERROR } from '../../core/normalize-error.js';
import { carriedDecoded, defineClassificationGetters } from '../../core/classified.js';
import type { ErrorCategory } from '../../core/categories.js';
import { ACP_ERROR_CODES } from './codes.js';
import { decodeAcpError } from './decode.js';
import { REQUEST_ERROR_BRAND } from './is-request-error.js';

// The guard lives in a module of its own, so that a decoder recognises these errors without
// carrying the class.
export { isRequestError } from './is-request-error.js';

/**
 * A JSON-RPC error response payload, as {@link RequestError.toErrorResponse} returns it (the ACP
 * SDK's `ErrorResponse`).
 *
 * @example
 * const payload: ErrorResponse = { code: -32002, message: 'Resource not found' };
 */
export interface ErrorResponse {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC result carrying an error, as {@link RequestError.toResult} returns it. */
export interface AcpErrorResult {
  error: ErrorResponse;
}

/** The result of a request: a value or an error, as the ACP SDK types it. */
export type Result<T> = { result: T } | AcpErrorResult;

function withMessage(base: string, additionalMessage: string | undefined): string {
  return additionalMessage ? `${base}: ${additionalMessage}` : base;
}

/**
 * ACP's JSON-RPC error, with the same constructor, fields, factories and output as
 * `RequestError` in `@agentclientprotocol/sdk` — `JSON.stringify` too, which writes its own
 * fields `{ code, data, name }` as the SDK's does (send {@link RequestError.toErrorResponse}).
 *
 * @example
 * throw RequestError.resourceNotFound('file:///path/to/file.txt');
 * // code -32002, message 'Resource not found: file:///path/to/file.txt', data { uri }
 */
export class RequestError extends Error {
  /** What kind of failure this is, read from its code (and message and data where the code is shared). */
  declare readonly category: ErrorCategory;
  /** Whether retrying can help. */
  declare readonly retryable: boolean;
  /** How long the peer asked to wait before retrying, when it said. */
  declare readonly retryAfterMs: number | undefined;
  code: number;
  /** Additional JSON-RPC error data. */
  data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.name = 'RequestError';
    this.data = data;
  }

  /** Invalid JSON was received (-32700). */
  static parseError(data?: unknown, additionalMessage?: string): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.ParseError,
      withMessage('Parse error', additionalMessage),
      data,
    );
  }

  /** The JSON sent is not a valid Request object (-32600). */
  static invalidRequest(data?: unknown, additionalMessage?: string): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.InvalidRequest,
      withMessage('Invalid request', additionalMessage),
      data,
    );
  }

  /**
   * The method does not exist or is not available (-32601); data `{ method }`.
   *
   * The message follows the ACP SDK's documentation (`RequestError` reference), `Method not found: <method>`;
   * `@agentclientprotocol/sdk` 2.4.0 writes `"Method not found": <method>` (with quotes).
   */
  static methodNotFound(method: string): RequestError {
    return new RequestError(ACP_ERROR_CODES.MethodNotFound, `Method not found: ${method}`, {
      method,
    });
  }

  /** Invalid method parameter(s) (-32602). */
  static invalidParams(data?: unknown, additionalMessage?: string): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.InvalidParams,
      withMessage('Invalid params', additionalMessage),
      data,
    );
  }

  /** Internal JSON-RPC error (-32603). */
  static internalError(data?: unknown, additionalMessage?: string): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.InternalError,
      withMessage('Internal error', additionalMessage),
      data,
    );
  }

  /** Execution of the request was aborted (-32800). */
  static requestCancelled(data?: unknown, additionalMessage?: string): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.RequestCancelled,
      withMessage('Request cancelled', additionalMessage),
      data,
    );
  }

  /** Authentication is required before proceeding (-32000). */
  static authRequired(data?: unknown, additionalMessage?: string): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.AuthRequired,
      withMessage('Authentication required', additionalMessage),
      data,
    );
  }

  /**
   * A resource, such as a file, was not found (-32002); data `{ uri }` when a uri is given. As in
   * the SDK, `data` is `uri && { uri }`: an empty uri gives the message alone and data `''`.
   */
  static resourceNotFound(uri?: string): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.ResourceNotFound,
      uri ? `Resource not found: ${uri}` : 'Resource not found',
      uri && { uri },
    );
  }

  /** The session does not exist or is not active on this connection (-32002, data `{ sessionId }`). */
  static sessionNotFound(sessionId: string): RequestError {
    return new RequestError(ACP_ERROR_CODES.ResourceNotFound, 'Resource not found', {
      sessionId,
    });
  }

  /** No supported protocol version is at or below the requested one (-32022). */
  static unsupportedProtocolVersion(
    requested: unknown,
    supported: readonly unknown[],
  ): RequestError {
    return new RequestError(
      ACP_ERROR_CODES.UnsupportedProtocolVersion,
      'Unsupported protocol version',
      { requested, supported: [...supported] },
    );
  }

  /**
   * This error as a JSON-RPC result object. As in the SDK, `data` is always a key (`undefined`
   * when there is none; `JSON.stringify` leaves it out).
   *
   * @example
   * RequestError.methodNotFound('test/method').toResult();
   * // { error: { code: -32601, message: 'Method not found: test/method', data: { method: 'test/method' } } }
   */
  toResult<T>(): Result<T> {
    return { error: this.toErrorResponse() };
  }

  /**
   * This error as a JSON-RPC error response payload. As in the SDK, `data` is always a key
   * (`undefined` when there is none; `JSON.stringify` leaves it out).
   *
   * @example
   * RequestError.invalidParams({ field: 'sessionId' }).toErrorResponse();
   * // { code: -32602, message: 'Invalid params', data: { field: 'sessionId' } }
   */
  toErrorResponse(): ErrorResponse {
    return { code: this.code, message: this.message, data: this.data };
  }

  /** This error as an {@link AgentError} (see `decodeAcpError`): how core and other dialects read it. */
  [AS_AGENT_ERROR](): AgentError {
    return carriedDecoded(this) ?? decodeAcpError(this);
  }
}

Object.defineProperty(RequestError.prototype, REQUEST_ERROR_BRAND, { value: true });
// `category`, `retryable`, `retryAfterMs`: not enumerable, so the JSON stays the SDK's.
defineClassificationGetters(RequestError.prototype);

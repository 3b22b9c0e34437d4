import type { AgentError } from '../../core/agent-error.js';
import { AS_AGENT_ERROR } from '../../core/normalize-error.js';
import { carriedDecoded, defineClassificationGetters } from '../../core/classified.js';
import type { ErrorCategory } from '../../core/categories.js';
import { LSP_ERROR_CODES } from './codes.js';
import { decodeLspError } from './decode.js';
import { hasBrandOrShape } from '../../core/is.js';

const BRAND: unique symbol = Symbol.for('agent-errors.ResponseError') as never;

/** The JSON form of a {@link ResponseError}: a JSON-RPC error object. */
export interface ResponseErrorJson {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * An LSP response error with the same constructor, fields and `toJson()` as `vscode-jsonrpc`'s
 * `ResponseError` (a code that is not a number becomes `UnknownErrorCode`, -32001).
 *
 * @example
 * new ResponseError(LSP_ERROR_CODES.ContentModified, 'Content modified').toJson();
 * // { code: -32801, message: 'Content modified' }
 */
export class ResponseError<D = unknown> extends Error {
  /** What kind of failure this is, read from its code (and message and data where the code is shared). */
  declare readonly category: ErrorCategory;
  /** Whether retrying can help. */
  declare readonly retryable: boolean;
  /** How long the peer asked to wait before retrying, when it said. */
  declare readonly retryAfterMs: number | undefined;
  readonly code: number;
  readonly data: D | undefined;

  constructor(code: number, message: string, data?: D) {
    super(message);
    this.name = 'ResponseError';
    this.code = typeof code === 'number' ? code : LSP_ERROR_CODES.UnknownErrorCode;
    this.data = data;
  }

  /** The JSON-RPC error object, `data` left out when undefined. */
  toJson(): ResponseErrorJson {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  /** This error as an {@link AgentError} (see `decodeLspError`): how core and other dialects read it. */
  [AS_AGENT_ERROR](): AgentError {
    return carriedDecoded(this) ?? decodeLspError(this);
  }

  /** What `JSON.stringify` writes: {@link ResponseError.toJson}. */
  toJSON(): ResponseErrorJson {
    return this.toJson();
  }
}

Object.defineProperty(ResponseError.prototype, BRAND, { value: true });
// `category`, `retryable`, `retryAfterMs`: not enumerable, so the JSON stays the SDK's.
defineClassificationGetters(ResponseError.prototype);

/**
 * Whether `value` is a `ResponseError`: ours (by brand) or one shaped like it, such as
 * `vscode-jsonrpc`'s (an integer `code`, a string `message` and a `toJson` method).
 *
 * @example
 * isResponseError(new ResponseError(-32800, 'Request cancelled')); // true
 */
export function isResponseError(value: unknown): value is ResponseError {
  return hasBrandOrShape(value, BRAND, hasResponseErrorShape);
}

function hasResponseErrorShape(v: Record<PropertyKey, unknown>): boolean {
  return (
    Number.isInteger(v.code) && typeof v.message === 'string' && typeof v.toJson === 'function'
  );
}

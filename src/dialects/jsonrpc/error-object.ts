import { isRpcErrorObject } from './rpc-error.js';
import type { RpcErrorObject } from './rpc-error.js';
import { describeValue } from '../../core/is.js';

/** A JSON-RPC 2.0 error object: `{ code, message, data? }`. */
export type JsonRpcErrorObject = RpcErrorObject;

/** A request id: a string, a number, or `null` when the request's id could not be read. */
export type JsonRpcId = string | number | null;

/** A JSON-RPC 2.0 error response. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  error: JsonRpcErrorObject;
}

/**
 * Whether `value` is a JSON-RPC error object (an integer `code`, a string `message`).
 *
 * @example
 * isJsonRpcErrorObject({ code: -32700, message: 'Parse error' }); // true
 */
export function isJsonRpcErrorObject(value: unknown): value is JsonRpcErrorObject {
  return isRpcErrorObject(value);
}

/**
 * Build a JSON-RPC error object, checking each field. `data` is left out when undefined.
 *
 * @example
 * createErrorObject(-32601, 'Method not found', { method: 'x' });
 * // { code: -32601, message: 'Method not found', data: { method: 'x' } }
 */
export function createErrorObject(
  code: number,
  message: string,
  data?: unknown,
): JsonRpcErrorObject {
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    throw new TypeError(
      `createErrorObject: code must be an integer; received ${describeValue(code)}`,
    );
  }
  if (typeof message !== 'string') {
    throw new TypeError(
      `createErrorObject: message must be a string; received ${describeValue(message)}`,
    );
  }
  return data === undefined ? { code, message } : { code, message, data };
}

/**
 * Build a JSON-RPC error response. Pass `null` (or `undefined`) as `id` when the request's id
 * could not be determined, as for a parse error or an invalid request: the specification
 * requires `"id": null` then.
 *
 * @example
 * createErrorResponse(null, createErrorObject(-32700, 'Parse error'));
 * // { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
 */
export function createErrorResponse(
  id: JsonRpcId | undefined,
  error: JsonRpcErrorObject,
): JsonRpcErrorResponse {
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    throw new TypeError(
      `createErrorResponse: id must be a string, a number or null; received ${describeValue(id)}`,
    );
  }
  if (!isRpcErrorObject(error)) {
    throw new TypeError(
      'createErrorResponse: error must be an object with an integer code and a string message',
    );
  }
  return { jsonrpc: '2.0', id: id ?? null, error };
}

/**
 * Whether `value` is a JSON-RPC 2.0 error response.
 *
 * @example
 * isJsonRpcErrorResponse({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x' } }); // true
 */
export function isJsonRpcErrorResponse(value: unknown): value is JsonRpcErrorResponse {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const id = v.id;
  return (
    v.jsonrpc === '2.0' &&
    (id === null || typeof id === 'string' || typeof id === 'number') &&
    !('result' in v) &&
    isRpcErrorObject(v.error)
  );
}

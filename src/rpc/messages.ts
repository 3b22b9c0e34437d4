import { JSONRPC_ERROR_MESSAGES } from '../dialects/jsonrpc/codes.js';
import type { JsonRpcErrorCode } from '../dialects/jsonrpc/codes.js';
import type { JsonRpcErrorObject } from '../dialects/jsonrpc/error-object.js';
/**
 * JSON-RPC 2.0 message shapes and the checks that tell them apart. Nothing here allocates more
 * than the message itself: these run once per message on the hot path.
 */

/**
 * The id of a request this peer can match an answer to. The specification also allows `null`
 * (the dialect's `JsonRpcId` includes it), which only appears in error responses.
 */
export type RequestId = string | number;

/** A call that expects an answer. `id: null` is allowed by the spec (and discouraged). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId | null;
  method: string;
  params?: unknown[] | Record<string, unknown>;
}

/** A call that expects no answer. */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: unknown[] | Record<string, unknown>;
}

/** A successful answer. */
export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: RequestId | null;
  result: unknown;
}

/** A failed answer. `id` is `null` when the request's id could not be read. */
export interface JsonRpcFailure {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: JsonRpcErrorObject;
}

/** Either kind of answer. */
export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;

/** Any single JSON-RPC 2.0 message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/**
 * A standard JSON-RPC error object with the specification's message (codes and messages from
 * the plain JSON-RPC dialect's table, written once).
 *
 * @example
 * standardError(JSONRPC_ERROR_CODES.ParseError); // { code: -32700, message: 'Parse error' }
 */
export function standardError(code: JsonRpcErrorCode): JsonRpcErrorObject {
  return { code, message: JSONRPC_ERROR_MESSAGES[code] };
}

/**
 * Whether `value` may be used as a request id (strings and finite numbers; `null` is not sent).
 *
 * @example
 * isJsonRpcId('abc'); // true
 * isJsonRpcId(null); // false
 */
export function isJsonRpcId(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** What one parsed value is, for dispatch. `invalid` carries the id to answer with, if readable. */
export type MessageKind =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | { kind: 'invalid'; id: RequestId | null; reason: string };

function paramsOk(params: unknown): boolean {
  return params === undefined || (params !== null && typeof params === 'object');
}

/**
 * Classify one (non-batch) parsed value by the rules of JSON-RPC 2.0 §4–§5.
 *
 * @example
 * classifyMessage({ jsonrpc: '2.0', method: 'ping' }).kind; // 'notification'
 * classifyMessage(1).kind; // 'invalid'
 */
export function classifyMessage(value: unknown): MessageKind {
  try {
    return classify(value);
  } catch {
    // A Proxy or getter that throws: not a message.
    return { kind: 'invalid', id: null, reason: 'the message could not be read' };
  }
}

function classify(value: unknown): MessageKind {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { kind: 'invalid', id: null, reason: 'a message must be an object' };
  }
  const m = value as Record<string, unknown>;
  const id = m.id;
  const idOk = id === undefined || isJsonRpcId(id);
  if (m.jsonrpc !== '2.0') {
    return {
      kind: 'invalid',
      id: idOk && id !== undefined ? id : null,
      reason: 'jsonrpc must be "2.0"',
    };
  }
  const method = m.method;
  if (method !== undefined) {
    if (typeof method !== 'string')
      return {
        kind: 'invalid',
        id: idOk && id !== undefined ? id : null,
        reason: 'method must be a string',
      };
    if (!idOk && id !== null)
      return { kind: 'invalid', id: null, reason: 'id must be a string or a number' };
    if (!paramsOk(m.params)) {
      return {
        kind: 'invalid',
        id: id === undefined || id === null ? null : id,
        reason: 'params must be an array or an object',
      };
    }
    if (id === undefined) return { kind: 'notification', message: value as JsonRpcNotification };
    // `id: null` is discouraged by the spec but allowed: it is a request, answered with `id: null`.
    return { kind: 'request', message: value as JsonRpcRequest };
  }
  if ('result' in m || 'error' in m) {
    if (id !== null && !isJsonRpcId(id))
      return {
        kind: 'invalid',
        id: null,
        reason: 'response id must be a string, a number or null',
      };
    if ('error' in m) {
      const e = m.error as Record<string, unknown> | null;
      if (
        'result' in m ||
        e === null ||
        typeof e !== 'object' ||
        typeof e.code !== 'number' ||
        typeof e.message !== 'string'
      ) {
        return {
          kind: 'invalid',
          id: null,
          reason: 'error must be { code: number, message: string }',
        };
      }
    }
    return { kind: 'response', message: value as JsonRpcResponse };
  }
  return {
    kind: 'invalid',
    id: idOk && id !== undefined ? id : null,
    reason: 'not a request, a notification or a response',
  };
}

/**
 * Whether `value` is one well-formed JSON-RPC 2.0 response (used by tests and by callers that
 * accept responses from untrusted sources).
 *
 * @example
 * isJsonRpcResponse({ jsonrpc: '2.0', id: 1, result: 19 }); // true
 */
export function isJsonRpcResponse(value: unknown): value is JsonRpcResponse {
  return classifyMessage(value).kind === 'response';
}

/** Build a failed response. */
export function failure(id: RequestId | null, error: JsonRpcErrorObject): JsonRpcFailure {
  return { jsonrpc: '2.0', id, error };
}

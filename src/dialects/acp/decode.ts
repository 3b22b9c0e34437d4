import type { AgentError } from '../../core/agent-error.js';
import { decodeRpcError, readRpcErrorObject } from '../../core/rpc-error.js';
import type { RpcClassification } from '../../core/rpc-error.js';
import { ACP_ERROR_CODES } from './codes.js';

const BY_CODE: Readonly<Record<number, RpcClassification>> = {
  [-32700]: { category: 'protocol', code: 'PARSE_ERROR' },
  [-32600]: { category: 'protocol', code: 'INVALID_REQUEST' },
  [-32601]: { category: 'protocol', code: 'METHOD_NOT_FOUND' },
  [-32602]: { category: 'validation', code: 'INVALID_PARAMS' },
  [-32603]: { category: 'internal', code: 'INTERNAL_ERROR' },
  [-32000]: { category: 'auth', code: 'AUTH_REQUIRED' },
  [-32002]: { category: 'not_found', code: 'RESOURCE_NOT_FOUND' },
  [-32022]: { category: 'protocol', code: 'UNSUPPORTED_PROTOCOL_VERSION' },
  [-32800]: { category: 'cancelled', code: 'REQUEST_CANCELLED' },
};

const SESSION_NOT_FOUND: RpcClassification = { category: 'not_found', code: 'SESSION_NOT_FOUND' };

/**
 * How ACP reads an error code (the `data` tells a missing session from another resource).
 *
 * @example
 * classifyAcpError(-32000).category; // 'auth'
 */
export function classifyAcpError(
  code: number,
  _message?: string,
  data?: unknown,
): RpcClassification {
  if (
    code === ACP_ERROR_CODES.ResourceNotFound &&
    data !== null &&
    typeof data === 'object' &&
    typeof (data as { sessionId?: unknown }).sessionId === 'string'
  ) {
    return SESSION_NOT_FOUND;
  }
  return BY_CODE[code] ?? { category: 'internal', code: 'INTERNAL_ERROR' };
}

/**
 * Decode an ACP error into an {@link AgentError}: a `RequestError` (ours or the SDK's), a
 * JSON-RPC error object, or a whole error response. -32000 → `auth`, -32002 → `not_found`,
 * -32800 → `cancelled`, -32022 → `protocol`, -32602 → `validation`; `wire` keeps what was
 * received so that {@link encodeAcpError} gives it back unchanged. Throws a `TypeError`
 * naming the field when `value` is none of these.
 *
 * @example
 * decodeAcpError(RequestError.authRequired()).category; // 'auth'
 */
export function decodeAcpError(value: unknown): AgentError {
  const error = readRpcErrorObject(value, 'decodeAcpError');
  return decodeRpcError(
    'acp',
    error,
    classifyAcpError(error.code, error.message, error.data),
    value instanceof Error ? { cause: value } : undefined,
  );
}

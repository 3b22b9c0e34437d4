import type { AgentError } from '../../core/agent-error.js';
import { decodeRpcError, decodeRpcValue } from '../jsonrpc/rpc-error.js';
import type { RpcErrorObject } from '../jsonrpc/rpc-error.js';
import type { RpcClassification } from '../jsonrpc/rpc-error.js';
import type { SchemaIssue } from '../schema/issues.js';
import { ACP_CODE_TABLE, ACP_ERROR_CODES } from './codes.js';
import { copyRecord } from '../../core/copy-record.js';
import { UNKNOWN_RPC_CODE, rpcClassification } from '../jsonrpc/rpc-code-table.js';

const SESSION_NOT_FOUND = rpcClassification('not_found', 'SESSION_NOT_FOUND');
const TIMED_OUT = rpcClassification('timeout', 'TIMEOUT');

function nameOf(data: unknown): unknown {
  if (data === null || typeof data !== 'object') return undefined;
  try {
    return (data as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}

/**
 * How ACP reads an error code. The `data` tells a missing session from another resource, and a
 * timeout from a cancel: the SDK's client, told to stop waiting (`stopWaitingOnCancel`), rejects
 * with `-32800` whose `data` is the signal's reason, a `TimeoutError` for `AbortSignal.timeout`.
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
  if (code === ACP_ERROR_CODES.RequestCancelled && nameOf(data) === 'TimeoutError')
    return TIMED_OUT;
  return ACP_CODE_TABLE.classify(code) ?? UNKNOWN_RPC_CODE;
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
  return decodeRpcValue(value, 'decodeAcpError', acpFromRpc);
}

/**
 * The {@link AgentError} for an error object already read (`{ code, message, data? }`), with
 * `cause` the instance it came from, if any. Internal: `decode` reaches it without re-reading.
 */
export function acpFromRpc(error: RpcErrorObject, cause?: unknown): AgentError {
  let details: Record<string, unknown> | undefined;
  if (error.code === ACP_ERROR_CODES.InvalidParams) {
    // The SDK sends a Zod failure as `invalidParams(zodError.format())`: read it as issues too.
    const issues = issuesFromZodFormat(error.data);
    if (issues) {
      details = copyRecord(error.data as object);
      details.issues = issues;
    }
  }
  return decodeRpcError(
    'acp',
    error,
    classifyAcpError(error.code, error.message, error.data),
    cause,
    details,
  );
}

const MAX_FORMAT_ISSUES = 100;

/**
 * The issues in a Zod `format()` tree (`{ _errors: [...], key: { _errors: [...] } }`), or
 * `undefined` when `data` is not one or holds no message.
 *
 * @example
 * issuesFromZodFormat({ _errors: [], cwd: { _errors: ['Required'] } });
 * // [{ path: ['cwd'], message: 'Required' }]
 */
export function issuesFromZodFormat(data: unknown): SchemaIssue[] | undefined {
  if (!isFormatNode(data) || Object.hasOwn(data, 'issues')) return undefined;
  const issues: SchemaIssue[] = [];
  const visit = (node: Record<string, unknown>, path: (string | number)[], depth: number) => {
    for (const message of node._errors as unknown[]) {
      if (typeof message === 'string' && issues.length < MAX_FORMAT_ISSUES)
        issues.push({ path, message });
    }
    if (depth >= 32) return;
    // for-in rather than Object.entries: no array of pairs per node (this runs per decode).
    for (const key in node) {
      if (key === '_errors' || !Object.hasOwn(node, key)) continue;
      const child = node[key];
      if (isFormatNode(child))
        visit(child, [...path, /^\d+$/.test(key) ? Number(key) : key], depth + 1);
    }
  };
  visit(data, [], 0);
  return issues.length > 0 ? issues : undefined;
}

function isFormatNode(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Array.isArray((value as { _errors?: unknown })._errors)
  );
}

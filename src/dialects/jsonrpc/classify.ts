import type { RpcClassification } from './rpc-error.js';
import {
  REQUEST_LIFECYCLE_ROWS,
  UNKNOWN_RPC_CODE,
  rpcClassification,
  rpcCodeTable,
} from './rpc-code-table.js';
import { JSONRPC_CODE_TABLE } from './codes.js';

// Readings both the messages and the data below can give.
const AUTH_REQUIRED = rpcClassification('auth', 'AUTH_REQUIRED');
const REQUEST_TIMEOUT = rpcClassification('timeout', 'REQUEST_TIMEOUT');
const RESOURCE_NOT_FOUND = rpcClassification('not_found', 'RESOURCE_NOT_FOUND');
const URL_ELICITATION_REQUIRED = rpcClassification('auth', 'URL_ELICITATION_REQUIRED');

/**
 * Well-known messages of the protocols that share JSON-RPC's server-error range, so that a
 * code read without its protocol can still be told apart (ACP's -32000 "Authentication
 * required" from MCP's -32000 "Connection closed"). First match wins.
 */
const BY_MESSAGE: readonly (readonly [RegExp, RpcClassification])[] = [
  [/^authentication required\b/i, AUTH_REQUIRED],
  [/^connection closed\b/i, rpcClassification('unavailable', 'CONNECTION_CLOSED')],
  [/^request (?:was )?cancell?ed\b/i, rpcClassification('cancelled', 'REQUEST_CANCELLED')],
  [/^(?:request timed out|maximum total timeout exceeded)\b/i, REQUEST_TIMEOUT],
  [/^resource not found\b/i, RESOURCE_NOT_FOUND],
  [/^task not found\b/i, rpcClassification('not_found', 'TASK_NOT_FOUND')],
  [/^task cannot be cancell?ed\b/i, rpcClassification('conflict', 'TASK_NOT_CANCELABLE')],
  [
    /^unsupported protocol version\b/i,
    rpcClassification('protocol', 'UNSUPPORTED_PROTOCOL_VERSION'),
  ],
  [/^server not initialized\b/i, rpcClassification('protocol', 'SERVER_NOT_INITIALIZED')],
  [/^content modified\b/i, rpcClassification('conflict', 'CONTENT_MODIFIED', true)],
  [/^url elicitations? required\b/i, URL_ELICITATION_REQUIRED],
];

// A code of JSON-RPC's server-error range (-32099 to -32000) that nothing else explains.
const SERVER_ERROR = rpcClassification('internal', 'SERVER_ERROR');

// The request-lifecycle codes vscode-jsonrpc sends whatever protocol runs over it.
const LIFECYCLE = rpcCodeTable(REQUEST_LIFECYCLE_ROWS, -32603);

function fromData(data: unknown): RpcClassification | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Record<string, unknown>;
  if (Array.isArray(d.authMethods)) return AUTH_REQUIRED;
  if (Array.isArray(d.elicitations)) return URL_ELICITATION_REQUIRED;
  if (typeof d.timeout === 'number') return REQUEST_TIMEOUT;
  if (typeof d.sessionId === 'string' || typeof d.uri === 'string') return RESOURCE_NOT_FOUND;
  return undefined;
}

/**
 * How a code reads when the protocol that sent it is unknown: the five standard codes by the
 * specification; any other code by its message and `data` where a protocol of the family is
 * recognisable, else by the codes only one protocol uses, else `internal`.
 *
 * @example
 * classifyJsonRpcError(-32000, 'Authentication required').category; // 'auth'
 * classifyJsonRpcError(-32000, 'Connection closed').category; // 'unavailable'
 * classifyJsonRpcError(-32000, 'Something else').category; // 'internal'
 */
export function classifyJsonRpcError(
  code: number,
  message = '',
  data?: unknown,
): RpcClassification {
  const standard = code >= -32700 && code <= -32600 ? JSONRPC_CODE_TABLE.classify(code) : undefined;
  if (standard) return standard;
  // (An MCP SDK message, `MCP error <code>: …`, never gets here: the front door reads it as MCP.)
  for (const [pattern, classification] of BY_MESSAGE) {
    if (pattern.test(message)) return classification;
  }
  return (
    fromData(data) ??
    LIFECYCLE.classify(code) ??
    (code >= -32099 && code <= -32000 ? SERVER_ERROR : UNKNOWN_RPC_CODE)
  );
}

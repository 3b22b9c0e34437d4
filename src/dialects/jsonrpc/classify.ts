import type { RpcClassification } from '../../core/rpc-error.js';
import { REQUEST_LIFECYCLE_ROWS, rpcCodeTable } from '../../core/rpc-code-table.js';
import { JSONRPC_CODE_TABLE } from './codes.js';

/**
 * Well-known messages of the protocols that share JSON-RPC's server-error range, so that a
 * code read without its protocol can still be told apart (ACP's -32000 "Authentication
 * required" from MCP's -32000 "Connection closed"). First match wins.
 */
const BY_MESSAGE: readonly (readonly [RegExp, RpcClassification])[] = [
  [/^authentication required\b/i, { category: 'auth', code: 'AUTH_REQUIRED' }],
  [/^connection closed\b/i, { category: 'unavailable', code: 'CONNECTION_CLOSED' }],
  [/^request (?:was )?cancell?ed\b/i, { category: 'cancelled', code: 'REQUEST_CANCELLED' }],
  [
    /^(?:request timed out|maximum total timeout exceeded)\b/i,
    { category: 'timeout', code: 'REQUEST_TIMEOUT' },
  ],
  [/^resource not found\b/i, { category: 'not_found', code: 'RESOURCE_NOT_FOUND' }],
  [/^task not found\b/i, { category: 'not_found', code: 'TASK_NOT_FOUND' }],
  [/^task cannot be cancell?ed\b/i, { category: 'conflict', code: 'TASK_NOT_CANCELABLE' }],
  [
    /^unsupported protocol version\b/i,
    { category: 'protocol', code: 'UNSUPPORTED_PROTOCOL_VERSION' },
  ],
  [/^server not initialized\b/i, { category: 'protocol', code: 'SERVER_NOT_INITIALIZED' }],
  [/^content modified\b/i, { category: 'conflict', code: 'CONTENT_MODIFIED', retryable: true }],
  [/^url elicitations? required\b/i, { category: 'auth', code: 'URL_ELICITATION_REQUIRED' }],
];

// The request-lifecycle codes vscode-jsonrpc sends whatever protocol runs over it.
const LIFECYCLE = rpcCodeTable(REQUEST_LIFECYCLE_ROWS, -32603);

function fromData(data: unknown): RpcClassification | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Record<string, unknown>;
  if (Array.isArray(d.authMethods)) return { category: 'auth', code: 'AUTH_REQUIRED' };
  if (Array.isArray(d.elicitations)) return { category: 'auth', code: 'URL_ELICITATION_REQUIRED' };
  if (typeof d.timeout === 'number') return { category: 'timeout', code: 'REQUEST_TIMEOUT' };
  if (typeof d.sessionId === 'string' || typeof d.uri === 'string')
    return { category: 'not_found', code: 'RESOURCE_NOT_FOUND' };
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
    LIFECYCLE.classify(code) ?? {
      category: 'internal',
      code: code >= -32099 && code <= -32000 ? 'SERVER_ERROR' : 'INTERNAL_ERROR',
    }
  );
}

import type { AgentError, AgentErrorLike } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import {
  decodeRpcError,
  detailsFromData,
  encodeRpcError,
  exposableError,
  readRpcErrorObject,
  readWireHints,
} from '../../core/rpc-error.js';
import type { RpcClassification, RpcEncodeOptions } from '../../core/rpc-error.js';
import { toJsonSafe } from '../../core/serialize.js';
import { MCP_ERROR_CODES, stripMcpErrorPrefix } from './codes.js';
import { MCP_ERROR_REASONS, McpError, isMcpError } from './mcp-error.js';
import type { McpErrorObject, McpErrorReason } from './mcp-error.js';

const BY_CODE: Readonly<Record<number, RpcClassification>> = {
  [-32700]: { category: 'protocol', code: 'PARSE_ERROR' },
  [-32600]: { category: 'protocol', code: 'INVALID_REQUEST' },
  [-32601]: { category: 'protocol', code: 'METHOD_NOT_FOUND' },
  [-32602]: { category: 'validation', code: 'INVALID_PARAMS' },
  [-32603]: { category: 'internal', code: 'INTERNAL_ERROR' },
  [-32000]: { category: 'unavailable', code: 'CONNECTION_CLOSED' },
  [-32001]: { category: 'timeout', code: 'REQUEST_TIMEOUT' },
  [-32002]: { category: 'not_found', code: 'RESOURCE_NOT_FOUND' },
  [-32020]: { category: 'protocol', code: 'HEADER_MISMATCH' },
  [-32021]: { category: 'protocol', code: 'MISSING_REQUIRED_CLIENT_CAPABILITY' },
  [-32022]: { category: 'protocol', code: 'UNSUPPORTED_PROTOCOL_VERSION' },
  [-32042]: { category: 'auth', code: 'URL_ELICITATION_REQUIRED' },
};

const CANCELLED: RpcClassification = { category: 'cancelled', code: 'REQUEST_CANCELLED' };
const CANCEL_TEXT = /\b(?:AbortError|aborted|cancell?ed)\b/i;

/**
 * How MCP reads an error code. The official SDK reports a request the user cancelled as
 * -32001 "request timeout" (with the abort reason as message) or -32000 "Request was
 * cancelled"; both are read as `cancelled`, so retry logic never retries a cancel.
 *
 * @example
 * classifyMcpError(-32001, 'Request timed out', { timeout: 60000 }).category; // 'timeout'
 * classifyMcpError(-32001, 'AbortError: This operation was aborted').category; // 'cancelled'
 */
export function classifyMcpError(code: number, message = '', data?: unknown): RpcClassification {
  const text = stripMcpErrorPrefix(message);
  const timeoutData =
    data !== null &&
    typeof data === 'object' &&
    typeof (data as { timeout?: unknown }).timeout === 'number';
  if ((code === -32001 && !timeoutData) || code === -32000) {
    if (CANCEL_TEXT.test(text)) return CANCELLED;
  }
  return BY_CODE[code] ?? { category: 'internal', code: 'INTERNAL_ERROR' };
}

// Categories of Hermes-style reasons; transport reasons not listed mean the peer is unreachable.
const CATEGORY_BY_REASON: Readonly<Record<string, ErrorCategory>> = {
  parse_error: 'protocol',
  invalid_request: 'protocol',
  method_not_found: 'protocol',
  invalid_params: 'validation',
  internal_error: 'internal',
  resource_not_found: 'not_found',
  server_error: 'internal',
  domain_error: 'internal',
  execution_error: 'internal',
  connection_refused: 'unavailable',
  connection_closed: 'unavailable',
  send_failure: 'unavailable',
  request_timeout: 'timeout',
  timeout: 'timeout',
  request_cancelled: 'cancelled',
  cancelled: 'cancelled',
  url_elicitation_required: 'auth',
  unauthorized: 'auth',
  header_mismatch: 'protocol',
  missing_required_client_capability: 'protocol',
  unsupported_protocol_version: 'protocol',
};

function categoryOfReason(error: McpError): ErrorCategory {
  return (
    CATEGORY_BY_REASON[error.reason] ??
    (error.data.type === 'transport' ? 'unavailable' : classifyMcpError(error.code).category)
  );
}

/**
 * Decode an MCP error into an {@link AgentError}: one of our {@link McpError}s (read by its
 * reason), the official SDK's `McpError` (its `MCP error <code>: ` prefixes stripped), a
 * JSON-RPC error object or a whole error response. -32000 → `unavailable`, -32001 →
 * `timeout` (or `cancelled`, see {@link classifyMcpError}), -32002 → `not_found`, -32042 →
 * `auth`. Throws a `TypeError` naming the field when `value` is none of these.
 *
 * @example
 * decodeMcpError({ code: -32602, message: 'MCP error -32602: MCP error -32602: bad' }).message; // 'bad'
 */
export function decodeMcpError(value: unknown): AgentError {
  if (isMcpError(value)) {
    const wire = value.toJsonRpc();
    const category = categoryOfReason(value);
    return decodeRpcError(
      'mcp',
      wire,
      { category, code: value.reason.toUpperCase() },
      { details: detailsFromData(value.data), cause: value },
    );
  }
  const raw = readRpcErrorObject(value, 'decodeMcpError');
  const message = stripMcpErrorPrefix(raw.message);
  const error = raw.data === undefined ? { code: raw.code, message } : { ...raw, message };
  return decodeRpcError(
    'mcp',
    error,
    classifyMcpError(error.code, message, error.data),
    value instanceof Error ? { cause: value } : undefined,
  );
}

const CODE_BY_NAME: Readonly<Record<string, number>> = {
  PARSE_ERROR: MCP_ERROR_CODES.ParseError,
  INVALID_REQUEST: MCP_ERROR_CODES.InvalidRequest,
  METHOD_NOT_FOUND: MCP_ERROR_CODES.MethodNotFound,
  INVALID_PARAMS: MCP_ERROR_CODES.InvalidParams,
  CONNECTION_CLOSED: MCP_ERROR_CODES.ConnectionClosed,
  REQUEST_TIMEOUT: MCP_ERROR_CODES.RequestTimeout,
  RESOURCE_NOT_FOUND: MCP_ERROR_CODES.ResourceNotFound,
  HEADER_MISMATCH: MCP_ERROR_CODES.HeaderMismatch,
  MISSING_REQUIRED_CLIENT_CAPABILITY: MCP_ERROR_CODES.MissingRequiredClientCapability,
  UNSUPPORTED_PROTOCOL_VERSION: MCP_ERROR_CODES.UnsupportedProtocolVersion,
  URL_ELICITATION_REQUIRED: MCP_ERROR_CODES.UrlElicitationRequired,
};

const CODE_BY_CATEGORY: Partial<Record<ErrorCategory, number>> = {
  unavailable: MCP_ERROR_CODES.ConnectionClosed,
  timeout: MCP_ERROR_CODES.RequestTimeout,
  not_found: MCP_ERROR_CODES.ResourceNotFound,
  validation: MCP_ERROR_CODES.InvalidParams,
  protocol: MCP_ERROR_CODES.InvalidRequest,
};

/**
 * The MCP code for an {@link AgentError}: by our code where MCP has one, else by category,
 * else -32603. (`auth` is not sent as -32042, which promises `data.elicitations`.)
 */
export function mcpCodeFor(error: AgentErrorLike): number {
  return (
    CODE_BY_NAME[error.code] ?? CODE_BY_CATEGORY[error.category] ?? MCP_ERROR_CODES.InternalError
  );
}

/**
 * Encode an error for an MCP peer as `{ code, message, data? }`, never with the SDK's
 * `MCP error <code>: ` prefix (the receiving SDK adds it once). An {@link McpError} goes out as
 * its {@link McpError.toJsonRpc}; the official SDK's `McpError` without its prefixes; an
 * {@link AgentError} by code or category with `data.agentError` hints where needed; anything
 * else as `Internal error` with a random `data.errorId`. `data` is JSON-safe and redacted.
 *
 * @example
 * encodeMcpError(AgentError.timeout('upstream slow', { code: 'REQUEST_TIMEOUT' }));
 * // { code: -32001, message: 'upstream slow' }
 */
export function encodeMcpError(error: unknown, options?: RpcEncodeOptions): McpErrorObject {
  if (isMcpError(error)) {
    const out = error.toJsonRpc();
    if (out.data !== undefined) out.data = toJsonSafe(out.data, options);
    return out;
  }
  if (
    error instanceof Error &&
    error.name === 'McpError' &&
    Number.isInteger((error as { code?: unknown }).code)
  ) {
    return encodeMcpError(decodeMcpError(error), options);
  }
  const e = exposableError(error, options?.onError);
  return encodeRpcError('mcp', e, mcpCodeFor(e), classifyMcpError, options);
}

const KNOWN_REASONS: ReadonlySet<string> = new Set(MCP_ERROR_REASONS);

/**
 * Any error as an {@link McpError}, per {@link encodeMcpError}; the reason comes from our code
 * when it names one (`'CONNECTION_REFUSED'` → `connection_refused`), else from the MCP code.
 *
 * @example
 * toMcpError(AgentError.unavailable('peer gone', { code: 'CONNECTION_REFUSED' })).reason; // 'connection_refused'
 */
export function toMcpError(error: unknown, options?: RpcEncodeOptions): McpError {
  if (error instanceof McpError) return error;
  const { code, message, data } = encodeMcpError(error, options);
  const agentCode =
    readWireHints(data)?.code ??
    (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);
  const named = typeof agentCode === 'string' ? agentCode.toLowerCase() : '';
  const reason: McpErrorReason = KNOWN_REASONS.has(named)
    ? named
    : McpError.fromJsonRpc({ code, message }).reason;
  return new McpError({
    code,
    reason,
    message,
    data:
      data !== null && typeof data === 'object' && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : data === undefined
          ? {}
          : { data },
  });
}

import { fromToolErrorText } from '../tool/tool-text-decode.js';
import { unknownNameCode } from '../tool/mcp-prefix.js';
import type { AgentError } from '../../core/agent-error.js';
import { CATEGORIES } from '../../core/categories.js';
import type { ErrorCategory } from '../../core/categories.js';
import {
  WIRE_HINTS_KEY,
  decodeRpcError,
  decodeRpcValue,
  detailsFromData,
  needsWireHints,
} from '../jsonrpc/rpc-error.js';
import type { WireHints } from '../jsonrpc/rpc-error.js';
import { copyRecord } from '../../core/copy-record.js';
import { asRecord } from '../../core/is.js';
import { validDelayMs } from '../../core/lenient-options.js';
import type { RpcErrorObject } from '../jsonrpc/rpc-error.js';
import type { RpcClassification } from '../jsonrpc/rpc-error.js';
import { MCP_CODE_TABLE, stripMcpErrorPrefix } from './codes.js';
import { isMcpError } from './is-mcp-error.js';
import type { McpErrorShape } from './is-mcp-error.js';
import { UNKNOWN_RPC_CODE, rpcClassification } from '../jsonrpc/rpc-code-table.js';

const CANCELLED = rpcClassification('cancelled', 'REQUEST_CANCELLED');
const TIMED_OUT = rpcClassification('timeout', 'REQUEST_TIMEOUT');
const RESOURCE_NOT_FOUND = rpcClassification('not_found', 'RESOURCE_NOT_FOUND');
const SIGNAL_TIMEOUT_TEXT = /\bTimeoutError\b|\baborted due to timeout\b/i;
const CANCEL_TEXT = /\b(?:AbortError|aborted|cancell?ed)\b/i;
const TIMEOUT_TEXT = /\btim(?:ed|es)? ?out\b|\btimeout\b/i;

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
  // The SDK rejects a caller's abort as -32001 with the abort reason as the message (no
  // `data.timeout`): a real timeout carries `data.timeout` or says so. An abort by
  // `AbortSignal.timeout(ms)` is a timeout too: its reason is a `TimeoutError`.
  if (code === -32001 && !timeoutData) {
    if (SIGNAL_TIMEOUT_TEXT.test(text)) return TIMED_OUT;
    if (CANCEL_TEXT.test(text) || !TIMEOUT_TEXT.test(text)) return CANCELLED;
  }
  if (code === -32000 && CANCEL_TEXT.test(text)) return CANCELLED;
  if (code === -32602) {
    // MCP 2026-07-28 reports a missing resource as invalid params naming its `uri`.
    if (typeof (data as { uri?: unknown } | null | undefined)?.uri === 'string') {
      return RESOURCE_NOT_FOUND;
    }
    const unknown = unknownNameCode(code, text);
    if (unknown !== undefined) return rpcClassification('not_found', unknown);
  }
  return MCP_CODE_TABLE.classify(code) ?? UNKNOWN_RPC_CODE;
}

// Categories of Hermes-style reasons; transport reasons not listed mean the peer is unreachable.
const CATEGORY_BY_REASON: Readonly<Record<string, ErrorCategory>> = {
  parse_error: 'protocol',
  invalid_request: 'protocol',
  method_not_found: 'protocol',
  invalid_params: 'validation',
  internal_error: 'internal',
  resource_not_found: 'not_found',
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

const REASON_CATEGORY: ReadonlyMap<string, ErrorCategory> = new Map(
  Object.entries(CATEGORY_BY_REASON),
);

function categoryOfReason(error: McpErrorShape): ErrorCategory {
  // A domain error wraps a tool result with `isError: true`: its text says what went wrong.
  if (error.reason === 'domain_error' && typeof error.data.message === 'string') {
    return fromToolErrorText(error.data.message).category;
  }
  return (
    REASON_CATEGORY.get(error.reason) ??
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
    const classification = hermesClassification(value);
    const wire = hermesWireObject(value, classification);
    return decodeRpcError('mcp', wire, classification, value, detailsFromData(value.data) ?? null);
  }
  return decodeRpcValue(value, 'decodeMcpError', mcpFromRpc);
}

/** What a Hermes-style error means: by its reason (`server_error`: MCP's code table reads the code). */
function hermesClassification(value: McpErrorShape): RpcClassification {
  // `server_error` is Hermes' word for a code it does not know: MCP's code table reads it.
  return value.reason === 'server_error'
    ? classifyMcpError(value.code, value.message, value.data)
    : rpcClassification(categoryOfReason(value), value.reason.toUpperCase());
}

/**
 * The JSON-RPC error object a Hermes-style {@link McpErrorShape} sends: `{ code, message, data? }`,
 * `data` left out when empty, as Hermes writes it — plus `data.agentError` hints when MCP's
 * reading of the bare code would change the error's meaning. Hermes sends every transport,
 * client and domain error as -32000, which MCP reads as "connection closed" (`unavailable`,
 * retryable): without the hints a request timeout or a domain error would arrive as another
 * kind of failure (docs/mcp.md, "Hermes' -32000 errors").
 *
 * @example
 * hermesWireObject(McpError.clientError('request_timeout')).data;
 * // { type: 'client', agentError: { code: 'REQUEST_TIMEOUT', category: 'timeout', retryable: true } }
 */
export function hermesWireObject(
  value: McpErrorShape,
  classification: RpcClassification = hermesClassification(value),
): RpcErrorObject {
  const { code, message, data } = value;
  const read = classifyMcpError(code, message, data);
  const meant = {
    category: classification.category,
    code: classification.code,
    retryable: classification.retryable ?? CATEGORIES[classification.category].retryable,
  };
  if (!Object.hasOwn(data, WIRE_HINTS_KEY) && needsWireHints(meant, read)) {
    // A copy, then the hints: a spread copy given one more member gets a new hidden class on
    // every call (V8), which every later read of it misses.
    const withHints = copyRecord(data);
    withHints[WIRE_HINTS_KEY] = meant;
    return { code, message, data: withHints };
  }
  return Object.keys(data).length === 0 ? { code, message } : { code, message, data };
}

/**
 * The {@link AgentError} for an error object already read (`{ code, message, data? }`), with
 * `cause` the instance it came from, if any. Internal: `decode` reaches it without re-reading.
 */
export function mcpFromRpc(raw: RpcErrorObject, cause?: unknown): AgentError {
  const message = stripMcpErrorPrefix(raw.message);
  // Most messages carry no prefix: the object read stands as it is.
  const error: RpcErrorObject =
    message === raw.message
      ? raw
      : raw.data === undefined
        ? { code: raw.code, message }
        : { code: raw.code, message, data: raw.data };
  const classification = classifyMcpError(error.code, message, error.data);
  const draft = draftHints(error);
  return draft === undefined
    ? decodeRpcError('mcp', error, classification, cause)
    : decodeRpcError('mcp', error, classification, cause, undefined, draft);
}

/** MCP's draft error taxonomy: the names `data.mcpError` may carry, by category. */
const DRAFT_CATEGORIES: ReadonlyMap<string, ErrorCategory> = new Map([
  ...REASON_CATEGORY,
  ['rate_limited', 'rate_limit'],
  ['rate_limit', 'rate_limit'],
  ['quota_exceeded', 'quota'],
  ['forbidden', 'permission'],
  ['permission_denied', 'permission'],
  ['insufficient_scope', 'permission'],
  ['not_found', 'not_found'],
  ['tool_not_found', 'not_found'],
  ['prompt_not_found', 'not_found'],
  ['conflict', 'conflict'],
  ['unavailable', 'unavailable'],
  ['server_unavailable', 'unavailable'],
  ['invalid_arguments', 'validation'],
  ['validation_error', 'validation'],
]);

/** `RateLimited`, `rate-limited`, `RATE_LIMITED` → `rate_limited`. */
function snakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

/**
 * What the draft's wire forms add to an error object's reading: -32023's `data.retryAfterMs`
 * (SEP-3304), and the error taxonomy's `data.mcpError` (a condition name, or an object naming
 * it in `type`, `name` or `code`, with `retryable` and `retryAfterMs` when it says them).
 * `undefined` when the data carries none of them (or carries our own hints, which win).
 */
function draftHints(error: RpcErrorObject): Partial<WireHints> | undefined {
  const data = error.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Record<string, unknown>;
  if (d.agentError !== undefined) return undefined;
  const hints: Partial<WireHints> = {};
  const taxonomy = d.mcpError;
  const named = typeof taxonomy === 'string' ? { type: taxonomy } : asRecord(taxonomy);
  if (named !== undefined) {
    const name = [named.type, named.name, named.code].find((n) => typeof n === 'string');
    const category = typeof name === 'string' ? DRAFT_CATEGORIES.get(snakeName(name)) : undefined;
    if (category !== undefined) {
      hints.category = category;
      hints.code = CATEGORIES[category].code;
    }
    if (typeof named.retryable === 'boolean') hints.retryable = named.retryable;
    const wait = validDelayMs(named.retryAfterMs);
    if (wait !== undefined) hints.retryAfterMs = wait;
  }
  const wait = validDelayMs(d.retryAfterMs);
  if (wait !== undefined && (error.code === -32023 || hints.category === 'rate_limit')) {
    hints.retryAfterMs = wait;
  }
  return Object.keys(hints).length > 0 ? hints : undefined;
}

import { AgentError, isAgentError } from '../core/agent-error.js';
import type { AgentErrorInit, AgentErrorLike } from '../core/agent-error.js';
import { CATEGORIES, isErrorCategory, isProtocol } from '../core/categories.js';
import type { ErrorCategory, Protocol } from '../core/categories.js';
import { redactString } from '../core/redact.js';
import { formatSchemaIssues, schemaIssuesOf } from '../core/schema-issues.js';
import { toJsonSafe } from '../core/serialize.js';
import type { SafeJsonOptions } from '../core/serialize.js';
import { toAgentError } from '../core/to-agent-error.js';
import { answersCancelledRequests, cancelNotificationFor, cancelledRequestId } from './cancel.js';
import type { ErrorCodec } from './error-codec.js';
import { STANDARD_ERRORS } from './messages.js';
import type { JsonRpcErrorObject } from './messages.js';
import { copyRecord } from '../core/copy-record.js';

/**
 * The key in `error.data` under which the hub's fields travel.
 *
 * @example
 * error.data[AGENT_ERROR_DATA_KEY]; // { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true }
 */
export const AGENT_ERROR_DATA_KEY = 'agentError';

/** The hub fields carried in `error.data.agentError`. */
export interface AgentErrorWireFields {
  code: string;
  category: ErrorCategory;
  retryable: boolean;
  retryAfterMs?: number;
}

/** The wire code for each category when no dialect says better. */
const CODE_BY_CATEGORY = {
  auth: STANDARD_ERRORS.serverError.code,
  permission: STANDARD_ERRORS.serverError.code,
  not_found: STANDARD_ERRORS.serverError.code,
  validation: STANDARD_ERRORS.invalidParams.code,
  rate_limit: STANDARD_ERRORS.serverError.code,
  quota: STANDARD_ERRORS.serverError.code,
  timeout: STANDARD_ERRORS.serverError.code,
  cancelled: STANDARD_ERRORS.requestCancelled.code,
  conflict: STANDARD_ERRORS.serverError.code,
  unavailable: STANDARD_ERRORS.serverError.code,
  protocol: STANDARD_ERRORS.invalidRequest.code,
  internal: STANDARD_ERRORS.internalError.code,
} as const satisfies Record<ErrorCategory, number>;

/** Hub codes that name a standard error exactly. */
const CODE_BY_AGENT_CODE: ReadonlyMap<string, number> = new Map(
  Object.values(STANDARD_ERRORS)
    .filter((e) => e.code !== STANDARD_ERRORS.serverError.code)
    .map((e) => [e.agentCode, e.code]),
);

/** What a standard code means when the data says nothing more. */
const BY_WIRE_CODE: ReadonlyMap<number, { category: ErrorCategory; code: string }> = new Map([
  [-32700, { category: 'protocol', code: 'PARSE_ERROR' }],
  [-32600, { category: 'protocol', code: 'INVALID_REQUEST' }],
  [-32601, { category: 'protocol', code: 'METHOD_NOT_FOUND' }],
  [-32602, { category: 'validation', code: 'INVALID_PARAMS' }],
  [-32603, { category: 'internal', code: 'INTERNAL_ERROR' }],
  [-32800, { category: 'cancelled', code: 'CANCELLED' }],
]);

const MAX_MESSAGE_LENGTH = 2_000;

/** Options for {@link jsonRpcCodec}. */
export interface JsonRpcCodecOptions extends SafeJsonOptions {
  /** The protocol to label errors with and whose cancel notification to use (default `'jsonrpc'`). */
  protocol?: Protocol;
  /**
   * Errors that are meant for the peer although they are not `AgentError`s (your own classes):
   * return `true` and they are encoded through `toAgentError` instead of as a generic internal
   * error. Default: only `AgentError`s and schema failures are exposed.
   */
  expose?: (error: unknown) => boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function safeMessage(message: string): string {
  const text =
    message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
  return redactString(text);
}

/**
 * Encode an {@link AgentError} (or a copy of one) as a JSON-RPC error object: the closest
 * standard code, the message redacted, `details` JSON-safe and redacted in `data`, and the hub
 * fields in `data.agentError`. Dialect codecs reuse this for errors they have no table entry for.
 *
 * @example
 * encodeAgentErrorObject(AgentError.rateLimited('slow down', { retryAfterMs: 500 }));
 * // { code: -32000, message: 'slow down', data: { agentError: { code: 'RATE_LIMITED', … } } }
 */
export function encodeAgentErrorObject(
  error: AgentErrorLike,
  options: SafeJsonOptions & { protocol?: Protocol } = {},
): JsonRpcErrorObject {
  const wire = error.wire;
  if (wire && typeof wire.code === 'number' && wire.protocol === (options.protocol ?? 'jsonrpc')) {
    // Relaying an error we received for this same protocol: send what was received.
    const out: JsonRpcErrorObject = { code: wire.code, message: safeMessage(wire.message) };
    if (wire.data !== undefined) out.data = toJsonSafe(wire.data, options) ?? null;
    return out;
  }
  const code = CODE_BY_AGENT_CODE.get(error.code) ?? CODE_BY_CATEGORY[error.category];
  const hub: AgentErrorWireFields = {
    code: error.code,
    category: error.category,
    retryable: error.retryable,
  };
  if (error.retryAfterMs !== undefined) hub.retryAfterMs = error.retryAfterMs;
  const details = error.details === undefined ? undefined : toJsonSafe(error.details, options);
  const data: Record<string, unknown> = isPlainObject(details) ? copyRecord(details) : {};
  data[AGENT_ERROR_DATA_KEY] = hub;
  return { code, message: safeMessage(error.message), data };
}

/**
 * Decode a JSON-RPC error object into an {@link AgentError}: the hub fields from
 * `data.agentError` when present, otherwise the meaning of the standard code; the rest of `data`
 * becomes `details`; what was received is kept in `wire`.
 *
 * @example
 * decodeAgentErrorObject({ code: -32601, message: 'Method not found: x' }).code; // 'METHOD_NOT_FOUND'
 */
export function decodeAgentErrorObject(
  error: JsonRpcErrorObject,
  protocol: Protocol = 'jsonrpc',
): AgentError {
  const data = error.data;
  const hub = isPlainObject(data) ? data[AGENT_ERROR_DATA_KEY] : undefined;
  const known = BY_WIRE_CODE.get(error.code);
  const category: ErrorCategory =
    isPlainObject(hub) && isErrorCategory(hub.category)
      ? hub.category
      : (known?.category ?? 'internal');
  const init: AgentErrorInit = {
    category,
    code:
      isPlainObject(hub) && typeof hub.code === 'string' && hub.code !== ''
        ? hub.code
        : (known?.code ?? CATEGORIES[category].code),
    wire: {
      protocol: isProtocol(protocol) ? protocol : 'jsonrpc',
      code: error.code,
      message: error.message,
      ...(data !== undefined ? { data } : {}),
    },
    captureStack: false,
  };
  if (isPlainObject(hub)) {
    if (typeof hub.retryable === 'boolean') init.retryable = hub.retryable;
    const after = hub.retryAfterMs;
    if (typeof after === 'number' && after >= 0 && Number.isFinite(after))
      init.retryAfterMs = after;
  }
  if (isPlainObject(data)) {
    const details = copyRecord(data, AGENT_ERROR_DATA_KEY);
    if (Object.keys(details).length > 0) init.details = details;
  } else if (data !== undefined) {
    init.details = { data };
  }
  return new AgentError(error.message, init);
}

/**
 * The generic JSON-RPC codec, built on the hub alone. It encodes `AgentError`s (and schema
 * failures, as `-32602` with `data.issues`) with their fields in `data.agentError`, and
 * everything else as a generic `-32603 Internal error` with a random `errorId`; no stack, no
 * `cause`, secrets redacted. It decodes to `AgentError`. With `protocol: 'acp' | 'mcp' | 'lsp'`
 * it also speaks that protocol's cancel notification.
 *
 * @example
 * const peer = createPeer({ transport, codec: jsonRpcCodec({ protocol: 'lsp' }) });
 */
export function jsonRpcCodec(options: JsonRpcCodecOptions = {}): ErrorCodec {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('jsonRpcCodec: options must be an object');
  }
  const protocol = options.protocol ?? 'jsonrpc';
  if (!isProtocol(protocol)) {
    throw new TypeError(
      `jsonRpcCodec: options.protocol must be a protocol name; received ${String(protocol)}`,
    );
  }
  const expose = options.expose;
  if (expose !== undefined && typeof expose !== 'function') {
    throw new TypeError('jsonRpcCodec: options.expose must be a function');
  }
  const safe: SafeJsonOptions & { protocol: Protocol } = { ...options, protocol };
  return {
    protocol,
    answersCancelled: answersCancelledRequests(protocol),
    encode(error, ctx) {
      try {
        if (isAgentError(error)) return encodeAgentErrorObject(error, safe);
        const issues = schemaIssuesOf(error);
        if (issues) {
          return encodeAgentErrorObject(
            AgentError.validation(
              formatSchemaIssues(issues).replace(/^Invalid input/, 'Invalid params'),
              {
                code: 'INVALID_PARAMS',
                details: { issues },
                captureStack: false,
              },
            ),
            safe,
          );
        }
        if (expose?.(error)) return encodeAgentErrorObject(toAgentError(error), safe);
      } catch {
        // Fall through: an error we cannot read is an unexpected one.
      }
      return {
        code: STANDARD_ERRORS.internalError.code,
        message: STANDARD_ERRORS.internalError.message,
        data: { errorId: ctx.reportUnexpected(error) },
      };
    },
    decode(error) {
      return decodeAgentErrorObject(error, protocol);
    },
    cancelNotification(id, reason) {
      return cancelNotificationFor(protocol, id, reason);
    },
    cancelledRequestId(method, params) {
      return cancelledRequestId(protocol, method, params);
    },
  };
}

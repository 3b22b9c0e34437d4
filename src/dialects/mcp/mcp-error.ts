import type { AgentError } from '../../core/agent-error.js';
import { AS_AGENT_ERROR } from '../../core/normalize-error.js';
import { carriedDecoded, defineClassificationGetters } from '../../core/classified.js';
import type { ErrorCategory } from '../../core/categories.js';
import { MCP_ERROR_CODES, stripMcpErrorPrefix } from './codes.js';
import { decodeMcpError, hermesWireObject } from './decode.js';
import { MCP_ERROR_BRAND } from './is-mcp-error.js';
import { codeTable } from '../../core/code-table.js';
import { copyRecord } from '../../core/copy-record.js';
import { describeValue } from '../../core/is.js';
import { toJsonSafe } from '../../core/serialize.js';

/**
 * The reasons an {@link McpError} can carry, as Hermes MCP's atoms. Transport and client
 * errors may use any other string too.
 *
 * @example
 * MCP_ERROR_REASONS.includes('request_timeout'); // true
 */
export const MCP_ERROR_REASONS = [
  'parse_error',
  'invalid_request',
  'method_not_found',
  'invalid_params',
  'internal_error',
  'resource_not_found',
  'server_error',
  'domain_error',
  'execution_error',
  'connection_refused',
  'connection_closed',
  'send_failure',
  'request_timeout',
  'request_cancelled',
  'url_elicitation_required',
  'header_mismatch',
  'missing_required_client_capability',
  'unsupported_protocol_version',
] as const;

/** Why an {@link McpError} happened: one of {@link MCP_ERROR_REASONS}, or another transport/client reason. */
export type McpErrorReason = (typeof MCP_ERROR_REASONS)[number] | (string & {});

/** What {@link McpError}'s constructor takes: Hermes' `%Error{code, reason, data}` plus a message. */
export interface McpErrorInit {
  code: number;
  reason: McpErrorReason;
  /** Defaults to a sentence made from the reason. */
  message?: string;
  /** Additional context; defaults to `{}`. */
  data?: Record<string, unknown>;
}

/** The JSON-RPC error object for an {@link McpError}. */
export interface McpErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

// Hermes' `reason_for_code` (hermes_mcp 0.3.12, lib/hermes/mcp/error.ex): the five standard
// codes; every other code is `server_error`. What MCP's own codes mean (-32001 request timeout,
// -32002 resource not found, …) is the MCP dialect's to read (`decode`, `mcpReasonFor`).
const REASON_BY_CODE = codeTable<McpErrorReason>({
  [MCP_ERROR_CODES.ParseError]: 'parse_error',
  [MCP_ERROR_CODES.InvalidRequest]: 'invalid_request',
  [MCP_ERROR_CODES.MethodNotFound]: 'method_not_found',
  [MCP_ERROR_CODES.InvalidParams]: 'invalid_params',
  [MCP_ERROR_CODES.InternalError]: 'internal_error',
});

const MESSAGES: Readonly<Record<string, string>> = {
  parse_error: 'Parse error',
  invalid_request: 'Invalid request',
  method_not_found: 'Method not found',
  invalid_params: 'Invalid params',
  internal_error: 'Internal error',
  resource_not_found: 'Resource not found',
  server_error: 'Server error',
  domain_error: 'Domain error',
  execution_error: 'Execution error',
};

function defaultMessage(reason: string, data: Record<string, unknown>): string {
  if (reason === 'domain_error' && typeof data.message === 'string') return data.message;
  if (reason === 'method_not_found' && typeof data.method === 'string')
    return `Method not found: ${data.method}`;
  const known = MESSAGES[reason];
  if (known) return known;
  const words = reason.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function plainData(data: unknown, fn: string): Record<string, unknown> {
  if (data === undefined) return {};
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new TypeError(`${fn}: data must be a plain object; received ${describeValue(data)}`);
  }
  // A copy, as Hermes' immutable maps are: the caller's object is never the error's.
  return copyRecord(data);
}

function typed(type: 'transport' | 'client', data: Record<string, unknown>) {
  return copyRecord(data, 'type', { type });
}

/**
 * An MCP error with the semantics of Hermes MCP's `Hermes.MCP.Error`: a numeric `code`, a
 * `reason` that says what kind of error it is, and `data` (always an object). The message is
 * never decorated: `McpError.fromJsonRpc` strips the official SDK's `MCP error <code>: `
 * prefixes instead.
 *
 * @example
 * McpError.clientError('request_timeout', { elapsed_ms: 30000 });
 * // { code: -32000, reason: 'request_timeout', data: { type: 'client', elapsed_ms: 30000 } }
 */
export class McpError extends Error {
  /** What kind of failure this is, read from its code (and message and data where the code is shared). */
  declare readonly category: ErrorCategory;
  /** Whether retrying can help. */
  declare readonly retryable: boolean;
  /** How long the peer asked to wait before retrying, when it said. */
  declare readonly retryAfterMs: number | undefined;
  code: number;
  reason: McpErrorReason;
  data: Record<string, unknown>;

  constructor(init: McpErrorInit) {
    if (init === null || typeof init !== 'object')
      throw new TypeError('McpError: expected an object { code, reason, message?, data? }');
    const { code, reason } = init;
    if (typeof code !== 'number' || !Number.isInteger(code))
      throw new TypeError(`McpError: code must be an integer; received ${describeValue(code)}`);
    if (typeof reason !== 'string' || reason === '')
      throw new TypeError(
        `McpError: reason must be a non-empty string; received ${describeValue(reason)}`,
      );
    const data = plainData(init.data, 'McpError');
    if (init.message !== undefined && typeof init.message !== 'string')
      throw new TypeError('McpError: message must be a string');
    super(init.message ?? defaultMessage(reason, data));
    this.name = 'McpError';
    this.code = code;
    this.reason = reason;
    this.data = data;
  }

  /** Invalid JSON was received (-32700). */
  static parseError(data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32700,
      reason: 'parse_error',
      data: plainData(data, 'parseError'),
    });
  }

  /** The JSON sent is not a valid request object (-32600). */
  static invalidRequest(data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32600,
      reason: 'invalid_request',
      data: plainData(data, 'invalidRequest'),
    });
  }

  /** The method does not exist or is not available (-32601); the message names `data.method`. */
  static methodNotFound(data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32601,
      reason: 'method_not_found',
      data: plainData(data, 'methodNotFound'),
    });
  }

  /** The parameters are invalid for the method (-32602). */
  static invalidParams(data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32602,
      reason: 'invalid_params',
      data: plainData(data, 'invalidParams'),
    });
  }

  /** An internal server error (-32603). */
  static internalError(data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32603,
      reason: 'internal_error',
      data: plainData(data, 'internalError'),
    });
  }

  /** A resource was not found (-32002). */
  static resourceNotFound(data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32002,
      reason: 'resource_not_found',
      data: plainData(data, 'resourceNotFound'),
    });
  }

  /**
   * A communication or network error between client and server (-32000, `data.type: 'transport'`).
   *
   * @example
   * McpError.transportError('connection_refused').data; // { type: 'transport' }
   */
  static transportError(reason: McpErrorReason, data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32000,
      reason,
      data: typed('transport', plainData(data, 'transportError')),
    });
  }

  /** An error inside the client implementation (-32000, `data.type: 'client'`). */
  static clientError(reason: McpErrorReason, data?: Record<string, unknown>): McpError {
    return new McpError({
      code: -32000,
      reason,
      data: typed('client', plainData(data, 'clientError')),
    });
  }

  /**
   * An application-level error from a result with `isError: true` (-32000); the message is
   * `data.message` when there is one.
   */
  static domainError(data: Record<string, unknown>): McpError {
    return new McpError({
      code: -32000,
      reason: 'domain_error',
      data: plainData(data, 'domainError'),
    });
  }

  /** A tool or handler failed while executing (-32000). */
  static execution(message: string, data?: Record<string, unknown>): McpError {
    if (typeof message !== 'string')
      throw new TypeError('McpError.execution: message must be a string');
    return new McpError({
      code: -32000,
      reason: 'execution_error',
      message,
      data: plainData(data, 'execution'),
    });
  }

  /**
   * An {@link McpError} from a JSON-RPC error object, as Hermes' `from_json_rpc`: the reason by
   * code (JSON-RPC's five; any other code is `server_error`), the original message kept in
   * `data.original_message` unless it is empty (without the official SDK's `MCP error <code>: `
   * prefixes). `decode(error, { from: 'mcp' })` reads MCP's own codes.
   *
   * @example
   * McpError.fromJsonRpc({ code: -32700, message: 'Parse error' });
   * // { code: -32700, reason: 'parse_error', data: { original_message: 'Parse error' } }
   */
  static fromJsonRpc(error: { code: number; message?: string; data?: unknown }): McpError {
    if (error === null || typeof error !== 'object')
      throw new TypeError(
        'McpError.fromJsonRpc: expected a JSON-RPC error object { code, message, data? }',
      );
    const { code: received, data } = error;
    // Hermes reads any code it does not know as `:server_error`, an odd one too. JSON-RPC codes
    // are integers: a non-integer one is kept in `data.original_code`, and the error gets
    // -32603, so that what it sends is a valid error object (docs/mcp.md, "Hermes").
    const code = Number.isInteger(received) ? received : MCP_ERROR_CODES.InternalError;
    const message =
      typeof error.message === 'string' ? stripMcpErrorPrefix(error.message) : undefined;
    const out: Record<string, unknown> =
      data !== null && typeof data === 'object' && !Array.isArray(data)
        ? copyRecord(data)
        : data === undefined || data === null
          ? {}
          : { data };
    // Hermes keeps no `original_message` for an empty one; the reason then gives the message.
    const said = message !== undefined && message !== '';
    if (said) out.original_message = message;
    if (code !== received && received !== undefined) out.original_code = toJsonSafe(received);
    return new McpError({
      code,
      reason: (code === received && REASON_BY_CODE.get(code)) || 'server_error',
      ...(said ? { message } : {}),
      data: out,
    });
  }

  /**
   * `['error', error]`: the TypeScript form of Hermes' `{:error, error}` tuple.
   *
   * @example
   * const [tag, error] = McpError.parseError().toTuple(); // tag === 'error'
   */
  toTuple(): ['error', McpError] {
    return ['error', this];
  }

  /**
   * The JSON-RPC error object to send: `{ code, message, data? }`, `data` left out when empty,
   * with `data.agentError` added where MCP would misread a -32000 (see `hermesWireObject`).
   *
   * @example
   * McpError.invalidParams({ param: 'name' }).toJsonRpc();
   * // { code: -32602, message: 'Invalid params', data: { param: 'name' } }
   */
  toJsonRpc(): McpErrorObject {
    return hermesWireObject(this);
  }

  /** This error as an {@link AgentError} (see `decodeMcpError`): how core and other dialects read it. */
  [AS_AGENT_ERROR](): AgentError {
    return carriedDecoded(this) ?? decodeMcpError(this);
  }

  /** What `JSON.stringify` writes: `{ code, reason, message, data }`. */
  toJSON(): { code: number; reason: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, reason: this.reason, message: this.message, data: this.data };
  }
}

Object.defineProperty(McpError.prototype, MCP_ERROR_BRAND, { value: true });
// `category`, `retryable`, `retryAfterMs`: not enumerable, so the JSON stays the SDK's.
defineClassificationGetters(McpError.prototype);

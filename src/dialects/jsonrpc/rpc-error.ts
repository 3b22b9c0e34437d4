import { decodedError, isAgentError } from '../../core/agent-error.js';
import type { AgentError, AgentErrorLike } from '../../core/agent-error.js';
import { CATEGORIES, isErrorCategory } from '../../core/categories.js';
import type { Protocol } from '../../core/categories.js';
import { toJsonSafe } from '../../core/serialize.js';
import type { SafeJsonOptions } from '../../core/serialize.js';
import { pathsAsAsked, toExposableError } from '../../core/expose.js';
import type { Classifier } from '../../core/expose.js';
import { wireDetails } from '../../core/unexpected.js';
import { normalizeError } from '../../core/normalize-error.js';
import { describeValue } from '../../core/is.js';
import { copyRecord, isTooWideToCopy } from '../../core/copy-record.js';
import { redactThenCut } from '../../core/sanitize-message.js';
import type { RpcClassification } from './rpc-code-table.js';
import { readHubFields, validDelayMs } from '../../core/lenient-options.js';
import type { WireHints } from '../../core/lenient-options.js';
import { isToolErrorCategory } from '../tool/tool-text.js';

export type { WireHints } from '../../core/lenient-options.js';

export type { RpcClassification } from './rpc-code-table.js';

/**
 * The `error` member of a JSON-RPC 2.0 response, as ACP, MCP, LSP and A2A all send it.
 *
 * @example
 * const error: RpcErrorObject = { code: -32601, message: 'Method not found' };
 */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The one key, inside a JSON-RPC error's `data` object, under which every dialect of the
 * JSON-RPC family carries what the numeric code cannot: our `code`, `category`, `retryable`
 * and `retryAfterMs`. Decoders read it back, so `decode(encode(error))` restores them.
 *
 * @example
 * // { code: -32603, message: 'Slow down', data: { agentError: { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 500 } } }
 */
export const WIRE_HINTS_KEY = 'agentError';

/** Options every JSON-RPC-family encoder accepts. */
export interface RpcEncodeOptions extends SafeJsonOptions {
  /**
   * Called with anything that is not an {@link AgentError} (nor a seed class, nor a schema
   * failure) before it is sent as a generic internal error, with the `errorId` put in `data` so
   * logs can be joined to what the peer saw.
   */
  onError?: (error: unknown, errorId: string) => void;
  /** What classifies an error nobody meant to send (see `ExposeOptions.decoder`). */
  decoder?: Classifier | undefined;
  /** Mask absolute local file paths in the message (see `ExposeOptions.maskPaths`; default `false`). */
  maskPaths?: boolean | undefined;
}

// One reader per field, each reading its member by name (which V8 caches per shape), and a
// hostile getter or Proxy trap reads as absent.
function readCode(value: object): unknown {
  try {
    return (value as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}
function readMessage(value: object): unknown {
  try {
    return (value as { message?: unknown }).message;
  } catch {
    return undefined;
  }
}
function readData(value: object): unknown {
  try {
    return (value as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}
function readError(value: object): unknown {
  try {
    return (value as { error?: unknown }).error;
  } catch {
    return undefined;
  }
}
/** `data.code`: its own reader, so that data's many shapes leave `readCode`'s cache alone. */
function readDataCode(value: object): unknown {
  try {
    return (value as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}
function readHints(value: object): unknown {
  try {
    return (value as { agentError?: unknown }).agentError;
  } catch {
    return undefined;
  }
}

/**
 * Whether `value` is a JSON-RPC error object: an integer `code` and a string `message`.
 *
 * @example
 * isRpcErrorObject({ code: -32600, message: 'Invalid Request' }); // true
 * isRpcErrorObject({ code: '-32600', message: 'Invalid Request' }); // false
 */
export function isRpcErrorObject(value: unknown): value is RpcErrorObject {
  if (value === null || typeof value !== 'object') return false;
  return Number.isInteger(readCode(value)) && typeof readMessage(value) === 'string';
}

/**
 * `fromRpc` of the error object `value` is or holds ({@link readRpcErrorObject}), with `value`
 * as the cause when it is an `Error` instance (a compatibility class, an SDK's error): what
 * every JSON-RPC dialect's `decode…Error` does. Throws the reader's `TypeError`, naming `fn`.
 * @internal
 */
export function decodeRpcValue(
  value: unknown,
  fn: string,
  fromRpc: (error: RpcErrorObject, cause?: unknown) => AgentError,
): AgentError {
  return fromRpc(readRpcErrorObject(value, fn), value instanceof Error ? value : undefined);
}

/**
 * Read a JSON-RPC error object out of `value`, which may be the error object itself, a whole
 * error response (`{ jsonrpc, id, error }`) or an SDK error instance with `code`, `message` and
 * `data`. Throws a `TypeError` naming the field that is wrong; `fn` names the caller.
 *
 * @example
 * readRpcErrorObject({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, 'decode');
 * // { code: -32601, message: 'x' }
 */
export function readRpcErrorObject(value: unknown, fn: string): RpcErrorObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(
      `${fn}: expected a JSON-RPC error object { code, message, data? } or an error response; received ${describeValue(value)}`,
    );
  }
  let error: object = value;
  let where = 'error';
  const inner = readError(value);
  if (readCode(value) === undefined && inner !== undefined) {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) {
      throw new TypeError(
        `${fn}: response.error must be an object { code, message, data? }; received ${describeValue(inner)}`,
      );
    }
    error = inner;
    where = 'response.error';
  }
  const code = readCode(error);
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    throw new TypeError(`${fn}: ${where}.code must be an integer; received ${describeValue(code)}`);
  }
  const message = readMessage(error);
  if (typeof message !== 'string') {
    throw new TypeError(
      `${fn}: ${where}.message must be a string; received ${describeValue(message)}`,
    );
  }
  const data = readData(error);
  return data === undefined ? { code, message } : { code, message, data };
}

/**
 * The {@link WireHints} a peer put in `data`, each field kept only when it is well formed.
 *
 * @example
 * readWireHints({ agentError: { category: 'rate_limit', retryAfterMs: 500 } });
 * // { category: 'rate_limit', retryAfterMs: 500 }
 */
export function readWireHints(data: unknown): Partial<WireHints> | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const raw = readHints(data); // WIRE_HINTS_KEY
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  return readHubFields(raw as Record<string, unknown>);
}

/**
 * The hints in a `data` shaped like an opentabs `ToolError`'s fields: what its browser extension
 * relays for a failed tool, `{ code: -32603, message, data: { code, category, retryable,
 * retryAfterMs? } }` (and what `toolErrorFields` writes, with `agentCategory`). A string `code`,
 * one of the six tool categories and a boolean `retryable` are all required: `{ code: 'ENOENT' }`
 * and the like are too common in other servers' data to be read as a tool error.
 *
 * @example
 * readToolErrorHints({ code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 2000 });
 * // { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 2000 }
 */
function readToolErrorHints(data: unknown): Partial<WireHints> | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const code = readDataCode(data);
  // Most data has no string `code`: one read settles it.
  if (typeof code !== 'string' || code === '') return undefined;
  const d = data as Record<string, unknown>;
  const { category, retryable } = d;
  if (!isToolErrorCategory(category) || typeof retryable !== 'boolean') return undefined;
  const hints: Partial<WireHints> = { code, category, retryable };
  // A hub category the six could not say (`toolErrorFields` of a converted error).
  if (isErrorCategory(d.agentCategory)) hints.category = d.agentCategory;
  const delay = validDelayMs(d.retryAfterMs);
  if (delay !== undefined) hints.retryAfterMs = delay;
  return hints;
}

// What a relayed ToolError's data holds besides its details.
const TOOL_ERROR_FIELDS = ['code', 'category', 'agentCategory', 'retryable', 'retryAfterMs'];

/** A relayed ToolError's data without its own fields, or `null` when nothing else is left. */
function toolErrorDetails(data: object): Record<string, unknown> | null {
  let rest: Record<string, unknown> | null = null;
  for (const key of Object.keys(data)) {
    if (!TOOL_ERROR_FIELDS.includes(key))
      (rest ??= {})[key] = (data as Record<string, unknown>)[key];
  }
  return rest;
}

/**
 * `data` as {@link AgentError} `details`: an object without the hints key, or anything else
 * wrapped as `{ data }`.
 *
 * @example
 * detailsFromData({ uri: 'file:///a', agentError: { category: 'not_found' } }); // { uri: 'file:///a' }
 * detailsFromData(['x']); // { data: ['x'] }
 */
export function detailsFromData(data: unknown): Record<string, unknown> | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) return { data };
  if (!Object.hasOwn(data, WIRE_HINTS_KEY)) return data as Record<string, unknown>;
  const rest = copyRecord(data, WIRE_HINTS_KEY);
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/**
 * Whether `data` may hold hints: ours under {@link WIRE_HINTS_KEY}, or a relayed ToolError's
 * `code`. Plain data (what JSON gives) is settled by one pass over its keys, which most data
 * fails, so the hint readers do not run for it. Anything else is left to them.
 */
function mayHoldHints(data: unknown): boolean {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return false;
  try {
    const proto: unknown = Object.getPrototypeOf(data);
    if (proto !== Object.prototype && proto !== null) return true;
    for (const key in data) if (key === WIRE_HINTS_KEY || key === 'code') return true;
    return false;
  } catch {
    // A proxy whose traps throw: the readers, which read it as holding nothing, decide.
    return true;
  }
}

/**
 * Build the {@link AgentError} for a JSON-RPC error object received from `protocol`:
 * `classification` is the dialect's reading of the code, overridden by any hints in `data`;
 * `wire` keeps what was received. Skips stack capture: this is the hot path.
 *
 * The optional parts: `cause`; `details` (left out: derived from `data`; `null`: none); `hints` the
 * dialect found itself (A2A carries them in an array; left out: `data.agentError`). A dialect
 * that cleans the wire message (MCP strips its SDK's prefix) passes the cleaned `error`.
 *
 * @example
 * decodeRpcError('jsonrpc', { code: -32601, message: 'Method not found' },
 *   { category: 'protocol', code: 'METHOD_NOT_FOUND' }).category; // 'protocol'
 */
export function decodeRpcError(
  protocol: Protocol,
  error: RpcErrorObject,
  classification: RpcClassification,
  cause?: unknown,
  details?: Record<string, unknown> | null,
  hints?: Partial<WireHints>,
): AgentError {
  let h = hints;
  if (hints === undefined && mayHoldHints(error.data)) {
    h = readWireHints(error.data);
    if (h === undefined) {
      // No hints of ours: the data may be a relayed ToolError's fields, whatever the protocol.
      h = readToolErrorHints(error.data);
      if (h !== undefined && details === undefined)
        details = toolErrorDetails(error.data as object);
    }
  }
  const text = error.message;
  const category = h?.category ?? classification.category;
  // Left undefined, retryable takes the category's default (a hinted category brings its own).
  const retryable =
    h?.retryable ??
    (h?.category !== undefined && h.category !== classification.category
      ? undefined
      : classification.retryable);
  return decodedError({
    message: text,
    category,
    code: h?.code ?? classification.code,
    retryable,
    retryAfterMs: h?.retryAfterMs,
    details: details === undefined ? detailsFromData(error.data) : (details ?? undefined),
    wire:
      error.data === undefined
        ? { protocol, code: error.code, message: text }
        : { protocol, code: error.code, message: text, data: error.data },
    cause,
  });
}

/**
 * What may be sent to a peer for `thrown` (see {@link toExposableError}), as a hub error.
 *
 * @example
 * exposableError(new Error('db password is hunter2')).message; // 'Internal error'
 */
export function exposableError(thrown: unknown, options?: RpcEncodeOptions): AgentErrorLike {
  const exposable = toExposableError(thrown, options);
  return isAgentError(exposable) ? exposable : normalizeError(exposable);
}

/**
 * The hints for `error`: the fields a numeric code cannot carry.
 *
 * @example
 * wireHintsOf(AgentError.rateLimited('x', { retryAfterMs: 5 }));
 * // { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 5 }
 */
export function wireHintsOf(error: AgentErrorLike): WireHints {
  const hints: WireHints = {
    code: error.code,
    category: error.category,
    retryable: error.retryable,
  };
  if (error.retryAfterMs !== undefined) hints.retryAfterMs = error.retryAfterMs;
  return hints;
}

/**
 * Encode `error` as a JSON-RPC error object with `code` (chosen by the dialect), its message,
 * and `data` = its details plus, when `classify(code)` would not restore them, the
 * {@link WIRE_HINTS_KEY} hints. Data is made JSON-safe and redacted (unless `redact: false`).
 * An error that was decoded from this same protocol is sent back exactly as it was received.
 *
 * @example
 * encodeRpcError('jsonrpc', AgentError.rateLimited('slow down'), -32603,
 *   () => ({ category: 'internal', code: 'INTERNAL_ERROR' }));
 * // { code: -32603, message: 'slow down', data: { agentError: { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true } } }
 */
export function encodeRpcError(
  protocol: Protocol,
  error: AgentErrorLike,
  code: number,
  classify: (code: number, message: string, data: unknown) => RpcClassification,
  options?: SafeJsonOptions & { maskPaths?: boolean | undefined },
): RpcErrorObject {
  const wire = error.wire;
  // Every message leaves with its secrets redacted: a relayed upstream message is no safer than
  // a local one.
  if (wire && wire.protocol === protocol && typeof wire.code === 'number') {
    return withData(
      { code: wire.code, message: rpcMessage(wire.message, options) },
      wire.data,
      options,
    );
  }
  const details = wireDetails(error);
  const restored = !needsWireHints(error, classify(code, error.message, details));
  let data = details;
  // Details too wide to copy go as they are: the serialiser cuts them at maxKeys, hints and all.
  if (!restored && (details === undefined || !isTooWideToCopy(details))) {
    data = details === undefined ? {} : copyRecord(details);
    data[WIRE_HINTS_KEY] = wireHintsOf(error);
  }
  return withData({ code, message: rpcMessage(error.message, options) }, data, options);
}

/**
 * A message as the JSON-RPC family sends it ({@link redactMessage}), its local file paths masked
 * too when `options.maskPaths` asks.
 *
 * @example
 * rpcMessage('no /home/ana/x.txt', { maskPaths: true }); // 'no [PATH]'
 */
export function rpcMessage(
  message: string,
  options: { maskPaths?: boolean | undefined } | undefined,
): string {
  return pathsAsAsked(redactMessage(message), options);
}

/**
 * Whether `error` needs {@link WireHints} on the wire: whether reading its code back
 * (`classification`) would lose its code, category, retryability or retry delay.
 *
 * @example
 * needsWireHints(AgentError.timeout('slow'), { category: 'timeout', code: 'TIMEOUT' }); // false
 */
export function needsWireHints(
  error: Pick<AgentErrorLike, 'category' | 'code' | 'retryable' | 'retryAfterMs'>,
  classification: RpcClassification,
): boolean {
  return !(
    classification.category === error.category &&
    classification.code === error.code &&
    (classification.retryable ?? CATEGORIES[classification.category].retryable) ===
      error.retryable &&
    error.retryAfterMs === undefined
  );
}

const MAX_MESSAGE_LENGTH = 2_000;

/**
 * A message as the JSON-RPC family sends it: secrets redacted, then cut to 2,000 characters (a
 * secret straddling the cut goes whole).
 *
 * @example
 * redactMessage('token=abc123secret'); // 'token=[REDACTED]'
 */
export function redactMessage(message: string): string {
  return redactThenCut(message, MAX_MESSAGE_LENGTH);
}

function withData(
  out: RpcErrorObject,
  data: unknown,
  options: SafeJsonOptions | undefined,
): RpcErrorObject {
  if (data === undefined) return out;
  const safe = toJsonSafe(data, options);
  if (safe !== undefined) out.data = safe;
  return out;
}

import { isAgentError } from '../../core/agent-error.js';
import type { AgentError, AgentErrorLike } from '../../core/agent-error.js';
import { classifyWith, toExposableError } from '../../core/expose.js';
import type { Classifier, ExposeOptions } from '../../core/expose.js';
import { readMember } from '../../core/is.js';
import { AS_AGENT_ERROR, normalizeError } from '../../core/normalize-error.js';
import { hasBrand, toolErrorToAgentError } from './decode.js';
import { TOOL_ERROR_BRAND } from './is-tool-error.js';
import { ToolError, isToolError, reviveToolError } from './tool-error.js';
import type { ToolErrorLike, ToolErrorOptions } from './tool-error.js';
import { NEAREST_TOOL_CATEGORY, formatToolErrorText, parseToolErrorText } from './tool-text.js';
import type { FormatToolErrorTextOptions } from './tool-text.js';

/**
 * The category-less tool error a hub error stands for, when it came from one: a `ToolError`
 * made without a category, or tool text that named none (its `wire` is tool text without a
 * category, for the same code). `undefined` for anything else, and for an error marked
 * unexpected (that one goes out as unexpected errors do).
 */
function uncategorised(hub: AgentErrorLike): ToolErrorLike | undefined {
  const wire = hub.wire;
  if (wire?.protocol !== 'tool' || hub.unexpected === true) return undefined;
  const said = parseToolErrorText(wire.message);
  if (said === undefined || said.category !== undefined || said.code !== hub.code) return undefined;
  const fields: { -readonly [K in keyof ToolErrorLike]: ToolErrorLike[K] } = {
    message: hub.message,
    code: hub.code,
    retryable: hub.retryable,
  };
  if (hub.retryAfterMs !== undefined) fields.retryAfterMs = hub.retryAfterMs;
  if (hub.details !== undefined) fields.details = hub.details;
  return fields;
}

/** Options for {@link toToolError}. */
export interface ToToolErrorOptions {
  /**
   * What classifies an error that is no tool error (a Node system error, an SDK's 429). The
   * `toToolError` of `agent-errors/tool` passes the library's full classifier when none is
   * given; without one, only the hub's own forms are read.
   */
  decoder?: Classifier | undefined;
}

/**
 * A {@link ToolError} for any error: a tool error (or a copy) as it is; anything else through the
 * hub, its category narrowed to the nearest of the six (`permission` → `auth`, `quota` →
 * `rate_limit`, `unavailable` → `timeout`, `conflict` → `validation`, `cancelled` and `protocol`
 * → `internal`) with the hub category kept as `agentCategory`, so nothing is lost.
 *
 * @example
 * const te = toToolError(AgentError.quotaExceeded('Budget used up'));
 * [te.category, te.agentCategory]; // ['rate_limit', 'quota']
 */
export function toToolError(error: unknown, options?: ToToolErrorOptions): ToolError {
  if (error instanceof ToolError) return error;
  if (hasBrand(error, TOOL_ERROR_BRAND) || (!isAgentError(error) && isToolError(error))) {
    const revived = reviveToolError(error);
    if (revived) return revived;
  }
  const hub: AgentErrorLike = classifyWith(options?.decoder, error);
  const remembered = uncategorised(hub);
  if (remembered) {
    const opts: ToolErrorOptions = { retryable: remembered.retryable, cause: error };
    if (remembered.retryAfterMs !== undefined) opts.retryAfterMs = remembered.retryAfterMs;
    if (remembered.details !== undefined) opts.details = remembered.details;
    return new ToolError(remembered.message, remembered.code, opts);
  }
  const category = NEAREST_TOOL_CATEGORY[hub.category];
  const opts: ToolErrorOptions = { category, retryable: hub.retryable, cause: error };
  if (category !== hub.category) opts.agentCategory = hub.category;
  if (hub.retryAfterMs !== undefined) opts.retryAfterMs = hub.retryAfterMs;
  if (hub.details !== undefined) opts.details = hub.details;
  return new ToolError(hub.message, hub.code, opts);
}

/**
 * The agent-facing text for any error, as MCP's `toCallToolResult` writes it (message sanitised,
 * details redacted; an unexpected error becomes `Internal error` with an `errorId`).
 * `decodeToolError(encodeToolError(e))` gives back `code`, `category`, `retryable` and
 * `retryAfterMs`.
 *
 * @example
 * encodeToolError(ToolError.auth('Not logged in'));
 * // '[ERROR code=AUTH_ERROR category=auth retryable=false] Not logged in\n\n```json\n…\n```'
 */
export function encodeToolError(error: unknown, options?: ToolEncodeOptions): string {
  return formatToolErrorText(toExposableError(toolTextSource(error), options), options);
}

/**
 * What the tool text is written from, for the two cases where the error as given would lose its
 * meaning. A hub error that stands for a category-less tool error (`uncategorised`) is written
 * from those fields, with no category, as upstream writes it. A seed class of another protocol
 * whose fields look like a category-less `ToolError`'s (an `ARCPError`: a string `code`, a
 * `message`, a boolean `retryable`) but which knows its own category through the hub's
 * `AS_AGENT_ERROR` hook (in any copy of this package) is read through the hub first: written as
 * it is, it would come back `internal`. Anything else is returned as it is. Never throws.
 *
 * @example
 * toolTextSource(new DuplicateKeyError('seen')).category; // 'conflict'
 */
export function toolTextSource(error: unknown): unknown {
  if (error === null || typeof error !== 'object') return error;
  if (hasBrand(error, TOOL_ERROR_BRAND)) return error;
  if (isAgentError(error)) return uncategorised(error) ?? error;
  if (typeof readMember(error, AS_AGENT_ERROR) !== 'function') return error;
  if (readMember(error, 'category') !== undefined) return error;
  return normalizeError(error);
}

/** What `encode(error, 'tool', options)` reads. */
export interface ToolEncodeOptions extends FormatToolErrorTextOptions, ExposeOptions {}

// ToolError classifies itself through the hub's hook (its hub category survives in
// `agentCategory`). Defined here, beside the conversion it calls.
Object.defineProperty(ToolError.prototype, AS_AGENT_ERROR, {
  value(this: ToolError): AgentError {
    return toolErrorToAgentError(this);
  },
  configurable: true,
});

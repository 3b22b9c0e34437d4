import { AgentError, isAgentError } from '../../core/agent-error.js';
import type { AgentErrorInit, AgentErrorLike } from '../../core/agent-error.js';
import { CATEGORIES } from '../../core/categories.js';
import type { ErrorCategory as AgentErrorCategory } from '../../core/categories.js';
import { classifyWith, toExposableError } from '../../core/expose.js';
import type { Classifier, ExposeOptions } from '../../core/expose.js';
import { formatToolErrorText, parseToolErrorText } from './tool-text.js';
import type { FormatToolErrorTextOptions } from './tool-text.js';
import { AS_AGENT_ERROR, normalizeError } from '../../core/normalize-error.js';
import { NEAREST_TOOL_CATEGORY } from './tool-text.js';
import { fromToolErrorText } from './tool-text-decode.js';
import { ToolError, isToolError, reviveToolError } from './tool-error.js';
import { hasBrandOrShape, readMember } from '../../core/is.js';
import { validDelayMs } from '../../core/lenient-options.js';
import type { ToolErrorLike, ToolErrorOptions } from './tool-error.js';

const TOOL_BRAND = Symbol.for('agent-errors.ToolError');
const AGENT_BRAND = Symbol.for('agent-errors.AgentError');

/** Whether `value` carries `brand` (a class of this package, in any copy of it). */
function hasBrand(value: unknown, brand: symbol): boolean {
  return hasBrandOrShape(value, brand, () => false);
}

const CATEGORY_BY_CODE: ReadonlyMap<string, AgentErrorCategory> = new Map(
  (Object.keys(CATEGORIES) as AgentErrorCategory[]).map((c) => [CATEGORIES[c].code, c]),
);

/**
 * The hub error for a {@link ToolError} (or a copy of one): `agentCategory` when it carries one,
 * else its category, else the category whose default code it uses, else `internal`; `code`,
 * `retryable`, `retryAfterMs` and `details` as carried. The tool error stays as `cause`.
 *
 * @example
 * toolErrorToAgentError(ToolError.rateLimited('Too many requests', 2000)).retryAfterMs; // 2000
 */
export function toolErrorToAgentError(error: ToolErrorLike): AgentError {
  if (!isToolError(error)) {
    throw new TypeError(
      'toolErrorToAgentError: error must be a ToolError or its fields ({ message, code, retryable, category? })',
    );
  }
  const category =
    error.agentCategory ?? error.category ?? CATEGORY_BY_CODE.get(error.code) ?? 'internal';
  const init: AgentErrorInit = {
    category,
    code: error.code,
    retryable: error.retryable,
    cause: error,
    captureStack: false,
  };
  const delay = validDelayMs(error.retryAfterMs);
  if (delay !== undefined) init.retryAfterMs = delay;
  if (error.details !== undefined) init.details = error.details;
  // Upstream writes only the fields present: a ToolError given no category must not gain one on
  // the way back out (the seed's `internal` says "a bug in the plugin", another statement). The
  // hub remembers it as it remembers any form it read: `wire` holds the tool text, which names no
  // category, and survives structuredClone, JSON and serializeError (see `uncategorised`).
  if (error.category === undefined && error.agentCategory === undefined) {
    init.wire = { protocol: 'tool', code: error.code, message: formatToolErrorText(error) };
  }
  return new AgentError(error.message, init);
}

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
  if (hasBrand(error, TOOL_BRAND) || (!isAgentError(error) && isToolError(error))) {
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
 * Decode a tool error in any form into the hub: a `ToolError` or its fields, tool error text
 * (any form, also wrapped, or unstructured text classified conservatively), or an MCP
 * `CallToolResult` with `isError: true`. Anything else goes to `fallback` (a decoder's fallback
 * readers, by default the hub's own reading). Never throws.
 *
 * @example
 * decodeToolError('[ERROR code=TIMEOUT category=timeout retryable=true] slow').retryable; // true
 */
export function decodeToolError(
  input: unknown,
  fallback: (value: unknown) => AgentError = normalizeError,
): AgentError {
  try {
    if (typeof input === 'string') return fromToolErrorText(input);
    if (input !== null && typeof input === 'object') {
      if (input instanceof AgentError || hasBrand(input, AGENT_BRAND)) return normalizeError(input);
      // A ToolError's agentCategory must win over its narrowed category; a copy of an AgentError
      // (it has `wire`, or a category outside the six) goes to the hub's own reviver.
      if (isToolError(input) && !('wire' in input)) return toolErrorToAgentError(input);
      if (isAgentError(input)) return normalizeError(input);
      // A failed tool result (MCP's `CallToolResult`): its text is the tool error.
      if ((input as { isError?: unknown }).isError === true) {
        const text = firstText((input as { content?: unknown }).content);
        if (text !== undefined) return fromToolErrorText(text, input);
      }
    }
  } catch {
    // Fall through to the general normaliser.
  }
  return fallback(input);
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
  if (hasBrand(error, TOOL_BRAND)) return error;
  if (isAgentError(error)) return uncategorised(error) ?? error;
  if (typeof readMember(error, AS_AGENT_ERROR) !== 'function') return error;
  if (readMember(error, 'category') !== undefined) return error;
  return normalizeError(error);
}

/** What `encode(error, 'tool', options)` reads. */
export interface ToolEncodeOptions extends FormatToolErrorTextOptions, ExposeOptions {}

/** The text of the first text part of a tool result's `content`. */
function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const part of content as unknown[]) {
    const text = (part as { text?: unknown } | null)?.text;
    if (typeof text === 'string') return text;
  }
  return undefined;
}

// ToolError classifies itself through the hub's hook (its hub category survives in
// `agentCategory`). Defined here, beside the conversion it calls.
Object.defineProperty(ToolError.prototype, AS_AGENT_ERROR, {
  value(this: ToolError): AgentError {
    return toolErrorToAgentError(this);
  },
  configurable: true,
});

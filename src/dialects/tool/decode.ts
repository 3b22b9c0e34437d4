import { AgentError, isAgentError } from '../../core/agent-error.js';
import type { AgentErrorInit } from '../../core/agent-error.js';
import { CATEGORIES } from '../../core/categories.js';
import type { ErrorCategory as AgentErrorCategory } from '../../core/categories.js';
import { hasBrandOrShape } from '../../core/is.js';
import { validDelayMs } from '../../core/lenient-options.js';
import { normalizeError } from '../../core/normalize-error.js';
import { isToolError } from './is-tool-error.js';
import type { ToolErrorLike } from './is-tool-error.js';
import { uncategorisedToolText } from './tool-text.js';
import { fromToolErrorText } from './tool-text-decode.js';

// Tool errors' readings into the hub, apart from the class (convert.ts): the readers import
// this module, so a decoder carries no ToolError class.

const AGENT_BRAND = Symbol.for('agent-errors.AgentError');

/** Whether `value` carries `brand` (a class of this package, in any copy of it). */
export function hasBrand(value: unknown, brand: symbol): boolean {
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
  // hub remembers it as it remembers any form it read: `wire` holds tool text that names no
  // category, and survives structuredClone, JSON and serializeError (see `uncategorised`). The
  // shortest such text (the JSON block alone) says it: a decoder need not carry the writer.
  if (error.category === undefined && error.agentCategory === undefined) {
    init.wire = {
      protocol: 'tool',
      code: error.code,
      message: uncategorisedToolText(error.code, error.retryable),
    };
  }
  return new AgentError(error.message, init);
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

/** The text of the first text part of a tool result's `content`. */
function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const part of content as unknown[]) {
    const text = (part as { text?: unknown } | null)?.text;
    if (typeof text === 'string') return text;
  }
  return undefined;
}

import type { AgentError } from '../../core/agent-error.js';
import { toExposableError } from '../../core/expose.js';
import type { ExposeOptions } from '../../core/expose.js';
import { decodedError } from '../../core/agent-error.js';
import { lenientOptions } from '../../core/lenient-options.js';
import { isErrorCategory } from '../../core/categories.js';
import type { JsonValue } from '../../core/serialize.js';
import { formatToolErrorText, isToolErrorCategory } from '../tool/tool-text.js';
import type { FormatToolErrorTextOptions } from '../tool/tool-text.js';
import { realElements } from '../../core/real-elements.js';
import { fromToolErrorText } from '../tool/tool-text-decode.js';
import { toolTextSource } from '../tool/convert.js';
import { describeValue } from '../../core/is.js';

/**
 * An MCP `CallToolResult` that reports a failed tool call, in the shape the MCP specification and
 * `@modelcontextprotocol/sdk` use. Declared here, without the SDK's types, so core stays free of
 * platform and protocol packages. A type alias, not an interface, so that it is assignable to the
 * SDK's `CallToolResult` (which has an index signature) and a tool handler can return it.
 */
export type CallToolErrorResult = {
  isError: true;
  content: [{ type: 'text'; text: string }];
  /**
   * Present with `{ structured: true }`: `{ error: { code, category, retryable, retryAfterMs?,
   * details?, message } }`, `category` being the hub's (any of the twelve).
   */
  structuredContent?: { error: { [key: string]: JsonValue } };
};

/** Options for `toCallToolResult` (and `encode(error, 'mcp', { as: 'toolResult' })`). */
export interface ToCallToolResultOptions extends FormatToolErrorTextOptions, ExposeOptions {
  /**
   * Also put the fields in `structuredContent.error` (default `false`: the SDK's client checks
   * `structuredContent` against the tool's `outputSchema`, even on errors, and would reject it).
   */
  structured?: boolean;
}

/**
 * An MCP tool result (`isError: true`) for an error, whose text a model can read and a program
 * can parse ({@link formatToolErrorText}): what `encode(error, 'mcp', { as: 'toolResult' })` and
 * the public `toCallToolResult` write. An `AgentError`, a `ToolError` or anything with their
 * fields is written as it is (message sanitised, details redacted); anything else per the
 * exposure rule, classified by `options.decoder`.
 *
 * @example
 * encodeCallToolResult(AgentError.timeout('slow')).isError; // true
 */
export function encodeCallToolResult(
  error: unknown,
  options?: ToCallToolResultOptions,
): CallToolErrorResult {
  const source = toExposableError(toolTextSource(error), options);
  const text = formatToolErrorText(source, options);
  const result: CallToolErrorResult = { isError: true, content: [{ type: 'text', text }] };
  if (options?.structured === true) {
    const decoded = fromToolErrorText(text);
    const fields: { [key: string]: JsonValue } = {
      code: decoded.code,
      category: decoded.category,
      retryable: decoded.retryable,
    };
    if (decoded.retryAfterMs !== undefined) fields.retryAfterMs = decoded.retryAfterMs;
    if (decoded.details !== undefined) fields.details = decoded.details as JsonValue;
    fields.message = decoded.message;
    result.structuredContent = { error: fields };
  }
  return result;
}

function structuredFields(value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const inner = v.error;
  const candidate =
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? (inner as Record<string, unknown>)
      : v;
  return typeof candidate.code === 'string' &&
    candidate.code !== '' &&
    (isErrorCategory(candidate.category) || isToolErrorCategory(candidate.category))
    ? candidate
    : undefined;
}

const MAX_CONTENT_PARTS = 1_000;

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  // Most results hold one text part: it is returned as it is, with no array and no join.
  let first: string | undefined;
  let parts: string[] | undefined;
  // The parts it really holds, bounded: a sparse array of length 2^32 − 1 is read by its elements.
  for (const item of realElements(content as unknown[], MAX_CONTENT_PARTS)) {
    if (item === null || typeof item !== 'object') continue;
    const { type, text } = item as { type?: unknown; text?: unknown };
    if (type !== 'text' || typeof text !== 'string') continue;
    if (first === undefined) first = text;
    else (parts ??= [first]).push(text);
  }
  return parts ? parts.join('\n') : (first ?? '');
}

/**
 * Decode an MCP tool result with `isError: true` into an {@link AgentError}: from
 * `structuredContent.error` when it carries our fields, else from the text content, in any form
 * {@link fromToolErrorText} reads (tool error text, `MCP error <code>: `, `Tool dispatch error: `,
 * conservative keywords, else `internal`, not retryable). The result stays in `wire.data`.
 * Throws a `TypeError` for something that is not a failed tool result.
 *
 * @example
 * const result = await client.callTool({ name: 'post', arguments: { channel: '#x' } });
 * if (result.isError) {
 *   const err = fromCallToolResult(result);
 *   if (err.retryable) await sleep(err.retryAfterMs ?? 1000);
 * }
 */
export function fromCallToolResult(result: unknown): AgentError {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    throw new TypeError(
      `fromCallToolResult: result must be a CallToolResult object; received ${describeValue(result)}`,
    );
  }
  const { isError, content, structuredContent } = result as Record<string, unknown>;
  if (isError !== true) {
    throw new TypeError(
      `fromCallToolResult: result.isError must be true (a failed tool call); received ${describeValue(isError)}`,
    );
  }
  const text = textOf(content);
  const fields = structuredFields(structuredContent);
  if (fields) {
    // The text is read only for what the structured fields leave out.
    let fromText: AgentError | undefined;
    const textual = () => (fromText ??= fromToolErrorText(text, result));
    const hub = isErrorCategory(fields.agentCategory) ? fields.agentCategory : fields.category;
    const carried = lenientOptions(fields);
    return decodedError({
      message: typeof fields.message === 'string' ? fields.message : textual().message,
      category: isErrorCategory(hub) ? hub : textual().category,
      code: fields.code as string,
      retryable: carried.retryable,
      retryAfterMs: carried.retryAfterMs,
      details: carried.details,
      wire: { protocol: 'tool', code: fields.code as string, message: text, data: result },
      cause: undefined,
    });
  }
  return fromToolErrorText(text, result);
}

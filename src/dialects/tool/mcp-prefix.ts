import { mayStartWith } from '../../core/text-start.js';

/**
 * The official MCP SDK puts `MCP error <code>: ` in front of every message its `McpError` builds,
 * and again each time an error is re-thrown (`MCP error -32602: MCP error -32602: bad`). SDK
 * errors, relayed messages and the text of failed tool results all carry it, so the library
 * reads it in this one place: the MCP dialect strips it, the front door recognises MCP by it, and
 * tool-result text keeps its code.
 */
const ONE_PREFIX = /^\s*MCP error (-?\d+):\s*/;
// Every leading prefix in one match (as many as stripping one at a time would strip), the
// first one's code captured: one pattern run for the whole run of prefixes.
// (The repeats need no leading `\s*`: the one before them took the white space. The hostile
// suite holds the reading linear.)
const ALL_PREFIXES = /^\s*MCP error (-?\d+):\s*(?:MCP error -?\d+:\s*)*/;

/**
 * Whether `text` starts with the MCP SDK's prefix.
 *
 * @example
 * hasMcpErrorPrefix('MCP error -32001: Request timed out'); // true
 */
export function hasMcpErrorPrefix(text: string): boolean {
  return mayStartWith(text, 0x4d /* M */) && ONE_PREFIX.test(text);
}

/**
 * `text` without every leading `MCP error <code>: ` prefix, and the code of the first one
 * (`undefined` when there is none).
 *
 * @example
 * readMcpErrorPrefix('MCP error -32602: MCP error -32602: bad'); // { code: -32602, rest: 'bad' }
 */
export function readMcpErrorPrefix(text: string): { code: number | undefined; rest: string } {
  const prefixes = mayStartWith(text, 0x4d /* M */) ? ALL_PREFIXES.exec(text) : null;
  if (prefixes === null) return { code: undefined, rest: text };
  return { code: Number(prefixes[1]), rest: text.slice(prefixes[0].length) };
}

/**
 * `text` without every leading `MCP error <code>: ` prefix (most text has none, and costs one
 * character test).
 *
 * @example
 * stripMcpErrorPrefix('MCP error -32602: MCP error -32602: bad'); // 'bad'
 */
export function stripMcpErrorPrefix(text: string): string {
  return readMcpErrorPrefix(text).rest;
}

// Both official MCP SDKs (v1 `McpServer`, v2 `ProtocolError`) answer a call of a tool, prompt or
// resource the server does not have, or has disabled, with invalid params (-32602, as the spec
// says) and this exact message; v1 sends it for tools as the text of an `isError` result.
const UNKNOWN_NAME_TEXT =
  /^(Tool|Prompt|Resource template|Resource) \S[^\n]* (not found|disabled)$/;
const UNKNOWN_NAME_CODES: Readonly<Record<string, string>> = {
  'Tool not found': 'TOOL_NOT_FOUND',
  'Tool disabled': 'TOOL_DISABLED',
  'Prompt not found': 'PROMPT_NOT_FOUND',
  'Prompt disabled': 'PROMPT_DISABLED',
  'Resource not found': 'RESOURCE_NOT_FOUND',
  'Resource disabled': 'RESOURCE_DISABLED',
  'Resource template not found': 'RESOURCE_NOT_FOUND',
  'Resource template disabled': 'RESOURCE_DISABLED',
};

/**
 * The code of the MCP SDKs' "no such tool / prompt / resource" answer (-32602 with `Tool <name>
 * not found`, `… disabled`), so a client tells it apart from bad arguments; `undefined` for any
 * other code or text. `text` is the message without its `MCP error` prefixes.
 *
 * @example
 * unknownNameCode(-32602, 'Tool search not found'); // 'TOOL_NOT_FOUND'
 */
export function unknownNameCode(code: number | undefined, text: string): string | undefined {
  if (code !== -32602) return undefined;
  const match = UNKNOWN_NAME_TEXT.exec(text);
  return match ? UNKNOWN_NAME_CODES[`${match[1]} ${match[2]}`] : undefined;
}

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

import { mayStartWith } from './text-start.js';

/**
 * The official MCP SDK puts `MCP error <code>: ` in front of every message its `McpError` builds,
 * and again each time an error is re-thrown (`MCP error -32602: MCP error -32602: bad`). SDK
 * errors, relayed messages and the text of failed tool results all carry it, so the library
 * reads it in this one place: the MCP dialect strips it, the front door recognises MCP by it, and
 * tool-result text keeps its code.
 */
const ONE_PREFIX = /^\s*MCP error (-?\d+):\s*/;

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
  let code: number | undefined;
  let rest = text;
  if (!hasMcpErrorPrefix(rest)) return { code, rest };
  for (let m = ONE_PREFIX.exec(rest); m !== null; m = ONE_PREFIX.exec(rest)) {
    code ??= Number(m[1]);
    rest = rest.slice(m[0].length);
  }
  return { code, rest };
}

/**
 * `text` without every leading `MCP error <code>: ` prefix (most text has none, and costs one
 * character test).
 *
 * @example
 * stripMcpErrorPrefix('MCP error -32602: MCP error -32602: bad'); // 'bad'
 */
export function stripMcpErrorPrefix(text: string): string {
  return hasMcpErrorPrefix(text) ? readMcpErrorPrefix(text).rest : text;
}

/**
 * The error codes MCP (Model Context Protocol) uses: JSON-RPC's five, the official TypeScript
 * SDK's (`ConnectionClosed`, `RequestTimeout`, `UrlElicitationRequired`), resource not found,
 * and the specification's reserved -32020…-32099 codes defined so far.
 *
 * @example
 * MCP_ERROR_CODES.RequestTimeout; // -32001
 */
export const MCP_ERROR_CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
  ResourceNotFound: -32002,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  UrlElicitationRequired: -32042,
} as const;

/** One of {@link MCP_ERROR_CODES}. */
export type McpErrorCode = (typeof MCP_ERROR_CODES)[keyof typeof MCP_ERROR_CODES];

const PREFIX = /^(?:MCP error -?\d+: )+/;

/**
 * Remove the `MCP error <code>: ` prefix the official SDK puts in front of every message,
 * however many times a re-thrown error repeated it.
 *
 * @example
 * stripMcpErrorPrefix('MCP error -32602: MCP error -32602: bad'); // 'bad'
 */
export function stripMcpErrorPrefix(message: string): string {
  return message.startsWith('MCP error ') ? message.replace(PREFIX, '') : message;
}

/**
 * MCP (Model Context Protocol): `McpError`, its codes, and tool results with `isError: true`;
 * and the wrappers for the official MCP SDKs (v1 `@modelcontextprotocol/sdk`, v2
 * `@modelcontextprotocol/server` / `client`), recognised by shape: none of them is a dependency.
 *
 * @module agent-errors/mcp
 */
export * from '../dialects/mcp/index.js';
export { toCallToolResult, toMcpError } from '../helpers/mcp.js';
export { withToolErrors } from '../sdk/mcp-tool-errors.js';
export type {
  McpToolErrorMeta,
  McpToolErrorResult,
  WithToolErrorsOptions,
} from '../sdk/mcp-tool-errors.js';
export { withMcpErrors } from '../sdk/mcp-server.js';
export type { WithMcpErrorsOptions } from '../sdk/mcp-server.js';
export { callToolOrThrow } from '../sdk/mcp-client.js';
export type { CallToolOrThrowOptions, McpCallToolParams } from '../sdk/mcp-client.js';
// MCP's readers, for `createDecoder` (the root `decode` has them all).
export {
  mcpReasonReader,
  mcpSdkErrorReader,
  mcpToolResponseReader,
  mcpToolResultReader,
} from '../dialects/mcp/reader.js';
export { mcpSdkClientErrorReader } from '../registry/readers.js';

export { MCP_ERROR_CODES, stripMcpErrorPrefix } from './codes.js';
export type { McpErrorCode } from './codes.js';
export { MCP_ERROR_REASONS, McpError } from './mcp-error.js';
export { isMcpError } from './is-mcp-error.js';
export type { McpErrorShape } from './is-mcp-error.js';
export type { McpErrorInit, McpErrorObject, McpErrorReason } from './mcp-error.js';
export type { ToMcpErrorOptions } from './convert.js';
export type { RpcEncodeOptions } from '../jsonrpc/rpc-error.js';
// MCP tool results whose `isError` is true, written in the ToolError text format (which lives in
// core, shared with agent-errors/tool, so that neither dialect imports the other).
export { fromCallToolResult } from './call-tool-result.js';
export type { CallToolErrorResult, ToCallToolResultOptions } from './call-tool-result.js';
export { MCP_META_KEYS } from './meta-keys.js';
export { mcpIdempotencyKeyOf } from './idempotency-key.js';

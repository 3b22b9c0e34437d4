// The official MCP SDKs (v1 `@modelcontextprotocol/sdk`, v2 `@modelcontextprotocol/server` and
// `/client`), recognised by shape: none of them is a dependency.
export { withToolErrors } from './tool-errors.js';
export type {
  InvalidToolInput,
  McpToolErrorMeta,
  McpToolErrorResult,
  WithToolErrorsOptions,
} from './tool-errors.js';
export { withMcpErrors } from './server-errors.js';
export type { WithMcpErrorsOptions } from './server-errors.js';
export { callToolOrThrow } from './call-tool.js';
export type { CallToolOrThrowOptions, McpCallToolParams } from './call-tool.js';
export { mcpIdempotencyKeyOf } from './idempotency-key.js';

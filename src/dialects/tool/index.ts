export { ToolError, isToolError, reviveToolError, toolErrorFields } from './tool-error.js';
export type {
  ErrorCategory,
  ToolErrorFields,
  ToolErrorLike,
  ToolErrorOptions,
} from './tool-error.js';
export { decodeToolError, encodeToolError, toToolError, toolErrorToAgentError } from './convert.js';
// The text format and the MCP tool result helpers live in core so that the mcp dialect shares them.
export {
  NEAREST_TOOL_CATEGORY,
  TOOL_ERROR_CATEGORIES,
  formatToolErrorText,
  isToolErrorCategory,
  parseToolErrorText,
} from '../../core/tool-text.js';
export type {
  FormatToolErrorTextOptions,
  ToolErrorCategory,
  ToolErrorText,
  ToolErrorTextInput,
} from '../../core/tool-text.js';
export { fromToolErrorText } from '../../core/tool-text-decode.js';
export { fromCallToolResult, toCallToolResult } from '../../core/call-tool-result.js';
export type { CallToolErrorResult, ToCallToolResultOptions } from '../../core/call-tool-result.js';
export { sanitizeMessage } from '../../core/sanitize-message.js';

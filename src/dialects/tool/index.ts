export { ToolError, isToolError, reviveToolError, toolErrorFields } from './tool-error.js';
export type {
  ErrorCategory,
  ToolErrorFields,
  ToolErrorLike,
  ToolErrorOptions,
} from './tool-error.js';
export type { ToToolErrorOptions } from './convert.js';
// The text format, which the mcp dialect's tool results share.
export {
  NEAREST_TOOL_CATEGORY,
  TOOL_ERROR_CATEGORIES,
  formatToolErrorText,
  isToolErrorCategory,
  parseToolErrorText,
} from './tool-text.js';
export type {
  FormatToolErrorTextOptions,
  ToolErrorCategory,
  ToolErrorText,
  ToolErrorTextInput,
} from './tool-text.js';
export { fromToolErrorText } from './tool-text-decode.js';
// The richer text the wrappers write for models: hub category and a next-step line.
export { formatModelErrorText } from './model-text.js';
export type { FormatModelErrorTextOptions } from './model-text.js';

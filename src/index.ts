export { AgentError, isAgentError, nextAction } from './core/agent-error.js';
export type {
  AgentErrorInit,
  AgentErrorLike,
  AgentErrorOptions,
  WireInfo,
} from './core/agent-error.js';
export {
  CATEGORIES,
  ERROR_CATEGORIES,
  PROTOCOLS,
  isErrorCategory,
  isProtocol,
  isRetryableCategory,
} from './core/categories.js';
export type { ErrorCategory, NextAction, Protocol } from './core/categories.js';
export { AS_AGENT_ERROR } from './core/normalize-error.js';
export { deserializeError } from './core/deserialize.js';
export { MARKERS, serializeError, toJsonSafe } from './core/serialize.js';
export type {
  JsonValue,
  SafeJsonOptions,
  SerializeErrorOptions,
  SerializedError,
} from './core/serialize.js';
export { REDACTED, SECRET_PATTERNS, isSensitiveKey, redactString } from './core/redact.js';
export type { RedactOptions } from './core/redact.js';
export { formatSchemaIssues, schemaIssuesOf } from './core/schema-issues.js';
export type { SchemaIssue } from './core/schema-issues.js';
export { SYSTEM_ERROR_CATEGORIES } from './core/system-errors.js';
export { PATH_MARKER, sanitizeMessage } from './core/sanitize-message.js';
export type { SanitizeMessageOptions } from './core/sanitize-message.js';
export {
  NEAREST_TOOL_CATEGORY,
  TOOL_ERROR_CATEGORIES,
  formatToolErrorText,
  isToolErrorCategory,
  parseToolErrorText,
} from './core/tool-text.js';
export type {
  FormatToolErrorTextOptions,
  ToolErrorCategory,
  ToolErrorText,
  ToolErrorTextInput,
} from './core/tool-text.js';
export { fromToolErrorText } from './core/tool-text-decode.js';
export { fromCallToolResult, toCallToolResult } from './core/call-tool-result.js';
export type { CallToolErrorResult, ToCallToolResultOptions } from './core/call-tool-result.js';
export { toExposableError } from './core/expose.js';
export type { ExposableError, ExposeOptions } from './core/expose.js';
export { decode, toAgentError } from './front/decode.js';
export type { DecodeOptions } from './front/decode.js';
export { encode } from './front/encode.js';
export type { EncodeOptions, EncodedForms } from './front/encode.js';

/**
 * `ToolError` and its agent-readable text format, and the tool wrappers for the Vercel AI SDK
 * (`withAiToolErrors`) and the OpenAI Agents SDK (`toolErrorFunction`).
 *
 * @module agent-errors/tool
 */
export * from '../dialects/tool/index.js';
export { toToolError } from '../helpers/tool.js';
export { withAiToolErrors } from '../sdk/ai-sdk.js';
export type { WithAiToolErrorsOptions, OrErrorText } from '../sdk/ai-sdk.js';
export { toolErrorFunction } from '../sdk/agents-sdk.js';
export { agentsRetryPolicy } from '../retry/agents-retry-policy.js';
export type {
  AgentsRetryPolicyOptions,
  ModelRetryContextLike,
  ModelRetryDecisionLike,
} from '../retry/agents-retry-policy.js';
export type { ToolErrorFunctionOptions, ToolFailureInfo } from '../sdk/tool-failure.js';
export { toolErrorReader, toolTextReader } from '../dialects/tool/reader.js';

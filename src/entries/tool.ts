/**
 * `ToolError` and its agent-readable text format, the tool wrappers for the Vercel AI SDK
 * (`withAiToolErrors`) and the OpenAI Agents SDK (`toolErrorFunction`), and the adapters that make
 * `retry` the one retry loop inside the AI SDK (`aiRetryMiddleware`), the OpenAI Agents SDK
 * (`agentsRetryPolicy`) and LangChain.js (`withLangChainRetry`, `langChainFailedAttempt`).
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
export { aiRetryMiddleware } from '../sdk/ai-sdk-middleware.js';
export type {
  AiCallOptionsLike,
  AiFallbackModelLike,
  AiLanguageModelLike,
  AiRetryMiddleware,
  AiRetryMiddlewareOptions,
  AiStreamPartLike,
  AiStreamResultLike,
} from '../sdk/ai-sdk-middleware.js';
export { langChainFailedAttempt, withLangChainRetry } from '../sdk/langchain.js';
export type {
  LangChainConfigLike,
  LangChainFailedAttemptOptions,
  LangChainRetryOptions,
  LangChainRunnableLike,
} from '../sdk/langchain.js';
export type { ToolErrorFunctionOptions, ToolFailureInfo } from '../sdk/tool-failure.js';
export { toolErrorReader, toolTextReader } from '../dialects/tool/reader.js';

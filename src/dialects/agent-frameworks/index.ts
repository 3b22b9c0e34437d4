export { MODEL_BEHAVIOR, fromAiSdkError } from './ai-sdk.js';
export { fromLangChainError } from './langchain.js';

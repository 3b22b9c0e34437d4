/**
 * The hub: `AgentError`, `decode` / `toAgentError` for any error from any protocol, `encode` for
 * any protocol, safe serialisation and redaction.
 *
 * @module agent-errors
 */
export { AgentError, isAgentError, nextAction } from './core/agent-error.js';
export type {
  AgentErrorInit,
  AgentErrorLike,
  AgentErrorOptions,
  WireInfo,
} from './core/agent-error.js';
export {
  ERROR_CATEGORIES,
  PROTOCOLS,
  isErrorCategory,
  isProtocol,
  isRetryableCategory,
} from './core/categories.js';
export type { ErrorCategory, NextAction, Protocol } from './core/categories.js';
export type { StableErrorCode } from './core/stable-codes.js';
export { AS_AGENT_ERROR } from './core/normalize-error.js';
export { deserializeError } from './helpers/deserialize.js';
export type { DeserializeErrorOptions } from './core/deserialize.js';
export { serializeError, toJsonSafe } from './core/serialize.js';
export type {
  JsonValue,
  SafeJsonOptions,
  SerializeErrorOptions,
  SerializedError,
} from './core/serialize.js';
export { REDACTED, isSensitiveKey, redactString } from './core/redact.js';
export type { RedactOptions } from './core/redact.js';
export type { SchemaIssue } from './dialects/schema/issues.js';
export { sanitizeMessage } from './core/sanitize-message.js';
export type { SanitizeMessageOptions } from './core/sanitize-message.js';
export { toExposableError } from './helpers/expose.js';
export type { Classifier, ExposableError, ExposeOptions } from './core/expose.js';
export { decode, toAgentError, tryDecode } from './front/decode.js';
export type { DecodeOptions } from './front/decode.js';
export { createDecoder } from './front/create-decoder.js';
export { decodeResponseError } from './front/response-error.js';
export type { DecodeResponseErrorOptions } from './front/response-error.js';
export type { Decoder } from './front/create-decoder.js';
export type { ErrorView, ReadContext, Reader } from './core/reader.js';
export { READERS } from './registry/readers.js';
export { domReader } from './dialects/dom/index.js';
export { nodeSystemReader, systemErrorReader } from './dialects/node-system/index.js';
export { schemaReader } from './dialects/schema/index.js';
export { encode } from './front/encode.js';
export type { EncodeOptions, EncodedForm, EncodedForms } from './front/encode.js';

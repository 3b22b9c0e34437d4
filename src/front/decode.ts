import type { AgentError } from '../core/agent-error.js';
import { READERS } from '../registry/readers.js';
import { createDecoder } from './create-decoder.js';
import type { DecodeOptions } from './create-decoder.js';

export type { DecodeOptions } from './create-decoder.js';

/** The decoder every default uses: every reader in the registry, in its declared order. */
export const defaultDecoder = createDecoder(READERS);

/**
 * Turn whatever error arrived — from any protocol, in any form — into an {@link AgentError}
 * that says what to do next. Recognises JSON-RPC error objects and responses (and batches),
 * MCP tool results with `isError: true`, ToolError text (also inside other text), ARCP
 * payloads and envelopes, A2A errors, RFC 9457 problem documents, HTTP responses
 * (`{ status, headers, body }` or a fetch `Response`'s status and headers), provider error
 * bodies, the official SDKs' error instances, our compatibility classes, JSON text of any of these, and
 * anything else that was thrown. Never throws; what was received stays in `wire` (or
 * `cause`).
 *
 * @example
 * decode({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'Authentication required' } }, { from: 'acp' })
 *   .category; // 'auth'
 * decode('MCP error -32001: Request timed out').retryable; // true
 */
export function decode(input: unknown, options?: DecodeOptions): AgentError {
  return defaultDecoder.decode(input, options);
}

/**
 * {@link decode}, except that what carries no error gives `undefined`: a JSON-RPC success
 * response, an MCP tool result whose `isError` is not `true`, an HTTP response (or fetch
 * `Response`) below 400, a gRPC status with code 0 (`OK`), `null` and `undefined`. Use it where
 * a response may or may not be a failure; `decode` always returns an `AgentError`.
 *
 * @example
 * tryDecode({ jsonrpc: '2.0', id: 1, result: {} }); // undefined
 * tryDecode({ status: 503, headers: {} })?.retryable; // true
 */
export function tryDecode(input: unknown, options?: DecodeOptions): AgentError | undefined {
  return defaultDecoder.tryDecode(input, options);
}

/**
 * Normalise anything that was thrown into an {@link AgentError} that says what to do next. It is
 * {@link decode} under the name a `catch` block reads best with: the same engine, so the two never
 * disagree. An `AgentError` comes back as it is; the official SDKs' errors (MCP, ACP, LSP, A2A,
 * the LLM providers' `APIError`s), ARCP and ToolError classes, `AbortError` / `TimeoutError`,
 * Node system errors (`ECONNREFUSED` → `unavailable`), Zod / Valibot / Standard Schema failures
 * (→ `validation` with `details.issues`) and `AggregateError`s are classified; anything else is
 * `internal`. The original is kept as `cause`. Never throws.
 *
 * @example
 * try {
 *   await client.callTool({ name: 'search', arguments: {} });
 * } catch (thrown) {
 *   const err = toAgentError(thrown);
 *   if (err.retryable) scheduleRetry(err.retryAfterMs);
 * }
 */
export function toAgentError(thrown: unknown): AgentError {
  return defaultDecoder.toAgentError(thrown);
}

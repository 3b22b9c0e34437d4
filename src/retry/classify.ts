import type { AgentError } from '../core/agent-error.js';
import { toAgentError } from '../front/decode.js';

/**
 * Turn whatever an attempt threw into the hub error that retry decisions are made from: the
 * library's one classifier, so `retry()` reads an MCP timeout, an OpenAI 429 or an ARCP
 * `HeartbeatLostError` exactly as `decode` does. Callers with a decoder of their own pass it as
 * the `classify` option.
 * @internal
 */
export function classify(error: unknown): AgentError {
  return toAgentError(error);
}

import type { AgentError } from '../core/agent-error.js';
import { toAgentError } from '../core/to-agent-error.js';

/**
 * Turn whatever an attempt threw into the hub error that retry decisions are made from.
 * This is the single seam where the library's front-door `decode` plugs in; until then core's
 * `toAgentError` classifies (AgentErrors as they are, Node system errors, AbortError, …).
 * Callers that already have a richer decoder pass it as the `classify` option.
 * @internal
 */
export function classify(error: unknown): AgentError {
  return toAgentError(error);
}

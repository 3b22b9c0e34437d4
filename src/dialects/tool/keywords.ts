import { decodedError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import { fromToolErrorText } from './tool-text-decode.js';

/**
 * An error nothing recognised: its message may still say what happened ("Not connected",
 * "connection closed"). The conservative keywords of text-only tool errors decide; the error
 * keeps everything else, and `received` becomes its cause.
 */
export function byKeywords(
  decoded: AgentError,
  input: { message?: unknown },
  received: unknown = input,
): AgentError {
  if (typeof input.message !== 'string' || input.message === '') return decoded;
  const guess = fromToolErrorText(input.message);
  if (guess.category === 'internal') return decoded;
  return decodedError({
    message: decoded.message,
    category: guess.category,
    code: guess.code,
    retryable: guess.retryable,
    retryAfterMs: undefined,
    details: decoded.details,
    wire: undefined,
    cause: received,
    unexpected: decoded.unexpected,
  });
}

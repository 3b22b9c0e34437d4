import { toArcpError as toArcpErrorWith } from '../dialects/arcp/convert.js';
import type { ToArcpErrorOptions } from '../dialects/arcp/convert.js';
import type { ARCPError } from '../dialects/arcp/arcp-error.js';
import { classifierOf } from '../front/encode.js';

/**
 * An `ARCPError` for any error: an ARCP error (or a copy, or a payload) with its own code;
 * anything else classified by `options.decoder` (by default the full classifier) and sent as the
 * nearest ARCP code, what ARCP cannot say kept in `details` (`agentCode`,
 * `agentCategory`, `agentRetryable`, `retryAfterMs`).
 *
 * @example
 * const err = toArcpError(AgentError.rateLimited('slow down', { retryAfterMs: 500 }));
 * [err.code, err.details]; // ['INTERNAL_ERROR', { agentCode: 'RATE_LIMITED', agentCategory: 'rate_limit', retryAfterMs: 500 }]
 */
export function toArcpError(error: unknown, options?: ToArcpErrorOptions): ARCPError {
  return toArcpErrorWith(error, { decoder: classifierOf(options?.decoder) });
}

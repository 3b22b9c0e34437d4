import { normalizeError } from '../../core/normalize-error.js';
import type { Reader } from '../../core/reader.js';
import { isSystemErrorCode } from '../../core/system-errors.js';

/**
 * A Node system error (`ECONNRESET`, `ENOENT`, …) that states its own `retryable`: still a system
 * error, not a ToolError (whose shape it would match). Its category comes from its code, and it
 * stays unexpected (never exposed). One without a stated `retryable` needs no reader of its own:
 * the decoder's fallback reads system errors by code.
 */
export const nodeSystemReader: Reader = {
  name: 'node system error',
  requires: ['code'],
  recognise(view) {
    if (!isSystemErrorCode(view.code) || view.protocol === 'arcp') return undefined;
    return statesRetryable(view.input) ? normalizeError(view.input) : undefined;
  },
};

/**
 * Whether `input` states a boolean `retryable` without a category of its own (a ToolError or an
 * AgentError-alike names one).
 */
function statesRetryable(input: Record<string, unknown>): boolean {
  try {
    return typeof input.retryable === 'boolean' && input.category === undefined;
  } catch {
    return false;
  }
}

import { decodedError } from './agent-error.js';
import type { AgentError } from './agent-error.js';
import type { ErrorCategory } from './categories.js';
import type { StableErrorCode } from './stable-codes.js';

/**
 * One row of an error family's table: what a name or code it documents means — the category,
 * our stable code, and retryability where it differs from the category's default.
 */
export interface Meaning<Code extends string = StableErrorCode> {
  readonly category: ErrorCategory;
  readonly code: Code;
  readonly retryable?: boolean;
}

/** A table row, written on one line: `meaning('rate_limit', 'RATE_LIMITED')`. */
export function meaning(
  category: ErrorCategory,
  code: StableErrorCode,
  retryable?: boolean,
): Meaning {
  return retryable === undefined ? { category, code } : { category, code, retryable };
}

/**
 * The {@link AgentError} a library's `error` is read as by its table's row: its own message,
 * the row's category, code and retryability, `error` as the cause.
 */
export function fromMeaning(
  error: Error,
  row: {
    readonly category: ErrorCategory;
    readonly code: string;
    readonly retryable?: boolean | undefined;
  },
  details?: Record<string, unknown>,
  retryAfterMs?: number,
): AgentError {
  return decodedError({
    message: error.message,
    category: row.category,
    code: row.code,
    retryable: row.retryable,
    retryAfterMs,
    details,
    wire: undefined,
    cause: error,
  });
}

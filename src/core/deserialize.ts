import { decodedError } from './agent-error.js';
import type { AgentError } from './agent-error.js';
import { isErrorCategory } from './categories.js';
import { lenientOptions } from './lenient-options.js';
import { classifyWith } from './expose.js';
import type { Classifier } from './expose.js';

const MAX_CAUSE_DEPTH = 16;

/**
 * Rebuild an {@link AgentError} from what {@link serializeError} produced (or any JSON copy of
 * an error), including its `cause` chain. Fields that are missing or malformed are left out
 * rather than failing; input that is not an error at all is classified (`internal` if nothing fits).
 * Never throws.
 *
 * @example
 * const copy = deserializeError(JSON.parse(JSON.stringify(serializeError(AgentError.timeout('slow')))));
 * copy.category; // 'timeout'
 */
export function deserializeError(value: unknown, options?: DeserializeErrorOptions): AgentError {
  return rebuild(value, 0, options?.decoder);
}

/** Options for {@link deserializeError}. */
export interface DeserializeErrorOptions {
  /**
   * What classifies a value that is no serialised AgentError (a Node system error's JSON copy).
   * The root entry's `deserializeError` passes the library's full classifier when none is given;
   * without one, only the hub's own forms are read.
   */
  decoder?: Classifier | undefined;
}

function rebuild(value: unknown, depth: number, decoder: Classifier | undefined): AgentError {
  const normalizeError = (other: unknown) => classifyWith(decoder, other);
  if (value === null || typeof value !== 'object') return normalizeError(value);
  try {
    // Array.isArray throws on a revoked Proxy: inside the try.
    if (Array.isArray(value)) return normalizeError(value);
    const v = value as Record<string, unknown>;
    if (!isErrorCategory(v.category)) return normalizeError(value);
    const f = lenientOptions(v);
    const cause =
      v.cause !== null && typeof v.cause === 'object' && depth < MAX_CAUSE_DEPTH
        ? rebuild(v.cause, depth + 1, decoder)
        : v.cause;
    const error = decodedError({
      message: typeof v.message === 'string' ? v.message : '',
      category: v.category,
      code: f.code,
      retryable: f.retryable,
      retryAfterMs: f.retryAfterMs,
      details: f.details,
      wire: f.wire,
      cause,
      unexpected: f.unexpected,
      errorId: f.errorId,
    });
    if (typeof v.stack === 'string') error.stack = v.stack;
    return error;
  } catch {
    return normalizeError(value);
  }
}

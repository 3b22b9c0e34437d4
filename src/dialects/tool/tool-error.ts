import { isErrorCategory } from '../../core/categories.js';
import type { ErrorCategory as AgentErrorCategory } from '../../core/categories.js';
import { toJsonSafe } from '../../core/serialize.js';
import type { JsonValue } from '../../core/serialize.js';
import { TOOL_ERROR_CATEGORIES, isToolErrorCategory } from './tool-text.js';
import type { ToolErrorCategory } from './tool-text.js';
import { describeValue, isRecord } from '../../core/is.js';
import { TOOL_ERROR_BRAND, isToolError } from './is-tool-error.js';
import type { ToolErrorLike } from './is-tool-error.js';
import { validDelayMs } from '../../core/lenient-options.js';

// The guard lives in a module of its own, so that a decoder recognises tool errors without
// carrying the class.
export { isToolError } from './is-tool-error.js';
export type { ToolErrorLike } from './is-tool-error.js';
/**
 * opentabs' `ErrorCategory`: the six kinds of tool failure its agents know. (The hub's
 * `ErrorCategory`, exported from `agent-errors`, is a superset of twelve.)
 *
 * @example
 * const category: ErrorCategory = 'rate_limit';
 */
export type ErrorCategory = ToolErrorCategory;

/** Structured metadata for the {@link ToolError} constructor, as in opentabs' plugin SDK. */
export interface ToolErrorOptions {
  /** Whether the AI agent should retry. Default `false`. */
  retryable?: boolean;
  /** Suggested delay before retrying, in milliseconds. */
  retryAfterMs?: number;
  category?: ErrorCategory;
  /**
   * Extension: the hub category when it is not one of the six (`category` then holds the nearest
   * of the six). Set by `toToolError`; written to the text so a round trip loses nothing.
   */
  agentCategory?: AgentErrorCategory;
  /** Extension: structured, JSON-safe context, redacted whenever it is written out. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The plain, JSON- and structured-clone-safe form of a {@link ToolError} ({@link toolErrorFields}). */
export interface ToolErrorFields {
  name: 'ToolError';
  message: string;
  code: string;
  retryable: boolean;
  retryAfterMs?: number;
  category?: ErrorCategory;
  agentCategory?: AgentErrorCategory;
  details?: { [key: string]: JsonValue };
}

function fail(option: string, expected: string, received: unknown): never {
  throw new TypeError(
    `ToolError: ${option} must be ${expected}; received ${describeValue(received)}`,
  );
}

/**
 * A tool error with machine-readable metadata, exactly as opentabs' plugin SDK defines it: a
 * string `code`, `retryable` (default `false`), `retryAfterMs` and one of six categories. Prefer
 * the factories, which set the right code, category and retryability.
 *
 * Branded with `Symbol.for('agent-errors.ToolError')`; {@link isToolError} also recognises a copy
 * by shape. A native error loses its own fields in `structuredClone`: send
 * {@link toolErrorFields}`(err)` across a clone boundary (`JSON.stringify` uses it already).
 *
 * @example
 * throw new ToolError('Export exceeds 10,000 row limit', 'EXPORT_TOO_LARGE', {
 *   category: 'validation',
 *   retryable: false,
 * });
 */
export class ToolError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly category: ErrorCategory | undefined;
  declare readonly agentCategory?: AgentErrorCategory;
  declare details?: Record<string, unknown>;

  constructor(message: string, code: string, opts?: ToolErrorOptions) {
    if (typeof message !== 'string') fail('message', 'a string', message);
    if (typeof code !== 'string' || code === '') fail('code', 'a non-empty string', code);
    if (opts !== undefined && (opts === null || typeof opts !== 'object'))
      fail('opts', 'an object', opts);
    super(message, opts && 'cause' in opts ? { cause: opts.cause } : undefined);
    const { retryable = false, retryAfterMs, category, agentCategory, details } = opts ?? {};
    if (typeof retryable !== 'boolean') fail('opts.retryable', 'a boolean', retryable);
    // Any number is stored as given, as upstream does (NaN, a negative or an infinite delay must
    // not turn an error path into a TypeError); only a finite delay >= 0 is written out or
    // reaches the hub (docs/tool.md, "Differences from opentabs").
    if (retryAfterMs !== undefined && typeof retryAfterMs !== 'number') {
      fail('opts.retryAfterMs', 'a number of milliseconds', retryAfterMs);
    }
    if (category !== undefined && !isToolErrorCategory(category))
      fail('opts.category', `one of ${TOOL_ERROR_CATEGORIES.join(', ')}`, category);
    this.code = code;
    this.retryable = retryable;
    this.retryAfterMs = retryAfterMs;
    this.category = category;
    if (agentCategory !== undefined) {
      if (!isErrorCategory(agentCategory))
        fail('opts.agentCategory', 'a hub ErrorCategory', agentCategory);
      this.agentCategory = agentCategory;
    }
    if (details !== undefined) {
      if (details === null || typeof details !== 'object' || Array.isArray(details))
        fail('opts.details', 'a plain object', details);
      this.details = details;
    }
  }

  /** The fields, JSON-safe (what `JSON.stringify` writes; a native error would write `{}`). */
  toJSON(): ToolErrorFields {
    return toolErrorFields(this);
  }

  /**
   * Authentication or authorization error. Not retryable.
   *
   * @example
   * throw ToolError.auth('Not logged in — open the app and sign in first');
   */
  static auth(message: string, code?: string): ToolError {
    return new ToolError(message, code ?? 'AUTH_ERROR', { category: 'auth', retryable: false });
  }

  /**
   * Resource not found. Not retryable.
   *
   * @example
   * throw ToolError.notFound('User "42" not found', 'USER_NOT_FOUND');
   */
  static notFound(message: string, code?: string): ToolError {
    return new ToolError(message, code ?? 'NOT_FOUND', { category: 'not_found', retryable: false });
  }

  /**
   * Rate limited by the target API. Retryable; pass `retryAfterMs` when the delay is known.
   *
   * @example
   * throw ToolError.rateLimited('Rate limited by Slack API', 2000);
   */
  static rateLimited(message: string, retryAfterMs?: number, code?: string): ToolError {
    return new ToolError(message, code ?? 'RATE_LIMITED', {
      category: 'rate_limit',
      retryable: true,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }

  /**
   * Input validation error. Not retryable: the agent needs to fix its input.
   *
   * @example
   * throw ToolError.validation('Channel name cannot be empty');
   */
  static validation(message: string, code?: string): ToolError {
    return new ToolError(message, code ?? 'VALIDATION_ERROR', {
      category: 'validation',
      retryable: false,
    });
  }

  /**
   * Operation timed out. Retryable.
   *
   * @example
   * throw ToolError.timeout('Dashboard took too long to load');
   */
  static timeout(message: string, code?: string): ToolError {
    return new ToolError(message, code ?? 'TIMEOUT', { category: 'timeout', retryable: true });
  }

  /**
   * Internal or unexpected error. Not retryable: a bug in the plugin.
   *
   * @example
   * throw ToolError.internal('Unexpected response format from API');
   */
  static internal(message: string, code?: string): ToolError {
    return new ToolError(message, code ?? 'INTERNAL_ERROR', {
      category: 'internal',
      retryable: false,
    });
  }
}

Object.defineProperties(ToolError.prototype, {
  name: { value: 'ToolError', writable: true, configurable: true },
  [TOOL_ERROR_BRAND]: { value: true },
});

/**
 * The fields of a tool error as a plain object that survives `structuredClone`, `postMessage` and
 * JSON — what opentabs' adapter puts in the dispatch response. Details are redacted.
 *
 * @example
 * port.postMessage({ id, error: toolErrorFields(err) });
 */
export function toolErrorFields(error: ToolErrorLike): ToolErrorFields {
  const out: ToolErrorFields = {
    name: 'ToolError',
    message: error.message,
    code: error.code,
    retryable: error.retryable,
  };
  const delay = validDelayMs(error.retryAfterMs);
  if (delay !== undefined) out.retryAfterMs = delay;
  if (error.category !== undefined) out.category = error.category;
  if (error.agentCategory !== undefined) out.agentCategory = error.agentCategory;
  if (error.details !== undefined) {
    const safe = toJsonSafe(error.details);
    if (isRecord(safe)) out.details = safe;
  }
  return out;
}

/**
 * A real {@link ToolError} again from a copy of one ({@link toolErrorFields}, a JSON hop, another
 * copy of the package), or `undefined` when `value` is not one. Never throws.
 *
 * @example
 * const err = reviveToolError(message.error);
 * if (err) throw err;
 */
export function reviveToolError(value: unknown): ToolError | undefined {
  try {
    // `instanceof` runs a Proxy's getPrototypeOf trap: inside the try.
    if (value instanceof ToolError) return value;
    if (!isToolError(value)) return undefined;
    const opts: ToolErrorOptions = { retryable: value.retryable };
    if (value.retryAfterMs !== undefined) opts.retryAfterMs = value.retryAfterMs;
    if (value.category !== undefined) opts.category = value.category;
    if (value.agentCategory !== undefined) opts.agentCategory = value.agentCategory;
    const details = value.details;
    if (isRecord(details)) opts.details = details;
    return new ToolError(value.message, value.code, opts);
  } catch {
    return undefined;
  }
}

import { decodedError, isAgentError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import { CATEGORIES, isErrorCategory } from '../../core/categories.js';
import type { ErrorCategory } from '../../core/categories.js';
import { readMember } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import { isSystemErrorCode, systemError } from './codes.js';

/**
 * A Node system error (`ECONNRESET`, `ENOENT`, …) that states its own `retryable`: still a system
 * error, not a ToolError (whose shape it would match). Its category comes from its code, and it
 * stays unexpected (never exposed). One without a stated `retryable` is {@link systemErrorReader}'s.
 */
export const nodeSystemReader: Reader = {
  name: 'node system error (stating retryable)',
  requires: ['code'],
  recognise(view) {
    const code = view.code;
    if (!isSystemErrorCode(code) || view.protocol === 'arcp') return undefined;
    return statesRetryable(view.input) ? systemError(view.input, code) : undefined;
  },
};

/**
 * Any Node system error by its `code`, or an error whose cause chain reaches one before anything
 * the hub knows (`fetch failed` → `ECONNREFUSED`; an SDK's connection error → `fetch failed` →
 * `ECONNREFUSED`): the system error's category, code and details, the outer message. Late in
 * the order: the client libraries' own errors carry system codes too (axios, got), and their
 * readers say more.
 */
export const systemErrorReader: Reader = {
  name: 'node system error',
  fallback: true,
  recognise(view) {
    const code = view.code;
    if (isSystemErrorCode(code)) return systemError(view.input, code);
    return ownReading(view.input) ? undefined : fromCauses(view.input);
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

// The default code of each category: an error carrying one is read by it, not by its cause.
const DEFAULT_CODES: ReadonlySet<string> = new Set(
  (Object.keys(CATEGORIES) as ErrorCategory[]).map((c) => CATEGORIES[c].code),
);

/** Whether the hub reads `input` by its own fields (a category, one of our codes), not its cause. */
function ownReading(input: object): boolean {
  const code = readMember(input, 'code');
  if (typeof code !== 'string') return false;
  return isErrorCategory(readMember(input, 'category')) || DEFAULT_CODES.has(code);
}

/**
 * How many causes deep a reason is looked for: an SDK's connection error wraps `fetch failed`,
 * which wraps the system error (`APIConnectionError` → `TypeError` → `ECONNREFUSED`).
 */
const MAX_CAUSE_HOPS = 4;

/**
 * `error` read by the first system error in its cause chain, when no cause before it is one the
 * hub reads itself (an AgentError, an abort or timeout, an error naming its category): those the
 * general normaliser reads.
 */
function fromCauses(error: object): AgentError | undefined {
  // Supabase's clients keep what failed as `originalError` (Storage) or `context` (Functions).
  let link: unknown =
    readMember(error, 'cause') ??
    readMember(error, 'originalError') ??
    readMember(error, 'context');
  for (let hops = 1; hops <= MAX_CAUSE_HOPS; hops++) {
    if (link === null || typeof link !== 'object' || link === error) return undefined;
    if (isAgentError(link)) return undefined;
    const name = readMember(link, 'name');
    if (name === 'AbortError' || name === 'TimeoutError') return undefined;
    const code = readMember(link, 'code');
    if (isSystemErrorCode(code)) return wrapping(error, systemError(link, code));
    if (typeof code === 'string' && isErrorCategory(readMember(link, 'category'))) {
      return undefined;
    }
    link = readMember(link, 'cause');
  }
  return undefined;
}

/** `inner`'s reading as `error`'s: its own message, and its own `retryable` when it states one. */
function wrapping(error: object, inner: AgentError): AgentError {
  const message = readMember(error, 'message');
  const retryable = readMember(error, 'retryable');
  return decodedError({
    message: typeof message === 'string' && message !== '' ? message : inner.message,
    category: inner.category,
    code: inner.code,
    retryable: typeof retryable === 'boolean' ? retryable : inner.retryable,
    retryAfterMs: inner.retryAfterMs,
    details: inner.details,
    wire: undefined,
    cause: error,
    unexpected: true,
  });
}

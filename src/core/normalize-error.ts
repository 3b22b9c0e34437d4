import { AgentError, decodedError, isAgentError } from './agent-error.js';
import type { AgentErrorLike } from './agent-error.js';
import { CATEGORIES, isErrorCategory } from './categories.js';
import type { ErrorCategory } from './categories.js';
import { lenientOptions, validDelayMs } from './lenient-options.js';
import { readMember } from './is.js';
import { realElements } from './real-elements.js';
import { markUnexpected } from './unexpected.js';

const BRAND = Symbol.for('agent-errors.AgentError');

/**
 * The method by which a seed class (ACP `RequestError`, `McpError`, LSP `ResponseError`, …)
 * converts itself to an {@link AgentError}, so that core and the other dialects can classify
 * it without importing its dialect.
 *
 * @example
 * class MyError extends Error {
 *   [AS_AGENT_ERROR]() { return AgentError.notFound(this.message); }
 * }
 */
export const AS_AGENT_ERROR: unique symbol = Symbol.for('agent-errors.asAgentError') as never;

// The default code of each category, so `{ code: 'RATE_LIMITED' }` thrown as a plain object classifies.
const CATEGORY_BY_DEFAULT_CODE: ReadonlyMap<string, ErrorCategory> = new Map(
  (Object.keys(CATEGORIES) as ErrorCategory[]).map((c) => [CATEGORIES[c].code, c]),
);

/**
 * Whether `value`'s AgentError fields are all well formed, read once each through guards: what
 * a forged brand or a hostile copy claims is checked before anything trusts it.
 */
export function isWellFormed(value: unknown): value is AgentErrorLike {
  if (value === null || typeof value !== 'object') return false;
  try {
    const v = value as Record<string, unknown>;
    if (typeof v.message !== 'string') return false;
    const code = v.code;
    if (typeof code !== 'string' || code === '') return false;
    if (typeof v.retryable !== 'boolean' || !isErrorCategory(v.category)) return false;
    const delay = v.retryAfterMs;
    if (delay !== undefined && !(typeof delay === 'number' && delay >= 0 && delay !== Infinity))
      return false;
    const details = v.details;
    return (
      details === undefined ||
      (details !== null && typeof details === 'object' && !Array.isArray(details))
    );
  } catch {
    return false;
  }
}

function describeNonError(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return value.toString();
    case 'function':
      return `function ${value.name || '(anonymous)'}`;
    case 'bigint':
      return `${value.toString()}n`;
    default:
      return String(value);
  }
}

/** Rebuild a structured-clone or JSON copy of an AgentError as a real one. */
function revive(like: AgentErrorLike): AgentError {
  const f = lenientOptions(like);
  return decodedError({
    message: like.message,
    category: like.category,
    code: f.code,
    retryable: f.retryable,
    retryAfterMs: f.retryAfterMs,
    details: f.details,
    wire: f.wire,
    cause: readMember(like, 'cause'),
    unexpected: f.unexpected,
    errorId: f.errorId,
  });
}

function fromError(error: object, classify: Classify): AgentError {
  // Each read guarded: a getter that throws reads as a missing member.
  const name = readMember(error, 'name');
  const rawMessage = readMember(error, 'message');
  const message =
    typeof rawMessage === 'string'
      ? rawMessage
      : rawMessage === undefined || rawMessage === null
        ? ''
        : describeNonError(rawMessage);
  const code = readMember(error, 'code');
  // The `retryable` the thrown value itself states, when it states one: the source knows better
  // than the category its code or name suggests (an `ECONNRESET` on a request that must not be
  // sent twice). It changes only whether to retry, never whether the error is exposed.
  const statedRetryable = readMember(error, 'retryable');
  const retryable = typeof statedRetryable === 'boolean' ? statedRetryable : undefined;

  if (name === 'AbortError' || code === 'ABORT_ERR' || code === 20) {
    return AgentError.cancelled(message || 'The operation was aborted', {
      cause: error,
      captureStack: false,
      code: 'ABORTED',
      ...(retryable !== undefined ? { retryable } : {}),
    });
  }
  if (name === 'TimeoutError' || code === 23) {
    return AgentError.timeout(message || 'The operation timed out', {
      cause: error,
      captureStack: false,
      code: 'TIMEOUT',
      ...(retryable !== undefined ? { retryable } : {}),
    });
  }

  if (typeof code === 'string') {
    // An error that already carries our fields (opentabs' ToolError, a foreign AgentError-alike).
    const category = readMember(error, 'category');
    if (isErrorCategory(category)) return withCarriedHints(message, category, code, error);
    const byCode = code !== '' ? CATEGORY_BY_DEFAULT_CODE.get(code) : undefined;
    if (byCode) {
      const carried = withCarriedHints(message, byCode, code, error);
      // One of our codes alone is no sign the error was meant to be sent; a carrier (a code
      // and a boolean `retryable`, as a ToolError has) is.
      return typeof readMember(error, 'retryable') === 'boolean'
        ? carried
        : markUnexpected(carried);
    }
  }

  // `fetch failed` and friends keep the real reason in `cause`.
  const cause = readMember(error, 'cause');
  if (cause !== null && typeof cause === 'object' && cause !== error) {
    const inner = classifyKnown(cause);
    if (inner) {
      return decodedError({
        message: message || inner.message,
        category: inner.category,
        code: inner.code,
        // What the outer error says about retrying beats what its cause suggests.
        retryable: retryable ?? inner.retryable,
        retryAfterMs: inner.retryAfterMs,
        details: inner.details,
        wire: undefined,
        cause: error,
        unexpected: true,
      });
    }
  }

  if (Array.isArray(readMember(error, 'errors'))) return fromAggregate(error, message, classify);

  // The delay it states, as its `retryable` (a ToolError made without a category, or a copy).
  const delay = validDelayMs(readMember(error, 'retryAfterMs'));
  return AgentError.internal(message || (typeof name === 'string' ? name : 'Unknown error'), {
    cause: error,
    captureStack: false,
    code: typeof code === 'string' && code !== '' ? code : 'INTERNAL_ERROR',
    ...(retryable !== undefined ? { retryable } : {}),
    ...(delay !== undefined ? { retryAfterMs: delay } : {}),
    unexpected: true,
  });
}

/**
 * How many causes deep a reason is looked for: an SDK's connection error wraps `fetch failed`,
 * which wraps the system error (`APIConnectionError` → `TypeError` → `ECONNREFUSED`).
 */
const MAX_CAUSE_HOPS = 4;

/**
 * Classify a nested cause only when it, or a cause of its own, is something the hub reads by
 * itself (an AgentError, an abort or timeout, an error naming its category); otherwise say
 * nothing. (A decoder's readers see the chain first: a system error in it is theirs.)
 */
function classifyKnown(value: object, hops = 1): AgentError | undefined {
  if (isAgentError(value)) return normalizeError(value);
  const name = readMember(value, 'name');
  const code = readMember(value, 'code');
  if (name === 'AbortError' || name === 'TimeoutError') return fromError(value, normalizeError);
  if (typeof code === 'string' && isErrorCategory(readMember(value, 'category'))) {
    return fromError(value, normalizeError);
  }
  if (hops >= MAX_CAUSE_HOPS) return undefined;
  const cause = readMember(value, 'cause');
  return cause !== null && typeof cause === 'object' && cause !== value
    ? classifyKnown(cause, hops + 1)
    : undefined;
}

function withCarriedHints(
  message: string,
  category: ErrorCategory,
  code: string,
  from: object,
): AgentError {
  const f = lenientOptions(from);
  return decodedError({
    message,
    category,
    code,
    retryable: f.retryable,
    retryAfterMs: f.retryAfterMs,
    details: f.details,
    wire: undefined,
    cause: from,
  });
}

const MAX_AGGREGATE_DETAILS = 10;
/** Members read from one aggregate, and in all from one thrown value (nested ones included). */
const MAX_AGGREGATE_MEMBERS = 1_000;
const MAX_AGGREGATE_TOTAL = 2_000;
const MAX_AGGREGATE_DEPTH = 8;
/** The aggregates being classified, outermost first: a member among them is a cycle. */
const openAggregates: object[] = [];
let aggregateBudget = 0;

/**
 * The members of an aggregate, classified: each distinct member once, holes skipped, no
 * member that contains the aggregate itself, within a depth and a total shared by every
 * aggregate nested in the one thrown value, so no shape of aggregate costs more than that.
 */
function aggregateMembers(error: object, errors: unknown[], classify: Classify): AgentError[] {
  if (openAggregates.length === 0) aggregateBudget = MAX_AGGREGATE_TOTAL;
  const inner: AgentError[] = [];
  if (openAggregates.length >= MAX_AGGREGATE_DEPTH) return inner;
  openAggregates.push(error);
  try {
    const seen = new Set<unknown>();
    for (const member of realElements(errors, MAX_AGGREGATE_MEMBERS)) {
      if (aggregateBudget <= 0) break;
      if (seen.has(member) || openAggregates.includes(member as object)) continue;
      seen.add(member);
      aggregateBudget--;
      inner.push(classify(member));
    }
  } finally {
    openAggregates.pop();
  }
  return inner;
}

function fromAggregate(error: object, message: string, classify: Classify): AgentError {
  const errors = readMember(error, 'errors') as unknown[];
  const inner = aggregateMembers(error, errors, classify);
  const first = inner[0];
  const same = first !== undefined && inner.every((e) => e.category === first.category);
  const category: ErrorCategory = same ? first.category : 'internal';
  return new AgentError(message || `${errors.length} errors`, {
    category,
    code:
      same && inner.every((e) => e.code === first.code) ? first.code : CATEGORIES[category].code,
    // Retry a group only when retrying would help every member of it.
    retryable: inner.length > 0 && inner.every((e) => e.retryable),
    details: {
      errors: inner
        .slice(0, MAX_AGGREGATE_DETAILS)
        .map((e) => ({ code: e.code, category: e.category, message: e.message })),
      ...(errors.length > MAX_AGGREGATE_DETAILS
        ? { omitted: errors.length - MAX_AGGREGATE_DETAILS }
        : {}),
    },
    unexpected: true,
    cause: error,
    captureStack: false,
  });
}

/** What classifies an aggregate's members: a decoder's whole classifier, or the hub's alone. */
type Classify = (value: unknown) => AgentError;

/**
 * The part of the classifier that knows no protocol and no error family: only the hub's own
 * forms. A decoder (`createDecoder`) gives its readers their say first and falls back to this,
 * passing itself as `classify` for an aggregate's members; code that is handed no decoder (a
 * dialect's converter called directly) gets the hub's reading alone. An `AgentError` is returned
 * as it is; a compatibility class converts itself (`AS_AGENT_ERROR`); a copy of an AgentError
 * (JSON, structured clone, another copy of the package) is rebuilt once its fields hold up;
 * `AbortError` → `cancelled`; `TimeoutError` → `timeout`; an error naming one of our categories,
 * or carrying a category's default code, by those; an error whose cause is one of these, by its
 * cause; `AggregateError` → the common category of its errors; anything else → `internal`. The
 * original is kept as `cause`. What is read from a thrown value nobody meant to send (a plain
 * `Error`, an aggregate, a non-error) carries the exposure mark, `unexpected: true`, so encoders
 * never send its message. Never throws.
 *
 * @example
 * normalizeError(Object.assign(new Error('gone'), { code: 'NOT_FOUND', category: 'not_found' }))
 *   .category; // 'not_found'
 */
export function normalizeError(thrown: unknown, classify: Classify = normalizeError): AgentError {
  try {
    if (thrown !== null && typeof thrown === 'object') {
      if (thrown instanceof AgentError) return thrown;
      const own = readMember(thrown, AS_AGENT_ERROR);
      if (typeof own === 'function') {
        const converted: unknown = (own as () => unknown).call(thrown);
        if (converted instanceof AgentError && isWellFormed(converted)) return converted;
      }
      // A brand or a shape is a claim: only a well-formed one is taken at its word.
      if (readMember(thrown, BRAND) === true && isWellFormed(thrown)) return thrown as AgentError;
      if (isWellFormed(thrown)) return revive(thrown);
      return fromError(thrown, classify);
    }
    if (typeof thrown === 'string') {
      return AgentError.internal(thrown, {
        cause: thrown,
        captureStack: false,
        unexpected: true,
      });
    }
    return AgentError.internal(`A non-error value was thrown: ${describeNonError(thrown)}`, {
      cause: thrown,
      captureStack: false,
      unexpected: true,
    });
  } catch (failure) {
    // Reading the thrown value failed in a way the guards above did not foresee.
    return AgentError.internal('An unreadable value was thrown', {
      cause: failure,
      captureStack: false,
      unexpected: true,
    });
  }
}

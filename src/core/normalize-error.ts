import { AgentError, decodedError, isAgentError } from './agent-error.js';
import type { AgentErrorLike } from './agent-error.js';
import { CATEGORIES, isErrorCategory } from './categories.js';
import type { ErrorCategory } from './categories.js';
import { lenientOptions, validDelayMs } from './lenient-options.js';
import { schemaFailureError, schemaIssuesOf } from './schema-issues.js';
import { SYSTEM_ERROR_CATEGORIES } from './system-errors.js';
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

const SYSTEM_CATEGORY: ReadonlyMap<string, ErrorCategory> = new Map(
  Object.entries(SYSTEM_ERROR_CATEGORIES),
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

function fromError(error: object): AgentError {
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

  const issues = schemaIssuesOf(error);
  if (issues) return schemaFailureError(issues, { cause: error });

  if (typeof code === 'string') {
    const system = SYSTEM_CATEGORY.get(code);
    if (system)
      return decodedError({
        message,
        category: system,
        code,
        retryable,
        retryAfterMs: undefined,
        details: systemDetails(error),
        wire: undefined,
        cause: error,
        unexpected: true,
      });
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

  if (Array.isArray(readMember(error, 'errors'))) return fromAggregate(error, message);

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
 * Classify a nested cause only when it, or a cause of its own, is something we recognise;
 * otherwise say nothing.
 */
function classifyKnown(value: object, hops = 1): AgentError | undefined {
  if (isAgentError(value)) return normalizeError(value);
  const name = readMember(value, 'name');
  const code = readMember(value, 'code');
  if (name === 'AbortError' || name === 'TimeoutError') return fromError(value);
  if (
    typeof code === 'string' &&
    (SYSTEM_CATEGORY.has(code) || isErrorCategory(readMember(value, 'category')))
  ) {
    return fromError(value);
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

/**
 * A system error's details. Paths stay out: they name local files, which
 * never belong in what is sent to a peer.
 */
function systemDetails(error: object): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const key of SYSTEM_DETAIL_KEYS) {
    const value = readMember(error, key);
    if (typeof value === 'string' || typeof value === 'number') details[key] = value;
  }
  return details;
}

const SYSTEM_DETAIL_KEYS = ['syscall', 'errno', 'hostname', 'address', 'port'] as const;

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
function aggregateMembers(error: object, errors: unknown[]): AgentError[] {
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
      inner.push(normalizeError(member));
    }
  } finally {
    openAggregates.pop();
  }
  return inner;
}

function fromAggregate(error: object, message: string): AgentError {
  const errors = readMember(error, 'errors') as unknown[];
  const inner = aggregateMembers(error, errors);
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

function fromPlainObject(value: object): AgentError {
  const issues = schemaIssuesOf(value);
  if (issues) return schemaFailureError(issues, { cause: value });
  return fromError(value);
}

/**
 * The part of the classifier that needs no dialect. The public `toAgentError` / `decode`
 * (`src/front/decode.ts`) give the dialects their say first and fall back to this; core calls it
 * directly only where it cannot see the dialects (deserialising a value that is no serialised
 * AgentError). Classified per the mapping table: an `AgentError` is returned as it is; `AbortError` → `cancelled`; `TimeoutError` →
 * `timeout`; Node system errors by `code` (`ENOENT` → `not_found`, `ECONNREFUSED` →
 * `unavailable`, …); Zod, Valibot and Standard Schema failures → `validation` with
 * `details.issues`; `AggregateError` → the common category of its errors; anything else →
 * `internal`. The original is kept as `cause`. What is read from a thrown value nobody meant to
 * send (a system error, a plain `Error`, an aggregate, a non-error) carries the exposure mark,
 * `unexpected: true`, so encoders never send its message. Never throws.
 *
 * @example
 * const err = normalizeError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
 *   code: 'ECONNREFUSED',
 * }));
 * err.category; // 'unavailable'
 * err.retryable; // true
 */
export function normalizeError(thrown: unknown): AgentError {
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
      if (thrown instanceof Error || typeof readMember(thrown, 'message') === 'string')
        return fromError(thrown);
      return fromPlainObject(thrown);
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

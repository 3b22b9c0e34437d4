import { timerDelay } from '../core/timer-delay.js';
import type { AgentError } from '../core/agent-error.js';
import { AgentError as AgentErrorClass, isAgentError } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { deserializeError } from '../core/deserialize.js';
import { serializeError } from '../core/serialize.js';
import { clockOption, functionOption, numberOption, optionError } from '../retry/check-option.js';
import { classify as defaultClassify } from '../retry/classify.js';
import { fingerprint as defaultFingerprint } from './fingerprint.js';
import {
  idempotencyKeyReusedError,
  invalidKeyError,
  leaseLostError,
  requestInProgressError,
} from './idempotency-errors.js';
import type {
  ClaimHolder,
  ClaimResult,
  IdempotencyOutcome,
  IdempotencyRecord,
  IdempotencyStore,
} from './idempotency-store.js';
import { copyRecord } from '../core/copy-record.js';
import { mcpIdempotencyKeyOf } from '../dialects/mcp/idempotency-key.js';

/** A JSON-RPC-style method handler. */
export type MethodHandler<P, C, R> = (params: P, context: C) => R | PromiseLike<R>;

/** The context fields {@link withIdempotency} reads by default. */
export interface IdempotencyContext {
  /** The idempotency key the transport found (e.g. an ARCP envelope's `idempotency_key`). */
  readonly idempotencyKey?: string | undefined;
  /** Who is calling (an authenticated subject). Keys are scoped per principal. */
  readonly principal?: string | undefined;
  /** The request's (job's) id, named in `DUPLICATE_KEY` errors. */
  readonly requestId?: string | number | undefined;
  /** The JSON-RPC request id, used when there is no `requestId`. */
  readonly id?: string | number | null | undefined;
}

/** Options of {@link withIdempotency}. */
export interface WithIdempotencyOptions<P, C> {
  /**
   * Default: `context.idempotencyKey ?? params._meta.idempotencyKey`, else what
   * `mcpIdempotencyKeyOf` reads from an MCP SDK tool handler's `extra` (`_meta`). No key → no
   * deduplication.
   */
  keyOf?: (params: P, context: C) => unknown;
  /** Default: `context.principal`, else `''` (all anonymous callers share one namespace). */
  principalOf?: (params: P, context: C) => string | undefined;
  /** Default: `context.requestId ?? context.id`, else a fresh UUID. */
  requestIdOf?: (params: P, context: C) => string | number | undefined;
  /** Default: SHA-256 of the canonical JSON of `params` without its top-level `_meta`. */
  fingerprintOf?: (params: P) => string | Promise<string>;
  /** Namespaces keys, e.g. by method name, when handlers share a store. Default `''`. */
  scope?: string;
  /**
   * How long a claim holds before a crashed worker's key is freed. Default `60_000`. While the
   * handler runs, the lease is renewed every `leaseMs / 3` (when the store has `renew`), so a
   * handler may run longer than this: only a worker that stops renewing loses the key.
   */
  leaseMs?: number;
  /** How long a duplicate waits for the first request before `REQUEST_IN_PROGRESS`. Default `30_000`. */
  waitTimeoutMs?: number;
  /**
   * Whether a failure becomes the key's final outcome (replayed to duplicates until it expires).
   * Default {@link cacheableFailure}: only non-retryable verdicts on the input.
   */
  cacheFailure?: (error: AgentError) => boolean;
  /** Turns what the handler threw into an AgentError. Default: the library's classifier. */
  classify?: (error: unknown) => AgentError;
  /**
   * Told when recording an outcome or renewing a lease failed; the caller still gets the
   * handler's outcome.
   */
  onStoreError?: (error: unknown) => void;
  /** Where time comes from for the wait deadline (tests). Only `now()` is used. */
  clock?: {
    /** Milliseconds; only differences are used. */
    now(): number;
  };
}

const CACHED_CATEGORIES: ReadonlySet<ErrorCategory> = new Set([
  'validation',
  'not_found',
  'conflict',
  'protocol',
]);

/**
 * The default failure-caching rule: a failure is kept as the key's outcome only when it is not
 * retryable and is a verdict on the input itself (`validation`, `not_found`, `conflict`,
 * `protocol`), so the same input would fail the same way. Retryable failures are never kept —
 * the retry must be able to run. Refusals that depend on the caller's state (`auth`,
 * `permission`, `quota`), `cancelled` and `internal` are not kept either: after logging in,
 * topping up or a fix, the same key runs again.
 *
 * @example
 * cacheableFailure(AgentError.validation('bad week')); // true
 * cacheableFailure(AgentError.unavailable('db down')); // false
 */
export function cacheableFailure(error: AgentError): boolean {
  return !error.retryable && CACHED_CATEGORIES.has(error.category);
}

const WHERE = 'withIdempotency';
const MAX_KEY_LENGTH = 255;

function readPath(value: unknown, a: string, b?: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  const first = (value as Record<string, unknown>)[a];
  if (b === undefined) return first;
  if (first === null || typeof first !== 'object') return undefined;
  return (first as Record<string, unknown>)[b];
}

function defaultKeyOf(params: unknown, context: unknown): unknown {
  return (
    readPath(context, 'idempotencyKey') ??
    readPath(params, '_meta', 'idempotencyKey') ??
    // An MCP SDK tool handler's `extra` / `ctx`.
    mcpIdempotencyKeyOf(params, context)
  );
}

function withoutMeta(params: unknown): unknown {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return params;
  if (!Object.hasOwn(params, '_meta')) return params;
  return copyRecord(params, '_meta');
}

function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

/** Namespaced store key; length prefixes keep `('a:b', 'c')` apart from `('a', 'b:c')`. */
function storeKey(scope: string, principal: string, key: string): string {
  return `${scope.length}:${scope}|${principal.length}:${principal}|${key}`;
}

/**
 * Renew `requestId`'s claim on `key` every `leaseMs / 3` until the returned stop is called: the
 * heartbeat that keeps a duplicate from running a handler that outlives one lease. A renewal
 * answered `false` (the claim was lost: the lease ran out while the process stalled) ends the
 * heartbeat; a failed one is reported and the next beat tries again. The timer is `unref`ed
 * where the platform has that (Node): a heartbeat never keeps a process alive.
 */
function keepLease(
  store: IdempotencyStore,
  key: string,
  requestId: string,
  holder: ClaimHolder,
  leaseMs: number,
  onStoreError: ((error: unknown) => void) | undefined,
): () => void {
  if (typeof store.renew !== 'function') return () => {};
  const everyMs = timerDelay(leaseMs / 3);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(beat, everyMs);
    const handle: unknown = timer;
    if (typeof handle === 'object' && handle !== null && 'unref' in handle) {
      (handle as { unref(): void }).unref();
    }
  };
  const beat = (): void => {
    timer = undefined;
    // One renewal at a time: the next is scheduled when this one has answered.
    Promise.resolve()
      .then(() => store.renew?.(key, requestId, leaseMs, holder))
      .then(
        (held) => {
          if (held !== false) schedule();
        },
        (failure: unknown) => {
          reportQuietly(onStoreError, failure);
          schedule();
        },
      );
  };
  schedule();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Ask the store, best effort, to drop a claim its claimant gave up on; never throws. A failure
 * is not reported: the claim's own failure already went to the caller, and the claim (if it was
 * applied at all) still ends with its lease.
 */
function releaseQuietly(store: IdempotencyStore, key: string, requestId: string): void {
  if (typeof store.release !== 'function') return;
  Promise.resolve()
    .then(() => store.release?.(key, requestId))
    .catch(() => {});
}

function reportQuietly(onStoreError: ((error: unknown) => void) | undefined, error: unknown): void {
  try {
    onStoreError?.(error);
  } catch {
    // A throwing hook must not become an unhandled rejection.
  }
}

function replay(outcome: IdempotencyOutcome | undefined): unknown {
  if (!outcome)
    throw AgentErrorClass.internal('An idempotency record has no outcome', { captureStack: false });
  if (outcome.ok) return outcome.value;
  throw deserializeError(outcome.error);
}

/**
 * Wrap a JSON-RPC-style handler `(params, context) => result` so that a request carrying an
 * idempotency key runs at most once per principal, key and input (ARCP semantics):
 *
 * - same key, same input → the first request's result; duplicates that arrive while it runs
 *   wait for it and share its outcome;
 * - same key, different input → `DUPLICATE_KEY` (`conflict`, not retryable) naming the request
 *   that holds the key in `details.requestId`;
 * - a failure is kept only when {@link cacheableFailure} (or `cacheFailure`) says so; otherwise
 *   the waiting duplicates get it and the next request with the key runs again;
 * - outcomes expire with the store's TTL.
 *
 * While the handler runs, its claim is renewed every `leaseMs / 3` (stores with `renew`), so a
 * handler slower than `leaseMs` is still run once; only a worker that stops renewing (it
 * crashed or stalled past its lease) lets a duplicate claim the key. When the claimant gives
 * up on its claim — the store's `claim` call failed or timed out on the client, so the claim
 * may have been applied without the caller learning it — the claim is released at once, best
 * effort (stores with `release`), instead of blocking the key for a whole lease. A handler that
 * fails (an abort or a timeout included) settles the claim as any failure does: it is released
 * for the next request unless {@link cacheableFailure} keeps it. A run whose claim was lost
 * before it finished (its lease ran out and another run claimed the key: the store refuses its
 * fencing token) does not hand out its result: its caller gets `LEASE_LOST` (`conflict`, not
 * retryable), so every caller that gets a result gets the one the key keeps.
 *
 * The key is `context.idempotencyKey`, else `params._meta.idempotencyKey`; the principal is
 * `context.principal`, else `''`; requests without a key run as they are. The input compared is
 * `params` without `_meta`. A store outage rejects with a retryable `unavailable` AgentError.
 * Replayed errors are the stored, serialised form: the first request's own error for an
 * AgentError, a message-free one of the same category for anything else.
 *
 * @example
 * const store = new MemoryIdempotencyStore();
 * const createReport = withIdempotency(store, async (params: { week: string }) => build(params.week));
 * await createReport({ week: '2026-W19' }, { idempotencyKey: 'k1', principal: 'alice' });
 */
export function withIdempotency<P, C, R>(
  store: IdempotencyStore,
  handler: MethodHandler<P, C, R>,
  options: WithIdempotencyOptions<P, C> = {},
): (params: P, context: C) => Promise<R> {
  if (
    store === null ||
    typeof store !== 'object' ||
    typeof store.claim !== 'function' ||
    typeof store.settle !== 'function' ||
    typeof store.wait !== 'function'
  )
    throw optionError(WHERE, 'store', 'an IdempotencyStore (claim, settle, wait)', store);
  if (typeof handler !== 'function') throw optionError(WHERE, 'handler', 'a function', handler);
  if (options === null || typeof options !== 'object')
    throw optionError(WHERE, 'options', 'an object', options);
  const keyOf =
    functionOption<(p: P, c: C) => unknown>(WHERE, 'keyOf', options.keyOf) ?? defaultKeyOf;
  const principalOf =
    functionOption<(p: P, c: C) => string | undefined>(WHERE, 'principalOf', options.principalOf) ??
    ((_: P, c: C) => readPath(c, 'principal') as string | undefined);
  const requestIdOf =
    functionOption<(p: P, c: C) => string | number | undefined>(
      WHERE,
      'requestIdOf',
      options.requestIdOf,
    ) ??
    ((_: P, c: C) =>
      (readPath(c, 'requestId') ?? readPath(c, 'id') ?? undefined) as string | number | undefined);
  const fingerprintOf =
    functionOption<(p: P) => string | Promise<string>>(
      WHERE,
      'fingerprintOf',
      options.fingerprintOf,
    ) ?? ((p: P) => defaultFingerprint(withoutMeta(p)));
  const cacheFailure =
    functionOption<(e: AgentError) => boolean>(WHERE, 'cacheFailure', options.cacheFailure) ??
    cacheableFailure;
  const classify =
    functionOption<(e: unknown) => AgentError>(WHERE, 'classify', options.classify) ??
    defaultClassify;
  const onStoreError = functionOption<(e: unknown) => void>(
    WHERE,
    'onStoreError',
    options.onStoreError,
  );
  const clock = clockOption<{ now(): number }>(WHERE, options.clock, ['now']) ?? {
    now: () => Date.now(),
  };
  const leaseMs = numberOption(WHERE, 'leaseMs', options.leaseMs, { min: 1 }) ?? 60_000;
  const waitTimeoutMs = numberOption(WHERE, 'waitTimeoutMs', options.waitTimeoutMs) ?? 30_000;
  const scope = options.scope ?? '';
  if (typeof scope !== 'string') throw optionError(WHERE, 'scope', 'a string', scope);

  const run = async (
    params: P,
    context: C,
    idempotencyKey: string,
    key: string,
    requestId: string,
    holder: ClaimHolder,
  ): Promise<R> => {
    let outcome: IdempotencyOutcome;
    let keep: boolean;
    let result: R;
    const stopHeartbeat = keepLease(store, key, requestId, holder, leaseMs, onStoreError);
    try {
      result = await handler(params, context);
      stopHeartbeat();
      outcome = { ok: true, value: result };
      keep = true;
    } catch (thrown) {
      stopHeartbeat();
      const error = classify(thrown);
      // Only errors the code meant to raise are replayed with their message and details.
      const shown = isAgentError(thrown)
        ? error
        : new AgentErrorClass('The first request with this idempotency key failed', {
            category: error.category,
            code: error.code,
            retryable: error.retryable,
            ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
            captureStack: false,
          });
      outcome = { ok: false, error: serializeError(shown, { includeCause: false }) };
      keep = cacheFailure(error);
      await record(key, requestId, holder, outcome, keep);
      throw thrown;
    }
    // Refused: the claim was lost and another run holds the key (or already settled it). This
    // result is not the key's, and handing it out would give two callers two answers.
    if ((await record(key, requestId, holder, outcome, keep)) === false)
      throw leaseLostError(idempotencyKey, requestId);
    return result;
  };

  /** Settle the claim; `undefined` when the store failed (the caller still gets the outcome). */
  const record = async (
    key: string,
    requestId: string,
    holder: ClaimHolder,
    outcome: IdempotencyOutcome,
    keep: boolean,
  ): Promise<boolean | undefined> => {
    try {
      return await store.settle(key, requestId, outcome, { keep, token: holder.token });
    } catch (failure) {
      // The work is done; its caller gets the outcome. The claim lapses with its lease.
      onStoreError?.(failure);
      return undefined;
    }
  };

  return async (params: P, context: C): Promise<R> => {
    const idempotencyKey = keyOf(params, context);
    if (idempotencyKey === undefined || idempotencyKey === null) return handler(params, context);
    if (
      typeof idempotencyKey !== 'string' ||
      idempotencyKey === '' ||
      idempotencyKey.length > MAX_KEY_LENGTH
    )
      throw invalidKeyError();
    const principal = principalOf(params, context) ?? '';
    const key = storeKey(scope, String(principal), idempotencyKey);
    const requestId = String(requestIdOf(params, context) ?? newRequestId());
    let print: string;
    try {
      print = await fingerprintOf(params);
    } catch (cause) {
      throw AgentErrorClass.validation(
        'The request input cannot be compared (it has no JSON form)',
        {
          code: 'INVALID_PARAMS',
          cause,
          captureStack: false,
        },
      );
    }
    const deadline = clock.now() + waitTimeoutMs;

    for (;;) {
      let claim: ClaimResult;
      try {
        claim = await store.claim(key, { fingerprint: print, requestId, leaseMs });
      } catch (failure) {
        // We gave up on a claim whose outcome we never learned (the store call failed or timed
        // out, yet may have been applied): free it now rather than leave it for a whole lease.
        releaseQuietly(store, key, requestId);
        throw failure;
      }
      if (claim.claimed)
        return run(params, context, idempotencyKey, key, requestId, { token: claim.token });
      let current: IdempotencyRecord | undefined = claim.record;
      while (current) {
        if (current.fingerprint !== print)
          throw idempotencyKeyReusedError(idempotencyKey, current.requestId);
        if (current.state !== 'pending') return replay(current.outcome) as R;
        const left = deadline - clock.now();
        if (left <= 0) throw requestInProgressError(idempotencyKey, current.requestId);
        const next: IdempotencyRecord | undefined = await store.wait(key, { timeoutMs: left });
        if (next && next.state === 'pending' && clock.now() >= deadline)
          throw requestInProgressError(idempotencyKey, next.requestId);
        current = next;
      }
      // The holder's lease ended (it crashed): claim the key again.
    }
  };
}

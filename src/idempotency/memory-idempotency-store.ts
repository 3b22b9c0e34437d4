import { timerDelay } from '../core/timer-delay.js';
import { clockOption, numberOption, optionError } from '../retry/check-option.js';
import { systemClock } from '../retry/clock.js';
import type { Clock } from '../retry/clock.js';
import { RELEASED_TTL_MS } from './idempotency-store.js';
import type {
  ClaimHolder,
  ClaimResult,
  IdempotencyClaim,
  IdempotencyOutcome,
  IdempotencyRecord,
  IdempotencyStore,
} from './idempotency-store.js';

/** Options of {@link MemoryIdempotencyStore}. */
export interface MemoryIdempotencyStoreOptions {
  /** Settled entries kept at most; the least recently used go first. Default `10_000`. */
  maxEntries?: number;
  /** How long a settled outcome is replayed. Default 24 hours. */
  ttlMs?: number;
  /** Where time and timers come from (tests). */
  clock?: Clock;
}

interface Entry {
  record: IdempotencyRecord;
  /** The fencing token of the claim that wrote the record. */
  token: number;
  expiresAt: number;
  waiters: Set<(record: IdempotencyRecord | undefined) => void>;
}

const WHERE = 'MemoryIdempotencyStore';

/**
 * The embedded {@link IdempotencyStore}: one process, no dependencies. Bounded in size (least
 * recently used settled entries are evicted first; running ones never are) and in time (settled
 * outcomes expire after `ttlMs`, claims after their lease, which `renew` extends). Waiters are
 * woken the moment the request they wait for settles or releases its claim.
 *
 * Results are stored and handed out as copies (`structuredClone`), so no caller's mutation is
 * seen by another, as with any store that serialises: a class instance comes back as a plain
 * object. A result `structuredClone` cannot copy (one holding a function, a Proxy) is kept and
 * shared as it is.
 *
 * @example
 * const store = new MemoryIdempotencyStore({ maxEntries: 1_000, ttlMs: 60 * 60_000 });
 * const create = withIdempotency(store, createReport);
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #clock: Clock;
  /** The last fencing token handed out: one sequence for every key, so each key's grows too. */
  #lastToken = 0;

  constructor(options: MemoryIdempotencyStoreOptions = {}) {
    if (options === null || typeof options !== 'object')
      throw optionError(WHERE, 'options', 'an object', options);
    this.#maxEntries =
      numberOption(WHERE, 'maxEntries', options.maxEntries, { min: 1, integer: true }) ?? 10_000;
    this.#ttlMs = numberOption(WHERE, 'ttlMs', options.ttlMs, { min: 1 }) ?? 86_400_000;
    this.#clock =
      clockOption<Clock>(WHERE, options.clock, ['now', 'setTimeout', 'clearTimeout']) ??
      systemClock;
  }

  /** Entries held now, expired ones not yet swept included. */
  get size(): number {
    return this.#entries.size;
  }

  claim(key: string, claim: IdempotencyClaim): Promise<ClaimResult> {
    const entry = this.#live(key);
    if (entry && entry.record.state !== 'released') {
      this.#touch(key, entry);
      return Promise.resolve({ claimed: false, record: copied(entry.record) });
    }
    this.#entries.delete(key);
    const token = ++this.#lastToken;
    this.#entries.set(key, {
      record: { state: 'pending', fingerprint: claim.fingerprint, requestId: claim.requestId },
      token,
      expiresAt: this.#clock.now() + claim.leaseMs,
      waiters: new Set(),
    });
    this.#evict();
    return Promise.resolve({ claimed: true, token });
  }

  settle(
    key: string,
    requestId: string,
    outcome: IdempotencyOutcome,
    { keep, token }: { readonly keep: boolean } & ClaimHolder,
  ): Promise<boolean> {
    const entry = this.#held(key, requestId, { token });
    if (!entry) return Promise.resolve(false);
    const record: IdempotencyRecord = {
      state: keep ? 'done' : 'released',
      fingerprint: entry.record.fingerprint,
      requestId,
      // A copy: the first caller goes on holding (and may change) the original.
      outcome: copyOutcome(outcome),
    };
    entry.record = record;
    entry.expiresAt =
      this.#clock.now() + (keep ? this.#ttlMs : Math.min(this.#ttlMs, RELEASED_TTL_MS));
    this.#touch(key, entry);
    this.#wake(entry, record);
    this.#evict();
    return Promise.resolve(true);
  }

  wait(
    key: string,
    { timeoutMs }: { readonly timeoutMs: number },
  ): Promise<IdempotencyRecord | undefined> {
    const entry = this.#live(key);
    if (!entry || entry.record.state !== 'pending')
      return Promise.resolve(entry && copied(entry.record));
    return new Promise((resolve) => {
      const done = (record: IdempotencyRecord | undefined): void => {
        this.#clock.clearTimeout(timer);
        resolve(record && copied(record));
      };
      // Wake at the timeout or when the claim's lease ends, whichever is first.
      const timer = this.#clock.setTimeout(
        () => {
          entry.waiters.delete(done);
          const record = this.#live(key)?.record;
          resolve(record && copied(record));
        },
        // Clamped: a timer cannot wait longer than 2^31 − 1 ms. Firing early only makes the
        // caller look again and wait anew.
        timerDelay(Math.min(timeoutMs, entry.expiresAt - this.#clock.now())),
      );
      entry.waiters.add(done);
    });
  }

  renew(key: string, requestId: string, leaseMs: number, holder?: ClaimHolder): Promise<boolean> {
    const entry = this.#held(key, requestId, holder);
    if (!entry) return Promise.resolve(false);
    entry.expiresAt = this.#clock.now() + leaseMs;
    return Promise.resolve(true);
  }

  release(key: string, requestId: string, holder?: ClaimHolder): Promise<boolean> {
    const entry = this.#held(key, requestId, holder);
    if (!entry) return Promise.resolve(false);
    this.#entries.delete(key);
    // Waiters find the key free and claim it themselves.
    this.#wake(entry, undefined);
    return Promise.resolve(true);
  }

  /** The live entry of `key` while the claim of `requestId` (and `holder.token`) is pending. */
  #held(key: string, requestId: string, holder: ClaimHolder = {}): Entry | undefined {
    const entry = this.#live(key);
    return entry &&
      entry.record.state === 'pending' &&
      entry.record.requestId === requestId &&
      (holder.token === undefined || holder.token === entry.token)
      ? entry
      : undefined;
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#clock.now()) {
      this.#entries.delete(key);
      this.#wake(entry, undefined);
      return undefined;
    }
    return entry;
  }

  #touch(key: string, entry: Entry): void {
    // Map order is insertion order: re-inserting makes the entry the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }

  #wake(entry: Entry, record: IdempotencyRecord | undefined): void {
    const waiters = [...entry.waiters];
    entry.waiters.clear();
    for (const wake of waiters) wake(record);
  }

  #evict(): void {
    if (this.#entries.size <= this.#maxEntries) return;
    const now = this.#clock.now();
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries) return;
      // A running request keeps its claim: evicting it would let a duplicate run the work again.
      if (entry.record.state === 'pending' && entry.expiresAt > now) continue;
      this.#entries.delete(key);
      this.#wake(entry, undefined);
    }
  }
}

/** A record whose outcome is the caller's own copy. */
function copied(record: IdempotencyRecord): IdempotencyRecord {
  return record.outcome === undefined
    ? record
    : { ...record, outcome: copyOutcome(record.outcome) };
}

/**
 * A copy of a stored outcome, so callers never share one mutable result. What
 * `structuredClone` cannot copy (a function, a Proxy) is shared as it is: nothing better can be
 * done in memory, and failing the request would be worse.
 */
function copyOutcome(outcome: IdempotencyOutcome): IdempotencyOutcome {
  try {
    return structuredClone(outcome);
  } catch {
    return outcome;
  }
}

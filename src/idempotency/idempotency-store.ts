import type { SerializedError } from '../core/serialize.js';

/**
 * How a request ended, as stored: its result, or its error in serialised form (what
 * `serializeError` produces: JSON-safe, redacted, no stack or cause).
 */
export type IdempotencyOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: SerializedError };

/**
 * - `pending`: a request holds the key and is running (until it settles or its lease ends);
 * - `done`: the outcome is final and every duplicate gets it until the entry expires;
 * - `released`: the outcome is shared with the requests that were waiting for it, but the key
 *   is free: the next claim runs the work again (a retryable failure).
 */
export type IdempotencyState = 'pending' | 'done' | 'released';

/** What a store holds for one principal + idempotency key. */
export interface IdempotencyRecord {
  readonly state: IdempotencyState;
  /** Fingerprint of the input of the request that claimed the key. */
  readonly fingerprint: string;
  /** Id of the request (job) that claimed the key. */
  readonly requestId: string;
  /** Present once the state is `done` or `released`. */
  readonly outcome?: IdempotencyOutcome;
}

/** What a request claims a key with. */
export interface IdempotencyClaim {
  readonly fingerprint: string;
  readonly requestId: string;
  /** How long the claim holds without being settled (a crashed worker frees the key after this). */
  readonly leaseMs: number;
}

/**
 * The answer to a claim: the key is ours, or here is who holds it. A claim that is ours carries
 * its fencing `token`: a number greater than that of every earlier claim of the key, which the
 * store checks again when the claim is settled, renewed or released (so a run whose lease ran
 * out cannot record its outcome over the run that took the key next, even under the same request
 * id). A store without tokens leaves it out and checks the request id alone.
 */
export type ClaimResult =
  | { readonly claimed: true; readonly token?: number }
  | { readonly claimed: false; readonly record: IdempotencyRecord };

/** Which claim a settle, renew or release is for. */
export interface ClaimHolder {
  /** The claim's fencing token, as {@link ClaimResult} gave it (absent: the store gave none). */
  readonly token?: number | undefined;
}

/**
 * Where idempotency records live. {@link withIdempotency} drives the protocol; a store only has
 * to make `claim` atomic and let `wait` see other requests settle. Stores report their own
 * outages as a retryable `unavailable` AgentError and never wait without a bound.
 *
 * Keys passed in are already namespaced by principal and scope.
 */
export interface IdempotencyStore {
  /** Atomically take `key` when it is free (absent, expired or `released`); else return its record. */
  claim(key: string, claim: IdempotencyClaim): Promise<ClaimResult>;
  /**
   * Record the outcome of the request `requestId` that holds `key`: `keep: true` makes it `done`
   * for the store's TTL, `keep: false` makes it `released`. Returns `false` (and changes nothing)
   * when that claim no longer holds the key (its lease ended; with a `token`, also when the key
   * was claimed again since, by any request).
   */
  settle(
    key: string,
    requestId: string,
    outcome: IdempotencyOutcome,
    options: { readonly keep: boolean } & ClaimHolder,
  ): Promise<boolean>;
  /**
   * Resolve with the record of `key` once it is no longer `pending`, with `undefined` once it
   * is gone (expired, lease ended), or with the still-pending record after `timeoutMs`.
   */
  wait(
    key: string,
    options: { readonly timeoutMs: number },
  ): Promise<IdempotencyRecord | undefined>;
  /**
   * Extend the lease of the claim `requestId` holds on `key` to `leaseMs` from now (the
   * heartbeat `withIdempotency` sends while the handler runs, every `leaseMs / 3`).
   * Returns `false` (and changes nothing) when that request no longer holds the key. Optional:
   * without it a claim lasts its first lease, so a handler that runs longer than `leaseMs` can
   * be run again by a duplicate.
   */
  renew?(key: string, requestId: string, leaseMs: number, holder?: ClaimHolder): Promise<boolean>;
  /**
   * Drop the claim `requestId` holds on `key` (still `pending`), waking its waiters, who claim
   * it again. Returns `false` when that request no longer holds the key. Called, best effort,
   * when the claimant gives up on a claim whose outcome it never learned (see
   * `withIdempotency`). Optional: without it such a claim holds until its lease ends.
   */
  release?(key: string, requestId: string, holder?: ClaimHolder): Promise<boolean>;
}

/**
 * How long a `released` record stays visible to waiters (it never blocks a new claim).
 * @internal
 */
export const RELEASED_TTL_MS = 10_000;

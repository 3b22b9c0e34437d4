import { bounded, checkRedisOptions } from './redis-options.js';
import { AgentError } from '../core/agent-error.js';
import { numberOption, optionError } from '../retry/check-option.js';
import { MemoryRetryStateStore } from '../retry/memory-retry-state.js';
import { GO } from '../retry/retry-state.js';
import type {
  Admission,
  AttemptReport,
  RetryStateStore,
  TargetPolicy,
} from '../retry/retry-state.js';
import type { LuaScript } from './lua-script.js';
import type { KeyedRedis, RedisClientLike } from './redis-client.js';
import { ADMIT_SCRIPT, RECORD_SCRIPT } from './retry-state-scripts.js';

/** Options of {@link RedisRetryStateStore}. */
export interface RedisRetryStateStoreOptions {
  /** Prefix of every key the store writes (one hash per target). Default `'agent-errors:retry:'`. */
  prefix?: string;
  /** How long the state of a target nobody calls is kept. Default 1 hour. */
  ttlMs?: number;
  /** A command that takes longer fails (and the store answers without Redis). Default `1_000`. */
  commandTimeoutMs?: number;
  /** After a failed command, Redis is not asked again for this long. Default `1_000`. */
  pauseAfterErrorMs?: number;
  /**
   * Told about every failed command (an `unavailable` AgentError, code
   * `RETRY_STATE_UNAVAILABLE`). The call it served went on as if the target were healthy.
   */
  onError?: (error: AgentError) => void;
  /**
   * The shared breaker opens only when at least this many distinct processes (stores) reported
   * unhealthy failures of the target within `quorumWindowMs`, so one process with a fault of its
   * own (its network, its DNS, its credentials) cannot open it for the whole fleet; that
   * process's own breaker opens for it alone. `1`: any process's failures open it. Default `2`.
   */
  minReporters?: number;
  /** How long a process's last unhealthy failure counts towards the quorum. Default `30_000`. */
  quorumWindowMs?: number;
  /** This store's name among the reporters. Default: a random UUID (one per store). */
  reporterId?: string;
  /**
   * The local tier: after Redis said a target has no state at all (nobody failed, waits or
   * probes), calls to it go ahead, and their successes are not reported, for this long without
   * asking Redis again. A failure always goes to Redis at once and ends the window. So a healthy
   * call costs no round trip, and a process learns that the fleet's state changed at most this
   * long late (see docs/retry.md, "Fleet state"). `0`: ask Redis on every call. Default `1_000`.
   */
  syncIntervalMs?: number;
}

const WHERE = 'RedisRetryStateStore';

/** A report that changes nothing but the probe it names: the attempt was never made. */
const UNTRIED: AttemptReport = { ok: false, probe: '', cost: false, unhealthy: false, waitMs: -1 };

/** The local tier keeps the breaker only: the budget and the server's waits are the fleet's. */
function localPolicy(policy: TargetPolicy): TargetPolicy {
  return { ...policy, maxTokens: 0 };
}
const KINDS: readonly Admission['kind'][] = ['go', 'wait', 'probing', 'open'];
const MAX_HEALTHY_TARGETS = 10_000;

/**
 * A {@link RetryStateStore} in Redis: the retry budget, the circuit breaker and the server's
 * "wait until" of each target, shared by every process that names it. N workers that meet one
 * 429 with `Retry-After: 2` wait together, and one of them probes when the wait ends. Each step
 * is one atomic Lua script on Redis's clock, so the machines need not agree on the time. A
 * healthy target costs one round trip per `syncIntervalMs` (the local tier); a target with
 * state (failures, a wait, an open breaker) costs two per attempt (before and after).
 *
 * The fleet's breaker opens on a quorum: failures reported by at least `minReporters` distinct
 * processes (default 2) within `quorumWindowMs`, so one sick worker cannot open it for every
 * worker; that worker's own breaker, kept in its memory, opens for it alone.
 *
 * It fails open: when Redis is down or slow, calls go on as if the target were healthy (and
 * `onError` hears about it), rather than failing because their bookkeeping could not be done.
 * Attach an `'error'` listener to the client: node-redis emits connection errors there.
 *
 * @example
 * import { createClient } from 'redis';
 * const client = createClient({ url: process.env.REDIS_URL });
 * client.on('error', (err) => log.warn(err));
 * await client.connect();
 * const state = new RedisRetryStateStore(client, { onError: (err) => log.warn(err) });
 * await retry(callOpenAi, { target: 'api.openai.com', state });
 */
export class RedisRetryStateStore implements RetryStateStore {
  readonly #redis: KeyedRedis;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #commandTimeoutMs: number;
  readonly #pauseAfterErrorMs: number;
  readonly #onError: ((error: AgentError) => void) | undefined;
  readonly #minReporters: number;
  readonly #quorumWindowMs: number;
  readonly #reporterId: string;
  /** This process's own breaker, for failures the fleet has not confirmed (quorum above 1). */
  readonly #local = new MemoryRetryStateStore(1_000);
  readonly #syncIntervalMs: number;
  /** The local tier: target → until when (the caller's clock) it is known to have no state. */
  readonly #healthyUntil = new Map<string, number>();
  #pausedUntil = 0;

  constructor(client: RedisClientLike, options: RedisRetryStateStoreOptions = {}) {
    const common = checkRedisOptions(WHERE, client, options, {
      prefix: 'agent-errors:retry:',
      ttlMs: 3_600_000,
      commandTimeoutMs: 1_000,
    });
    if (options.onError !== undefined && typeof options.onError !== 'function')
      throw optionError(WHERE, 'onError', 'a function', options.onError);
    this.#redis = common.redis;
    this.#prefix = common.prefix;
    this.#ttlMs = common.ttlMs;
    this.#commandTimeoutMs = common.commandTimeoutMs;
    this.#pauseAfterErrorMs =
      numberOption(WHERE, 'pauseAfterErrorMs', options.pauseAfterErrorMs) ?? 1_000;
    this.#onError = options.onError;
    this.#minReporters =
      numberOption(WHERE, 'minReporters', options.minReporters, { min: 1, integer: true }) ?? 2;
    this.#quorumWindowMs =
      numberOption(WHERE, 'quorumWindowMs', options.quorumWindowMs, { min: 1 }) ?? 30_000;
    const reporterId = options.reporterId ?? globalThis.crypto.randomUUID();
    if (typeof reporterId !== 'string' || reporterId === '')
      throw optionError(WHERE, 'reporterId', 'a non-empty string', reporterId);
    this.#reporterId = reporterId;
    this.#syncIntervalMs =
      numberOption(WHERE, 'syncIntervalMs', options.syncIntervalMs, { min: 0 }) ?? 1_000;
  }

  // admit and record answer at once (not through a promise) when the local tier decides: a
  // healthy call then costs what it costs with the in-memory store.
  admit(target: string, policy: TargetPolicy, now: number): Admission | Promise<Admission> {
    const local = this.#localBreaker(policy) && this.#local.admit(target, localPolicy(policy), now);
    if (local && local.kind !== 'go') return local;
    if (this.#knownHealthy(target, now) && (!local || local.probe === '')) return GO;
    return this.#admitBoth(target, policy, now, local);
  }

  async #admitBoth(
    target: string,
    policy: TargetPolicy,
    now: number,
    local: Admission | false,
  ): Promise<Admission> {
    const shared = await this.#admitShared(target, policy, now);
    if (!local || local.probe === '') return shared;
    if (shared.kind !== 'go') {
      // The fleet turns the attempt away: give this process's probe slot back, untried.
      this.#local.record(target, { ...UNTRIED, probe: local.probe }, localPolicy(policy), now);
      return shared;
    }
    // Both tiers may hand out a probe: the report carries both ids (local ids start with `p`).
    return {
      ...shared,
      probe: shared.probe === '' ? local.probe : `${local.probe} ${shared.probe}`,
    };
  }

  record(
    target: string,
    report: AttemptReport,
    policy: TargetPolicy,
    now: number,
  ): boolean | Promise<boolean> {
    const ids = report.probe === '' ? [] : report.probe.split(' ');
    const healthy = report.ok && report.probe === '' && this.#knownHealthy(target, now);
    // Anything but a success inside the window goes to Redis and ends the window.
    if (!healthy) this.#healthyUntil.delete(target);
    if (this.#localBreaker(policy)) {
      const probe = ids.find((id) => id.startsWith('p')) ?? '';
      this.#local.record(
        target,
        { ...report, probe, cost: false, waitMs: -1 },
        localPolicy(policy),
        now,
      );
    }
    // A success on a target with no state changes nothing in Redis.
    if (healthy) return false;
    return this.#recordShared(target, report, policy, ids);
  }

  async #recordShared(
    target: string,
    report: AttemptReport,
    policy: TargetPolicy,
    ids: string[],
  ): Promise<boolean> {
    const reply = await this.#eval(RECORD_SCRIPT, target, policy, [
      report.ok ? '1' : '0',
      ids.find((id) => !id.startsWith('p')) ?? '',
      report.cost ? '1' : '0',
      report.unhealthy ? '1' : '0',
      String(Math.round(report.waitMs)),
      this.#reporterId,
      String(this.#minReporters),
      String(this.#quorumWindowMs),
    ]);
    return reply === 1 || reply === '1';
  }

  /** Whether this process keeps a breaker of its own: the shared one waits for a quorum. */
  #localBreaker(policy: TargetPolicy): boolean {
    return this.#minReporters > 1 && policy.failureThreshold > 0;
  }

  /** Whether the local tier may answer for `target` without Redis. */
  #knownHealthy(target: string, now: number): boolean {
    const until = this.#healthyUntil.get(target);
    return until !== undefined && now < until;
  }

  async #admitShared(target: string, policy: TargetPolicy, now: number): Promise<Admission> {
    const reply = await this.#eval(ADMIT_SCRIPT, target, policy, []);
    if (!Array.isArray(reply)) return GO;
    const [kind, waitMs, probe, pristine] = reply as unknown[];
    const name = typeof kind === 'number' ? KINDS[kind] : undefined;
    if (name === undefined || typeof waitMs !== 'number') return GO;
    if (pristine === 1 && this.#syncIntervalMs > 0) {
      // Bounded: a process that names endless targets keeps at most this many windows.
      if (this.#healthyUntil.size >= MAX_HEALTHY_TARGETS) this.#healthyUntil.clear();
      this.#healthyUntil.set(target, now + this.#syncIntervalMs);
    }
    return { kind: name, waitMs, probe: typeof probe === 'string' ? probe : '' };
  }

  /** Run a script; `undefined` when Redis failed (reported to onError). Never rejects. */
  async #eval(
    script: LuaScript,
    target: string,
    policy: TargetPolicy,
    extra: string[],
  ): Promise<unknown> {
    if (Date.now() < this.#pausedUntil) return undefined;
    const key = this.#prefix + target;
    const args = [
      String(policy.maxTokens),
      String(policy.tokenRatio),
      String(policy.failureThreshold),
      String(Math.round(policy.halfOpenAfterMs)),
      String(policy.successThreshold),
      String(Math.round(policy.probeLeaseMs)),
      String(this.#ttlMs),
      ...extra,
    ];
    try {
      return await bounded(
        this.#commandTimeoutMs,
        () => new Error(`no answer within ${this.#commandTimeoutMs} ms`),
        (signal) => script.run(this.#redis, key, args, signal),
      );
    } catch (cause) {
      this.#pausedUntil = Date.now() + this.#pauseAfterErrorMs;
      this.#report(target, cause);
      return undefined;
    }
  }

  #report(target: string, cause: unknown): void {
    if (!this.#onError) return;
    const error = AgentError.unavailable(
      'The retry state store (Redis) failed; the call went on without shared state',
      { code: 'RETRY_STATE_UNAVAILABLE', details: { target }, cause, captureStack: false },
    );
    try {
      this.#onError(error);
    } catch {
      // A throwing listener must not turn bookkeeping into a failed call.
    }
  }
}

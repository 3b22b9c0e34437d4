import { timerDelay } from '../core/timer-delay.js';
import { bounded, checkRedisOptions } from './redis-options.js';
import { AgentError } from '../core/agent-error.js';
import { RELEASED_TTL_MS } from '../idempotency/idempotency-store.js';
import type {
  ClaimHolder,
  ClaimResult,
  IdempotencyClaim,
  IdempotencyOutcome,
  IdempotencyRecord,
  IdempotencyState,
  IdempotencyStore,
} from '../idempotency/idempotency-store.js';
import { numberOption } from '../retry/check-option.js';
import type { LuaScript } from './lua-script.js';
import type { KeyedRedis, RedisClientLike } from './redis-client.js';

export type { RedisClientLike };
import { CLAIM_SCRIPT, RELEASE_SCRIPT, RENEW_SCRIPT, SETTLE_SCRIPT } from './redis-scripts.js';

/** Options of {@link RedisIdempotencyStore}. */
export interface RedisIdempotencyStoreOptions {
  /** Prefix of every key the store writes. Default `'agent-errors:idempotency:'`. */
  prefix?: string;
  /** How long a settled outcome is replayed. Default 24 hours. */
  ttlMs?: number;
  /** Every command fails as `unavailable` after this long. Default `2_000`. */
  commandTimeoutMs?: number;
  /** First delay between polls while waiting for another process; doubles each poll. Default `10`. */
  minPollMs?: number;
  /** Longest delay between polls. Default `250`. */
  maxPollMs?: number;
}

const WHERE = 'RedisIdempotencyStore';
const STATES: Record<string, IdempotencyState> = { p: 'pending', d: 'done', r: 'released' };
// Replies that mean "a Redis that is up told us no": a bug or a misconfiguration, not an outage.
const PERMANENT_REPLY = /^(ERR|WRONGTYPE|NOSCRIPT|NOPERM|WRONGPASS|NOAUTH)\b/;

// A lone surrogate (an unpaired half of a UTF-16 pair), or the escape character itself.
const NEEDS_ESCAPE = /%|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPED = /%(25|u[0-9A-F]{4})/g;

/**
 * `text` with every lone surrogate written as `%uD800` and `%` as `%25`; anything else as it is.
 * Redis and Lua see UTF-8, in which every lone surrogate becomes the same replacement character
 * (`order-\uD800` and `order-\uDFFF` would be one key, and a request id would never equal
 * itself after a round trip through cjson). Escaped, two different strings stay different
 * byte for byte, and well-formed text (almost all of it) is unchanged and readable in Redis.
 * @internal
 */
export function escapeText(text: string): string {
  return text.replace(NEEDS_ESCAPE, (c) =>
    c === '%' ? '%25' : `%u${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The inverse of {@link escapeText}. @internal */
export function unescapeText(text: string): string {
  return text.replace(ESCAPED, (_, code: string) =>
    code === '25' ? '%' : String.fromCharCode(parseInt(code.slice(1), 16)),
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timerDelay(ms)));
}

/**
 * An {@link IdempotencyStore} in Redis, for several server processes sharing one set of keys.
 * A claim is one atomic Lua script (get, and set with the fingerprint only when free), so two
 * processes hit with the same key at once run the work once. The pending state is a key with the
 * claim's lease as its expiry, visible to every process; duplicates poll it with doubling,
 * bounded delays. Outcomes are stored as JSON with the TTL (results must be JSON values).
 *
 * Every command is bounded by `commandTimeoutMs` (and aborted through node-redis's
 * `abortSignal`, so a command queued while offline is dropped, not run late). A Redis that is
 * down, restarting or unreachable surfaces as a retryable `unavailable` AgentError with code
 * `IDEMPOTENCY_STORE_UNAVAILABLE`, never as a hang. Attach an `'error'` listener to the client:
 * node-redis emits connection errors there while it reconnects.
 *
 * @example
 * import { createClient } from 'redis';
 * const client = createClient({ url: process.env.REDIS_URL });
 * client.on('error', (err) => log.warn(err));
 * await client.connect();
 * const store = new RedisIdempotencyStore(client, { ttlMs: 24 * 3_600_000 });
 * const createReport = withIdempotency(store, buildReport);
 */
export class RedisIdempotencyStore implements IdempotencyStore {
  readonly #redis: KeyedRedis;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #commandTimeoutMs: number;
  readonly #minPollMs: number;
  readonly #maxPollMs: number;

  constructor(client: RedisClientLike, options: RedisIdempotencyStoreOptions = {}) {
    const common = checkRedisOptions(WHERE, client, options, {
      prefix: 'agent-errors:idempotency:',
      ttlMs: 86_400_000,
      commandTimeoutMs: 2_000,
    });
    this.#redis = common.redis;
    this.#prefix = common.prefix;
    this.#ttlMs = common.ttlMs;
    this.#commandTimeoutMs = common.commandTimeoutMs;
    this.#minPollMs = numberOption(WHERE, 'minPollMs', options.minPollMs, { min: 1 }) ?? 10;
    this.#maxPollMs = numberOption(WHERE, 'maxPollMs', options.maxPollMs, { min: 1 }) ?? 250;
  }

  async claim(key: string, claim: IdempotencyClaim): Promise<ClaimResult> {
    const holder = JSON.stringify([escapeText(claim.requestId), claim.fingerprint]);
    const reply = await this.#run(CLAIM_SCRIPT, key, [
      holder,
      String(Math.max(1, Math.ceil(claim.leaseMs))),
    ]);
    if (typeof reply === 'number') return { claimed: true, token: reply };
    const record = parse(reply);
    if (!record) throw this.#corrupt(key);
    return { claimed: false, record };
  }

  async settle(
    key: string,
    requestId: string,
    outcome: IdempotencyOutcome,
    { keep, token }: { readonly keep: boolean } & ClaimHolder,
  ): Promise<boolean> {
    let text: string;
    try {
      text = JSON.stringify(outcome);
    } catch (cause) {
      throw AgentError.internal('The outcome cannot be stored as JSON', {
        code: 'IDEMPOTENCY_STORE_ERROR',
        cause,
        captureStack: false,
      });
    }
    const ttl = keep ? this.#ttlMs : Math.min(this.#ttlMs, RELEASED_TTL_MS);
    const reply = await this.#run(SETTLE_SCRIPT, key, [
      ...held(requestId, { token }),
      keep ? 'd' : 'r',
      text,
      String(ttl),
    ]);
    return reply === 1 || reply === '1';
  }

  async wait(
    key: string,
    { timeoutMs }: { readonly timeoutMs: number },
  ): Promise<IdempotencyRecord | undefined> {
    const deadline = Date.now() + timeoutMs;
    let delay = this.#minPollMs;
    for (;;) {
      const redisKey = this.#key(key);
      const reply = await this.#bounded('GET', (signal) =>
        this.#redis.send(redisKey, ['GET', redisKey], signal),
      );
      if (reply === null || reply === undefined) return undefined;
      const record = parse(reply);
      if (!record) throw this.#corrupt(key);
      const left = deadline - Date.now();
      if (record.state !== 'pending' || left <= 0) return record;
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, this.#maxPollMs);
    }
  }

  async renew(
    key: string,
    requestId: string,
    leaseMs: number,
    holder?: ClaimHolder,
  ): Promise<boolean> {
    const reply = await this.#run(RENEW_SCRIPT, key, [
      ...held(requestId, holder),
      String(Math.max(1, Math.ceil(leaseMs))),
    ]);
    return reply === 1 || reply === '1';
  }

  async release(key: string, requestId: string, holder?: ClaimHolder): Promise<boolean> {
    const reply = await this.#run(RELEASE_SCRIPT, key, held(requestId, holder));
    return reply === 1 || reply === '1';
  }

  /** The Redis key of `key`: prefixed, lone surrogates escaped (see {@link escapeText}). */
  #key(key: string): string {
    return this.#prefix + escapeText(key);
  }

  /** Run `script` on the Redis key of `key`. */
  #run(script: LuaScript, key: string, args: string[]): Promise<unknown> {
    const redisKey = this.#key(key);
    return this.#bounded('EVALSHA', (signal) => script.run(this.#redis, redisKey, args, signal));
  }

  /** Run `command`, bounded in time; failures become AgentErrors naming `name`. */
  async #bounded(
    name: string,
    command: (signal: AbortSignal) => Promise<unknown>,
  ): Promise<unknown> {
    try {
      return await bounded(
        this.#commandTimeoutMs,
        () =>
          AgentError.unavailable('The idempotency store (Redis) did not answer in time', {
            code: 'IDEMPOTENCY_STORE_UNAVAILABLE',
            details: { command: name, timeoutMs: this.#commandTimeoutMs },
            captureStack: false,
          }),
        command,
      );
    } catch (cause) {
      if (cause instanceof AgentError) throw cause;
      throw storeError(name, cause);
    }
  }

  #corrupt(key: string): AgentError {
    return AgentError.internal('An idempotency record in Redis is not in the expected format', {
      code: 'IDEMPOTENCY_STORE_ERROR',
      details: { key: this.#key(key) },
      captureStack: false,
    });
  }
}

/** The arguments that name a claim to the scripts: its request id and token ('' for any). */
function held(requestId: string, holder: ClaimHolder = {}): [string, string] {
  return [escapeText(requestId), holder.token === undefined ? '' : String(holder.token)];
}

function storeError(command: string, cause: unknown): AgentError {
  const message = cause instanceof Error ? cause.message : '';
  if (PERMANENT_REPLY.test(message)) {
    return AgentError.internal('The idempotency store (Redis) refused a command', {
      code: 'IDEMPOTENCY_STORE_ERROR',
      details: { command },
      cause,
      captureStack: false,
    });
  }
  return AgentError.unavailable('The idempotency store (Redis) is unavailable', {
    code: 'IDEMPOTENCY_STORE_UNAVAILABLE',
    details: { command },
    cause,
    captureStack: false,
  });
}

function parse(reply: unknown): IdempotencyRecord | undefined {
  const text =
    typeof reply === 'string'
      ? reply
      : reply instanceof Uint8Array
        ? new TextDecoder().decode(reply)
        : undefined;
  if (text === undefined) return undefined;
  const state = STATES[text.charAt(0)];
  if (!state) return undefined;
  try {
    const parts: unknown = JSON.parse(text.slice(1));
    if (!Array.isArray(parts)) return undefined;
    const [stored, fingerprint, ...rest] = parts as unknown[];
    if (typeof stored !== 'string' || typeof fingerprint !== 'string') return undefined;
    // The outcome follows the fencing token; records written before tokens have none.
    const outcome = typeof rest[0] === 'number' ? rest[1] : rest[0];
    const requestId = unescapeText(stored);
    if (state === 'pending') return { state, requestId, fingerprint };
    if (outcome === null || typeof outcome !== 'object') return undefined;
    return { state, requestId, fingerprint, outcome: outcome as IdempotencyOutcome };
  } catch {
    return undefined;
  }
}

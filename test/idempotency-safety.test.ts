import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../src/core/agent-error.js';
import type { IdempotencyStore } from '../src/idempotency/idempotency-store.js';
import { MemoryIdempotencyStore } from '../src/idempotency/memory-idempotency-store.js';
import { withIdempotency } from '../src/idempotency/with-idempotency.js';
import type { NodeRedisClientLike, RedisClientLike } from '../src/redis/redis-client.js';
import { CLAIM_SCRIPT } from '../src/redis/redis-scripts.js';
import {
  RedisIdempotencyStore,
  escapeText,
  unescapeText,
} from '../src/redis/redis-idempotency-store.js';
import { skipRedisTests, useRedisServer } from './helpers/redis-server.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await sleep(5);
  expect(condition()).toBe(true);
}

/** A store whose first claim is applied but whose caller never hears back (a timed-out call). */
function claimThatTimesOut(store: IdempotencyStore): IdempotencyStore {
  let first = true;
  return {
    claim: async (key, claim) => {
      const result = await store.claim(key, claim);
      if (!first) return result;
      first = false;
      throw AgentError.unavailable('The idempotency store did not answer in time', {
        code: 'IDEMPOTENCY_STORE_UNAVAILABLE',
      });
    },
    settle: (...args) => store.settle(...args),
    wait: (...args) => store.wait(...args),
    renew: (...args) => store.renew!(...args),
    release: (...args) => store.release!(...args),
  };
}

/** What every store must do, run against a fresh store in real time. */
function safetyContract(makeStore: () => IdempotencyStore): void {
  it('renews the lease of a handler that runs 3x longer than it: a duplicate waits and shares the outcome', async () => {
    let runs = 0;
    const leaseMs = 300;
    const call = withIdempotency(
      makeStore(),
      async (p: { n: number }) => {
        runs++;
        await sleep(leaseMs * 3);
        return { n: p.n, run: runs };
      },
      { leaseMs, waitTimeoutMs: 10_000 },
    );
    const first = call({ n: 1 }, { idempotencyKey: 'slow', requestId: 'job-1' });
    await until(() => runs === 1);
    await sleep(leaseMs / 3);
    const second = call({ n: 1 }, { idempotencyKey: 'slow', requestId: 'job-2' });
    // A third arrives after the first lease would have ended without renewal.
    await sleep(leaseMs * 1.5);
    const third = call({ n: 1 }, { idempotencyKey: 'slow', requestId: 'job-3' });
    const results = await Promise.all([first, second, third]);
    expect(runs).toBe(1);
    for (const result of results) expect(result).toEqual({ n: 1, run: 1 });
  });

  it('keeps keys and request ids with lone surrogates apart, byte for byte', async () => {
    const store = makeStore();
    let runs = 0;
    const call = withIdempotency(store, (p: { item: string }) =>
      Promise.resolve(`${p.item}:${++runs}`),
    );
    const high = 'order-\ud800';
    const low = 'order-\udfff';
    // Different inputs under the two keys: a collision would answer DUPLICATE_KEY.
    expect(await call({ item: 'a' }, { idempotencyKey: high, requestId: 'job-\ud800' })).toBe(
      'a:1',
    );
    expect(await call({ item: 'b' }, { idempotencyKey: low, requestId: 'job-\udfff' })).toBe('b:2');
    // Each key's outcome was recorded (settle matched its request id) and is replayed.
    expect(await call({ item: 'a' }, { idempotencyKey: high })).toBe('a:1');
    expect(await call({ item: 'b' }, { idempotencyKey: low })).toBe('b:2');
    expect(runs).toBe(2);
    // The request id comes back exactly as it was given.
    const conflict = await call({ item: 'c' }, { idempotencyKey: high }).catch((e: unknown) => e);
    expect(conflict).toMatchObject({ code: 'DUPLICATE_KEY', details: { requestId: 'job-\ud800' } });
    // A well-formed pair, and a key that spells an escape, are keys of their own too.
    expect(await call({ item: 'd' }, { idempotencyKey: 'order-\ud800\udfff' })).toBe('d:3');
    expect(await call({ item: 'e' }, { idempotencyKey: 'order-%uD800' })).toBe('e:4');
  });

  it('releases a claim whose claimant gave up (the claim call timed out), so a retry runs at once', async () => {
    let runs = 0;
    const storeErrors: unknown[] = [];
    const call = withIdempotency(
      claimThatTimesOut(makeStore()),
      () => Promise.resolve(++runs),
      // A retry left waiting for the orphaned claim would fail here with REQUEST_IN_PROGRESS.
      { leaseMs: 60_000, waitTimeoutMs: 1_000, onStoreError: (e) => storeErrors.push(e) },
    );
    const gaveUp = await call({}, { idempotencyKey: 'orphan', requestId: 'job-1' }).catch(
      (e: unknown) => e,
    );
    expect(gaveUp).toMatchObject({ code: 'IDEMPOTENCY_STORE_UNAVAILABLE', retryable: true });
    expect(runs).toBe(0);
    // The release is best effort and not awaited: give it a moment.
    await sleep(50);
    expect(await call({}, { idempotencyKey: 'orphan', requestId: 'job-1' })).toBe(1);
    expect(await call({}, { idempotencyKey: 'orphan', requestId: 'job-2' })).toBe(1);
    expect(runs).toBe(1);
    expect(storeErrors).toEqual([]);
  });

  it('hands every caller its own copy of the result', async () => {
    const call = withIdempotency(makeStore(), () => Promise.resolve({ items: ['a'] }));
    const first = await call({}, { idempotencyKey: 'copy' });
    first.items.push('changed by the first caller');
    const second = await call({}, { idempotencyKey: 'copy' });
    expect(second).toEqual({ items: ['a'] });
    second.items.push('changed by the second caller');
    expect(await call({}, { idempotencyKey: 'copy' })).toEqual({ items: ['a'] });
  });
}

describe('idempotency that holds: MemoryIdempotencyStore', () => {
  safetyContract(() => new MemoryIdempotencyStore());

  it('shares a result structuredClone cannot copy as it is', async () => {
    const result = { run: () => 'still here' };
    const call = withIdempotency(new MemoryIdempotencyStore(), () => Promise.resolve(result));
    await call({}, { idempotencyKey: 'fn' });
    expect(await call({}, { idempotencyKey: 'fn' })).toBe(result);
  });

  it('renews and releases only the claim the request holds', async () => {
    const store = new MemoryIdempotencyStore();
    await store.claim('k', { fingerprint: 'f', requestId: 'a', leaseMs: 1_000 });
    expect(await store.renew('k', 'b', 1_000)).toBe(false);
    expect(await store.release('k', 'b')).toBe(false);
    expect(await store.renew('k', 'a', 1_000)).toBe(true);
    const waiter = store.wait('k', { timeoutMs: 60_000 });
    expect(await store.release('k', 'a')).toBe(true);
    expect(await waiter).toBeUndefined();
    expect(
      await store.claim('k', { fingerprint: 'f', requestId: 'b', leaseMs: 1_000 }),
    ).toMatchObject({ claimed: true });
  });
});

describe('escapeText (Redis keys and request ids)', () => {
  it('is lossless and keeps different strings different', () => {
    const samples = [
      'order-\ud800',
      'order-\udfff',
      'order-\ufffd',
      'order-\ud800\udfff',
      '%uD800',
      '%25',
      'plain',
      'héllo ✓',
      '\udfff\ud800',
    ];
    const escaped = samples.map(escapeText);
    expect(new Set(escaped).size).toBe(samples.length);
    for (const [i, text] of samples.entries()) {
      expect(unescapeText(escaped[i]!)).toBe(text);
      // No lone surrogate is left for UTF-8 to replace.
      expect(Buffer.from(escaped[i]!, 'utf8').toString('utf8')).toBe(escaped[i]);
    }
    expect(escapeText('héllo ✓')).toBe('héllo ✓');
  });
});

describe.skipIf(skipRedisTests())(
  'idempotency that holds: RedisIdempotencyStore (real redis-server)',
  () => {
    const redis = useRedisServer();
    const makeStore = (client: RedisClientLike = redis().client) =>
      new RedisIdempotencyStore(client, { prefix: `test:${randomUUID()}:`, commandTimeoutMs: 200 });

    safetyContract(() => makeStore());

    it('releases a claim Redis applied after its command timed out on the client', async () => {
      const real = redis().client;
      let slowClaims = 1;
      // The first claim reaches Redis and runs, but its reply comes after commandTimeoutMs.
      const claimScript = [await CLAIM_SCRIPT.sha(), CLAIM_SCRIPT.source];
      const slow: NodeRedisClientLike = {
        sendCommand: async (args, options) => {
          const reply = await real.sendCommand(args);
          if (claimScript.includes(args[1] ?? '') && slowClaims-- > 0) await sleep(400);
          void options;
          return reply;
        },
      };
      let runs = 0;
      const call = withIdempotency(makeStore(slow), () => Promise.resolve(++runs), {
        waitTimeoutMs: 1_000,
      });
      await expect(call({}, { idempotencyKey: 'late', requestId: 'job-1' })).rejects.toMatchObject({
        code: 'IDEMPOTENCY_STORE_UNAVAILABLE',
      });
      await sleep(500);
      expect(await call({}, { idempotencyKey: 'late', requestId: 'job-1' })).toBe(1);
      expect(runs).toBe(1);
    });
  },
);

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { retry } from '../retry/retry.js';
import { retryStopOf } from '../retry/retry-error.js';
import { retryStateContract } from '../../test/helpers/retry-state-contract.js';
import { connectRedis, skipRedisTests, useRedisServer } from '../../test/helpers/redis-server.js';
import { RedisRetryStateStore } from './redis-retry-state-store.js';

describe.skipIf(skipRedisTests())('RedisRetryStateStore (real redis-server)', () => {
  const redis = useRedisServer();
  const store = (options = {}) =>
    new RedisRetryStateStore(redis().client, { prefix: `test:${randomUUID()}:`, ...options });

  describe('the store contract', () => {
    retryStateContract(() => store());
  });

  describe('the store contract, any one process opening the shared breaker (minReporters: 1)', () => {
    retryStateContract(() => store({ minReporters: 1 }));
  });

  const options = { target: 'api.example', breaker: { failureThreshold: 2 }, maxAttempts: 1 };
  const fail = (state: RedisRetryStateStore) =>
    retry(
      () => {
        throw AgentError.unavailable('down');
      },
      { ...options, state },
    ).catch(() => {});
  /** What a call through `state` ends with: `'called'`, or the reason retry stopped. */
  const attempt = async (state: RedisRetryStateStore) => {
    let called = false;
    const error = await retry(() => (called = true), { ...options, state }).catch(
      (e: unknown) => e,
    );
    return called ? 'called' : retryStopOf(error)?.reason;
  };

  it('is a drop-in for retry: two stores on one Redis share a target', async () => {
    const prefix = `test:${randomUUID()}:`;
    const [a, b, c] = [0, 1, 2].map(() => new RedisRetryStateStore(redis().client, { prefix }));
    if (!a || !b || !c) throw new Error('no stores');
    await fail(a);
    await fail(b);
    expect(await attempt(c)).toBe('circuit_open');
  });

  it('quorum: one process’s failures open its own breaker only; a second’s open the fleet’s', async () => {
    const prefix = `test:${randomUUID()}:`;
    const [sick, healthy, other] = [0, 1, 2].map(
      () => new RedisRetryStateStore(redis().client, { prefix }),
    );
    if (!sick || !healthy || !other) throw new Error('no stores');
    for (let i = 0; i < 4; i++) await fail(sick);
    expect(await attempt(sick)).toBe('circuit_open');
    expect(await attempt(healthy)).toBe('called');
    // The healthy call's success reset the fleet's count of consecutive failures; a second
    // process reaches the threshold again, and with the first's report still inside the
    // window, two processes make the quorum.
    await fail(other);
    await fail(other);
    expect(await attempt(healthy)).toBe('circuit_open');
  });

  it('keeps a target only while it matters, and forgets it at rest', async () => {
    const prefix = `test:${randomUUID()}:`;
    const s = new RedisRetryStateStore(redis().client, { prefix, ttlMs: 60_000 });
    await retry(() => 'ok', { target: 't', state: s });
    expect(await redis().client.exists(`${prefix}t`)).toBe(0);
    await retry(
      () => {
        throw AgentError.rateLimited('slow', { retryAfterMs: 5_000 });
      },
      { target: 't', state: s, maxAttempts: 1 },
    ).catch(() => {});
    const ttl = await redis().client.pTTL(`${prefix}t`);
    expect(ttl).toBeGreaterThan(5_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  /** How many scripts Redis has run so far (EVALSHA and EVAL, from INFO commandstats). */
  const scriptsRun = async (): Promise<number> => {
    const info: unknown = await redis().client.sendCommand(['INFO', 'commandstats']);
    if (typeof info !== 'string') throw new TypeError('INFO answered with no text');
    let calls = 0;
    for (const m of info.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)) calls += Number(m[1]);
    return calls;
  };

  describe('the local tier', () => {
    it('a healthy target costs one round trip per syncIntervalMs, not two per call', async () => {
      const s = store();
      const before = await scriptsRun();
      const started = Date.now();
      for (let i = 0; i < 200; i++) await retry(() => i, { target: 'healthy', state: s });
      const windows = 1 + Math.ceil((Date.now() - started) / 1_000);
      expect(await scriptsRun()).toBeLessThanOrEqual(before + windows);
    });

    it('a failure goes to Redis at once; other processes see the fleet state at most syncIntervalMs late', async () => {
      const prefix = `test:${randomUUID()}:`;
      const make = () =>
        new RedisRetryStateStore(redis().client, { prefix, minReporters: 1, syncIntervalMs: 150 });
      const [cached, failing] = [make(), make()];
      expect(await attempt(cached)).toBe('called'); // Redis said: no state; a window opens
      await fail(failing);
      await fail(failing); // the fleet's breaker is open now
      expect(await attempt(failing)).toBe('circuit_open');
      // Inside its window the cached process still goes (the documented staleness)…
      expect(await attempt(cached)).toBe('called');
      await new Promise((resolve) => setTimeout(resolve, 200));
      // …and after it, it asks Redis again and sees the open breaker.
      expect(await attempt(cached)).toBe('circuit_open');
      // A failure inside a window is reported at once: it counts towards the fleet's breaker.
      const prefix2 = `test:${randomUUID()}:`;
      const a = new RedisRetryStateStore(redis().client, { prefix: prefix2, minReporters: 1 });
      const b = new RedisRetryStateStore(redis().client, { prefix: prefix2, minReporters: 1 });
      expect(await attempt(a)).toBe('called');
      await fail(a);
      await fail(a);
      expect(await attempt(b)).toBe('circuit_open');
    });

    it('syncIntervalMs: 0 asks Redis on every call', async () => {
      const s = store({ syncIntervalMs: 0 });
      const before = await scriptsRun();
      for (let i = 0; i < 10; i++) await retry(() => i, { target: 'every', state: s });
      expect(await scriptsRun()).toBe(before + 20);
    });
  });

  it('fails open when Redis is down: calls go on, onError hears about it', async () => {
    const { server } = redis();
    const own = await connectRedis(server.url);
    const errors: AgentError[] = [];
    const s = new RedisRetryStateStore(own, {
      prefix: `test:${randomUUID()}:`,
      commandTimeoutMs: 300,
      onError: (e) => errors.push(e),
    });
    try {
      await server.stop();
      const results = await Promise.all(
        [1, 2, 3].map(() => retry(() => 'still works', { target: 'x', state: s })),
      );
      expect(results).toEqual(['still works', 'still works', 'still works']);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatchObject({
        category: 'unavailable',
        code: 'RETRY_STATE_UNAVAILABLE',
        details: { target: 'x' },
      });
    } finally {
      await server.start();
      own.destroy();
    }
  }, 20_000);

  it('rejects bad options by name', () => {
    expect(() => new RedisRetryStateStore({} as never)).toThrow(/client must be a Redis client/);
    expect(() => store({ ttlMs: 0 })).toThrow(/ttlMs must be an integer >= 1/);
    expect(() => store({ onError: 'log' })).toThrow(/onError must be a function/);
    expect(() => store({ minReporters: 0 })).toThrow(/minReporters must be an integer >= 1/);
    expect(() => store({ reporterId: '' })).toThrow(/reporterId must be a non-empty string/);
    expect(() => store({ syncIntervalMs: -1 })).toThrow(/syncIntervalMs must be a number >= 0/);
  });
});

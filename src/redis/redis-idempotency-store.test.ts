import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAgentError } from '../core/agent-error.js';
import { withIdempotency } from '../idempotency/with-idempotency.js';
import { retry } from '../retry/retry.js';
import { deferred, storeContract } from '../../test/helpers/idempotency-store-contract.js';
import { connectRedis, skipRedisTests, useRedisServer } from '../../test/helpers/redis-server.js';
import { ensureDist } from '../../test/helpers/dist.js';
import { RedisIdempotencyStore } from './redis-idempotency-store.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const worker = fileURLToPath(
  new URL('../../test/fixtures/redis-idempotency-worker.mjs', import.meta.url),
);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.skipIf(skipRedisTests())('RedisIdempotencyStore (real redis-server)', () => {
  // DEBUG SLEEP stalls the server as a long GC pause or a stopped VM would.
  const redis = useRedisServer({ args: () => ['--enable-debug-command', 'local'] });

  describe('through withIdempotency', () => {
    storeContract(() => ({
      makeStore: (ttlMs) =>
        new RedisIdempotencyStore(redis().client, { ttlMs, prefix: `test:${randomUUID()}:` }),
      advance: sleep,
      clock: { now: () => Date.now() },
      shortTtlMs: 200,
    }));
  });

  it('keeps JSON results exactly (large numbers, unicode, nesting)', async () => {
    const store = new RedisIdempotencyStore(redis().client, { prefix: `test:${randomUUID()}:` });
    const value = {
      big: 2 ** 53 - 1,
      pi: Math.PI,
      text: 'héllo ✓ "quoted" ]',
      list: [null, { a: [] }],
    };
    const call = withIdempotency(store, () => Promise.resolve(value));
    await call({}, { idempotencyKey: 'exact' });
    expect(await call({}, { idempotencyKey: 'exact' })).toEqual(value);
  });

  it('runs the work once when two server processes get the same key at once', async () => {
    ensureDist(); // the workers import the built package
    const key = `order-${randomUUID()}`;
    const start = (name: string): ChildProcessWithoutNullStreams =>
      spawn(process.execPath, [worker, redis().server.url, key, name], { cwd: root });
    const children = [start('A'), start('B')];
    try {
      const outputs = children.map((child) => {
        const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
        return async (): Promise<string> => {
          const next = await Promise.race([
            lines.next(),
            sleep(15_000).then(() => ({ done: true, value: undefined }) as const),
          ]);
          if (next.done) throw new Error('worker said nothing within 15 s');
          return next.value;
        };
      });
      for (const read of outputs) expect(await read()).toBe('ready');
      for (const child of children) child.stdin.write('go\n');
      const results = await Promise.all(
        outputs.map(async (read) => JSON.parse(await read()) as unknown),
      );
      const [a, b] = results;
      expect(a).toMatchObject({ ok: true, result: { runs: 1, item: 'widget' } });
      expect(b).toEqual(a);
      expect(await redis().client.get(`fixture:runs:${key}`)).toBe('1');
    } finally {
      for (const child of children) child.kill();
    }
  }, 60_000);

  it('surfaces a Redis outage as a retryable unavailable error, not a hang, and recovers', async () => {
    const { server } = redis();
    const own = await connectRedis(server.url);
    try {
      const storeErrors: unknown[] = [];
      const store = new RedisIdempotencyStore(own, {
        prefix: `test:${randomUUID()}:`,
        commandTimeoutMs: 500,
      });
      const gate = deferred<void>();
      let runs = 0;
      const call = withIdempotency(
        store,
        async () => {
          runs++;
          await gate.promise;
          return runs;
        },
        { onStoreError: (e) => storeErrors.push(e) },
      );
      // One request holds the key; a duplicate is polling it when Redis goes away.
      const holder = call({}, { idempotencyKey: 'outage' });
      for (let i = 0; i < 100 && runs === 0; i++) await sleep(10);
      const waiter = call({}, { idempotencyKey: 'outage' }).catch((e: unknown) => e);
      await sleep(50);
      await server.stop();

      const began = Date.now();
      const waited = await waiter;
      const fresh = await call({}, { idempotencyKey: 'another' }).catch((e: unknown) => e);
      expect(Date.now() - began).toBeLessThan(10_000);
      for (const error of [waited, fresh]) {
        expect(isAgentError(error)).toBe(true);
        expect(error).toMatchObject({
          category: 'unavailable',
          retryable: true,
          code: 'IDEMPOTENCY_STORE_UNAVAILABLE',
        });
      }

      // The holder's work finished: its caller still gets the result; recording it failed.
      gate.resolve();
      expect(await holder).toBe(1);
      expect(storeErrors).toHaveLength(1);
      expect(storeErrors[0]).toMatchObject({ category: 'unavailable' });

      // Redis comes back (empty); retrying on `unavailable` gets through once the client reconnects.
      await server.start();
      const result = await retry(() => call({}, { idempotencyKey: 'after' }), {
        maxAttempts: 100,
        baseDelayMs: 50,
        maxDelayMs: 200,
        maxElapsedMs: 15_000,
      });
      expect(result).toBe(2);
    } finally {
      own.destroy();
    }
  }, 40_000);

  it('fences a run that outlived its lease while Redis stalled: LEASE_LOST, the next result stands', async () => {
    const store = new RedisIdempotencyStore(redis().client, { prefix: `test:${randomUUID()}:` });
    const gates = [deferred<void>(), deferred<void>()];
    let runs = 0;
    const call = withIdempotency(
      store,
      async () => {
        const run = ++runs;
        await gates[run - 1]?.promise;
        return { run };
      },
      { leaseMs: 300 },
    );
    const context = { idempotencyKey: 'paused', principal: 'tenant-1', requestId: 'job-1' };
    const first = call({ item: 'widget' }, context).catch((e: unknown) => e);
    for (let i = 0; i < 100 && runs === 0; i++) await sleep(10);
    // Redis stops for two leases: the heartbeat's renewal waits in its queue, and when Redis
    // wakes up the claim has expired, so the renewal finds it gone.
    await redis().client.sendCommand(['DEBUG', 'SLEEP', '0.6']);
    const second = call({ item: 'widget' }, context);
    for (let i = 0; i < 100 && runs === 1; i++) await sleep(10);
    expect(runs).toBe(2);
    gates[0]?.resolve();
    expect(await first).toMatchObject({
      code: 'LEASE_LOST',
      category: 'conflict',
      retryable: false,
    });
    gates[1]?.resolve();
    expect(await second).toEqual({ run: 2 });
    expect(await call({ item: 'widget' }, context)).toEqual({ run: 2 });
  });

  it('rejects bad options by name', () => {
    expect(() => new RedisIdempotencyStore({} as never)).toThrow(/client must be a Redis client/);
    expect(() => new RedisIdempotencyStore(redis().client, { commandTimeoutMs: 0 })).toThrow(
      /commandTimeoutMs/,
    );
  });
});

import { expect, it } from 'vitest';
import { AgentError } from '../../src/core/agent-error.js';
import type { IdempotencyStore } from '../../src/idempotency/idempotency-store.js';
import { withIdempotency } from '../../src/idempotency/with-idempotency.js';
import type { WithIdempotencyOptions } from '../../src/idempotency/with-idempotency.js';

export interface StoreHarness {
  /** A fresh store (fresh namespace) whose settled outcomes live `ttlMs`. */
  makeStore(ttlMs: number): IdempotencyStore;
  /** Let `ms` pass for the store and for `clock`. */
  advance(ms: number): Promise<void>;
  /** The clock `withIdempotency` should use for its wait deadline. */
  clock: { now(): number };
  /** A TTL short enough to wait out in a test (real time for Redis). */
  shortTtlMs: number;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Params = { week: string; _meta?: { idempotencyKey?: string } };
type Context = { idempotencyKey?: string; principal?: string; requestId?: string };

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

/** The behaviour every IdempotencyStore must show through withIdempotency. */
export function storeContract(harness: () => StoreHarness): void {
  const setup = (
    handler: (p: Params, c: Context) => Promise<unknown>,
    options: WithIdempotencyOptions<Params, Context> = {},
  ) => {
    const h = harness();
    const store = h.makeStore(60_000);
    return { h, store, call: withIdempotency(store, handler, { clock: h.clock, ...options }) };
  };

  it('runs the work once for concurrent duplicates, which all get its result', async () => {
    const gate = deferred<void>();
    let runs = 0;
    const { call } = setup(async (p) => {
      runs++;
      await gate.promise;
      return { report: p.week, run: runs };
    });
    const calls = Array.from({ length: 5 }, (_, i) =>
      call({ week: 'W19' }, { idempotencyKey: 'k1', principal: 'alice', requestId: `r${i}` }),
    );
    await until(() => runs === 1);
    gate.resolve();
    const results = await Promise.all(calls);
    expect(runs).toBe(1);
    for (const result of results) expect(result).toEqual({ report: 'W19', run: 1 });
    // A later duplicate is answered from the store.
    expect(await call({ week: 'W19' }, { idempotencyKey: 'k1', principal: 'alice' })).toEqual({
      report: 'W19',
      run: 1,
    });
    expect(runs).toBe(1);
  });

  it('answers the same key with a different input with DUPLICATE_KEY naming the first request', async () => {
    const { call } = setup((p) => Promise.resolve(p.week));
    await call({ week: 'W19' }, { idempotencyKey: 'k2', requestId: 'job-1' });
    const error = await call({ week: 'W20' }, { idempotencyKey: 'k2', requestId: 'job-2' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'DUPLICATE_KEY',
      category: 'conflict',
      retryable: false,
      details: { idempotencyKey: 'k2', requestId: 'job-1' },
    });
  });

  it('keys by principal and reads the key from params._meta', async () => {
    let runs = 0;
    const { call } = setup((p) => Promise.resolve(`${p.week}:${++runs}`));
    const meta = { week: 'W19', _meta: { idempotencyKey: 'k3' } };
    expect(await call(meta, { principal: 'alice' })).toBe('W19:1');
    expect(await call({ ...meta, _meta: { idempotencyKey: 'k3' } }, { principal: 'alice' })).toBe(
      'W19:1',
    );
    expect(await call(meta, { principal: 'bob' })).toBe('W19:2');
    // Without a key, every call runs.
    expect(await call({ week: 'W19' }, {})).toBe('W19:3');
    expect(await call({ week: 'W19' }, {})).toBe('W19:4');
  });

  it('lets a retry run again after a retryable failure; waiters share that failure', async () => {
    const gate = deferred<void>();
    let runs = 0;
    const { call, store } = setup(async () => {
      runs++;
      if (runs === 1) {
        await gate.promise;
        throw AgentError.unavailable('db down');
      }
      return 'ok';
    });
    // The failure is released only once the second caller waits on the key: on a loaded
    // machine its claim could otherwise come after the first run failed, and run again.
    let waiting = 0;
    const wait = store.wait.bind(store);
    store.wait = (key, options) => {
      waiting++;
      return wait(key, options);
    };
    const first = call({ week: 'W19' }, { idempotencyKey: 'k4' }).catch((e: unknown) => e);
    const waiter = call({ week: 'W19' }, { idempotencyKey: 'k4' }).catch((e: unknown) => e);
    await until(() => runs === 1 && waiting === 1);
    gate.resolve();
    expect(await first).toMatchObject({ code: 'UNAVAILABLE', message: 'db down' });
    expect(await waiter).toMatchObject({
      code: 'UNAVAILABLE',
      category: 'unavailable',
      retryable: true,
    });
    expect(await call({ week: 'W19' }, { idempotencyKey: 'k4' })).toBe('ok');
    expect(runs).toBe(2);
  });

  it('keeps a non-retryable verdict and replays it without running again', async () => {
    let runs = 0;
    const { call } = setup(() => {
      runs++;
      return Promise.reject(
        AgentError.validation('week is in the future', { details: { field: 'week' } }),
      );
    });
    const first = await call({ week: 'W99' }, { idempotencyKey: 'k5' }).catch((e: unknown) => e);
    const again = await call({ week: 'W99' }, { idempotencyKey: 'k5' }).catch((e: unknown) => e);
    expect(runs).toBe(1);
    expect(first).toBeInstanceOf(AgentError);
    expect(again).toBeInstanceOf(AgentError);
    expect(again).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'week is in the future',
      details: { field: 'week' },
    });
  });

  it('never replays the message of an unexpected error', async () => {
    const gate = deferred<void>();
    let runs = 0;
    const { call } = setup(
      async () => {
        runs++;
        await gate.promise;
        throw new Error('ENOENT /srv/secret/path token=abc');
      },
      { cacheFailure: () => true },
    );
    // Both calls race for the claim; over a real store (Redis) either can win it, so
    // the test asks for one caller with its own error and one with the shared verdict.
    const outcomes = [
      call({ week: 'W1' }, { idempotencyKey: 'k6' }).catch((e: unknown) => e),
      call({ week: 'W1' }, { idempotencyKey: 'k6' }).catch((e: unknown) => e),
    ];
    await until(() => runs === 1);
    gate.resolve();
    const errors = (await Promise.all(outcomes)) as Error[];
    expect(runs).toBe(1);
    const own = errors.filter((e) => e.message.includes('/srv/secret'));
    const shared = errors.filter((e) => !e.message.includes('/srv/secret')) as AgentError[];
    expect(own).toHaveLength(1);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.category).toBe('internal');
    expect(shared[0]!.message).not.toContain('secret');
  });

  it('forgets outcomes after the TTL', async () => {
    const h = harness();
    const store = h.makeStore(h.shortTtlMs);
    let runs = 0;
    const call = withIdempotency(store, () => Promise.resolve(++runs), { clock: h.clock });
    expect(await call({}, { idempotencyKey: 'k7' })).toBe(1);
    expect(await call({}, { idempotencyKey: 'k7' })).toBe(1);
    await h.advance(h.shortTtlMs * 2);
    expect(await call({}, { idempotencyKey: 'k7' })).toBe(2);
  });

  it('gives up waiting with a retryable REQUEST_IN_PROGRESS', async () => {
    const gate = deferred<void>();
    let runs = 0;
    const h = harness();
    const call = withIdempotency(
      h.makeStore(60_000),
      async () => {
        runs++;
        await gate.promise;
        return 'late';
      },
      // A synchronous fingerprint keeps the waiter's steps on the microtask queue (manual clocks).
      { clock: h.clock, waitTimeoutMs: h.shortTtlMs, fingerprintOf: () => 'same-input' },
    );
    const first = call({}, { idempotencyKey: 'k8', requestId: 'job-8' });
    await until(() => runs === 1);
    const waiter = call({}, { idempotencyKey: 'k8' }).catch((e: unknown) => e);
    await h.advance(h.shortTtlMs * 2);
    expect(await waiter).toMatchObject({
      code: 'REQUEST_IN_PROGRESS',
      retryable: true,
      details: { requestId: 'job-8' },
    });
    gate.resolve();
    expect(await first).toBe('late');
  });

  it('fences a run whose lease ran out: its result is refused with LEASE_LOST, the next run’s stands', async () => {
    const h = harness();
    const inner = h.makeStore(60_000);
    // A heartbeat that stalled (the store without renew): the lease runs out while A still runs.
    const stalled: IdempotencyStore = {
      claim: (key, claim) => inner.claim(key, claim),
      settle: (key, requestId, outcome, options) => inner.settle(key, requestId, outcome, options),
      wait: (key, options) => inner.wait(key, options),
    };
    const gates = [deferred<void>(), deferred<void>()];
    let runs = 0;
    const handler = async () => {
      const run = ++runs;
      await gates[run - 1]?.promise;
      return `run ${run}`;
    };
    const options = { clock: h.clock, fingerprintOf: () => 'same-input' };
    // A's lease runs out while A runs. B, the retry on another worker, holds a lease far longer
    // than the test, so that on a slow machine only A's lease lapses (B's has no heartbeat either).
    const call = withIdempotency(stalled, handler, { ...options, leaseMs: h.shortTtlMs / 2 });
    const retry = withIdempotency(stalled, handler, { ...options, leaseMs: h.shortTtlMs * 100 });
    // The same request id both times: a client's retry that reached another worker. Only the
    // fencing token tells the two claims apart.
    const context = { idempotencyKey: 'fenced', requestId: 'job-1' };
    const first = call({ week: 'W1' }, context).catch((e: unknown) => e);
    await until(() => runs === 1);
    await h.advance(h.shortTtlMs);
    const second = retry({ week: 'W1' }, context);
    await until(() => runs === 2);
    // A finishes while B holds the key: A's result must not become the key's.
    gates[0]?.resolve();
    expect(await first).toMatchObject({
      code: 'LEASE_LOST',
      category: 'conflict',
      retryable: false,
      details: { idempotencyKey: 'fenced', requestId: 'job-1' },
    });
    gates[1]?.resolve();
    expect(await second).toBe('run 2');
    expect(await call({ week: 'W1' }, context)).toBe('run 2');
    expect(runs).toBe(2);
  });

  it('hands out a fencing token that grows with every claim of a key', async () => {
    const h = harness();
    const store = h.makeStore(60_000);
    const tokens: number[] = [];
    for (const requestId of ['a', 'b', 'c']) {
      const claim = await store.claim('tokens', { fingerprint: 'f', requestId, leaseMs: 60_000 });
      if (!claim.claimed || claim.token === undefined)
        throw new Error('expected a claim with a token');
      tokens.push(claim.token);
      // Settled as a retryable failure (released): the next claim takes the key again.
      const failed = { ok: false as const, error: { name: 'AgentError', message: 'x' } };
      expect(
        await store.settle('tokens', requestId, failed, { keep: false, token: claim.token }),
      ).toBe(true);
    }
    expect(tokens[1]).toBeGreaterThan(tokens[0] ?? Infinity);
    expect(tokens[2]).toBeGreaterThan(tokens[1] ?? Infinity);
    expect(tokens.every(Number.isSafeInteger)).toBe(true);
  });
}

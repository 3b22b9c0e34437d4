import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../test/helpers/manual-clock.js';
import { storeContract } from '../../test/helpers/idempotency-store-contract.js';
import { MemoryIdempotencyStore } from './memory-idempotency-store.js';

describe('MemoryIdempotencyStore through withIdempotency', () => {
  storeContract(() => {
    const clock = createManualClock();
    return {
      makeStore: (ttlMs) => new MemoryIdempotencyStore({ ttlMs, clock }),
      advance: (ms) => clock.advance(ms),
      clock,
      shortTtlMs: 1_000,
    };
  });
});

describe('MemoryIdempotencyStore', () => {
  const claim = (requestId: string) => ({ fingerprint: 'f', requestId, leaseMs: 1_000 });
  const ok = { ok: true as const, value: 1 };

  it('evicts the least recently used settled entries, never running ones', async () => {
    const clock = createManualClock();
    const store = new MemoryIdempotencyStore({ maxEntries: 3, clock });
    await store.claim('running', claim('r0'));
    for (const key of ['a', 'b', 'c']) {
      await store.claim(key, claim(key));
      await store.settle(key, key, ok, { keep: true });
    }
    expect(store.size).toBe(3);
    // 'a' was evicted first (oldest settled); 'running' stayed.
    expect(await store.claim('a', claim('a2'))).toMatchObject({ claimed: true });
    expect(await store.claim('running', claim('x'))).toMatchObject({ claimed: false });
    await store.claim('b', claim('b2')); // touch 'b': now 'c' is the least recently used
    await store.claim('d', claim('d'));
    await store.settle('d', 'd', ok, { keep: true });
    expect(await store.claim('c', claim('c2'))).toMatchObject({ claimed: true });
    expect(store.size).toBeLessThanOrEqual(4);
  });

  it('frees a claim whose lease ended and wakes its waiters', async () => {
    const clock = createManualClock();
    const store = new MemoryIdempotencyStore({ clock });
    await store.claim('k', claim('crashed'));
    const waited = store.wait('k', { timeoutMs: 60_000 });
    await clock.advance(1_000);
    expect(await waited).toBeUndefined();
    expect(await store.claim('k', claim('next'))).toMatchObject({ claimed: true });
    expect(await store.settle('k', 'crashed', ok, { keep: true })).toBe(false);
    expect(await store.settle('k', 'next', ok, { keep: true })).toBe(true);
  });

  it('rejects bad options by name', () => {
    expect(() => new MemoryIdempotencyStore({ maxEntries: 0 })).toThrow(/maxEntries/);
    expect(() => new MemoryIdempotencyStore({ ttlMs: -1 })).toThrow(/ttlMs/);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentError } from '../src/core/agent-error.js';
import { MAX_TIMER_MS, timerDelay } from '../src/core/timer-delay.js';
import { MemoryIdempotencyStore } from '../src/idempotency/memory-idempotency-store.js';
import { withIdempotency } from '../src/idempotency/with-idempotency.js';
import { systemClock } from '../src/retry/clock.js';
import { retry } from '../src/retry/retry.js';

const HUGE_MS = 2 ** 40;

describe('delays longer than a timer can wait', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error): void => {
    warnings.push(warning);
  };
  beforeEach(() => {
    warnings.length = 0;
    process.on('warning', onWarning);
  });
  afterEach(() => {
    process.off('warning', onWarning);
  });
  const overflowWarnings = (): Error[] =>
    warnings.filter((w) => w.name === 'TimeoutOverflowWarning');

  it('clamps to 2^31 − 1 ms and reads NaN and negatives as 0', () => {
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
    expect(timerDelay(HUGE_MS)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Infinity)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(1_500)).toBe(1_500);
  });

  it('retry() never hands setTimeout a server wait of 2^40 ms (no burst of 1-ms retries)', async () => {
    let attempts = 0;
    const failure = await retry(
      () => {
        attempts++;
        throw AgentError.rateLimited('slow down', { retryAfterMs: HUGE_MS });
      },
      { maxAttempts: 50, baseDelayMs: 1 },
    ).catch((e: unknown) => e);
    expect(attempts).toBe(1);
    expect(failure).toMatchObject({ reason: 'retry_after_too_long' });
    // A clock's timer never gets more than a timer can wait, whatever it is asked for.
    const handle = systemClock.setTimeout(() => {}, HUGE_MS);
    systemClock.clearTimeout(handle);
    await new Promise((resolve) => setImmediate(resolve));
    expect(overflowWarnings()).toEqual([]);
  });

  it('the idempotency wait with a 2^40 ms timeout and lease does not fire after 1 ms', async () => {
    const store = new MemoryIdempotencyStore();
    let waits = 0;
    const wait = store.wait.bind(store);
    store.wait = (key, options) => {
      waits++;
      return wait(key, options);
    };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const call = withIdempotency(
      store,
      async () => {
        runs++;
        await gate;
        return 'done';
      },
      { leaseMs: HUGE_MS, waitTimeoutMs: HUGE_MS },
    );
    const first = call({}, { idempotencyKey: 'k' });
    const second = call({}, { idempotencyKey: 'k' });
    // Long enough for a 1-ms timer to have fired many times over.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(runs).toBe(1);
    // One wait, woken by the settle: not a loop of waits each cut short after 1 ms.
    expect(waits).toBe(1);
    expect(overflowWarnings()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { ERROR_CATEGORIES } from '../core/categories.js';
import { decode } from '../front/decode.js';
import { startRetry } from '../../test/helpers/retry-run.js';
import { createManualClock } from '../../test/helpers/manual-clock.js';
import type { RetryAttempt } from './attempt.js';
import { MemoryRetryStateStore } from './memory-retry-state.js';
import { DEFAULT_MAX_ELAPSED_MS } from './options.js';
import type { GovernorEvent } from './options.js';
import { grpcTimeout, mcpRequestOptions } from './deadline.js';
import { decorrelatedDelay } from './backoff.js';
import { FALLBACK_CATEGORIES, withFallback } from './fallback.js';

const never = () => new Promise<never>(() => {});
const down = () => {
  throw AgentError.unavailable('down');
};

describe('deadlines that travel', () => {
  it('a call has a finite total time by default: ten minutes, then it stops with reason deadline', async () => {
    expect(DEFAULT_MAX_ELAPSED_MS).toBe(600_000);
    let calls = 0;
    const { clock, settled } = startRetry(
      () => {
        calls++;
        return down();
      },
      { maxAttempts: Infinity, random: () => 0.999 },
    );
    await clock.advance(DEFAULT_MAX_ELAPSED_MS + 60_000);
    const result = await settled;
    expect(result).toMatchObject({ ok: false, error: { reason: 'deadline', code: 'UNAVAILABLE' } });
    // Every wait ended before the deadline.
    expect(clock.delays.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DEFAULT_MAX_ELAPSED_MS);
    expect(calls).toBeGreaterThan(10);
  });

  it('each attempt knows its deadline and what is left of it', async () => {
    const seen: { deadline: number; remainingMs: number }[] = [];
    const clock = createManualClock(5_000);
    const { settled } = startRetry(
      ({ deadline, remainingMs }) => {
        seen.push({ deadline, remainingMs });
        if (seen.length < 3) down();
        return 'ok';
      },
      { maxElapsedMs: 10_000, baseDelayMs: 1_000, random: () => 0.5 },
      clock,
    );
    await clock.advance(10_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    // Waits of 500 and 1_000 ms (full jitter at 0.5 of 1_000, then of 2_000).
    expect(seen).toEqual([
      { deadline: 15_000, remainingMs: 10_000 },
      { deadline: 15_000, remainingMs: 9_500 },
      { deadline: 15_000, remainingMs: 8_500 },
    ]);
  });

  it('without a deadline, remainingMs is Infinity and the signal never aborts on its own', async () => {
    let attempt: RetryAttempt | undefined;
    const { clock, settled } = startRetry(
      (a) => {
        attempt = a;
        return 'ok';
      },
      { maxElapsedMs: Infinity },
    );
    await clock.advance(1);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(attempt?.remainingMs).toBe(Infinity);
    expect(attempt?.signal.aborted).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('the signal aborts at the deadline and the call settles then, with DEADLINE_EXCEEDED', async () => {
    let signal: AbortSignal | undefined;
    const { clock, settled } = startRetry(
      (a) => {
        signal = a.signal;
        return never();
      },
      { maxElapsedMs: 3_000 },
    );
    await clock.advance(2_999);
    expect(signal?.aborted).toBe(false);
    await clock.advance(1);
    expect(signal?.aborted).toBe(true);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'deadline', code: 'DEADLINE_EXCEEDED', category: 'timeout' },
    });
  });

  it('a call that ends early leaves no timer behind, with or without a caller signal', async () => {
    for (const options of [{}, { signal: new AbortController().signal }]) {
      const { clock, settled } = startRetry((a) => a.signal.aborted, options);
      await clock.advance(1);
      expect(await settled).toEqual({ ok: true, value: false });
      expect(clock.pending).toBe(0);
    }
  });

  it('attemptTimeoutMs is clamped to what is left of maxElapsedMs', async () => {
    const { clock, settled } = startRetry(never, {
      attemptTimeoutMs: 800,
      maxElapsedMs: 1_000,
      idempotent: true,
      random: () => 0,
    });
    await clock.advance(5_000);
    const result = await settled;
    // 800 ms for the first attempt, then the 200 ms that were left.
    expect(clock.delays).toEqual([800, 0, 200]);
    expect(result).toMatchObject({
      ok: false,
      error: { reason: 'deadline', code: 'DEADLINE_EXCEEDED', details: { retry: { attempts: 2 } } },
    });
  });

  it('grpcTimeout writes the finest unit whose value fits in 8 digits, rounding up', () => {
    const units: [string, number][] = [
      ['m', 1],
      ['S', 1_000],
      ['M', 60_000],
      ['H', 3_600_000],
    ];
    for (let u = 0; u < units.length; u++) {
      const [unit, size] = units[u]!;
      const largest = 99_999_999 * size;
      expect(grpcTimeout(largest)).toBe(`99999999${unit}`);
      if (u + 1 < units.length) {
        const [next, nextSize] = units[u + 1]!;
        expect(grpcTimeout(largest + 1)).toBe(`${Math.ceil((largest + 1) / nextSize)}${next}`);
      }
    }
    expect(grpcTimeout(1_500.2)).toBe('1501m');
    expect(grpcTimeout(0)).toBe('1m');
    expect(grpcTimeout(-20)).toBe('1m');
    expect(grpcTimeout(Number.MAX_VALUE)).toBe('99999999H');
    for (const bad of [Infinity, NaN, '100', undefined])
      expect(() => grpcTimeout(bad as number)).toThrow(/grpcTimeout: ms must be a finite number/);
  });

  it('mcpRequestOptions carries the signal, a timeout within what is left, and the hard cap', async () => {
    const seen: unknown[] = [];
    const { clock, settled } = startRetry(
      (a) => {
        seen.push(mcpRequestOptions(a, { timeoutMs: 30_000, resetTimeoutOnProgress: true }));
        seen.push(mcpRequestOptions(a));
        return 'ok';
      },
      { maxElapsedMs: 20_000 },
    );
    await clock.advance(1);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(seen).toEqual([
      {
        signal: expect.any(AbortSignal),
        timeout: 20_000,
        maxTotalTimeout: 20_000,
        resetTimeoutOnProgress: true,
      },
      { signal: expect.any(AbortSignal), timeout: 20_000, maxTotalTimeout: 20_000 },
    ]);
    expect(() => mcpRequestOptions({ remainingMs: 5 } as RetryAttempt, { timeoutMs: 0 })).toThrow(
      /mcpRequestOptions: timeoutMs must be a number of milliseconds > 0; received number 0/,
    );
  });
});

describe('backoff that fits the failure', () => {
  it('decorrelated jitter grows from the last delay, within [base, 3 × previous), capped', () => {
    for (const r of [0, 0.25, 0.5, 0.999]) {
      let previous = 0;
      for (let k = 0; k < 12; k++) {
        const delay = decorrelatedDelay(previous, {
          baseDelayMs: 100,
          maxDelayMs: 5_000,
          random: () => r,
        });
        expect(delay).toBeGreaterThanOrEqual(100);
        expect(delay).toBeLessThanOrEqual(Math.min(5_000, Math.max(100, previous) * 3));
        previous = delay;
      }
    }
    expect(() => decorrelatedDelay(-1, { baseDelayMs: 1, maxDelayMs: 2 })).toThrow(
      /previousDelayMs/,
    );
  });

  it("retry's jitter: 'decorrelated' draws each wait from the previous one", async () => {
    const { clock, settled } = startRetry(down, {
      jitter: 'decorrelated',
      baseDelayMs: 100,
      maxAttempts: 4,
      random: () => 0.5,
    });
    await clock.advance(60_000);
    expect((await settled).ok).toBe(false);
    // 100 + 0.5 × (300 − 100), then 100 + 0.5 × (600 − 100), then 100 + 0.5 × (1050 − 100).
    expect(clock.delays).toEqual([200, 350, 575]);
  });

  it('rejects a jitter it does not know, naming the choices', async () => {
    const { settled } = startRetry(down, { jitter: 'equal' as 'full' });
    expect(await settled).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/jitter must be 'full' or 'decorrelated'/) },
    });
  });

  it('throttling without a server wait backs off from throttledBaseDelayMs, faults from baseDelayMs', async () => {
    const cases: [string, AgentError, number][] = [
      ['a rate limit', AgentError.rateLimited('slow down'), 500],
      ['HTTP 529', decode({ status: 529, headers: {}, body: 'overloaded' }), 500],
      ['HTTP 503', decode({ status: 503, headers: {}, body: 'down' }), 100],
      ['a timeout', AgentError.timeout('slow'), 100],
    ];
    for (const [what, error, firstDelay] of cases) {
      const { clock, settled } = startRetry(
        () => {
          throw error;
        },
        { maxAttempts: 2, idempotent: true, random: () => 0.5 },
      );
      await clock.advance(10_000);
      expect((await settled).ok, what).toBe(false);
      expect(clock.delays, what).toEqual([firstDelay]);
    }
    const { clock } = startRetry(
      () => {
        throw AgentError.rateLimited('slow down');
      },
      { maxAttempts: 2, throttledBaseDelayMs: 4_000, random: () => 0.5 },
    );
    await clock.advance(10_000);
    expect(clock.delays).toEqual([2_000]);
  });
});

describe('one hook for what the governor does', () => {
  it('onEvent hears each retry with its error and wait; an observer that throws changes nothing', async () => {
    const events: GovernorEvent[] = [];
    let n = 0;
    const { clock, settled } = startRetry(
      () => {
        if (++n < 3) down();
        return 'ok';
      },
      {
        random: () => 0,
        onEvent: (e) => {
          events.push(e);
          throw new Error('observer bug');
        },
      },
    );
    await clock.advance(1_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(events).toMatchObject([
      { type: 'retry', attempt: 1, delayMs: 0, error: { code: 'UNAVAILABLE' } },
      { type: 'retry', attempt: 2, delayMs: 0, error: { code: 'UNAVAILABLE' } },
    ]);
    expect(Object.isFrozen(events[0])).toBe(true);
  });

  it('onEvent hears a breaker that turns the call away', async () => {
    const state = new MemoryRetryStateStore();
    const options = {
      target: 'breaker-events',
      state,
      breaker: { failureThreshold: 2, halfOpenAfterMs: 5_000 },
      maxAttempts: 2,
      random: () => 0,
    };
    const first = startRetry(down, options);
    await first.clock.advance(100);
    expect(await first.settled).toMatchObject({ ok: false });
    const events: GovernorEvent[] = [];
    const second = startRetry(down, { ...options, onEvent: (e) => events.push(e) }, first.clock);
    await first.clock.advance(1);
    expect(await second.settled).toMatchObject({ ok: false, error: { reason: 'circuit_open' } });
    expect(events).toEqual([
      { type: 'breaker', target: 'breaker-events', state: 'open', waitMs: expect.any(Number) },
    ]);
  });
});

describe('withFallback', () => {
  const failWith = (category: (typeof ERROR_CATEGORIES)[number]) => () => {
    throw new AgentError(`${category} from the primary`, { category });
  };

  it('moves on for exactly the default categories, across every category', async () => {
    for (const category of ERROR_CATEGORIES) {
      const events: GovernorEvent[] = [];
      const outcome = await withFallback(failWith(category), [() => 'alternative'], {
        onEvent: (e) => events.push(e),
      }).then(
        (value) => value,
        (error: unknown) => (error as AgentError).category,
      );
      if (FALLBACK_CATEGORIES.includes(category)) {
        expect(outcome, category).toBe('alternative');
        expect(events, category).toMatchObject([{ type: 'fallback', from: 0, to: 1 }]);
      } else {
        expect(outcome, category).toBe(category);
        expect(events, category).toEqual([]);
      }
    }
  });

  it('tries alternatives in order; rejects with what the last threw, untouched', async () => {
    const calls: string[] = [];
    const last = new Error('503 from the last one');
    const tried = withFallback(() => {
      calls.push('a');
      throw AgentError.rateLimited('a is busy');
    }, [
      async () => {
        calls.push('b');
        await Promise.resolve();
        throw decode({ status: 529, headers: {}, body: 'overloaded' });
      },
      () => {
        calls.push('c');
        throw last;
      },
    ]);
    await expect(tried).rejects.toBe(last);
    expect(calls).toEqual(['a', 'b', 'c']);
  });

  it('takes `on` as categories or a predicate, and says what it expected otherwise', async () => {
    await expect(withFallback(failWith('timeout'), [() => 'b'], { on: ['timeout'] })).resolves.toBe(
      'b',
    );
    await expect(
      withFallback(failWith('rate_limit'), [() => 'b'], { on: (e) => e.category === 'auth' }),
    ).rejects.toMatchObject({ category: 'rate_limit' });
    await expect(
      withFallback(failWith('rate_limit'), [() => 'b'], { on: 'rate_limit' as never }),
    ).rejects.toThrow(/withFallback: on must be an array of error categories or a function/);
    await expect(withFallback(failWith('quota'), [42 as never])).rejects.toThrow(
      /alternatives must be an array of functions/,
    );
  });

  it('an aborted signal stops before the next alternative', async () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    await expect(
      withFallback(failWith('unavailable'), [() => (called = true)], {
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ category: 'unavailable' });
    expect(called).toBe(false);
  });
});

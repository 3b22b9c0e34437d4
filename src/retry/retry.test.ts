import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { deserializeError } from '../core/deserialize.js';
import { createManualClock, flush } from '../../test/helpers/manual-clock.js';
import { RetryError, isRetryError, retryStopOf } from './retry-error.js';
import { retry } from './retry.js';
import type { RetryAttempt, RetryEvent, RetryOptions } from './retry.js';

const unavailable = () => AgentError.unavailable('down');

/** Start `retry` on a manual clock; returns the promise already observed (no unhandled rejection). */
function start<T>(fn: (a: RetryAttempt) => T | Promise<T>, options: RetryOptions = {}) {
  const clock = createManualClock();
  const promise = retry(fn, { clock, ...options });
  const settled = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { clock, promise, settled };
}

describe('retry', () => {
  it('resolves with the first success and passes attempt, key and signal', async () => {
    const seen: RetryAttempt[] = [];
    const { clock, settled } = start(
      (a) => {
        seen.push(a);
        if (a.attempt < 3) throw unavailable();
        return 'ok';
      },
      { random: () => 0.5 },
    );
    await clock.advance(10_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(seen.map((a) => a.attempt)).toEqual([1, 2, 3]);
    const keys = new Set(seen.map((a) => a.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[0]?.signal.aborted).toBe(false);
    expect(Object.isFrozen(seen[0])).toBe(true);
  });

  it('uses a new key per logical call, or the one given', async () => {
    const keys: string[] = [];
    const fn = ({ idempotencyKey }: RetryAttempt) => keys.push(idempotencyKey);
    await retry(fn);
    await retry(fn);
    await retry(fn, { idempotencyKey: 'mine' });
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('mine');
  });

  it('waits exactly retryAfterMs, and stops when it is above maxDelayMs', async () => {
    let n = 0;
    const { clock, settled } = start(
      () => {
        n++;
        if (n === 1) throw AgentError.rateLimited('slow', { retryAfterMs: 1500 });
        throw AgentError.rateLimited('come back in a minute', { retryAfterMs: 60_000 });
      },
      { maxDelayMs: 5_000, random: () => 0.99 },
    );
    await clock.advance(1499);
    expect(n).toBe(1);
    await clock.advance(1);
    expect(n).toBe(2);
    await clock.advance(60_000);
    // Obeyed by stopping: never a sleep cut to maxDelayMs and an early call.
    expect(n).toBe(2);
    expect(clock.delays).toEqual([1500]);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'retry_after_too_long', attempts: 2, retryAfterMs: 60_000 },
    });
  });

  it('backs off exponentially with full jitter inside its bounds', async () => {
    for (const r of [0, 0.25, 0.999999]) {
      const { clock, settled } = start(
        () => {
          throw unavailable();
        },
        { maxAttempts: 7, baseDelayMs: 100, maxDelayMs: 1_000, random: () => r },
      );
      await clock.advance(100_000);
      const result = await settled;
      expect(result.ok).toBe(false);
      const ceilings = [100, 200, 400, 800, 1000, 1000];
      expect(clock.delays).toHaveLength(6);
      clock.delays.forEach((d, i) => {
        const ceiling = ceilings[i] ?? 0;
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(ceiling);
        expect(d).toBe(Math.floor(r * ceiling));
      });
    }
  });

  it('does not retry what is not retryable', async () => {
    const fn = vi.fn(() => {
      throw AgentError.validation('bad path');
    });
    const error = await retry(fn).catch((e: unknown) => e);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(RetryError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      category: 'validation',
      retryable: false,
      message: 'bad path',
      attempts: 1,
      reason: 'not_retryable',
      details: { retry: { attempts: 1, reason: 'not_retryable' } },
    });
  });

  it('classifies plain errors (ECONNREFUSED retries, a TypeError does not)', async () => {
    let n = 0;
    const { clock, settled } = start(() => {
      n++;
      if (n === 1) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      throw new TypeError('x is undefined');
    });
    await clock.advance(60_000);
    const result = await settled;
    expect(n).toBe(2);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatchObject({ category: 'internal', reason: 'not_retryable' });
      expect((result.error as RetryError).cause).toBeInstanceOf(TypeError);
    }
  });

  it('stops after maxAttempts with the last error', async () => {
    let n = 0;
    const { clock, settled } = start(
      () => {
        n++;
        throw AgentError.unavailable(`down ${n}`, { details: { n } });
      },
      { maxAttempts: 3 },
    );
    await clock.advance(60_000);
    const result = await settled;
    expect(n).toBe(3);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatchObject({
        message: 'down 3',
        attempts: 3,
        reason: 'attempts_exhausted',
        details: { n: 3, retry: { attempts: 3, reason: 'attempts_exhausted' } },
      });
      expect(retryStopOf(result.error)).toEqual({ attempts: 3, reason: 'attempts_exhausted' });
      expect(retryStopOf(structuredClone(result.error))).toEqual({
        attempts: 3,
        reason: 'attempts_exhausted',
      });
      // After isRetryError, reason and attempts are there to read: on the error, on a
      // structuredClone and on a JSON copy.
      for (const copy of [
        result.error,
        structuredClone(result.error),
        JSON.parse(JSON.stringify(result.error)) as unknown,
      ]) {
        expect(isRetryError(copy)).toBe(true);
        if (isRetryError(copy))
          expect([copy.reason, copy.attempts]).toEqual(['attempts_exhausted', 3]);
      }
      // deserializeError rebuilds an AgentError: the stop is still read by retryStopOf.
      const rebuilt = deserializeError(JSON.parse(JSON.stringify(result.error)));
      expect(isRetryError(rebuilt)).toBe(false);
      expect(retryStopOf(rebuilt)).toEqual({ attempts: 3, reason: 'attempts_exhausted' });
      expect(isRetryError(AgentError.unavailable('x'))).toBe(false);
    }
  });

  it('stops at the deadline rather than wait past it', async () => {
    let n = 0;
    const { clock, settled } = start(
      () => {
        n++;
        throw AgentError.rateLimited('slow', { retryAfterMs: 400 });
      },
      { maxElapsedMs: 1_000, maxAttempts: Infinity },
    );
    await clock.advance(10_000);
    const result = await settled;
    // Attempts at 0, 400, 800; a wait ending at 1200 would pass the deadline.
    expect(n).toBe(3);
    expect(result).toMatchObject({ ok: false, error: { reason: 'deadline', attempts: 3 } });
  });

  it('lets shouldRetry override the classification; limits still apply', async () => {
    const shouldRetry = vi.fn(() => true);
    const { clock, settled } = start(
      () => {
        throw AgentError.validation('nope');
      },
      { shouldRetry, maxAttempts: 2 },
    );
    await clock.advance(60_000);
    expect(await settled).toMatchObject({ ok: false, error: { reason: 'attempts_exhausted' } });
    expect(shouldRetry).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }),
      {
        attempt: 1,
        elapsedMs: 0,
      },
    );
  });

  it('uses the classify option (the decode seam)', async () => {
    const classify = vi.fn(() => AgentError.timeout('decoded', { retryAfterMs: 7 }));
    let n = 0;
    const { clock, settled } = start(
      () => {
        if (++n < 2) throw new Error('raw');
        return 'done';
      },
      // A timeout may have reached the server: retried because the call says it is idempotent.
      { classify, idempotent: true },
    );
    await clock.advance(7);
    expect(await settled).toEqual({ ok: true, value: 'done' });
    expect(classify).toHaveBeenCalledTimes(1);
    expect(clock.delays).toEqual([7]);
  });

  it('calls onRetry with a frozen event before each wait', async () => {
    const events: RetryEvent[] = [];
    let n = 0;
    const { clock, settled } = start(
      () => {
        if (++n < 3) throw AgentError.rateLimited('slow', { retryAfterMs: 10 * n });
        return n;
      },
      { onRetry: (e) => void events.push(e) },
    );
    await clock.advance(1_000);
    await settled;
    expect(events.map((e) => [e.attempt, e.delayMs, e.error.code])).toEqual([
      [1, 10, 'RATE_LIMITED'],
      [2, 20, 'RATE_LIMITED'],
    ]);
    expect(Object.isFrozen(events[0])).toBe(true);
  });

  it('rejects at once when aborted during a wait, never with a later error', async () => {
    const controller = new AbortController();
    const fn = vi.fn(() => {
      throw AgentError.rateLimited('slow', { retryAfterMs: 10_000 });
    });
    const { clock, settled } = start(fn, { signal: controller.signal });
    await clock.advance(100);
    expect(fn).toHaveBeenCalledTimes(1);
    controller.abort();
    // Settled within a few microtask turns, without the clock moving.
    const result = await Promise.race([settled, flush().then(() => 'still waiting' as const)]);
    if (result === 'still waiting') throw new Error('retry did not reject at once on abort');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatchObject({
        reason: 'aborted',
        attempts: 1,
        category: 'cancelled',
        code: 'ABORTED',
      });
      expect((result.error as RetryError).cause).toBe(controller.signal.reason);
    }
    expect(clock.pending).toBe(0);
    await clock.advance(60_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('rejects at once when aborted during an attempt, ignoring its later failure', async () => {
    const controller = new AbortController();
    let fail: (e: unknown) => void = () => {};
    const { settled } = start(
      () =>
        new Promise((_, reject) => {
          fail = reject;
        }),
      { signal: controller.signal },
    );
    await flush();
    controller.abort(new Error('user pressed stop'));
    const result = await Promise.race([settled, flush().then(() => 'still waiting' as const)]);
    fail(AgentError.validation('late'));
    expect(result).toMatchObject({
      ok: false,
      error: { reason: 'aborted', message: 'user pressed stop' },
    });
  });

  it('rejects before the first call when already aborted', async () => {
    const fn = vi.fn();
    const error = await retry(fn, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(fn).not.toHaveBeenCalled();
    expect(error).toMatchObject({ reason: 'aborted', attempts: 0 });
  });

  it('throws a TypeError naming a bad option', async () => {
    const fn = () => 1;
    const cases: [RetryOptions, RegExp][] = [
      [{ maxAttempts: 0 }, /maxAttempts must be an integer >= 1/],
      [{ maxAttempts: 1.5 }, /maxAttempts/],
      [{ baseDelayMs: -1 }, /baseDelayMs must be a number >= 0/],
      [{ maxDelayMs: Number.NaN }, /maxDelayMs/],
      [{ maxElapsedMs: -5 }, /maxElapsedMs/],
      [{ onRetry: 'x' as never }, /onRetry must be a function/],
      [{ shouldRetry: 1 as never }, /shouldRetry must be a function/],
      [{ classify: {} as never }, /classify must be a function/],
      [{ signal: {} as never }, /signal must be an AbortSignal/],
      [{ budget: {} }, /budget must be given with a target/],
      [
        { target: 'x', budget: { tokenRatio: 2 } },
        /budget.tokenRatio must be a number in \(0, 1\]/,
      ],
      [
        { target: 'x', breaker: { failureThreshold: 0 } },
        /breaker.failureThreshold must be an integer >= 1/,
      ],
      [{ target: '' }, /target must be a non-empty string/],
      [{ target: 'x', state: {} as never }, /state must be a RetryStateStore/],
      [{ attemptTimeoutMs: 0 }, /attemptTimeoutMs must be a number >= 1/],
      [{ idempotent: 'yes' as never }, /idempotent must be a boolean/],
      [{ clock: { now: () => 0 } as never }, /clock must be an object with now, setTimeout/],
      [{ idempotencyKey: '' }, /idempotencyKey must be a non-empty string/],
    ];
    for (const [options, message] of cases) {
      await expect(retry(fn, options)).rejects.toThrow(TypeError);
      await expect(retry(fn, options)).rejects.toThrow(message);
    }
    await expect(retry('nope' as never)).rejects.toThrow(/retry: fn must be a function/);
  });
});

describe('waits at a shared gate', () => {
  // A store whose server-wide wait never ends: every admission says wait 1 s.
  const endlessWait = {
    admit: () => ({ kind: 'wait' as const, waitMs: 1_000, probe: '' }),
    record: () => false,
  };

  it('each wait uses up an attempt, so a call ends within maxAttempts waits and calls', async () => {
    for (const maxAttempts of [1, 2, 4]) {
      let calls = 0;
      const { clock, settled } = start(() => ++calls, {
        target: 'busy',
        state: endlessWait,
        maxAttempts,
      });
      await clock.advance(60_000);
      const result = await settled;
      expect(calls).toBe(0);
      expect(result.ok).toBe(false);
      // Within the 60 s advanced (the default maxElapsedMs is 10 minutes): the waits ended it.
      if (!result.ok) expect(retryStopOf(result.error)?.reason).toBe('attempts_exhausted');
    }
  });

  it('another caller’s probe costs one attempt, however often it is polled', async () => {
    let admits = 0;
    const probing = {
      admit: () =>
        ++admits < 20
          ? { kind: 'probing' as const, waitMs: 200, probe: '' }
          : { kind: 'go' as const, waitMs: 0, probe: '' },
      record: () => false,
    };
    const { clock, settled } = start(() => 'done', { target: 't', state: probing, maxAttempts: 2 });
    await clock.advance(60_000);
    const result = await settled;
    expect(result).toEqual({ ok: true, value: 'done' });
    expect(admits).toBe(20);
  });
});

describe('RetryError', () => {
  it('serialises as the last error, with the stop in details.retry and as reason and attempts', () => {
    const last = AgentError.unavailable('down', { details: { host: 'db' }, retryAfterMs: 5 });
    const error = new RetryError(last, { attempts: 2, reason: 'budget' }, new Error('raw'));
    expect(error).toBeInstanceOf(AgentError);
    expect(error.lastError).toBe(last);
    expect(error.name).toBe('RetryError');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'RetryError',
      message: 'down',
      code: 'UNAVAILABLE',
      category: 'unavailable',
      retryable: true,
      retryAfterMs: 5,
      details: { host: 'db', retry: { attempts: 2, reason: 'budget' } },
      attempts: 2,
      reason: 'budget',
    });
    // The last error itself is not changed.
    expect(last.details).toEqual({ host: 'db' });
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { decode } from '../front/decode.js';
import { createManualClock } from '../../test/helpers/manual-clock.js';
import { startRetry } from '../../test/helpers/retry-run.js';
import { MemoryRetryStateStore } from './memory-retry-state.js';
import type { RetryOptions } from './options.js';
import type { RetryAttempt } from './attempt.js';

const unavailable = () => AgentError.unavailable('down');
const fails = () => {
  throw unavailable();
};
/** A fresh store and target per test: nothing leaks between tests. */
const fresh = (options: RetryOptions = {}): RetryOptions => ({
  target: `t-${randomUUID()}`,
  state: new MemoryRetryStateStore(),
  ...options,
});

describe('retry budget per target (gRPC retry throttling)', () => {
  it('each retryable failure costs a token; retries stop at or below half of maxTokens', async () => {
    const clock = createManualClock();
    const shared = fresh({ budget: { maxTokens: 4, tokenRatio: 0.5 }, breaker: false });
    const options = { ...shared, maxAttempts: 10, baseDelayMs: 0 };
    // 4 tokens: failure 1 → 3 (> 2, retry), failure 2 → 2 (≤ 2, stop).
    const first = startRetry(fails, options, clock);
    await clock.advance(10);
    expect(await first.settled).toMatchObject({
      ok: false,
      error: { reason: 'budget', attempts: 2 },
    });
    // Still at 2: the next call's first failure drops it to 1 and is not retried.
    const second = startRetry(fails, options, clock);
    await clock.advance(10);
    expect(await second.settled).toMatchObject({
      ok: false,
      error: { reason: 'budget', attempts: 1 },
    });
    // Successes give back tokenRatio each: 1 + 6 × 0.5 = 4; a failure takes it to 3 (> 2), and
    // that failure is retried.
    for (let i = 0; i < 6; i++) {
      const ok = startRetry(() => 'ok', options, clock);
      await clock.advance(0);
      expect(await ok.settled).toEqual({ ok: true, value: 'ok' });
    }
    let n = 0;
    const third = startRetry(
      () => {
        if (++n === 1) throw unavailable();
        return 'ok';
      },
      options,
      clock,
    );
    await clock.advance(10);
    expect(await third.settled).toEqual({ ok: true, value: 'ok' });
  });

  it('is shared by every call naming the target, and only by those', async () => {
    const clock = createManualClock();
    const state = new MemoryRetryStateStore();
    const options = (target: string): RetryOptions => ({
      target,
      state,
      budget: { maxTokens: 2 },
      breaker: false,
      baseDelayMs: 0,
    });
    const a = startRetry(fails, options('a'), clock);
    await clock.advance(10);
    expect(await a.settled).toMatchObject({ ok: false, error: { reason: 'budget', attempts: 1 } });
    const b = startRetry(fails, options('b'), clock);
    await clock.advance(10);
    // Target b has its own full bucket: 2 → 1 (≤ 1) after one failure, so one attempt too,
    // but a call with no target shares nothing and retries to maxAttempts.
    expect(await b.settled).toMatchObject({ ok: false, error: { reason: 'budget', attempts: 1 } });
    const none = startRetry(fails, { baseDelayMs: 0, maxAttempts: 3 }, clock);
    await clock.advance(10);
    expect(await none.settled).toMatchObject({
      ok: false,
      error: { reason: 'attempts_exhausted', attempts: 3 },
    });
  });

  it('non-retryable failures cost nothing', async () => {
    const clock = createManualClock();
    const options = { ...fresh({ budget: { maxTokens: 2 }, breaker: false }), baseDelayMs: 0 };
    for (let i = 0; i < 5; i++) {
      const bad = startRetry(
        () => {
          throw AgentError.validation('bad');
        },
        options,
        clock,
      );
      await clock.advance(0);
      expect(await bad.settled).toMatchObject({ ok: false, error: { reason: 'not_retryable' } });
    }
    let n = 0;
    const run = startRetry(
      () => {
        if (++n === 1) throw unavailable();
        return n;
      },
      { ...options, budget: { maxTokens: 3 } },
      clock,
    );
    await clock.advance(10);
    expect(await run.settled).toEqual({ ok: true, value: 2 });
  });
  it('a failure whose server said how long to wait costs nothing: the shared wait holds callers', async () => {
    const clock = createManualClock();
    const options = { ...fresh({ budget: { maxTokens: 2 }, breaker: false }), maxAttempts: 6 };
    let n = 0;
    const run = startRetry(
      () => {
        if (++n < 5) throw AgentError.rateLimited('slow down', { retryAfterMs: 100 });
        return n;
      },
      options,
      clock,
    );
    await clock.advance(1_000);
    expect(await run.settled).toEqual({ ok: true, value: 5 });
  });
});

describe('circuit breaker per target', () => {
  const breakerOptions = () =>
    fresh({
      budget: false,
      breaker: { failureThreshold: 3, halfOpenAfterMs: 1_000 },
      maxAttempts: 1,
    });

  it('opens after consecutive unhealthy failures and rejects fast with the time to the probe', async () => {
    const clock = createManualClock();
    const options = breakerOptions();
    let calls = 0;
    const down = () => {
      calls++;
      throw decode({ status: 503, body: 'down' });
    };
    for (let i = 0; i < 3; i++) {
      const r = startRetry(down, options, clock);
      await clock.advance(0);
      expect(await r.settled).toMatchObject({ ok: false, error: { reason: 'attempts_exhausted' } });
    }
    await clock.advance(400);
    const rejected = startRetry(down, options, clock);
    await clock.advance(0);
    expect(calls).toBe(3);
    expect(await rejected.settled).toMatchObject({
      ok: false,
      error: {
        reason: 'circuit_open',
        attempts: 0,
        category: 'unavailable',
        code: 'CIRCUIT_OPEN',
        retryable: true,
        retryAfterMs: 600,
        details: { target: options.target },
      },
    });
  });

  it('lets one probe through when half-open; a success closes it, a failure opens it again', async () => {
    const clock = createManualClock();
    const options = breakerOptions();
    let healthy = false;
    let calls = 0;
    let release: () => void = () => {};
    const call = () => {
      calls++;
      if (!healthy) throw unavailable();
      return new Promise<string>((resolve) => {
        release = () => resolve('ok');
      });
    };
    for (let i = 0; i < 3; i++) {
      const r = startRetry(call, options, clock);
      await clock.advance(0);
      await r.settled;
    }
    // Half-open: the probe fails, the breaker opens for another second.
    await clock.advance(1_000);
    const probe1 = startRetry(call, options, clock);
    await clock.advance(0);
    expect(await probe1.settled).toMatchObject({
      ok: false,
      error: { reason: 'attempts_exhausted' },
    });
    expect(calls).toBe(4);
    const early = startRetry(call, options, clock);
    await clock.advance(0);
    expect(await early.settled).toMatchObject({
      ok: false,
      error: { reason: 'circuit_open', retryAfterMs: 1_000 },
    });

    // Half-open again: one probe, the others are turned away while it runs.
    await clock.advance(1_000);
    healthy = true;
    const probe2 = startRetry(call, options, clock);
    await clock.advance(0);
    const other = startRetry(call, options, clock);
    await clock.advance(0);
    expect(await other.settled).toMatchObject({ ok: false, error: { reason: 'circuit_open' } });
    expect(calls).toBe(5);
    release();
    expect(await probe2.settled).toEqual({ ok: true, value: 'ok' });
    // Closed.
    const after = startRetry(() => 'fine', options, clock);
    await clock.advance(0);
    expect(await after.settled).toEqual({ ok: true, value: 'fine' });
  });

  it('counts only failures that say the target is unhealthy', async () => {
    const clock = createManualClock();
    const options = breakerOptions();
    const healthyFailures: (() => unknown)[] = [
      () => AgentError.validation('bad input'),
      () => AgentError.auth('log in'),
      () => AgentError.notFound('no such row'),
      () => AgentError.cancelled('user stopped'),
      () => decode({ status: 429, body: 'slow down' }),
      () =>
        decode({ status: 429, body: { error: { type: 'insufficient_quota', message: 'quota' } } }),
      // An MCP tool that failed and said so in its result: the server is fine.
      () => decode({ isError: true, content: [{ type: 'text', text: 'service unavailable' }] }),
    ];
    for (let round = 0; round < 3; round++) {
      for (const make of healthyFailures) {
        const r = startRetry(
          () => {
            throw make();
          },
          options,
          clock,
        );
        await clock.advance(0);
        expect(await r.settled).not.toMatchObject({ error: { reason: 'circuit_open' } });
      }
    }
    // Two unhealthy failures, then a success resets the count: still closed after two more.
    const sequence = [unavailable, unavailable, null, unavailable, unavailable];
    for (const make of sequence) {
      const r = startRetry(
        () => {
          if (make) throw make();
          return 'ok';
        },
        options,
        clock,
      );
      await clock.advance(0);
      await r.settled;
    }
    const still = startRetry(() => 'ok', options, clock);
    await clock.advance(0);
    expect(await still.settled).toEqual({ ok: true, value: 'ok' });
  });
});

describe('"the server said wait until T", shared by the target', () => {
  it('a 429 with Retry-After makes every later call to the target wait, then one probe goes', async () => {
    const clock = createManualClock();
    const options = fresh({ maxAttempts: 3 });
    let calls = 0;
    let limited = true;
    // Answers after 100 ms: a probe is under way for a while.
    const server = (a: RetryAttempt) => {
      calls++;
      if (limited) throw decode({ status: 429, headers: { 'retry-after': '1' }, body: 'slow' });
      return new Promise((resolve) => clock.setTimeout(() => resolve(`ok ${a.attempt}`), 100));
    };
    const first = startRetry(server, options, clock);
    await clock.advance(0);
    expect(calls).toBe(1);
    // Calls started during the window wait for it, without calling.
    const second = startRetry(server, options, clock);
    const third = startRetry(server, options, clock);
    await clock.advance(500);
    expect(calls).toBe(1);
    limited = false;
    await clock.advance(500);
    // The window is over: exactly one probe, the others wait for its outcome.
    expect(calls).toBe(2);
    await clock.advance(99);
    expect(calls).toBe(2);
    await clock.advance(300);
    expect(calls).toBe(4);
    expect(await first.settled).toEqual({ ok: true, value: 'ok 2' });
    expect(await second.settled).toEqual({ ok: true, value: 'ok 1' });
    expect(await third.settled).toEqual({ ok: true, value: 'ok 1' });
  });

  it('a call that would have to wait longer than maxDelayMs stops at once', async () => {
    const clock = createManualClock();
    const options = fresh();
    const first = startRetry(
      () => {
        throw AgentError.rateLimited('come back in an hour', { retryAfterMs: 3_600_000 });
      },
      options,
      clock,
    );
    await clock.advance(0);
    expect(await first.settled).toMatchObject({
      ok: false,
      error: { reason: 'retry_after_too_long' },
    });
    await clock.advance(60_000);
    let called = false;
    const later = startRetry(() => (called = true), options, clock);
    await clock.advance(0);
    expect(called).toBe(false);
    expect(await later.settled).toMatchObject({
      ok: false,
      error: {
        reason: 'retry_after_too_long',
        attempts: 0,
        category: 'rate_limit',
        retryAfterMs: 3_540_000,
        details: { target: options.target },
      },
    });
  });
});

describe('a state store of your own', () => {
  it('may answer with promises; an abort does not wait for a slow store', async () => {
    const controller = new AbortController();
    const slow = {
      admit: () => new Promise<never>(() => {}),
      record: () => Promise.resolve(false),
    };
    const { clock, settled } = startRetry(() => 'never called', {
      target: 'slow-store',
      state: slow,
      signal: controller.signal,
    });
    await clock.advance(10);
    controller.abort();
    expect(await settled).toMatchObject({ ok: false, error: { reason: 'aborted', attempts: 0 } });
  });
});

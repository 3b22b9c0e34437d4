import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { ERROR_CATEGORIES } from '../core/categories.js';
import { createManualClock } from '../../test/helpers/manual-clock.js';
import type { ManualClock } from '../../test/helpers/manual-clock.js';
import { isUnhealthy } from './failure-kinds.js';
import { MemoryRetryStateStore } from './memory-retry-state.js';
import type { CircuitBreakerOptions, GovernorEvent } from './options.js';
import { retry } from './retry.js';
import { retryStopOf } from './retry-error.js';

let targets = 0;
/** A target no other test uses: rate windows are per process. */
const freshTarget = () => `rate-breaker-test-${++targets}`;

/** One call of one attempt to `target`: 'ok', 'fail' (unhealthy) or 'refused' (turned away). */
async function call(
  target: string,
  clock: ManualClock,
  breaker: CircuitBreakerOptions,
  outcome: { fail?: AgentError | undefined; takesMs?: number },
  events: GovernorEvent[] = [],
): Promise<'ok' | 'fail' | 'refused'> {
  let reached = false;
  try {
    await retry(
      async () => {
        reached = true;
        if (outcome.takesMs !== undefined) await clock.advance(outcome.takesMs);
        if (outcome.fail) throw outcome.fail;
      },
      { target, clock, breaker, maxAttempts: 1, onEvent: (e) => events.push(e) },
    );
    return 'ok';
  } catch (error) {
    if (!reached) {
      expect(retryStopOf(error)?.reason).toBe('circuit_open');
      return 'refused';
    }
    return 'fail';
  }
}

const changes = (events: GovernorEvent[]) =>
  events.flatMap((e) =>
    e.type === 'breaker_change' ? [`${e.previous}->${e.state} (${e.reason})`] : [],
  );

const down = AgentError.unavailable('down');

/** The outcome patterns the generator crosses: which calls of a run fail (or are slow). */
const PATTERNS: Record<string, (i: number) => boolean> = {
  'every call': () => true,
  'every other call': (i) => i % 2 === 0,
  'one in three': (i) => i % 3 === 0,
  'one in five': (i) => i % 5 === 0,
  none: () => false,
  'the last half': (i) => i >= 10,
};

/**
 * What Resilience4j's and Polly's count window say about a run: the index of the call after
 * which it opens (the window holds >= `min` calls and the share reaches `ratio`), or -1.
 */
function expectedTrip(bad: boolean[], ratio: number, min: number, windowCalls: number): number {
  for (let i = 0; i < bad.length; i++) {
    const window = bad.slice(Math.max(0, i + 1 - windowCalls), i + 1);
    if (window.length < min) continue;
    if (window.filter(Boolean).length / window.length >= ratio) return i;
  }
  return -1;
}

describe('a breaker that sees rates (count window), every pattern × ratio × throughput × kind', () => {
  for (const [name, pattern] of Object.entries(PATTERNS)) {
    for (const ratio of [0.2, 0.5, 1]) {
      for (const min of [1, 4, 10]) {
        for (const kind of ['failures', 'slow calls'] as const) {
          it(`${kind} in ${name}, ratio ${ratio}, minimumThroughput ${min}`, async () => {
            const target = freshTarget();
            const clock = createManualClock();
            const windowCalls = 8;
            const breaker: CircuitBreakerOptions =
              kind === 'failures'
                ? { failureRatio: ratio, minimumThroughput: min, windowCalls, halfOpenAfterMs: 1e9 }
                : {
                    slowCallDurationMs: 500,
                    slowCallRatio: ratio,
                    minimumThroughput: min,
                    windowCalls,
                    halfOpenAfterMs: 1e9,
                  };
            const bad = Array.from({ length: 20 }, (_, i) => pattern(i));
            // A count window never holds more than its size: that is its minimum at most.
            const trip = expectedTrip(bad, ratio, Math.min(min, windowCalls), windowCalls);
            const events: GovernorEvent[] = [];
            const seen: string[] = [];
            for (let i = 0; i < bad.length; i++) {
              const outcome =
                kind === 'failures'
                  ? { fail: bad[i] ? down : undefined }
                  : { takesMs: bad[i] ? 600 : 10 };
              seen.push(await call(target, clock, breaker, outcome, events));
            }
            const firstRefused = seen.indexOf('refused');
            expect(firstRefused).toBe(trip === -1 ? -1 : trip + 1);
            if (trip !== -1) {
              expect(seen.slice(trip + 1).every((s) => s === 'refused')).toBe(true);
              const reason = kind === 'failures' ? 'failure_rate' : 'slow_call_rate';
              expect(changes(events)).toEqual([`closed->open (${reason})`]);
            } else expect(changes(events)).toEqual([]);
          });
        }
      }
    }
  }
});

describe('a breaker that sees rates', () => {
  it('counts only failures that say the target is unhealthy, for every category', async () => {
    for (const category of ERROR_CATEGORIES) {
      const target = freshTarget();
      const clock = createManualClock();
      const breaker = { failureRatio: 0.5, minimumThroughput: 4, windowCalls: 4 };
      const fail = new AgentError(`a ${category} failure`, { category });
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) seen.push(await call(target, clock, breaker, { fail }));
      expect(seen[4], category).toBe(isUnhealthy(fail) ? 'refused' : 'fail');
    }
  });

  it('a time window forgets calls older than samplingDurationMs', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const breaker = { failureRatio: 0.5, minimumThroughput: 4, samplingDurationMs: 10_000 };
    // Three failures, then the window moves on past them: one more failure is 1 call of 1.
    for (let i = 0; i < 3; i++)
      expect(await call(target, clock, breaker, { fail: down })).toBe('fail');
    await clock.advance(11_000);
    for (let i = 0; i < 3; i++) expect(await call(target, clock, breaker, {})).toBe('ok');
    // 1 failure of 4 calls in the window: below half.
    expect(await call(target, clock, breaker, { fail: down })).toBe('fail');
    // Two more failures within the window: 3 of 6, half — it opens.
    expect(await call(target, clock, breaker, { fail: down })).toBe('fail');
    expect(await call(target, clock, breaker, { fail: down })).toBe('fail');
    expect(await call(target, clock, breaker, {})).toBe('refused');
  });

  it('half-open lets halfOpenProbes probes through; their verdict closes or reopens it', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const breaker = {
      failureRatio: 0.5,
      minimumThroughput: 2,
      windowCalls: 2,
      halfOpenAfterMs: 5_000,
      halfOpenProbes: 2,
    };
    const events: GovernorEvent[] = [];
    await call(target, clock, breaker, { fail: down }, events);
    await call(target, clock, breaker, { fail: down }, events);
    expect(await call(target, clock, breaker, {}, events)).toBe('refused');
    await clock.advance(5_000);
    // Two probes at once (held open until released); a third call is turned away meanwhile.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const probe = () =>
      retry(() => gate, { target, clock, breaker, maxAttempts: 1, onEvent: (e) => events.push(e) });
    const probes = [probe(), probe()];
    expect(await call(target, clock, breaker, {}, events)).toBe('refused');
    release();
    await Promise.all(probes);
    expect(await call(target, clock, breaker, {}, events)).toBe('ok');
    // Open again, then one probe of two fails: half of the probes, it reopens.
    await call(target, clock, breaker, { fail: down }, events);
    await call(target, clock, breaker, { fail: down }, events);
    await clock.advance(5_000);
    await call(target, clock, breaker, {}, events);
    await call(target, clock, breaker, { fail: down }, events);
    expect(await call(target, clock, breaker, {}, events)).toBe('refused');
    expect(changes(events)).toEqual([
      'closed->open (failure_rate)',
      'open->half_open (break_elapsed)',
      'half_open->closed (probes_succeeded)',
      'closed->open (failure_rate)',
      'open->half_open (break_elapsed)',
      'half_open->open (probe_failed)',
    ]);
  });

  it('a probe whose caller aborts gives its slot back', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const breaker = { failureRatio: 1, minimumThroughput: 1, windowCalls: 1, halfOpenAfterMs: 100 };
    await call(target, clock, breaker, { fail: down });
    await clock.advance(100);
    const controller = new AbortController();
    const aborted = retry(() => new Promise(() => {}), {
      target,
      clock,
      breaker,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    controller.abort();
    expect(retryStopOf(await aborted)?.reason).toBe('aborted');
    expect(await call(target, clock, breaker, {})).toBe('ok');
  });

  it('turns the consecutive count off unless given too', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    // Five failures in a row would open the default consecutive breaker; a rate over 100 calls
    // with a throughput of 100 has not judged yet.
    const breaker = { failureRatio: 0.5, minimumThroughput: 100, windowCalls: 100 };
    for (let i = 0; i < 8; i++)
      expect(await call(target, clock, breaker, { fail: down })).toBe('fail');
    const both = { ...breaker, failureThreshold: 3 };
    const other = freshTarget();
    for (let i = 0; i < 3; i++) await call(other, clock, both, { fail: down });
    expect(await call(other, clock, both, {})).toBe('refused');
  });

  it('rejects options that contradict or are out of range, naming them', async () => {
    const cases: [CircuitBreakerOptions, RegExp][] = [
      [{ failureRatio: 0 }, /breaker\.failureRatio must be a number in \(0, 1\]/],
      [{ failureRatio: 1.5 }, /breaker\.failureRatio must be a number in \(0, 1\]/],
      [{ slowCallDurationMs: 100, slowCallRatio: -1 }, /breaker\.slowCallRatio/],
      [{ failureRatio: 0.5, windowCalls: 10, samplingDurationMs: 1_000 }, /not both/],
      [
        { failureRatio: 0.5, minimumThroughput: 0.5 },
        /breaker\.minimumThroughput must be an integer/,
      ],
      [{ failureRatio: 0.5, halfOpenProbes: 0 }, /breaker\.halfOpenProbes must be an integer >= 1/],
    ];
    for (const [breaker, message] of cases) {
      await expect(retry(() => 1, { target: 'x', breaker })).rejects.toThrow(message);
    }
  });
});

describe('the consecutive breaker tells its changes too', () => {
  it('closed → open → half-open → closed, and half-open → open, through onEvent', async () => {
    const state = new MemoryRetryStateStore();
    const clock = createManualClock();
    const events: GovernorEvent[] = [];
    const once = (fail: boolean) =>
      retry(
        () => {
          if (fail) throw down;
        },
        {
          target: 'consecutive',
          state,
          clock,
          maxAttempts: 1,
          breaker: { failureThreshold: 2, halfOpenAfterMs: 1_000 },
          onEvent: (e) => events.push(e),
        },
      ).catch(() => undefined);
    await once(true);
    await once(true);
    await clock.advance(1_000);
    await once(true);
    await clock.advance(1_000);
    await once(false);
    expect(changes(events)).toEqual([
      'closed->open (consecutive_failures)',
      'open->half_open (break_elapsed)',
      'half_open->open (probe_failed)',
      'open->half_open (break_elapsed)',
      'half_open->closed (probes_succeeded)',
    ]);
    expect(Object.isFrozen(events[0])).toBe(true);
  });
});

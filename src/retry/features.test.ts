// `createRetry`'s features: a retry carries the rate breaker and the bulkhead only when it is
// given them, says which one a call's options need when it is not, and with them behaves as the
// root `retry` (which carries both).
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { createDecoder } from '../front/create-decoder.js';
import { bulkhead } from './bulkhead.js';
import type { RetryFeature, RetryOptions } from './options.js';
import { rateBreaker } from './rate-breaker.js';
import { createRetry, retry } from './retry.js';
import { retryStopOf } from './retry-error.js';

const decoder = createDecoder([]);
let targets = 0;
const freshTarget = () => `features-test-${++targets}`;

/** The options each feature serves, in every form a call may give them. */
const NEEDS: { feature: RetryFeature; name: string; options: () => RetryOptions }[] = [
  {
    feature: rateBreaker,
    name: 'rateBreaker',
    options: () => ({ target: freshTarget(), breaker: { failureRatio: 0.5 } }),
  },
  {
    feature: rateBreaker,
    name: 'rateBreaker',
    options: () => ({ target: freshTarget(), breaker: { slowCallDurationMs: 1_000 } }),
  },
  {
    feature: bulkhead,
    name: 'bulkhead',
    options: () => ({ target: freshTarget(), concurrency: { maxConcurrent: 2 } }),
  },
  {
    feature: bulkhead,
    name: 'bulkhead',
    // Checked for the feature before its own checks: the message says what to add first.
    options: () => ({ concurrency: { maxConcurrent: 2 } }),
  },
];

describe('createRetry without a feature', () => {
  for (const [i, { name, options }] of NEEDS.entries()) {
    it(`rejects a call that needs ${name} (form ${i + 1}) with a TypeError naming it`, async () => {
      let called = false;
      const call = createRetry(decoder)(() => (called = true), options());
      await expect(call).rejects.toThrow(TypeError);
      await expect(call).rejects.toThrow(`has the ${name} feature`);
      expect(called).toBe(false);
    });
  }

  it('runs what needs no feature: a consecutive breaker, a budget', async () => {
    const bare = createRetry(decoder);
    const options = { target: freshTarget(), breaker: { failureThreshold: 1 }, budget: {} };
    await expect(bare(() => 'done', options)).resolves.toBe('done');
  });
});

describe('createRetry with its features, as the root retry', () => {
  const withAll = createRetry(decoder, { features: [rateBreaker, bulkhead] });
  for (const [name, run] of [
    ['createRetry', withAll],
    ['retry', retry],
  ] as const) {
    it(`${name}: the rate breaker opens once the window's failure share is reached`, async () => {
      const target = freshTarget();
      const breaker = { failureRatio: 0.5, minimumThroughput: 2, windowCalls: 2 };
      const down = () => Promise.reject(AgentError.unavailable('down'));
      for (let i = 0; i < 2; i++) {
        const failed = run(down, { target, breaker, maxAttempts: 1 });
        await expect(failed).rejects.toMatchObject({ code: 'UNAVAILABLE' });
      }
      const refused = await run(() => 'never', { target, breaker }).catch((e: unknown) => e);
      expect(retryStopOf(refused)?.reason).toBe('circuit_open');
    });

    it(`${name}: the bulkhead turns away a call beyond its limit`, async () => {
      const target = freshTarget();
      const concurrency = { maxConcurrent: 1 };
      let release!: () => void;
      const first = run(() => new Promise<void>((resolve) => (release = resolve)), {
        target,
        concurrency,
      });
      const second = await run(() => 'never', { target, concurrency }).catch((e: unknown) => e);
      expect(retryStopOf(second)?.reason).toBe('bulkhead_full');
      release();
      await expect(first).resolves.toBeUndefined();
    });
  }
});

describe('createRetry given what is no feature', () => {
  const BAD: unknown[] = [
    { features: 'rateBreaker' },
    { features: [{}] },
    { features: [null] },
    { features: [{ feature: 'hedge' }] },
    null,
    'features',
  ];
  for (const options of BAD) {
    it(`throws a TypeError for ${JSON.stringify(options)}`, () => {
      expect(() => createRetry(decoder, options as never)).toThrow(
        /createRetry: (features must be an array of retry features|options must be an object)/,
      );
    });
  }
});

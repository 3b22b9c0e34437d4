import pRetry from 'p-retry';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { createManualClock } from '../../test/helpers/manual-clock.js';
import { startRetry } from '../../test/helpers/retry-run.js';
import { retry } from './retry.js';

/**
 * The AI SDK's `RetryError` as the `ai` package builds it (`packages/ai/src/util/retry-error.ts`):
 * name `AI_RetryError`, a `Symbol.for` marker, `reason`, `errors` and `lastError`.
 */
const AI_SDK_ERROR: unique symbol = Symbol.for('vercel.ai.error') as never;
const AI_RETRY_ERROR: unique symbol = Symbol.for('vercel.ai.error.AI_RetryError') as never;
class AiSdkRetryError extends Error {
  readonly [AI_SDK_ERROR] = true;
  readonly [AI_RETRY_ERROR] = true;
  readonly reason = 'maxRetriesExceeded';
  readonly lastError: unknown;
  constructor(
    message: string,
    readonly errors: unknown[],
  ) {
    super(message);
    this.name = 'AI_RetryError';
    this.lastError = errors.at(-1);
  }
}

describe('no amplification across retry layers', () => {
  it('an outer retry does not retry what an inner retry gave up on', async () => {
    const clock = createManualClock();
    let calls = 0;
    const inner = () =>
      retry(
        () => {
          calls++;
          throw AgentError.unavailable('down');
        },
        { clock, maxAttempts: 3, random: () => 0 },
      );
    const { settled } = startRetry(inner, { maxAttempts: 5 }, clock);
    await clock.advance(60_000);
    // 3 calls, not 3 × 5.
    expect(calls).toBe(3);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'already_retried', attempts: 1, category: 'unavailable' },
    });
  });

  it('retryNested: true asks for it anyway', async () => {
    const clock = createManualClock();
    let calls = 0;
    const inner = () =>
      retry(
        () => {
          calls++;
          throw AgentError.unavailable('down');
        },
        { clock, maxAttempts: 2, random: () => 0 },
      );
    const { settled } = startRetry(inner, { maxAttempts: 2, retryNested: true }, clock);
    await clock.advance(60_000);
    expect(calls).toBe(4);
    expect(await settled).toMatchObject({ ok: false, error: { reason: 'attempts_exhausted' } });
  });

  it('recognises a copy of our RetryError, the AI SDK’s RetryError and p-retry ≤ 6’s marks', async () => {
    const ours = await retry(
      () => {
        throw AgentError.unavailable('down');
      },
      { maxAttempts: 1 },
    ).catch((e: unknown) => e);
    const thrown: unknown[] = [
      JSON.parse(JSON.stringify(ours)),
      structuredClone(ours),
      new AiSdkRetryError('Failed after 3 attempts. Last error: Overloaded', [
        new Error('Overloaded'),
      ]),
      // p-retry 4–6 add the count to the error it gives up on.
      Object.assign(new Error('connect ECONNREFUSED'), {
        code: 'ECONNREFUSED',
        attemptNumber: 3,
        retriesLeft: 0,
      }),
    ];
    for (const error of thrown) {
      const { clock, settled } = startRetry(
        () => {
          throw error;
        },
        // The AI SDK error is read as what its errors say; here it is made retryable.
        { classify: () => AgentError.unavailable('overloaded') },
      );
      await clock.advance(60_000);
      expect(await settled).toMatchObject({ ok: false, error: { reason: 'already_retried' } });
    }
  });

  it('cannot tell p-retry 7: it rethrows the last error unmarked (turn its retries off)', async () => {
    let calls = 0;
    const inner = () =>
      pRetry(
        () => {
          calls++;
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        },
        { retries: 1, minTimeout: 0 },
      );
    const error = await retry(inner, { maxAttempts: 2, baseDelayMs: 0 }).catch((e: unknown) => e);
    expect(calls).toBe(4);
    expect(error).toMatchObject({ reason: 'attempts_exhausted' });
  });
});

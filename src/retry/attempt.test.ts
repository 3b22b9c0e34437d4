import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { decode } from '../front/decode.js';
import { flush } from '../../test/helpers/manual-clock.js';
import { startRetry } from '../../test/helpers/retry-run.js';
import type { RetryAttempt } from './attempt.js';

const never = () => new Promise<never>(() => {});
const systemError = (code: string) => Object.assign(new Error(`read ${code}`), { code });

describe('attemptTimeoutMs', () => {
  it('aborts the attempt through its signal and classifies it as a timeout', async () => {
    const seen: RetryAttempt[] = [];
    const { clock, settled } = startRetry(
      (a) => {
        seen.push(a);
        return a.attempt === 1 ? never() : 'second';
      },
      { attemptTimeoutMs: 500, idempotent: true, random: () => 0 },
    );
    await clock.advance(499);
    expect(seen[0]?.signal.aborted).toBe(false);
    await clock.advance(1);
    expect(seen[0]?.signal.aborted).toBe(true);
    expect(seen[0]?.signal.reason).toMatchObject({
      category: 'timeout',
      code: 'ATTEMPT_TIMEOUT',
      details: { attempt: 1, attemptTimeoutMs: 500 },
    });
    await clock.advance(1_000);
    expect(await settled).toEqual({ ok: true, value: 'second' });
    // The second attempt's timer was cleared when it succeeded.
    expect(clock.pending).toBe(0);
  });

  it('is separate from the overall deadline: each attempt gets the full time', async () => {
    const { clock, settled } = startRetry(() => never(), {
      attemptTimeoutMs: 300,
      idempotent: true,
      maxAttempts: 3,
      baseDelayMs: 0,
    });
    await clock.advance(10_000);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'attempts_exhausted', attempts: 3, code: 'ATTEMPT_TIMEOUT' },
    });
    expect(clock.delays).toEqual([300, 0, 300, 0, 300]);
  });

  it("the caller's abort is a cancel: never retried, the attempt's signal aborts too", async () => {
    const controller = new AbortController();
    let attemptSignal: AbortSignal | undefined;
    const { clock, settled } = startRetry(
      ({ signal }) => {
        attemptSignal = signal;
        return never();
      },
      { attemptTimeoutMs: 500, idempotent: true, signal: controller.signal },
    );
    await clock.advance(100);
    controller.abort();
    await flush();
    expect(attemptSignal?.aborted).toBe(true);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'aborted', category: 'cancelled', attempts: 1 },
    });
    expect(clock.pending).toBe(0);
  });
});

describe('outcome unknown', () => {
  it('a timed-out attempt of a call without a key stops with outcome_unknown', async () => {
    const { clock, settled } = startRetry(() => never(), { attemptTimeoutMs: 200 });
    await clock.advance(10_000);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'outcome_unknown', attempts: 1, category: 'timeout' },
    });
  });

  it('is retried when the call carries a key: given by the caller', async () => {
    const { clock, settled } = startRetry((a) => (a.attempt === 1 ? never() : 'ok'), {
      idempotencyKey: 'order-7',
      attemptTimeoutMs: 200,
      random: () => 0,
    });
    await clock.advance(1_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
  });

  it('is retried when the call carries a key: the one retry made, read to be sent', async () => {
    const sent: string[] = [];
    const { clock, settled } = startRetry(
      ({ attempt, idempotencyKey }) => {
        sent.push(idempotencyKey);
        return attempt === 1 ? never() : 'ok';
      },
      { attemptTimeoutMs: 200, random: () => 0 },
    );
    await clock.advance(1_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(new Set(sent).size).toBe(1);
  });

  it('idempotent: false says a key that was read is not sent', async () => {
    const { clock, settled } = startRetry(
      ({ idempotencyKey }) => {
        void idempotencyKey;
        throw systemError('ECONNRESET');
      },
      { idempotent: false },
    );
    await clock.advance(1_000);
    expect(await settled).toMatchObject({ ok: false, error: { reason: 'outcome_unknown' } });
  });

  it('a lost connection is unknown; a refused one, a 408 or a 503 answer is not', async () => {
    for (const [error, reason] of [
      [systemError('ECONNRESET'), 'outcome_unknown'],
      [systemError('EPIPE'), 'outcome_unknown'],
      [systemError('ECONNREFUSED'), 'attempts_exhausted'],
      [decode({ status: 408, body: 'slow upload' }), 'attempts_exhausted'],
      [decode({ status: 504, body: 'upstream slow' }), 'outcome_unknown'],
      [decode({ status: 503, body: 'down' }), 'attempts_exhausted'],
    ] as const) {
      const { clock, settled } = startRetry(
        () => {
          throw error;
        },
        { maxAttempts: 2, random: () => 0 },
      );
      await clock.advance(1_000);
      expect(await settled, `${error.message}`).toMatchObject({ ok: false, error: { reason } });
    }
  });

  it('after markSent(), any failure is unknown unless the call is idempotent', async () => {
    const streamBroke = ({ markSent }: RetryAttempt) => {
      markSent(); // the first tokens reached the caller
      throw AgentError.unavailable('stream ended early');
    };
    const plain = startRetry(streamBroke);
    await plain.clock.advance(1_000);
    expect(await plain.settled).toMatchObject({
      ok: false,
      error: { reason: 'outcome_unknown', attempts: 1 },
    });

    const keyed = startRetry(streamBroke, { idempotencyKey: 'k', maxAttempts: 2 });
    await keyed.clock.advance(1_000);
    expect(await keyed.settled).toMatchObject({
      ok: false,
      error: { reason: 'attempts_exhausted', attempts: 2 },
    });
  });
});

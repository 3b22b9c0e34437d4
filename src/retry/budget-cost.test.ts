import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { startRetry } from '../../test/helpers/retry-run.js';
import { MemoryRetryStateStore } from './memory-retry-state.js';
import type { RetryBudgetOptions } from './options.js';
import { retryStopOf } from './retry-error.js';

/**
 * Attempts one call makes against a target that always fails with `error`, before the budget
 * (maxTokens 10: retries stop at or below 5 tokens) stops it.
 */
async function attemptsUntilBudget(error: AgentError, budget: RetryBudgetOptions = {}) {
  let calls = 0;
  const { clock, settled } = startRetry(
    () => {
      calls++;
      throw error;
    },
    {
      target: 'budget-cost',
      state: new MemoryRetryStateStore(),
      budget,
      breaker: false,
      idempotent: true,
      maxAttempts: 100,
      maxDelayMs: 10,
    },
  );
  await clock.advance(100 * 10);
  const result = await settled;
  expect(result.ok).toBe(false);
  expect(retryStopOf((result as { error: unknown }).error)?.reason).toBe('budget');
  return calls;
}

describe('throttling costs the budget less than a transient fault (AWS 2026: 5 against 14)', () => {
  // Every transient fault the governor retries, and every throttling without a wait of its own.
  const TRANSIENT = [
    AgentError.unavailable('connection refused'),
    AgentError.timeout('read timed out'),
    AgentError.internal('502 from the upstream', { retryable: true }),
  ];
  const THROTTLING = [
    AgentError.rateLimited('slow down'),
    AgentError.unavailable('Overloaded', { code: 'OVERLOADED' }),
  ];

  it('a transient fault costs one token: 5 failures take 10 tokens to half', async () => {
    for (const error of TRANSIENT) expect(await attemptsUntilBudget(error), error.message).toBe(5);
  });

  it('throttling costs 5/14 of a token: 14 failures take 10 tokens to half', async () => {
    for (const error of THROTTLING)
      expect(await attemptsUntilBudget(error), error.message).toBe(14);
  });

  it('budget.throttledCost sets the price; a failure whose server said when still costs nothing', async () => {
    expect(await attemptsUntilBudget(THROTTLING[0] as AgentError, { throttledCost: 1 })).toBe(5);
    expect(await attemptsUntilBudget(THROTTLING[0] as AgentError, { throttledCost: 0.5 })).toBe(10);
  });
});

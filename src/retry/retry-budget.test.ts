import { describe, expect, it } from 'vitest';
import { createRetryBudget } from './retry-budget.js';

describe('createRetryBudget', () => {
  it('lets retries add at most `ratio` of the calls once the reserve is spent', () => {
    let now = 0;
    const budget = createRetryBudget({
      ratio: 0.1,
      minPerSecond: 0,
      capacity: 5,
      clock: { now: () => now },
    });
    expect(budget.available).toBe(5);
    for (let i = 0; i < 5; i++) expect(budget.tryWithdraw()).toBe(true);
    expect(budget.tryWithdraw()).toBe(false);
    let retries = 0;
    for (let i = 0; i < 100; i++) {
      budget.deposit();
      if (budget.tryWithdraw()) retries++;
    }
    expect(retries).toBe(10);
    now += 60_000;
    expect(budget.available).toBe(0);
  });

  it('refills minPerSecond tokens per second up to capacity', () => {
    let now = 0;
    const budget = createRetryBudget({ ratio: 0, minPerSecond: 4, clock: { now: () => now } });
    while (budget.tryWithdraw());
    expect(budget.available).toBe(0);
    now += 250;
    expect(budget.available).toBe(1);
    now += 10_000;
    expect(budget.available).toBe(4);
    now -= 5_000; // a clock stepping back drains nothing
    expect(budget.available).toBe(4);
  });

  it('rejects bad options by name', () => {
    expect(() => createRetryBudget({ minPerSecond: -1 })).toThrow(/minPerSecond/);
    expect(() => createRetryBudget({ capacity: 0.5 })).toThrow(/capacity must be a number >= 1/);
    expect(() => createRetryBudget({ clock: {} as never })).toThrow(/clock/);
  });
});

import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  it('stays in [0, min(max, base × 2^(n−1)))', () => {
    const opts = { baseDelayMs: 50, maxDelayMs: 3_000 };
    for (let n = 1; n <= 2000; n *= 3) {
      const ceiling = Math.min(3_000, 50 * 2 ** (n - 1));
      expect(backoffDelay(n, { ...opts, random: () => 0 })).toBe(0);
      expect(backoffDelay(n, { ...opts, random: () => 0.9999999 })).toBeLessThan(ceiling);
      expect(backoffDelay(n, { ...opts, random: () => 0.5 })).toBe(Math.floor(ceiling / 2));
    }
  });

  it('ignores a random source outside [0, 1)', () => {
    expect(backoffDelay(1, { baseDelayMs: 100, maxDelayMs: 100, random: () => 7 })).toBe(0);
    expect(() => backoffDelay(0, { baseDelayMs: 1, maxDelayMs: 1 })).toThrow(TypeError);
  });
});

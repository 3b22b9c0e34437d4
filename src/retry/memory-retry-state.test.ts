import { describe, expect, it } from 'vitest';
import { retryStateContract } from '../../test/helpers/retry-state-contract.js';
import { MemoryRetryStateStore } from './memory-retry-state.js';
import type { TargetPolicy } from './retry-state.js';

describe('MemoryRetryStateStore', () => {
  retryStateContract(() => new MemoryRetryStateStore());

  it('keeps at most maxTargets targets, forgetting the oldest', () => {
    const store = new MemoryRetryStateStore(2);
    const policy: TargetPolicy = {
      maxTokens: 0,
      tokenRatio: 0.1,
      failureThreshold: 1,
      halfOpenAfterMs: 1_000,
      successThreshold: 1,
      probeLeaseMs: 1_000,
    };
    const down = { ok: false, probe: '', cost: false, unhealthy: true, waitMs: -1 };
    for (const target of ['a', 'b', 'c']) store.record(target, down, policy, 0);
    expect(store.admit('a', policy, 1).kind).toBe('go');
    expect(store.admit('b', policy, 1).kind).toBe('open');
    expect(store.admit('c', policy, 1).kind).toBe('open');
  });
});

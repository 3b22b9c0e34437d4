import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { MemoryIdempotencyStore } from './memory-idempotency-store.js';
import { cacheableFailure, withIdempotency } from './with-idempotency.js';

describe('withIdempotency', () => {
  it('rejects a key that is not a short non-empty string as validation', async () => {
    const handler = vi.fn(() => 1);
    const call = withIdempotency(new MemoryIdempotencyStore(), handler);
    for (const idempotencyKey of ['', 'x'.repeat(256), 42]) {
      await expect(call({}, { idempotencyKey })).rejects.toMatchObject({
        code: 'INVALID_IDEMPOTENCY_KEY',
        category: 'validation',
      });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('rejects input without a JSON form as validation, before running', async () => {
    const handler = vi.fn(() => 1);
    const call = withIdempotency(new MemoryIdempotencyStore(), handler);
    await expect(call({ n: 1n }, { idempotencyKey: 'k' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      category: 'validation',
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('ignores _meta when comparing inputs and keeps scopes apart', async () => {
    let runs = 0;
    const store = new MemoryIdempotencyStore();
    const a = withIdempotency(store, () => Promise.resolve(`a${++runs}`), { scope: 'a' });
    const b = withIdempotency(store, () => Promise.resolve(`b${++runs}`), { scope: 'b' });
    const first = await a({ x: 1, _meta: { idempotencyKey: 'k', progressToken: 1 } }, {});
    const again = await a({ x: 1, _meta: { idempotencyKey: 'k', progressToken: 2 } }, {});
    expect(again).toBe(first);
    expect(await b({ x: 2 }, { idempotencyKey: 'k' })).toBe('b2');
  });

  it('uses the custom lookups', async () => {
    let runs = 0;
    const call = withIdempotency(
      new MemoryIdempotencyStore(),
      (_params: { key: string; user: string }) => Promise.resolve(++runs),
      {
        keyOf: (p) => p.key,
        principalOf: (p) => p.user,
        fingerprintOf: () => 'same',
        requestIdOf: () => 'job-7',
      },
    );
    expect(await call({ key: 'k', user: 'u' }, {})).toBe(1);
    expect(await call({ key: 'k', user: 'u' }, {})).toBe(1);
    expect(await call({ key: 'k', user: 'v' }, {})).toBe(2);
  });

  it('throws a TypeError naming a bad argument', () => {
    const store = new MemoryIdempotencyStore();
    expect(() => withIdempotency({} as never, () => 1)).toThrow(/withIdempotency: store must be/);
    expect(() => withIdempotency(store, 1 as never)).toThrow(/handler must be a function/);
    expect(() => withIdempotency(store, () => 1, { leaseMs: 0 })).toThrow(/leaseMs/);
    expect(() => withIdempotency(store, () => 1, { keyOf: 'k' as never })).toThrow(/keyOf/);
  });
});

describe('cacheableFailure', () => {
  it('keeps only non-retryable verdicts on the input', () => {
    expect(cacheableFailure(AgentError.validation('bad'))).toBe(true);
    expect(cacheableFailure(AgentError.notFound('gone'))).toBe(true);
    expect(cacheableFailure(AgentError.conflict('lsp modified', { retryable: true }))).toBe(false);
    expect(cacheableFailure(AgentError.unavailable('down'))).toBe(false);
    expect(cacheableFailure(AgentError.auth('log in'))).toBe(false);
    expect(cacheableFailure(AgentError.internal('crash'))).toBe(false);
  });
});

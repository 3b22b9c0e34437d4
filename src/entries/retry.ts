/**
 * `retry` driven by what the error says, retry budgets, and idempotency (`withIdempotency`,
 * `MemoryIdempotencyStore`).
 *
 * @module agent-errors/retry
 */
export * from '../retry/index.js';
export * from '../idempotency/index.js';

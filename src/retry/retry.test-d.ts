import { createClient } from 'redis';
import { expectTypeOf, test } from 'vitest';
import type { AgentErrorLike } from '../core/agent-error.js';
import { RedisIdempotencyStore } from '../redis/redis-idempotency-store.js';
import type { RedisClientLike } from '../redis/redis-idempotency-store.js';
import { MemoryIdempotencyStore } from '../idempotency/memory-idempotency-store.js';
import { withIdempotency } from '../idempotency/with-idempotency.js';
import type { IdempotencyStore } from '../idempotency/idempotency-store.js';
import { retry } from './retry.js';
import { isRetryError } from './retry-error.js';
import type { RetryAttempt, RetryStop, RetryStopReason } from './index.js';

test('retry resolves with what fn returns, awaited', () => {
  expectTypeOf(retry(() => 1)).toEqualTypeOf<Promise<number>>();
  expectTypeOf(retry(() => Promise.resolve('x'))).toEqualTypeOf<Promise<string>>();
  expectTypeOf<Parameters<typeof retry>[0]>().parameter(0).toEqualTypeOf<RetryAttempt>();
});

test('isRetryError narrows to the hub fields plus reason, attempts and details.retry', () => {
  const e: unknown = null;
  if (isRetryError(e)) {
    expectTypeOf(e).toExtend<AgentErrorLike>();
    expectTypeOf(e.reason).toEqualTypeOf<RetryStopReason>();
    expectTypeOf(e.attempts).toEqualTypeOf<number>();
    expectTypeOf(e.details.retry).toEqualTypeOf<RetryStop>();
  }
});

test('a real node-redis client fits RedisClientLike', () => {
  const client = createClient();
  expectTypeOf(client).toExtend<RedisClientLike>();
  expectTypeOf(new RedisIdempotencyStore(client)).toExtend<IdempotencyStore>();
});

test('withIdempotency keeps the handler signature and promises its result', () => {
  const wrapped = withIdempotency(
    new MemoryIdempotencyStore(),
    (params: { week: string }, context: { principal: string }) => ({
      week: params.week,
      by: context.principal,
    }),
  );
  expectTypeOf(wrapped).toEqualTypeOf<
    (
      params: { week: string },
      context: { principal: string },
    ) => Promise<{ week: string; by: string }>
  >();
});

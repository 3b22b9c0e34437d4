export { RedisIdempotencyStore } from './redis-idempotency-store.js';
export type { RedisIdempotencyStoreOptions } from './redis-idempotency-store.js';
export { RedisRetryStateStore } from './redis-retry-state-store.js';
export type { RedisRetryStateStoreOptions } from './redis-retry-state-store.js';
export type {
  IoRedisLike,
  NodeRedisClientLike,
  NodeRedisClusterLike,
  NodeRedisSentinelLike,
  RedisClientLike,
} from './redis-client.js';

export { RedisIdempotencyStore } from './redis-idempotency-store.js';
export type { RedisClientLike, RedisIdempotencyStoreOptions } from './redis-idempotency-store.js';

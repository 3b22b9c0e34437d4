/**
 * `RedisIdempotencyStore` and `RedisRetryStateStore`: idempotency and retry state shared by
 * several processes, on node-redis (single server, Cluster, Sentinel), ioredis or iovalkey.
 *
 * @module agent-errors/redis
 */
export * from '../redis/index.js';

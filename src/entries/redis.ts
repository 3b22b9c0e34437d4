/**
 * `RedisIdempotencyStore`: idempotency shared by several processes (peer dependency: `redis`).
 *
 * @module agent-errors/redis
 */
export * from '../redis/index.js';

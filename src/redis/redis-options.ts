import { timerDelay } from '../core/timer-delay.js';
import { numberOption, optionError } from '../retry/check-option.js';
import { keyedRedis } from './redis-client.js';
import type { KeyedRedis } from './redis-client.js';

/** The options every Redis-backed store takes, checked once for all of them. */
export interface CommonRedisOptions {
  prefix?: string;
  ttlMs?: number;
  commandTimeoutMs?: number;
}

/**
 * Check a Redis-backed store's client and common options, naming `where` in any error, and fill
 * in the defaults given. The client becomes the adapter its shape calls for.
 */
export function checkRedisOptions(
  where: string,
  client: unknown,
  options: CommonRedisOptions,
  defaults: { prefix: string; ttlMs: number; commandTimeoutMs: number },
): { redis: KeyedRedis; prefix: string; ttlMs: number; commandTimeoutMs: number } {
  const redis = keyedRedis(where, client);
  if (options === null || typeof options !== 'object')
    throw optionError(where, 'options', 'an object', options);
  const prefix = options.prefix ?? defaults.prefix;
  if (typeof prefix !== 'string') throw optionError(where, 'prefix', 'a string', prefix);
  return {
    redis,
    prefix,
    ttlMs: numberOption(where, 'ttlMs', options.ttlMs, { min: 1, integer: true }) ?? defaults.ttlMs,
    commandTimeoutMs:
      numberOption(where, 'commandTimeoutMs', options.commandTimeoutMs, { min: 1 }) ??
      defaults.commandTimeoutMs,
  };
}

/**
 * Run `command` (one or two round trips to Redis), aborted and rejected with `timeoutError()`
 * when Redis has not answered within `timeoutMs`: a store must never hang on a server that
 * stopped answering. node-redis drops an aborted command still queued while it reconnects.
 */
export async function bounded(
  timeoutMs: number,
  timeoutError: () => Error,
  command: (signal: AbortSignal) => Promise<unknown>,
): Promise<unknown> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timeoutError();
      controller.abort(error);
      reject(error);
    }, timerDelay(timeoutMs));
  });
  try {
    return await Promise.race([command(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

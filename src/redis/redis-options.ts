import { timerDelay } from '../core/timer-delay.js';
import { numberOption, optionError } from '../retry/check-option.js';
import type { RedisClientLike } from './redis-idempotency-store.js';

/** The options every Redis-backed store takes, checked once for all of them. */
export interface CommonRedisOptions {
  prefix?: string;
  ttlMs?: number;
  commandTimeoutMs?: number;
}

/**
 * Check a Redis-backed store's client and common options, naming `where` in any error, and fill
 * in the defaults given.
 */
export function checkRedisOptions(
  where: string,
  client: RedisClientLike,
  options: CommonRedisOptions,
  defaults: { prefix: string; ttlMs: number; commandTimeoutMs: number },
): { prefix: string; ttlMs: number; commandTimeoutMs: number } {
  if (
    client === null ||
    typeof client !== 'object' ||
    typeof (client as Partial<RedisClientLike>).sendCommand !== 'function'
  )
    throw optionError(where, 'client', 'a Redis client with sendCommand (node-redis)', client);
  if (options === null || typeof options !== 'object')
    throw optionError(where, 'options', 'an object', options);
  const prefix = options.prefix ?? defaults.prefix;
  if (typeof prefix !== 'string') throw optionError(where, 'prefix', 'a string', prefix);
  return {
    prefix,
    ttlMs: numberOption(where, 'ttlMs', options.ttlMs, { min: 1, integer: true }) ?? defaults.ttlMs,
    commandTimeoutMs:
      numberOption(where, 'commandTimeoutMs', options.commandTimeoutMs, { min: 1 }) ??
      defaults.commandTimeoutMs,
  };
}

/**
 * Send one command, aborted and rejected with `timeoutError()` when Redis has not answered within
 * `timeoutMs`: a store must never hang on a server that stopped answering.
 */
export async function sendBounded(
  client: RedisClientLike,
  args: string[],
  timeoutMs: number,
  timeoutError: () => Error,
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
    return await Promise.race([
      client.sendCommand(args, { abortSignal: controller.signal }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

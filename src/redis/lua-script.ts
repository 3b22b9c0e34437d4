import { hexDigest } from '../idempotency/fingerprint.js';
import type { KeyedRedis } from './redis-client.js';

/**
 * A Lua script run by `EVALSHA`: after the first call only its 40-character SHA-1 travels, not
 * its source. A server that does not know the script (a fresh node, a replica promoted by a
 * failover, after `SCRIPT FLUSH`) answers `NOSCRIPT`; the script is then sent once by `EVAL`,
 * which also caches it on that server. Both go to the node that holds the key, so a Cluster
 * loads each script where it runs.
 * @internal
 */
export class LuaScript {
  readonly source: string;
  #sha: Promise<string> | undefined;

  constructor(source: string) {
    this.source = source;
  }

  /** The script's SHA-1 in hex, as Redis names it (computed once). */
  sha(): Promise<string> {
    this.#sha ??= hexDigest('SHA-1', this.source, 'agent-errors/redis');
    return this.#sha;
  }

  /** Run the script with `KEYS[1] = key` and `ARGV = args`; resolves with its reply. */
  async run(redis: KeyedRedis, key: string, args: string[], signal: AbortSignal): Promise<unknown> {
    const sha = await this.sha();
    try {
      return await redis.send(key, ['EVALSHA', sha, '1', key, ...args], signal);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return redis.send(key, ['EVAL', this.source, '1', key, ...args], signal);
    }
  }
}

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}

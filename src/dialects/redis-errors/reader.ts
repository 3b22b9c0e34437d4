import type { Reader } from '../../core/reader.js';
import { databaseError, meaning as m } from '../database/meaning.js';
import {
  IOREDIS_MESSAGES,
  REDIS_CLIENT_CLASSES,
  REDIS_REPLY_CLASSES,
  replyMeaning,
} from './prefixes.js';

/** The name of `value`'s class, or `undefined` (a throwing getter reads as none). */
function className(value: object): string | undefined {
  try {
    const name: unknown = (value.constructor as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Redis errors as node-redis (`redis`, `@redis/client`) and ioredis raise them: an error reply
 * (`ErrorReply` / `SimpleError`, ioredis `ReplyError`) by its prefix ({@link REDIS_PREFIXES}),
 * a transaction's `MultiErrorReply` by its first failed reply, and the clients' own errors by
 * class ({@link REDIS_CLIENT_CLASSES}) or, for ioredis's plain `Error`s, by their fixed message
 * ({@link IOREDIS_MESSAGES}). Instances only: a reply's text alone is anyone's.
 */
export const redisReader: Reader = {
  name: 'Redis error',
  requires: ['message'],
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || typeof view.message !== 'string') return undefined;
    const e = view.input;
    const cls = className(e);
    if (cls === undefined) return undefined;
    let message = view.message;
    if (cls.startsWith('Upstash')) return upstashError(e, cls, message);
    if (cls === 'Error') {
      const row = IOREDIS_MESSAGES.get(message);
      return row && databaseError(e, row, 'redis', { client: 'ioredis' }, 'operation');
    }
    if (cls === 'MultiErrorReply') {
      // node-redis: `replies[errorIndexes[0]]` is the first command that failed.
      const indexes: unknown = e.errorIndexes;
      const replies: unknown = e.replies;
      const at: unknown = Array.isArray(indexes) ? indexes[0] : undefined;
      const first: unknown =
        typeof at === 'number' && Array.isArray(replies) ? replies[at] : undefined;
      if (!(first instanceof Error)) return undefined;
      message = first.message;
    } else if (!REDIS_REPLY_CLASSES.has(cls)) {
      // The clients' own classes carry no `code`: one that does is another library's class of
      // the same name (undici's `ClientClosedError` is `UND_ERR_CLOSED`).
      if (view.code !== undefined) return undefined;
      const row = REDIS_CLIENT_CLASSES.get(cls);
      const scope = cls === 'WatchError' ? 'transaction' : 'operation';
      return row && databaseError(e, row, 'redis', { class: cls }, scope);
    }
    // A prefix the table does not name (a module's own): still the server's refusal.
    const row = replyMeaning(message) ?? m('internal', 'DB_ERROR');
    const prefix = message.split(/\s/, 1)[0];
    return databaseError(e, row, 'redis', { code: prefix, class: cls }, 'operation');
  },
};

/**
 * `@upstash/redis`'s errors: `UpstashError` holds the server's error text, then ", command was:
 * [...]" (a refused request), or after "Command 2 [ incr ] failed: " (a pipeline's command);
 * Upstash's REST API says "Unauthorized" for a bad token. `UpstashJSONParseError` is a body that
 * is no JSON: a gateway answered, not the database (upstash.com/docs/redis/troubleshooting).
 */
function upstashError(e: Record<string, unknown>, cls: string, message: string) {
  if (cls === 'UpstashJSONParseError') {
    return databaseError(
      e,
      m('unavailable', 'DB_CONNECTION_ERROR', true),
      'redis',
      { class: cls },
      'operation',
    );
  }
  if (cls !== 'UpstashError') return undefined;
  const reply = message
    .replace(/^Command (?:\d+ \[ \S+ \] )?failed: /, '')
    .split(', command was: ', 1)[0]!;
  const row = reply === 'Unauthorized' ? m('auth', 'DB_AUTH_FAILED') : replyMeaning(reply);
  const code = reply.split(/\s/, 1)[0];
  return row && databaseError(e, row, 'redis', { code, class: cls }, 'operation');
}

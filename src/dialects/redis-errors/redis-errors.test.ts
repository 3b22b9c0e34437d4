// Every prefix and client class of Redis's tables, through `decode`, each error built with
// node-redis's and ioredis's own reply classes.
import { createRequire } from 'node:module';
import {
  ErrorReply,
  SimpleError,
  WatchError,
  ClientClosedError,
  MultiErrorReply,
} from '@redis/client/dist/lib/errors.js';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { REDIS_CLIENT_CLASSES, REDIS_PREFIXES } from 'agent-errors/databases';
import { expectRow } from '../../../test/helpers/database-errors.js';

const require = createRequire(import.meta.url);
const { ReplyError } = require('redis-errors') as { ReplyError: new (message: string) => Error };

describe('Redis: every prefix, with node-redis and ioredis reply classes', () => {
  const prefixes = [...REDIS_PREFIXES].filter(([p]) => p !== 'ERR');
  it.each(prefixes)('%s', (prefix, row) => {
    for (const Reply of [SimpleError, ErrorReply, ReplyError]) {
      const decoded = decode(new Reply(`${prefix} the server said no`));
      expectRow(decoded, row);
      expect(decoded.details?.database).toMatchObject({ system: 'redis', code: prefix });
    }
  });
  it.each(
    [...REDIS_CLIENT_CLASSES].filter(([c]) => ['WatchError', 'ClientClosedError'].includes(c)),
  )('client class %s', (cls, row) => {
    const error = cls === 'WatchError' ? new WatchError() : new ClientClosedError();
    expectRow(decode(error), row);
  });
  it('a MULTI that failed reads as its first failed command', () => {
    const error = new MultiErrorReply(
      [
        'OK' as never,
        new SimpleError('WRONGTYPE Operation against a key holding the wrong kind of value'),
      ],
      [1],
    );
    expect(decode(error).code).toBe('DB_WRONG_TYPE');
  });
});

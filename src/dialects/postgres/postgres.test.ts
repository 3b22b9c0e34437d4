// Every row of every database family's table, through `decode`, with each error built the way
// its library builds it: PostgreSQL's through pg-protocol's own parser from an ErrorResponse
// message, MySQL's through mysql2's Packet.asError from an ERR packet, MongoDB's with the
// driver's classes from a server reply, Redis's with node-redis's and ioredis's reply classes.
// Prisma's engines cannot be installed here: its errors are built by their documented shape
// (name, code, meta, clientVersion), as docs/databases.md says.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  ErrorReply,
  SimpleError,
  WatchError,
  ClientClosedError,
  MultiErrorReply,
} from '@redis/client/dist/lib/errors.js';
import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import type { DatabaseMeaning } from 'agent-errors/databases';
import {
  MONGODB_CODES,
  MONGODB_LABELS,
  MYSQL2_CLIENT_CODES,
  MYSQL_ERRNOS,
  PG_CLIENT_MESSAGES,
  PRISMA_CODES,
  REDIS_CLIENT_CLASSES,
  REDIS_PREFIXES,
  SQLSTATE_CLASSES,
  SQLSTATE_CONDITIONS,
} from 'agent-errors/databases';

const require = createRequire(import.meta.url);
const { parse } = require('pg-protocol') as {
  parse: (stream: PassThrough, callback: (message: unknown) => void) => Promise<void>;
};
const Packet = require(`${dirname(require.resolve('mysql2'))}/lib/packets/packet.js`) as new (
  id: number,
  buffer: Buffer,
  start: number,
  end: number,
) => { asError(encoding?: string): Error };
const { ReplyError } = require('redis-errors') as { ReplyError: new (message: string) => Error };

/** A PostgreSQL ErrorResponse message ('E'), parsed by pg-protocol into pg's DatabaseError. */
async function pgError(fields: Record<string, string>): Promise<Error> {
  const body = Buffer.concat([
    ...Object.entries(fields).map(([type, value]) => Buffer.from(`${type}${value}\0`)),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(body.length + 4, 1);
  const stream = new PassThrough();
  let error: Error | undefined;
  const done = parse(stream, (message) => {
    if (message instanceof Error) error = message;
  });
  stream.end(Buffer.concat([header, body]));
  await done;
  if (!error) throw new Error('pg-protocol gave no DatabaseError');
  return error;
}

/** A MySQL ERR packet (0xff, errno, '#', SQLSTATE, message), read by mysql2's Packet.asError. */
function mysqlError(errno: number, sqlState: string, message: string): Error {
  const payload = Buffer.concat([
    Buffer.from([0xff, errno & 0xff, errno >> 8]),
    Buffer.from(`#${sqlState}${message}`),
  ]);
  const header = Buffer.alloc(4);
  header.writeUIntLE(payload.length, 0, 3);
  const buffer = Buffer.concat([header, payload]);
  return new Packet(0, buffer, 0, buffer.length).asError('utf8');
}

function expectRow(decoded: ReturnType<typeof decode>, row: DatabaseMeaning): void {
  expect({ category: decoded.category, code: decoded.code, retryable: decoded.retryable }).toEqual(
    row,
  );
  expect(decoded.unexpected).toBe(true);
  if (row.retryable) expect(decoded.details?.retryScope).toBeTypeOf('string');
}

describe('PostgreSQL: every SQLSTATE row, from an ErrorResponse parsed by pg-protocol', () => {
  const conditions = Object.entries(SQLSTATE_CONDITIONS).filter(([s]) => !s.startsWith('42S'));
  it.each(conditions)('%s', async (state, row) => {
    const error = await pgError({
      S: 'ERROR',
      V: 'ERROR',
      C: state,
      M: `failure ${state}`,
      R: 'fn',
    });
    const decoded = decode(error);
    expectRow(decoded, row);
    expect(decoded.details?.database).toMatchObject({ system: 'postgresql', code: state });
  });
  it.each(Object.entries(SQLSTATE_CLASSES))(
    'class %s (a subclass the table does not name)',
    async (cls, row) => {
      const error = await pgError({ S: 'ERROR', C: `${cls}9Z9`, M: 'failure' });
      expectRow(decode(error), row);
    },
  );
  it('57014 is a timeout when a statement timeout ended it, a cancel otherwise', async () => {
    const timeout = decode(
      await pgError({ S: 'ERROR', C: '57014', M: 'canceling statement due to statement timeout' }),
    );
    expect([timeout.category, timeout.retryable]).toEqual(['timeout', true]);
    const cancel = decode(
      await pgError({ S: 'ERROR', C: '57014', M: 'canceling statement due to user request' }),
    );
    expect([cancel.category, cancel.retryable]).toEqual(['cancelled', false]);
  });
  it('keeps the names of the objects involved, never the row values in detail', async () => {
    const error = await pgError({
      S: 'ERROR',
      C: '23505',
      M: 'duplicate key value violates unique constraint "users_email_key"',
      D: 'Key (email)=(secret@example.com) already exists.',
      n: 'users_email_key',
      t: 'users',
      s: 'public',
    });
    const decoded = decode(error);
    expect(decoded.details).toEqual({
      database: {
        system: 'postgresql',
        code: '23505',
        severity: 'ERROR',
        constraint: 'users_email_key',
        table: 'users',
        schema: 'public',
      },
    });
    expect(JSON.stringify(decoded.details)).not.toContain('secret@');
  });
  it.each([...PG_CLIENT_MESSAGES])('pg client: %s', (message, row) => {
    expectRow(decode(new Error(message)), row);
  });
});

describe('MySQL / MariaDB: every errno row and client code, from an ERR packet read by mysql2', () => {
  it.each(Object.entries(MYSQL_ERRNOS))('errno %s', (errno, row) => {
    expectRow(decode(mysqlError(Number(errno), 'HY000', `failure ${errno}`)), row);
  });
  const odbc = Object.entries(SQLSTATE_CONDITIONS).filter(([s]) => s.startsWith('42S'));
  it.each([...odbc, ...Object.entries(SQLSTATE_CLASSES).map(([c, r]) => [`${c}9Z9`, r] as const)])(
    'an errno the table does not name, SQLSTATE %s',
    (state, row) => {
      expectRow(decode(mysqlError(1999, state, 'failure')), row);
    },
  );
  it('1290 is read-only only when the read-only option refused the statement', () => {
    const ro = decode(
      mysqlError(
        1290,
        'HY000',
        'The MariaDB server is running with the --read-only option so it cannot execute this statement',
      ),
    );
    expect([ro.category, ro.code, ro.retryable]).toEqual(['unavailable', 'DB_READ_ONLY', true]);
    const other = decode(
      mysqlError(
        1290,
        'HY000',
        'The MySQL server is running with the --secure-file-priv option so it cannot execute this statement',
      ),
    );
    expect([other.category, other.retryable]).toEqual(['validation', false]);
  });
  it.each([...MYSQL2_CLIENT_CODES])('mysql2 client code %s', (code, row) => {
    const error = Object.assign(new Error('Connection lost: The server closed the connection.'), {
      fatal: true,
      code,
    });
    expectRow(decode(error), row);
  });
});

describe('MongoDB: every code, label and driver class', () => {
  it.each(Object.entries(MONGODB_CODES))('code %s', (code, row) => {
    const error = new MongoServerError({
      ok: 0,
      code: Number(code),
      codeName: 'X',
      errmsg: `failure ${code}`,
    });
    expectRow(decode(error), row);
    // The same reply as plain data, as a log relays it.
    expectRow(decode({ ok: 0, code: Number(code), codeName: 'X', errmsg: 'failure' }), row);
  });
  it.each([...MONGODB_LABELS])('label %s decides the retry and its scope', (label, said) => {
    const error = new MongoServerError({
      ok: 0,
      code: 99999,
      codeName: 'Unlisted',
      errmsg: 'failure',
      errorLabels: [label],
    });
    const decoded = decode(error);
    expectRow(decoded, said.fallback);
    expect(decoded.details?.retryScope).toBe(said.scope);
    // A code the table marks not retryable still retries under the label.
    const coded = decode(
      new MongoServerError({
        ok: 0,
        code: 11000,
        codeName: 'DuplicateKey',
        errmsg: 'x',
        errorLabels: [label],
      }),
    );
    expect([coded.code, coded.retryable, coded.details?.retryScope]).toEqual([
      'DB_UNIQUE_VIOLATION',
      true,
      said.scope,
    ]);
  });
  it('driver classes: network, server selection', () => {
    expect(decode(new MongoNetworkError('connection 1 to 127.0.0.1:1 closed')).code).toBe(
      'DB_CONNECTION_LOST',
    );
    const selection = decode(
      new MongoServerSelectionError('Server selection timed out after 30000 ms', {
        type: 'Unknown',
        servers: new Map(),
      } as never),
    );
    expect([selection.category, selection.retryable]).toEqual(['unavailable', true]);
  });
});

describe('Prisma: every code, by the documented shape', () => {
  class PrismaClientKnownRequestError extends Error {
    constructor(
      message: string,
      readonly code: string,
      readonly meta?: Record<string, unknown>,
      readonly clientVersion = '6.0.0',
    ) {
      super(message);
    }
    override get name(): string {
      return 'PrismaClientKnownRequestError';
    }
  }
  it.each(Object.entries(PRISMA_CODES))('%s', (code, row) => {
    expectRow(decode(new PrismaClientKnownRequestError(`failure ${code}`, code)), row);
  });
  it('P2010 reads the database code it relays', () => {
    const decoded = decode(
      new PrismaClientKnownRequestError('Raw query failed', 'P2010', { code: '40P01' }),
    );
    expect([decoded.code, decoded.retryable]).toEqual(['DB_DEADLOCK', true]);
  });
});

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

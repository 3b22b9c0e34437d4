// Fresh database errors, measured as a reviewer measures them: conditions from each database's
// own documented table that the other database tests do not raise, provoked on real servers
// (PostgreSQL, MariaDB, redis-server on 127.0.0.1, free ports) through the real clients, and
// MongoDB's server replies turned into errors by the driver's own classes. Run with
// FRESH_SCORE=1 to print the per-family score.
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoNetworkTimeoutError, MongoServerError } from 'mongodb';
import type { Connection, ConnectionOptions } from 'mysql2/promise';
import type { Client, ClientConfig } from 'pg';
import { Redis as IoRedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe } from 'vitest';
import { again, mongoReply, no } from './helpers/database-cases.js';
import { explained, freshCases, rejected } from './helpers/fresh-cases.js';
import { freePort, skipRedisTests, startRedisServer } from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';
import {
  connectMariadb,
  connectMariadbRoot,
  connectPg,
  DB_PASSWORD,
  skipMariadbTests,
  skipPostgresTests,
  startMariadb,
  startPostgres,
} from './helpers/sql-servers.js';
import type { SqlServer } from './helpers/sql-servers.js';

describe.skipIf(skipPostgresTests())('fresh PostgreSQL errors (pg, a real server)', () => {
  let server: SqlServer | undefined;
  const clients: Client[] = [];
  let db: Client;
  const connect = (extra: ClientConfig = {}): Promise<Client> => connectPg(server, clients, extra);
  const fails = (sql: string) => () => rejected(db.query(sql));
  beforeAll(async () => {
    server = await startPostgres();
    db = await connect();
    await db.query(`
      CREATE TABLE fresh_parent (id int PRIMARY KEY);
      CREATE TABLE fresh_child (id int PRIMARY KEY, parent_id int REFERENCES fresh_parent(id),
        code varchar(3), name text);
      CREATE TABLE fresh_booking (room int, during int4range,
        EXCLUDE USING gist (during WITH &&));
      INSERT INTO fresh_booking VALUES (1, '[1,10)');
      CREATE ROLE fresh_reader LOGIN PASSWORD '${DB_PASSWORD}';
      CREATE FUNCTION fresh_retry_me() RETURNS void LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'concurrent update' USING ERRCODE = 'serialization_failure'; END $$;`);
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
    await server?.dispose();
  });

  freshCases('postgresql', [
    {
      label: '22003 numeric out of range',
      build: fails('SELECT 2147483647::int + 1'),
      careful: no('validation'),
    },
    {
      label: '22001 value too long',
      build: fails("INSERT INTO fresh_child (id, code) VALUES (1, 'abcd')"),
      careful: no('validation'),
    },
    {
      label: '22007 invalid datetime format',
      build: fails("SELECT 'not a date'::date"),
      careful: no('validation'),
    },
    {
      label: '22008 datetime field overflow',
      build: fails("SELECT '2024-13-45'::date"),
      careful: no('validation'),
    },
    {
      label: '21000 subquery returns two rows',
      build: fails('SELECT (SELECT generate_series(1, 2))'),
      careful: no('validation'),
    },
    {
      label: '22023 invalid parameter value',
      build: fails('SELECT generate_series(1, 10, 0)'),
      careful: no('validation'),
    },
    {
      label: '3F000 unknown schema',
      build: fails('SELECT * FROM no_such_schema.t'),
      careful: no('not_found'),
    },
    {
      label: '42704 unknown type',
      build: fails('DROP TYPE no_such_type'),
      careful: no('not_found'),
    },
    {
      label: '2BP01 dependent objects still exist',
      build: fails('DROP TABLE fresh_parent'),
      careful: no('conflict'),
    },
    {
      label: '23P01 exclusion violation',
      build: fails("INSERT INTO fresh_booking VALUES (2, '[5,7)')"),
      careful: no('conflict'),
    },
    {
      label: '42501 insufficient privilege',
      build: async () =>
        rejected((await connect({ user: 'fresh_reader' })).query('SELECT * FROM fresh_parent')),
      careful: no('permission'),
    },
    {
      label: '0A000 cross-database reference',
      build: fails('SELECT * FROM otherdb.public.t'),
      careful: no('validation'),
    },
    {
      label: '25001 CREATE DATABASE inside a transaction',
      build: async () => {
        const c = await connect();
        await c.query('BEGIN');
        return rejected(c.query('CREATE DATABASE fresh_never'));
      },
      careful: no('validation'),
    },
    {
      label: '42P10 ON CONFLICT without a matching constraint',
      build: fails(
        "INSERT INTO fresh_child (id, name) VALUES (9, 'x') ON CONFLICT (name) DO NOTHING",
      ),
      careful: no('validation'),
    },
    {
      label: '42702 ambiguous column',
      build: fails('SELECT id FROM fresh_parent, fresh_child'),
      careful: no('validation'),
    },
    {
      label: '42804 datatype mismatch',
      build: fails('INSERT INTO fresh_parent VALUES (true)'),
      careful: no('validation'),
    },
    {
      label: '42710 duplicate role',
      build: fails('CREATE ROLE fresh_reader'),
      careful: no('conflict'),
    },
    {
      label: 'P0001 RAISE EXCEPTION in a function',
      build: fails("DO $$ BEGIN RAISE EXCEPTION 'business rule'; END $$"),
      careful: no('internal'),
    },
    {
      label: '40001 raised by a function (ERRCODE serialization_failure)',
      build: fails('SELECT fresh_retry_me()'),
      careful: again('conflict', 'transaction'),
    },
    {
      label: '25P03 idle-in-transaction session timeout',
      build: async () => {
        const c = await connect();
        await c.query("SET idle_in_transaction_session_timeout = '100ms'");
        await c.query('BEGIN');
        const terminated = new Promise<unknown>((resolve) => {
          c.on('error', (e: unknown) => resolve(e));
        });
        const late = sleep(5000).then((): unknown => new Error('no 25P03 came'));
        return Promise.race([terminated, late]);
      },
      careful: again('timeout', 'transaction'),
    },
    {
      label: '55P03 LOCK TABLE … NOWAIT on a locked table',
      build: async () => {
        const a = await connect();
        const b = await connect();
        await a.query('BEGIN; LOCK TABLE fresh_parent IN ACCESS EXCLUSIVE MODE');
        await b.query('BEGIN');
        const error = await rejected(b.query('LOCK TABLE fresh_parent IN SHARE MODE NOWAIT'));
        await Promise.all([a.query('ROLLBACK'), b.query('ROLLBACK')]);
        return error;
      },
      careful: again('timeout', 'transaction'),
    },
  ]);

  // The printed form, String(err), as people paste it into `explain`: pg's `error: <message>`.
  freshCases(
    'pg printed',
    [
      {
        label: 'unique violation',
        build: fails('INSERT INTO fresh_parent VALUES (1), (1)'),
        careful: no('conflict'),
      },
      {
        label: 'foreign key violation',
        build: fails('INSERT INTO fresh_child (id, parent_id) VALUES (20, 999)'),
        careful: no('conflict'),
      },
      {
        label: 'not-null violation',
        build: fails('INSERT INTO fresh_parent VALUES (NULL)'),
        careful: no('validation'),
      },
      {
        label: 'unknown column',
        build: fails('SELECT nope FROM fresh_parent'),
        careful: no('not_found'),
      },
      { label: 'unknown table', build: fails('SELECT * FROM nope'), careful: no('not_found') },
      { label: 'syntax error', build: fails('SELEC 1'), careful: no('validation') },
      {
        label: 'value too long',
        build: fails("INSERT INTO fresh_child (id, code) VALUES (21, 'abcdef')"),
        careful: no('validation'),
      },
      { label: 'invalid input syntax', build: fails("SELECT 'x'::int"), careful: no('validation') },
      {
        label: 'statement timeout',
        build: async () => {
          const c = await connect();
          await c.query("SET statement_timeout = '50ms'");
          return rejected(c.query('SELECT pg_sleep(2)'));
        },
        careful: { category: 'timeout', retryable: true },
      },
      {
        label: 'refused login',
        build: () => rejected(connect({ password: 'wrong' })),
        careful: no('auth'),
      },
      {
        label: 'write in a read-only transaction',
        build: async () => {
          const c = await connect();
          await c.query('BEGIN READ ONLY');
          return rejected(c.query('INSERT INTO fresh_parent VALUES (77)'));
        },
        careful: { category: 'unavailable', retryable: true },
      },
    ],
    explained,
  );
});

describe.skipIf(skipMariadbTests())('fresh MariaDB errors (mysql2, a real server)', () => {
  let server: SqlServer | undefined;
  const connections: Connection[] = [];
  let root: Connection;
  let db: Connection;
  const connect = (extra: ConnectionOptions = {}): Promise<Connection> =>
    connectMariadb(
      server,
      connections,
      { user: 'fresh', password: DB_PASSWORD, database: 'fresh' },
      extra,
    );
  const fails = (sql: string) => () => rejected(db.query(sql));
  beforeAll(async () => {
    server = await startMariadb();
    root = await connectMariadbRoot(server, connections);
    await root.query(`
      CREATE DATABASE fresh;
      CREATE DATABASE fresh_private;
      CREATE USER 'fresh'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      GRANT ALL ON fresh.* TO 'fresh'@'%';
      CREATE USER 'limited'@'%' IDENTIFIED BY '${DB_PASSWORD}' WITH MAX_USER_CONNECTIONS 1;
      GRANT ALL ON fresh.* TO 'limited'@'%';
      CREATE USER 'hourly'@'%' IDENTIFIED BY '${DB_PASSWORD}' WITH MAX_QUERIES_PER_HOUR 2;
      GRANT ALL ON fresh.* TO 'hourly'@'%';
      CREATE TABLE fresh.t (id int PRIMARY KEY, small tinyint, d date, v int) ENGINE=InnoDB;
      INSERT INTO fresh.t VALUES (1, 1, '2024-01-01', 0), (2, 2, '2024-01-02', 0);`);
    db = await connect();
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(connections.map((c) => c.end()));
    await server?.dispose();
  });

  freshCases('mariadb', [
    {
      label: '1366 incorrect integer value',
      build: fails("INSERT INTO t (id, v) VALUES (3, 'abc')"),
      careful: no('validation'),
    },
    {
      label: '1264 out of range',
      build: fails('INSERT INTO t (id, small) VALUES (4, 300)'),
      careful: no('validation'),
    },
    {
      label: '1292 incorrect date',
      build: fails("INSERT INTO t (id, d) VALUES (5, '2024-13-45')"),
      careful: no('validation'),
    },
    {
      label: '1242 subquery returns more than one row',
      build: fails('SELECT (SELECT id FROM t)'),
      careful: no('validation'),
    },
    {
      label: '1136 column count mismatch',
      build: fails('INSERT INTO t VALUES (6)'),
      careful: no('validation'),
    },
    {
      label: '1222 UNION of different column counts',
      build: fails('SELECT 1 UNION SELECT 1, 2'),
      careful: no('validation'),
    },
    {
      label: '1044 database access denied',
      build: fails('USE fresh_private'),
      careful: no('permission'),
    },
    {
      label: '1227 SET GLOBAL without SUPER',
      build: fails('SET GLOBAL max_connections = 10'),
      careful: no('permission'),
    },
    {
      label: '1305 unknown function',
      build: fails('SELECT fresh.no_such_function()'),
      careful: no('not_found'),
    },
    {
      label: '1099 write to a table locked for READ',
      build: async () => {
        const c = await connect();
        await c.query('LOCK TABLES t READ');
        const error = await rejected(c.query('UPDATE t SET v = 1'));
        await c.query('UNLOCK TABLES');
        return error;
      },
      careful: no('validation'),
    },
    {
      label: '1644 SIGNAL SQLSTATE 40001 from a procedure',
      build: fails("SIGNAL SQLSTATE '40001' SET MESSAGE_TEXT = 'retry the transaction'"),
      careful: again('conflict', 'transaction'),
    },
    {
      label: '1205 SELECT … FOR UPDATE NOWAIT on a locked row',
      build: async () => {
        const a = await connect();
        const b = await connect();
        await a.query('START TRANSACTION');
        await a.query('SELECT * FROM t WHERE id = 1 FOR UPDATE');
        await b.query('START TRANSACTION');
        const error = await rejected(b.query('SELECT * FROM t WHERE id = 1 FOR UPDATE NOWAIT'));
        await Promise.all([a.query('ROLLBACK'), b.query('ROLLBACK')]);
        return error;
      },
      careful: again('timeout', 'transaction'),
    },
    {
      label: "1226 an account's max_user_connections (concurrent: wait for one to close)",
      build: async () => {
        await connect({ user: 'limited' });
        return rejected(connect({ user: 'limited' }));
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: "1226 an account's max_queries_per_hour (an hourly quota)",
      build: async () => {
        const c = await connect({ user: 'hourly' });
        for (let i = 0; i < 3; i += 1) {
          const error = await c.query('SELECT 1').then(
            () => undefined,
            (e: unknown) => e,
          );
          if (error) return error;
        }
        throw new Error('the hourly limit never refused a query');
      },
      careful: no('quota'),
    },
    {
      label: 'PROTOCOL_CONNECTION_LOST when the server goes away mid-query',
      build: async () => {
        const c = await connect();
        const sleeping = rejected(c.query('SELECT SLEEP(5)'));
        await sleep(50);
        await root.query(`KILL ${c.threadId}`);
        return sleeping;
      },
      careful: again('unavailable', 'transaction'),
    },
  ]);

  // The printed form, String(err), as people paste it into `explain`: mysql2's `Error: <message>`.
  freshCases(
    'mysql2 printed',
    [
      {
        label: 'duplicate entry',
        build: fails('INSERT INTO t (id) VALUES (1)'),
        careful: no('conflict'),
      },
      { label: 'unknown column', build: fails('SELECT nope FROM t'), careful: no('not_found') },
      { label: 'unknown table', build: fails('SELECT * FROM nope'), careful: no('not_found') },
      { label: 'syntax error', build: fails('SELEC 1'), careful: no('validation') },
      {
        label: 'out of range',
        build: fails('INSERT INTO t (id, small) VALUES (30, 999)'),
        careful: no('validation'),
      },
      {
        label: 'refused login',
        build: () => rejected(connect({ password: 'wrong' })),
        careful: no('auth'),
      },
      {
        label: 'statement timeout',
        build: async () => {
          const c = await connect();
          await c.query('SET SESSION max_statement_time = 0.05');
          return rejected(c.query('SELECT SLEEP(2) FROM t'));
        },
        careful: { category: 'timeout', retryable: true },
      },
      {
        label: 'database access denied',
        build: fails('USE fresh_private'),
        careful: no('permission'),
      },
    ],
    explained,
  );
});

describe.skipIf(skipRedisTests())(
  'fresh Redis errors (node-redis and ioredis, a real server)',
  () => {
    let primary: RedisServer;
    let stale: RedisServer;
    let tiny: RedisServer;
    const closers: (() => unknown)[] = [];
    async function nodeRedis(port: number, options: { username?: string; password?: string } = {}) {
      const client = createClient({
        url: `redis://127.0.0.1:${port}`,
        ...options,
        socket: { reconnectStrategy: false },
      });
      client.on('error', () => {});
      await client.connect();
      closers.push(() => client.destroy());
      return client;
    }
    function ioRedis(port: number) {
      const client = new IoRedis({
        host: '127.0.0.1',
        port,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => {});
      closers.push(() => client.disconnect());
      return client;
    }
    beforeAll(async () => {
      primary = await startRedisServer();
      // A replica of a primary that is not there, refusing stale reads: MASTERDOWN.
      const nowhere = await freePort();
      stale = await startRedisServer({
        args: () => [
          '--replicaof',
          '127.0.0.1',
          String(nowhere),
          '--replica-serve-stale-data',
          'no',
        ],
      });
      tiny = await startRedisServer({ args: () => ['--maxclients', '1'] });
      const admin = await nodeRedis(primary.port);
      await admin.sendCommand([
        'ACL',
        'SETUSER',
        'reader',
        'on',
        '>reader-secret',
        '~*',
        '-@all',
        '+get',
      ]);
    }, 30_000);
    afterAll(async () => {
      closers.forEach((close) => close());
      await Promise.allSettled([primary?.dispose(), stale?.dispose(), tiny?.dispose()]);
    });

    freshCases('redis', [
      {
        label: 'BUSYGROUP: XGROUP CREATE twice',
        build: async () => {
          const io = ioRedis(primary.port);
          await io.xgroup('CREATE', 's', 'g', '$', 'MKSTREAM');
          return rejected(io.xgroup('CREATE', 's', 'g', '$'));
        },
        careful: no('conflict'),
      },
      {
        label: 'NOGROUP: XREADGROUP of a missing group',
        build: async () =>
          rejected(ioRedis(primary.port).xreadgroup('GROUP', 'nogroup', 'c', 'STREAMS', 's', '>')),
        careful: no('not_found'),
      },
      {
        label: 'ERR unknown command',
        build: async () => rejected(ioRedis(primary.port).call('NOSUCHCMD')),
        careful: no('validation'),
      },
      {
        label: 'ERR wrong number of arguments',
        build: async () => rejected(ioRedis(primary.port).call('GET')),
        careful: no('validation'),
      },
      {
        label: 'ERR value is not an integer (INCR of text)',
        build: async () => {
          const n = await nodeRedis(primary.port);
          await n.set('word', 'hello');
          return rejected(n.incr('word'));
        },
        careful: no('validation'),
      },
      {
        label: 'ERR no such key (RENAME)',
        build: async () => rejected(ioRedis(primary.port).rename('missing', 'x')),
        careful: no('not_found'),
      },
      {
        label: 'NOTBUSY: SCRIPT KILL with no script running',
        build: async () => rejected(ioRedis(primary.port).script('KILL')),
        careful: no('validation'),
      },
      {
        label: 'NOPERM: an ACL user runs a command it may not',
        build: async () =>
          rejected(
            (await nodeRedis(primary.port, { username: 'reader', password: 'reader-secret' })).set(
              'k',
              'v',
            ),
          ),
        careful: no('permission'),
      },
      {
        label: 'MASTERDOWN: a replica whose primary is gone',
        build: async () => rejected(ioRedis(stale.port).get('k')),
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'ERR max number of clients reached',
        build: async () => {
          await nodeRedis(tiny.port);
          return rejected(nodeRedis(tiny.port));
        },
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'ERR DB index is out of range (SELECT 99)',
        build: async () => rejected(ioRedis(primary.port).select(99)),
        careful: no('validation'),
      },
      {
        label: 'ERR index out of range (LSET)',
        build: async () => {
          const io = ioRedis(primary.port);
          await io.rpush('list', 'a');
          return rejected(io.lset('list', 5, 'x'));
        },
        careful: no('validation'),
      },
      {
        label: 'ERR invalid expire time',
        build: async () => rejected(ioRedis(primary.port).set('k', 'v', 'EX', -5)),
        careful: no('validation'),
      },
      {
        label: 'ERR increment would overflow',
        build: async () => {
          const io = ioRedis(primary.port);
          await io.set('big', '9223372036854775807');
          return rejected(io.incr('big'));
        },
        careful: no('validation'),
      },
      {
        label: 'ERR EXEC without MULTI',
        build: async () => rejected(ioRedis(primary.port).call('EXEC')),
        careful: no('validation'),
      },
      {
        label: 'WatchError: a watched key changed before EXEC (node-redis)',
        build: async () => {
          const a = await nodeRedis(primary.port);
          const b = await nodeRedis(primary.port);
          await a.watch('watched');
          await b.set('watched', 'changed');
          return rejected(a.multi().set('watched', 'mine').exec());
        },
        careful: again('conflict', 'transaction'),
      },
    ]);

    // The printed form, String(err), as people paste it into `explain`.
    freshCases(
      'redis printed',
      [
        {
          label: 'ioredis ReplyError WRONGTYPE',
          build: async () => {
            const io = ioRedis(primary.port);
            await io.set('plain', 'v');
            return rejected(io.lpush('plain', 'x'));
          },
          careful: no('validation'),
        },
        {
          label: 'ioredis ReplyError NOSCRIPT',
          build: async () => rejected(ioRedis(primary.port).evalsha('f'.repeat(40), 0)),
          careful: no('not_found'),
        },
        {
          label: 'node-redis MASTERDOWN',
          build: async () => rejected((await nodeRedis(stale.port)).get('k')),
          careful: { category: 'unavailable', retryable: true },
        },
        {
          label: 'node-redis NOPERM',
          build: async () =>
            rejected(
              (
                await nodeRedis(primary.port, { username: 'reader', password: 'reader-secret' })
              ).set('k', 'v'),
            ),
          careful: no('permission'),
        },
      ],
      explained,
    );
  },
);

describe('fresh MongoDB errors (the driver’s classes from server replies)', () => {
  freshCases('mongodb', [
    {
      label: '11000 DuplicateKey',
      build: mongoReply(11000, 'DuplicateKey'),
      careful: no('conflict'),
    },
    {
      label: '112 WriteConflict in a transaction',
      build: mongoReply(112, 'WriteConflict', ['TransientTransactionError']),
      careful: again('conflict', 'transaction'),
    },
    {
      label: '251 NoSuchTransaction',
      build: mongoReply(251, 'NoSuchTransaction', ['TransientTransactionError']),
      careful: again('conflict', 'transaction'),
    },
    {
      label: '50 MaxTimeMSExpired on commit',
      build: mongoReply(50, 'MaxTimeMSExpired', ['UnknownTransactionCommitResult']),
      careful: again('timeout', 'commit'),
    },
    { label: '13 Unauthorized', build: mongoReply(13, 'Unauthorized'), careful: no('permission') },
    {
      label: '18 AuthenticationFailed',
      build: mongoReply(18, 'AuthenticationFailed'),
      careful: no('auth'),
    },
    {
      label: '26 NamespaceNotFound',
      build: mongoReply(26, 'NamespaceNotFound'),
      careful: no('not_found'),
    },
    {
      label: '121 DocumentValidationFailure',
      build: mongoReply(121, 'DocumentValidationFailure'),
      careful: no('validation'),
    },
    {
      label: '10107 NotWritablePrimary, RetryableWriteError',
      build: mongoReply(10107, 'NotWritablePrimary', ['RetryableWriteError']),
      careful: again('unavailable', 'operation'),
    },
    {
      label: '11602 InterruptedDueToReplStateChange',
      build: mongoReply(11602, 'InterruptedDueToReplStateChange', ['RetryableWriteError']),
      careful: again('unavailable', 'operation'),
    },
    {
      label: '91 ShutdownInProgress',
      build: mongoReply(91, 'ShutdownInProgress', ['RetryableWriteError']),
      careful: again('unavailable', 'operation'),
    },
    { label: '2 BadValue', build: mongoReply(2, 'BadValue'), careful: no('validation') },
    { label: '9 FailedToParse', build: mongoReply(9, 'FailedToParse'), careful: no('validation') },
    {
      label: '292 QueryExceededMemoryLimitNoDiskUseAllowed',
      build: mongoReply(292, 'QueryExceededMemoryLimitNoDiskUseAllowed'),
      careful: no('validation'),
    },
    {
      label: '8000 AtlasError: bad auth',
      build: () =>
        Promise.resolve(
          new MongoServerError({
            ok: 0,
            code: 8000,
            codeName: 'AtlasError',
            errmsg: 'bad auth : authentication failed',
          }),
        ),
      careful: no('auth'),
    },
    {
      label: '48 NamespaceExists',
      build: mongoReply(48, 'NamespaceExists'),
      careful: no('conflict'),
    },
    {
      label: 'MongoNetworkTimeoutError',
      build: () =>
        Promise.resolve(new MongoNetworkTimeoutError('connection 3 to 127.0.0.1:27017 timed out')),
      careful: { category: 'timeout', retryable: true },
    },
  ]);

  freshCases(
    'mongodb printed',
    [
      {
        label: 'MongoServerError E11000',
        build: () =>
          Promise.resolve(
            new MongoServerError({
              ok: 0,
              code: 11000,
              codeName: 'DuplicateKey',
              errmsg:
                'E11000 duplicate key error collection: app.users index: email_1 dup key: { email: "a@example.com" }',
            }),
          ),
        careful: no('conflict'),
      },
    ],
    explained,
  );
});

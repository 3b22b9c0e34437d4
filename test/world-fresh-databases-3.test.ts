// Fresh database errors, third set: conditions from each database's own documented table that no
// other test here raises (PostgreSQL's SQLSTATE appendix, MariaDB's error reference, MongoDB's
// error_codes.yml and driver classes, Redis's error prefixes and the clients' own errors),
// provoked on real servers on 127.0.0.1 (free ports) through the real clients. Each case also
// checks that the database said what the case claims (the SQLSTATE, the errno, the prefix), so a
// case cannot drift into testing something else. Run with FRESH_SCORE=1 to print the score.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MongoBulkWriteError,
  MongoClient,
  MongoNetworkError,
  MongoWriteConcernError,
} from 'mongodb';
import mysql from 'mysql2/promise';
import type { Connection, ConnectionOptions } from 'mysql2/promise';
import pg from 'pg';
import type { Client, ClientConfig } from 'pg';
import { Redis as IoRedis } from 'ioredis';
import { createClient } from 'redis';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  again,
  closedPort,
  mongoReply,
  no,
  rawServer,
  saying,
  silentServer,
} from './helpers/database-cases.js';
import { freshCases, rejected } from './helpers/fresh-cases.js';
import { skipRedisTests, startRedisServer } from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';
import {
  connectMariadb,
  connectMariadbRoot,
  connectPg,
  DB_PASSWORD,
  pgConfig,
  skipMariadbTests,
  skipPostgresTests,
  startMariadb,
  startPostgres,
} from './helpers/sql-servers.js';
import type { SqlServer } from './helpers/sql-servers.js';

describe.skipIf(skipPostgresTests())('fresh PostgreSQL errors, set 3 (pg, a real server)', () => {
  let server: SqlServer | undefined;
  const clients: Client[] = [];
  const closers: (() => unknown)[] = [];
  let db: Client;
  const connect = (extra: ClientConfig = {}): Promise<Client> => connectPg(server, clients, extra);
  /** `sql`'s failure, which must carry SQLSTATE `state`. */
  const state = (code: string, sql: string) => async () =>
    saying(await rejected(db.query(sql)), 'code', code);
  /** `sql`'s failure inside a transaction of its own connection. */
  const inTransaction = (code: string, sql: string) => async () => {
    const c = await connect();
    await c.query('BEGIN');
    return saying(await rejected(c.query(sql)), 'code', code);
  };
  beforeAll(async () => {
    server = await startPostgres();
    db = await connect();
    await db.query(`
      CREATE TABLE f3_parent (id int PRIMARY KEY);
      CREATE TABLE f3_child (id int PRIMARY KEY,
        parent_id int REFERENCES f3_parent(id) ON DELETE RESTRICT, v int);
      INSERT INTO f3_parent VALUES (1); INSERT INTO f3_child VALUES (1, 1, 0);
      CREATE TABLE f3_ident (id int GENERATED ALWAYS AS IDENTITY, v int);
      CREATE VIEW f3_small AS SELECT * FROM f3_child WHERE v < 10 WITH CHECK OPTION;
      CREATE SEQUENCE f3_seq;
      CREATE FUNCTION f3_deep(n int) RETURNS int LANGUAGE sql AS 'SELECT f3_deep(n + 1)';`);
    await db.query('CREATE DATABASE f3_busy');
  }, 30_000);
  afterAll(async () => {
    closers.forEach((close) => close());
    await Promise.allSettled(clients.map((c) => c.end()));
    await server?.dispose();
  });

  freshCases('postgresql-3', [
    {
      label: '22021 invalid byte sequence for UTF8',
      build: state('22021', "SELECT convert_from('\\xff'::bytea, 'UTF8')"),
      careful: no('validation'),
    },
    {
      label: '22P05 untranslatable character',
      build: state('22P05', "SELECT convert_to('日本', 'LATIN1')"),
      careful: no('validation'),
    },
    {
      label: '22011 negative substring length',
      build: state('22011', "SELECT substring('abc' from 1 for -1)"),
      careful: no('validation'),
    },
    {
      label: '2201E logarithm of zero',
      build: state('2201E', 'SELECT ln(0)'),
      careful: no('validation'),
    },
    {
      label: '2201B invalid regular expression',
      build: state('2201B', "SELECT 'a' ~ '('"),
      careful: no('validation'),
    },
    {
      label: '2202E array subscript out of range on assignment',
      build: state('2202E', 'SELECT array_fill(1, ARRAY[1], ARRAY[1, 2])'),
      careful: no('validation'),
    },
    {
      // PostgreSQL's own ON DELETE RESTRICT reports 23503; 23001 comes from PL/pgSQL and
      // extensions that name it.
      label: '23001 restrict violation (RAISE)',
      build: state(
        '23001',
        "DO $$ BEGIN RAISE EXCEPTION 'still referenced' USING ERRCODE = 'restrict_violation'; END $$",
      ),
      careful: no('conflict'),
    },
    {
      label: '26000 EXECUTE of an unknown prepared statement',
      build: state('26000', 'EXECUTE f3_no_plan'),
      careful: no('validation'),
    },
    {
      label: '2D000 COMMIT inside a DO block within a transaction',
      build: inTransaction('2D000', 'DO $$ BEGIN COMMIT; END $$'),
      careful: no('validation'),
    },
    {
      label: '34000 FETCH from an unknown cursor',
      build: inTransaction('34000', 'FETCH NEXT FROM f3_no_cursor'),
      careful: no('validation'),
    },
    {
      label: '3B001 ROLLBACK TO an unknown savepoint',
      build: inTransaction('3B001', 'ROLLBACK TO SAVEPOINT f3_nowhere'),
      careful: no('validation'),
    },
    {
      label: '40002 transaction integrity constraint violation (RAISE)',
      build: state(
        '40002',
        "DO $$ BEGIN RAISE EXCEPTION 'deferred check' USING ERRCODE = 'transaction_integrity_constraint_violation'; END $$",
      ),
      careful: no('conflict'),
    },
    {
      label: '40003 statement completion unknown (RAISE)',
      build: state(
        '40003',
        "DO $$ BEGIN RAISE EXCEPTION 'lost' USING ERRCODE = 'statement_completion_unknown'; END $$",
      ),
      careful: again('unavailable', 'transaction'),
    },
    {
      label: '42P07 CREATE TABLE of an existing table',
      build: state('42P07', 'CREATE TABLE f3_parent (id int)'),
      careful: no('conflict'),
    },
    {
      label: '42939 a reserved role name',
      build: state('42939', 'CREATE ROLE pg_f3'),
      careful: no('validation'),
    },
    {
      label: '428C9 insert into a GENERATED ALWAYS column',
      build: state('428C9', 'INSERT INTO f3_ident (id, v) VALUES (1, 1)'),
      careful: no('validation'),
    },
    {
      label: '42P18 a parameter whose type nothing determines (pg sends it untyped)',
      build: async () =>
        saying(await rejected(db.query('SELECT $1 IS NULL', [null])), 'code', '42P18'),
      careful: no('validation'),
    },
    {
      label: '42830 foreign key to a column with no unique constraint',
      build: state('42830', 'CREATE TABLE f3_bad (x int REFERENCES f3_child(v))'),
      careful: no('validation'),
    },
    {
      label: '42P16 two primary keys',
      build: state('42P16', 'CREATE TABLE f3_two (a int PRIMARY KEY, b int PRIMARY KEY)'),
      careful: no('validation'),
    },
    {
      label: '42809 DROP VIEW of a table',
      build: state('42809', 'DROP VIEW f3_parent'),
      careful: no('validation'),
    },
    {
      label: '44000 WITH CHECK OPTION violation',
      build: state('44000', 'INSERT INTO f3_small VALUES (5, 1, 50)'),
      careful: no('validation'),
    },
    {
      label: '54000 requested length too large',
      build: state('54000', "SELECT repeat('x', 1073741824)"),
      careful: no('validation'),
    },
    {
      label: '54001 stack depth limit exceeded',
      build: state('54001', 'SELECT f3_deep(1)'),
      careful: no('validation'),
    },
    {
      label: '54023 a call with more than 100 arguments',
      build: state('54023', `SELECT concat(${Array.from({ length: 101 }, () => '1').join(', ')})`),
      careful: no('validation'),
    },
    {
      label: '55000 currval before nextval',
      build: state('55000', "SELECT currval('f3_seq')"),
      careful: no('conflict'),
    },
    {
      label: '55006 DROP DATABASE while a session uses it',
      build: async () => {
        await connect({ database: 'f3_busy' });
        return saying(await rejected(db.query('DROP DATABASE f3_busy')), 'code', '55006');
      },
      careful: again('conflict', 'transaction'),
    },
    {
      label: '58P01 pg_read_file of a missing file',
      build: state('58P01', "SELECT pg_read_file('/nonexistent/f3')"),
      careful: no('not_found'),
    },
    {
      label: 'P0002 SELECT INTO STRICT found no row',
      build: state(
        'P0002',
        'DO $$ DECLARE x int; BEGIN SELECT id INTO STRICT x FROM f3_parent WHERE id = 99; END $$',
      ),
      careful: no('not_found'),
    },
    {
      label: 'P0003 SELECT INTO STRICT found two rows',
      build: state(
        'P0003',
        'DO $$ DECLARE x int; BEGIN SELECT 1 INTO STRICT x FROM generate_series(1, 2); END $$',
      ),
      careful: no('validation'),
    },
    {
      label: 'P0004 ASSERT failed',
      build: state('P0004', "DO $$ BEGIN ASSERT 1 = 2, 'invariant'; END $$"),
      careful: no('internal'),
    },
    {
      label: 'pg: connection refused',
      build: () => closedPort().then((port) => rejected(connect({ port }))),
      careful: { category: 'unavailable', retryable: true },
    },
    {
      label: 'pg: Connection terminated unexpectedly (the peer hangs up during startup)',
      build: async () => {
        const { port, server: raw } = await rawServer((socket) =>
          socket.once('data', () => socket.destroy()),
        );
        closers.push(() => raw.close());
        return rejected(connect({ port }));
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: 'pg: connectionTimeoutMillis (a peer that never answers)',
      build: async () => {
        const { port, close } = await silentServer();
        closers.push(close);
        return rejected(connect({ port, connectionTimeoutMillis: 100 }));
      },
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'pg: query_timeout (Query read timeout)',
      build: async () =>
        rejected((await connect({ query_timeout: 50 })).query('SELECT pg_sleep(1)')),
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'pg: a query on an ended client',
      build: async () => {
        const c = new pg.Client(pgConfig(server));
        await c.connect();
        await c.end();
        return rejected(c.query('SELECT 1'));
      },
      careful: no('protocol'),
    },
    {
      label: 'pg-pool: a query after pool.end()',
      build: async () => {
        const pool = new pg.Pool(pgConfig(server));
        await pool.end();
        return rejected(pool.query('SELECT 1'));
      },
      careful: no('protocol'),
    },
  ]);
});

describe.skipIf(skipMariadbTests())('fresh MariaDB errors, set 3 (mysql2, a real server)', () => {
  let server: SqlServer | undefined;
  const connections: Connection[] = [];
  const closers: (() => unknown)[] = [];
  let root: Connection;
  let db: Connection;
  const connect = (extra: ConnectionOptions = {}): Promise<Connection> =>
    connectMariadb(
      server,
      connections,
      { user: 'f3', password: DB_PASSWORD, database: 'f3' },
      extra,
    );
  /** `sql`'s failure, which must carry server error number `errno`. */
  const errno = (number: number, sql: string, on?: () => Connection) => async () =>
    saying(await rejected((on?.() ?? db).query(sql)), 'errno', number);
  beforeAll(async () => {
    server = await startMariadb();
    root = await connectMariadbRoot(server, connections);
    await root.query(`
      CREATE DATABASE f3;
      CREATE USER 'f3'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      GRANT ALL ON f3.* TO 'f3'@'%';
      CREATE TABLE f3.t (id int PRIMARY KEY, v int, size ENUM('s', 'm'), d date) ENGINE=InnoDB;
      CREATE TABLE f3.other (id int) ENGINE=InnoDB;
      CREATE TABLE f3.coll (a varchar(5) COLLATE utf8mb4_unicode_ci,
        b varchar(5) COLLATE utf8mb4_general_ci);
      INSERT INTO f3.t VALUES (1, 0, 's', '2024-01-01'), (2, 0, 'm', '2024-01-02');
      CREATE PROCEDURE f3.one_arg(a int) SELECT a;`);
    db = await connect();
  }, 30_000);
  afterAll(async () => {
    closers.forEach((close) => close());
    await Promise.allSettled(connections.map((c) => c.end()));
    await server?.dispose();
  });

  freshCases('mariadb-3', [
    {
      label: '1265 data truncated (an ENUM value it does not have; SQLSTATE 01000)',
      build: errno(1265, "INSERT INTO t (id, size) VALUES (3, 'xl')"),
      careful: no('validation'),
    },
    {
      label: '1364 no default for a NOT NULL column',
      build: errno(1364, 'INSERT INTO t (v) VALUES (1)'),
      careful: no('validation'),
    },
    {
      label: '1690 BIGINT UNSIGNED out of range (22003)',
      build: errno(1690, 'SELECT CAST(0 AS UNSIGNED) - 1'),
      careful: no('validation'),
    },
    {
      label: '1241 operand should contain 1 column (21000)',
      build: errno(1241, 'SELECT (SELECT 1, 2)'),
      careful: no('validation'),
    },
    {
      label: '1060 duplicate column name',
      build: errno(1060, 'ALTER TABLE t ADD COLUMN v int'),
      careful: no('conflict'),
    },
    {
      label: '1061 duplicate key name',
      build: async () => {
        await db.query('CREATE INDEX t_v ON t (v)');
        return saying(await rejected(db.query('CREATE INDEX t_v ON t (d)')), 'errno', 1061);
      },
      careful: no('conflict'),
    },
    {
      label: '1091 DROP COLUMN of a column that is not there (42000)',
      build: errno(1091, 'ALTER TABLE t DROP COLUMN nope'),
      careful: no('not_found'),
    },
    {
      label: '1051 DROP TABLE of an unknown table',
      build: errno(1051, 'DROP TABLE nope'),
      careful: no('not_found'),
    },
    {
      label: '1007 CREATE DATABASE of an existing database',
      build: errno(1007, 'CREATE DATABASE f3', () => root),
      careful: no('conflict'),
    },
    {
      label: '1396 CREATE USER of an existing user',
      build: errno(1396, `CREATE USER 'f3'@'%'`, () => root),
      careful: no('conflict'),
    },
    {
      label: '1360 DROP TRIGGER of an unknown trigger',
      build: errno(1360, 'DROP TRIGGER nope'),
      careful: no('not_found'),
    },
    {
      label: '1304 CREATE PROCEDURE of an existing one (42000)',
      build: errno(1304, 'CREATE PROCEDURE one_arg(a int) SELECT a'),
      careful: no('conflict'),
    },
    {
      label: '1318 CALL with the wrong number of arguments (42000)',
      build: errno(1318, 'CALL one_arg()'),
      careful: no('validation'),
    },
    {
      label: '4092 DROP VIEW of a table (unknown view)',
      build: errno(4092, 'DROP VIEW t'),
      careful: no('not_found'),
    },
    {
      label: '1111 invalid use of group function',
      build: errno(1111, 'SELECT id FROM t WHERE COUNT(*) > 1'),
      careful: no('validation'),
    },
    {
      label: '1267 illegal mix of collations',
      build: errno(1267, 'SELECT * FROM coll WHERE a = b'),
      careful: no('validation'),
    },
    {
      label: '1193 unknown system variable',
      build: errno(1193, 'SET @@f3_nope = 1'),
      careful: no('validation'),
    },
    {
      label: '1238 a read-only variable',
      build: errno(1238, "SET SESSION version = 'x'"),
      careful: no('validation'),
    },
    {
      label: '1229 SET SESSION of a GLOBAL variable',
      build: errno(1229, 'SET SESSION max_connections = 5'),
      careful: no('validation'),
    },
    {
      label: '1231 a variable set to a value it cannot take (42000)',
      build: errno(1231, "SET sql_mode = 'F3_NOPE'"),
      careful: no('validation'),
    },
    {
      label: '1175 safe update mode',
      build: async () => {
        const c = await connect();
        await c.query('SET SQL_SAFE_UPDATES = 1');
        return saying(await rejected(c.query('UPDATE t SET v = 1')), 'errno', 1175);
      },
      careful: no('validation'),
    },
    {
      label: '1100 a table not named in LOCK TABLES',
      build: async () => {
        const c = await connect();
        await c.query('LOCK TABLES t READ');
        const error = await rejected(c.query('SELECT * FROM other'));
        await c.query('UNLOCK TABLES');
        return saying(error, 'errno', 1100);
      },
      careful: no('validation'),
    },
    {
      label: '1046 no database selected (3D000)',
      build: async () =>
        saying(
          await rejected((await connect({ database: '' })).query('SELECT * FROM t')),
          'errno',
          1046,
        ),
      careful: no('validation'),
    },
    {
      label: '1005 a foreign key that cannot be formed',
      build: errno(1005, 'CREATE TABLE bad (x varchar(3), FOREIGN KEY (x) REFERENCES t (id))'),
      careful: no('validation'),
    },
    {
      label: '1644 SIGNAL SQLSTATE 45000 (a user-defined exception)',
      build: errno(1644, "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'business rule'"),
      careful: no('internal'),
    },
    {
      label: 'mysql2: connection refused',
      build: () => closedPort().then((port) => rejected(connect({ port }))),
      careful: { category: 'unavailable', retryable: true },
    },
    {
      label: 'mysql2: connectTimeout (a peer that never sends its handshake)',
      build: async () => {
        const { port, close } = await silentServer();
        closers.push(close);
        return rejected(connect({ port, connectTimeout: 100 }));
      },
      careful: { category: 'timeout', retryable: true },
    },
    {
      label: 'mysql2: a query on an ended connection',
      build: async () => {
        const c = await connect();
        await c.end();
        return rejected(c.query('SELECT 1'));
      },
      // The same error as a connection the server closed (wait_timeout) that the pool handed
      // out: a new connection runs the transaction.
      careful: again('unavailable', 'transaction'),
    },
    {
      label: 'mysql2: Pool is closed',
      build: async () => {
        const pool = mysql.createPool({
          host: '127.0.0.1',
          port: server?.port ?? 0,
          user: 'f3',
          password: DB_PASSWORD,
          database: 'f3',
        });
        await pool.end();
        return rejected(pool.query('SELECT 1'));
      },
      careful: no('protocol'),
    },
    {
      label: 'mysql2: Queue limit reached',
      build: async () => {
        const pool = mysql.createPool({
          host: '127.0.0.1',
          port: server?.port ?? 0,
          user: 'f3',
          password: DB_PASSWORD,
          database: 'f3',
          connectionLimit: 1,
          queueLimit: 1,
        });
        closers.push(() => pool.end());
        const slow = pool.query('SELECT SLEEP(0.3)');
        const queued = pool.query('SELECT 1');
        const error = await rejected(pool.query('SELECT 2'));
        await Promise.all([slow, queued]);
        return error;
      },
      careful: again('unavailable', 'transaction'),
    },
  ]);
});

describe('fresh MongoDB errors, set 3 (the driver and its classes)', () => {
  const clients: MongoClient[] = [];
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
  });
  const client = (url: string, options: Record<string, unknown> = {}): MongoClient => {
    const c = new MongoClient(url, { serverSelectionTimeoutMS: 200, ...options });
    clients.push(c);
    return c;
  };

  freshCases('mongodb-3', [
    {
      label: '11600 InterruptedAtShutdown, RetryableWriteError',
      build: mongoReply(11600, 'InterruptedAtShutdown', ['RetryableWriteError']),
      careful: again('unavailable', 'operation'),
    },
    {
      label: '189 PrimarySteppedDown, RetryableWriteError',
      build: mongoReply(189, 'PrimarySteppedDown', ['RetryableWriteError']),
      careful: again('unavailable', 'operation'),
    },
    {
      label: '262 ExceededTimeLimit',
      build: mongoReply(262, 'ExceededTimeLimit'),
      careful: again('timeout', 'operation'),
    },
    {
      label: '24 LockTimeout in a transaction (TransientTransactionError)',
      build: mongoReply(24, 'LockTimeout', ['TransientTransactionError']),
      careful: again('timeout', 'transaction'),
    },
    {
      label: '66 ImmutableField (an update of _id)',
      build: mongoReply(66, 'ImmutableField'),
      careful: no('validation'),
    },
    {
      label: '40 ConflictingUpdateOperators',
      build: mongoReply(40, 'ConflictingUpdateOperators'),
      careful: no('validation'),
    },
    {
      label: '52 DollarPrefixedFieldName',
      build: mongoReply(52, 'DollarPrefixedFieldName'),
      careful: no('validation'),
    },
    {
      label: '28 PathNotViable',
      build: mongoReply(28, 'PathNotViable'),
      careful: no('validation'),
    },
    {
      label: '67 CannotCreateIndex',
      build: mongoReply(67, 'CannotCreateIndex'),
      careful: no('validation'),
    },
    {
      label: '263 OperationNotSupportedInTransaction',
      build: mongoReply(263, 'OperationNotSupportedInTransaction'),
      careful: no('validation'),
    },
    {
      label: '257 TransactionTooLarge',
      build: mongoReply(257, 'TransactionTooLarge'),
      careful: no('validation'),
    },
    {
      label: '16 InvalidLength',
      build: mongoReply(16, 'InvalidLength'),
      careful: no('validation'),
    },
    {
      label: '4 NoSuchKey',
      build: mongoReply(4, 'NoSuchKey'),
      careful: no('validation'),
    },
    {
      label: 'MongoWriteConcernError 64 WriteConcernTimeout',
      build: () =>
        Promise.resolve(
          new MongoWriteConcernError({
            ok: 1,
            writeConcernError: {
              code: 64,
              codeName: 'WriteConcernTimeout',
              errmsg: 'waiting for replication timed out',
            },
          }),
        ),
      careful: no('timeout'),
    },
    {
      label: 'MongoWriteConcernError 91 ShutdownInProgress, RetryableWriteError',
      build: () =>
        Promise.resolve(
          new MongoWriteConcernError({
            ok: 1,
            writeConcernError: {
              code: 91,
              codeName: 'ShutdownInProgress',
              errmsg: 'shutting down',
            },
            errorLabels: ['RetryableWriteError'],
          }),
        ),
      careful: again('unavailable', 'operation'),
    },
    {
      label: 'MongoBulkWriteError of a duplicate key',
      build: () =>
        Promise.resolve(
          new MongoBulkWriteError(
            {
              message: 'E11000 duplicate key error collection: app.users index: _id_',
              code: 11000,
              writeErrors: [],
            },
            // The driver passes its BulkWriteResult; the reader needs none of it.
            {} as never,
          ),
        ),
      careful: no('conflict'),
    },
    {
      label: 'MongoServerSelectionError (the driver, a closed port)',
      build: async () =>
        rejected(
          client(`mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`).connect(),
        ),
      careful: again('unavailable', 'operation'),
    },
    {
      label: 'MongoParseError (the driver, a malformed URL)',
      build: () => rejected(async () => client('mongodb://a:b:c@/x')),
      careful: no('validation'),
    },
    {
      label: 'MongoInvalidArgumentError (the driver, a bad option)',
      build: async () =>
        rejected(async () =>
          client(`mongodb://127.0.0.1:${await closedPort()}`)
            .db('app')
            .collection('c')
            .find({}, { sort: { a: 'up' as never } }),
        ),
      careful: no('validation'),
    },
    {
      label: 'MongoTransactionError (the driver, commit with no transaction)',
      build: async () => {
        const session = client(`mongodb://127.0.0.1:${await closedPort()}`).startSession();
        return rejected(session.commitTransaction());
      },
      careful: no('protocol'),
    },
    {
      label: 'MongoNetworkError (connection reset)',
      build: () =>
        Promise.resolve(
          new MongoNetworkError('connection 4 to 127.0.0.1:27017 closed', {
            cause: new Error('ECONNRESET'),
          }),
        ),
      careful: again('unavailable', 'operation'),
    },
  ]);
});

describe.skipIf(skipRedisTests())(
  'fresh Redis errors, set 3 (node-redis and ioredis, real servers)',
  () => {
    let primary: RedisServer;
    let lonely: RedisServer;
    let broken: RedisServer;
    let cluster: RedisServer;
    let wholeCluster: RedisServer;
    const closers: (() => unknown)[] = [];
    async function nodeRedis(port: number) {
      const c = createClient({
        url: `redis://127.0.0.1:${port}`,
        socket: { reconnectStrategy: false },
      });
      c.on('error', () => {});
      await c.connect();
      closers.push(() => c.destroy());
      return c;
    }
    function ioRedis(port: number, extra: Record<string, unknown> = {}) {
      const c = new IoRedis({
        host: '127.0.0.1',
        port,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
        ...extra,
      });
      c.on('error', () => {});
      closers.push(() => c.disconnect());
      return c;
    }
    /** `promise`'s failure, whose message must start with `prefix`. */
    const prefixed = async (prefix: string, promise: Promise<unknown>) => {
      const error = await rejected(promise);
      if (!String((error as Error).message).startsWith(prefix))
        throw new Error(`expected a ${prefix} reply, got ${String(error)}`);
      return error;
    };
    beforeAll(async () => {
      primary = await startRedisServer();
      // A primary that must write to one replica and has none: NOREPLICAS.
      lonely = await startRedisServer({ args: () => ['--min-replicas-to-write', '1'] });
      // A failed background save stops writes: MISCONF.
      broken = await startRedisServer({
        args: () => ['--save', '3600 1', '--stop-writes-on-bgsave-error', 'yes'],
      });
      // A cluster node that serves no slot: CLUSTERDOWN, CROSSSLOT.
      cluster = await startRedisServer({ args: () => ['--cluster-enabled', 'yes'] });
      // A one-node cluster serving every slot: CROSSSLOT.
      wholeCluster = await startRedisServer({ args: () => ['--cluster-enabled', 'yes'] });
    }, 30_000);
    afterAll(async () => {
      closers.forEach((close) => close());
      await Promise.allSettled(
        [primary, lonely, broken, cluster, wholeCluster].map((s) => s?.dispose()),
      );
    });

    freshCases('redis-3', [
      {
        label: 'BUSYKEY: RESTORE onto an existing key',
        build: async () => {
          const io = ioRedis(primary.port);
          await io.set('bk', 'v');
          const dump = await io.dumpBuffer('bk');
          return prefixed('BUSYKEY', io.restore('bk', 0, dump));
        },
        careful: no('conflict'),
      },
      {
        label: 'NOREPLICAS: min-replicas-to-write with no replica',
        build: async () => prefixed('NOREPLICAS', ioRedis(lonely.port).set('k', 'v')),
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'MISCONF: writes stopped after a failed BGSAVE',
        build: async () => {
          const io = ioRedis(broken.port);
          rmSync(broken.dir, { recursive: true, force: true });
          await io.bgsave();
          for (let i = 0; i < 50; i += 1) {
            const info = await io.info('persistence');
            if (info.includes('rdb_last_bgsave_status:err')) break;
            await sleep(50);
          }
          return prefixed('MISCONF', io.set('k', 'v'));
        },
        careful: no('unavailable'),
      },
      {
        label: 'UNBLOCKED: CLIENT UNBLOCK … ERROR of a BLPOP',
        build: async () => {
          const blocked = ioRedis(primary.port);
          const id = await blocked.client('ID');
          const waiting = prefixed('UNBLOCKED', blocked.blpop('f3-never', 5));
          await sleep(50);
          await ioRedis(primary.port).client('UNBLOCK', id, 'ERROR');
          return waiting;
        },
        careful: no('cancelled'),
      },
      {
        label: 'NOPROTO: HELLO 4',
        build: async () => prefixed('NOPROTO', ioRedis(primary.port).call('HELLO', '4')),
        careful: no('protocol'),
      },
      {
        label: 'CLUSTERDOWN: a slot no node serves',
        build: async () => prefixed('CLUSTERDOWN', ioRedis(cluster.port).get('k')),
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'CROSSSLOT: MGET of keys in two slots',
        build: async () => {
          const io = ioRedis(wholeCluster.port);
          await io.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
          for (let i = 0; i < 50; i += 1) {
            if (String(await io.call('CLUSTER', 'INFO')).includes('cluster_state:ok')) break;
            await sleep(50);
          }
          return prefixed('CROSSSLOT', io.mget('a', 'b'));
        },
        careful: no('validation'),
      },
      {
        label: 'ERR This instance has cluster support disabled',
        build: async () => prefixed('ERR', ioRedis(primary.port).call('CLUSTER', 'INFO')),
        careful: no('validation'),
      },
      {
        label: 'ERR syntax error (SET … XX NX)',
        build: async () =>
          prefixed('ERR syntax', ioRedis(primary.port).call('SET', 'k', 'v', 'XX', 'NX')),
        careful: no('validation'),
      },
      {
        label: 'ERR min or max is not a float (ZRANGEBYSCORE)',
        build: async () => prefixed('ERR', ioRedis(primary.port).zrangebyscore('z', 'low', 'high')),
        careful: no('validation'),
      },
      {
        label: 'ERR value is not a valid float (INCRBYFLOAT)',
        build: async () => prefixed('ERR', ioRedis(primary.port).call('INCRBYFLOAT', 'f', 'abc')),
        careful: no('validation'),
      },
      {
        label: 'ERR bit offset is not an integer or out of range (SETBIT)',
        build: async () => prefixed('ERR', ioRedis(primary.port).call('SETBIT', 'b', '-1', '1')),
        careful: no('validation'),
      },
      {
        label: 'ERR XADD ID equal or smaller than the top item',
        build: async () => {
          const io = ioRedis(primary.port);
          await io.xadd('st', '5-0', 'a', '1');
          return prefixed('ERR', io.xadd('st', '1-0', 'a', '1'));
        },
        careful: no('validation'),
      },
      {
        label: 'ERR string exceeds maximum allowed size (SETRANGE)',
        build: async () => prefixed('ERR', ioRedis(primary.port).setrange('big', 600_000_000, 'x')),
        careful: no('validation'),
      },
      {
        label: 'ERR AUTH without a configured password (node-redis)',
        build: async () =>
          prefixed('ERR', (await nodeRedis(primary.port)).auth({ password: 'nope' })),
        careful: no('auth'),
      },
      {
        label: 'ioredis: commandTimeout',
        build: async () =>
          rejected(ioRedis(primary.port, { commandTimeout: 50 }).blpop('f3-slow', 2)),
        careful: again('timeout', 'operation'),
      },
      {
        label: 'node-redis: connection refused',
        build: async () => {
          const c = createClient({
            url: `redis://127.0.0.1:${await closedPort()}`,
            socket: { reconnectStrategy: false },
          });
          c.on('error', () => {});
          return rejected(c.connect());
        },
        careful: { category: 'unavailable', retryable: true },
      },
      {
        label: 'ioredis: a command once the connection is closed',
        build: async () => {
          const io = ioRedis(primary.port, { enableOfflineQueue: false });
          await new Promise((resolve) => io.once('ready', resolve));
          io.disconnect();
          return rejected(io.get('k'));
        },
        careful: again('unavailable', 'operation'),
      },
    ]);
  },
);

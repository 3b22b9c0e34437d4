// Fresh database errors, fifth set: conditions from each database's own documented table that no
// other test here raises, through the real clients on real servers on 127.0.0.1 (free ports):
// PostgreSQL's SQLSTATE appendix (Appendix A, errcodes.txt) through `pg` and `pg-pool`, MariaDB's
// error reference through `mysql2`, Redis's error prefixes and `ERR` texts (the command pages and
// `src/server.c`) through node-redis and ioredis. Each case checks that the database said what the
// case claims (the SQLSTATE, the errno, the prefix), and each error is read twice: by `decode`,
// and by `agent-errors explain` on what `console.log(err)` prints (`util.inspect`), the text
// people paste from logs. MongoDB has no Debian package: the driver builds its errors from the
// replies of a small wire peer on 127.0.0.1 (test/helpers/mongo-wire.ts), each reply a code and
// labels of `error_codes.yml`. Prisma's engines download at install: its cases are built by the documented
// shape of its classes. Run with FRESH_SCORE=1 to print the score.
import { inspect } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { BSON, MongoClient } from 'mongodb';
import type { Document } from 'mongodb';
import mysql from 'mysql2/promise';
import type { Connection } from 'mysql2/promise';
import pg from 'pg';
import type { Client, ClientConfig } from 'pg';
import { Redis as IoRedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe } from 'vitest';
import { again, no, saying, silentServer } from './helpers/database-cases.js';
import { explainedText, freshCases, rejected, wait } from './helpers/fresh-cases.js';
import type { Careful, FreshCase } from './helpers/fresh-cases.js';
import { startMongoWirePeer } from './helpers/mongo-wire.js';
import type { MongoWirePeer } from './helpers/mongo-wire.js';
import {
  closeEach,
  failFastIoRedis,
  failFastNodeRedis,
  PrismaClientInitializationError,
  PrismaClientKnownRequestError,
} from './helpers/case-clients.js';
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

/** Each case once, read by `decode` (as `family`) and by explain on its logged form. */
function readTwice(family: string, cases: readonly FreshCase[]): void {
  const once = cases.map((c) => {
    let built: Promise<unknown> | undefined;
    return { ...c, build: () => (built ??= c.build()) };
  });
  freshCases(family, once);
  // A printed error says what to do, not what to run again: the retry scope is not in the text.
  const printed = once.map(({ careful: { scope: _, ...careful }, ...c }) => ({ ...c, careful }));
  freshCases(`${family} logged`, printed, (error) => explainedText(inspect(error)));
}

describe.skipIf(skipPostgresTests())('fresh PostgreSQL errors, set 5 (pg, a real server)', () => {
  let server: SqlServer | undefined;
  const clients: Client[] = [];
  let db: Client;
  const connect = (extra: ClientConfig = {}): Promise<Client> => connectPg(server, clients, extra);
  /** `sql`'s failure, which must carry SQLSTATE `code`. */
  const state = (code: string, sql: string) => async () =>
    saying(await rejected(db.query(sql)), 'code', code);
  /** `sql`'s failure inside a transaction of its own connection, after `first`. */
  const inTransaction =
    (code: string, sql: string, ...first: string[]) =>
    async () => {
      const c = await connect();
      await c.query('BEGIN');
      for (const statement of first) await c.query(statement);
      return saying(await rejected(c.query(sql)), 'code', code);
    };
  beforeAll(async () => {
    server = await startPostgres(24);
    db = await connect();
    await db.query(`
      CREATE TABLE f5_t (id int PRIMARY KEY, v int);
      INSERT INTO f5_t VALUES (1, 0), (2, 0);
      CREATE SEQUENCE f5_one MINVALUE 0 MAXVALUE 1;
      CREATE FUNCTION f5_f(a int) RETURNS int LANGUAGE sql AS 'SELECT a';
      CREATE FUNCTION f5_amb(a int, b text DEFAULT 'x') RETURNS int LANGUAGE sql AS 'SELECT a';
      CREATE FUNCTION f5_amb(a int) RETURNS int LANGUAGE sql AS 'SELECT a';
      CREATE ROLE f5_reader;
      CREATE ROLE f5_user LOGIN PASSWORD '${DB_PASSWORD}';
      CREATE ROLE f5_single LOGIN PASSWORD '${DB_PASSWORD}' CONNECTION LIMIT 1;
      GRANT SELECT ON f5_t TO f5_user;`);
    await db.query('CREATE DATABASE f5_db CONNECTION LIMIT 1');
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
    await server?.dispose();
  });

  readTwice('postgresql-5', [
    {
      label: '22004 EXECUTE of a NULL query string',
      build: state('22004', 'DO $$ BEGIN EXECUTE NULL; END $$'),
      careful: no('validation'),
    },
    {
      // A sequence at its MAXVALUE fails every later nextval the same way.
      label: '2200H nextval past a sequence maximum',
      build: async () => {
        await db.query("SELECT nextval('f5_one'), nextval('f5_one')");
        return state('2200H', "SELECT nextval('f5_one')")();
      },
      careful: no('validation'),
    },
    {
      label: '2200M XMLPARSE of a document with no end tag',
      build: state('2200M', "SELECT xmlparse(document '<a>')"),
      careful: no('validation'),
    },
    {
      label: '2200N XMLPARSE of malformed content',
      build: state('2200N', "SELECT xmlparse(content '<a')"),
      careful: no('validation'),
    },
    {
      label: '2200S an XML comment holding --',
      build: state('2200S', "SELECT xmlcomment('a--b')"),
      careful: no('validation'),
    },
    {
      label: '2201G width_bucket of zero buckets',
      build: state('2201G', 'SELECT width_bucket(1, 0, 10, 0)'),
      careful: no('validation'),
    },
    {
      label: '22026 a bit string of the wrong length',
      build: state('22026', "SELECT B'101'::bit(4) & B'1'"),
      careful: no('validation'),
    },
    {
      label: '2202H TABLESAMPLE of 200 percent',
      build: state('2202H', 'SELECT * FROM f5_t TABLESAMPLE BERNOULLI (200)'),
      careful: no('validation'),
    },
    {
      label: '22033 a strict JSON path subscript out of bounds',
      build: state('22033', "SELECT jsonb_path_query('[1]', 'strict $[5]')"),
      careful: no('validation'),
    },
    {
      label: '22039 a strict JSON path subscript of an object',
      build: state('22039', "SELECT jsonb_path_query('{}', 'strict $[0]')"),
      careful: no('validation'),
    },
    {
      label: '22038 jsonb_path_match of a path with two results',
      build: state('22038', "SELECT jsonb_path_match('[true, true]', '$[*]')"),
      careful: no('validation'),
    },
    {
      label: '22036 .abs() of a string in a JSON path',
      build: state('22036', "SELECT jsonb_path_query('\"a\"', 'strict $.abs()')"),
      careful: no('validation'),
    },
    {
      // The one statement names the same row twice: it fails as written.
      label: '21000 ON CONFLICT DO UPDATE touching one row twice',
      build: state(
        '21000',
        'INSERT INTO f5_t VALUES (3, 0), (3, 1) ON CONFLICT (id) DO UPDATE SET v = 9',
      ),
      careful: no('validation'),
    },
    {
      // A server in read-only mode (a standby, `default_transaction_read_only`): a new connection
      // after a failover reaches the primary, and the transaction runs again.
      label: '25006 INSERT under default_transaction_read_only',
      build: async () => {
        const c = await connect();
        await c.query('SET default_transaction_read_only = on');
        return saying(await rejected(c.query('INSERT INTO f5_t VALUES (7, 0)')), 'code', '25006');
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: '25001 SET TRANSACTION ISOLATION LEVEL after a query',
      build: inTransaction(
        '25001',
        'SET TRANSACTION ISOLATION LEVEL SERIALIZABLE',
        'SELECT 1 FROM f5_t',
      ),
      careful: no('validation'),
    },
    {
      label: '55P03 lock_timeout while another transaction holds the row',
      build: async () => {
        const holder = await connect();
        await holder.query('BEGIN');
        await holder.query('SELECT * FROM f5_t WHERE id = 2 FOR UPDATE');
        const waiter = await connect();
        await waiter.query('BEGIN');
        await waiter.query("SET LOCAL lock_timeout = '50ms'");
        const error = await rejected(waiter.query('UPDATE f5_t SET v = 1 WHERE id = 2'));
        await holder.query('ROLLBACK');
        return saying(error, 'code', '55P03');
      },
      careful: again('timeout', 'transaction'),
    },
    {
      // The server closed a session idle past `idle_session_timeout`: pg reports it on the
      // client's `error` event; a new connection works.
      label: '57P05 idle_session_timeout (the error event of pg.Client)',
      build: async () => {
        const c = new pg.Client(pgConfig(server));
        const reported = new Promise<unknown>((resolve) => c.on('error', resolve));
        await c.connect();
        clients.push(c);
        await c.query("SET idle_session_timeout = '50ms'");
        return saying(await reported, 'code', '57P05');
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: '53300 a role at its CONNECTION LIMIT',
      build: async () => {
        const account = { user: 'f5_single', password: DB_PASSWORD };
        await connect(account);
        return saying(await rejected(connect(account)), 'code', '53300');
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: '53300 a database at its CONNECTION LIMIT',
      build: async () => {
        // A superuser passes the limit: an ordinary role meets it.
        const account = { user: 'f5_user', password: DB_PASSWORD, database: 'f5_db' };
        await connect(account);
        return saying(await rejected(connect(account)), 'code', '53300');
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: '42701 ADD COLUMN of a column that exists',
      build: state('42701', 'ALTER TABLE f5_t ADD COLUMN v int'),
      careful: no('conflict'),
    },
    {
      label: '42723 CREATE FUNCTION of an existing signature',
      build: state('42723', "CREATE FUNCTION f5_f(a int) RETURNS int LANGUAGE sql AS 'SELECT 1'"),
      careful: no('conflict'),
    },
    {
      label: '42725 a call two functions match',
      build: state('42725', 'SELECT f5_amb(1)'),
      careful: no('validation'),
    },
    {
      label: '42P02 $1 in a query sent with no parameters',
      build: state('42P02', 'SELECT $1'),
      careful: no('validation'),
    },
    {
      label: '42P03 DECLARE of a cursor name already open',
      build: inTransaction(
        '42P03',
        'DECLARE c CURSOR FOR SELECT 2',
        'DECLARE c CURSOR FOR SELECT 1',
      ),
      careful: no('conflict'),
    },
    {
      label: '42P04 CREATE DATABASE of an existing database',
      build: state('42P04', 'CREATE DATABASE f5_db'),
      careful: no('conflict'),
    },
    {
      label: '42P15 CREATE SCHEMA with a table in another schema',
      build: state('42P15', 'CREATE SCHEMA f5_s CREATE TABLE public.f5_x (i int)'),
      careful: no('validation'),
    },
    {
      label: '42P21 a comparison of two explicit collations',
      build: state('42P21', `SELECT 'a' COLLATE "C" < 'b' COLLATE "POSIX"`),
      careful: no('validation'),
    },
    {
      // Making a role a member of itself: the grant as written can never be made.
      label: '0LP01 GRANT of a role to itself',
      build: state('0LP01', 'GRANT f5_reader TO f5_reader'),
      careful: no('validation'),
    },
    {
      label: '42501 SET ROLE to a role the user is not a member of',
      build: async () => {
        const c = await connect({ user: 'f5_user', password: DB_PASSWORD });
        return saying(await rejected(c.query('SET ROLE f5_reader')), 'code', '42501');
      },
      careful: no('permission'),
    },
    {
      label: '42501 UPDATE of a table granted SELECT only',
      build: async () => {
        const c = await connect({ user: 'f5_user', password: DB_PASSWORD });
        return saying(await rejected(c.query('UPDATE f5_t SET v = 1')), 'code', '42501');
      },
      careful: no('permission'),
    },
    {
      label: '08P01 a bind message with more parameters than the statement',
      build: async () =>
        saying(await rejected(db.query('SELECT $1::int', [1, 2])), 'code', '08P01'),
      careful: no('protocol'),
    },
    {
      // The cursor is not in the state the FETCH needs (class 55, object not in prerequisite
      // state): a conflict with the object's state, as currval before nextval in set 3.
      label: '55000 FETCH BACKWARD of a cursor without SCROLL',
      build: inTransaction(
        '55000',
        'FETCH BACKWARD 1 FROM c',
        'DECLARE c NO SCROLL CURSOR FOR SELECT * FROM f5_t',
        'FETCH 2 FROM c',
      ),
      careful: no('conflict'),
    },
    {
      label: 'pg-pool: timeout exceeded when trying to connect (every client busy)',
      build: async () => {
        const pool = new pg.Pool({ ...pgConfig(server), max: 1, connectionTimeoutMillis: 500 });
        const held = await pool.connect();
        const error = await rejected(pool.connect());
        held.release();
        await pool.end();
        return error;
      },
      careful: wait('timeout'),
    },
    {
      label: 'pg: a query after the server terminated the backend (not queryable)',
      build: async () => {
        const c = await connect();
        const { rows } = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await rejected(c.query(`SELECT pg_terminate_backend(${rows[0]!.pid}), pg_sleep(1)`));
        return rejected(c.query('SELECT 1'));
      },
      careful: wait('unavailable'),
    },
    {
      label: 'pg: client.end() while a query runs (Connection terminated)',
      build: async () => {
        const c = await connect();
        const running = rejected(c.query('SELECT pg_sleep(2)'));
        await sleep(20);
        await c.end();
        return running;
      },
      careful: no('cancelled'),
    },
  ]);
});

describe.skipIf(skipMariadbTests())('fresh MariaDB errors, set 5 (mysql2, a real server)', () => {
  let server: SqlServer | undefined;
  const connections: Connection[] = [];
  let root: Connection;
  let db: Connection;
  const account = { user: 'f5', password: DB_PASSWORD, database: 'f5' };
  /** A connection as `user` (password {@link DB_PASSWORD}), kept for the end. */
  const as = (user: string) => connectMariadb(server, connections, { ...account, user });
  /** `sql`'s failure, which must carry server error number `number`. */
  const errno = (number: number, sql: string, on?: () => Connection) => async () =>
    saying(await rejected((on?.() ?? db).query(sql)), 'errno', number);
  beforeAll(async () => {
    server = await startMariadb(24);
    root = await connectMariadbRoot(server, connections);
    await root.query(`
      CREATE DATABASE f5;
      CREATE USER 'f5'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      GRANT ALL ON f5.* TO 'f5'@'%';
      CREATE USER 'f5ro'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      CREATE USER 'f5one'@'%' IDENTIFIED BY '${DB_PASSWORD}' WITH MAX_USER_CONNECTIONS 1;
      CREATE USER 'f5hour'@'%' IDENTIFIED BY '${DB_PASSWORD}' WITH MAX_QUERIES_PER_HOUR 1;
      CREATE TABLE f5.t (id int PRIMARY KEY, v int, name varchar(20)) ENGINE=InnoDB;
      CREATE TABLE f5.child (id int PRIMARY KEY, t_id int, FOREIGN KEY (t_id) REFERENCES f5.t (id));
      CREATE TABLE f5.u (a int, b int);
      INSERT INTO f5.t VALUES (1, 0, 'a'), (2, 0, 'a');
      INSERT INTO f5.u VALUES (1, NULL);
      CREATE VIEW f5.tu AS SELECT t.id, u.a FROM f5.t JOIN f5.u ON t.id = u.a;
      CREATE DEFINER = 'f5gone'@'%' VIEW f5.orphan AS SELECT 1 AS one;
      CREATE TABLE f5.gone (i int);
      CREATE VIEW f5.broken AS SELECT i FROM f5.gone;
      DROP TABLE f5.gone;
      CREATE PROCEDURE f5.p() SELECT 1;
      GRANT SELECT ON f5.t TO 'f5ro'@'%';
      GRANT SELECT ON f5.* TO 'f5hour'@'%';
      GRANT SELECT ON f5.* TO 'f5one'@'%';`);
    db = await connectMariadb(server, connections, account, { multipleStatements: true });
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(connections.map((c) => c.end()));
    await server?.dispose();
  });

  readTwice('mariadb-5', [
    {
      label: '1142 INSERT by a user granted SELECT only (42000)',
      build: async () =>
        saying(
          await rejected((await as('f5ro')).query('INSERT INTO t VALUES (9, 0, NULL)')),
          'errno',
          1142,
        ),
      careful: no('permission'),
    },
    {
      label: '1370 CALL of a procedure not granted (42000)',
      build: async () =>
        saying(await rejected((await as('f5ro')).query('CALL p()')), 'errno', 1370),
      careful: no('permission'),
    },
    {
      label: '1050 CREATE TABLE of an existing table (42S01)',
      build: errno(1050, 'CREATE TABLE t (i int)'),
      careful: no('conflict'),
    },
    {
      label: '1062 ADD UNIQUE over duplicate rows (23000)',
      build: errno(1062, 'ALTER TABLE t ADD UNIQUE (name)'),
      careful: no('conflict'),
    },
    {
      label: '1109 DELETE naming a table the statement does not read (42S02)',
      build: errno(1109, 'DELETE nope FROM t AS b WHERE b.id = 0'),
      careful: no('not_found'),
    },
    {
      label: '1172 SELECT … INTO a variable of two rows (42000)',
      build: errno(1172, 'SELECT id INTO @x FROM t'),
      careful: no('validation'),
    },
    {
      label: '1210 EXECUTE of a prepared statement without its argument (HY000)',
      build: errno(1210, "PREPARE s FROM 'SELECT ?'; EXECUTE s"),
      careful: no('validation'),
    },
    {
      label: '1243 EXECUTE of an unknown prepared statement (HY000)',
      build: errno(1243, 'EXECUTE nosuch'),
      careful: no('validation'),
    },
    {
      label: '1327 a procedure selecting into an undeclared variable (42000)',
      build: errno(1327, 'CREATE PROCEDURE bad_into() SELECT 1 INTO nope'),
      careful: no('validation'),
    },
    {
      label: '4078 a point added to a number (HY000)',
      build: errno(4078, 'SELECT POINT(1, 1) + 1'),
      careful: no('validation'),
    },
    {
      label: '1094 KILL of an unknown thread (HY000)',
      build: errno(1094, 'KILL 99999999'),
      careful: no('not_found'),
    },
    {
      label: "1095 KILL of another user's thread (HY000)",
      build: async () => {
        const [rows] = await root.query('SELECT CONNECTION_ID() AS id');
        const id = (rows as { id: number }[])[0]!.id;
        return saying(await rejected((await as('f5ro')).query(`KILL ${id}`)), 'errno', 1095);
      },
      careful: no('permission'),
    },
    {
      label: '1068 two primary keys (42000)',
      build: errno(1068, 'CREATE TABLE two_pk (a int PRIMARY KEY, b int, PRIMARY KEY (b))'),
      careful: no('validation'),
    },
    {
      label: '1071 a key longer than the engine allows (42000)',
      build: errno(1071, 'CREATE TABLE long_key (a varchar(4000) PRIMARY KEY) CHARSET utf8mb4'),
      careful: no('validation'),
    },
    {
      label: '1117 a table of 4097 columns (HY000)',
      build: errno(
        1117,
        `CREATE TABLE wide (${Array.from({ length: 4097 }, (_, i) => `c${i} int`).join(', ')})`,
      ),
      careful: no('validation'),
    },
    {
      label: '1351 a view over a user variable (HY000)',
      build: errno(1351, 'CREATE VIEW with_var AS SELECT @x'),
      careful: no('validation'),
    },
    {
      label: '1353 a view whose column list does not match its SELECT (HY000)',
      build: errno(1353, 'CREATE VIEW two_cols (a, b) AS SELECT 1'),
      careful: no('validation'),
    },
    {
      label: '1363 a DELETE trigger reading NEW (HY000)',
      build: errno(1363, 'CREATE TRIGGER bad_new BEFORE DELETE ON t FOR EACH ROW SET @x = NEW.id'),
      careful: no('validation'),
    },
    {
      label: '1395 DELETE from a join view (HY000)',
      build: errno(1395, 'DELETE FROM tu'),
      careful: no('validation'),
    },
    {
      label: '1427 FLOAT(M, D) with M < D (42000)',
      build: errno(1427, 'CREATE TABLE bad_float (f float(1, 2))'),
      careful: no('validation'),
    },
    {
      label: '1503 a primary key without the partitioning column (HY000)',
      build: errno(
        1503,
        'CREATE TABLE part_pk (a int PRIMARY KEY, b int) PARTITION BY HASH (b) PARTITIONS 2',
      ),
      careful: no('validation'),
    },
    {
      label: '1701 TRUNCATE of a table a foreign key references (42000)',
      build: errno(1701, 'TRUNCATE TABLE t'),
      careful: no('validation'),
    },
    {
      label: '1356 a view over a dropped table (HY000)',
      build: errno(1356, 'SELECT * FROM broken'),
      careful: no('validation'),
    },
    {
      label: '1845 ALGORITHM=INSTANT the change cannot use (0A000)',
      build: errno(1845, 'ALTER TABLE u ADD PRIMARY KEY (a), ALGORITHM=INSTANT'),
      careful: no('validation'),
    },
    {
      // One connection closing lets the next in.
      label: "1226 a user at MAX_USER_CONNECTIONS ('max_user_connections', 42000)",
      build: async () => {
        await as('f5one');
        return saying(await rejected(as('f5one')), 'errno', 1226);
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      // An hourly allowance: waiting for the hour is a quota, not a retry.
      label: '1226 a user past MAX_QUERIES_PER_HOUR (42000)',
      build: async () => {
        const c = await as('f5hour');
        await c.query('SELECT 1').catch(() => undefined);
        return saying(await rejected(c.query('SELECT 2')), 'errno', 1226);
      },
      careful: no('quota'),
    },
    {
      // The server closes a connection idle past `wait_timeout`: mysql2 reports the reset on the
      // connection's `error` event; a new connection works.
      label: 'mysql2: the server closed an idle connection (wait_timeout, the error event)',
      build: async () => {
        const c = await mysql.createConnection({
          host: '127.0.0.1',
          port: server!.port,
          ...account,
        });
        connections.push(c);
        const reported = new Promise<unknown>((resolve) => c.on('error', resolve));
        await c.query('SET SESSION wait_timeout = 1');
        return saying(await reported, 'code', 'ECONNRESET');
      },
      careful: wait('unavailable'),
    },
    {
      label: 'mysql2: KILL CONNECTION of a connection running a query',
      build: async () => {
        const victim = await as('f5');
        const [rows] = await victim.query('SELECT CONNECTION_ID() AS id');
        const id = (rows as { id: number }[])[0]!.id;
        const running = rejected(victim.query('SELECT SLEEP(5)'));
        await sleep(50);
        await root.query(`KILL CONNECTION ${id}`);
        return running;
      },
      careful: wait('unavailable'),
    },
    {
      label: 'mysql2: a pool with waitForConnections false, every connection busy',
      build: async () => {
        const pool = mysql.createPool({
          host: '127.0.0.1',
          port: server!.port,
          ...account,
          connectionLimit: 1,
          waitForConnections: false,
        });
        const held = await pool.getConnection();
        const error = await rejected(pool.getConnection());
        held.release();
        await pool.end();
        return saying(error, 'message', 'No connections available.');
      },
      careful: wait('unavailable'),
    },
    {
      label: 'mysql2: execute() with an undefined bind parameter',
      build: async () => rejected(db.execute('SELECT ?', [undefined as unknown as null])),
      careful: no('validation'),
    },
  ]);
});

describe.skipIf(skipRedisTests())(
  'fresh Redis errors, set 5 (node-redis and ioredis, real servers)',
  () => {
    let primary: RedisServer;
    let replica: RedisServer;
    let full: RedisServer;
    let locked: RedisServer;
    let slotsA: RedisServer;
    let slotsB: RedisServer;
    const closers: (() => unknown)[] = [];
    const nodeRedis = (port: number, extra: Record<string, unknown> = {}) =>
      failFastNodeRedis(port, closers, extra);
    const ioRedis = (port: number, extra: Record<string, unknown> = {}) =>
      failFastIoRedis(port, closers, extra);
    /** `promise`'s failure, whose message must start with `prefix`. */
    const prefixed = async (prefix: string, promise: Promise<unknown>) => {
      const error = await rejected(promise);
      if (!String((error as Error).message).startsWith(prefix))
        throw new Error(`expected a ${prefix} reply, got ${String(error)}`);
      return error;
    };
    /** `read`'s BUSY reply while a script on its own connection spins, then SCRIPT KILL. */
    async function whileBusy(read: () => Promise<unknown>) {
      // Every connection is ready before the script starts: a busy server fails a handshake too.
      const spinner = ioRedis(primary.port);
      const killer = ioRedis(primary.port);
      await Promise.all([spinner.ping(), killer.ping()]);
      const spinning = spinner.eval('while true do end', 0).catch(() => undefined);
      let error: unknown;
      for (let i = 0; i < 100; i += 1) {
        error = await read().then(
          () => undefined,
          (e: unknown) => e,
        );
        if (String((error as Error | undefined)?.message).startsWith('BUSY')) break;
        await sleep(10);
      }
      await killer.script('KILL');
      await spinning;
      return prefixed('BUSY', Promise.reject(error as Error));
    }
    /** The slot `key` hashes to, as the server computes it. */
    const slotOf = async (key: string) =>
      Number(await ioRedis(slotsA.port).call('CLUSTER', 'KEYSLOT', key));
    /** A key named after `base` whose slot node A (slots 0–8191) serves. */
    const keyOnA = async (base: string) => {
      for (let i = 0; ; i += 1) if ((await slotOf(`${base}${i}`)) < 8192) return `${base}${i}`;
    };
    beforeAll(async () => {
      primary = await startRedisServer({ args: () => ['--busy-reply-threshold', '20'] });
      replica = await startRedisServer({
        args: () => ['--replicaof', '127.0.0.1', String(primary.port)],
      });
      full = await startRedisServer({
        args: () => ['--maxmemory', '1mb', '--maxmemory-policy', 'noeviction'],
      });
      locked = await startRedisServer({ args: () => ['--requirepass', 'f5-secret'] });
      // Two cluster nodes, half the slots each: MOVED, ASK and TRYAGAIN between them.
      slotsA = await startRedisServer({ args: () => ['--cluster-enabled', 'yes'] });
      slotsB = await startRedisServer({ args: () => ['--cluster-enabled', 'yes'] });
      const a = ioRedis(slotsA.port);
      const b = ioRedis(slotsB.port);
      await a.call('CLUSTER', 'ADDSLOTSRANGE', '0', '8191');
      await b.call('CLUSTER', 'ADDSLOTSRANGE', '8192', '16383');
      await a.call('CLUSTER', 'MEET', '127.0.0.1', String(slotsB.port));
      for (let i = 0; i < 400; i += 1) {
        const states = await Promise.all([a, b].map((n) => n.call('CLUSTER', 'INFO')));
        if (states.every((info) => String(info).includes('cluster_state:ok'))) break;
        await sleep(25);
      }
      const admin = ioRedis(locked.port, { password: 'f5-secret' });
      await admin.call('ACL', 'SETUSER', 'f5', 'on', '>f5-pw', '~mine:*', '+get', '+set');
    }, 30_000);
    afterAll(async () => {
      closeEach(closers);
      await Promise.allSettled(
        [primary, replica, full, locked, slotsA, slotsB].map((s) => s?.dispose()),
      );
    });

    readTwice('redis-5', [
      {
        label: 'READONLY: SET on a replica (node-redis ErrorReply)',
        build: async () => prefixed('READONLY', (await nodeRedis(replica.port)).set('k', 'v')),
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'READONLY: INCR on a replica (ioredis ReplyError)',
        build: async () => prefixed('READONLY', ioRedis(replica.port).incr('n')),
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'BUSY: a GET while a script runs (node-redis)',
        build: async () => {
          const c = await nodeRedis(primary.port);
          return whileBusy(() => c.get('k'));
        },
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'BUSY: a SET while a script runs (ioredis)',
        build: async () => {
          const c = ioRedis(primary.port);
          await c.ping();
          return whileBusy(() => c.set('k', 'v'));
        },
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'NOSCRIPT: EVALSHA of an unknown script (node-redis)',
        build: async () =>
          prefixed('NOSCRIPT', (await nodeRedis(primary.port)).evalSha('0'.repeat(40))),
        careful: no('not_found'),
      },
      {
        label: 'WRONGTYPE: LPUSH onto a string (node-redis)',
        build: async () => {
          const c = await nodeRedis(primary.port);
          await c.set('f5-str', 'v');
          return prefixed('WRONGTYPE', c.lPush('f5-str', 'x'));
        },
        careful: no('validation'),
      },
      {
        label: 'EXECABORT: MULTI with an unknown command queued (ioredis)',
        build: async () => {
          const c = ioRedis(primary.port);
          return prefixed(
            'EXECABORT',
            c.multi().set('a', '1').call('NOSUCHCOMMAND').exec() as Promise<unknown>,
          );
        },
        careful: no('validation'),
      },
      {
        label: 'OOM: SET past maxmemory with noeviction (node-redis)',
        build: async () => {
          const c = await nodeRedis(full.port);
          const big = 'x'.repeat(256 * 1024);
          for (let i = 0; i < 16; i += 1) {
            const error = await c.set(`big${i}`, big).then(
              () => undefined,
              (e: unknown) => e,
            );
            if (error !== undefined) return prefixed('OOM', Promise.reject(error as Error));
          }
          throw new Error('maxmemory was never reached');
        },
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'OOM: SET past maxmemory with noeviction (ioredis)',
        build: async () => prefixed('OOM', ioRedis(full.port).set('more', 'x'.repeat(300_000))),
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'NOAUTH: a command before AUTH (ioredis)',
        build: async () => prefixed('NOAUTH', ioRedis(locked.port).get('k')),
        careful: no('auth'),
      },
      {
        label: 'WRONGPASS: connect with a wrong password (node-redis)',
        build: async () => prefixed('WRONGPASS', nodeRedis(locked.port, { password: 'nope' })),
        careful: no('auth'),
      },
      {
        label: 'WRONGPASS: an ACL user with a wrong password (ioredis, the error event)',
        build: async () => {
          const c = new IoRedis({
            host: '127.0.0.1',
            port: locked.port,
            username: 'f5',
            password: 'nope',
            retryStrategy: () => null,
          });
          closers.push(() => c.disconnect());
          return prefixed('WRONGPASS', new Promise((_, reject) => c.once('error', reject)));
        },
        careful: no('auth'),
      },
      {
        label: 'NOPERM: GET of a key outside the ACL user’s patterns (node-redis)',
        build: async () =>
          prefixed(
            'NOPERM',
            (await nodeRedis(locked.port, { username: 'f5', password: 'f5-pw' })).get('theirs'),
          ),
        careful: no('permission'),
      },
      {
        label: 'MOVED: GET of a key another node serves (ioredis, not cluster-aware)',
        build: async () => {
          const key = (await slotOf('a')) >= 8192 ? 'a' : 'b';
          return prefixed('MOVED', ioRedis(slotsA.port).get(key));
        },
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'ASK: GET of a missing key in a slot being migrated (node-redis)',
        build: async () => {
          const a = ioRedis(slotsA.port);
          const target = String(await ioRedis(slotsB.port).call('CLUSTER', 'MYID'));
          const key = await keyOnA('f5ask');
          const slot = await slotOf(key);
          await a.call('CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', target);
          return prefixed('ASK', (await nodeRedis(slotsA.port)).get(key));
        },
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'TRYAGAIN: MGET over a migrating slot with half the keys moved (ioredis)',
        build: async () => {
          const a = ioRedis(slotsA.port);
          const target = String(await ioRedis(slotsB.port).call('CLUSTER', 'MYID'));
          const slot = await slotOf('{f5try}a');
          await a.set('{f5try}a', '1');
          await a.call('CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', target);
          return prefixed('TRYAGAIN', a.mget('{f5try}a', '{f5try}b'));
        },
        careful: again('unavailable', 'operation'),
      },
      {
        label: 'ERR a script calling an unknown command (ioredis)',
        build: async () =>
          prefixed('ERR', ioRedis(primary.port).eval("return redis.call('nosuch')", 0)),
        careful: no('validation'),
      },
      {
        label: 'ERR a script that does not compile (node-redis)',
        build: async () => prefixed('ERR', (await nodeRedis(primary.port)).eval('return (')),
        careful: no('validation'),
      },
      {
        label: "ERR EVAL's number of keys greater than its arguments (ioredis)",
        build: async () => prefixed('ERR', ioRedis(primary.port).eval('return 1', 5)),
        careful: no('validation'),
      },
      {
        label: 'ERR SPOP of a negative count (ioredis)',
        build: async () => prefixed('ERR', ioRedis(primary.port).spop('s', -1)),
        careful: no('validation'),
      },
      {
        label: 'ERR BLPOP of a negative timeout (node-redis)',
        build: async () => prefixed('ERR', (await nodeRedis(primary.port)).blPop('l', -1)),
        careful: no('validation'),
      },
      {
        label: 'ERR SCAN of a cursor that is not a number (ioredis)',
        build: async () => prefixed('ERR', ioRedis(primary.port).scan('abc')),
        careful: no('validation'),
      },
      {
        label: 'ERR HINCRBY of a text field (node-redis)',
        build: async () => {
          const c = await nodeRedis(primary.port);
          await c.hSet('f5-h', 'f', 'text');
          return prefixed('ERR', c.hIncrBy('f5-h', 'f', 1));
        },
        careful: no('validation'),
      },
      {
        label: 'ERR DISCARD without MULTI (ioredis)',
        build: async () => prefixed('ERR', ioRedis(primary.port).discard()),
        careful: no('validation'),
      },
      {
        label: 'ERR unknown subcommand of CLIENT (ioredis)',
        build: async () => prefixed('ERR', ioRedis(primary.port).call('CLIENT', 'NOSUCH')),
        careful: no('validation'),
      },
      {
        // `socketTimeout`: the peer accepted the connection and then said nothing.
        label: 'node-redis SocketTimeoutError (socketTimeout, a silent peer: the error event)',
        build: async () => {
          const { port, close } = await silentServer();
          closers.push(close);
          const c = createClient({
            url: `redis://127.0.0.1:${port}`,
            socket: { socketTimeout: 50, reconnectStrategy: false },
          });
          const reported = new Promise<unknown>((resolve) => c.once('error', resolve));
          closers.push(() => c.destroy());
          await c.connect().catch(() => undefined);
          const error = await reported;
          return (
            saying(
              { error, cls: (error as object).constructor.name },
              'cls',
              'SocketTimeoutError',
            ) && error
          );
        },
        careful: again('timeout', 'operation'),
      },
      {
        label: 'node-redis ClientClosedError (a command once its connection failed)',
        build: async () => {
          const { port, close } = await silentServer();
          closers.push(close);
          const c = createClient({
            url: `redis://127.0.0.1:${port}`,
            socket: { socketTimeout: 50, reconnectStrategy: false },
          });
          c.on('error', () => {});
          await c.connect().catch(() => undefined);
          return rejected(c.get('k'));
        },
        careful: no('protocol'),
      },
      {
        label: 'node-redis SocketClosedUnexpectedlyError (CLIENT KILL under a BLPOP)',
        build: async () => {
          const c = await nodeRedis(primary.port);
          const id = await c.clientId();
          const waiting = rejected(c.blPop('f5-never', 5));
          await sleep(30);
          await ioRedis(primary.port).call('CLIENT', 'KILL', 'ID', String(id));
          return waiting;
        },
        careful: again('unavailable', 'operation'),
      },
      {
        // The strategy gave up: the client will not reconnect by itself.
        label: 'node-redis ReconnectStrategyError (the strategy returns an Error)',
        build: async () => {
          const { port, close } = await silentServer();
          close();
          return rejected(
            nodeRedis(port, {
              socket: {
                reconnectStrategy: (retries: number) =>
                  retries >= 1 ? new Error('gave up after one retry') : 10,
              },
            }),
          );
        },
        careful: no('unavailable'),
      },
    ]);
  },
);

describe('fresh MongoDB errors, set 5 (the driver against a 127.0.0.1 wire peer)', () => {
  let peer: MongoWirePeer;
  let db: MongoClient;
  /** How the peer answers the next commands (set by each case before it runs). */
  let replyWith: (command: Document) => Document | undefined = () => ({ ok: 1 });
  const clients: MongoClient[] = [];
  const closers: (() => unknown)[] = [];
  beforeAll(async () => {
    peer = await startMongoWirePeer((command) =>
      'endSessions' in command ? { ok: 1 } : replyWith(command),
    );
    db = client(peer.url);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    closeEach(closers);
    peer?.close();
  });
  function client(url: string, options: Record<string, unknown> = {}): MongoClient {
    const c = new MongoClient(url, { serverSelectionTimeoutMS: 1_000, ...options });
    clients.push(c);
    return c;
  }
  /** A peer on 127.0.0.1 that accepts connections and never answers the driver's hello. */
  const silentUrl = async () => {
    const { port, close } = await silentServer();
    closers.push(close);
    return `mongodb://127.0.0.1:${port}/?directConnection=true`;
  };
  /** A server reply with `ok: 0` (mongodb/mongo `src/mongo/base/error_codes.yml`). */
  const refusal = (code: number, codeName: string, errorLabels: string[] = []) => ({
    ok: 0,
    code,
    codeName,
    errmsg: `${codeName} from the server`,
    ...(errorLabels.length > 0 ? { errorLabels } : {}),
  });
  /** What a `find` rejects with when the server answers `reply`; it must be the class `name`. */
  const onFind =
    (reply: Document, name = 'MongoServerError') =>
    async (): Promise<unknown> => {
      replyWith = () => reply;
      return saying(await rejected(db.db('app').collection('c').findOne({})), 'name', name);
    };
  /** The same for an `insert`. */
  const onInsert =
    (reply: Document, name = 'MongoServerError') =>
    async (): Promise<unknown> => {
      replyWith = () => reply;
      return saying(await rejected(db.db('app').collection('c').insertOne({ a: 1 })), 'name', name);
    };
  const replyCase = (
    label: string,
    code: number,
    codeName: string,
    careful: Careful,
    labels: string[] = [],
    on = onFind,
  ): FreshCase => ({ label, build: on(refusal(code, codeName, labels)), careful });

  readTwice('mongodb-5', [
    replyCase(
      '13435 NotPrimaryNoSecondaryOk on a find',
      13435,
      'NotPrimaryNoSecondaryOk',
      again('unavailable', 'operation'),
    ),
    replyCase(
      '13436 NotPrimaryOrSecondary on an insert, RetryableWriteError',
      13436,
      'NotPrimaryOrSecondary',
      again('unavailable', 'operation'),
      ['RetryableWriteError'],
      onInsert,
    ),
    replyCase('7 HostNotFound on a find', 7, 'HostNotFound', again('unavailable', 'operation')),
    replyCase(
      '6 HostUnreachable on an insert, RetryableWriteError',
      6,
      'HostUnreachable',
      again('unavailable', 'operation'),
      ['RetryableWriteError'],
      onInsert,
    ),
    replyCase('89 NetworkTimeout on a find', 89, 'NetworkTimeout', again('timeout', 'operation')),
    replyCase(
      '9001 SocketException on a find',
      9001,
      'SocketException',
      again('unavailable', 'operation'),
    ),
    replyCase(
      '246 SnapshotUnavailable (TransientTransactionError)',
      246,
      'SnapshotUnavailable',
      again('conflict', 'transaction'),
      ['TransientTransactionError'],
    ),
    replyCase(
      '225 TransactionTooOld (TransientTransactionError)',
      225,
      'TransactionTooOld',
      again('conflict', 'transaction'),
      ['TransientTransactionError'],
      onInsert,
    ),
    // The server aborted a transaction open past transactionLifetimeLimitSeconds.
    replyCase(
      '290 TransactionExceededLifetimeLimitSeconds (TransientTransactionError)',
      290,
      'TransactionExceededLifetimeLimitSeconds',
      again('timeout', 'transaction'),
      ['TransientTransactionError'],
      onInsert,
    ),
    replyCase(
      '462 IngressRequestRateLimitExceeded (SystemOverloadedError, RetryableError)',
      462,
      'IngressRequestRateLimitExceeded',
      again('rate_limit', 'operation'),
      ['SystemOverloadedError', 'RetryableError'],
    ),
    replyCase(
      '46 LockBusy on an insert',
      46,
      'LockBusy',
      again('conflict', 'operation'),
      [],
      onInsert,
    ),
    replyCase('11601 Interrupted (killOp)', 11601, 'Interrupted', no('cancelled')),
    replyCase('43 CursorNotFound', 43, 'CursorNotFound', no('not_found')),
    replyCase('27 IndexNotFound', 27, 'IndexNotFound', no('not_found')),
    replyCase('68 IndexAlreadyExists', 68, 'IndexAlreadyExists', no('conflict')),
    replyCase('85 IndexOptionsConflict', 85, 'IndexOptionsConflict', no('conflict')),
    replyCase('59 CommandNotFound', 59, 'CommandNotFound', no('validation')),
    replyCase('14 TypeMismatch', 14, 'TypeMismatch', no('validation')),
    replyCase('73 InvalidNamespace', 73, 'InvalidNamespace', no('validation')),
    replyCase(
      '10334 BSONObjectTooLarge on an insert',
      10334,
      'BSONObjectTooLarge',
      no('validation'),
      [],
      onInsert,
    ),
    replyCase('17280 KeyTooLong on an insert', 17280, 'KeyTooLong', no('validation'), [], onInsert),
    replyCase(
      '13297 DatabaseDifferCase',
      13297,
      'DatabaseDifferCase',
      no('conflict'),
      [],
      onInsert,
    ),
    replyCase(
      '261 TooManyLogicalSessions',
      261,
      'TooManyLogicalSessions',
      again('unavailable', 'operation'),
    ),
    replyCase(
      '14031 OutOfDiskSpace on an insert',
      14031,
      'OutOfDiskSpace',
      again('unavailable', 'operation'),
      [],
      onInsert,
    ),
    {
      label: '8000 AtlasError: over the space quota',
      build: onInsert({
        ok: 0,
        code: 8000,
        codeName: 'AtlasError',
        errmsg: 'you are over your space quota, using 513 MB of 512 MB',
      }),
      careful: no('quota'),
    },
    {
      label: '8000 AtlasError: an action the role lacks',
      build: onFind({
        ok: 0,
        code: 8000,
        codeName: 'AtlasError',
        errmsg: 'user is not allowed to do action [find] on [app.c]',
      }),
      careful: no('permission'),
    },
    {
      label: 'MongoWriteConcernError 100 UnsatisfiableWriteConcern on an insert',
      build: onInsert(
        {
          ok: 1,
          n: 1,
          writeConcernError: {
            code: 100,
            codeName: 'UnsatisfiableWriteConcern',
            errmsg: 'Not enough data-bearing nodes',
          },
        },
        'MongoWriteConcernError',
      ),
      careful: no('validation'),
    },
    {
      // The driver labels a commit whose write concern timed out: commitTransaction is safe to
      // call again.
      label: 'commitTransaction with WriteConcernTimeout (UnknownTransactionCommitResult)',
      build: async () => {
        replyWith = (command) =>
          'commitTransaction' in command
            ? {
                ok: 1,
                writeConcernError: {
                  code: 64,
                  codeName: 'WriteConcernTimeout',
                  errmsg: 'waiting for replication timed out',
                },
              }
            : { ok: 1, n: 1 };
        const session = db.startSession();
        session.startTransaction();
        await db.db('app').collection('c').insertOne({ a: 1 }, { session });
        const error = await rejected(session.commitTransaction());
        await session.endSession().catch(() => undefined);
        return saying(error, 'name', 'MongoWriteConcernError');
      },
      careful: again('timeout', 'commit'),
    },
    {
      label:
        'MongoBulkWriteError from insertMany whose write error is 121 DocumentValidationFailure',
      build: onInsertMany({
        ok: 1,
        n: 0,
        writeErrors: [{ index: 0, code: 121, errmsg: 'Document failed validation' }],
      }),
      careful: no('validation'),
    },
    {
      label: 'MongoClientBulkWriteError of an ordered write error 11000 (client.bulkWrite)',
      build: onClientBulkWrite({
        ok: 1,
        cursor: {
          id: BSON.Long.fromNumber(0),
          firstBatch: [{ ok: 0, idx: 0, code: 11000, errmsg: 'E11000 duplicate key error' }],
          ns: 'admin.$cmd.bulkWrite',
        },
        nErrors: 1,
        nInserted: 0,
        nMatched: 0,
        nModified: 0,
        nUpserted: 0,
        nDeleted: 0,
      }),
      careful: no('conflict'),
    },
    {
      label: 'MongoClientBulkWriteError wrapping 91 ShutdownInProgress (RetryableWriteError)',
      build: onClientBulkWrite(refusal(91, 'ShutdownInProgress', ['RetryableWriteError'])),
      careful: again('unavailable', 'operation'),
    },
    {
      label: 'MongoExpiredSessionError (a session used after endSession)',
      build: async () => {
        replyWith = () => ({ ok: 1, cursor: { id: 0, firstBatch: [], ns: 'app.c' } });
        const session = db.startSession();
        await session.endSession();
        const error = await rejected(db.db('app').collection('c').findOne({}, { session }));
        return saying(error, 'name', 'MongoExpiredSessionError');
      },
      careful: no('protocol'),
    },
    {
      label: 'MongoServerSelectionError (a peer that never answers the hello)',
      build: async () =>
        saying(
          await rejected(client(await silentUrl(), { serverSelectionTimeoutMS: 100 }).connect()),
          'name',
          'MongoServerSelectionError',
        ),
      careful: again('unavailable', 'operation'),
    },
    {
      label: 'MongoTopologyClosedError (close() while a connect waits)',
      build: async () => {
        const c = client(await silentUrl(), { serverSelectionTimeoutMS: 5_000 });
        const connecting = rejected(c.connect());
        await sleep(20);
        await c.close();
        return saying(await connecting, 'name', 'MongoTopologyClosedError');
      },
      careful: no('protocol'),
    },
    {
      label: 'MongoMissingCredentialsError (PLAIN with no username)',
      build: async () =>
        saying(
          await rejected(async () => client('mongodb://127.0.0.1/?authMechanism=PLAIN')),
          'name',
          'MongoMissingCredentialsError',
        ),
      careful: no('auth'),
    },
  ]);

  /** What `insertMany` rejects with when the server answers `reply`. */
  function onInsertMany(reply: Document) {
    return async (): Promise<unknown> => {
      replyWith = () => reply;
      const error = await rejected(
        db
          .db('app')
          .collection('c')
          .insertMany([{ a: 1 }, { a: 2 }]),
      );
      return saying(error, 'name', 'MongoBulkWriteError');
    };
  }
  /** What `client.bulkWrite` rejects with when the server answers `reply`. */
  function onClientBulkWrite(reply: Document) {
    return async (): Promise<unknown> => {
      replyWith = () => reply;
      const error = await rejected(
        db.bulkWrite([{ name: 'insertOne', namespace: 'app.c', document: { a: 1 } }]),
      );
      return saying(error, 'name', 'MongoClientBulkWriteError');
    };
  }
});

describe('fresh Prisma errors, set 5 (the documented error reference)', () => {
  const known =
    (code: string, message: string, meta?: Record<string, unknown>) => (): Promise<unknown> =>
      Promise.resolve(
        new PrismaClientKnownRequestError(message, { code, clientVersion: '6.19.0', meta }),
      );
  readTwice('prisma-5', [
    {
      label: 'P1000 authentication failed (initialization)',
      build: () =>
        Promise.resolve(
          new PrismaClientInitializationError(
            'Authentication failed against database server at `127.0.0.1`',
            '6.19.0',
            'P1000',
          ),
        ),
      careful: no('auth'),
    },
    {
      label: "P1001 can't reach database server (initialization)",
      build: () =>
        Promise.resolve(
          new PrismaClientInitializationError(
            "Can't reach database server at `127.0.0.1:5432`",
            '6.19.0',
            'P1001',
          ),
        ),
      careful: wait('unavailable'),
    },
    {
      label: 'P1003 database does not exist',
      build: known('P1003', 'Database `app` does not exist on the database server'),
      careful: no('not_found'),
    },
    {
      label: 'P1008 operations timed out',
      build: known('P1008', 'Operations timed out after `10s`'),
      careful: wait('timeout'),
    },
    {
      label: 'P1017 server has closed the connection',
      build: known('P1017', 'Server has closed the connection.'),
      careful: wait('unavailable'),
    },
    {
      label: 'P2002 unique constraint failed',
      build: known('P2002', 'Unique constraint failed on the fields: (`email`)', {
        modelName: 'User',
        target: ['email'],
      }),
      careful: no('conflict'),
    },
    {
      label: 'P2024 timed out fetching a connection from the pool',
      build: known(
        'P2024',
        'Timed out fetching a new connection from the connection pool. (Current connection pool timeout: 10, connection limit: 5)',
      ),
      careful: wait('timeout'),
    },
    {
      label: 'P2028 transaction API error (an expired interactive transaction)',
      build: known(
        'P2028',
        'Transaction API error: Transaction already closed: A commit cannot be executed on an expired transaction.',
      ),
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'P2034 write conflict or deadlock',
      build: known(
        'P2034',
        'Transaction failed due to a write conflict or a deadlock. Please retry your transaction',
      ),
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'P2037 too many database connections',
      build: known(
        'P2037',
        'Too many database connections opened: sorry, too many clients already',
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'P2010 a raw query PostgreSQL failed with 40001',
      build: known(
        'P2010',
        'Raw query failed. Code: `40001`. Message: `could not serialize access`',
        {
          code: '40001',
          message: 'could not serialize access due to concurrent update',
        },
      ),
      careful: again('conflict', 'transaction'),
    },
    {
      // MySQL's raw query failure carries the server's error number as text.
      label: 'P2010 a raw query MySQL failed with 1213 (deadlock)',
      build: known('P2010', 'Raw query failed. Code: `1213`. Message: `Deadlock found`', {
        code: '1213',
        message: 'Deadlock found when trying to get lock; try restarting transaction',
      }),
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'P2010 a raw query MySQL failed with 1146 (no such table)',
      build: known(
        'P2010',
        "Raw query failed. Code: `1146`. Message: `Table 'app.x' doesn't exist`",
        {
          code: '1146',
          message: "Table 'app.x' doesn't exist",
        },
      ),
      careful: no('not_found'),
    },
    {
      label: 'P5008 usage exceeded, retry again later (Data Proxy)',
      build: known('P5008', 'Usage exceeded, retry again later'),
      careful: wait('rate_limit'),
    },
    {
      label: 'P5009 request timed out (Data Proxy)',
      build: known('P5009', 'Request timed out'),
      careful: wait('timeout'),
    },
    {
      label: 'P5007 unauthorized, check your connection string (Data Proxy)',
      build: known('P5007', 'Unauthorized, check your connection string'),
      careful: no('auth'),
    },
    {
      label: 'P5011 request parameters are invalid (Data Proxy)',
      build: known('P5011', 'Request parameters are invalid'),
      careful: no('validation'),
    },
    {
      label: 'P5013 engine not started: healthcheck timeout (Data Proxy)',
      build: known('P5013', 'Engine not started: healthcheck timeout'),
      careful: wait('unavailable'),
    },
    {
      label: 'P6004 Accelerate QueryTimeout',
      build: known('P6004', 'The query took longer than the global timeout'),
      careful: wait('timeout'),
    },
    {
      label: 'P6009 Accelerate ResponseSizeLimitExceeded',
      build: known('P6009', 'The response size exceeded the limit of 5 MB'),
      careful: no('validation'),
    },
  ]);
});

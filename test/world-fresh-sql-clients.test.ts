// Fresh database errors, eighth set: database clients and ORMs no other test here reads —
// postgres.js (`PostgresError`, its own connection codes) against a real PostgreSQL, the MariaDB
// Connector/Node (`SqlError`, its own 45xxx client codes) against a real MariaDB, Kysely over
// `pg` and `mysql2` (driver errors passed through; its own `NoResultError`), Mongoose 9 (its
// `mongoose.Error.*` classes, and MongoDB server replies through it, from a wire peer on
// 127.0.0.1 that answers as a server) and neo4j-driver 6 (a closed port, a silent or closing peer
// on 127.0.0.1, and server FAILURE payloads turned into `Neo4jError`s by the driver's own
// `newError` with the arguments its Bolt response handler passes). Each SQL case checks that the
// database said what the case claims (the SQLSTATE, the errno).
//
// Sources of the careful readings: PostgreSQL 15 documentation, Appendix A "PostgreSQL Error
// Codes"; MariaDB Knowledge Base, "MariaDB Error Codes" and the connector's
// `lib/misc/errors.js`; postgres.js README "Errors" (`CONNECTION_CLOSED`, `CONNECT_TIMEOUT`, …);
// Kysely API docs (`NoResultError`); Mongoose 9 API "MongooseError" (`mongoose.Error.*`) and
// MongoDB's `error_codes.yml`; Neo4j Status Codes reference (`Neo.TransientError.*` is retryable,
// ClientError is not; the driver's `retryable`). A retryable database error re-runs the whole
// transaction (`scope: 'transaction'`).
// Run with FRESH_SCORE=1 to print the score.
import type { Socket } from 'node:net';
import { Kysely, MysqlDialect, PostgresDialect, sql as ksql } from 'kysely';
import type { Generated, PostgresPool } from 'kysely';
import * as mariadb from 'mariadb';
import mongoose from 'mongoose';
import type { Connection as MongooseConnection, Model } from 'mongoose';
import { Long } from 'mongodb';
import type { Document } from 'mongodb';
import mysql2 from 'mysql2';
import neo4j from 'neo4j-driver';
import { newError } from 'neo4j-driver-core';
import pg from 'pg';
import type { PoolConfig } from 'pg';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import {
  again,
  closedPort,
  no,
  rawServer,
  saying,
  silentServer,
} from './helpers/database-cases.js';
import { freshCases, rejected, wait } from './helpers/fresh-cases.js';
import type { Careful, FreshCase } from './helpers/fresh-cases.js';
import { startMongoWirePeer } from './helpers/mongo-wire.js';
import type { MongoWirePeer } from './helpers/mongo-wire.js';
import {
  connectMariadbRoot,
  DB_PASSWORD,
  skipMariadbTests,
  skipPostgresTests,
  startMariadb,
  startPostgres,
} from './helpers/sql-servers.js';
import type { SqlServer } from './helpers/sql-servers.js';
import type { Connection as Mysql2Connection } from 'mysql2/promise';

/** A case whose error must say `member` = `expected` (its SQLSTATE, errno or driver code). */
function saidCase(
  label: string,
  build: () => Promise<unknown>,
  member: string,
  expected: unknown,
  careful: Careful,
  miss?: string,
): FreshCase {
  return {
    label,
    build: async () => saying(await build(), member, expected),
    careful,
    ...(miss === undefined ? {} : { miss }),
  };
}

/** `error`, after checking that its class is named `name`. */
function named(error: unknown, name: string): unknown {
  const said = (error as { name?: unknown } | undefined)?.name;
  if (said !== name) throw new Error(`expected a ${name}, got ${String(said)}: ${String(error)}`);
  return error;
}

/** A peer on 127.0.0.1 that closes every connection as soon as it opens. */
async function closingPeer(): Promise<{ port: number; close: () => void }> {
  const { port, server } = await rawServer((socket: Socket) => socket.destroy());
  return { port, close: () => server.close() };
}

/** What `connect(port)` rejects with against `peer`, closed afterwards. */
async function againstPeer(
  peer: Promise<{ port: number; close: () => void }>,
  connect: (port: number) => Promise<unknown>,
): Promise<unknown> {
  const p = await peer;
  try {
    return await rejected(connect(p.port));
  } finally {
    p.close();
  }
}

/**
 * Two transactions that take two rows crosswise: both firsts, then both seconds race; the server
 * fails one of them, whose error is returned.
 */
async function deadlock(
  run: (mine: number, theirs: number, both: Promise<void>, ready: () => void) => Promise<unknown>,
): Promise<unknown> {
  let count = 0;
  let settle!: () => void;
  const both = new Promise<void>((resolve) => (settle = resolve));
  const ready = () => {
    count += 1;
    if (count === 2) settle();
  };
  const settled = await Promise.allSettled([run(1, 2, both, ready), run(2, 1, both, ready)]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (!failed) throw new Error('expected one transaction of two to fail');
  return failed.reason;
}

/** Run and forget each of `closers` (a client's `end`, an ORM's `destroy`). */
async function endAll(closers: (() => Promise<unknown>)[]): Promise<void> {
  await Promise.allSettled(closers.splice(0).map((close) => close()));
}

describe.skipIf(skipPostgresTests())(
  'fresh PostgreSQL errors through postgres.js and Kysely',
  () => {
    let server: SqlServer | undefined;
    const ends: (() => Promise<unknown>)[] = [];
    let admin: postgres.Sql;
    const port = (): number => {
      if (!server) throw new Error('postgres did not start (see beforeAll)');
      return server.port;
    };
    /** A postgres.js client, ended at the end of the file. */
    const pgjs = (options: postgres.Options<Record<string, never>> = {}): postgres.Sql => {
      const s = postgres({
        host: '127.0.0.1',
        port: port(),
        user: 'postgres',
        password: DB_PASSWORD,
        database: 'postgres',
        max: 2,
        onnotice: () => {},
        ...options,
      });
      ends.push(() => s.end({ timeout: 0 }));
      return s;
    };
    /** The error `text` fails with through a fresh postgres.js client. */
    const failing =
      (text: string, options: postgres.Options<Record<string, never>> = {}) =>
      () =>
        rejected(pgjs(options).unsafe(text));
    /**
     * The backend pid of the query whose text holds `marker`, once the server runs it (a bounded
     * poll of pg_stat_activity through the admin client: each round is one query, no sleep).
     */
    const runningQuery = async (marker: string): Promise<number> => {
      for (let round = 0; round < 500; round += 1) {
        const rows = await admin<{ pid: number }[]>`
          SELECT pid FROM pg_stat_activity
          WHERE state = 'active' AND query LIKE ${'%' + marker + '%'} AND pid <> pg_backend_pid()`;
        if (rows[0]) return rows[0].pid;
      }
      throw new Error(`no running query holds ${marker}`);
    };
    /** A Kysely over a pg pool, destroyed at the end of the file. */
    const kyselyPg = (config: PoolConfig = {}) => {
      const pool = new pg.Pool({
        host: '127.0.0.1',
        port: port(),
        user: 'postgres',
        password: DB_PASSWORD,
        database: 'postgres',
        max: 2,
        ...config,
      });
      pool.on('error', () => {});
      const db = new Kysely<{ k_t: { id: Generated<number>; v: number } }>({
        // test/pg.d.ts declares only the parts of pg the tests call.
        dialect: new PostgresDialect({ pool: pool as unknown as PostgresPool }),
      });
      ends.push(() => db.destroy());
      return db;
    };
    beforeAll(async () => {
      server = await startPostgres(24);
      admin = pgjs({ max: 4 });
      ends.pop();
      await admin.unsafe(`
      CREATE TABLE s_t (id int PRIMARY KEY, v int NOT NULL DEFAULT 0 CHECK (v >= 0),
        name varchar(6), at date);
      INSERT INTO s_t (id, v, name) VALUES (1, 0, 'a'), (2, 0, 'b'), (3, 0, 'c'), (4, 0, 'd');
      CREATE TABLE s_child (id int PRIMARY KEY, t_id int REFERENCES s_t (id));
      INSERT INTO s_child VALUES (1, 1);
      CREATE TABLE s_slot (id int, during int4range, EXCLUDE USING gist (during WITH &&));
      INSERT INTO s_slot VALUES (1, '[1,10)');
      CREATE TABLE k_t (id int PRIMARY KEY, v int NOT NULL DEFAULT 0);
      INSERT INTO k_t VALUES (1, 0), (2, 0), (3, 0);
      CREATE ROLE s_reader;
      GRANT SELECT ON s_t TO s_reader;
      CREATE ROLE s_nologin PASSWORD '${DB_PASSWORD}';
      CREATE ROLE s_capped LOGIN PASSWORD '${DB_PASSWORD}' CONNECTION LIMIT 0;
      CREATE FUNCTION s_noreturn() RETURNS int AS $$ BEGIN END $$ LANGUAGE plpgsql;`);
    }, 30_000);
    // Each case's clients end with it: their pools would hold the server's connections.
    afterEach(() => endAll(ends));
    afterAll(async () => {
      await admin?.end({ timeout: 0 });
      await server?.dispose();
    });

    freshCases('postgres.js', [
      saidCase(
        '23505 INSERT of an existing key',
        failing('INSERT INTO s_t (id) VALUES (1)'),
        'code',
        '23505',
        no('conflict'),
      ),
      saidCase(
        '23503 a child naming no parent',
        failing('INSERT INTO s_child VALUES (5, 99)'),
        'code',
        '23503',
        no('conflict'),
      ),
      saidCase(
        '23503 DELETE of a referenced row',
        failing('DELETE FROM s_t WHERE id = 1'),
        'code',
        '23503',
        no('conflict'),
      ),
      saidCase(
        '23502 NULL into NOT NULL',
        failing('INSERT INTO s_t (id, v) VALUES (9, NULL)'),
        'code',
        '23502',
        no('validation'),
      ),
      saidCase(
        '23514 a CHECK refused',
        failing('UPDATE s_t SET v = -1 WHERE id = 2'),
        'code',
        '23514',
        no('validation'),
      ),
      saidCase(
        '23P01 an overlapping range',
        failing("INSERT INTO s_slot VALUES (2, '[5,15)')"),
        'code',
        '23P01',
        no('conflict'),
      ),
      saidCase(
        '42P01 an unknown table',
        failing('SELECT * FROM s_nowhere'),
        'code',
        '42P01',
        no('not_found'),
      ),
      saidCase(
        '42703 an unknown column',
        failing('SELECT nope FROM s_t'),
        'code',
        '42703',
        no('not_found'),
      ),
      saidCase('42601 a syntax error', failing('SELEC 1'), 'code', '42601', no('validation')),
      saidCase(
        '42883 an unknown function',
        failing('SELECT s_nofn(1)'),
        'code',
        '42883',
        no('not_found'),
      ),
      saidCase(
        '42P07 CREATE TABLE of an existing table',
        failing('CREATE TABLE s_t (id int)'),
        'code',
        '42P07',
        no('conflict'),
      ),
      saidCase(
        '3F000 CREATE TABLE in an unknown schema',
        failing('CREATE TABLE s_nowhere.t (id int)'),
        'code',
        '3F000',
        no('not_found'),
      ),
      saidCase(
        '42702 an ambiguous column',
        failing('SELECT id FROM s_t a, s_t b'),
        'code',
        '42702',
        no('validation'),
      ),
      saidCase(
        '42804 WHERE of a text',
        failing("SELECT 1 WHERE 'a'::text"),
        'code',
        '42804',
        no('validation'),
      ),
      saidCase(
        '42846 a cast that cannot be',
        failing('SELECT 1::point'),
        'code',
        '42846',
        no('validation'),
      ),
      saidCase(
        '42P10 ON CONFLICT with no matching index',
        failing('INSERT INTO s_t (id) VALUES (1) ON CONFLICT (v) DO NOTHING'),
        'code',
        '42P10',
        no('validation'),
      ),
      saidCase(
        '42P16 two primary keys',
        failing('CREATE TABLE s_two (a int PRIMARY KEY, b int PRIMARY KEY)'),
        'code',
        '42P16',
        no('validation'),
      ),
      saidCase(
        '42939 a reserved role name',
        failing('CREATE ROLE pg_s_mine'),
        'code',
        '42939',
        no('validation'),
      ),
      saidCase(
        '22012 division by zero',
        failing('SELECT 1 / 0'),
        'code',
        '22012',
        no('validation'),
      ),
      saidCase(
        '22001 a value longer than varchar(6)',
        failing("UPDATE s_t SET name = 'far too long' WHERE id = 1"),
        'code',
        '22001',
        no('validation'),
      ),
      saidCase(
        '22003 an integer out of range',
        failing('SELECT 2147483647::int + 1'),
        'code',
        '22003',
        no('validation'),
      ),
      saidCase(
        '22008 a date out of range',
        failing("SELECT '2024-13-45'::date"),
        'code',
        '22008',
        no('validation'),
      ),
      saidCase(
        '22007 a timestamp that is no timestamp',
        failing("SELECT 'soon'::timestamp"),
        'code',
        '22007',
        no('validation'),
      ),
      saidCase('2201E ln(0)', failing('SELECT ln(0)'), 'code', '2201E', no('validation')),
      saidCase(
        '2201F sqrt of a negative number',
        failing('SELECT sqrt(-1)'),
        'code',
        '2201F',
        no('validation'),
      ),
      saidCase(
        '22011 a negative substring length',
        failing("SELECT substr('abc', 1, -1)"),
        'code',
        '22011',
        no('validation'),
      ),
      saidCase(
        '22023 a setting given a bad value',
        failing("SELECT set_config('work_mem', 'lots', false)"),
        'code',
        '22023',
        no('validation'),
      ),
      saidCase(
        '22021 bytes that are no UTF-8',
        failing("SELECT convert_from('\\xff'::bytea, 'UTF8')"),
        'code',
        '22021',
        no('validation'),
      ),
      saidCase(
        '21000 a scalar subquery of many rows',
        failing('SELECT (SELECT id FROM s_t)'),
        'code',
        '21000',
        no('validation'),
      ),
      saidCase(
        '0A000 FOR UPDATE with DISTINCT',
        failing('SELECT DISTINCT id FROM s_t FOR UPDATE'),
        'code',
        '0A000',
        no('validation'),
      ),
      saidCase(
        '54023 more than 100 arguments',
        failing(`SELECT concat(${Array.from({ length: 101 }, (_, i) => i).join(',')})`),
        'code',
        '54023',
        no('validation'),
      ),
      saidCase(
        '2BP01 DROP TABLE that a foreign key depends on',
        failing('DROP TABLE s_t'),
        'code',
        '2BP01',
        no('conflict'),
      ),
      saidCase(
        '25P01 SAVEPOINT outside a transaction',
        failing('SAVEPOINT s1'),
        'code',
        '25P01',
        no('validation'),
      ),
      // PL/pgSQL's own: the function as written cannot return; the same call fails the same way.
      saidCase(
        '2F005 a function that reaches its end without RETURN',
        failing('SELECT s_noreturn()'),
        'code',
        '2F005',
        no('internal'),
      ),
      saidCase(
        'P0001 RAISE EXCEPTION in a DO block',
        failing("DO $$ BEGIN RAISE EXCEPTION 'refused'; END $$"),
        'code',
        'P0001',
        no('internal'),
      ),
      saidCase(
        '42501 UPDATE as a role granted SELECT only',
        () =>
          rejected(
            pgjs().begin(async (tx) => {
              await tx.unsafe('SET LOCAL ROLE s_reader');
              await tx.unsafe('UPDATE s_t SET v = 1 WHERE id = 1');
            }),
          ),
        'code',
        '42501',
        no('permission'),
      ),
      // A write the transaction itself refused: on a standby after failover a new connection
      // reaches the primary (the project's reading of 25006).
      saidCase(
        "25006 INSERT in sql.begin('read only')",
        () =>
          rejected(
            pgjs().begin('read only', (tx) => tx.unsafe('INSERT INTO s_t (id) VALUES (70)')),
          ),
        'code',
        '25006',
        again('unavailable', 'transaction'),
      ),
      saidCase(
        '25001 CREATE DATABASE inside sql.begin',
        () => rejected(pgjs().begin((tx) => tx.unsafe('CREATE DATABASE s_inner'))),
        'code',
        '25001',
        no('validation'),
      ),
      saidCase(
        '22P02 a tagged-template parameter that is no integer',
        () => rejected(async () => pgjs()`SELECT * FROM s_t WHERE id = ${'one'}`),
        'code',
        '22P02',
        no('validation'),
      ),
      saidCase(
        '40001 two SERIALIZABLE transactions that read and write crosswise',
        async () => {
          const s = pgjs({ max: 4 });
          return deadlock((mine, theirs, both, ready) =>
            s.begin('isolation level serializable', async (tx) => {
              await tx`SELECT sum(v) FROM s_t WHERE id = ${theirs}`;
              ready();
              await both;
              await tx`UPDATE s_t SET v = v + 1 WHERE id = ${mine}`;
            }),
          );
        },
        'code',
        '40001',
        again('conflict', 'transaction'),
      ),
      saidCase(
        '40P01 two sql.begin()s deadlock',
        async () => {
          const s = pgjs({ max: 4 });
          return deadlock((mine, theirs, both, ready) =>
            s.begin(async (tx) => {
              await tx`UPDATE s_t SET v = v + 1 WHERE id = ${mine}`;
              ready();
              await both;
              await tx`UPDATE s_t SET v = v + 1 WHERE id = ${theirs}`;
            }),
          );
        },
        'code',
        '40P01',
        again('conflict', 'transaction'),
      ),
      saidCase(
        '55P03 lock_timeout while another transaction holds the row',
        async () => {
          const s = pgjs({ max: 4 });
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          let locked!: () => void;
          const isLocked = new Promise<void>((resolve) => (locked = resolve));
          const holder = s.begin(async (tx) => {
            await tx`SELECT * FROM s_t WHERE id = 3 FOR UPDATE`;
            locked();
            await held;
          });
          await isLocked;
          const error = await rejected(
            s.begin(async (tx) => {
              await tx`SET LOCAL lock_timeout = '20ms'`;
              await tx`UPDATE s_t SET v = 5 WHERE id = 3`;
            }),
          );
          release();
          await holder;
          return error;
        },
        'code',
        '55P03',
        again('timeout', 'transaction'),
      ),
      saidCase(
        '57014 statement_timeout set in the connection options',
        failing('SELECT pg_sleep(2)', { connection: { statement_timeout: 20 } }),
        'code',
        '57014',
        again('timeout', 'transaction'),
      ),
      saidCase(
        '57014 query.cancel() of a running query',
        async () => {
          const s = pgjs({ max: 1 });
          const q = s`SELECT pg_sleep(2) AS s_cancelled`;
          const error = rejected(q);
          await runningQuery('s_cancelled');
          await q.cancel();
          return error;
        },
        'code',
        '57014',
        no('cancelled'),
      ),
      saidCase(
        "57014 postgres.js's own: query.cancel() before the query was sent",
        async () => {
          // Queued while the client is still connecting.
          const q = pgjs({ max: 1 })`SELECT 1`;
          const error = rejected(q);
          q.cancel();
          return error;
        },
        'code',
        '57014',
        no('cancelled'),
      ),
      saidCase(
        // The server sends 57P01 and closes; postgres.js reports the closed connection.
        'CONNECTION_CLOSED: pg_terminate_backend of the connection under a query',
        async () => {
          const s = pgjs({ max: 1 });
          const error = rejected(s`SELECT pg_sleep(2) AS s_terminated`);
          const pid = await runningQuery('s_terminated');
          await admin`SELECT pg_terminate_backend(${pid})`;
          return error;
        },
        'code',
        'CONNECTION_CLOSED',
        wait('unavailable'),
      ),
      saidCase(
        '53200 more advisory locks than the lock table holds',
        failing('SELECT count(pg_advisory_xact_lock(i)) FROM generate_series(1, 200000) i'),
        'code',
        '53200',
        again('unavailable', 'transaction'),
      ),
      saidCase(
        '28P01 a wrong password',
        failing('SELECT 1', { password: 'wrong' }),
        'code',
        '28P01',
        no('auth'),
      ),
      saidCase(
        '28000 a role without LOGIN',
        failing('SELECT 1', { user: 's_nologin' }),
        'code',
        '28000',
        no('auth'),
      ),
      saidCase(
        '3D000 an unknown database',
        failing('SELECT 1', { database: 's_nowhere' }),
        'code',
        '3D000',
        no('not_found'),
      ),
      saidCase(
        '53300 a role whose CONNECTION LIMIT is 0',
        failing('SELECT 1', { user: 's_capped' }),
        'code',
        '53300',
        again('unavailable', 'transaction'),
      ),
      // postgres.js's own errors (src/errors.js: `connection`, `generic`).
      saidCase(
        'ECONNREFUSED on a closed port',
        async () => rejected(pgjs({ port: await closedPort() }).unsafe('SELECT 1')),
        'code',
        'ECONNREFUSED',
        wait('unavailable'),
      ),
      saidCase(
        'CONNECT_TIMEOUT: a peer that never answers the startup',
        () =>
          againstPeer(silentServer(), (p) =>
            pgjs({ port: p, connect_timeout: 0.05 }).unsafe('SELECT 1'),
          ),
        'code',
        'CONNECT_TIMEOUT',
        wait('timeout'),
      ),
      saidCase(
        'CONNECTION_ENDED: a query after sql.end()',
        async () => {
          const s = pgjs();
          await s.end();
          return rejected(s.unsafe('SELECT 1'));
        },
        'code',
        'CONNECTION_ENDED',
        no('protocol'),
      ),
      saidCase(
        'CONNECTION_DESTROYED: sql.end({ timeout: 0 }) under a running query',
        async () => {
          const s = pgjs({ max: 1 });
          const error = rejected(s`SELECT pg_sleep(2) AS s_destroyed`);
          await runningQuery('s_destroyed');
          await s.end({ timeout: 0 });
          return error;
        },
        'code',
        'CONNECTION_DESTROYED',
        no('cancelled'),
      ),
      saidCase(
        'UNDEFINED_VALUE: a parameter that is undefined',
        async () => rejected(async () => pgjs()`SELECT ${undefined as unknown as number}`),
        'code',
        'UNDEFINED_VALUE',
        no('validation'),
      ),
      saidCase(
        'MAX_PARAMETERS_EXCEEDED: 65535 parameters',
        async () => {
          const values = Array.from({ length: 65_535 }, (_, i) => i);
          return rejected(async () =>
            pgjs().unsafe(`SELECT ${values.map((_, i) => `$${i + 1}`).join(',')}`, values),
          );
        },
        'code',
        'MAX_PARAMETERS_EXCEEDED',
        no('validation'),
      ),
      saidCase(
        'UNSAFE_TRANSACTION: BEGIN through a pool of two',
        () => rejected(async () => pgjs({ max: 2 }).unsafe('BEGIN')),
        'code',
        'UNSAFE_TRANSACTION',
        no('validation'),
      ),
    ]);

    freshCases('kysely-pg', [
      {
        label: 'NoResultError: executeTakeFirstOrThrow of no row',
        build: () =>
          rejected(
            kyselyPg()
              .selectFrom('k_t')
              .selectAll()
              .where('id', '=', 404)
              .executeTakeFirstOrThrow(),
          ),
        careful: no('not_found'),
      },
      saidCase(
        '23505 insertInto of an existing key',
        () => rejected(kyselyPg().insertInto('k_t').values({ id: 1, v: 0 }).execute()),
        'code',
        '23505',
        no('conflict'),
      ),
      saidCase(
        '42P01 a raw query of an unknown table',
        () => rejected(ksql`SELECT * FROM k_nowhere`.execute(kyselyPg())),
        'code',
        '42P01',
        no('not_found'),
      ),
      saidCase(
        '22P02 a where given a word for an integer',
        () =>
          rejected(
            kyselyPg()
              .selectFrom('k_t')
              .selectAll()
              .where('id', '=', 'one' as unknown as number)
              .execute(),
          ),
        'code',
        '22P02',
        no('validation'),
      ),
      saidCase(
        '40P01 two db.transaction()s deadlock',
        async () => {
          const db = kyselyPg({ max: 4 });
          return deadlock((mine, theirs, both, ready) =>
            db.transaction().execute(async (trx) => {
              await trx
                .updateTable('k_t')
                .set((eb) => ({ v: eb('v', '+', 1) }))
                .where('id', '=', mine)
                .execute();
              ready();
              await both;
              await trx
                .updateTable('k_t')
                .set((eb) => ({ v: eb('v', '+', 1) }))
                .where('id', '=', theirs)
                .execute();
            }),
          );
        },
        'code',
        '40P01',
        again('conflict', 'transaction'),
      ),
      saidCase(
        "40001 setIsolationLevel('serializable') transactions write what the other read",
        async () => {
          const db = kyselyPg({ max: 4 });
          return deadlock((mine, theirs, both, ready) =>
            db
              .transaction()
              .setIsolationLevel('serializable')
              .execute(async (trx) => {
                await trx.selectFrom('k_t').selectAll().where('id', '=', theirs).execute();
                ready();
                await both;
                await trx.updateTable('k_t').set({ v: 7 }).where('id', '=', mine).execute();
              }),
          );
        },
        'code',
        '40001',
        again('conflict', 'transaction'),
      ),
      saidCase(
        '57014 a pool whose statement_timeout is 20 ms',
        () => rejected(ksql`SELECT pg_sleep(2)`.execute(kyselyPg({ statement_timeout: 20 }))),
        'code',
        '57014',
        again('timeout', 'transaction'),
      ),
      saidCase(
        '28P01 a wrong password',
        () => rejected(ksql`SELECT 1`.execute(kyselyPg({ password: 'wrong' }))),
        'code',
        '28P01',
        no('auth'),
      ),
      saidCase(
        'ECONNREFUSED on a closed port',
        async () => rejected(ksql`SELECT 1`.execute(kyselyPg({ port: await closedPort() }))),
        'code',
        'ECONNREFUSED',
        wait('unavailable'),
      ),
      {
        label: 'pg-pool timeout: a pool of one held by a transaction',
        build: async () => {
          const db = kyselyPg({ max: 1, connectionTimeoutMillis: 200 });
          const trx = await db.startTransaction().execute();
          try {
            return await rejected(db.selectFrom('k_t').selectAll().execute());
          } finally {
            await trx.rollback().execute();
          }
        },
        careful: wait('timeout'),
      },
      {
        label: 'a query on a controlled transaction already committed',
        build: async () => {
          const trx = await kyselyPg().startTransaction().execute();
          await trx.commit().execute();
          return rejected(async () => trx.selectFrom('k_t').selectAll().execute());
        },
        careful: no('protocol'),
      },
    ]);
  },
);

describe.skipIf(skipMariadbTests())(
  'fresh MariaDB errors through the MariaDB connector and Kysely',
  () => {
    let server: SqlServer | undefined;
    const rootConnections: Mysql2Connection[] = [];
    const ends: (() => Promise<unknown>)[] = [];
    let root: Mysql2Connection;
    const account = { user: 's8', password: DB_PASSWORD, database: 's8' };
    const port = (): number => {
      if (!server) throw new Error('mariadbd did not start (see beforeAll)');
      return server.port;
    };
    /** A MariaDB connector connection, ended at the end of the file. */
    const connect = async (options: mariadb.ConnectionConfig = {}): Promise<mariadb.Connection> => {
      const c = await mariadb.createConnection({
        host: '127.0.0.1',
        port: port(),
        ...account,
        ...options,
      });
      c.on('error', () => {});
      ends.push(() => c.destroy() as unknown as Promise<void>);
      return c;
    };
    /** What `text` fails with on a fresh connection. */
    const failing = (text: string, values?: unknown[]) => async () => {
      const c = await connect();
      return rejected(c.query(text, values));
    };
    /** What connecting with `options` fails with. */
    const refused = (options: mariadb.ConnectionConfig) => () => rejected(connect(options));
    /** A Kysely over a mysql2 pool, destroyed at the end of the file. */
    const kyselyMysql = (options: mysql2.PoolOptions = {}) => {
      const db = new Kysely<{ t: { id: number; v: number } }>({
        dialect: new MysqlDialect({
          pool: mysql2.createPool({
            host: '127.0.0.1',
            port: port(),
            ...account,
            connectionLimit: 3,
            ...options,
          }),
        }),
      });
      ends.push(() => db.destroy());
      return db;
    };
    beforeAll(async () => {
      server = await startMariadb(40);
      root = await connectMariadbRoot(server, rootConnections);
      await root.query(`
      CREATE DATABASE s8;
      CREATE TABLE s8.t (id int PRIMARY KEY, v int NOT NULL DEFAULT 0, name varchar(6),
        size enum('s', 'm', 'l'), at date, CONSTRAINT positive CHECK (v >= 0)) ENGINE=InnoDB;
      CREATE TABLE s8.child (id int PRIMARY KEY, t_id int,
        FOREIGN KEY (t_id) REFERENCES s8.t (id)) ENGINE=InnoDB;
      INSERT INTO s8.t (id, v, name) VALUES (1, 0, 'a'), (2, 0, 'b'), (3, 0, 'c'), (4, 0, 'd'),
        (5, 0, 'e'), (6, 0, 'f');
      INSERT INTO s8.child VALUES (1, 1);
      CREATE USER 's8'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      GRANT ALL ON s8.* TO 's8'@'%';
      CREATE USER 's8ro'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      GRANT SELECT ON s8.t TO 's8ro'@'%';
      CREATE USER 's8one'@'%' IDENTIFIED BY '${DB_PASSWORD}' WITH MAX_USER_CONNECTIONS 1;
      GRANT ALL ON s8.* TO 's8one'@'%';
      CREATE USER 's8hourly'@'%' IDENTIFIED BY '${DB_PASSWORD}' WITH MAX_QUERIES_PER_HOUR 1;
      GRANT ALL ON s8.* TO 's8hourly'@'%';`);
    }, 30_000);
    afterEach(() => endAll(ends));
    afterAll(async () => {
      await Promise.allSettled(rootConnections.map((c) => c.end()));
      await server?.dispose();
    });

    /** Two transactions of the connector that update rows `a`, `b` crosswise. */
    const crosswise = (a: number, b: number) =>
      deadlock(async (mine, theirs, both, ready) => {
        const c = await connect();
        await c.beginTransaction();
        try {
          await c.query('UPDATE t SET v = v + 1 WHERE id = ?', [mine === 1 ? a : b]);
          ready();
          await both;
          await c.query('UPDATE t SET v = v + 1 WHERE id = ?', [theirs === 1 ? a : b]);
        } finally {
          await c.rollback().catch(() => {});
        }
      });

    freshCases('mariadb-connector', [
      saidCase(
        '1062 INSERT of an existing key',
        failing('INSERT INTO t (id) VALUES (1)'),
        'errno',
        1062,
        no('conflict'),
      ),
      saidCase(
        '1452 a child naming no parent',
        failing('INSERT INTO child VALUES (5, 99)'),
        'errno',
        1452,
        no('conflict'),
      ),
      saidCase(
        '1451 DELETE of a referenced row',
        failing('DELETE FROM t WHERE id = 1'),
        'errno',
        1451,
        no('conflict'),
      ),
      saidCase(
        '1048 NULL into NOT NULL',
        failing('INSERT INTO t (id, v) VALUES (9, NULL)'),
        'errno',
        1048,
        no('validation'),
      ),
      saidCase(
        '4025 a CHECK refused',
        failing('UPDATE t SET v = -1 WHERE id = 2'),
        'errno',
        4025,
        no('validation'),
      ),
      saidCase(
        '1146 an unknown table',
        failing('SELECT * FROM nowhere'),
        'errno',
        1146,
        no('not_found'),
      ),
      saidCase(
        '1054 an unknown column',
        failing('SELECT nope FROM t'),
        'errno',
        1054,
        no('not_found'),
      ),
      saidCase('1064 a syntax error', failing('SELEC 1'), 'errno', 1064, no('validation')),
      saidCase(
        '1365 division by zero in an INSERT (strict mode)',
        failing('INSERT INTO t (id, v) VALUES (20, 1 / 0)'),
        'errno',
        1365,
        no('validation'),
      ),
      saidCase(
        '1406 a value longer than varchar(6)',
        failing("UPDATE t SET name = 'far too long' WHERE id = 1"),
        'errno',
        1406,
        no('validation'),
      ),
      saidCase(
        '1264 an integer out of range',
        failing('UPDATE t SET v = 99999999999 WHERE id = 1'),
        'errno',
        1264,
        no('validation'),
      ),
      saidCase(
        '1366 a word for an integer',
        failing("UPDATE t SET v = 'many' WHERE id = 1"),
        'errno',
        1366,
        no('validation'),
      ),
      saidCase(
        '1265 a value outside an enum (01000)',
        failing("UPDATE t SET size = 'xl' WHERE id = 1"),
        'errno',
        1265,
        no('validation'),
      ),
      saidCase(
        '1292 a date that is no date',
        failing("UPDATE t SET at = '2024-13-45' WHERE id = 1"),
        'errno',
        1292,
        no('validation'),
      ),
      saidCase(
        '1136 a column count that does not match',
        failing('INSERT INTO t (id, v) VALUES (1)'),
        'errno',
        1136,
        no('validation'),
      ),
      saidCase(
        '1242 a scalar subquery of many rows',
        failing('SELECT (SELECT id FROM t)'),
        'errno',
        1242,
        no('validation'),
      ),
      saidCase(
        '1222 a UNION of different column counts',
        failing('SELECT 1 UNION SELECT 1, 2'),
        'errno',
        1222,
        no('validation'),
      ),
      saidCase(
        '1305 an unknown function',
        failing('SELECT s8.nofn(1)'),
        'errno',
        1305,
        no('not_found'),
      ),
      saidCase(
        '1050 CREATE TABLE of an existing table',
        failing('CREATE TABLE t (id int)'),
        'errno',
        1050,
        no('conflict'),
      ),
      saidCase(
        '1060 ADD COLUMN of an existing column',
        failing('ALTER TABLE t ADD COLUMN v int'),
        'errno',
        1060,
        no('conflict'),
      ),
      saidCase(
        '1091 DROP COLUMN of a column not there',
        failing('ALTER TABLE t DROP COLUMN nope'),
        'errno',
        1091,
        no('not_found'),
      ),
      saidCase(
        '1051 DROP TABLE of a table not there',
        failing('DROP TABLE nowhere'),
        'errno',
        1051,
        no('not_found'),
      ),
      saidCase(
        '1111 an aggregate in WHERE',
        failing('SELECT id FROM t WHERE count(*) > 1'),
        'errno',
        1111,
        no('validation'),
      ),
      saidCase(
        '1213 two transactions deadlock',
        () => crosswise(3, 4),
        'errno',
        1213,
        again('conflict', 'transaction'),
      ),
      saidCase(
        '1969 a query past its timeout option (max_statement_time)',
        async () => {
          const c = await connect();
          return rejected(c.query({ sql: 'SELECT SLEEP(2)', timeout: 20 }));
        },
        'errno',
        1969,
        again('timeout', 'transaction'),
      ),
      saidCase(
        '1317 KILL QUERY from another connection',
        async () => {
          const c = await connect();
          const error = rejected(c.query('SELECT SLEEP(2)'));
          await root.query(`KILL QUERY ${c.threadId}`);
          return error;
        },
        'errno',
        1317,
        no('cancelled'),
      ),
      saidCase(
        // MariaDB sends 1927 and closes: the connector reports the closed socket.
        'KILL CONNECTION under a query (the connector reports 45009)',
        async () => {
          const c = await connect();
          const error = rejected(c.query('SELECT SLEEP(2)'));
          await root.query(`KILL CONNECTION ${c.threadId}`);
          return error;
        },
        'errno',
        45009,
        wait('unavailable'),
      ),
      saidCase(
        '1792 a write in START TRANSACTION READ ONLY',
        async () => {
          const c = await connect();
          await c.query('START TRANSACTION READ ONLY');
          return rejected(c.query('UPDATE t SET v = 1 WHERE id = 5'));
        },
        'errno',
        1792,
        again('unavailable', 'transaction'),
      ),
      saidCase('1045 a wrong password', refused({ password: 'wrong' }), 'errno', 1045, no('auth')),
      saidCase(
        '1044 a database the account has no grant on',
        refused({ user: 's8ro', database: 'mysql' }),
        'errno',
        1044,
        no('permission'),
      ),
      saidCase(
        '1142 UPDATE by an account granted SELECT only',
        async () => {
          const c = await connect({ user: 's8ro' });
          return rejected(c.query('UPDATE t SET v = 1 WHERE id = 1'));
        },
        'errno',
        1142,
        no('permission'),
      ),
      saidCase(
        '1227 SET GLOBAL without the privilege',
        failing('SET GLOBAL max_connections = 41'),
        'errno',
        1227,
        no('permission'),
      ),
      saidCase(
        '1049 an unknown database',
        refused({ user: 'root', password: '', database: 'nowhere' }),
        'errno',
        1049,
        no('not_found'),
      ),
      saidCase(
        '1226 max_user_connections: an account capped at one',
        async () => {
          await connect({ user: 's8one' });
          return rejected(connect({ user: 's8one' }));
        },
        'errno',
        1226,
        again('unavailable', 'transaction'),
      ),
      // An hourly account limit resets with the hour: a quota, not worth a retry now.
      saidCase(
        '1226 max_queries_per_hour: an account allowed one query an hour',
        async () => {
          const c = await connect({ user: 's8hourly' });
          await c.query('SELECT 1').catch(() => {});
          return rejected(c.query('SELECT 2'));
        },
        'errno',
        1226,
        no('quota'),
      ),
      // The connector's own errors (lib/misc/errors.js, 45001–45065).
      saidCase(
        'ER_GET_CONNECTION_TIMEOUT: a pool of one held',
        async () => {
          const pool = mariadb.createPool({
            host: '127.0.0.1',
            port: port(),
            ...account,
            connectionLimit: 1,
            acquireTimeout: 50,
          });
          ends.push(() => pool.end());
          const held = await pool.getConnection();
          try {
            return await rejected(pool.query('SELECT 1'));
          } finally {
            await held.release();
          }
        },
        'code',
        'ER_GET_CONNECTION_TIMEOUT',
        wait('timeout'),
      ),
      saidCase(
        'ER_POOL_ALREADY_CLOSED: a query after pool.end()',
        async () => {
          const pool = mariadb.createPool({
            host: '127.0.0.1',
            port: port(),
            ...account,
            connectionLimit: 1,
          });
          await pool.end();
          return rejected(pool.query('SELECT 1'));
        },
        'code',
        'ER_POOL_ALREADY_CLOSED',
        no('protocol'),
      ),
      saidCase(
        'ER_CONNECTION_TIMEOUT: a peer that never greets',
        () => againstPeer(silentServer(), (p) => connect({ port: p, connectTimeout: 50 })),
        'code',
        'ER_CONNECTION_TIMEOUT',
        wait('timeout'),
      ),
      saidCase(
        'a closed port',
        async () => rejected(connect({ port: await closedPort() })),
        'code',
        'ECONNREFUSED',
        wait('unavailable'),
      ),
      saidCase(
        'ER_SOCKET_UNEXPECTED_CLOSE: a peer that closes the connection',
        () => againstPeer(closingPeer(), (p) => connect({ port: p })),
        'code',
        'ER_SOCKET_UNEXPECTED_CLOSE',
        wait('unavailable'),
      ),
      saidCase(
        'ER_SOCKET_TIMEOUT: socketTimeout under a long query',
        async () => {
          const c = await connect({ socketTimeout: 50 });
          return rejected(c.query('SELECT SLEEP(2)'));
        },
        'code',
        'ER_SOCKET_TIMEOUT',
        wait('timeout'),
      ),
      saidCase(
        'ER_CMD_CONNECTION_CLOSED: a query after conn.end()',
        async () => {
          const c = await connect();
          await c.end();
          return rejected(c.query('SELECT 1'));
        },
        'code',
        'ER_CMD_CONNECTION_CLOSED',
        no('protocol'),
      ),
      saidCase(
        'ER_CMD_NOT_EXECUTED_DESTROYED: conn.destroy() under a queued query',
        async () => {
          const c = await connect();
          const first = c.query('SELECT SLEEP(1)').catch(() => {});
          const error = rejected(c.query('SELECT 1'));
          c.destroy();
          await first;
          return error;
        },
        'code',
        'ER_CMD_NOT_EXECUTED_DESTROYED',
        no('cancelled'),
      ),
      saidCase(
        'ER_PLACEHOLDER_UNDEFINED: a named placeholder given no value',
        async () => {
          const c = await connect({ namedPlaceholders: true });
          return rejected(c.query('SELECT :a', { b: 1 }));
        },
        'code',
        'ER_PLACEHOLDER_UNDEFINED',
        no('validation'),
      ),
      saidCase(
        'ER_MISSING_PARAMETER: fewer values than placeholders',
        failing('SELECT ?, ?', [1]),
        'code',
        'ER_MISSING_PARAMETER',
        no('validation'),
      ),
      saidCase(
        'ER_UNDEFINED_SQL: query() given no SQL',
        async () => {
          const c = await connect();
          return rejected(c.query(undefined as unknown as string));
        },
        'code',
        'ER_UNDEFINED_SQL',
        no('validation'),
      ),
    ]);

    freshCases('kysely-mysql2', [
      {
        label: 'NoResultError: executeTakeFirstOrThrow of no row',
        build: () =>
          rejected(
            kyselyMysql()
              .selectFrom('t')
              .selectAll()
              .where('id', '=', 404)
              .executeTakeFirstOrThrow(),
          ),
        careful: no('not_found'),
      },
      saidCase(
        '1062 insertInto of an existing key',
        () => rejected(kyselyMysql().insertInto('t').values({ id: 2, v: 0 }).execute()),
        'errno',
        1062,
        no('conflict'),
      ),
      saidCase(
        '4025 updateTable that a CHECK refuses',
        () => rejected(kyselyMysql().updateTable('t').set({ v: -5 }).where('id', '=', 2).execute()),
        'errno',
        4025,
        no('validation'),
      ),
      saidCase(
        '1146 a raw query of an unknown table',
        () => rejected(ksql`SELECT * FROM nowhere`.execute(kyselyMysql())),
        'errno',
        1146,
        no('not_found'),
      ),
      saidCase(
        '1213 two db.transaction()s deadlock',
        async () => {
          const db = kyselyMysql();
          return deadlock((mine, theirs, both, ready) =>
            db.transaction().execute(async (trx) => {
              await trx
                .updateTable('t')
                .set({ v: 3 })
                .where('id', '=', mine + 4)
                .execute();
              ready();
              await both;
              await trx
                .updateTable('t')
                .set({ v: 3 })
                .where('id', '=', theirs + 4)
                .execute();
            }),
          );
        },
        'errno',
        1213,
        again('conflict', 'transaction'),
      ),
      saidCase(
        '1045 a wrong password',
        () => rejected(ksql`SELECT 1`.execute(kyselyMysql({ password: 'wrong' }))),
        'errno',
        1045,
        no('auth'),
      ),
      saidCase(
        'ECONNREFUSED on a closed port',
        async () => rejected(ksql`SELECT 1`.execute(kyselyMysql({ port: await closedPort() }))),
        'code',
        'ECONNREFUSED',
        wait('unavailable'),
      ),
    ]);
  },
);

/** A Mongo server reply with `code`, `codeName` and `errorLabels`. */
const serverError = (code: number, codeName: string, errorLabels: string[] = []): Document => ({
  ok: 0,
  code,
  codeName,
  errmsg: `${codeName} from the server`,
  errorLabels,
});

describe('fresh Mongoose errors', () => {
  let peer: MongoWirePeer | undefined;
  let conn: MongooseConnection;
  /** What the peer answers the next command with (the handshake aside). */
  let next: (command: Document) => Document | undefined = () => ({ ok: 1 });
  const m = new mongoose.Mongoose();
  const schema = new m.Schema(
    {
      name: { type: String, required: true, maxlength: 8, match: /^[a-z]+$/ },
      age: { type: Number, min: 0, max: 150 },
      size: { type: String, enum: ['s', 'm', 'l'] },
      even: { type: Number, validate: { validator: (v: number) => v % 2 === 0 } },
      tags: [String],
    },
    { strict: 'throw' },
  );
  let People: Model<Record<string, unknown>>;
  beforeAll(async () => {
    peer = await startMongoWirePeer((command) =>
      'endSessions' in command ? { ok: 1 } : next(command),
    );
    conn = m.createConnection(peer.url, {
      serverSelectionTimeoutMS: 1_000,
      autoIndex: false,
      autoCreate: false,
    });
    await conn.asPromise();
    People = conn.model('Person', schema) as unknown as Model<Record<string, unknown>>;
  });
  afterAll(async () => {
    await conn?.close(true).catch(() => {});
    peer?.close();
  });
  /** What `op` rejects with while the peer answers every command with `reply`. */
  const replying = (reply: Document, op: () => Promise<unknown>) => async () => {
    next = () => reply;
    try {
      return await rejected(op);
    } finally {
      next = () => ({ ok: 1 });
    }
  };
  const found = (doc: Document) => ({
    cursor: { firstBatch: [doc], id: Long.fromInt(0), ns: 'test.people' },
    ok: 1,
  });
  const id = new m.Types.ObjectId();

  freshCases('mongoose', [
    {
      label: 'ValidationError: a required path missing',
      build: () => rejected(new People({ age: 3 }).validate()),
      careful: no('validation'),
    },
    {
      label: 'ValidationError: a number below min',
      build: () => rejected(new People({ name: 'ab', age: -1 }).validate()),
      careful: no('validation'),
    },
    {
      label: 'ValidationError: a value outside enum',
      build: () => rejected(new People({ name: 'ab', size: 'xl' }).validate()),
      careful: no('validation'),
    },
    {
      label: 'ValidationError: a string past maxlength and match',
      build: () => rejected(new People({ name: 'NOT-lower-case' }).validate()),
      careful: no('validation'),
    },
    {
      label: 'ValidationError: a custom validator',
      build: () => rejected(new People({ name: 'ab', even: 3 }).validate()),
      careful: no('validation'),
    },
    {
      label: 'ValidatorError: one path of a ValidationError',
      build: async () => {
        const error = (await rejected(new People({ age: 3 }).validate())) as {
          errors: Record<string, unknown>;
        };
        return named(error.errors.name, 'ValidatorError');
      },
      careful: no('validation'),
    },
    {
      label: 'ValidationError from validateSync (returned, not thrown)',
      build: () => Promise.resolve(new People({ age: 'old' }).validateSync()),
      careful: no('validation'),
    },
    {
      label: 'ValidationError: Model.create rejected before any command',
      build: () => rejected(People.create({ name: 'ab', age: 400 })),
      careful: no('validation'),
    },
    {
      label: 'ValidationError: updateOne with runValidators',
      build: () => rejected(People.updateOne({}, { age: -3 }, { runValidators: true })),
      careful: no('validation'),
    },
    {
      label: 'CastError: findById of a string that is no ObjectId',
      build: () => rejected(People.findById('not-an-id')),
      careful: no('validation'),
    },
    {
      label: 'CastError: a filter giving a word for a number',
      build: () => rejected(People.find({ age: 'old' })),
      careful: no('validation'),
    },
    {
      label: 'StrictModeError: a path the strict schema does not have',
      build: async () => rejected(async () => new People({ name: 'ab', nope: 1 })),
      careful: no('validation'),
    },
    {
      label: 'StrictPopulateError: populate of a path not in the schema',
      build: async () =>
        named(
          await replying(found({ _id: id, name: 'ab' }), () => People.find().populate('friends'))(),
          'StrictPopulateError',
        ),
      careful: no('validation'),
    },
    {
      label: 'ObjectParameterError: find() given a string for its filter',
      build: async () =>
        named(
          await rejected(async () => People.find('name' as unknown as Record<string, unknown>)),
          'ObjectParameterError',
        ),
      careful: no('validation'),
    },
    // The code asked for a model it never defined, or defined one twice: a bug, not input.
    {
      label: 'MissingSchemaError: conn.model of an unknown name',
      build: async () => rejected(async () => conn.model('Nobody')),
      careful: no('internal'),
    },
    {
      label: 'OverwriteModelError: a model defined twice',
      build: async () =>
        rejected(
          async () =>
            m.model('Twice', new m.Schema({ a: String })) &&
            m.model('Twice', new m.Schema({ b: String })),
        ),
      careful: no('internal'),
    },
    {
      label: 'ParallelSaveError: save() twice at once',
      build: async () => {
        next = () => ({ n: 1, ok: 1 });
        const doc = new People({ name: 'ab' });
        const first = doc.save().catch(() => {});
        const error = await rejected(doc.save());
        await first;
        return error;
      },
      careful: no('conflict'),
    },
    {
      label: 'ParallelValidateError: validate() twice at once',
      build: async () => {
        const doc = new People({ name: 'ab' });
        const first = doc.validate().catch(() => {});
        const error = await rejected(doc.validate());
        await first;
        return error;
      },
      careful: no('conflict'),
    },
    {
      label: 'DocumentNotFoundError: findOne().orFail() of no document',
      build: replying(
        { cursor: { firstBatch: [], id: Long.fromInt(0), ns: 'test.people' }, ok: 1 },
        () => People.findOne({ name: 'zz' }).orFail(),
      ),
      careful: no('not_found'),
    },
    {
      label: 'DocumentNotFoundError: save() of a document deleted meanwhile',
      build: async () => {
        next = () => found({ _id: id, name: 'ab', tags: ['x'], __v: 0 });
        const doc = await People.findById(id);
        if (!doc) throw new Error('the peer found no document');
        doc.set('age', 7);
        return replying({ n: 0, nModified: 0, ok: 1 }, () => doc.save())();
      },
      careful: no('not_found'),
    },
    {
      // Another writer changed the array since this document was read: read it again, change it
      // again (as Sequelize's OptimisticLockError).
      label: 'VersionError: save() of a stale array',
      build: async () => {
        next = () => found({ _id: id, name: 'ab', tags: ['x', 'y'], __v: 0 });
        const doc = await People.findById(id);
        if (!doc) throw new Error('the peer found no document');
        (doc.get('tags') as mongoose.Types.Array<string>).pull('x');
        return replying({ n: 0, nModified: 0, ok: 1 }, () => doc.save())();
      },
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'DivergentArrayError: save() of an array loaded with $elemMatch',
      build: async () => {
        next = () => found({ _id: id, tags: ['x'] });
        const doc = await People.findOne({ _id: id }, { tags: { $elemMatch: { $eq: 'x' } } });
        if (!doc) throw new Error('the peer found no document');
        (doc.get('tags') as string[]).push('z');
        return rejected(doc.save());
      },
      careful: no('validation'),
    },
    {
      label: 'MongooseServerSelectionError: a closed port',
      build: async () => {
        const c = m.createConnection(`mongodb://127.0.0.1:${await closedPort()}/x`, {
          serverSelectionTimeoutMS: 50,
        });
        const error = await rejected(c.asPromise());
        await c.close().catch(() => {});
        return named(error, 'MongooseServerSelectionError');
      },
      careful: wait('unavailable'),
    },
    {
      label: 'MongooseError: an operation buffered past bufferTimeoutMS with no connection',
      build: async () => {
        const lone = new mongoose.Mongoose();
        const Lone = lone.model('Lone', new lone.Schema({ a: String }, { bufferTimeoutMS: 20 }));
        return rejected(Lone.find().exec());
      },
      careful: wait('timeout'),
    },
    {
      label: 'MongoServerError 11000 through Model.create',
      build: replying(
        {
          n: 0,
          writeErrors: [{ index: 0, code: 11000, errmsg: 'E11000 duplicate key error' }],
          ok: 1,
        },
        () => People.create({ name: 'ab' }),
      ),
      careful: no('conflict'),
    },
    {
      label: 'MongoBulkWriteError 11000 through insertMany',
      build: replying(
        {
          n: 1,
          writeErrors: [{ index: 1, code: 11000, errmsg: 'E11000 duplicate key error' }],
          ok: 1,
        },
        () => People.insertMany([{ name: 'ab' }, { name: 'cd' }]),
      ),
      careful: no('conflict'),
    },
    {
      label: 'MongoServerError 121 DocumentValidationFailure through updateOne',
      build: replying(serverError(121, 'DocumentValidationFailure'), () =>
        People.updateOne({ name: 'ab' }, { age: 4 }),
      ),
      careful: no('validation'),
    },
    {
      label: 'MongoServerError 112 WriteConflict, TransientTransactionError, through updateMany',
      build: replying(serverError(112, 'WriteConflict', ['TransientTransactionError']), () =>
        People.updateMany({}, { age: 4 }),
      ),
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'MongoServerError 50 MaxTimeMSExpired through find().maxTimeMS()',
      build: replying(serverError(50, 'MaxTimeMSExpired'), () => People.find().maxTimeMS(5)),
      careful: wait('timeout'),
    },
    {
      label: 'MongoServerError 13 Unauthorized through countDocuments',
      build: replying(serverError(13, 'Unauthorized'), () => People.countDocuments()),
      careful: no('permission'),
    },
    {
      label: 'MongoServerError 26 NamespaceNotFound through collection.rename',
      build: replying(serverError(26, 'NamespaceNotFound'), () =>
        People.collection.rename('others'),
      ),
      careful: no('not_found'),
    },
    {
      label: 'MongoServerError 2 BadValue through aggregate',
      build: replying(serverError(2, 'BadValue'), () => People.aggregate([{ $match: {} }]).exec()),
      careful: no('validation'),
    },
    {
      label: 'MongoServerError 10107 NotWritablePrimary, RetryableWriteError, through deleteOne',
      build: replying(serverError(10107, 'NotWritablePrimary', ['RetryableWriteError']), () =>
        People.deleteOne({ name: 'ab' }),
      ),
      careful: wait('unavailable'),
    },
  ]);
});

describe('fresh Neo4j errors', () => {
  const drivers: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.allSettled(drivers.map((d) => d.close())));
  /** What a session's run rejects with, a driver on `port` with `config`. */
  const runOn = (port: number, config: Record<string, unknown> = {}) => {
    const driver = neo4j.driver(`bolt://127.0.0.1:${port}`, neo4j.auth.basic('neo4j', 'x'), {
      maxConnectionPoolSize: 1,
      connectionAcquisitionTimeout: 2_000,
      maxTransactionRetryTime: 0,
      logging: { level: 'error', logger: () => {} },
      ...config,
    });
    drivers.push(driver);
    const session = driver.session();
    return session.run('RETURN 1').finally(() => session.close().catch(() => {}));
  };
  /**
   * A server FAILURE turned into the driver's error as its Bolt response handler does
   * (`newError(payload.message, code, cause, payload.gql_status, payload.description)`).
   */
  const failure = (code: string, gqlStatus: string, message: string) => () =>
    Promise.resolve(newError(message, code, undefined, gqlStatus, `error: ${message}`));
  const server = (code: string, gql: string, careful: Careful, miss?: string): FreshCase => ({
    label: code,
    build: failure(code, gql, `${code.split('.').pop() ?? code} from the server`),
    careful,
    ...(miss === undefined ? {} : { miss }),
  });

  freshCases('neo4j', [
    saidCase(
      'ServiceUnavailable: a closed port',
      async () => rejected(runOn(await closedPort())),
      'code',
      'ServiceUnavailable',
      wait('unavailable'),
    ),
    saidCase(
      'connection acquisition timeout: a peer that never answers the handshake',
      () => againstPeer(silentServer(), (p) => runOn(p, { connectionAcquisitionTimeout: 100 })),
      'code',
      'N/A',
      wait('timeout'),
    ),
    saidCase(
      'ServiceUnavailable: a peer that closes the connection',
      () => againstPeer(closingPeer(), (p) => runOn(p)),
      'code',
      'ServiceUnavailable',
      wait('unavailable'),
    ),
    {
      label: 'a peer that answers the Bolt handshake in HTTP',
      build: async () => {
        const { port, server: http } = await rawServer((socket) =>
          socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'),
        );
        try {
          return await rejected(runOn(port));
        } finally {
          http.close();
        }
      },
      careful: no('protocol'),
    },
    server(
      'Neo.TransientError.Transaction.DeadlockDetected',
      '50N05',
      again('conflict', 'transaction'),
    ),
    server('Neo.TransientError.Transaction.Outdated', '50N00', again('conflict', 'transaction')),
    server(
      'Neo.TransientError.Transaction.ConstraintsChanged',
      '50N00',
      again('conflict', 'transaction'),
    ),
    server(
      'Neo.TransientError.Transaction.LockAcquisitionTimeout',
      '50N11',
      again('timeout', 'transaction'),
    ),
    server(
      'Neo.TransientError.Transaction.BookmarkTimeout',
      '08N13',
      again('timeout', 'transaction'),
    ),
    server(
      'Neo.TransientError.General.DatabaseUnavailable',
      '08N00',
      again('unavailable', 'transaction'),
    ),
    server(
      'Neo.TransientError.Transaction.MaximumTransactionLimitReached',
      '50N00',
      again('unavailable', 'transaction'),
    ),
    server(
      'Neo.TransientError.General.MemoryPoolOutOfMemoryError',
      '51N00',
      again('unavailable', 'transaction'),
    ),
    server('Neo.ClientError.Security.Unauthorized', '42NFF', no('auth')),
    server('Neo.ClientError.Security.TokenExpired', '42NFF', no('auth')),
    server('Neo.ClientError.Security.Forbidden', '42NFF', no('permission')),
    // The driver retries it: a fresh token, then the same work again.
    server('Neo.ClientError.Security.AuthorizationExpired', '42NFF', {
      category: 'auth',
      retryable: true,
    }),
    server('Neo.ClientError.Statement.SyntaxError', '42I06', no('validation')),
    server('Neo.ClientError.Statement.SemanticError', '42N00', no('validation')),
    server('Neo.ClientError.Statement.ParameterMissing', '42N51', no('validation')),
    server('Neo.ClientError.Statement.TypeError', '22N01', no('validation')),
    server('Neo.ClientError.Statement.ArithmeticError', '22003', no('validation')),
    server('Neo.ClientError.Statement.EntityNotFound', '42N00', no('not_found')),
    server('Neo.ClientError.Schema.ConstraintValidationFailed', '22N41', no('conflict')),
    server('Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists', '22N71', no('conflict')),
    server('Neo.ClientError.Database.DatabaseNotFound', '22000', no('not_found')),
    // A ClientError: the transaction ran past the timeout it was given; the same work times out
    // again unless the caller changes it.
    server(
      'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
      '25N05',
      no('timeout'),
    ),
    // Standardised by the driver from the TransientError of Neo4j 4 (`_standardizeCode`).
    server('Neo.ClientError.Transaction.Terminated', '25N05', no('cancelled')),
    server('Neo.DatabaseError.General.UnknownError', '50N42', no('internal')),
    server('Neo.DatabaseError.Statement.ExecutionFailed', '50N42', no('internal')),
    {
      // The routing driver's reading of a write refused by a follower (NotALeader).
      label: 'SessionExpired: a write sent to a server that is no longer the leader',
      build: () =>
        Promise.resolve(
          newError(
            'No longer possible to write to server at 127.0.0.1:7687',
            neo4j.error.SESSION_EXPIRED,
          ),
        ),
      careful: wait('unavailable'),
    },
  ]);
});

// Fresh database errors, sixth set: the database errors a tool's code really meets, wrapped by
// the ORM or query builder it talks through — Sequelize 6 (its `DatabaseError` family, the
// driver's error on `.parent` / `.original`; its `ConnectionError` family; its own
// `ValidationError`, `EmptyResultError`, `OptimisticLockError`), knex 3 (the driver's own error,
// its SQL put before the message; `KnexTimeoutError`) and drizzle-orm (`DrizzleQueryError`, the
// driver's error on `.cause`) — over `pg` against a real PostgreSQL and `mysql2` against a real
// MariaDB on 127.0.0.1 (free ports), and server conditions from PostgreSQL's Appendix A and
// MariaDB's error reference that no other test here raises. Each case checks that the database
// said what the case claims (the SQLSTATE, the errno) on the driver error the wrapper carries.
// MongoDB has no Debian package: its cases are server replies with codes of `error_codes.yml`
// no other test here builds, turned into errors by the driver's own class.
// Run with FRESH_SCORE=1 to print the score.
import { sql } from 'drizzle-orm';
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import knex from 'knex';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import type { Connection } from 'mysql2/promise';
import pg from 'pg';
import type { Client, PoolConfig } from 'pg';
import { DataTypes, Sequelize } from 'sequelize';
import type { Options, Transaction } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { again, closedPort, mongoReply, no, silentServer } from './helpers/database-cases.js';
import { freshCases, rejected, wait } from './helpers/fresh-cases.js';
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

/**
 * The driver's error a wrapper carries — Sequelize's `.parent`, drizzle's `.cause`, knex's error
 * itself — after checking that the database named it `member` = `expected`, so that a case
 * cannot drift into testing something else; the wrapper is what the case reads.
 */
function sayingWithin(error: unknown, member: string, expected: unknown): unknown {
  let driver = error as Record<string, unknown> | undefined;
  for (let depth = 0; driver && driver[member] === undefined && depth < 3; depth += 1)
    driver = (driver.parent ?? driver.cause) as Record<string, unknown> | undefined;
  const said = driver?.[member];
  if (said !== expected)
    throw new Error(
      `expected ${member} ${String(expected)}, got ${String(said)}: ${String(error)}`,
    );
  return error;
}

/**
 * What `run` rejects with while a transaction `begin` opened holds a pool's only connection. The
 * begin is tried up to five times: a pool with a short acquire timeout may time out while it
 * opens its first connection on a busy machine, which it then keeps for the next try.
 */
async function failureWhileHeld(
  begin: () => Promise<{ rollback(): Promise<unknown> }>,
  run: () => Promise<unknown>,
): Promise<unknown> {
  let held: { rollback(): Promise<unknown> } | undefined;
  for (let attempt = 1; held === undefined; attempt += 1) {
    try {
      held = await begin();
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
  try {
    return await rejected(run());
  } finally {
    await held.rollback();
  }
}

/** What `connect` rejects with against a peer on 127.0.0.1 that accepts and never answers. */
async function silentPeerFailure(connect: (port: number) => Promise<unknown>): Promise<unknown> {
  const silent = await silentServer();
  try {
    return await rejected(connect(silent.port));
  } finally {
    silent.close();
  }
}

/** `error`, after checking that its class is named `name`. */
function named(error: unknown, name: string): unknown {
  const said = (error as { name?: unknown } | undefined)?.name;
  if (said !== name) throw new Error(`expected a ${name}, got ${String(said)}: ${String(error)}`);
  return error;
}

/**
 * Two transactions that take two rows crosswise: each `first` runs, then both `second`s race;
 * the server breaks the deadlock by failing one of them, whose error is returned. `end` rolls
 * both back.
 */
async function crosswise(
  first: [() => Promise<unknown>, () => Promise<unknown>],
  second: [() => Promise<unknown>, () => Promise<unknown>],
  end: () => Promise<unknown>,
): Promise<unknown> {
  await first[0]();
  await first[1]();
  const settled = await Promise.allSettled([second[0](), second[1]()]);
  await end();
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (!failed) throw new Error('expected one transaction of two to fail');
  return failed.reason;
}

/** knex's logger, silent: it warns of every failed acquire the cases provoke. */
const quietKnex = { warn() {}, error() {}, deprecate() {}, debug() {} };

/** Run and forget each of `closers` (an ORM's `close`, `destroy`, a pool's `end`). */
async function endAll(closers: (() => Promise<unknown>)[]): Promise<void> {
  await Promise.allSettled(closers.splice(0).map((close) => close()));
}

/** Two `sequelize.transaction()`s of `s` that update rows 1 and 2 of `table` crosswise. */
async function sequelizeDeadlock(s: Sequelize, table: string): Promise<unknown> {
  const [a, b] = [await s.transaction(), await s.transaction()];
  const update = (id: number, transaction: Transaction) => () =>
    s.query(`UPDATE ${table} SET v = v + 1 WHERE id = ${id}`, { transaction });
  return crosswise([update(1, a), update(2, b)], [update(2, a), update(1, b)], () =>
    Promise.allSettled([a.rollback(), b.rollback()]),
  );
}

describe.skipIf(skipPostgresTests())('fresh PostgreSQL errors through ORMs, set 6', () => {
  let server: SqlServer | undefined;
  const clients: Client[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  let db: Client;
  const port = (): number => {
    if (!server) throw new Error('postgres did not start (see beforeAll)');
    return server.port;
  };
  /** A Sequelize instance over pg, closed at the end. */
  const sequelize = (extra: Options = {}): Sequelize => {
    const s = new Sequelize({
      dialect: 'postgres',
      host: '127.0.0.1',
      port: port(),
      username: 'postgres',
      password: DB_PASSWORD,
      database: 'postgres',
      logging: false,
      ...extra,
    });
    closers.push(() => s.close());
    return s;
  };
  /** A knex instance over pg, destroyed at the end. */
  const knexPg = (connection: Record<string, unknown> = {}, extra: Knex.Config = {}): Knex => {
    const k = knex({
      client: 'pg',
      connection: { ...pgConfig(server), ...connection },
      pool: { min: 0, max: 2 },
      log: quietKnex,
      ...extra,
    });
    closers.push(() => k.destroy());
    return k;
  };
  /** drizzle over a pg pool, ended at the end. */
  const drizzle = (config: PoolConfig = {}) => {
    const pool = new pg.Pool({ ...pgConfig(server), max: 3, ...config });
    closers.push(() => pool.end());
    return drizzlePg({ client: pool });
  };
  beforeAll(async () => {
    server = await startPostgres(16);
    db = await connectPg(server, clients);
    await db.query(`
      CREATE TABLE f6_t (id int PRIMARY KEY, v int NOT NULL DEFAULT 0 CHECK (v >= 0),
        name varchar(8), version int NOT NULL DEFAULT 0);
      INSERT INTO f6_t (id, v, name) VALUES (1, 0, 'a'), (2, 0, 'b'), (3, 0, 'c'), (4, 0, 'd');
      CREATE TABLE f6_child (id int PRIMARY KEY, t_id int REFERENCES f6_t (id));
      INSERT INTO f6_child VALUES (1, 1);
      CREATE TABLE f6_room (id int, during int4range, EXCLUDE USING gist (during WITH &&));
      INSERT INTO f6_room VALUES (1, '[1,10)');
      CREATE ROLE f6_reader;
      GRANT SELECT ON f6_t TO f6_reader;
      CREATE ROLE f6_none LOGIN PASSWORD '${DB_PASSWORD}' CONNECTION LIMIT 0;`);
  }, 30_000);
  // Each case's ORM instances end with it: their pools would hold the server's connections.
  afterEach(() => endAll(closers));
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
    await server?.dispose();
  });

  /** A Sequelize model of f6_t, with the validation the application declares. */
  const rows = (s: Sequelize) =>
    s.define(
      'f6_t',
      {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        v: DataTypes.INTEGER,
        name: { type: DataTypes.STRING(8), validate: { isAlpha: true } },
        version: DataTypes.INTEGER,
      },
      { tableName: 'f6_t', timestamps: false, version: true },
    );

  freshCases('sequelize-pg', [
    {
      label: 'UniqueConstraintError: Model.create of an existing key (23505)',
      build: async () => {
        const error = await rejected(rows(sequelize()).create({ id: 1, v: 0, name: 'x' }));
        return sayingWithin(named(error, 'SequelizeUniqueConstraintError'), 'code', '23505');
      },
      careful: no('conflict'),
    },
    {
      label: 'ForeignKeyConstraintError: a child row naming no parent (23503)',
      build: async () => {
        const error = await rejected(sequelize().query('INSERT INTO f6_child VALUES (9, 99)'));
        return sayingWithin(named(error, 'SequelizeForeignKeyConstraintError'), 'code', '23503');
      },
      careful: no('conflict'),
    },
    {
      label: 'ExclusionConstraintError: an overlapping range (23P01)',
      build: async () => {
        const error = await rejected(sequelize().query("INSERT INTO f6_room VALUES (2, '[5,15)')"));
        return sayingWithin(named(error, 'SequelizeExclusionConstraintError'), 'code', '23P01');
      },
      careful: no('conflict'),
    },
    {
      label: 'ValidationError: a model validation the value fails (no query sent)',
      build: async () =>
        named(
          await rejected(rows(sequelize()).create({ id: 50, v: 0, name: 'a1' })),
          'SequelizeValidationError',
        ),
      careful: no('validation'),
    },
    {
      label: 'EmptyResultError: findOne with rejectOnEmpty and no row',
      build: async () =>
        named(
          await rejected(rows(sequelize()).findOne({ where: { id: 404 }, rejectOnEmpty: true })),
          'SequelizeEmptyResultError',
        ),
      careful: no('not_found'),
    },
    {
      // Another writer bumped the row's version since this instance read it: read it again and
      // apply the change again.
      label: 'OptimisticLockError: save of a stale versioned instance',
      build: async () => {
        const model = rows(sequelize());
        const stale = await model.findByPk(3);
        const fresh = await model.findByPk(3);
        if (!stale || !fresh) throw new Error('row 3 is missing');
        fresh.set('v', 1);
        await fresh.save();
        stale.set('v', 2);
        return named(await rejected(stale.save()), 'SequelizeOptimisticLockError');
      },
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'DatabaseError 23502: NULL into a NOT NULL column',
      build: async () =>
        sayingWithin(
          await rejected(sequelize().query('INSERT INTO f6_t (id, v) VALUES (60, NULL)')),
          'code',
          '23502',
        ),
      careful: no('validation'),
    },
    {
      label: 'DatabaseError 42P01: a query of an unknown table',
      build: async () =>
        sayingWithin(
          await rejected(sequelize().query('SELECT * FROM f6_nowhere')),
          'code',
          '42P01',
        ),
      careful: no('not_found'),
    },
    {
      label: 'DatabaseError 40P01: two sequelize.transaction()s deadlock',
      build: async () =>
        sayingWithin(await sequelizeDeadlock(sequelize(), 'f6_t'), 'code', '40P01'),
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'DatabaseError 57014: a statement_timeout set in dialectOptions',
      build: async () =>
        sayingWithin(
          await rejected(
            sequelize({ dialectOptions: { statement_timeout: 20 } }).query('SELECT pg_sleep(2)'),
          ),
          'code',
          '57014',
        ),
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'ConnectionError 28P01: a wrong password',
      build: async () =>
        sayingWithin(
          named(
            await rejected(sequelize({ password: 'wrong' }).authenticate()),
            'SequelizeConnectionError',
          ),
          'code',
          '28P01',
        ),
      careful: no('auth'),
    },
    {
      label: 'ConnectionError 53300: a role whose CONNECTION LIMIT is 0',
      build: async () =>
        sayingWithin(
          await rejected(sequelize({ username: 'f6_none' }).authenticate()),
          'code',
          '53300',
        ),
      careful: again('unavailable', 'transaction'),
    },
    {
      label: 'ConnectionError 3D000: an unknown database',
      build: async () =>
        sayingWithin(
          await rejected(sequelize({ database: 'f6_nowhere' }).authenticate()),
          'code',
          '3D000',
        ),
      careful: no('not_found'),
    },
    {
      label: 'ConnectionRefusedError: a closed port',
      build: async () =>
        sayingWithin(
          named(
            await rejected(sequelize({ port: await closedPort() }).authenticate()),
            'SequelizeConnectionRefusedError',
          ),
          'code',
          'ECONNREFUSED',
        ),
      careful: wait('unavailable'),
    },
    {
      label: 'ConnectionAcquireTimeoutError: a pool of one held by a transaction',
      build: async () => {
        const s = sequelize({ pool: { max: 1, acquire: 30 } });
        const error = await failureWhileHeld(
          () => s.transaction(),
          () => s.query('SELECT 1'),
        );
        return named(error, 'SequelizeConnectionAcquireTimeoutError');
      },
      careful: wait('timeout'),
    },
    {
      label: 'UnknownConstraintError 42704: removeConstraint of a constraint that is not there',
      build: async () =>
        sayingWithin(
          named(
            await rejected(sequelize().getQueryInterface().removeConstraint('f6_t', 'f6_nope')),
            'SequelizeUnknownConstraintError',
          ),
          'code',
          '42704',
        ),
      careful: no('not_found'),
    },
    {
      label: 'ConnectionError: a peer that never answers the startup (connectionTimeoutMillis)',
      build: async () =>
        named(
          await silentPeerFailure((silentPort) =>
            sequelize({
              port: silentPort,
              dialectOptions: { connectionTimeoutMillis: 30 },
            }).authenticate(),
          ),
          'SequelizeConnectionError',
        ),
      careful: wait('timeout'),
    },
  ]);

  freshCases('knex-pg', [
    {
      label: 'knex 23505: insert of an existing key (the SQL before the message)',
      build: async () =>
        sayingWithin(await rejected(knexPg()('f6_t').insert({ id: 2, v: 0 })), 'code', '23505'),
      careful: no('conflict'),
    },
    {
      label: 'knex 23514: an update the CHECK refuses',
      build: async () =>
        sayingWithin(
          await rejected(knexPg()('f6_t').where({ id: 2 }).update({ v: -1 })),
          'code',
          '23514',
        ),
      careful: no('validation'),
    },
    {
      label: 'knex 42703: a where on an unknown column',
      build: async () =>
        sayingWithin(await rejected(knexPg()('f6_t').where({ nope: 1 })), 'code', '42703'),
      careful: no('not_found'),
    },
    {
      label: 'knex 40001: a REPEATABLE READ update of a row changed since its snapshot',
      build: async () => {
        const k = knexPg();
        const trx = await k.transaction({ isolationLevel: 'repeatable read' });
        await trx('f6_t').where({ id: 4 }).first();
        await k('f6_t').where({ id: 4 }).increment('v', 1);
        const error = await rejected(trx('f6_t').where({ id: 4 }).increment('v', 1));
        await trx.rollback().catch(() => {});
        return sayingWithin(error, 'code', '40001');
      },
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'knex 25P02: a statement after a failed one in the same transaction',
      build: async () => {
        const trx = await knexPg().transaction();
        await rejected(trx.raw('SELECT 1/0'));
        const error = await rejected(trx.raw('SELECT 1'));
        await trx.rollback().catch(() => {});
        return sayingWithin(error, 'code', '25P02');
      },
      // The client went on talking in a transaction the server had already failed.
      careful: no('protocol'),
    },
    {
      label: 'knex 55P03: SET LOCAL lock_timeout while another transaction holds the row',
      build: async () => {
        const k = knexPg();
        const holder = await k.transaction();
        await holder('f6_t').where({ id: 1 }).forUpdate();
        const waiter = await k.transaction();
        await waiter.raw("SET LOCAL lock_timeout = '20ms'");
        const error = await rejected(waiter('f6_t').where({ id: 1 }).update({ v: 5 }));
        await Promise.allSettled([holder.rollback(), waiter.rollback()]);
        return sayingWithin(error, 'code', '55P03');
      },
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'KnexTimeoutError: no connection within acquireConnectionTimeout',
      build: async () => {
        const k = knexPg({}, { pool: { min: 0, max: 1 }, acquireConnectionTimeout: 30 });
        const error = await failureWhileHeld(
          () => k.transaction(),
          () => k.raw('SELECT 1'),
        );
        return named(error, 'KnexTimeoutError');
      },
      careful: wait('timeout'),
    },
    {
      label: 'KnexTimeoutError: a query past .timeout(ms, { cancel: true })',
      build: async () =>
        named(
          await rejected(knexPg().raw('SELECT pg_sleep(2)').timeout(30, { cancel: true })),
          'KnexTimeoutError',
        ),
      careful: wait('timeout'),
    },
    {
      label: 'knex 28P01: a wrong password',
      build: async () =>
        sayingWithin(
          await rejected(knexPg({ password: 'wrong' }).raw('SELECT 1')),
          'code',
          '28P01',
        ),
      careful: no('auth'),
    },
    {
      label: 'knex: connection refused on a closed port',
      build: async () =>
        sayingWithin(
          await rejected(knexPg({ port: await closedPort() }).raw('SELECT 1')),
          'code',
          'ECONNREFUSED',
        ),
      careful: wait('unavailable'),
    },
  ]);

  freshCases('drizzle-pg', [
    {
      label: 'DrizzleQueryError 23505: insert of an existing key',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`INSERT INTO f6_t (id) VALUES (${1})`)),
          'code',
          '23505',
        ),
      careful: no('conflict'),
    },
    {
      label: 'DrizzleQueryError 23503: DELETE of a row a child references',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`DELETE FROM f6_t WHERE id = ${1}`)),
          'code',
          '23503',
        ),
      careful: no('conflict'),
    },
    {
      label: 'DrizzleQueryError 22P02: a parameter that is not an integer',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`SELECT * FROM f6_t WHERE id = ${'one'}`)),
          'code',
          '22P02',
        ),
      careful: no('validation'),
    },
    {
      label: 'DrizzleQueryError 22001: a value longer than varchar(8)',
      build: async () =>
        sayingWithin(
          await rejected(
            drizzle().execute(sql`UPDATE f6_t SET name = ${'much too long'} WHERE id = 1`),
          ),
          'code',
          '22001',
        ),
      careful: no('validation'),
    },
    {
      label: 'DrizzleQueryError 22003: an integer out of range',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`UPDATE f6_t SET v = ${2 ** 40} WHERE id = 1`)),
          'code',
          '22003',
        ),
      careful: no('validation'),
    },
    {
      label: 'DrizzleQueryError 55P03: SELECT … FOR UPDATE NOWAIT of a locked row',
      build: async () => {
        const holder = await connectPg(server, clients);
        await holder.query('BEGIN');
        await holder.query('SELECT * FROM f6_t WHERE id = 2 FOR UPDATE');
        const error = await rejected(
          drizzle().transaction((tx) =>
            tx.execute(sql`SELECT * FROM f6_t WHERE id = 2 FOR UPDATE NOWAIT`),
          ),
        );
        await holder.query('ROLLBACK');
        return sayingWithin(error, 'code', '55P03');
      },
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'DrizzleQueryError 40P01: two db.transaction()s deadlock',
      build: async () => {
        const d = drizzle();
        const step: (() => void)[] = [];
        let settle!: () => void;
        const bothFirst = new Promise<void>((resolve) => (settle = resolve));
        const run = (mine: number, theirs: number) =>
          d.transaction(async (tx) => {
            await tx.execute(sql`UPDATE f6_t SET v = v + 1 WHERE id = ${mine}`);
            step.push(() => {});
            if (step.length === 2) settle();
            await bothFirst;
            await tx.execute(sql`UPDATE f6_t SET v = v + 1 WHERE id = ${theirs}`);
          });
        const settled = await Promise.allSettled([run(3, 4), run(4, 3)]);
        const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
        return sayingWithin(failed?.reason, 'code', '40P01');
      },
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'DrizzleQueryError 42501: SET ROLE to a role granted SELECT only, then UPDATE',
      build: async () =>
        sayingWithin(
          await rejected(
            drizzle().transaction(async (tx) => {
              await tx.execute(sql`SET LOCAL ROLE f6_reader`);
              await tx.execute(sql`UPDATE f6_t SET v = 1 WHERE id = 1`);
            }),
          ),
          'code',
          '42501',
        ),
      careful: no('permission'),
    },
    {
      label: 'DrizzleQueryError 57P01: pg_terminate_backend under a running query',
      build: async () => {
        const client = await connectPg(server, clients);
        const d = drizzlePg({ client });
        const { rows: me } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const running = rejected(d.execute(sql`SELECT pg_sleep(5)`));
        await db.query(
          "SELECT pg_terminate_backend($1) FROM pg_stat_activity WHERE pid = $1 AND state = 'active'",
          [me[0]?.pid],
        );
        await db.query('SELECT pg_terminate_backend($1)', [me[0]?.pid]);
        return sayingWithin(await running, 'code', '57P01');
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: 'DrizzleQueryError over a refused connection (a closed port)',
      build: async () =>
        sayingWithin(
          await rejected(drizzle({ port: await closedPort() }).execute(sql`SELECT 1`)),
          'code',
          'ECONNREFUSED',
        ),
      careful: wait('unavailable'),
    },
  ]);

  freshCases('postgresql-6', [
    {
      label: '22023 generate_series with a step of zero',
      build: async () =>
        sayingWithin(await rejected(db.query('SELECT generate_series(1, 5, 0)')), 'code', '22023'),
      careful: no('validation'),
    },
    {
      label: '42702 a column two tables of the FROM have',
      build: async () =>
        sayingWithin(await rejected(db.query('SELECT id FROM f6_t, f6_child')), 'code', '42702'),
      careful: no('validation'),
    },
    {
      label: '22008 an interval times 1e300 (out of range)',
      build: async () =>
        sayingWithin(await rejected(db.query("SELECT interval '1 day' * 1e300")), 'code', '22008'),
      careful: no('validation'),
    },
  ]);
});

describe.skipIf(skipMariadbTests())('fresh MariaDB errors through ORMs, set 6', () => {
  let server: SqlServer | undefined;
  const connections: Connection[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  let root: Connection;
  let db: Connection;
  const account = { user: 'f6', password: DB_PASSWORD, database: 'f6' };
  const port = (): number => {
    if (!server) throw new Error('mariadbd did not start (see beforeAll)');
    return server.port;
  };
  /** A Sequelize instance over mysql2, closed at the end. */
  const sequelize = (extra: Options = {}): Sequelize => {
    const s = new Sequelize({
      dialect: 'mysql',
      host: '127.0.0.1',
      port: port(),
      username: account.user,
      password: DB_PASSWORD,
      database: account.database,
      logging: false,
      ...extra,
    });
    closers.push(() => s.close());
    return s;
  };
  /** A knex instance over mysql2, destroyed at the end. */
  const knexMysql = (connection: Record<string, unknown> = {}): Knex => {
    const k = knex({
      client: 'mysql2',
      connection: { host: '127.0.0.1', port: port(), ...account, ...connection },
      pool: { min: 0, max: 2 },
      log: quietKnex,
    });
    closers.push(() => k.destroy());
    return k;
  };
  /** drizzle over a mysql2 pool, ended at the end. */
  const drizzle = (user = account.user) => {
    const pool = mysql.createPool({
      host: '127.0.0.1',
      port: port(),
      ...account,
      user,
      connectionLimit: 3,
    });
    closers.push(() => pool.end());
    return drizzleMysql({ client: pool });
  };
  beforeAll(async () => {
    server = await startMariadb(24);
    root = await connectMariadbRoot(server, connections);
    await root.query(`
      CREATE DATABASE f6;
      CREATE USER 'f6'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      GRANT ALL ON f6.* TO 'f6'@'%';
      CREATE USER 'f6ro'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      CREATE TABLE f6.t (id int PRIMARY KEY, v int NOT NULL DEFAULT 0, name varchar(8),
        j longtext CHECK (json_valid(j)), CONSTRAINT positive CHECK (v >= 0)) ENGINE=InnoDB;
      CREATE TABLE f6.child (id int PRIMARY KEY, t_id int,
        FOREIGN KEY (t_id) REFERENCES f6.t (id)) ENGINE=InnoDB;
      INSERT INTO f6.t (id, v, name) VALUES (1, 0, 'a'), (2, 0, 'b'), (3, 0, 'c'), (4, 0, 'd');
      INSERT INTO f6.child VALUES (1, 1);
      GRANT SELECT ON f6.t TO 'f6ro'@'%';`);
    db = await connectMariadb(server, connections, account, { multipleStatements: true });
  }, 30_000);
  afterEach(() => endAll(closers));
  afterAll(async () => {
    await Promise.allSettled(connections.map((c) => c.end()));
    await server?.dispose();
  });

  freshCases('sequelize-mariadb', [
    {
      label: 'UniqueConstraintError 1062: a query inserting an existing key',
      build: async () =>
        sayingWithin(
          named(
            await rejected(sequelize().query('INSERT INTO t (id) VALUES (1)')),
            'SequelizeUniqueConstraintError',
          ),
          'errno',
          1062,
        ),
      careful: no('conflict'),
    },
    {
      label: 'ForeignKeyConstraintError 1452: a child row naming no parent',
      build: async () =>
        sayingWithin(
          named(
            await rejected(sequelize().query('INSERT INTO child VALUES (9, 99)')),
            'SequelizeForeignKeyConstraintError',
          ),
          'errno',
          1452,
        ),
      careful: no('conflict'),
    },
    {
      label: 'ForeignKeyConstraintError 1451: DELETE of a row a child references',
      build: async () =>
        sayingWithin(
          await rejected(sequelize().query('DELETE FROM t WHERE id = 1')),
          'errno',
          1451,
        ),
      careful: no('conflict'),
    },
    {
      label: 'DatabaseError 4025: a CHECK constraint the value fails',
      build: async () =>
        sayingWithin(
          await rejected(sequelize().query('UPDATE t SET v = -1 WHERE id = 2')),
          'errno',
          4025,
        ),
      careful: no('validation'),
    },
    {
      label: 'DatabaseError 4025: text that is not JSON in a JSON column',
      build: async () =>
        sayingWithin(
          await rejected(sequelize().query("UPDATE t SET j = '{oops' WHERE id = 2")),
          'errno',
          4025,
        ),
      careful: no('validation'),
    },
    {
      label: 'DatabaseError 1048: NULL into a NOT NULL column',
      build: async () =>
        sayingWithin(
          await rejected(sequelize().query('INSERT INTO t (id, v) VALUES (60, NULL)')),
          'errno',
          1048,
        ),
      careful: no('validation'),
    },
    {
      label: 'DatabaseError 1213: two sequelize.transaction()s deadlock',
      build: async () => sayingWithin(await sequelizeDeadlock(sequelize(), 't'), 'errno', 1213),
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'DatabaseError 1969: SET STATEMENT max_statement_time FOR a slow query',
      build: async () =>
        sayingWithin(
          await rejected(
            sequelize().query('SET STATEMENT max_statement_time = 0.02 FOR SELECT SLEEP(2) FROM t'),
          ),
          'errno',
          1969,
        ),
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'AccessDeniedError 1045: a wrong password',
      build: async () =>
        sayingWithin(
          named(
            await rejected(sequelize({ password: 'wrong' }).authenticate()),
            'SequelizeAccessDeniedError',
          ),
          'errno',
          1045,
        ),
      careful: no('auth'),
    },
    {
      label: 'ConnectionError 1040: a server at max_connections',
      build: async () => {
        // 10 is the least max_connections takes: fill it with the test account's connections.
        await root.query('SET GLOBAL max_connections = 10');
        try {
          const [status] = (await root.query(
            "SHOW GLOBAL STATUS LIKE 'Threads_connected'",
          )) as unknown as [{ Value: string }[]];
          for (let open = Number(status[0]?.Value); open < 10; open += 1)
            await connectMariadb(server, connections, account);
          return sayingWithin(await rejected(sequelize().authenticate()), 'errno', 1040);
        } finally {
          await root.query('SET GLOBAL max_connections = 24');
          await Promise.allSettled(connections.splice(2).map((c) => c.end()));
        }
      },
      careful: again('unavailable', 'transaction'),
    },
    {
      label: 'ConnectionError 1044: a user with no grant on the database',
      build: async () =>
        sayingWithin(
          await rejected(sequelize({ username: 'f6ro', database: 'mysql' }).authenticate()),
          'errno',
          1044,
        ),
      careful: no('permission'),
    },
    {
      label: 'ConnectionError ETIMEDOUT: a peer that never sends its handshake (connectTimeout)',
      build: async () =>
        sayingWithin(
          await silentPeerFailure((silentPort) =>
            sequelize({ port: silentPort, dialectOptions: { connectTimeout: 30 } }).authenticate(),
          ),
          'code',
          'ETIMEDOUT',
        ),
      careful: wait('timeout'),
    },
  ]);

  freshCases('knex-mariadb', [
    {
      label: 'knex 1054: a where on an unknown column',
      build: async () =>
        sayingWithin(await rejected(knexMysql()('t').where({ nope: 1 })), 'errno', 1054),
      careful: no('not_found'),
    },
    {
      label: 'knex 1146: a select from an unknown table',
      build: async () =>
        sayingWithin(await rejected(knexMysql()('nowhere').select()), 'errno', 1146),
      careful: no('not_found'),
    },
    {
      label: 'knex 1064: knex.raw of a statement that does not parse',
      build: async () => sayingWithin(await rejected(knexMysql().raw('SELEC 1')), 'errno', 1064),
      careful: no('validation'),
    },
    {
      label: 'knex 1366: a string into an integer column',
      build: async () =>
        sayingWithin(
          await rejected(knexMysql()('t').insert({ id: 70, v: 'seven' })),
          'errno',
          1366,
        ),
      careful: no('validation'),
    },
    {
      label: 'knex 1406: a value longer than varchar(8)',
      build: async () =>
        sayingWithin(
          await rejected(knexMysql()('t').where({ id: 2 }).update({ name: 'much too long' })),
          'errno',
          1406,
        ),
      careful: no('validation'),
    },
    {
      label: 'knex 1205: FOR UPDATE NOWAIT of a row another transaction holds',
      build: async () => {
        const k = knexMysql();
        const holder = await k.transaction();
        await holder('t').where({ id: 3 }).forUpdate();
        const error = await rejected(k.raw('SELECT * FROM t WHERE id = 3 FOR UPDATE NOWAIT'));
        await holder.rollback();
        return sayingWithin(error, 'errno', 1205);
      },
      careful: again('timeout', 'transaction'),
    },
    {
      label: 'knex 1142: INSERT by a user granted SELECT only',
      build: async () =>
        sayingWithin(
          await rejected(knexMysql({ user: 'f6ro' })('t').insert({ id: 71 })),
          'errno',
          1142,
        ),
      careful: no('permission'),
    },
    {
      label: 'knex 1052: a column two joined tables have',
      build: async () =>
        sayingWithin(
          await rejected(knexMysql()('t').join('child', 't.id', 'child.t_id').select('id')),
          'errno',
          1052,
        ),
      careful: no('validation'),
    },
    {
      label: 'KnexTimeoutError: a mysql2 pool of one held by a transaction',
      build: async () => {
        const k = knex({
          client: 'mysql2',
          connection: { host: '127.0.0.1', port: port(), ...account },
          pool: { min: 0, max: 1 },
          acquireConnectionTimeout: 30,
          log: quietKnex,
        });
        closers.push(() => k.destroy());
        const error = await failureWhileHeld(
          () => k.transaction(),
          () => k('t').select(),
        );
        return named(error, 'KnexTimeoutError');
      },
      careful: wait('timeout'),
    },
  ]);

  freshCases('drizzle-mariadb', [
    {
      label: 'DrizzleQueryError 1062: insert of an existing key',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`INSERT INTO t (id) VALUES (${2})`)),
          'errno',
          1062,
        ),
      careful: no('conflict'),
    },
    {
      label: 'DrizzleQueryError 1452: a child row naming no parent',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`INSERT INTO child VALUES (${8}, ${88})`)),
          'errno',
          1452,
        ),
      careful: no('conflict'),
    },
    {
      label: 'DrizzleQueryError 1365: division by zero in a strict UPDATE',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`UPDATE t SET v = 1 / ${0} WHERE id = 2`)),
          'errno',
          1365,
        ),
      careful: no('validation'),
    },
    {
      label: 'DrizzleQueryError 1020: a snapshot-isolation update of a row changed since',
      build: async () => {
        const d = drizzle();
        const error = await rejected(
          d.transaction(
            async (tx) => {
              await tx.execute(sql`SET SESSION innodb_snapshot_isolation = ON`);
              await tx.execute(sql`SELECT v FROM t WHERE id = 4`);
              await db.query('UPDATE t SET v = v + 1 WHERE id = 4');
              await tx.execute(sql`UPDATE t SET v = v + 1 WHERE id = 4`);
            },
            { isolationLevel: 'repeatable read' },
          ),
        );
        return sayingWithin(error, 'errno', 1020);
      },
      careful: again('conflict', 'transaction'),
    },
    {
      label: 'DrizzleQueryError 1142: SELECT of a table not granted',
      build: async () =>
        sayingWithin(
          await rejected(drizzle('f6ro').execute(sql`SELECT id FROM child`)),
          'errno',
          1142,
        ),
      careful: no('permission'),
    },
    {
      label: 'DrizzleQueryError 1242: a scalar subquery returning two rows',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`SELECT (SELECT id FROM t) AS one`)),
          'errno',
          1242,
        ),
      careful: no('validation'),
    },
    {
      label: 'DrizzleQueryError 1553: DROP INDEX a foreign key needs',
      build: async () =>
        sayingWithin(
          await rejected(drizzle().execute(sql`ALTER TABLE child DROP INDEX t_id`)),
          'errno',
          1553,
        ),
      careful: no('validation'),
    },
    {
      label: 'DrizzleQueryError over a refused connection (a closed port)',
      build: async () => {
        const pool = mysql.createPool({ host: '127.0.0.1', port: await closedPort(), ...account });
        closers.push(() => pool.end());
        return sayingWithin(
          await rejected(drizzleMysql({ client: pool }).execute(sql`SELECT 1`)),
          'code',
          'ECONNREFUSED',
        );
      },
      careful: wait('unavailable'),
    },
  ]);

  freshCases('mariadb-6', [
    {
      label: '1089 a prefix key on an integer column (HY000)',
      build: async () =>
        sayingWithin(
          await rejected(db.query('CREATE TABLE prefix (c int, KEY (c(2)))')),
          'errno',
          1089,
        ),
      careful: no('validation'),
    },
    {
      label: '1063 AUTO_INCREMENT on a varchar column (42000)',
      build: async () =>
        sayingWithin(
          await rejected(db.query('CREATE TABLE auto (c varchar(10) AUTO_INCREMENT PRIMARY KEY)')),
          'errno',
          1063,
        ),
      careful: no('validation'),
    },
    {
      label: '1074 a varchar longer than a column can be (42000)',
      build: async () =>
        sayingWithin(
          await rejected(db.query('CREATE TABLE lengthy (c varchar(70000)) CHARSET latin1')),
          'errno',
          1074,
        ),
      careful: no('validation'),
    },
    {
      label: '1832 a type change of a column a foreign key uses (HY000)',
      build: async () =>
        sayingWithin(
          await rejected(db.query('ALTER TABLE child MODIFY t_id bigint')),
          'errno',
          1832,
        ),
      careful: no('validation'),
    },
    {
      label: '1052 a column two tables of the FROM have (23000)',
      build: async () =>
        sayingWithin(await rejected(db.query('SELECT id FROM t, child')), 'errno', 1052),
      careful: no('validation'),
    },
    {
      label: '1118 a row too large for the engine (42000)',
      build: async () =>
        sayingWithin(
          await rejected(
            db.query(
              `CREATE TABLE wide (${Array.from({ length: 70 }, (_, i) => `c${i} varchar(1000)`).join(', ')}) ENGINE=InnoDB CHARSET=latin1`,
            ),
          ),
          'errno',
          1118,
        ),
      careful: no('validation'),
    },
  ]);
});

// Replies with codes of the server's `error_codes.yml`, made errors by the driver's own
// `MongoServerError` as it makes every reply with `ok: 0`.
freshCases('mongodb-6', [
  {
    label: '117 ConflictingOperationInProgress (an index build holds the collection)',
    build: mongoReply(117, 'ConflictingOperationInProgress'),
    careful: wait('conflict'),
  },
  {
    label: '256 TransactionCommitted (abortTransaction after its commit)',
    build: mongoReply(256, 'TransactionCommitted'),
    careful: no('validation'),
  },
  { label: '27 IndexNotFound', build: mongoReply(27, 'IndexNotFound'), careful: no('not_found') },
  {
    label: '85 IndexOptionsConflict',
    build: mongoReply(85, 'IndexOptionsConflict'),
    careful: no('conflict'),
  },
  {
    label: '292 QueryExceededMemoryLimitNoDiskUseAllowed',
    build: mongoReply(292, 'QueryExceededMemoryLimitNoDiskUseAllowed'),
    careful: no('validation'),
  },
  {
    label: '10334 BSONObjectTooLarge',
    build: mongoReply(10334, 'BSONObjectTooLarge'),
    careful: no('validation'),
  },
  {
    label: '225 TransactionTooOld (TransientTransactionError)',
    build: mongoReply(225, 'TransactionTooOld', ['TransientTransactionError']),
    careful: again('conflict', 'transaction'),
  },
]);

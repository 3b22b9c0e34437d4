// PostgreSQL's errors raised by a real server (started here on 127.0.0.1) and the real `pg`
// client, decoded as a careful client reads them: the transaction conflicts retry the whole
// transaction, the statement's own faults do not.
import pg from 'pg';
import type { Client, ClientConfig } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectPg,
  databaseReading,
  pgConfig,
  failure,
  skipPostgresTests,
  startPostgres,
} from './helpers/sql-servers.js';
import type { SqlServer } from './helpers/sql-servers.js';

let server: SqlServer | undefined;
const clients: Client[] = [];

const config = (extra: ClientConfig = {}): ClientConfig => pgConfig(server, extra);
const connect = (extra: ClientConfig = {}): Promise<Client> => connectPg(server, clients, extra);

const reading = (error: unknown) => databaseReading(error, 'sqlstate');

describe.skipIf(skipPostgresTests())('PostgreSQL errors from a real server and pg', () => {
  let db: Client;
  beforeAll(async () => {
    server = await startPostgres();
    db = await connect();
    clients.length = 0;
    await db.query(`
      CREATE TABLE parent (id int PRIMARY KEY);
      CREATE TABLE item (id int PRIMARY KEY, email text UNIQUE, name text NOT NULL,
        qty int CHECK (qty >= 0), parent_id int REFERENCES parent(id));
      CREATE TABLE counter (id int PRIMARY KEY, v int);
      INSERT INTO parent VALUES (1);
      INSERT INTO item VALUES (1, 'a@example.com', 'a', 1, 1);
      INSERT INTO counter VALUES (1, 0), (2, 0);`);
  }, 30_000);
  // Each test's own connections end with it: the server allows only a few.
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => (c as { end(): Promise<void> }).end()));
  });
  afterAll(async () => {
    await db?.end();
    await server?.dispose();
  });

  it.each([
    [
      "INSERT INTO item VALUES (2, 'a@example.com', 'b', 1, 1)",
      'conflict',
      'DB_UNIQUE_VIOLATION',
      '23505',
    ],
    [
      'INSERT INTO item VALUES (3, NULL, NULL, 1, 1)',
      'validation',
      'DB_NOT_NULL_VIOLATION',
      '23502',
    ],
    [
      "INSERT INTO item VALUES (4, NULL, 'd', 1, 99)",
      'conflict',
      'DB_FOREIGN_KEY_VIOLATION',
      '23503',
    ],
    ["INSERT INTO item VALUES (5, NULL, 'e', -1, 1)", 'validation', 'DB_CHECK_VIOLATION', '23514'],
    ['SELEC 1', 'validation', 'DB_SYNTAX_ERROR', '42601'],
    ['SELECT * FROM no_such_table', 'not_found', 'DB_UNDEFINED_TABLE', '42P01'],
    ['SELECT no_such_column FROM item', 'not_found', 'DB_UNDEFINED_COLUMN', '42703'],
    ['SELECT no_such_function(1)', 'not_found', 'DB_UNDEFINED_FUNCTION', '42883'],
    ['SELECT 1 / 0', 'validation', 'DB_DIVISION_BY_ZERO', '22012'],
    ["SELECT 'x'::int", 'validation', 'DB_DATA_EXCEPTION', '22P02'],
    ['CREATE TABLE item (id int)', 'conflict', 'DB_ALREADY_EXISTS', '42P07'],
  ])('%s', async (sql, category, code, sqlstate) => {
    const error = await failure(db.query(sql));
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect(reading(error)).toMatchObject({ category, code, retryable: false, sqlstate });
  });

  it('a write in a read-only transaction', async () => {
    await db.query('BEGIN READ ONLY');
    const error = await failure(db.query('UPDATE counter SET v = 1'));
    await db.query('ROLLBACK');
    expect(reading(error)).toMatchObject({
      code: 'DB_READ_ONLY',
      sqlstate: '25006',
      retryable: true,
    });
  });

  it('a statement in a failed transaction', async () => {
    await db.query('BEGIN');
    await failure(db.query('SELECT 1 / 0'));
    const error = await failure(db.query('SELECT 1'));
    await db.query('ROLLBACK');
    expect(reading(error)).toMatchObject({
      category: 'protocol',
      sqlstate: '25P02',
      retryable: false,
    });
  });

  it('two transactions that deadlock: one is rolled back, to be re-run whole', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('BEGIN');
    await b.query('BEGIN');
    await a.query('UPDATE counter SET v = v + 1 WHERE id = 1');
    await b.query('UPDATE counter SET v = v + 1 WHERE id = 2');
    const results = await Promise.allSettled([
      a.query('UPDATE counter SET v = v + 1 WHERE id = 2'),
      b.query('UPDATE counter SET v = v + 1 WHERE id = 1'),
    ]);
    await Promise.all([a.query('ROLLBACK'), b.query('ROLLBACK')]);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(reading(rejected[0]?.reason)).toEqual({
      category: 'conflict',
      code: 'DB_DEADLOCK',
      retryable: true,
      sqlstate: '40P01',
      scope: 'transaction',
    });
  });

  it('a serialization failure under SERIALIZABLE', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    await b.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    // Write skew: each reads what the other writes.
    await a.query('SELECT sum(v) FROM counter');
    await b.query('SELECT sum(v) FROM counter');
    await a.query('UPDATE counter SET v = v + 1 WHERE id = 1');
    await b.query('UPDATE counter SET v = v + 1 WHERE id = 2');
    await a.query('COMMIT');
    const error = await failure(b.query('COMMIT'));
    expect(reading(error)).toEqual({
      category: 'conflict',
      code: 'DB_SERIALIZATION_FAILURE',
      retryable: true,
      sqlstate: '40001',
      scope: 'transaction',
    });
  });

  it('a lock wait over lock_timeout, and a row locked NOWAIT', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('BEGIN');
    await a.query('SELECT * FROM counter WHERE id = 1 FOR UPDATE');
    await b.query("SET lock_timeout = '50ms'");
    const waited = await failure(b.query('UPDATE counter SET v = 0 WHERE id = 1'));
    const nowait = await failure(b.query('SELECT * FROM counter WHERE id = 1 FOR UPDATE NOWAIT'));
    await a.query('ROLLBACK');
    for (const error of [waited, nowait])
      expect(reading(error)).toMatchObject({
        category: 'timeout',
        code: 'DB_LOCK_TIMEOUT',
        sqlstate: '55P03',
        retryable: true,
      });
  });

  it('a statement timeout, and a cancel request', async () => {
    const a = await connect();
    await a.query("SET statement_timeout = '50ms'");
    const timedOut = await failure(a.query('SELECT pg_sleep(5)'));
    expect(reading(timedOut)).toMatchObject({
      category: 'timeout',
      code: 'DB_STATEMENT_TIMEOUT',
      sqlstate: '57014',
      retryable: true,
    });
    const b = await connect();
    const pid = (await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const sleeping = failure(b.query('SELECT pg_sleep(5)'));
    await db.query('SELECT pg_sleep(0.05)');
    await db.query('SELECT pg_cancel_backend($1)', [pid]);
    expect(reading(await sleeping)).toMatchObject({
      category: 'cancelled',
      sqlstate: '57014',
      retryable: false,
    });
  });

  it('a connection the administrator terminates', async () => {
    const a = await connect();
    const pid = (await a.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const sleeping = failure(a.query('SELECT pg_sleep(5)'));
    await db.query('SELECT pg_sleep(0.05)');
    await db.query('SELECT pg_terminate_backend($1)', [pid]);
    expect(reading(await sleeping)).toMatchObject({
      category: 'unavailable',
      code: 'DB_SHUTDOWN',
      sqlstate: '57P01',
      retryable: true,
    });
  });

  it('a refused login and an unknown database', async () => {
    const refused = await failure(connect({ password: 'wrong' }));
    expect(reading(refused)).toMatchObject({
      category: 'auth',
      code: 'DB_AUTH_FAILED',
      sqlstate: '28P01',
    });
    const unknown = await failure(connect({ database: 'no_such_db' }));
    expect(reading(unknown)).toMatchObject({
      category: 'not_found',
      code: 'DB_UNKNOWN_DATABASE',
      sqlstate: '3D000',
    });
  });

  it("pg-pool's timeout waiting for a client", async () => {
    // The same wait bounds the first client's own connect (SCRAM on a busy machine can take
    // longer than 50 ms), so it is long enough for that and short for the test.
    const pool = new pg.Pool({ ...config(), max: 1, connectionTimeoutMillis: 500 });
    const held = await pool.connect();
    const error = await failure(pool.connect());
    held.release();
    await pool.end();
    expect(reading(error)).toMatchObject({
      category: 'timeout',
      code: 'DB_POOL_TIMEOUT',
      retryable: true,
    });
  });

  it('too many connections', async () => {
    // The server allows 8; open until it refuses.
    let error: unknown;
    for (let i = 0; i < 12 && error === undefined; i++) {
      try {
        await connect();
      } catch (e) {
        error = e;
      }
    }
    expect(reading(error)).toMatchObject({
      category: 'unavailable',
      code: 'DB_TOO_MANY_CONNECTIONS',
      sqlstate: '53300',
      retryable: true,
    });
  });
});

// MySQL / MariaDB errors raised by a real MariaDB server (started here on 127.0.0.1) and the real
// `mysql2` client, decoded as a careful client reads them.
import type { Connection, ConnectionOptions } from 'mysql2/promise';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectMariadb,
  connectMariadbRoot,
  databaseReading,
  failure,
  skipMariadbTests,
  startMariadb,
} from './helpers/sql-servers.js';
import type { SqlServer } from './helpers/sql-servers.js';

let server: SqlServer | undefined;
const connections: Connection[] = [];
const APP_PASSWORD = 'app-secret';

const connect = (extra: ConnectionOptions = {}): Promise<Connection> =>
  connectMariadb(
    server,
    connections,
    { user: 'app', password: APP_PASSWORD, database: 'app' },
    extra,
  );

const reading = (error: unknown) => databaseReading(error, 'errno');

describe.skipIf(skipMariadbTests())('MySQL / MariaDB errors from a real server and mysql2', () => {
  let root: Connection;
  let db: Connection;
  beforeAll(async () => {
    server = await startMariadb();
    root = await connectMariadbRoot(server, connections);
    await root.query(`
      CREATE DATABASE app;
      CREATE USER 'app'@'%' IDENTIFIED BY '${APP_PASSWORD}';
      GRANT ALL ON app.* TO 'app'@'%';
      CREATE TABLE app.parent (id int PRIMARY KEY) ENGINE=InnoDB;
      CREATE TABLE app.item (id int PRIMARY KEY, email varchar(64) UNIQUE, name varchar(8) NOT NULL,
        qty int CHECK (qty >= 0), parent_id int, FOREIGN KEY (parent_id) REFERENCES app.parent(id)) ENGINE=InnoDB;
      CREATE TABLE app.counter (id int PRIMARY KEY, v int) ENGINE=InnoDB;
      INSERT INTO app.parent VALUES (1);
      INSERT INTO app.item VALUES (1, 'a@example.com', 'a', 1, 1);
      INSERT INTO app.counter VALUES (1, 0), (2, 0);`);
    db = await connect();
    connections.length = 0;
  }, 30_000);
  afterEach(async () => {
    await Promise.allSettled(connections.splice(0).map((c) => c.end()));
  });
  afterAll(async () => {
    await Promise.allSettled([root?.end(), db?.end()]);
    await server?.dispose();
  });

  it.each([
    [
      "INSERT INTO item VALUES (2, 'a@example.com', 'b', 1, 1)",
      'conflict',
      'DB_UNIQUE_VIOLATION',
      1062,
    ],
    ['INSERT INTO item VALUES (3, NULL, NULL, 1, 1)', 'validation', 'DB_NOT_NULL_VIOLATION', 1048],
    ["INSERT INTO item VALUES (4, NULL, 'd', 1, 99)", 'conflict', 'DB_FOREIGN_KEY_VIOLATION', 1452],
    ['DELETE FROM parent', 'conflict', 'DB_FOREIGN_KEY_VIOLATION', 1451],
    ["INSERT INTO item VALUES (5, NULL, 'e', -1, 1)", 'validation', 'DB_CHECK_VIOLATION', 4025],
    [
      "INSERT INTO item VALUES (6, NULL, 'much too long', 1, 1)",
      'validation',
      'DB_VALUE_TOO_LONG',
      1406,
    ],
    ["INSERT INTO item VALUES (7, NULL, 'g', 1 / 0, 1)", 'validation', 'DB_DIVISION_BY_ZERO', 1365],
    ['SELEC 1', 'validation', 'DB_SYNTAX_ERROR', 1064],
    ['SELECT * FROM no_such_table', 'not_found', 'DB_UNDEFINED_TABLE', 1146],
    ['SELECT no_such_column FROM item', 'not_found', 'DB_UNDEFINED_COLUMN', 1054],
    ['CREATE TABLE item (id int)', 'conflict', 'DB_ALREADY_EXISTS', 1050],
    ['SELECT * FROM mysql.user', 'permission', 'DB_PERMISSION_DENIED', 1142],
  ])('%s', async (sql, category, code, errno) => {
    const error = await failure(db.query(sql));
    expect(reading(error)).toMatchObject({ category, code, retryable: false, errno });
  });

  it('a write in a read-only transaction, and on a read-only server', async () => {
    await db.query('START TRANSACTION READ ONLY');
    const inTransaction = await failure(db.query('UPDATE counter SET v = 1'));
    await db.query('ROLLBACK');
    expect(reading(inTransaction)).toMatchObject({
      code: 'DB_READ_ONLY',
      errno: 1792,
      retryable: true,
    });
    await root.query('SET GLOBAL read_only = 1');
    const onServer = await failure(db.query('UPDATE counter SET v = 1'));
    await root.query('SET GLOBAL read_only = 0');
    expect(reading(onServer)).toMatchObject({ code: 'DB_READ_ONLY', errno: 1290, retryable: true });
  });

  it('two transactions that deadlock: one is rolled back, to be re-run whole', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('START TRANSACTION');
    await b.query('START TRANSACTION');
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
      errno: 1213,
      scope: 'transaction',
    });
  });

  it('a lock wait timeout', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('START TRANSACTION');
    await a.query('SELECT * FROM counter WHERE id = 1 FOR UPDATE');
    // The server's innodb_lock_wait_timeout is 1 s, its smallest.
    const error = await failure(b.query('UPDATE counter SET v = 0 WHERE id = 1'));
    await a.query('ROLLBACK');
    expect(reading(error)).toMatchObject({
      category: 'timeout',
      code: 'DB_LOCK_TIMEOUT',
      errno: 1205,
      retryable: true,
      scope: 'transaction',
    });
  });

  it('a statement timeout, and KILL QUERY', async () => {
    const a = await connect();
    await a.query('SET SESSION max_statement_time = 0.05');
    const timedOut = await failure(a.query('SELECT SLEEP(2) FROM counter'));
    expect(reading(timedOut)).toMatchObject({
      category: 'timeout',
      code: 'DB_STATEMENT_TIMEOUT',
      errno: 1969,
      retryable: true,
    });
    const b = await connect();
    const sleeping = failure(b.query('SELECT * FROM counter WHERE SLEEP(5) = 0'));
    await root.query('DO SLEEP(0.05)');
    await root.query(`KILL QUERY ${b.threadId}`);
    expect(reading(await sleeping)).toMatchObject({
      category: 'cancelled',
      errno: 1317,
      retryable: false,
    });
  });

  it('a killed connection', async () => {
    const a = await connect();
    const sleeping = failure(a.query('SELECT SLEEP(5)'));
    await root.query('DO SLEEP(0.05)');
    await root.query(`KILL CONNECTION ${a.threadId}`);
    expect(reading(await sleeping)).toMatchObject({
      category: 'unavailable',
      retryable: true,
      scope: 'transaction',
    });
  });

  it('a refused login and an unknown database', async () => {
    const refused = await failure(connect({ password: 'wrong' }));
    expect(reading(refused)).toMatchObject({
      category: 'auth',
      code: 'DB_AUTH_FAILED',
      errno: 1045,
    });
    const unknown = await failure(connect({ database: 'no_such_db' }));
    expect(reading(unknown)).toMatchObject({ category: 'permission', errno: 1044 });
    const unknownToRoot = await failure(
      connect({ user: 'root', password: '', database: 'no_such_db' }),
    );
    expect(reading(unknownToRoot)).toMatchObject({
      category: 'not_found',
      code: 'DB_UNKNOWN_DATABASE',
      errno: 1049,
    });
  });

  it('too many connections', async () => {
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
      errno: 1040,
      retryable: true,
    });
  });
});

// Fresh database errors, fourth set: conditions from each database's own documented table that no
// other test here raises (PostgreSQL's SQLSTATE appendix, MariaDB's error reference), provoked on
// real servers on 127.0.0.1 (free ports) through the real clients. Each case checks that the
// database said what the case claims (the SQLSTATE, the errno), and each error is read twice:
// by `decode`, and by `agent-errors explain` on what `console.log(err)` prints (`util.inspect`:
// the message with the driver's `code`, `errno`, `sqlState`), the text people paste from logs.
// (`String(err)` alone carries no SQLSTATE or errno: explain-pasted-3 reads the messages the
// printed tables know.) Run with FRESH_SCORE=1 to print the score.
import { inspect } from 'node:util';
import mysql from 'mysql2/promise';
import type { Connection } from 'mysql2/promise';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { no, saying } from './helpers/database-cases.js';
import { explainedText, freshCases, rejected } from './helpers/fresh-cases.js';
import type { FreshCase } from './helpers/fresh-cases.js';
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

/** Each case once, read by `decode` (as `family`) and by explain on its logged form. */
function readTwice(family: string, cases: readonly FreshCase[]): void {
  const once = cases.map((c) => {
    let built: Promise<unknown> | undefined;
    return { ...c, build: () => (built ??= c.build()) };
  });
  freshCases(family, once);
  freshCases(`${family} logged`, once, (error) => explainedText(inspect(error)));
}

describe.skipIf(skipPostgresTests())('fresh PostgreSQL errors, set 4 (pg, a real server)', () => {
  let server: SqlServer | undefined;
  const clients: Client[] = [];
  let db: Client;
  /** `sql`'s failure, which must carry SQLSTATE `code`. */
  const state = (code: string, sql: string) => async () =>
    saying(await rejected(db.query(sql)), 'code', code);
  beforeAll(async () => {
    server = await startPostgres();
    db = await connectPg(server, clients);
    await db.query(`
      CREATE TABLE f4_t (id int PRIMARY KEY, v int);
      CREATE VIEW f4_v AS SELECT * FROM f4_t;
      CREATE TYPE f4_mood AS ENUM ('ok');
      CREATE FUNCTION f4_noreturn() RETURNS int LANGUAGE plpgsql AS 'BEGIN END';`);
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.end()));
    await server?.dispose();
  });

  readTwice('postgresql-4', [
    {
      label: '2201W LIMIT -1',
      build: state('2201W', 'SELECT 1 LIMIT -1'),
      careful: no('validation'),
    },
    {
      label: '2201X OFFSET -1',
      build: state('2201X', 'SELECT 1 OFFSET -1'),
      careful: no('validation'),
    },
    {
      label: '22014 ntile(0)',
      build: state('22014', 'SELECT ntile(0) OVER () FROM generate_series(1, 2)'),
      careful: no('validation'),
    },
    {
      label: '22016 nth_value(x, 0)',
      build: state('22016', 'SELECT nth_value(x, 0) OVER () FROM generate_series(1, 2) x'),
      careful: no('validation'),
    },
    {
      label: '22013 a negative frame offset',
      build: state(
        '22013',
        'SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN -1 PRECEDING AND CURRENT ROW) FROM generate_series(1, 2) x',
      ),
      careful: no('validation'),
    },
    {
      label: '2201F a negative number to a fractional power',
      build: state('2201F', 'SELECT power(-8::numeric, 0.5)'),
      careful: no('validation'),
    },
    {
      label: '22025 a LIKE escape of two characters',
      build: state('22025', "SELECT 'a' LIKE 'a' ESCAPE 'ab'"),
      careful: no('validation'),
    },
    {
      label: '2203A a strict JSON path to a missing key',
      build: state('2203A', "SELECT jsonb_path_query('{}', 'strict $.a')"),
      careful: no('validation'),
    },
    {
      label: '25P01 SAVEPOINT outside a transaction',
      build: state('25P01', 'SAVEPOINT f4'),
      careful: no('validation'),
    },
    {
      label: '0Z002 GET STACKED DIAGNOSTICS outside a handler',
      build: state(
        '0Z002',
        'DO $$ DECLARE t text; BEGIN GET STACKED DIAGNOSTICS t = MESSAGE_TEXT; END $$',
      ),
      careful: no('validation'),
    },
    {
      label: '20000 a PL/pgSQL CASE with no branch taken',
      build: state('20000', 'DO $$ BEGIN CASE 1 WHEN 2 THEN NULL; END CASE; END $$'),
      careful: no('validation'),
    },
    {
      label: '2BP01 DROP TABLE with a view on it',
      build: state('2BP01', 'DROP TABLE f4_t'),
      careful: no('conflict'),
    },
    {
      label: '2F005 a function that ends without RETURN',
      build: state('2F005', 'SELECT f4_noreturn()'),
      careful: no('internal'),
    },
    {
      label: '3F000 CREATE TABLE in an unknown schema',
      build: state('3F000', 'CREATE TABLE f4_nowhere.t (i int)'),
      careful: no('not_found'),
    },
    {
      label: '42P10 ON CONFLICT on a column with no unique constraint',
      build: state('42P10', 'INSERT INTO f4_t VALUES (1, 1) ON CONFLICT (v) DO NOTHING'),
      careful: no('validation'),
    },
    {
      label: '42P19 a recursive query with its recursion in the wrong place',
      build: state(
        '42P19',
        'WITH RECURSIVE r(n) AS (SELECT n FROM r UNION ALL SELECT 1) SELECT * FROM r',
      ),
      careful: no('validation'),
    },
    {
      label: '42P20 a window function inside a window function',
      build: state('42P20', 'SELECT sum(row_number() OVER ()) OVER () FROM generate_series(1, 2)'),
      careful: no('validation'),
    },
    {
      label: '42803 a column neither grouped nor aggregated',
      build: state('42803', 'SELECT id, count(*) FROM f4_t'),
      careful: no('validation'),
    },
    {
      // A query that names one alias twice is malformed as written: nothing exists to conflict.
      label: '42712 one alias twice in FROM',
      build: state('42712', 'SELECT * FROM f4_t a, f4_t a'),
      careful: no('validation'),
    },
    {
      label: '42P05 PREPARE of a name this session already prepared',
      build: async () => {
        await db.query('PREPARE f4_p AS SELECT 1');
        return state('42P05', 'PREPARE f4_p AS SELECT 1')();
      },
      careful: no('conflict'),
    },
    {
      label: '42P06 CREATE SCHEMA public',
      build: state('42P06', 'CREATE SCHEMA public'),
      careful: no('conflict'),
    },
    {
      label: '42P13 a SQL function returning the wrong type',
      build: state(
        '42P13',
        "CREATE FUNCTION f4_bad() RETURNS int LANGUAGE sql AS 'SELECT ''a''::text'",
      ),
      careful: no('validation'),
    },
    {
      label: '42P17 an index on a volatile expression',
      build: state('42P17', 'CREATE INDEX ON f4_t ((v + random()))'),
      careful: no('validation'),
    },
    {
      label: '42846 a cast that cannot be made',
      build: state('42846', 'SELECT 1::point'),
      careful: no('validation'),
    },
    {
      label: '42602 an invalid role name',
      build: state('42602', "SELECT 'a b'::regrole"),
      careful: no('validation'),
    },
    {
      // A setting fixed at server start: the request cannot succeed as made, waiting or reading
      // the state changes nothing.
      label: '55P02 SET of a parameter fixed at server start',
      build: state('55P02', "SET shared_buffers = '1MB'"),
      careful: no('validation'),
    },
    {
      label: '55P04 a new enum value used in the transaction that added it',
      build: async () => {
        const c = await connectPg(server, clients);
        await c.query('BEGIN');
        await c.query("ALTER TYPE f4_mood ADD VALUE 'new'");
        return saying(await rejected(c.query("SELECT 'new'::f4_mood")), 'code', '55P04');
      },
      careful: no('conflict'),
    },
    {
      label: '0A000 FOR UPDATE of a UNION',
      build: state('0A000', 'SELECT 1 UNION SELECT 2 FOR UPDATE'),
      careful: no('validation'),
    },
    {
      label: '54011 a table of 1601 columns',
      build: state(
        '54011',
        `CREATE TABLE f4_wide (${Array.from({ length: 1601 }, (_, i) => `c${i} int`).join(', ')})`,
      ),
      careful: no('validation'),
    },
  ]);
});

describe.skipIf(skipMariadbTests())('fresh MariaDB errors, set 4 (mysql2, a real server)', () => {
  let server: SqlServer | undefined;
  const connections: Connection[] = [];
  let root: Connection;
  let db: Connection;
  const account = { user: 'f4', password: DB_PASSWORD, database: 'f4' };
  /** `sql`'s failure, which must carry server error number `number`. */
  const errno = (number: number, sql: string, on?: () => Connection) => async () =>
    saying(await rejected((on?.() ?? db).query(sql)), 'errno', number);
  beforeAll(async () => {
    server = await startMariadb();
    root = await connectMariadbRoot(server, connections);
    await root.query(`
      CREATE DATABASE f4;
      CREATE USER 'f4'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      GRANT ALL ON f4.* TO 'f4'@'%';
      CREATE USER 'f4col'@'%' IDENTIFIED BY '${DB_PASSWORD}';
      CREATE TABLE f4.t (id int PRIMARY KEY, v int, d date) ENGINE=InnoDB;
      GRANT SELECT (id) ON f4.t TO 'f4col'@'%';
      INSERT INTO f4.t VALUES (1, 0, '2024-01-01'), (2, 0, '2024-01-02');
      CREATE VIEW f4.total AS SELECT sum(v) AS s FROM f4.t;
      CREATE TABLE f4.no_cols (a int);
      CREATE TABLE f4.p (id int) PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (10));
      CREATE PROCEDURE f4.fetch_past_end() BEGIN
        DECLARE x int; DECLARE c CURSOR FOR SELECT id FROM f4.t WHERE id > 99;
        OPEN c; FETCH c INTO x; END;
      CREATE PROCEDURE f4.no_case() BEGIN CASE 1 WHEN 2 THEN SELECT 1; END CASE; END;
      CREATE FUNCTION f4.again(n int) RETURNS int RETURN f4.again(n + 1);
      CREATE FUNCTION f4.touch() RETURNS int BEGIN INSERT INTO f4.t VALUES (50, 0, NULL); RETURN 1; END;`);
    db = await connectMariadb(server, connections, account);
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(connections.map((c) => c.end()));
    await server?.dispose();
  });
  const as = (user: string) => () =>
    mysql.createConnection({
      host: '127.0.0.1',
      port: server!.port,
      user,
      password: DB_PASSWORD,
      database: 'f4',
    });

  readTwice('mariadb-4', [
    {
      label: '1143 SELECT of a column not granted (42000)',
      build: async () => {
        const c = await as('f4col')();
        connections.push(c);
        return saying(await rejected(c.query('SELECT v FROM t')), 'errno', 1143);
      },
      careful: no('permission'),
    },
    {
      label: '1329 FETCH past the end in a procedure (02000)',
      build: errno(1329, 'CALL fetch_past_end()'),
      careful: no('not_found'),
    },
    {
      label: '1339 a CASE with no branch taken (20000)',
      build: errno(1339, 'CALL no_case()'),
      careful: no('validation'),
    },
    {
      label: '1415 a function that returns a result set (0A000)',
      build: errno(1415, 'CREATE FUNCTION f4.rs() RETURNS int BEGIN SELECT 1; RETURN 1; END'),
      careful: no('validation'),
    },
    {
      label: '1422 COMMIT inside a stored function (HY000)',
      build: errno(1422, 'CREATE FUNCTION f4.cm() RETURNS int BEGIN COMMIT; RETURN 1; END'),
      careful: no('validation'),
    },
    {
      label: '1424 a recursive stored function (HY000)',
      build: errno(1424, 'SELECT again(1)'),
      careful: no('validation'),
    },
    {
      label: '1442 a function writing the table its statement reads (HY000)',
      build: errno(1442, 'UPDATE t SET v = touch()'),
      careful: no('validation'),
    },
    {
      label: '1471 INSERT into a view over an aggregate (HY000)',
      build: errno(1471, 'INSERT INTO total VALUES (1)'),
      careful: no('validation'),
    },
    {
      label: '1288 UPDATE of a view over an aggregate (HY000)',
      build: errno(1288, 'UPDATE total SET s = 1'),
      careful: no('validation'),
    },
    {
      label: '1526 a row no partition takes (HY000)',
      build: errno(1526, 'INSERT INTO p VALUES (99)'),
      careful: no('validation'),
    },
    {
      label: '1582 a native function called with the wrong count (42000)',
      build: errno(1582, 'SELECT ABS(1, 2)'),
      careful: no('validation'),
    },
    {
      label: '1235 LIMIT inside an IN subquery (42000)',
      build: errno(1235, 'SELECT * FROM t WHERE id IN (SELECT id FROM t LIMIT 1)'),
      careful: no('validation'),
    },
    {
      label: '1067 an invalid default value (42000)',
      build: errno(1067, "CREATE TABLE bad_default (d date DEFAULT 'soon')"),
      careful: no('validation'),
    },
    {
      label: '1075 two AUTO_INCREMENT columns (42000)',
      build: errno(
        1075,
        'CREATE TABLE two_auto (a int AUTO_INCREMENT, b int AUTO_INCREMENT, KEY (a), KEY (b))',
      ),
      careful: no('validation'),
    },
    {
      label: '1090 ALTER TABLE dropping its last column (42000)',
      build: errno(1090, 'ALTER TABLE no_cols DROP COLUMN a'),
      careful: no('validation'),
    },
    {
      label: '1166 a column name ending in a space (42000)',
      build: errno(1166, 'CREATE TABLE bad_name (`a ` int)'),
      careful: no('validation'),
    },
    {
      label: '1170 a TEXT column in a key with no length (42000)',
      build: errno(1170, 'CREATE TABLE text_key (a text, PRIMARY KEY (a))'),
      careful: no('validation'),
    },
    {
      label: '1059 a column name of 65 characters (42000)',
      build: errno(1059, `CREATE TABLE long_col (${'x'.repeat(65)} int)`),
      careful: no('validation'),
    },
    {
      label: '1411 STR_TO_DATE of a value it cannot read, in a strict INSERT (HY000)',
      build: errno(1411, "INSERT INTO t (id, d) VALUES (9, STR_TO_DATE('soon', '%Y-%m-%d'))"),
      careful: no('validation'),
    },
  ]);
});

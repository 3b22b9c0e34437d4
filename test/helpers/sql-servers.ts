// Throwaway PostgreSQL and MariaDB servers on 127.0.0.1 for the database tests, started by
// scripts/fixtures/sql-servers.mjs (which the fixtures capture shares), and the clients the
// tests connect with.
import mysql from 'mysql2/promise';
import type { Connection, ConnectionOptions } from 'mysql2/promise';
import pg from 'pg';
import type { Client, ClientConfig } from 'pg';
import { decode } from 'agent-errors';
import {
  findMariadb,
  findPostgresBin,
  postgresSettings,
} from '../../scripts/fixtures/sql-servers.mjs';
import { skipper } from './test-plan.js';

export {
  DB_PASSWORD,
  findMariadb,
  findPostgresBin,
  MISSING_MARIADB_MESSAGE,
  MISSING_POSTGRES_MESSAGE,
  startMariadb,
  startPostgres,
} from '../../scripts/fixtures/sql-servers.mjs';

/** Whether the PostgreSQL tests are skipped here (warning once when only the server is missing). */
export const skipPostgresTests = skipper(
  'AGENT_ERRORS_SKIP_POSTGRES',
  'agent-errors: skipping the PostgreSQL tests: PostgreSQL is not installed. Install the Debian ' +
    'package postgresql to run them; under CI=true they run and fail instead.',
  () => findPostgresBin() !== undefined && process.getuid?.() === 0,
);

/** Whether the MariaDB tests are skipped here (warning once when only the server is missing). */
export const skipMariadbTests = skipper(
  'AGENT_ERRORS_SKIP_MARIADB',
  'agent-errors: skipping the MariaDB tests: MariaDB is not installed. Install the Debian ' +
    'package mariadb-server to run them; under CI=true they run and fail instead.',
  () => findMariadb() !== undefined,
);

/** A throwaway database server. */
export interface SqlServer {
  readonly port: number;
  /** Stop it and remove its data folder. */
  dispose(): Promise<void>;
}

/** What `promise` rejected with; it must reject. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/**
 * What the database tests compare of a decoded error: the hub's category, code, retryability and
 * retry scope, and the database's own code (`details.database.code`) under `codeKey`.
 */
export function databaseReading<K extends string>(
  error: unknown,
  codeKey: K,
): { category: string; code: string; retryable: boolean; scope: unknown } & Record<K, unknown> {
  const d = decode(error);
  const database = d.details?.database as { code?: unknown } | undefined;
  return {
    category: d.category,
    code: d.code,
    retryable: d.retryable,
    [codeKey]: database?.code,
    scope: d.details?.retryScope,
  } as { category: string; code: string; retryable: boolean; scope: unknown } & Record<K, unknown>;
}

/** The pg settings for `server` as the `postgres` role, `extra` over them. */
export function pgConfig(server: SqlServer | undefined, extra: ClientConfig = {}): ClientConfig {
  if (!server) throw new Error('postgres did not start (see beforeAll)');
  return postgresSettings(server.port, extra) as ClientConfig;
}

/**
 * A pg client connected to `server` ({@link pgConfig}), kept in `into` for the test to end. Its
 * `error` events are taken here: the tests read the error a query rejects with.
 */
export async function connectPg(
  server: SqlServer | undefined,
  into: Client[],
  extra: ClientConfig = {},
): Promise<Client> {
  const client = new pg.Client(pgConfig(server, extra));
  client.on('error', () => {});
  await client.connect();
  into.push(client);
  return client;
}

/**
 * A mysql2 connection to `server` as `account` (user, password, database), `extra` over it, kept
 * in `into` for the test to end. `database: ''` connects to none (root's first connection, before
 * the database exists).
 */
export async function connectMariadb(
  server: SqlServer | undefined,
  into: Connection[],
  account: { user: string; password: string; database: string },
  extra: ConnectionOptions = {},
): Promise<Connection> {
  if (!server) throw new Error('mariadbd did not start (see beforeAll)');
  const connection = await mysql.createConnection({
    host: '127.0.0.1',
    port: server.port,
    user: account.user,
    password: account.password,
    ...(extra.database === '' ? {} : { database: account.database }),
    ...extra,
  });
  connection.on('error', () => {});
  into.push(connection);
  return connection;
}

/**
 * The root connection of a fresh MariaDB server ({@link startMariadb}): no password over TCP yet,
 * no database (the tests create theirs), several statements per query for their setup script.
 * Kept in `into` for the test to end.
 */
export function connectMariadbRoot(
  server: SqlServer | undefined,
  into: Connection[],
): Promise<Connection> {
  return connectMariadb(
    server,
    into,
    { user: 'root', password: '', database: '' },
    { database: '', multipleStatements: true },
  );
}

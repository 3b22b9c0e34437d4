// Throwaway PostgreSQL and MariaDB servers on 127.0.0.1 for the database tests: a free port, a
// data folder under the OS temp dir, stopped and removed at the end. Both refuse to run as root:
// PostgreSQL's programs run as the `postgres` user through `runuser` on a folder it owns (Debian
// keeps them in its versioned library folder, not on PATH); `mariadbd` takes `--user=root`.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import type { Connection, ConnectionOptions } from 'mysql2/promise';
import pg from 'pg';
import type { Client, ClientConfig } from 'pg';
import { decode } from 'agent-errors';
import { freePort } from './redis-server.js';
import { findOnPath, skipper } from './test-plan.js';

/** The folder holding PostgreSQL's `initdb` and `postgres` (newest version first), or `undefined`. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) return bin;
  }
  return undefined;
}

/** `mariadbd` (or `mysqld`) and `mariadb-install-db`, or `undefined` when either is missing. */
export function findMariadb(): { server: string; install: string } | undefined {
  const path = `${process.env.PATH ?? ''}:/usr/sbin:/usr/bin`;
  const server = findOnPath('mariadbd', path) ?? findOnPath('mysqld', path);
  const install = findOnPath('mariadb-install-db', path);
  return server && install ? { server, install } : undefined;
}

export const MISSING_POSTGRES_MESSAGE =
  'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb). Install it (Debian: ' +
  'apt-get install postgresql) to run the PostgreSQL tests (under CI=true they require it), or ' +
  'set AGENT_ERRORS_SKIP_POSTGRES=1 to skip them.';

export const MISSING_MARIADB_MESSAGE =
  'MariaDB is not installed (no mariadbd and mariadb-install-db). Install it (Debian: apt-get ' +
  'install mariadb-server) to run the MariaDB tests (under CI=true they require it), or set ' +
  'AGENT_ERRORS_SKIP_MARIADB=1 to skip them.';

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

/** Run `command` to completion, throwing with its output when it fails. */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${String(result.status)}):\n${result.stdout}${result.stderr}`,
    );
}

/** Spawn a server and resolve once `ready` appears in its output (stderr or stdout). */
function spawnUntil(
  command: string,
  args: string[],
  ready: RegExp,
  what: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${what} did not start within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        proc.stdout?.resume();
        proc.stderr?.resume();
        proc.stdout?.off('data', onData);
        proc.stderr?.off('data', onData);
        proc.off('exit', onExit);
        resolve(proc);
      }
    };
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${String(code)}:\n${output}`));
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', onExit);
  });
}

function stopper(proc: ChildProcess, dir: string): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      const done = (): void => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (proc.exitCode !== null || proc.signalCode !== null) {
        done();
        return;
      }
      proc.once('exit', done);
      // SIGINT: PostgreSQL's fast shutdown; MariaDB treats SIGTERM as a normal shutdown.
      proc.kill('SIGKILL');
    });
}

/** The password of the PostgreSQL `postgres` role and of MariaDB's `root` over TCP. */
export const DB_PASSWORD = 'agent-errors-test';

/**
 * A PostgreSQL server on 127.0.0.1: `initdb` with password authentication (a wrong password is
 * refused), `max_connections` small enough to exhaust from a test, fsync off.
 */
export async function startPostgres(maxConnections = 8): Promise<SqlServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(MISSING_POSTGRES_MESSAGE);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'agent-errors-pg-'));
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, DB_PASSWORD);
  run('chown', ['-R', 'postgres:postgres', dir]);
  const asPostgres = ['-u', 'postgres', '--'];
  run('runuser', [
    ...asPostgres,
    join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=scram-sha-256',
    `--pwfile=${pwfile}`,
    '--no-sync',
    '--no-instructions',
    '-E',
    'UTF8',
  ]);
  const proc = await spawnUntil(
    'runuser',
    [
      ...asPostgres,
      join(bin, 'postgres'),
      '-D',
      data,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'deadlock_timeout=50ms',
      '-c',
      `max_connections=${maxConnections}`,
      '-c',
      'superuser_reserved_connections=0',
    ],
    /ready to accept connections/,
    'postgres',
  );
  return { port, dispose: stopper(proc, dir) };
}

/**
 * A MariaDB server on 127.0.0.1, grants kept (a wrong password is refused), `max_connections`
 * small enough to exhaust from a test.
 */
export async function startMariadb(maxConnections = 8): Promise<SqlServer> {
  const found = findMariadb();
  if (!found) throw new Error(MISSING_MARIADB_MESSAGE);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'agent-errors-mariadb-'));
  const data = join(dir, 'data');
  run(found.install, [
    '--no-defaults',
    '--user=root',
    `--datadir=${data}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  const proc = await spawnUntil(
    found.server,
    [
      '--no-defaults',
      '--user=root',
      `--datadir=${data}`,
      `--socket=${join(dir, 'mysql.sock')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--max-connections=${maxConnections}`,
      '--innodb-buffer-pool-size=16M',
      '--innodb-log-file-size=8M',
      '--innodb-flush-log-at-trx-commit=0',
      '--skip-log-bin',
      '--innodb-lock-wait-timeout=1',
    ],
    /ready for connections/,
    'mariadbd',
  );
  // The root account over TCP gets a password, so that a wrong one is refused.
  return { port, dispose: stopper(proc, dir) };
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
  return {
    host: '127.0.0.1',
    port: server.port,
    user: 'postgres',
    password: DB_PASSWORD,
    database: 'postgres',
    ...extra,
  };
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

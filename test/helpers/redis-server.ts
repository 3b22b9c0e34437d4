import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { findOnPath, isCi, skipper, testPlan } from './test-plan.js';
import type { TestPlan } from './test-plan.js';
import { freePort } from '../../scripts/fixtures/sql-servers.mjs';

export { isCi };

/** The path of `redis-server` on PATH, or `undefined`. */
export function findRedisServer(): string | undefined {
  return findOnPath('redis-server');
}

/** What the Redis tests do on this machine (see {@link testPlan}). */
export type RedisTestPlan = TestPlan;

/**
 * Decide what the Redis tests do. With redis-server on PATH they always run. Without it:
 * AGENT_ERRORS_SKIP_REDIS=1 skips them (an explicit choice, honoured under CI too); under CI
 * they run and fail loudly (CI must test the store); elsewhere they are skipped with a warning,
 * so that `npm ci && npm test` passes on a machine that lacks the server.
 */
export function redisTestPlan(env: NodeJS.ProcessEnv, serverFound: boolean): RedisTestPlan {
  return testPlan(env, serverFound, 'AGENT_ERRORS_SKIP_REDIS');
}

export const MISSING_REDIS_MESSAGE =
  'redis-server is not on PATH. Install it (Debian: apt-get install redis-server) to run the ' +
  'Redis idempotency tests (under CI=true they require it), or set AGENT_ERRORS_SKIP_REDIS=1 ' +
  'to skip them.';

export const SKIPPED_REDIS_WARNING =
  'agent-errors: skipping the Redis idempotency tests: redis-server is not on PATH. ' +
  'Install the Debian package redis-server (apt-get install redis-server) to run them; ' +
  'under CI=true they run and fail instead.';

/**
 * Whether the Redis tests should be skipped here, warning once (console.warn) when they are
 * skipped only because redis-server is missing.
 */
export const skipRedisTests = skipper(
  'AGENT_ERRORS_SKIP_REDIS',
  SKIPPED_REDIS_WARNING,
  () => findRedisServer() !== undefined,
);

// A port on 127.0.0.1 free a moment ago; the SQL servers' starter (shared with the fixtures
// capture, plain JavaScript) holds the one implementation.
export { freePort };

/** A throwaway redis-server on 127.0.0.1, no persistence, in a temp dir. */
export interface RedisServer {
  readonly port: number;
  /** Its directory (cluster and Sentinel state files live there). */
  readonly dir: string;
  readonly url: string;
  /** Stop the server (SIGKILL: an abrupt outage). */
  stop(): Promise<void>;
  /** Start it again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  /** Stop it and remove its directory. */
  dispose(): Promise<void>;
}

/** How to start a server beyond the defaults: a config file's text (Sentinel needs one), more arguments. */
export interface RedisServerSetup {
  /** Written to `redis.conf` in the server's directory and passed first. */
  config?: (port: number, dir: string) => string;
  /** Arguments after the defaults (`--cluster-enabled yes`, `--replicaof 127.0.0.1 6379`, `--sentinel`). */
  args?: (port: number, dir: string) => string[];
  /** The log line that says it is up. Default `Ready to accept connections` (Sentinel: `+monitor`). */
  readyLine?: string;
}

export async function startRedisServer(setup: RedisServerSetup = {}): Promise<RedisServer> {
  const bin = findRedisServer();
  if (!bin) throw new Error(MISSING_REDIS_MESSAGE);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'agent-errors-redis-'));
  let child: ChildProcess | undefined;
  const config: string[] = [];
  if (setup.config) {
    const file = join(dir, 'redis.conf');
    writeFileSync(file, setup.config(port, dir));
    config.push(file);
  }
  const extra = setup.args?.(port, dir) ?? [];

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const proc = spawn(
        bin,
        [
          ...config,
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          dir,
          ...extra,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = proc;
      let output = '';
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`redis-server did not start within 10 s:\n${output}`));
      }, 10_000);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes(setup.readyLine ?? 'Ready to accept connections')) {
          clearTimeout(timer);
          proc.stdout?.off('data', onData);
          proc.stdout?.resume();
          resolve();
        }
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${String(code)}:\n${output}`));
      });
    });

  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
        resolve();
        return;
      }
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });

  await start();
  return {
    port,
    dir,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A node-redis client, as the Redis-backed stores take it. */
export type RedisTestClient = ReturnType<typeof createClient>;

/**
 * A client connected to `url` that reconnects quickly. Connection errors are swallowed here:
 * node-redis reports them while it reconnects, and the stores under test report their own.
 */
export async function connectRedis(url: string): Promise<RedisTestClient> {
  const client = createClient({
    url,
    socket: {
      connectTimeout: 1_000,
      reconnectStrategy: (retries) => Math.min(50 * (retries + 1), 300),
    },
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Start a real redis-server and a client for the enclosing `describe` (stopped after it), and
 * return the accessor the tests call: it throws when the server did not start.
 */
export function useRedisServer(
  setup: RedisServerSetup = {},
): () => { server: RedisServer; client: RedisTestClient } {
  let server: RedisServer | undefined;
  let client: RedisTestClient | undefined;
  beforeAll(async () => {
    if (!findRedisServer()) throw new Error(MISSING_REDIS_MESSAGE);
    server = await startRedisServer(setup);
    client = await connectRedis(server.url);
  }, 30_000);
  afterAll(async () => {
    client?.destroy();
    await server?.dispose();
  });
  return () => {
    if (!server || !client) throw new Error('redis-server did not start (see beforeAll)');
    return { server, client };
  };
}

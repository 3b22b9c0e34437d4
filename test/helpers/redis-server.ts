import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The path of `redis-server` on PATH, or `undefined`. */
export function findRedisServer(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Skip the Redis tests only when asked to and the server is missing; otherwise they must run. */
export const SKIP_REDIS = !findRedisServer() && process.env.AGENT_ERRORS_SKIP_REDIS === '1';

export const MISSING_REDIS_MESSAGE =
  'redis-server is not on PATH. Install it (Debian: apt-get install redis-server) to run the ' +
  'Redis idempotency tests, or set AGENT_ERRORS_SKIP_REDIS=1 to skip them.';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** A throwaway redis-server on 127.0.0.1, no persistence, in a temp dir. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stop the server (SIGKILL: an abrupt outage). */
  stop(): Promise<void>;
  /** Start it again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  /** Stop it and remove its directory. */
  dispose(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const bin = findRedisServer();
  if (!bin) throw new Error(MISSING_REDIS_MESSAGE);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'agent-errors-redis-'));
  let child: ChildProcess | undefined;

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const proc = spawn(
        bin,
        [
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
        if (output.includes('Ready to accept connections')) {
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
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

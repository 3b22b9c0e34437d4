// The Redis deployments users run, started for real on 127.0.0.1: a three-node Redis Cluster and
// a Sentinel watching a primary and its replica. Each starts in a few seconds and is stopped
// (processes killed, directories removed) by its dispose().
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findOnPath } from './test-plan.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const run = promisify(execFile);

/** The path of `redis-cli` on PATH (Debian's redis-tools, which redis-server depends on). */
export function findRedisCli(): string | undefined {
  return findOnPath('redis-cli');
}

async function cli(port: number, ...args: string[]): Promise<string> {
  const bin = findRedisCli();
  if (!bin) throw new Error('redis-cli is not on PATH (Debian: apt-get install redis-tools)');
  const { stdout } = await run(bin, ['-h', '127.0.0.1', '-p', String(port), ...args], {
    timeout: 20_000,
  });
  return stdout;
}

/** Poll `check` every 50 ms until it holds, at most `ms`; throws `what` when it never does. */
async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function disposeAll(servers: readonly RedisServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.dispose()));
}

/** Three primaries sharing the 16384 slots, no replicas. */
export interface RedisCluster {
  readonly nodes: readonly RedisServer[];
  dispose(): Promise<void>;
}

export async function startRedisCluster(): Promise<RedisCluster> {
  const nodes = await Promise.all(
    [0, 1, 2].map(() =>
      startRedisServer({
        args: (port, dir) => [
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `${dir}/nodes-${port}.conf`,
          '--cluster-node-timeout',
          '2000',
        ],
      }),
    ),
  );
  try {
    const first = nodes[0];
    if (!first) throw new Error('no node');
    await cli(
      first.port,
      '--cluster',
      'create',
      ...nodes.map((node) => `127.0.0.1:${node.port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    );
    for (const node of nodes) {
      await until('the cluster was not ok', 10_000, async () =>
        (await cli(node.port, 'CLUSTER', 'INFO')).includes('cluster_state:ok'),
      );
    }
  } catch (error) {
    await disposeAll(nodes);
    throw error;
  }
  return { nodes, dispose: () => disposeAll(nodes) };
}

/** A primary, its replica and one Sentinel (quorum 1) that names the primary `mymaster`. */
export interface RedisSentinelSetup {
  readonly name: string;
  readonly primary: RedisServer;
  readonly replica: RedisServer;
  readonly sentinel: RedisServer;
  /**
   * Kill the primary (SIGKILL); resolves once Sentinel has promoted the replica and names it.
   */
  failover(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startRedisSentinel(): Promise<RedisSentinelSetup> {
  const name = 'mymaster';
  const primary = await startRedisServer();
  const servers = [primary];
  try {
    const replica = await startRedisServer({
      args: () => ['--replicaof', '127.0.0.1', String(primary.port)],
    });
    servers.push(replica);
    const sentinel = await startRedisServer({
      config: () =>
        [
          `sentinel monitor ${name} 127.0.0.1 ${primary.port} 1`,
          `sentinel down-after-milliseconds ${name} 500`,
          `sentinel failover-timeout ${name} 5000`,
          '',
        ].join('\n'),
      args: () => ['--sentinel'],
      readyLine: '+monitor',
    });
    servers.push(sentinel);
    await until('Sentinel did not see the replica', 10_000, async () =>
      (await cli(sentinel.port, 'SENTINEL', 'REPLICAS', name)).includes(String(replica.port)),
    );
    return {
      name,
      primary,
      replica,
      sentinel,
      async failover() {
        await primary.stop();
        await until('the replica was not promoted', 15_000, async () => {
          const named = await cli(sentinel.port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name);
          const role = await cli(replica.port, 'ROLE');
          return named.includes(String(replica.port)) && role.startsWith('master');
        });
      },
      dispose: () => disposeAll(servers),
    };
  } catch (error) {
    await disposeAll(servers);
    throw error;
  }
}

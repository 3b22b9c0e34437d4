// Every Redis client the stores accept, connected the way its users connect it, to the real
// deployment it is made for: node-redis (createClient, createCluster, createSentinel), ioredis
// (Redis, Redis with sentinels, Cluster) and iovalkey (Valkey, Cluster).
import { Cluster as IoRedisCluster, Redis as IoRedis } from 'ioredis';
import { Cluster as ValkeyCluster, Valkey } from 'iovalkey';
import { createCluster, createSentinel } from 'redis';
import type { RedisClientLike } from '../../src/redis/redis-client.js';
import { connectRedis } from './redis-server.js';
import type { RedisServer } from './redis-server.js';
import type { RedisCluster, RedisSentinelSetup } from './redis-topologies.js';

/** The deployments a client kind can be pointed at. */
export interface Deployments {
  single: RedisServer;
  cluster: RedisCluster;
  sentinel: RedisSentinelSetup;
}

export interface ConnectedClient {
  readonly client: RedisClientLike;
  close(): Promise<void>;
}

export interface ClientKind {
  /** Also the adapter's `kind` the store picks for it, where the name says the topology. */
  readonly name: string;
  readonly adapter: string;
  readonly deployment: keyof Deployments;
  connect(deployments: Deployments): Promise<ConnectedClient>;
}

const reconnect = {
  connectTimeout: 1_000,
  reconnectStrategy: (n: number) => Math.min(50 * (n + 1), 300),
};
const host = '127.0.0.1';

/** Resolve once an ioredis / iovalkey client (or cluster) is ready. */
async function ready<C extends { status: string; once(event: string, f: () => void): unknown }>(
  client: C,
): Promise<C> {
  if (client.status !== 'ready')
    await new Promise<void>((resolve) => client.once('ready', resolve));
  return client;
}

function ioClosable(client: { disconnect(): void }, c: RedisClientLike): ConnectedClient {
  return {
    client: c,
    close: () => {
      client.disconnect();
      return Promise.resolve();
    },
  };
}

const nodesOf = (d: Deployments) => d.cluster.nodes.map((node) => ({ host, port: node.port }));

/** ioredis and its fork iovalkey, on one server and on the Cluster: the same API. */
function ioredisKinds(
  library: string,
  single: string,
  connectTo: (port: number) => IoRedis | Valkey,
  clusterOf: (nodes: { host: string; port: number }[]) => IoRedisCluster | ValkeyCluster,
): ClientKind[] {
  return [
    {
      name: `${library} ${single}`,
      adapter: 'ioredis',
      deployment: 'single',
      async connect(d) {
        const client = await ready(connectTo(d.single.port));
        client.on('error', () => {});
        return ioClosable(client, client);
      },
    },
    {
      name: `${library} Cluster`,
      adapter: 'ioredis Cluster',
      deployment: 'cluster',
      async connect(d) {
        const cluster = await ready(clusterOf(nodesOf(d)));
        cluster.on('error', () => {});
        return ioClosable(cluster, cluster);
      },
    },
  ];
}

export const CLIENT_KINDS: readonly ClientKind[] = [
  {
    name: 'node-redis createClient',
    adapter: 'node-redis',
    deployment: 'single',
    async connect(d) {
      const client = await connectRedis(d.single.url);
      return { client, close: () => Promise.resolve(client.destroy()) };
    },
  },
  {
    name: 'node-redis createCluster',
    adapter: 'node-redis Cluster',
    deployment: 'cluster',
    async connect(d) {
      const first = d.cluster.nodes[0];
      const cluster = createCluster({
        rootNodes: [{ url: first?.url ?? '' }],
        defaults: { socket: reconnect },
      });
      cluster.on('error', () => {});
      await cluster.connect();
      return { client: cluster, close: () => Promise.resolve(cluster.destroy()) };
    },
  },
  {
    name: 'node-redis createSentinel',
    adapter: 'node-redis Sentinel',
    deployment: 'sentinel',
    async connect(d) {
      const sentinel = createSentinel({
        name: d.sentinel.name,
        sentinelRootNodes: [{ host, port: d.sentinel.sentinel.port }],
        nodeClientOptions: { socket: reconnect },
      });
      sentinel.on('error', () => {});
      await sentinel.connect();
      return { client: sentinel, close: () => Promise.resolve(sentinel.destroy()) };
    },
  },
  ...ioredisKinds(
    'ioredis',
    'Redis',
    (port) => new IoRedis(port, host, { maxRetriesPerRequest: 1 }),
    (nodes) => new IoRedisCluster(nodes),
  ),
  {
    name: 'ioredis Redis with sentinels',
    adapter: 'ioredis',
    deployment: 'sentinel',
    async connect(d) {
      const client = await ready(
        new IoRedis({
          sentinels: [{ host, port: d.sentinel.sentinel.port }],
          name: d.sentinel.name,
          // Follow a failover as it is announced (ioredis's default waits for the old primary's
          // connection to fail).
          failoverDetector: true,
          maxRetriesPerRequest: 1,
        }),
      );
      client.on('error', () => {});
      return ioClosable(client, client);
    },
  },
  ...ioredisKinds(
    'iovalkey',
    'Valkey',
    (port) => new Valkey(port, host, { maxRetriesPerRequest: 1 }),
    (nodes) => new ValkeyCluster(nodes),
  ),
];

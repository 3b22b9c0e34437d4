import { optionError } from '../retry/check-option.js';

/**
 * A node-redis v4/v5 client from `createClient()` (or a pool): one server, or the primary a
 * Redis Enterprise / proxy endpoint stands for.
 */
export interface NodeRedisClientLike {
  /** Send one command (`['EVALSHA', sha, '1', key, …]`) and resolve with the reply. */
  sendCommand(args: string[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
}

/** A node-redis Redis Cluster client from `createCluster()`: commands are routed by their key. */
export interface NodeRedisClusterLike {
  /** Send one command to the node that holds `firstKey`, and resolve with the reply. */
  sendCommand(
    firstKey: string | undefined,
    isReadonly: boolean | undefined,
    args: string[],
    options?: { abortSignal?: AbortSignal },
  ): Promise<unknown>;
  /** The primary of a hash slot: how a Cluster client is told from a single-server one. */
  getSlotMaster(slot: number): unknown;
}

/** A node-redis v5 client from `createSentinel()`: commands go to the primary Sentinel names. */
export interface NodeRedisSentinelLike {
  /** Send one command to the current primary, and resolve with the reply. */
  sendCommand(
    isReadonly: boolean | undefined,
    args: string[],
    options?: { abortSignal?: AbortSignal },
  ): Promise<unknown>;
  /** The primary Sentinel names: how a Sentinel client is told from a single-server one. */
  getMasterNode(): unknown;
}

/**
 * An ioredis or iovalkey client: `new Redis()` (one server, or a Sentinel-managed primary with
 * `sentinels`) or `new Cluster()`. Both route `call` by the command's key.
 */
export interface IoRedisLike {
  /** Send one command (`call('EVALSHA', sha, '1', key, …)`) and resolve with the reply. */
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * The clients the Redis-backed stores accept, recognised by shape so that no client library is
 * a dependency: node-redis (single server, Cluster, Sentinel), ioredis and its Valkey fork
 * iovalkey (single server, Sentinel, Cluster). Valkey servers work with any of them.
 */
export type RedisClientLike =
  NodeRedisClientLike | NodeRedisClusterLike | NodeRedisSentinelLike | IoRedisLike;

/**
 * What the stores need from a client: send one command whose only key is `key` to the server
 * that holds that key, and resolve with the reply. Every store command names exactly one key,
 * so one routing rule serves a single server, a Sentinel-managed primary and a Cluster alike.
 * @internal
 */
export interface KeyedRedis {
  /** Which adapter this is, for messages: `'node-redis Cluster'`, `'ioredis'`, … */
  readonly kind: string;
  send(key: string, args: string[], signal: AbortSignal): Promise<unknown>;
}

const EXPECTED =
  'a Redis client: node-redis (createClient, createCluster, createSentinel) or ioredis / ' +
  'iovalkey (Redis, Cluster)';

function has(value: object, method: string): boolean {
  return typeof (value as Record<string, unknown>)[method] === 'function';
}

/**
 * The adapter for `client`, chosen by its shape. Throws a `TypeError` naming `where` and the
 * clients accepted when `client` is none of them: a store given the wrong object must fail at
 * construction, not fail open on every call.
 * @internal
 */
export function keyedRedis(where: string, client: unknown): KeyedRedis {
  if (client === null || typeof client !== 'object') {
    throw optionError(where, 'client', EXPECTED, client);
  }
  // ioredis first: it has a `sendCommand` too, taking its own Command objects.
  if (has(client, 'call')) {
    const io = client as IoRedisLike;
    return {
      kind: (client as { isCluster?: unknown }).isCluster === true ? 'ioredis Cluster' : 'ioredis',
      // ioredis has no per-command abort: the store's own time bound gives up on the reply.
      send: (_key, [command = '', ...rest]) => io.call(command, ...rest),
    };
  }
  if (!has(client, 'sendCommand')) throw optionError(where, 'client', EXPECTED, client);
  if (has(client, 'getSlotMaster')) {
    const cluster = client as NodeRedisClusterLike;
    return {
      kind: 'node-redis Cluster',
      send: (key, args, abortSignal) => cluster.sendCommand(key, false, args, { abortSignal }),
    };
  }
  if (has(client, 'getMasterNode')) {
    const sentinel = client as NodeRedisSentinelLike;
    return {
      kind: 'node-redis Sentinel',
      send: (_key, args, abortSignal) => sentinel.sendCommand(false, args, { abortSignal }),
    };
  }
  const single = client as NodeRedisClientLike;
  return {
    kind: 'node-redis',
    send: (_key, args, abortSignal) => single.sendCommand(args, { abortSignal }),
  };
}

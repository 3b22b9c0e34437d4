import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { withIdempotency } from '../idempotency/with-idempotency.js';
import { retry } from '../retry/retry.js';
import { storeContract } from '../../test/helpers/idempotency-store-contract.js';
import { CLIENT_KINDS } from '../../test/helpers/redis-clients.js';
import type { ConnectedClient, Deployments } from '../../test/helpers/redis-clients.js';
import { connectRedis, skipRedisTests, startRedisServer } from '../../test/helpers/redis-server.js';
import {
  findRedisCli,
  startRedisCluster,
  startRedisSentinel,
} from '../../test/helpers/redis-topologies.js';
import { retryStateContract } from '../../test/helpers/retry-state-contract.js';
import { keyedRedis } from './redis-client.js';
import { RedisIdempotencyStore } from './redis-idempotency-store.js';
import { RedisRetryStateStore } from './redis-retry-state-store.js';
import { CLAIM_SCRIPT } from './redis-scripts.js';
import { ADMIT_SCRIPT, RECORD_SCRIPT } from './retry-state-scripts.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `redis-cli -p port args…`: the servers are checked with the server's own tool. */
function cli(port: number, ...args: string[]): string {
  return execFileSync(
    findRedisCli() ?? 'redis-cli',
    ['-h', '127.0.0.1', '-p', String(port), ...args],
    {
      encoding: 'utf8',
    },
  );
}

/** The ports of the servers a deployment's data (and scripts) live on. */
function dataPorts(d: Deployments, deployment: keyof Deployments): number[] {
  if (deployment === 'single') return [d.single.port];
  if (deployment === 'cluster') return d.cluster.nodes.map((node) => node.port);
  return [d.sentinel.primary.port, d.sentinel.replica.port];
}

/** A store call that fails once: it writes the target's hash through both retry-state scripts. */
async function failOnce(state: RedisRetryStateStore, target: string): Promise<void> {
  await retry(
    () => {
      throw AgentError.unavailable('down');
    },
    { target, state, maxAttempts: 1, breaker: { failureThreshold: 5 } },
  ).catch(() => {});
}

describe.skipIf(skipRedisTests())('the Redis stores on every client users run', () => {
  let deployments: Deployments | undefined;
  beforeAll(async () => {
    const [single, cluster, sentinel] = await Promise.all([
      startRedisServer(),
      startRedisCluster(),
      startRedisSentinel(),
    ]);
    deployments = { single, cluster, sentinel };
  }, 40_000);
  afterAll(async () => {
    if (!deployments) return;
    const { single, cluster, sentinel } = deployments;
    await Promise.all([single.dispose(), cluster.dispose(), sentinel.dispose()]);
  });
  const deployed = (): Deployments => {
    if (!deployments) throw new Error('the Redis deployments did not start (see beforeAll)');
    return deployments;
  };

  describe.each(CLIENT_KINDS)('$name', (kind) => {
    let connected: ConnectedClient | undefined;
    beforeAll(async () => {
      connected = await kind.connect(deployed());
    }, 20_000);
    afterAll(() => connected?.close());
    const client = () => {
      if (!connected) throw new Error(`${kind.name} did not connect`);
      return connected.client;
    };

    it(`is driven through the ${kind.adapter} adapter`, () => {
      expect(keyedRedis('test', client()).kind).toBe(kind.adapter);
    });

    describe('idempotency store contract', () => {
      storeContract(() => ({
        makeStore: (ttlMs) =>
          new RedisIdempotencyStore(client(), { ttlMs, prefix: `test:${randomUUID()}:` }),
        advance: sleep,
        clock: { now: () => Date.now() },
        shortTtlMs: 200,
      }));
    });

    describe('retry state store contract', () => {
      retryStateContract(
        () => new RedisRetryStateStore(client(), { prefix: `test:${randomUUID()}:` }),
      );
    });

    it('runs scripts by EVALSHA and loads them again after SCRIPT FLUSH', async () => {
      const errors: AgentError[] = [];
      const state = new RedisRetryStateStore(client(), {
        prefix: `test:${randomUUID()}:`,
        onError: (e) => errors.push(e),
      });
      const ports = dataPorts(deployed(), kind.deployment);
      await failOnce(state, 'before');
      for (const port of ports) cli(port, 'SCRIPT', 'FLUSH');
      await failOnce(state, 'after');
      expect(errors).toEqual([]);
      // The script that ran after the flush was loaded again where it ran.
      const sha = await RECORD_SCRIPT.sha();
      const loaded = ports.filter((port) => cli(port, 'SCRIPT', 'EXISTS', sha).trim() === '1');
      expect(loaded.length).toBeGreaterThan(0);
    });
  });

  it('sends each script once per server, then only its SHA-1; a healthy target costs one round trip per window', async () => {
    const real = await connectRedis(deployed().single.url);
    const sent: string[][] = [];
    const counted = {
      sendCommand: (args: string[], options?: { abortSignal?: AbortSignal }) => {
        sent.push(args);
        return real.sendCommand(args, options);
      },
    };
    try {
      // Without the local tier (syncIntervalMs: 0): two scripts a call, by SHA-1 only.
      const state = new RedisRetryStateStore(counted, {
        prefix: `test:${randomUUID()}:`,
        syncIntervalMs: 0,
      });
      cli(deployed().single.port, 'SCRIPT', 'FLUSH');
      await failOnce(state, 'warm');
      sent.length = 0;
      for (let i = 0; i < 10; i++) await retry(() => 'ok', { target: 'measured', state });
      const sources = [ADMIT_SCRIPT.source, RECORD_SCRIPT.source];
      expect(sent).toHaveLength(20);
      expect(sent.every((args) => args[0] === 'EVALSHA')).toBe(true);
      expect(sent.flat().filter((arg) => sources.includes(arg))).toEqual([]);
      const before = ADMIT_SCRIPT.source.length + RECORD_SCRIPT.source.length;
      const after = sent.flat().reduce((n, arg) => n + arg.length, 0) / 10;
      console.info(
        `retry state per call without the local tier: 2 round trips; Lua ${before} B before ` +
          `(EVAL), ${2 * 40} B of SHA-1 now; ${after.toFixed(0)} B of arguments in all`,
      );
      // With it (the default): the first call asks, the next ones in its window do not.
      const tiered = new RedisRetryStateStore(counted, { prefix: `test:${randomUUID()}:` });
      sent.length = 0;
      for (let i = 0; i < 10; i++) await retry(() => 'ok', { target: 'measured', state: tiered });
      expect(sent).toHaveLength(1);
    } finally {
      real.destroy();
    }
  });

  it('follows a Sentinel failover: the promoted replica is sent the scripts it lacks', async () => {
    const d = deployed();
    const kinds = CLIENT_KINDS.filter((k) => k.deployment === 'sentinel');
    const clients = await Promise.all(kinds.map((k) => k.connect(d)));
    try {
      const stores = clients.map(
        ({ client }) =>
          new RedisIdempotencyStore(client, {
            prefix: `test:${randomUUID()}:`,
            commandTimeoutMs: 500,
          }),
      );
      let runs = 0;
      const calls = stores.map((store) => withIdempotency(store, () => Promise.resolve(++runs)));
      for (const call of calls) await call({}, { idempotencyKey: 'before' });
      await d.sentinel.failover();
      // While the clients learn the new primary, a call fails as `unavailable`: retry covers it.
      const again = { maxAttempts: 50, baseDelayMs: 50, maxDelayMs: 200, maxElapsedMs: 15_000 };
      for (const call of calls) {
        const first = await retry(() => call({}, { idempotencyKey: 'after' }), again);
        expect(await call({}, { idempotencyKey: 'after' })).toBe(first);
      }
      const sha = await CLAIM_SCRIPT.sha();
      expect(cli(d.sentinel.replica.port, 'SCRIPT', 'EXISTS', sha).trim()).toBe('1');
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  }, 30_000);

  it('refuses a client it cannot drive, at construction, naming the clients it takes', () => {
    for (const client of [{}, { get: () => null }, null, 'redis://127.0.0.1']) {
      for (const make of [
        () => new RedisIdempotencyStore(client as never),
        () => new RedisRetryStateStore(client as never),
      ]) {
        expect(make).toThrow(TypeError);
        expect(make).toThrow(/client must be a Redis client: node-redis .*ioredis \/ iovalkey/);
      }
    }
  });
});

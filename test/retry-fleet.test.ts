// A fleet of 4 worker processes calls one local HTTP server through `retry` with a target:
// with the state in Redis they wait out a 429 together and probe once per window; with each
// process's own memory, every worker comes back on its own. The same 4 processes serve every
// test, each run with a target of its own. Figures are printed on request (AGENT_ERRORS_TEST_FIGURES=1);
// only what the shared state guarantees (whatever the machine's speed) is asserted.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transpile } from '../scripts/transpile.mjs';
import { RedisRetryStateStore } from '../src/redis/redis-retry-state-store.js';
import {
  MISSING_REDIS_MESSAGE,
  connectRedis,
  findRedisServer,
  skipRedisTests,
  startRedisServer,
} from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';
import { reportFigures } from './helpers/figures.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const workerPath = fileURLToPath(new URL('./fixtures/retry-fleet-worker.mjs', import.meta.url));
const WORKERS = 4;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One request as the server saw it. */
interface Seen {
  at: number;
  status: number;
  worker: string;
  attempt: string;
  /** When its answer was sent. */
  answeredAt: number;
}

/**
 * A server that answers `failStatus` (with `Retry-After` when given) for `badForMs` after its
 * first request, then 200 after `okLatencyMs`: a probe is under way for that long.
 */
async function startServer(options: {
  badForMs: number;
  failStatus: number;
  retryAfter?: string;
  okLatencyMs: number;
}): Promise<{ server: Server; url: string; seen: Seen[]; start: () => number }> {
  const seen: Seen[] = [];
  let start: number | undefined;
  const server = createServer((req, res) => {
    const at = performance.now();
    start ??= at;
    const entry: Seen = {
      at,
      status: 0,
      worker: String(req.headers['x-worker']),
      attempt: String(req.headers['x-retry-attempt']),
      answeredAt: 0,
    };
    seen.push(entry);
    const bad = at - start < options.badForMs;
    const answer = () => {
      entry.status = bad ? options.failStatus : 200;
      entry.answeredAt = performance.now();
      res.writeHead(entry.status, {
        'content-type': 'text/plain',
        ...(bad && options.retryAfter ? { 'retry-after': options.retryAfter } : {}),
      });
      res.end(bad ? 'busy' : 'ok');
    };
    if (bad) answer();
    else setTimeout(answer, options.okLatencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { server, url, seen, start: () => start ?? 0 };
}

describe.skipIf(skipRedisTests())('retry across a fleet of processes (real redis-server)', () => {
  let redis: RedisServer | undefined;
  let dist = '';

  beforeAll(async () => {
    if (!findRedisServer()) throw new Error(MISSING_REDIS_MESSAGE);
    redis = await startRedisServer();
    // A build of its own (esbuild, under a second), so that it never races another test
    // writing dist/.
    dist = mkdtempSync(join(tmpdir(), 'agent-errors-fleet-'));
    await transpile(dist);
    await startWorkers();
  }, 60_000);

  afterAll(async () => {
    for (const worker of pool) worker.child.kill();
    await redis?.dispose();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  /** A worker process of the fleet, and the next line it prints (bounded: 30 s). */
  interface Worker {
    child: ChildProcessWithoutNullStreams;
    read: () => Promise<string>;
  }
  const pool: Worker[] = [];

  /** Start the fleet's workers once for the file and wait until each is ready. */
  async function startWorkers(): Promise<void> {
    if (!redis) throw new Error('redis-server did not start');
    for (let i = 0; i < WORKERS; i++) {
      const setup = { dist: pathToFileURL(dist).href, redisUrl: redis.url, name: `w${i}` };
      const child = spawn(process.execPath, [workerPath, JSON.stringify(setup)], { cwd: root });
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const read = async (): Promise<string> => {
        const next = await Promise.race([
          lines.next(),
          sleep(30_000).then(() => ({ done: true, value: undefined }) as const),
        ]);
        if (next.done) throw new Error(`worker w${i} said nothing within 30 s`);
        return next.value;
      };
      pool.push({ child, read });
    }
    for (const worker of pool) expect(await worker.read()).toBe('ready');
  }

  /** Say go to `workers` of the fleet at once with one run's settings, gather their outcomes. */
  async function runFleet(
    scenario: 'wait' | 'bounded' | 'breaker' | 'sick',
    mode: 'redis' | 'memory',
    serverUrl: string,
    { workers = WORKERS, target = `fleet-${randomUUID()}` } = {},
  ): Promise<Record<string, unknown>[]> {
    const fleet = pool.slice(0, workers);
    if (fleet.length < workers) throw new Error("the fleet's workers did not start");
    const run = JSON.stringify({ serverUrl, target, mode, scenario });
    for (const worker of fleet) worker.child.stdin.write(`go ${run}\n`);
    return await Promise.all(
      fleet.map(async (worker) => JSON.parse(await worker.read()) as Record<string, unknown>),
    );
  }

  /** What the server saw of one 429 window scenario. */
  function waitFigures(seen: Seen[], badForMs: number, start: number) {
    const limited = seen.filter((s) => s.at - start < badForMs);
    const firstWave = seen.filter((s) => s.attempt === '1' && s.status === 429);
    const firstOk = seen.find((s) => s.status === 200);
    return {
      requests: seen.length,
      firstWave: firstWave.length,
      // Requests inside the 429 window after the first wave: probes (and, without shared state,
      // every worker's own retry).
      limitedAfterFirstWave: limited.length - firstWave.length,
      // Requests that arrived once the window was over, before the first 200 went back: how many
      // callers probed the recovering server at once.
      probesAtRecovery: seen.filter(
        (s) => s.at - start >= badForMs && firstOk !== undefined && s.at <= firstOk.answeredAt,
      ).length,
    };
  }

  it.each([
    { badForMs: 1_000, windows: 1 },
    { badForMs: 2_500, windows: 3 },
  ])(
    '429 with Retry-After: 1 for $badForMs ms: the fleet probes once per window',
    async ({ badForMs, windows }) => {
      const figures: Record<string, ReturnType<typeof waitFigures>> = {};
      for (const mode of ['redis', 'memory'] as const) {
        const { server, url, seen, start } = await startServer({
          badForMs,
          failStatus: 429,
          retryAfter: '1',
          okLatencyMs: 100,
        });
        try {
          const results = await runFleet('wait', mode, url);
          expect(
            results.every((r) => r.ok === true),
            JSON.stringify(results),
          ).toBe(true);
          figures[mode] = waitFigures(seen, badForMs, start());
        } finally {
          await new Promise((resolve) => server.close(resolve));
        }
      }
      reportFigures(`fleet, 429 window of ${badForMs} ms:`, JSON.stringify(figures));
      const shared = figures.redis;
      // After the first wave, at most one probe per window for the whole fleet, and one caller
      // at a time on the recovering server.
      expect(shared?.limitedAfterFirstWave).toBeLessThanOrEqual(windows - 1);
      expect(shared?.probesAtRecovery).toBe(1);
      expect(shared?.firstWave).toBeLessThanOrEqual(WORKERS);
    },
    60_000,
  );

  it('429 for 6 s, maxAttempts 2, maxDelayMs 2000: every call ends within its bound, the fleet probes once a window', async () => {
    const badForMs = 6_000;
    const { server, url, seen, start } = await startServer({
      badForMs,
      failStatus: 429,
      retryAfter: '1',
      okLatencyMs: 100,
    });
    try {
      const results = await runFleet('bounded', 'redis', url);
      const elapsed = results.map((r) => r.elapsedMs as number);
      const figures = waitFigures(seen, badForMs, start());
      reportFigures(
        'fleet, 429 for 6 s, maxAttempts 2:',
        JSON.stringify({
          ...figures,
          slowestCallMs: Math.max(...elapsed),
          stops: results.map((r) => r.stop),
        }),
      );
      // docs/retry.md: maxAttempts x (attempt + max(maxDelayMs, probeLeaseMs)); the attempts
      // here answer at once and no probe is held longer than its answer, so 2 x 2000 ms, plus
      // 2 s for starting processes on a loaded machine. (Without the rule: as long as the window.)
      expect(Math.max(...elapsed)).toBeLessThanOrEqual(2 * 2_000 + 2_000);
      // During the window, after the first wave (every worker's first call, before any 429 was
      // known), the fleet sends at most 1.1x what one client obeying Retry-After: 1 would: one
      // request a second.
      expect(figures.limitedAfterFirstWave).toBeLessThanOrEqual(
        Math.floor((1.1 * badForMs) / 1_000),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);

  it('server down for 2 s: a shared breaker lets only probes through while open', async () => {
    const downForMs = 2_000;
    const figures: Record<string, Record<string, number>> = {};
    for (const mode of ['redis', 'memory'] as const) {
      const { server, url, seen, start } = await startServer({
        badForMs: downForMs,
        failStatus: 503,
        okLatencyMs: 20,
      });
      try {
        const results = await runFleet('breaker', mode, url);
        expect(
          results.every((r) => r.ok === true),
          JSON.stringify(results),
        ).toBe(true);
        const down = seen.filter((s) => s.at - start() < downForMs);
        // The breaker opens on the third 503 answered; what arrives after that, while down,
        // reached the server while it was open (probes, and calls already on their way).
        const third = [...down].sort((a, b) => a.answeredAt - b.answeredAt)[2];
        figures[mode] = {
          requestsWhileDown: down.length,
          reachedWhileOpen: down.filter((s) => third !== undefined && s.at > third.answeredAt)
            .length,
          rejectedFast: results.reduce((n, r) => n + Number(r.rejectedFast ?? 0), 0),
        };
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
    reportFigures('fleet, server down for 2 s:', JSON.stringify(figures));
    // Open for 500 ms after each failed probe: at most one probe per 500 ms, plus the calls each
    // worker already had on their way when it opened.
    expect(figures.redis?.reachedWhileOpen).toBeLessThanOrEqual(
      Math.ceil(downForMs / 500) + WORKERS,
    );
  }, 60_000);

  it.each([
    { sick: 1, shared: 'go' },
    { sick: 2, shared: 'open' },
  ])(
    'quorum: $sick failing process(es): each is turned away, and the fleet’s breaker is $shared',
    async ({ sick, shared }) => {
      if (!redis) throw new Error('redis-server did not start');
      const { server, url } = await startServer({
        badForMs: Infinity,
        failStatus: 503,
        okLatencyMs: 0,
      });
      const target = `quorum-${randomUUID()}`;
      const client = await connectRedis(redis.url);
      try {
        const results = await runFleet('sick', 'redis', url, { workers: sick, target });
        // Each sick process was turned away after at most its own failureThreshold (3)
        // failures: by its own breaker, or by the fleet's once two processes had failed.
        for (const result of results) expect(result).toMatchObject({ ok: true });
        const served = results.map((result) => Number(result.served));
        expect(Math.max(...served)).toBeLessThanOrEqual(3);
        expect(served.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(3);
        // What any other process of the fleet is told about the target now.
        const healthy = new RedisRetryStateStore(client, { prefix: 'fleet:' });
        const policy = {
          maxTokens: 0,
          tokenRatio: 0,
          failureThreshold: 3,
          halfOpenAfterMs: 10_000,
          successThreshold: 1,
          probeLeaseMs: 1_000,
        };
        const admission = await healthy.admit(target, policy, Date.now());
        expect(admission.kind).toBe(shared);
      } finally {
        client.destroy();
        await new Promise((resolve) => server.close(resolve));
      }
    },
    60_000,
  );
});

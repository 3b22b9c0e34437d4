// Per-call overhead of a retry layer around a call that succeeds — the price every call pays:
// agent-errors `retry` with a target (its retry budget and circuit breaker on), cockatiel 3's
// `wrap(retry, circuitBreaker)` and p-retry 7. The call itself is an async function that resolves
// at once; the floor is awaiting it bare. Run `npx tsc -p tsconfig.build.json` first: this
// imports the built package from ../dist.
import {
  ConsecutiveBreaker,
  ExponentialBackoff,
  circuitBreaker,
  handleAll,
  retry as cockatielRetry,
  wrap,
} from 'cockatiel';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import { createClient } from 'redis';
import { RedisRetryStateStore } from '../dist/entries/redis.js';
import { retry } from '../dist/entries/retry.js';
import { printTable } from './harness.js';

const work = async () => 42;

const cockatiel = wrap(
  cockatielRetry(handleAll, { maxAttempts: 4, backoff: new ExponentialBackoff() }),
  circuitBreaker(handleAll, { halfOpenAfter: 5_000, breaker: new ConsecutiveBreaker(5) }),
);

const CANDIDATES = {
  'floor (await the call)': () => work(),
  'agent-errors retry + budget + breaker': () => retry(work, { target: 'bench', maxAttempts: 5 }),
  'cockatiel 3 wrap(retry, circuitBreaker)': () => cockatiel.execute(work),
  'p-retry 7': () => pRetry(work, { retries: 4 }),
};

/** Nanoseconds per call of `n` sequential awaited calls of `fn`. */
async function timeBatch(fn, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  return Number(process.hrtime.bigint() - t0) / n;
}

/**
 * The candidates timed round-robin, as bench/harness.js does for synchronous code: on a shared
 * host the speed drifts within seconds, so every round runs all candidates side by side, and
 * ratios are taken within a round. The first rounds warm up and are dropped.
 */
async function roundRobin(fns, { rounds = 15, warmupRounds = 3, roundMs = 100 } = {}) {
  const counts = [];
  for (const fn of fns) {
    const ns = await timeBatch(fn, 20_000);
    counts.push(Math.max(5_000, Math.round((roundMs * 1e6) / ns)));
  }
  const times = fns.map(() => []);
  for (let r = -warmupRounds; r < rounds; r++) {
    for (let k = 0; k < fns.length; k++) {
      const ns = await timeBatch(fns[k], counts[k]);
      if (r >= 0) times[k].push(ns);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    medians: times.map(median),
    /** Median over rounds of f(round's times). */
    perRound: (f) => median(times[0].map((_, r) => f(times.map((t) => t[r])))),
  };
}

export async function runRetryBench() {
  const names = Object.keys(CANDIDATES);
  const timed = await roundRobin(Object.values(CANDIDATES));
  const rows = names.map((name, k) => ({ name, value: timed.medians[k] }));
  const [floor, ours, cockatielIndex, pRetryIndex] = [0, 1, 2, 3];
  const faster =
    timed.medians[cockatielIndex] <= timed.medians[pRetryIndex] ? cockatielIndex : pRetryIndex;
  printTable('One call that succeeds, through a retry layer (ns per call, lower is better)', rows, {
    unit: 'ns/call',
    ratioTo: names[faster],
    ratioLabel: 'vs the faster',
  });
  // Overhead: each candidate's time less the bare call's, in the same round.
  const overhead = (k) => timed.perRound((t) => t[k] - t[floor]);
  const vsFaster = timed.perRound(
    (t) => (t[ours] - t[floor]) / Math.min(t[cockatielIndex] - t[floor], t[pRetryIndex] - t[floor]),
  );
  console.log(
    `overhead per call: agent-errors ${overhead(ours).toFixed(0)} ns, cockatiel ${overhead(cockatielIndex).toFixed(0)} ns, p-retry ${overhead(pRetryIndex).toFixed(0)} ns`,
  );
  console.log(
    `agent-errors retry + budget + breaker: ${vsFaster.toFixed(2)}x the overhead of the faster of cockatiel and p-retry (median of 15 alternating rounds; target <= 1.10x)`,
  );
  return rows;
}

/** A free port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The same healthy call with the targets' state in Redis (`RedisRetryStateStore`, its local
 * tier on) against the in-memory default, on a throwaway redis-server on 127.0.0.1. Skipped with
 * a line saying so where redis-server is not installed.
 */
export async function runSharedStateBench() {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    console.log('shared retry state: skipped (redis-server is not on PATH)');
    return;
  }
  const port = await freePort();
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const client = createClient({ url: `redis://127.0.0.1:${port}` });
  client.on('error', () => {});
  try {
    for (let i = 0; i < 50; i++) {
      try {
        await client.connect();
        break;
      } catch {
        await sleep(100);
      }
    }
    const state = new RedisRetryStateStore(client, { prefix: `bench:${port}:` });
    const timed = await roundRobin([
      () => work(),
      () => retry(work, { target: 'bench', maxAttempts: 5 }),
      () => retry(work, { target: 'bench', maxAttempts: 5, state }),
    ]);
    const memory = timed.perRound((t) => t[1] - t[0]);
    const shared = timed.perRound((t) => t[2] - t[0]);
    const ratio = timed.perRound((t) => (t[2] - t[0]) / (t[1] - t[0]));
    console.log(
      `shared retry state (Redis, local tier on): overhead per healthy call ${shared.toFixed(0)} ns vs ${memory.toFixed(0)} ns in memory: ${ratio.toFixed(2)}x (target <= 2x)`,
    );
  } finally {
    await client.quit().catch(() => {});
    server.kill('SIGKILL');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runRetryBench();
  await runSharedStateBench();
}

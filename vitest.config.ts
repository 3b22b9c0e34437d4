import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.js';

const src = fileURLToPath(new URL('./src/', import.meta.url));

/** Integration files that keep a fresh worker per file (see their project below). */
const ISOLATED = [
  // They measure heap growth or time: what other files left in the worker would move the figures.
  'test/hostile/flood.test.ts',
  'test/hostile/flood-web.test.ts',
  'test/hostile/flow-within-read.test.ts',
  'test/hostile/linear-time.test.ts',
  'test/retry-fleet.test.ts',
  'test/retry-real-errors.test.ts',
  'test/rpc-reliability.test.ts',
  // They start and stop redis-servers and connect clients that reconnect on their own (node-redis,
  // ioredis) or MongoDB clients that keep probing: one left behind in a shared worker would keep
  // knocking at its port, which a later file's server may get (the likely cause of a maxclients-1
  // server refusing its first client in a shared run).
  'test/databases-redis.test.ts',
  'test/idempotency-safety.test.ts',
  'test/redis-test-plan.test.ts',
  'test/world-fresh-databases.test.ts',
  'test/world-fresh-databases-3.test.ts',
  'test/world-fresh-databases-5.test.ts',
  'test/world-fresh-databases-6.test.ts',
];

/**
 * Isolated files that also run alone, after every other file: the timing-ratio test reads how
 * time grows from a 20 KB to a 200 KB input, and a file running beside it (the isolated project
 * runs two at a time) evicts its large input from the cache the cores share, lifting the ratio
 * toward its bound. By then the other steps of `npm test` (lint, typecheck, docs) are done too.
 */
const ALONE = ['test/hostile/linear-time.test.ts'];

export default defineConfig({
  resolve: {
    // Tests and README blocks import the package by its public name; point that at the sources.
    alias: [
      { find: /^agent-errors$/, replacement: `${src}index.ts` },
      { find: /^agent-errors\/(.+)$/, replacement: `${src}entries/$1.ts` },
    ],
  },
  test: {
    // Unexpected-error lines (the default onError report) are collected, not printed.
    setupFiles: ['test/setup/quiet-unexpected.ts'],
    testTimeout: 20_000,
    // The longest files first (test/setup/sequencer.ts), from a committed list of durations.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The unit tests beside the code share their workers' module cache (no isolation): they
        // set no globals, mock no modules and restore what they spy on, and each file would
        // otherwise import the library and the SDKs again, which cost more than the tests.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          isolate: false,
          sequence: { groupOrder: 1 },
          // The type tests compile in tsconfig.json too: npm test's typecheck step has checked them
          // (an expectTypeOf that does not hold fails it) and sets AGENT_ERRORS_TYPECHECKED=1 here
          // to save a second full tsc run.
          typecheck: {
            enabled: process.env.AGENT_ERRORS_TYPECHECKED !== '1',
            include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
          },
        },
      },
      {
        // Integration suites (servers, child processes, real timers) share their workers' module
        // cache like the unit tests: importing the library and the SDKs again for every file cost
        // more than many of the files. They set no globals, mock no modules, and what they change
        // for a moment (the CLI's environment and folder, a warning listener) they put back; files
        // in one worker run one after another, so nothing they do overlaps.
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // A fresh module graph, heap and process per file, for the reasons given in ISOLATED.
        // They run first (`groupOrder` 0; the shared projects after them), at least two at once
        // even on two cores, where Vitest's default is one worker: they hold the longest files,
        // much of their time is spent waiting (servers, child processes, real-time retries), and
        // a second one runs in those waits. It costs no extra imports, as each file has a fresh
        // process anyway (a second worker of a shared project would import the SDKs again).
        // Files at the same time share nothing but the machine: each starts its own servers on
        // free ports and writes only in its own temp folders; the timing tests assert only
        // ratios that hold with both cores busy.
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          exclude: ALONE,
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The same fresh process per file, one file at a time, last (see ALONE).
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});

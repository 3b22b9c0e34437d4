#!/usr/bin/env node
// The full cross product of the generated safety proof (test/hostile/safety-proof.test.ts):
// every secret format × every context × every way out × every position, with its table.
import { spawnSync } from 'node:child_process';

const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--typecheck.enabled=false',
    'test/hostile/safety-proof.test.ts',
    'test/hostile/cut-boundary.test.ts',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, SAFETY_FULL: '1' },
  },
);
process.exit(run.status ?? 1);

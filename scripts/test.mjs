// `npm test`: every check, in order, each named as it starts, with a summary at the end that says
// which step failed and how long each took. A failing step does not hide the others' results:
// lint, typecheck and docs do not stop the run; the build does, for the steps that need dist/.
import { spawnSync } from 'node:child_process';

const STEPS = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'build', script: 'build', required: true },
  { name: 'docs (API reference)', script: 'docs' },
  { name: 'tests (vitest)', command: ['npx', 'vitest', 'run'] },
  { name: 'package checks', script: 'check:package' },
];

const results = [];
let buildFailed = false;
for (const step of STEPS) {
  if (buildFailed) {
    results.push({ name: step.name, status: 'skipped (the build failed)', seconds: 0 });
    continue;
  }
  console.log(`\n── npm test: ${step.name} ──`);
  const started = performance.now();
  const [command, ...args] = step.command ?? ['npm', 'run', '--silent', step.script];
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const ok = run.status === 0;
  results.push({
    name: step.name,
    status: ok ? 'passed' : `FAILED (exit ${run.status ?? run.signal})`,
    seconds,
  });
  if (!ok && step.required) buildFailed = true;
}

console.log('\n── npm test: summary ──');
for (const r of results)
  console.log(
    `  ${r.status.padEnd(28)} ${r.name.padEnd(22)} ${r.seconds.toFixed(1).padStart(6)} s`,
  );
const failed = results.filter((r) => r.status !== 'passed');
console.log(
  failed.length === 0 ? '  every step passed' : `  failed: ${failed.map((r) => r.name).join(', ')}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;

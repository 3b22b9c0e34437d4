// `npm test`: every check, each named, with a summary at the end that says which step failed and
// how long each took (wall seconds, and CPU seconds: what the step costs a busy machine).
//
// Steps that do not depend on each other run at the same time: lint, typecheck, build and docs
// each read the sources on their own; Vitest and the package checks start once the build has
// written dist/. Vitest spends much of its time waiting (servers, child processes, real-time
// retry tests), and the other steps fill those waits: on a machine whose cores are busy with
// other work this is what keeps the whole run short. Its timing tests assert only wide ratios
// (test/hostile/linear-time.test.ts), which hold under that load.
// One step's output at a time reaches the terminal: the first running step streams live, the
// others are held and printed whole, in turn, so no two steps' lines interleave.
//
// A failing step does not hide the others' results; only a failed build skips the steps that
// need dist/.
//
//   node scripts/test.mjs [step…]   only the steps whose names start with these words
//                                   (`node scripts/test.mjs build tests`); the others are not
//                                   waited for.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** `needs`: steps that must have passed first; a failed one skips this step. */
const ALL_STEPS = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  // The typecheck step checks src/ under the same compiler options, so the build only emits.
  { name: 'build', script: 'build:emit' },
  { name: 'docs (API reference)', script: 'docs' },
  {
    name: 'tests (vitest)',
    // The type tests (*.test-d.ts) are in tsconfig.json: the typecheck step compiles them, and
    // an expectTypeOf that does not hold fails it. Vitest's own pass would be a second full tsc.
    command: ['npx', 'vitest', 'run'],
    env: { AGENT_ERRORS_TYPECHECKED: '1' },
    needs: ['build'],
  },
  { name: 'package checks', script: 'check:package', needs: ['build'] },
];

const chosen = process.argv.slice(2);
const steps =
  chosen.length === 0
    ? ALL_STEPS
    : ALL_STEPS.filter((s) => chosen.some((c) => s.name.startsWith(c)));
if (steps.length === 0) {
  console.error(
    `npm test: no step is named ${chosen.join(', ')}; the steps: ${ALL_STEPS.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const names = new Set(steps.map((s) => s.name));
const only = (list = []) => list.filter((name) => names.has(name));

const cpuTime = fileURLToPath(new URL('./cpu-time.mjs', import.meta.url));
// Children write into pipes, not the terminal: keep their colours when the terminal has them.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

/** @type {Map<string, {status: string, seconds: number, cpu?: number}>} */
const results = new Map();
/** Running steps, in start order: `{ name, output: Buffer[], live }`. */
const running = [];
const started = performance.now();

function header(text) {
  process.stdout.write(`\n── npm test: ${text} ──\n`);
}

/** Give the terminal to the earliest running step when nobody holds it: its output so far, then live. */
function handOver() {
  if (running.some((r) => r.live) || running.length === 0) return;
  const next = running[0];
  next.live = true;
  header(`${next.name} (running)`);
  for (const chunk of next.output.splice(0)) process.stdout.write(chunk);
}

function runStep(step) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command ?? ['npm', 'run', '--silent', step.script];
    const began = performance.now();
    const child = spawn(process.execPath, [cpuTime, command, ...args], {
      env: { ...env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const entry = { name: step.name, output: [], live: false };
    running.push(entry);
    handOver();
    const take = (chunk) => (entry.live ? process.stdout.write(chunk) : entry.output.push(chunk));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let measured = '';
    child.stdio[3].on('data', (chunk) => (measured += chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - began) / 1000;
      let cpu;
      try {
        const { user, system } = JSON.parse(measured);
        cpu = user + system;
      } catch {
        // not measured here (no /proc)
      }
      const status = code === 0 ? 'passed' : `FAILED (exit ${code ?? signal})`;
      running.splice(running.indexOf(entry), 1);
      if (!entry.live) {
        header(step.name);
        for (const chunk of entry.output) process.stdout.write(chunk);
      }
      const cpuText = cpu === undefined ? '' : `, ${cpu.toFixed(1)} s CPU`;
      process.stdout.write(`── ${step.name}: ${status} in ${seconds.toFixed(1)} s${cpuText}\n`);
      results.set(step.name, { status, seconds, cpu });
      handOver();
      resolve();
    });
  });
}

// Start every step whose `needs` have ended; skip those whose `needs` failed.
const pending = [...steps];
const active = new Set();
while (pending.length > 0 || active.size > 0) {
  for (const step of [...pending]) {
    if (!only(step.needs).every((name) => results.has(name))) continue;
    pending.splice(pending.indexOf(step), 1);
    const failedNeed = only(step.needs).find((name) => results.get(name)?.status !== 'passed');
    if (failedNeed) {
      results.set(step.name, { status: `skipped (${failedNeed} failed)`, seconds: 0 });
      continue;
    }
    const promise = runStep(step).then(() => active.delete(promise));
    active.add(promise);
  }
  if (active.size === 0 && pending.length > 0)
    throw new Error(
      `npm test: steps wait for each other: ${pending.map((s) => s.name).join(', ')}`,
    );
  if (active.size > 0) await Promise.race(active);
}

header('summary');
let totalCpu = 0;
for (const step of steps) {
  const r = results.get(step.name);
  totalCpu += r.cpu ?? 0;
  const cpu = r.cpu === undefined ? '' : `${r.cpu.toFixed(1).padStart(7)} s CPU`;
  console.log(
    `  ${r.status.padEnd(28)} ${step.name.padEnd(22)} ${r.seconds.toFixed(1).padStart(6)} s ${cpu}`,
  );
}
const wall = (performance.now() - started) / 1000;
console.log(
  `  in all: ${wall.toFixed(1)} s${totalCpu > 0 ? `, ${totalCpu.toFixed(1)} s CPU` : ''}`,
);
const failed = steps.filter((s) => results.get(s.name).status !== 'passed');
console.log(
  failed.length === 0 ? '  every step passed' : `  failed: ${failed.map((s) => s.name).join(', ')}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;

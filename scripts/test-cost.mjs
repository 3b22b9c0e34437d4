// What the test files cost: run Vitest once with its JSON report and rank the files by how long
// each took, with the run's CPU seconds (Vitest, its workers and the servers the tests start).
// The per-step CPU of the whole `npm test` is in its own summary (scripts/test.mjs).
//
//   node scripts/test-cost.mjs [vitest arguments…]    run Vitest (all files, or those named)
//   node scripts/test-cost.mjs --from report.json     rank a JSON report written earlier
//   … --save                                         also write the files' seconds into
//                                                    test/setup/file-seconds.json, the list
//                                                    Vitest's sequencer starts the longest by
//
// A file's time is wall time in its worker (import, setup and tests), so on a shared machine it
// moves with the load; rank by it, compare CPU seconds between runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHOWN = 30;

let reportFile;
let cpu;
const save = process.argv.includes('--save');
const args = process.argv.slice(2).filter((arg) => arg !== '--save');
if (args[0] === '--from') {
  reportFile = args[1];
  if (!reportFile) throw new Error('test-cost: --from needs the path of a Vitest JSON report');
} else {
  reportFile = join(mkdtempSync(join(tmpdir(), 'agent-errors-cost-')), 'vitest.json');
  const cpuTime = fileURLToPath(new URL('./cpu-time.mjs', import.meta.url));
  const vitest = ['npx', 'vitest', 'run', '--reporter=dot', '--reporter=json'];
  const run = spawnSync(
    process.execPath,
    [cpuTime, ...vitest, `--outputFile.json=${reportFile}`, ...args],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'pipe'], encoding: 'utf8' },
  );
  const measured = run.output[3]?.trim();
  if (measured) {
    const { user, system } = JSON.parse(measured);
    cpu = user + system;
  }
  if (run.status !== 0)
    console.log(`\n(vitest exited with ${run.status}; the ranking still follows)`);
}

const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const files = report.testResults
  .map((file) => ({
    name: relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
    status: file.status,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, file) => sum + file.seconds, 0);

console.log(`\nTest files by time (${files.length} files, ${total.toFixed(1)} s in all):`);
let running = 0;
for (const file of files.slice(0, SHOWN)) {
  running += file.seconds;
  const share = ((100 * running) / total).toFixed(0).padStart(3);
  console.log(
    `  ${file.seconds.toFixed(1).padStart(6)} s  ${share}%  ${String(file.tests).padStart(4)} tests  ${file.name}${file.status === 'passed' ? '' : `  (${file.status})`}`,
  );
}
if (files.length > SHOWN) console.log(`  … ${files.length - SHOWN} more`);
if (save) {
  // Merged into the list, so that a run of some files updates theirs and keeps the others'.
  const listFile = join(root, 'test', 'setup', 'file-seconds.json');
  const list = JSON.parse(readFileSync(listFile, 'utf8'));
  for (const file of files) list[file.name.split('\\').join('/')] = Number(file.seconds.toFixed(1));
  const sorted = Object.entries(list).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  writeFileSync(listFile, `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
  console.log(`Saved the files' seconds to ${relative(root, listFile)}`);
}
if (cpu !== undefined) console.log(`Vitest run: ${cpu.toFixed(1)} s CPU (user + system)`);
console.log(`JSON report: ${reportFile}`);

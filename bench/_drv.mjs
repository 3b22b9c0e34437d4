import { execFileSync } from 'node:child_process';
const MODES = process.env.MODES.split(',');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let run = 0; run < 3; run++) {
  const times = JSON.parse(execFileSync(process.execPath, ['bench/_mt.mjs', '--child', process.env.SDK ?? 'v1'], { encoding: 'utf8', env: process.env }));
  console.log(MODES.map((m, k) => `${m} ${((median(times[k].map((t, r) => t / times[0][r])) - 1) * 100).toFixed(1)}%`).join('  '));
}

// How much the two benches closest to their targets move between processes: `npm run bench`
// prints one sample of each ratio, and a process's code and heap layout move them by a few
// percent (the same code has printed decode at 1.88x and 2.02x on one host in one hour). This
// runs each bench in fresh processes and prints the lowest, median and highest of every ratio.
// It decides nothing: the targets are read from `npm run bench`.
// Usage: `npm run build && node bench/spread.js [processes]` (default 5).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const processes = Number(process.argv[2] ?? 5);
if (!Number.isInteger(processes) || processes < 1) {
  throw new TypeError(
    `bench/spread.js: processes must be an integer >= 1; received ${process.argv[2]}`,
  );
}

// Each bench's summary lines, as they print them, and the ratios read out of them.
const BENCHES = [
  {
    script: 'error-build.js',
    ratios: [
      ['core line vs floor (target <= 1.5)', /core only\): ([\d.]+)x the floor/],
      [
        'core line vs RequestError (target >= 4)',
        /core only\): .*?([\d.]+)x faster than RequestError/,
      ],
      ['ACP line vs floor (target <= 1.5)', /ACP dialect\): ([\d.]+)x the floor/],
      [
        'ACP line vs RequestError (target >= 4)',
        /ACP dialect\): .*?([\d.]+)x faster than RequestError/,
      ],
    ],
  },
  {
    script: 'decode.js',
    ratios: [['decode vs JSON.parse (target <= 2)', /decode: ([\d.]+)x slower than the floor/]],
  },
];

const samples = new Map();
for (let run = 0; run < processes; run++) {
  for (const { script, ratios } of BENCHES) {
    const out = execFileSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
      encoding: 'utf8',
    });
    for (const [label, pattern] of ratios) {
      const match = pattern.exec(out);
      if (!match) throw new Error(`bench/spread.js: ${script} printed no line for ${label}`);
      samples.set(label, [...(samples.get(label) ?? []), Number(match[1])]);
    }
  }
}

console.log(`\nRatios over ${processes} fresh processes per bench (lowest / median / highest)`);
for (const [label, values] of samples) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const row = [sorted[0], median, sorted[sorted.length - 1]].map((v) => v.toFixed(2)).join(' / ');
  console.log(`${label.padEnd(42)} ${row}   (${values.map((v) => v.toFixed(2)).join(' ')})`);
}

// A small, dependency-free timing harness: calibrate, then take the median of several rounds.

/**
 * Nanoseconds per call of `fn`, the median of `rounds` rounds of about `roundMs` each.
 * @param {(i: number) => unknown} fn
 */
export function nsPerOp(fn, { rounds = 7, roundMs = 150 } = {}) {
  let sink;
  let n = 1000;
  // Warm up and calibrate the iteration count to roughly roundMs.
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) sink = fn(i);
    const elapsed = performance.now() - t0;
    if (elapsed > roundMs / 4) {
      n = Math.max(1000, Math.round((n * roundMs) / elapsed));
      break;
    }
    n *= 4;
  }
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) sink = fn(i);
    samples.push(Number(process.hrtime.bigint() - t0) / n);
  }
  if (sink === Symbol.for('never')) console.log(sink);
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/**
 * Print rows `{ name, value }` as an aligned table with ratios against `base`.
 * @param {string} title
 * @param {{ name: string, value: number }[]} rows
 * @param {{ unit: string, digits?: number, ratioTo: string, ratioLabel: string }} opts
 */
export function printTable(title, rows, { unit, digits = 0, ratioTo, ratioLabel }) {
  const base = rows.find((r) => r.name === ratioTo);
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(`\n${title}`);
  console.log(`${'candidate'.padEnd(width)}  ${unit.padStart(12)}  ${ratioLabel.padStart(14)}`);
  for (const row of rows) {
    const ratio = base ? (row.value / base.value).toFixed(2) : '-';
    console.log(
      `${row.name.padEnd(width)}  ${row.value.toFixed(digits).padStart(12)}  ${`${ratio}x`.padStart(14)}`,
    );
  }
}

// A small, dependency-free timing harness: calibrate, then take the median of several rounds.

/**
 * Nanoseconds per call of `fn`, the median of `rounds` rounds of about `roundMs` each.
 * @param {(i: number) => unknown} fn
 */
function nsPerOp(fn, { rounds = 7, roundMs = 150 } = {}) {
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
 * Several candidates timed round-robin (A, B, C, A, B, C, …) so that all see the same machine:
 * on a shared host the speed drifts by tens of percent within seconds, and timing all of A
 * before all of B puts that drift into their ratio. Returns each one's median ns per call, and
 * `ratio(i, j)`: the median over rounds of candidate i's time over candidate j's in that round.
 * The first `warmupRounds` rounds are run the same way and dropped: V8 may still be optimising
 * (and re-optimising) the code after the single calibration round. `clock: 'cpu'` times each
 * round by the process's CPU time (user + system, the GC's helper threads included) instead of
 * the wall clock: on a shared host the wall clock also counts the time other processes held the
 * core, which moved one ratio from 0.96x to 1.56x between runs where CPU time stayed within 1.48x–1.66x.
 * @param {((i: number) => unknown)[]} fns
 * @param {{ rounds?: number, roundMs?: number, warmupRounds?: number, clock?: 'wall' | 'cpu' }} [options]
 */
export function roundRobinNsPerOp(
  fns,
  { rounds = 9, roundMs = 150, warmupRounds = 2, clock = 'wall' } = {},
) {
  const elapsedNs = clock === 'cpu' ? cpuElapsedNs : wallElapsedNs;
  // nsPerOp warms each one up and gives the calls per round.
  const counts = fns.map((fn) =>
    Math.max(1000, Math.round((roundMs * 1e6) / nsPerOp(fn, { rounds: 1, roundMs }))),
  );
  let sink;
  const times = fns.map(() => []);
  for (let r = -warmupRounds; r < rounds; r++) {
    fns.forEach((fn, k) => {
      const n = counts[k];
      const since = elapsedNs();
      for (let i = 0; i < n; i++) sink = fn(i);
      if (r >= 0) times[k].push(since() / n);
    });
  }
  if (sink === Symbol.for('never')) console.log(sink);
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return {
    medians: times.map(median),
    ratio: (i, j) => median(times[i].map((t, r) => t / times[j][r])),
  };
}

/** A wall-clock stopwatch started now: the function returns the nanoseconds since. */
function wallElapsedNs() {
  const t0 = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - t0);
}

/** A stopwatch of this process's CPU time (µs resolution), started now, in nanoseconds. */
function cpuElapsedNs() {
  const t0 = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(t0);
    return (used.user + used.system) * 1000;
  };
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

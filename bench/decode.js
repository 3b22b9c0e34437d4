// Decode throughput over the corpus of real error payloads (test/fixtures/corpus.json): every
// payload arrives as JSON text, as it would off the wire. The floor is JSON.parse of the same text.
import { readFileSync } from 'node:fs';
import { decode } from '../dist/index.js';
import { printTable, roundRobinNsPerOp } from './harness.js';

const corpus = JSON.parse(
  readFileSync(new URL('../test/fixtures/corpus.json', import.meta.url), 'utf8'),
);
const texts = corpus.map((entry) => JSON.stringify(entry.input));
const hints = corpus.map((entry) => (entry.protocol ? { protocol: entry.protocol } : undefined));

export function runDecodeBench() {
  const n = texts.length;
  const pass = (fn) => () => {
    for (let i = 0; i < n; i++) fn(i);
  };
  // Floor and decode alternate round by round (see roundRobinNsPerOp): the ratio compares runs
  // made seconds apart, not minutes.
  const timed = roundRobinNsPerOp(
    [pass((i) => JSON.parse(texts[i])), pass((i) => decode(JSON.parse(texts[i]), hints[i]))],
    { rounds: 21, roundMs: 150 },
  );
  const [a, b] = timed.medians;
  const ratio = timed.ratio(1, 0);
  const rows = [
    { name: 'floor (JSON.parse)', value: 1e9 / (a / n) },
    { name: 'agent-errors decode (JSON text in)', value: 1e9 / (b / n) },
  ];
  printTable(
    `Decode ${n} real error payloads of the corpus (payloads per second, higher is better)`,
    rows,
    {
      unit: 'payloads/s',
      ratioTo: 'floor (JSON.parse)',
      ratioLabel: 'vs floor',
    },
  );
  console.log(
    `agent-errors decode: ${ratio.toFixed(2)}x slower than the floor (median of 21 alternating rounds; target <= 2x)`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) runDecodeBench();

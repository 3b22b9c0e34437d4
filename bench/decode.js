// Decode throughput over the corpus of real error payloads (test/fixtures/corpus.json): every
// payload arrives as JSON text, as it would off the wire. The floor is JSON.parse of the same text.
// `node bench/decode.js --slowest [count]` times each payload on its own instead, and
// `node bench/decode.js --split` the decoder's own steps apart from its readers' (see below), and
// `node bench/decode.js --alloc` what a decode allocates, by the function that allocates it,
// `node --allow-natives-syntax bench/decode.js --shapes` the hidden classes of what it returns, and
// `node bench/decode.js --against <copy of dist>` this build against another in the same rounds.
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { AgentError, createDecoder, decode } from '../dist/index.js';
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

/**
 * Each payload alone, decode against JSON.parse of the same text in alternating rounds (`node
 * bench/decode.js --slowest [count]`): the `count` payloads whose decode costs most times their
 * own parse, then each source's decode time over its parse time and its share of the corpus's
 * decode time. What to attack first: a high ratio on a large share.
 */
export function printSlowestPayloads(count = 20) {
  const rows = corpus.map((entry, i) => {
    const text = texts[i];
    const hint = hints[i];
    const timed = roundRobinNsPerOp(
      [() => JSON.parse(text), () => decode(JSON.parse(text), hint)],
      { rounds: 5, roundMs: 20, warmupRounds: 1 },
    );
    const [parseNs, decodeNs] = timed.medians;
    return { id: entry.id, source: entry.source, ratio: timed.ratio(1, 0), parseNs, decodeNs };
  });
  const total = rows.reduce((sum, row) => sum + row.decodeNs, 0);
  const share = (ns) => `${((100 * ns) / total).toFixed(1).padStart(5)}%`;
  console.log(`\nThe ${count} payloads whose decode costs most times their JSON.parse`);
  console.log('  ratio  share  payload');
  for (const row of [...rows].sort((x, y) => y.ratio - x.ratio).slice(0, count)) {
    console.log(`${row.ratio.toFixed(2).padStart(6)}x ${share(row.decodeNs)}  ${row.id}`);
  }
  const sources = new Map();
  for (const row of rows) {
    const sum = sources.get(row.source) ?? { payloads: 0, parseNs: 0, decodeNs: 0 };
    sum.payloads += 1;
    sum.parseNs += row.parseNs;
    sum.decodeNs += row.decodeNs;
    sources.set(row.source, sum);
  }
  console.log('\nBy source, largest share of the decode time first');
  console.log('  ratio  share  source (payloads)');
  for (const [source, sum] of [...sources].sort((x, y) => y[1].decodeNs - x[1].decodeNs)) {
    const ratio = (sum.decodeNs / sum.parseNs).toFixed(2).padStart(6);
    console.log(`${ratio}x ${share(sum.decodeNs)}  ${source} (${sum.payloads})`);
  }
}

/**
 * The decode figure split in two (`node bench/decode.js --split`): the whole decode, and a
 * decoder whose one reader answers every input at once with a new AgentError. The second is what
 * every decode pays whatever its readers do (the text and JSON steps, the view, the reader loop,
 * building the error); the difference between the two is what the readers' readings cost. Both
 * are over the floor, in the same alternating rounds.
 */
export function printDecodeSplit() {
  const n = texts.length;
  const answer = () => new AgentError('decoded', { category: 'internal', captureStack: false });
  const constant = createDecoder([
    { name: 'answers everything', recognise: answer, recogniseText: answer },
  ]).decode;
  const pass = (fn) => () => {
    for (let i = 0; i < n; i++) fn(i);
  };
  const timed = roundRobinNsPerOp(
    [
      pass((i) => JSON.parse(texts[i])),
      pass((i) => decode(JSON.parse(texts[i]), hints[i])),
      pass((i) => constant(JSON.parse(texts[i]), hints[i])),
    ],
    { rounds: 21, roundMs: 150, clock: 'cpu' },
  );
  const whole = timed.ratio(1, 0);
  const own = timed.ratio(2, 0);
  console.log(`decode, every reader:            ${whole.toFixed(2)}x the floor`);
  console.log(`decode, one reader that answers: ${own.toFixed(2)}x the floor`);
  console.log(`the readers' readings:           ${(whole - own).toFixed(2)} of the floor`);
}

/**
 * What a decode allocates (`node bench/decode.js --alloc [count]`): V8's sampling heap profiler
 * over warmed-up passes of the corpus (already parsed, so JSON.parse's own objects are left out),
 * in bytes per decode, in all and for the `count` functions that allocate most. Sampled, so the
 * figures are estimates (a sample every 128 bytes); objects the optimiser removes are not counted.
 */
export async function printDecodeAllocations(count = 25) {
  const inputs = texts.map((text) => JSON.parse(text));
  const n = inputs.length;
  const passes = 100;
  for (let r = 0; r < 50; r++) for (let i = 0; i < n; i++) decode(inputs[i], hints[i]);
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 128,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let r = 0; r < passes; r++) for (let i = 0; i < n; i++) decode(inputs[i], hints[i]);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const bySite = new Map();
  let total = 0;
  const walk = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.split('/dist/')[1] ?? url}:${lineNumber + 1}`;
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const perDecode = (bytes) => (bytes / (passes * n)).toFixed(0).padStart(6);
  console.log(`decode allocates about ${perDecode(total).trim()} bytes per payload (sampled)`);
  for (const [site, bytes] of [...bySite].sort((x, y) => y[1] - x[1]).slice(0, count)) {
    console.log(`${perDecode(bytes)} B  ${site}`);
  }
}

/**
 * This build's decode against another build's (`node bench/decode.js --against /tmp/base-dist`, a
 * copy of `dist/` made before a change), both over the floor, in the same alternating rounds of
 * one process: the before/after of a change without the drift between separate runs.
 */
export async function printAgainst(otherDist) {
  const other = await import(pathToFileURL(`${otherDist}/index.js`).href);
  const n = texts.length;
  const pass = (fn) => () => {
    for (let i = 0; i < n; i++) fn(i);
  };
  const timed = roundRobinNsPerOp(
    [
      pass((i) => JSON.parse(texts[i])),
      pass((i) => other.decode(JSON.parse(texts[i]), hints[i])),
      pass((i) => decode(JSON.parse(texts[i]), hints[i])),
    ],
    { rounds: 21, roundMs: 150, clock: 'cpu' },
  );
  console.log(`decode, ${otherDist}: ${timed.ratio(1, 0).toFixed(2)}x the floor`);
  console.log(`decode, this build: ${timed.ratio(2, 0).toFixed(2)}x the floor`);
  console.log(`this build over the other: ${timed.ratio(2, 1).toFixed(3)}`);
}

/**
 * The hidden classes of what a decode hands back (`node --allow-natives-syntax bench/decode.js
 * --shapes`): how many the decoded errors have over the corpus, and their `details` records, and
 * each payload whose error, details, wire or cause gets a new hidden class on every decode once
 * the code is optimised (a spread copy that gains a member does; every later read of it misses).
 */
export function printDecodeShapes() {
  let sameMap;
  try {
    sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
  } catch {
    console.log('--shapes needs V8 natives: node --allow-natives-syntax bench/decode.js --shapes');
    return;
  }
  const decodeAt = (i) => decode(JSON.parse(texts[i]), hints[i]);
  for (let r = 0; r < 300; r++) for (let i = 0; i < texts.length; i++) decodeAt(i);
  const classesOf = (objects) => {
    const seen = [];
    for (const o of objects) if (!seen.some((s) => sameMap(s, o))) seen.push(o);
    return seen.length;
  };
  const errors = texts.map((_, i) => decodeAt(i));
  const details = errors.flatMap((e) => (e.details === undefined ? [] : [e.details]));
  console.log(`decoded errors: ${classesOf(errors)} hidden classes over ${errors.length}`);
  console.log(`their details: ${classesOf(details)} hidden classes over ${details.length}`);
  const fresh = [];
  texts.forEach((_, i) => {
    const a = decodeAt(i);
    const b = decodeAt(i);
    for (const part of ['error', 'details', 'wire', 'cause']) {
      const x = part === 'error' ? a : a[part];
      const y = part === 'error' ? b : b[part];
      if (x !== null && typeof x === 'object' && !sameMap(x, y))
        fresh.push(`${corpus[i].id} (${part})`);
    }
  });
  console.log(`a new hidden class on every decode: ${fresh.length}`);
  for (const line of fresh) console.log(`  ${line}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--slowest');
  const alloc = process.argv.indexOf('--alloc');
  const against = process.argv.indexOf('--against');
  if (process.argv.includes('--split')) printDecodeSplit();
  else if (process.argv.includes('--shapes')) printDecodeShapes();
  else if (against !== -1) await printAgainst(process.argv[against + 1] ?? '');
  else if (alloc !== -1) await printDecodeAllocations(Number(process.argv[alloc + 1] ?? 25) || 25);
  else if (at === -1) runDecodeBench();
  else printSlowestPayloads(Number(process.argv[at + 1] ?? 20) || 20);
}

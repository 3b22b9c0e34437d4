// A `tools/call` round trip that fails, over each MCP SDK's in-memory transport, with the SDK's
// own `Client`: the same SDK with a bare async handler that rejects (the SDK turns the rejection
// into `isError` text) against a handler wrapped with `withToolErrors` (our text and
// classification) and against `withMcpErrors` on the server, each by default and with
// `{ meta: true }` (the hub fields in `_meta` as well). And, in process, the wrapper's own
// work per failure. With `--decompose`, tools that return a result instead of throwing show what
// the SDK's own handling of each part of that result costs, and tools that throw under one more
// frame or in a microtask of their own what recording the stack costs. Run `npm run build`
// first: this imports ../dist.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AgentError } from '../dist/index.js';
import { withMcpErrors, withToolErrors } from '../dist/entries/mcp.js';
import { printTable } from './harness.js';

const SDKS = {
  v1: async () => ({
    McpServer: (await import('@modelcontextprotocol/sdk/server/mcp.js')).McpServer,
    Client: (await import('@modelcontextprotocol/sdk/client/index.js')).Client,
    InMemory: (await import('@modelcontextprotocol/sdk/inMemory.js')).InMemoryTransport,
  }),
  v2: async () => ({
    McpServer: (await import('@modelcontextprotocol/server')).McpServer,
    Client: (await import('@modelcontextprotocol/client')).Client,
    InMemory: (await import('@modelcontextprotocol/client')).InMemoryTransport,
  }),
};

// What a tool throws: an error the code meant (a rate limit with its delay). From an async
// handler, as tools that do I/O are written: its failure reaches the wrapper (and the bare SDK)
// as a rejected promise. (A synchronous throw is the wrappers' cheaper path: 4 to 8 points less
// on SDK v1, as the same build measures with either tool.)
const fail = async () => {
  throw AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 });
};

// The same failure with a message that changes on every call (a request id in it): the text
// the wrapper keeps per error is then never reused. Reported, not a target.
let requests = 0;
const failUnique = async () => {
  throw AgentError.rateLimited(`Search is busy (request ${requests++})`, { retryAfterMs: 2000 });
};

// What withToolErrors answers for `fail`, with `_meta`, taken once. The `returns-*` tools below
// build the same error as `fail`, then return such a result themselves (a new object per call, as the wrapper
// makes one) instead of throwing: their difference to `bare` is what the SDK does with a result
// of that shape, with none of the wrapper's own work.
const ours = await withToolErrors(fail, { meta: true })();
const [META_KEY] = Object.keys(ours._meta);
const resultOf = (text, meta) => {
  const result = { isError: true, content: [{ type: 'text', text }] };
  if (meta) result._meta = { [META_KEY]: { ...ours._meta[META_KEY] } };
  return result;
};
const returning =
  ({ text, meta }) =>
  async () => {
    // Built as `fail` builds it: the error's cost is the tool's on both sides.
    AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 });
    return resultOf(text, meta);
  };
// A wrapper with no work of its own: `fail`'s rejection caught, such a result returned.
const OURS_TEXT = ours.content[0].text;
const caught = () => () => fail().then(undefined, () => resultOf(OURS_TEXT, true));
const caughtNoMeta = () => () => fail().then(undefined, () => resultOf(OURS_TEXT, false));
// The text the bare SDK writes for `fail`: the thrown error's message.
const SDK_TEXT = 'Search is busy';

// A server writes `_meta` or does not, so the defaults (the <= 5% target) and `{ meta: true }`
// are measured in processes of their own, each against the bare SDK in the same process: what
// one candidate's results cost the SDK's shared code, the others in its process pay too.
const GROUPS = {
  default: ['bare', 'wrapped', 'server'],
  meta: ['bare', 'wrapped-meta', 'server-meta'],
};
const META = { meta: true };
// `node bench/mcp-tools.js --decompose`: where the wrapper's figure comes from (see docs/mcp.md).
const DECOMPOSITION = {
  bare: 'tool throws (the SDK writes the message, isError)',
  'returns-sdk': "tool returns the SDK's own result for that throw",
  'returns-ours': "tool returns withToolErrors' result (text + _meta)",
  'returns-no-meta': "tool returns withToolErrors' result without _meta",
  'returns-sdk-text': "tool returns withToolErrors' result with the SDK's text",
  caught: "tool throws; a wrapper that does nothing returns withToolErrors' result",
  'caught-no-meta': 'the same wrapper, the result without _meta',
  pass: 'tool throws under one more frame (a wrapper that passes the call on)',
  deferred: 'tool throws in a microtask of its own (the SDK sees the rejection)',
  wrapped: 'withToolErrors',
  server: 'withMcpErrors(server)',
  'wrapped-meta': 'withToolErrors, { meta: true }',
  'server-meta': 'withMcpErrors(server, { meta: true })',
};
const UNIQUE_MODES = ['bare-unique', 'wrapped-unique'];
const HANDLERS = {
  bare: () => fail,
  wrapped: () => withToolErrors(fail),
  server: () => fail,
  'wrapped-meta': () => withToolErrors(fail, META),
  'server-meta': () => fail,
  'returns-sdk': () => returning({ text: SDK_TEXT, meta: false }),
  'returns-ours': () => returning({ text: OURS_TEXT, meta: true }),
  'returns-no-meta': () => returning({ text: OURS_TEXT, meta: false }),
  'returns-sdk-text': () => returning({ text: SDK_TEXT, meta: true }),
  caught,
  'caught-no-meta': caughtNoMeta,
  pass: () => (args, extra) => fail(args, extra),
  deferred: () => (args, extra) => Promise.resolve().then(() => fail(args, extra)),
  'bare-unique': () => failUnique,
  'wrapped-unique': () => withToolErrors(failUnique),
};

/** A connected client whose one tool fails; `mode` is one of the HANDLERS. */
async function connect(sdk, mode) {
  const { McpServer, Client, InMemory } = await SDKS[sdk]();
  const raw = new McpServer({ name: 'bench', version: '1.0.0' });
  const server =
    mode === 'server'
      ? withMcpErrors(raw)
      : mode === 'server-meta'
        ? withMcpErrors(raw, META)
        : raw;
  const handler = HANDLERS[mode]();
  server.registerTool('search', { inputSchema: { query: z.string() } }, handler);
  const [a, b] = InMemory.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(b);
  const params = { name: 'search', arguments: { query: 'mcp' } };
  return {
    call: async () => {
      const result = await client.callTool(params);
      if (result.isError !== true) throw new Error('expected a failed tool result');
    },
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/**
 * CPU nanoseconds per call of `n` sequential calls. Client and server share the process (the
 * in-memory transport), so its CPU time is the whole round trip's cost; wall time on a shared
 * host mostly measures the neighbours.
 */
async function timeBatch(fn, n) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const used = process.cpuUsage(t0);
  return ((used.user + used.system) * 1000) / n;
}

const WARMUP_CALLS = 3_000;
// Many short batches rather than a few long ones: this host's speed drifts within tens of
// milliseconds, so 300-call batches gave one process 8% and the next 49% for the same code;
// 50-call batches, 250 rounds, keep runs within a few percent of each other.
const ROUNDS = 250;
const CALLS_PER_BATCH = 50;

/**
 * In a child process (one per SDK major and group): the candidates connected side by side, each
 * warmed up, then `ROUNDS` rounds of one batch each, in an order that rotates every round so no
 * candidate always runs first or after the same neighbour. They share the process, and so the
 * SDK's code, its inline caches and the heap: what one candidate's results cost the SDK's shared
 * code, the others pay too, as the tools of one real server do. A round's ratio compares
 * batches run within milliseconds of each other; prints each candidate's per-round times.
 */
async function child(sdk, modes) {
  const candidates = [];
  for (const mode of modes) candidates.push(await connect(sdk, mode));
  for (const { call } of candidates) await timeBatch(call, WARMUP_CALLS);
  const times = modes.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (let j = 0; j < modes.length; j++) {
      const k = (r + j) % modes.length;
      times[k].push(await timeBatch(candidates[k].call, CALLS_PER_BATCH));
    }
  }
  for (const { close } of candidates) await close();
  process.stdout.write(JSON.stringify(times));
}

function runChild(sdk, modes) {
  const script = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, [script, '--child', sdk, modes.join(',')], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

const LABELS = {
  bare: 'bare handler throws',
  caught: "tool throws; a wrapper that does nothing returns withToolErrors' result",
  wrapped: 'withToolErrors',
  server: 'withMcpErrors(server)',
  'wrapped-meta': 'withToolErrors, { meta: true }',
  'server-meta': 'withMcpErrors(server, { meta: true })',
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** What the wrapper itself does per failure, in process: the wrapped call less the tool run alone. */
async function wrapperWork() {
  const wrapped = withToolErrors(fail);
  // The tool run as the wrapper runs it, in a microtask of its own (the stack its error records
  // is the same), its rejection dropped: what the SDK's own catch does with it is part of the
  // round trip.
  const bare = () =>
    Promise.resolve()
      .then(fail)
      .then(undefined, () => undefined);
  const samples = [];
  for (let r = 0; r < 7; r++) {
    const w = await timeBatch(wrapped, 20_000);
    const b = await timeBatch(bare, 20_000);
    samples.push(w - b);
  }
  return median(samples);
}

/**
 * Per SDK major and per group (the defaults, `meta: true`), one process with the group's
 * candidates side by side (see `child`); the ratio of a candidate to the bare handler is taken
 * within each round, and the median over the rounds is reported. Each is measured `runs` times
 * (a fresh process each: JIT and heap layout differ between processes): the tables show the run
 * with the median withToolErrors ratio, the summary lines each candidate's median ratio over the
 * runs, with every run's.
 */
export async function runMcpToolsBench({ runs = 3 } = {}) {
  const rows = [];
  const bareNs = {};
  const pct = (ratio) => `${((ratio - 1) * 100).toFixed(1)}%`;
  for (const sdk of Object.keys(SDKS)) {
    const summary = {};
    for (const [group, modes] of Object.entries(GROUPS)) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        const times = runChild(sdk, modes);
        const ratios = modes.map((_, k) => median(times[k].map((t, r) => t / times[0][r])));
        results.push({ medians: times.map(median), ratios });
      }
      // The run whose withToolErrors ratio is the median of the runs.
      const byRatio = [...results].sort((x, y) => x.ratios[1] - y.ratios[1]);
      const chosen = byRatio[Math.floor(byRatio.length / 2)];
      const groupRows = modes.map((mode, k) => ({
        name: `${sdk} ${LABELS[mode]}`,
        value: chosen.medians[k] / 1000,
      }));
      if (group === 'default') bareNs[sdk] = chosen.medians[0];
      printTable(
        `MCP SDK ${sdk}, ${group === 'default' ? 'the wrappers as they come' : 'the wrappers with { meta: true }'}: a failing tools/call round trip over InMemoryTransport (CPU µs per call, lower is better)`,
        groupRows,
        { unit: 'µs/call', digits: 1, ratioTo: groupRows[0].name, ratioLabel: 'vs bare' },
      );
      // Each candidate's own median over the runs (the table shows the run chosen above).
      summary[group] = (k) =>
        `${pct(median(results.map((x) => x.ratios[k])))} (runs: ${results.map((x) => pct(x.ratios[k])).join(' ')})`;
      rows.push(...(group === 'default' ? groupRows : groupRows.slice(1)));
    }
    console.log(
      `${sdk}: withToolErrors adds ${summary.default(1)}, withMcpErrors ${summary.default(2)} to the round trip (median of ${ROUNDS} interleaved rounds; target <= 5%)`,
    );
    console.log(
      `${sdk}, with { meta: true }: withToolErrors adds ${summary.meta(1)}, withMcpErrors ${summary.meta(2)} (not a target: _meta is opt-in)`,
    );
  }
  // One more process, v1 only: the message changes on every call (see failUnique).
  const unique = runChild('v1', UNIQUE_MODES);
  const uniqueRatio = median(unique[1].map((t, r) => t / unique[0][r]));
  console.log(
    `v1, a message that changes on every call: withToolErrors adds ${((uniqueRatio - 1) * 100).toFixed(1)}% (one run; not a target: the text kept for a repeated error is not reused, and the new message is sanitised)`,
  );
  const work = await wrapperWork();
  console.log(
    `withToolErrors' own work per failure (text and classification): ${(work / 1000).toFixed(1)} µs CPU = ${((work / bareNs.v1) * 100).toFixed(1)}% of v1's bare round trip, ${((work / bareNs.v2) * 100).toFixed(1)}% of v2's`,
  );
  return rows;
}

/**
 * Each of DECOMPOSITION's candidates against the bare SDK, per SDK major: all in one process, as
 * in `runMcpToolsBench`, each the median of its per-round ratios to `bare`, then the median over
 * `runs` processes (every run's figure in brackets).
 */
async function decompose({ runs = 3 } = {}) {
  const modes = Object.keys(DECOMPOSITION);
  for (const sdk of Object.keys(SDKS)) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const times = runChild(sdk, modes);
      results.push(modes.map((_, k) => median(times[k].map((t, r) => t / times[0][r]))));
    }
    console.log(`MCP SDK ${sdk}: each candidate over the bare round trip (${DECOMPOSITION.bare})`);
    const pct = (ratio) => `${((ratio - 1) * 100).toFixed(1)}%`;
    for (let k = 1; k < modes.length; k++) {
      const runsPct = results.map((x) => pct(x[k])).join(' ');
      const label = DECOMPOSITION[modes[k]];
      console.log(
        `  ${label.padEnd(58)} ${pct(median(results.map((x) => x[k]))).padStart(6)}  [${runsPct}]`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4].split(','));
  else if (process.argv[2] === '--decompose') await decompose();
  else await runMcpToolsBench();
}

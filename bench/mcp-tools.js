// A `tools/call` round trip that fails, over each MCP SDK's in-memory transport, with the SDK's
// own `Client`: the same SDK with a bare handler that throws (the SDK turns the throw into
// `isError` text) against a handler wrapped with `withToolErrors` (our text, `_meta`,
// classification) and against `withMcpErrors` on the server. And, in process, the wrapper's own
// work per failure. Run `npx tsc -p tsconfig.build.json` first: this imports ../dist.
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

// What a tool throws: an error the code meant (a rate limit with its delay).
const fail = () => {
  throw AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 });
};

/** A connected client whose one tool fails; `mode` is 'bare', 'wrapped' or 'server'. */
async function connect(sdk, mode) {
  const { McpServer, Client, InMemory } = await SDKS[sdk]();
  const raw = new McpServer({ name: 'bench', version: '1.0.0' });
  const server = mode === 'server' ? withMcpErrors(raw) : raw;
  const handler = mode === 'wrapped' ? withToolErrors(fail) : fail;
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

/** In a child process: one server and client, warmed up, then timed; prints ns per call. */
async function child(sdk, mode) {
  const { call, close } = await connect(sdk, mode);
  await timeBatch(call, 3_000);
  const ns = await timeBatch(call, 5_000);
  await close();
  process.stdout.write(`${ns}\n`);
}

function runChild(sdk, mode) {
  const script = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, [script, '--child', sdk, mode], { encoding: 'utf8' });
  return Number(out.trim());
}

const MODES = ['bare', 'wrapped', 'server'];
const LABELS = {
  bare: 'bare handler throws',
  wrapped: 'withToolErrors',
  server: 'withMcpErrors(server)',
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** What the wrapper itself does per failure, in process: wrapped call less a bare try/catch. */
async function wrapperWork() {
  const wrapped = withToolErrors(fail);
  const bare = async () => {
    try {
      fail();
    } catch {
      // what the SDK's own catch does with it is part of the round trip
    }
  };
  const samples = [];
  for (let r = 0; r < 7; r++) {
    const w = await timeBatch(wrapped, 20_000);
    const b = await timeBatch(bare, 20_000);
    samples.push(w - b);
  }
  return median(samples);
}

/**
 * Each candidate runs in a process of its own (a server has one kind of handler; in one process
 * each candidate's result shapes would slow the SDK's shared code down for the others),
 * round-robin over `rounds` rounds; ratios are taken within a round, then the median.
 */
export async function runMcpToolsBench({ rounds = 3 } = {}) {
  const rows = [];
  const bareNs = {};
  for (const sdk of Object.keys(SDKS)) {
    const times = MODES.map(() => []);
    for (let r = 0; r < rounds; r++) {
      MODES.forEach((mode, k) => times[k].push(runChild(sdk, mode)));
    }
    const ratio = (k) => median(times[k].map((t, r) => t / times[0][r]));
    const sdkRows = MODES.map((mode, k) => ({
      name: `${sdk} ${LABELS[mode]}`,
      value: median(times[k]) / 1000,
    }));
    bareNs[sdk] = median(times[0]);
    printTable(
      `MCP SDK ${sdk}: a failing tools/call round trip over InMemoryTransport (CPU µs per call, lower is better)`,
      sdkRows,
      { unit: 'µs/call', digits: 1, ratioTo: sdkRows[0].name, ratioLabel: 'vs bare' },
    );
    const pct = (k) => `${((ratio(k) - 1) * 100).toFixed(1)}%`;
    console.log(
      `${sdk}: withToolErrors adds ${pct(1)}, withMcpErrors ${pct(2)} to the round trip (median of ${rounds} alternating rounds, one process per candidate; target <= 5%)`,
    );
    rows.push(...sdkRows);
  }
  const work = await wrapperWork();
  console.log(
    `withToolErrors' own work per failure (text, _meta, classification): ${(work / 1000).toFixed(1)} µs CPU = ${((work / bareNs.v1) * 100).toFixed(1)}% of v1's bare round trip, ${((work / bareNs.v2) * 100).toFixed(1)}% of v2's`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
  else await runMcpToolsBench();
}

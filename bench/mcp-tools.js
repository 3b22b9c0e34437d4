// A `tools/call` round trip that fails, over each MCP SDK's in-memory transport: the same SDK
// with a bare handler that throws (the SDK turns the throw into `isError` text) against a handler
// wrapped with `withToolErrors` (our text, `_meta`, classification), and `withMcpErrors` on the
// server. The client is the SDK's own `Client`. Run `npx tsc -p tsconfig.build.json` first: this
// imports the built package from ../dist.
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { AgentError } from '../dist/index.js';
import { withMcpErrors, withToolErrors } from '../dist/entries/mcp.js';
import { printTable } from './harness.js';

const SDKS = {
  v1: { McpServer: McpServerV1, Client: ClientV1, InMemory: InMemoryV1 },
  v2: { McpServer: McpServerV2, Client: ClientV2, InMemory: InMemoryV2 },
};

// What a tool throws: an error the code meant (a rate limit with its delay).
const fail = () => {
  throw AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 });
};

/** A connected client whose one tool fails; `mode` is 'bare', 'wrapped' or 'server'. */
async function connect(sdk, mode) {
  const { McpServer, Client, InMemory } = SDKS[sdk];
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
 * CPU nanoseconds per call of `n` sequential calls. Client and server share this process (the
 * in-memory transport), so its CPU time is the whole round trip's cost; wall time on a shared
 * host mostly measures the neighbours.
 */
async function timeBatch(fn, n) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const used = process.cpuUsage(t0);
  return ((used.user + used.system) * 1000) / n;
}

/** Round-robin rounds (all candidates side by side), warm-up rounds dropped; ns per call. */
async function roundRobin(fns, { rounds = 21, warmupRounds = 3, roundMs = 100 } = {}) {
  const counts = [];
  for (const fn of fns) {
    const ns = await timeBatch(fn, 2_000);
    counts.push(Math.max(500, Math.round((roundMs * 1e6) / ns)));
  }
  const times = fns.map(() => []);
  for (let r = -warmupRounds; r < rounds; r++) {
    for (let k = 0; k < fns.length; k++) {
      const ns = await timeBatch(fns[k], counts[k]);
      if (r >= 0) times[k].push(ns);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    medians: times.map(median),
    ratio: (i, j) => median(times[i].map((t, r) => t / times[j][r])),
  };
}

export async function runMcpToolsBench() {
  const names = [];
  const calls = [];
  const closers = [];
  for (const sdk of Object.keys(SDKS)) {
    for (const mode of ['bare', 'wrapped', 'server']) {
      const { call, close } = await connect(sdk, mode);
      names.push(
        `${sdk} ${mode === 'bare' ? 'bare handler throws' : mode === 'wrapped' ? 'withToolErrors' : 'withMcpErrors(server)'}`,
      );
      calls.push(call);
      closers.push(close);
    }
  }
  const timed = await roundRobin(calls);
  for (const close of closers) await close();
  const rows = names.map((name, k) => ({ name, value: timed.medians[k] / 1000 }));
  for (const [index, sdk] of Object.keys(SDKS).entries()) {
    const base = index * 3;
    printTable(
      `MCP SDK ${sdk}: a failing tools/call round trip over InMemoryTransport (CPU µs per call, lower is better)`,
      rows.slice(base, base + 3),
      { unit: 'µs/call', digits: 1, ratioTo: names[base], ratioLabel: 'vs bare' },
    );
    console.log(
      `${sdk}: withToolErrors adds ${((timed.ratio(base + 1, base) - 1) * 100).toFixed(1)}%, withMcpErrors ${((timed.ratio(base + 2, base) - 1) * 100).toFixed(1)}% to the round trip (median of 21 alternating rounds; target <= 5%)`,
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await runMcpToolsBench();

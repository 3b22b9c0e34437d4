import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AgentError } from '../dist/index.js';
import { withMcpErrors, withToolErrors } from '../dist/entries/mcp.js';
import { formatModelErrorText } from '../dist/entries/tool.js';
import { toExposableError } from '../dist/index.js';
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
const fail = () => { throw AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 }); };
let canned;
{
  canned = await withToolErrors(fail)({ query: 'mcp' }, {});
}
const small = { isError: true, content: [{ type: 'text', text: 'Search is busy' }] };
const smallMeta = { ...small, _meta: canned._meta };
const bigText = { isError: true, content: canned.content };
const HANDLERS = {
  bare: () => fail,
  wrapped: () => withToolErrors(fail),
  canned: () => async () => canned,
  small: () => async () => small,
  smallMeta: () => async () => smallMeta,
  bigText: () => async () => bigText,
  catchFormat: () => async (...a) => { try { fail(...a); } catch (e) { return { isError: true, content: [{ type: 'text', text: formatModelErrorText(e) }], _meta: canned._meta }; } },
  catchExpose: () => async (...a) => { try { fail(...a); } catch (e) { toExposableError(e); return canned; } },
  catchSmall: () => async (...a) => { try { fail(...a); } catch { return small; } },
  catchCanned: () => async (...a) => { try { fail(...a); } catch { return canned; } },
};
async function connect(sdk, mode) {
  const { McpServer, Client, InMemory } = await SDKS[sdk]();
  const raw = new McpServer({ name: 'bench', version: '1.0.0' });
  const server = mode === 'server' ? withMcpErrors(raw) : raw;
  const handler = mode === 'server' ? fail : HANDLERS[mode]();
  server.registerTool('search', { inputSchema: { query: z.string() } }, handler);
  const [a, b] = InMemory.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(b);
  const params = { name: 'search', arguments: { query: 'mcp' } };
  return async () => { const r = await client.callTool(params); if (r.isError !== true) throw new Error('x'); };
}
async function timeBatch(fn, n) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const used = process.cpuUsage(t0);
  return ((used.user + used.system) * 1000) / n;
}
const sdk = process.argv[2]; const modes = process.argv.slice(3);
const calls = []; for (const m of modes) calls.push(await connect(sdk, m));
for (const c of calls) await timeBatch(c, 3000);
const times = modes.map(() => []);
for (let r = 0; r < 41; r++) for (let j = 0; j < modes.length; j++) { const k = (r + j) % modes.length; times[k].push(await timeBatch(calls[k], 300)); }
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
modes.forEach((m, k) => console.log(sdk, m.padEnd(12), (med(times[k]) / 1000).toFixed(1), 'µs', `${((med(times[k].map((t, r) => t / times[0][r])) - 1) * 100).toFixed(1)}%`));

// An MCP server as its authors write it: the official SDK's McpServer over stdio, zod schemas,
// one line of agent-errors (`withMcpErrors`). Its tools fail the way real tools do.
// Spawned by ./agent.js; stdout carries MCP messages, stderr the server's log.
import { clearTimeout, setTimeout } from 'node:timers';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { AgentError } from 'agent-errors';
import { MCP_META_KEYS, withMcpErrors } from 'agent-errors/mcp';
import { MemoryIdempotencyStore, withIdempotency } from 'agent-errors/retry';
import { DEMO_TOKEN, RATE_LIMIT_RETRY_AFTER_MS, SLOW_RENDER_MS } from './scenarios.js';

// What the server saw, reported by the `demo.stats` tool at the end.
const stats = { writes: 0, cancelled: [], loggedErrorIds: [] };

const server = withMcpErrors(new McpServer({ name: 'demo-tools', version: '1.0.0' }), {
  // An error the tool did not mean to show: logged here in full, the model sees only its id.
  onError(error, errorId) {
    stats.loggedErrorIds.push(errorId);
    process.stderr.write(`demo-server: unexpected error ${errorId}: ${String(error)}\n`);
  },
});

// "Fails the first time": counted per tool and idempotency key (one key per logical call, the
// same for each of its attempts).
const calls = new Map();
function attemptOf(tool, extra) {
  const key = `${tool} ${extra._meta?.[MCP_META_KEYS.idempotencyKey] ?? ''}`;
  const n = (calls.get(key) ?? 0) + 1;
  calls.set(key, n);
  return n;
}
const text = (value) => ({ content: [{ type: 'text', text: value }] });

server.registerTool('calendar.list', { inputSchema: { day: z.string() } }, () => {
  throw AgentError.auth('Calendar login expired', { code: 'LOGIN_EXPIRED' });
});

server.registerTool('search.web', { inputSchema: { q: z.string() } }, ({ q }, extra) => {
  if (attemptOf('search.web', extra) === 1) {
    throw AgentError.rateLimited('Search API rate limit exceeded', {
      retryAfterMs: RATE_LIMIT_RETRY_AFTER_MS,
    });
  }
  return text(`3 results for "${q}"`);
});

server.registerTool('files.read', { inputSchema: { path: z.string() } }, ({ path }) => {
  throw AgentError.notFound(`No file at ${path}`, { code: 'FILE_NOT_FOUND' });
});

// The SDK checks these arguments before the handler runs; withMcpErrors turns its refusal into
// a result the model can act on: which argument, what is wrong, what to do.
server.registerTool(
  'db.query',
  { inputSchema: { sql: z.string().min(1), limit: z.number().int().min(1).max(100) } },
  ({ limit }) => text(`${limit} rows`),
);

server.registerTool('report.render', { inputSchema: { id: z.string() } }, async (_, extra) => {
  const ms = attemptOf('report.render', extra) === 1 ? SLOW_RENDER_MS : 20;
  const finished = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    extra.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), {
      once: true,
    });
  });
  // The client gave up on this call (notifications/cancelled): stop the work for nobody.
  if (!finished) stats.cancelled.push('report.render');
  return text(finished ? 'report.pdf (12 pages)' : 'cancelled');
});

server.registerTool('inventory.sync', { inputSchema: {} }, (_, extra) => {
  if (attemptOf('inventory.sync', extra) <= 2) {
    throw AgentError.unavailable('Inventory service unavailable');
  }
  return text('1,204 items in sync');
});

server.registerTool('logs.export', { inputSchema: { since: z.string() } }, () => {
  // A bug, not an error meant for the model: the upstream's message carries a credential.
  throw new Error(`upstream rejected the request: Authorization: Bearer ${DEMO_TOKEN}`);
});

server.registerTool('llm.complete', { inputSchema: { prompt: z.string() } }, () => {
  throw AgentError.quotaExceeded('Monthly token budget exhausted', {
    code: 'BUDGET_EXHAUSTED',
    details: { used: 1_000_000, limit: 1_000_000 },
  });
});

// The write runs once per idempotency key, however often the client retries it: the key comes
// from the request's _meta (withIdempotency's default reader knows the MCP SDK's `extra`).
const createContact = withIdempotency(new MemoryIdempotencyStore(), async ({ email }) => {
  stats.writes += 1;
  return { contactId: `c_${1000 + stats.writes}`, email };
});
let dropNextReply = false;
server.registerTool(
  'crm.createContact',
  { inputSchema: { email: z.string().email() } },
  async ({ email }, extra) => {
    const contact = await createContact({ email }, extra);
    // The work is done and stored; the reply to the first attempt is then lost on the way, as
    // when a connection drops between the commit and the response.
    if (attemptOf('crm.createContact', extra) === 1) dropNextReply = true;
    return text(`created contact ${contact.contactId}`);
  },
);

server.registerTool('demo.stats', { inputSchema: {} }, () => text(JSON.stringify(stats)));

const transport = new StdioServerTransport();
const send = transport.send.bind(transport);
transport.send = (message, options) => {
  if (dropNextReply && 'result' in message) {
    dropNextReply = false;
    process.stderr.write(`demo-server: reply to request ${message.id} lost on purpose\n`);
    return Promise.resolve();
  }
  return send(message, options);
};
await server.connect(transport);

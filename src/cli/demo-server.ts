/**
 * The tool server of `agent-errors demo`: an MCP-style stdio server (JSON-RPC 2.0, `tools/call`)
 * whose tools fail the way real tools do. The demo's agent spawns it as a child process; it is
 * not part of the public API. Logs go to stderr, messages to stdout.
 */
import { AgentError } from '../core/agent-error.js';
import { MemoryIdempotencyStore } from '../idempotency/memory-idempotency-store.js';
import { withIdempotency } from '../idempotency/with-idempotency.js';
import { stdioTransport } from '../node/stdio.js';
import type { RequestId } from '../rpc/messages.js';
import { defineMethod } from '../rpc/methods.js';
import type { RequestContext } from '../rpc/methods.js';
import { createPeer } from '../rpc/peer.js';
import type { StandardSchemaResult, StandardSchemaV1 } from '../rpc/standard-schema.js';
import type { Transport } from '../rpc/transport.js';
import {
  DEMO_TOKEN,
  RATE_LIMIT_RETRY_AFTER_MS,
  SLOW_RENDER_MS,
  STATS_METHOD,
} from './demo-tools.js';
import type { DemoServerStats } from './demo-tools.js';

interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  _meta?: { idempotencyKey?: string };
}

type Issue = { message: string; path: (string | number)[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Argument checks per tool; a hand-written Standard Schema, as Zod or Valibot would give. */
const ARGUMENT_CHECKS: Record<string, (args: Record<string, unknown>) => Issue[]> = {
  'db.query': (args) => {
    const issues: Issue[] = [];
    if (typeof args.sql !== 'string' || args.sql.trim() === '')
      issues.push({ path: ['arguments', 'sql'], message: 'Expected a non-empty SQL string' });
    const limit = args.limit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100)
      issues.push({
        path: ['arguments', 'limit'],
        message: `Expected an integer from 1 to 100, received ${JSON.stringify(limit)}`,
      });
    return issues;
  },
};

const toolCallSchema: StandardSchemaV1<unknown, ToolCall> = {
  '~standard': {
    version: 1,
    vendor: 'agent-errors-demo',
    validate(value): StandardSchemaResult<ToolCall> {
      if (!isRecord(value) || typeof value.name !== 'string')
        return { issues: [{ path: ['name'], message: 'Expected a tool name' }] };
      const args = value.arguments ?? {};
      if (!isRecord(args))
        return { issues: [{ path: ['arguments'], message: 'Expected an object' }] };
      const issues = ARGUMENT_CHECKS[value.name]?.(args) ?? [];
      if (issues.length > 0) return { issues };
      return { value: { ...(value as unknown as ToolCall), arguments: args } };
    },
  },
};

// Calls per tool and idempotency key: each logical call of the agent has its own key, so
// "fails the first time" means the first attempt of that call.
const calls = new Map<string, number>();
function attemptOf(call: ToolCall): number {
  const key = `${call.name}\u0000${call._meta?.idempotencyKey ?? ''}`;
  const n = (calls.get(key) ?? 0) + 1;
  calls.set(key, n);
  return n;
}

const stats: DemoServerStats = { writes: 0, cancelled: [], loggedErrorIds: [] };
const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

function delay(ms: number, signal: AbortSignal): Promise<'done' | 'aborted'> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve('aborted');
    const timer = setTimeout(() => resolve('done'), ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve('aborted');
      },
      { once: true },
    );
  });
}

// The idempotent part of the write: the work and its stored outcome, keyed by _meta.idempotencyKey.
const createContact = withIdempotency(new MemoryIdempotencyStore(), (params: { email: string }) => {
  stats.writes += 1;
  return Promise.resolve({ contactId: `c_${1000 + stats.writes}`, email: params.email });
});

// Replies the server "loses": written by the handler, dropped before they reach stdout.
const lostReplies = new Set<RequestId>();

const tools: Record<string, (call: ToolCall, ctx: RequestContext) => unknown> = {
  'calendar.list': () => {
    throw AgentError.auth('Calendar login expired; sign in again', { code: 'LOGIN_EXPIRED' });
  },
  'search.web': (call) => {
    if (attemptOf(call) === 1)
      throw AgentError.rateLimited('Search API rate limit exceeded', {
        retryAfterMs: RATE_LIMIT_RETRY_AFTER_MS,
      });
    return text(`3 results for ${JSON.stringify(call.arguments.q)}`);
  },
  'files.read': (call) => {
    throw AgentError.notFound(`No file at ${String(call.arguments.path)}`, {
      code: 'FILE_NOT_FOUND',
      details: { path: call.arguments.path },
    });
  },
  'db.query': () => text('42 rows'),
  'report.render': async (call, ctx) => {
    const ms = attemptOf(call) === 1 ? SLOW_RENDER_MS : 20;
    if ((await delay(ms, ctx.signal)) === 'aborted') {
      // The agent gave up on this call: stop the work rather than finish it for nobody.
      stats.cancelled.push(call.name);
      return text('cancelled');
    }
    return text('report.pdf (12 pages)');
  },
  'inventory.sync': (call) => {
    if (attemptOf(call) <= 2) throw AgentError.unavailable('Inventory service unavailable');
    return text('1,204 items in sync');
  },
  'logs.export': () => {
    // A bug, not an error meant for the client: the upstream's message carries the credential.
    throw new Error(`upstream rejected the request: Authorization: Bearer ${DEMO_TOKEN}`);
  },
  'llm.complete': () => {
    throw AgentError.quotaExceeded('Monthly token budget exhausted', {
      code: 'BUDGET_EXHAUSTED',
      details: { used: 1_000_000, limit: 1_000_000 },
    });
  },
  'crm.createContact': async (call, ctx) => {
    const contact = await createContact(
      { email: String(call.arguments.email), ...(call._meta ? { _meta: call._meta } : {}) },
      { id: ctx.id },
    );
    // The write is done and its result stored; now the reply to the first attempt is lost, as
    // when a connection drops between the commit and the response.
    if (attemptOf(call) === 1 && ctx.id !== undefined && ctx.id !== null) lostReplies.add(ctx.id);
    return text(`created contact ${contact.contactId}`);
  },
};

const stdio = stdioTransport();
const transport: Transport = {
  start: (sink) => stdio.start(sink),
  close: () => stdio.close(),
  send(message) {
    if (lostReplies.size > 0) {
      const { id } = JSON.parse(message) as { id?: RequestId };
      if (id !== undefined && lostReplies.delete(id)) {
        process.stderr.write(`demo-server: reply to request ${String(id)} lost on purpose\n`);
        return Promise.resolve();
      }
    }
    return stdio.send(message);
  },
};

const peer = createPeer({
  transport,
  protocol: 'mcp',
  methods: {
    initialize: () => ({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'agent-errors-demo-server', version: '1.0.0' },
    }),
    'tools/call': defineMethod(toolCallSchema, (call, ctx) => {
      const tool = tools[call.name];
      if (!tool)
        throw AgentError.notFound(`Unknown tool: ${call.name}`, { code: 'TOOL_NOT_FOUND' });
      return tool(call, ctx);
    }),
    [STATS_METHOD]: () => stats,
  },
  // The full error stays in the server's log, joined to what the client saw by its errorId.
  onError(error, { errorId }) {
    stats.loggedErrorIds.push(errorId);
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`demo-server: unexpected error ${errorId}: ${message}\n`);
  },
});
peer.start();
await peer.closed;
process.exit(0);

import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { AgentError, decode, toAgentError } from 'agent-errors';
import {
  ToolError,
  isToolError,
  parseToolErrorText,
  reviveToolError,
  toToolError,
  toolErrorFields,
} from 'agent-errors/tool';
import { fromCallToolResult, toCallToolResult } from 'agent-errors/mcp';

// Seed 002's chain: page → extension → WebSocket → MCP server → agent.

/** The errors the page's tool handlers throw, by name. */
const thrown: Record<string, () => ToolError> = {
  rate: () => ToolError.rateLimited('Too many requests', 2000),
  custom: () =>
    new ToolError('Export exceeds 10,000 row limit', 'EXPORT_TOO_LARGE', {
      category: 'validation',
      retryable: false,
    }),
  bare: () => new ToolError('Widget [42] is `locked`\nby another tab', 'WIDGET_LOCKED'),
  quota: () =>
    toToolError(
      AgentError.quotaExceeded('Monthly budget used up', {
        code: 'BUDGET_EXHAUSTED',
        details: { limit: 100 },
      }),
    ),
};

/** Hop 1 — page: the adapter catches the error and serialises its fields into the dispatch response (postMessage = structured clone). */
function pageDispatch(tool: string): { ok: false; error: unknown } {
  try {
    throw (thrown[tool] as () => ToolError)();
  } catch (err) {
    return structuredClone({ ok: false as const, error: toolErrorFields(err as ToolError) });
  }
}

let wss: WebSocketServer;
let extension: WebSocket;
const pending = new Map<number, (reply: { error?: { data?: unknown; message: string } }) => void>();
let nextId = 1;

/** Hop 2 — the MCP server asks the extension, over JSON-RPC on a real WebSocket, to run a tool. */
function dispatchOverWebSocket(socket: WebSocket, tool: string) {
  const id = nextId++;
  return new Promise<{ error?: { data?: unknown; message: string } }>((resolve) => {
    pending.set(id, resolve);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'tool/dispatch', params: { tool } }));
  });
}

const server = new McpServer({ name: 'opentabs-like', version: '1.0.0' });
const agent = new Client({ name: 'agent', version: '1.0.0' });
let serverSide: WebSocket | undefined;

beforeAll(async () => {
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const connected = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  extension = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  // The extension relays each dispatch to the page and answers with a JSON-RPC error carrying the fields.
  extension.on('message', (raw: Buffer) => {
    const request = JSON.parse(raw.toString('utf8')) as { id: number; params: { tool: string } };
    const response = pageDispatch(request.params.tool);
    extension.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: request.id,
        error: { code: -32000, message: 'Tool failed', data: response.error },
      }),
    );
  });
  serverSide = await connected;
  serverSide.on('message', (raw: Buffer) => {
    const reply = JSON.parse(raw.toString('utf8')) as {
      id: number;
      error?: { data?: unknown; message: string };
    };
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  await new Promise<void>((resolve) => extension.once('open', () => resolve()));

  // Hop 3 — the MCP server turns what the extension relayed into a tool result for the agent.
  server.registerTool('run', { inputSchema: { tool: z.string() } }, async ({ tool }) => {
    const reply = await dispatchOverWebSocket(serverSide as WebSocket, tool);
    const data = reply.error?.data;
    // The class identity is gone after the clone and the JSON hop: recognise it by shape.
    if (!isToolError(data)) throw new Error('expected a ToolError by shape');
    return toCallToolResult(reviveToolError(data));
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), agent.connect(a)]);
});

afterAll(async () => {
  await agent.close();
  await server.close();
  extension.close();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
});

describe('a ToolError crosses page → extension → WebSocket → MCP server → agent', () => {
  it.each(Object.keys(thrown))('%s: every field arrives', async (name) => {
    const original = (thrown[name] as () => ToolError)();
    // Hop 4 — the agent reads the text.
    const result = await agent.callTool({ name: 'run', arguments: { tool: name } });
    expect(result.isError).toBe(true);
    const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
    const parsed = parseToolErrorText(text);
    expect(parsed).toBeDefined();
    expect(parsed?.code).toBe(original.code);
    expect(parsed?.message).toBe(original.message);
    expect(parsed?.retryable).toBe(original.retryable);
    expect(parsed?.retryAfterMs).toBe(original.retryAfterMs);
    expect(parsed?.category).toBe(original.agentCategory ?? original.category);
    expect(parsed?.details).toEqual(original.details);

    const hub = fromCallToolResult(result);
    expect(toToolError(hub)).toMatchObject({
      code: original.code,
      retryable: original.retryable,
      retryAfterMs: original.retryAfterMs,
      ...(original.category !== undefined ? { category: original.category } : {}),
      ...(original.agentCategory !== undefined ? { agentCategory: original.agentCategory } : {}),
    });
  });

  it('the seed example arrives as the exact text', async () => {
    const result = await agent.callTool({ name: 'run', arguments: { tool: 'rate' } });
    expect((result.content as { text: string }[])[0]?.text).toBe(
      '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n\n```json\n{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n```',
    );
  });
});

// The extension's hop as upstream writes it (opentabs-dev/opentabs,
// platform/browser-extension/src/tool-dispatch.ts): a ToolError caught in the page becomes
// `{ code: -32603, message, data: { code, retryable?, retryAfterMs?, category? } }`, sent to the
// MCP server as a JSON-RPC error response.
describe("the extension's relay of a failed tool, decoded", () => {
  const relay = {
    jsonrpc: '2.0',
    id: 7,
    error: {
      code: -32603,
      message: 'Too many requests',
      data: { code: 'RATE_LIMITED', retryable: true, retryAfterMs: 2000, category: 'rate_limit' },
    },
  };

  it.each([undefined, 'jsonrpc', 'acp', 'mcp', 'lsp', 'a2a'] as const)(
    'protocol %s: gives the ToolError it carries',
    (protocol) => {
      for (const input of [relay, relay.error]) {
        const decoded = decode(input, protocol === undefined ? undefined : { protocol });
        expect(decoded).toMatchObject({
          message: 'Too many requests',
          code: 'RATE_LIMITED',
          category: 'rate_limit',
          retryable: true,
          retryAfterMs: 2000,
        });
        expect(decoded.details).toBeUndefined();
        // What was received is kept: sent back to the same protocol, it is the same object.
        expect(decoded.wire?.data).toEqual(relay.error.data);
      }
      const original = ToolError.rateLimited('Too many requests', 2000);
      const fromClass = toAgentError(original);
      const fromRelay = decode(relay, protocol === undefined ? undefined : { protocol });
      expect([fromRelay.code, fromRelay.category, fromRelay.retryable]).toEqual([
        fromClass.code,
        fromClass.category,
        fromClass.retryable,
      ]);
    },
  );

  it('an SDK error carrying the relayed data decodes the same (MCP client, ACP client)', () => {
    const { code, message, data } = relay.error;
    const mcp = Object.assign(new Error(`MCP error ${code}: ${message}`), {
      name: 'McpError',
      code,
      data,
    });
    const acp = Object.assign(new Error(message), { name: 'RequestError', code, data });
    for (const e of [toAgentError(mcp), toAgentError(acp)]) {
      expect([e.code, e.category, e.retryable, e.retryAfterMs]).toEqual([
        'RATE_LIMITED',
        'rate_limit',
        true,
        2000,
      ]);
    }
  });

  it('a hub category travels as agentCategory (toolErrorFields of a converted error)', () => {
    const fields = toolErrorFields(toToolError(AgentError.quotaExceeded('Budget used up')));
    const decoded = decode({ code: -32603, message: 'Budget used up', data: fields });
    expect([decoded.code, decoded.category, decoded.retryable]).toEqual([
      'QUOTA_EXCEEDED',
      'quota',
      false,
    ]);
    // The rest of the fields stay as details.
    expect(decoded.details).toEqual({ name: 'ToolError', message: 'Budget used up' });
  });

  it('reads nothing into data that is not a ToolError’s fields', () => {
    const plain = (data: unknown) => {
      const e = decode({ code: -32603, message: 'boom', data });
      return [e.code, e.category, e.retryable];
    };
    const internal = ['INTERNAL_ERROR', 'internal', false];
    expect(plain({ code: 'ENOENT' })).toEqual(internal);
    expect(plain({ code: 'X', category: 'quota', retryable: true })).toEqual(internal);
    expect(plain({ code: 'X', category: 'rate_limit', retryable: 'yes' })).toEqual(internal);
    expect(plain({ code: 7, category: 'rate_limit', retryable: true })).toEqual(internal);
    // A relayed ToolError without a category (a bare `new ToolError(message, code)`) is read by
    // its JSON-RPC code; its own code stays in the details.
    const bare = decode({
      code: -32603,
      message: 'Out of stock',
      data: { code: 'OUT_OF_STOCK', retryable: false },
    });
    expect([bare.code, bare.category, bare.details]).toEqual([
      'INTERNAL_ERROR',
      'internal',
      { code: 'OUT_OF_STOCK', retryable: false },
    ]);
    // Our own hints win over the ToolError fields.
    const hinted = decode({
      code: -32603,
      message: 'x',
      data: {
        code: 'RATE_LIMITED',
        category: 'rate_limit',
        retryable: true,
        agentError: { code: 'OTHER', category: 'timeout', retryable: true },
      },
    });
    expect([hinted.code, hinted.category]).toEqual(['OTHER', 'timeout']);
  });
});

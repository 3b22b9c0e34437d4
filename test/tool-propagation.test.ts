import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { AgentError } from 'agent-errors';
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

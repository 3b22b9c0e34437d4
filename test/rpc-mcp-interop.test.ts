// Interop with @modelcontextprotocol/sdk as a real peer over stdio, in both directions:
// its Client spawning our peer as a server, and our peer spawning its Server.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES, decode } from 'agent-errors';
import { McpError as OurMcpError } from 'agent-errors/mcp';
import { createPeer } from 'agent-errors/jsonrpc';
import type { Peer } from 'agent-errors/jsonrpc';
import { spawnTransport } from 'agent-errors/node';
import { ensureDist } from './helpers/dist.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('MCP SDK Client → our peer as a stdio server (child process)', () => {
  let client: Client;
  const stderr: string[] = [];

  beforeAll(async () => {
    ensureDist();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('rpc-mcp-server.mjs')],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    client = new Client({ name: 'interop', version: '1.0.0' });
    await client.connect(transport);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  it('initializes, lists and calls tools', async () => {
    expect(client.getServerVersion()).toEqual({ name: 'agent-errors-fixture', version: '1.0.0' });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['fail', 'hang']);
    expect(await client.callTool({ name: 'ok' })).toEqual({
      content: [{ type: 'text', text: 'called ok' }],
    });
  });

  it('errors of every category reach the SDK with code, message and data, secrets redacted', async () => {
    for (const category of ERROR_CATEGORIES) {
      const error = await client
        .callTool({ name: 'fail', arguments: { category, retryAfterMs: 7 } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      const e = error as McpError;
      expect(e.message).toContain(`failed with ${category}`);
      expect(e.data).toEqual({
        tool: 'fail',
        token: '[REDACTED]',
        agentError: {
          code: `FIXTURE_${category.toUpperCase()}`,
          category,
          retryable: expect.any(Boolean),
          retryAfterMs: 7,
        },
      });
      expect(typeof e.code).toBe('number');
    }
  });

  it('an unexpected error is a generic internal error with an errorId logged by onError', async () => {
    const e = (await client.callTool({ name: 'crash' }).catch((x: unknown) => x)) as McpError;
    expect(e.code).toBe(-32603);
    expect(JSON.stringify(e.data)).not.toContain('hunter2');
    const { errorId } = e.data as { errorId: string };
    await expect.poll(() => stderr.join(''), { timeout: 5_000 }).toContain(`onError ${errorId}`);
  });

  it('the SDK cancelling a call aborts our handler (notifications/cancelled)', async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: 'hang' }, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort('stop'), 50);
    await expect(call).rejects.toThrow();
    await expect.poll(() => stderr.join(''), { timeout: 5_000 }).toContain('hang aborted');
    // The server stayed healthy.
    expect(await client.ping()).toEqual({});
  });
});

describe('our peer → MCP SDK Server (child process over stdio)', () => {
  let peer: Peer;

  beforeAll(async () => {
    const { transport } = spawnTransport(process.execPath, [fixture('mcp-sdk-server.mjs')]);
    peer = createPeer({ transport, protocol: 'mcp', timeoutMs: 10_000 });
    peer.start();
    const init = await peer.request<{ serverInfo: { name: string } }>('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'agent-errors', version: '0.0.0' },
    });
    expect(init.serverInfo.name).toBe('sdk-fixture');
    await peer.notify('notifications/initialized');
  }, 60_000);

  afterAll(async () => {
    await peer?.close();
  });

  it('calls tools', async () => {
    expect(await peer.request('tools/call', { name: 'echo', arguments: { a: 1 } })).toEqual({
      content: [{ type: 'text', text: '{"a":1}' }],
    });
  });

  it.each([
    [-32602, 'validation'],
    [-32601, 'protocol'],
    [-32603, 'internal'],
    [-32800, 'cancelled'],
  ] as const)(
    'an McpError %i keeps code, message and data, and decodes to %s',
    async (code, category) => {
      const error = await peer
        .request('tools/call', {
          name: 'error',
          arguments: { code, message: 'nope', data: { why: 'because' } },
        })
        .catch((e: unknown) => e);
      // Seed 003: the calling side gets an McpError, the SDK's "MCP error <code>: " prefix stripped.
      expect(error).toBeInstanceOf(OurMcpError);
      expect(error).toMatchObject({ code, message: 'nope', data: { why: 'because' } });
      expect(decode(error)).toMatchObject({
        category,
        wire: { protocol: 'mcp', code, data: { why: 'because' } },
      });
    },
  );

  it('aborting sends notifications/cancelled and rejects as cancelled; the server carries on', async () => {
    const controller = new AbortController();
    const call = peer.request('tools/call', { name: 'hang' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ category: 'cancelled' });
    expect(await peer.request('ping')).toEqual({});
  });
});

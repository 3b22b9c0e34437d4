import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentError } from 'agent-errors';
import { ToolError, parseToolErrorText } from 'agent-errors/tool';
import { fromCallToolResult, toCallToolResult } from 'agent-errors/mcp';

const full = new AgentError('Channel "general" is archived', {
  category: 'conflict',
  code: 'CHANNEL_ARCHIVED',
  retryable: true,
  retryAfterMs: 1500,
  details: { channel: 'general', attempt: 2 },
});

const server = new McpServer({ name: 'errors-test', version: '1.0.0' });
server.registerTool('throws-plain', {}, () => {
  throw new Error('Request timed out after 30s');
});
server.registerTool('throws-mcp-error', {}, () => {
  throw new McpError(ErrorCode.InvalidParams, 'channel must start with #');
});
server.registerTool('throws-tool-error', {}, () => {
  throw ToolError.rateLimited('Too many requests', 2000);
});
server.registerTool('throws-unclassifiable', {}, () => {
  throw new Error('The frobnicator is sad');
});
server.registerTool('validated', { inputSchema: { channel: z.string() } }, ({ channel }) => ({
  content: [{ type: 'text', text: channel }],
}));
server.registerTool('returns-ours', {}, () => toCallToolResult(full));
server.registerTool('returns-ours-structured', {}, () =>
  toCallToolResult(full, { structured: true }),
);
server.registerTool('returns-tool-error', {}, () =>
  toCallToolResult(ToolError.rateLimited('Too many requests', 2000)),
);
server.registerTool('returns-quota', {}, () =>
  toCallToolResult(
    AgentError.quotaExceeded('Monthly budget used up', { code: 'BUDGET_EXHAUSTED' }),
  ),
);

const client = new Client({ name: 'errors-test-client', version: '1.0.0' });

beforeAll(async () => {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function call(name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return { result, error: fromCallToolResult(result) };
}

describe('MCP tool errors through @modelcontextprotocol/sdk McpServer + Client', () => {
  it('a thrown Error is classified from its text', async () => {
    const { error } = await call('throws-plain');
    expect([error.category, error.retryable, error.message]).toEqual([
      'timeout',
      true,
      'Request timed out after 30s',
    ]);
  });

  it("a thrown McpError keeps the SDK's code and loses its prefix", async () => {
    const { result, error } = await call('throws-mcp-error');
    expect((result.content as { text: string }[])[0]?.text).toBe(
      'MCP error -32602: channel must start with #',
    );
    expect([error.category, error.code, error.message, error.details]).toEqual([
      'validation',
      'INVALID_PARAMS',
      'channel must start with #',
      { mcpErrorCode: -32602 },
    ]);
  });

  it('a thrown ToolError reaches the client as its message only; keywords still classify it', async () => {
    const { error } = await call('throws-tool-error');
    expect([error.category, error.retryable, error.retryAfterMs]).toEqual([
      'rate_limit',
      true,
      undefined,
    ]);
  });

  it('an unclassifiable error is internal and not retryable', async () => {
    const { error } = await call('throws-unclassifiable');
    expect([error.category, error.retryable]).toEqual(['internal', false]);
  });

  it("the SDK's input validation failure is validation; its unknown tool (-32602 too) is not_found", async () => {
    expect((await call('validated', { channel: 42 })).error.category).toBe('validation');
    const unknown = await call('no-such-tool');
    expect([unknown.error.category, unknown.error.code]).toEqual(['not_found', 'TOOL_NOT_FOUND']);
  });

  it('toCallToolResult(ourError): every field survives, with and without structuredContent', async () => {
    for (const name of ['returns-ours', 'returns-ours-structured']) {
      const { result, error } = await call(name);
      expect(error).toMatchObject({
        message: full.message,
        code: full.code,
        category: full.category,
        retryable: full.retryable,
        retryAfterMs: full.retryAfterMs,
        details: full.details,
      });
      expect(error.wire).toMatchObject({ protocol: 'tool', code: full.code });
      expect('structuredContent' in result).toBe(name === 'returns-ours-structured');
    }
  });

  it("a ToolError written with toCallToolResult arrives as seed 002's text", async () => {
    const { result, error } = await call('returns-tool-error');
    const text = (result.content as { text: string }[])[0]?.text ?? '';
    expect(text).toBe(
      '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n\n```json\n{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n```',
    );
    expect(parseToolErrorText(text)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
    expect([error.category, error.retryAfterMs]).toEqual(['rate_limit', 2000]);
  });

  it('a hub category outside the six survives', async () => {
    const { error } = await call('returns-quota');
    expect([error.category, error.code, error.retryable]).toEqual([
      'quota',
      'BUDGET_EXHAUSTED',
      false,
    ]);
  });
});

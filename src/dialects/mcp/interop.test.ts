import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListToolsRequestSchema,
  McpError as SdkMcpError,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentError } from '../../index.js';
import { McpError } from './index.js';
import { toMcpError } from '../../entries/mcp.js';
import { decodeMcpError } from './decode.js';
import { encodeMcpError } from './convert.js';

type Handler = () => unknown;

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** A real SDK server and client linked in memory; `handler` answers tools/list. */
async function connect(handler: Handler) {
  const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await Promise.resolve();
    return handler() as never;
  });
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  open.push(async () => {
    await client.close();
    await server.close();
  });
  return { client, clientTransport };
}

async function rejection(promise: Promise<unknown>): Promise<SdkMcpError> {
  try {
    await promise;
  } catch (error) {
    return error as SdkMcpError;
  }
  throw new Error('expected the request to fail');
}

describe('MCP interop with @modelcontextprotocol/sdk', () => {
  it('our McpError thrown in a server handler reaches the client with no doubled prefix', async () => {
    const ours = McpError.invalidParams({ param: 'name' });
    const { client } = await connect(() => {
      throw ours;
    });
    const got = await rejection(client.listTools());
    expect(got).toBeInstanceOf(SdkMcpError);
    expect(got.code).toBe(-32602);
    expect(got.message).toBe('MCP error -32602: Invalid params');
    expect(got.data).toEqual({ param: 'name' });
    const decoded = decodeMcpError(got);
    expect(decoded).toMatchObject({
      message: 'Invalid params',
      category: 'validation',
      details: { param: 'name' },
    });
    expect(decoded.cause).toBe(got);
  });

  it("the SDK's own McpError re-thrown by a server doubles its prefix; we strip both", async () => {
    const { client } = await connect(() => {
      throw new SdkMcpError(ErrorCode.InvalidParams, 'bad');
    });
    const got = await rejection(client.listTools());
    expect(got.message).toBe('MCP error -32602: MCP error -32602: bad');
    expect(decodeMcpError(got)).toMatchObject({ message: 'bad', category: 'validation' });
    // And the fix: encoding it first sends it once.
    const { client: fixed } = await connect(() => {
      throw toMcpError(new SdkMcpError(ErrorCode.InvalidParams, 'bad'));
    });
    expect((await rejection(fixed.listTools())).message).toBe('MCP error -32602: bad');
  });

  it('an AgentError sent through the SDK keeps its category, code and retry hint', async () => {
    const { client } = await connect(() => {
      throw toMcpError(AgentError.rateLimited('Slow down', { retryAfterMs: 750 }));
    });
    const back = decodeMcpError(await rejection(client.listTools()));
    expect(back).toMatchObject({
      message: 'Slow down',
      category: 'rate_limit',
      code: 'RATE_LIMITED',
      retryable: true,
      retryAfterMs: 750,
    });
  });

  it("decodes the SDK's McpError instances to the right category", () => {
    const cases: [SdkMcpError, string, boolean][] = [
      [new SdkMcpError(ErrorCode.ParseError, 'x'), 'protocol', false],
      [new SdkMcpError(ErrorCode.InvalidRequest, 'x'), 'protocol', false],
      [new SdkMcpError(ErrorCode.MethodNotFound, 'x'), 'protocol', false],
      [new SdkMcpError(ErrorCode.InvalidParams, 'x'), 'validation', false],
      [new SdkMcpError(ErrorCode.InternalError, 'x'), 'internal', false],
      [new SdkMcpError(ErrorCode.ConnectionClosed, 'Connection closed'), 'unavailable', true],
      [
        new SdkMcpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: 10 }),
        'timeout',
        true,
      ],
      [new SdkMcpError(-32002, 'Resource not found'), 'not_found', false],
      [new UrlElicitationRequiredError([]), 'auth', false],
      [new SdkMcpError(-32022, 'Unsupported protocol version'), 'protocol', false],
    ];
    for (const [sdkError, category, retryable] of cases) {
      const e = decodeMcpError(sdkError);
      expect([sdkError.code, e.category, e.retryable]).toEqual([
        sdkError.code,
        category,
        retryable,
      ]);
      expect(e.message).not.toMatch(/^MCP error/);
    }
  });

  it('its timeout rejection decodes as timeout; a user cancel as cancelled (not retried)', async () => {
    let release!: () => void;
    const pending = new Promise<void>((resolve) => (release = resolve));
    const { client } = await connect(async () => {
      await pending;
      return { tools: [] };
    });
    try {
      const timedOut = await rejection(client.listTools({}, { timeout: 30 }));
      expect(timedOut.code).toBe(ErrorCode.RequestTimeout);
      expect(decodeMcpError(timedOut)).toMatchObject({ category: 'timeout', retryable: true });

      const controller = new AbortController();
      const cancelled = rejection(client.listTools({}, { signal: controller.signal }));
      controller.abort();
      const got = await cancelled;
      // The SDK reports a cancel as -32001 "request timeout"…
      expect(got.code).toBe(ErrorCode.RequestTimeout);
      // …which we read as what it is.
      expect(decodeMcpError(got)).toMatchObject({ category: 'cancelled', retryable: false });
    } finally {
      release();
    }
  });

  it('its connection-closed rejection decodes as unavailable and retryable', async () => {
    const { client, clientTransport } = await connect(() => new Promise(() => {}));
    const pending = rejection(client.listTools());
    await new Promise((resolve) => setTimeout(resolve, 5));
    await clientTransport.close();
    const got = await pending;
    expect(got.code).toBe(ErrorCode.ConnectionClosed);
    expect(decodeMcpError(got)).toMatchObject({
      category: 'unavailable',
      retryable: true,
      code: 'CONNECTION_CLOSED',
      message: 'Connection closed',
    });
  });

  it('encodes the SDK error without its prefix', () => {
    expect(encodeMcpError(new SdkMcpError(-32602, 'bad', { a: 1 }))).toStrictEqual({
      code: -32602,
      message: 'bad',
      data: { a: 1 },
    });
  });
});

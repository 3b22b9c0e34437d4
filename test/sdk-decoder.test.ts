// The SDK wrappers' `decoder` option: what a handler throws is classified by the readers the
// user chose. The error is the real OpenAI SDK's 429 (`APIError.generate`, as the SDK builds it
// from a response), thrown inside handlers run by the real MCP SDK, ACP SDK and called as the
// AI SDK and the OpenAI Agents SDK call them.
import * as acp from '@agentclientprotocol/sdk';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { AgentError, createDecoder, decode } from 'agent-errors';
import type { Decoder } from 'agent-errors';
import { withAcpErrors } from 'agent-errors/acp';
import { providerSdkReader } from 'agent-errors/http';
import {
  callToolOrThrow,
  fromCallToolResult,
  withMcpErrors,
  withToolErrors,
} from 'agent-errors/mcp';
import { toolErrorFunction, withAiToolErrors } from 'agent-errors/tool';

const rateLimit = () =>
  OpenAI.APIError.generate(
    429,
    { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
    undefined,
    new Headers({ 'retry-after-ms': '1200' }),
  );

// A decoder that knows the provider SDK's errors, and one that knows nothing: the first keeps
// the upstream 429's category (its message still hidden), the second sees an internal error.
const DECODERS: readonly (readonly [string, Decoder, string])[] = [
  ['providerSdkReader', createDecoder([providerSdkReader]), 'rate_limit'],
  ['no reader', createDecoder([]), 'internal'],
];
const quiet = () => {};

async function callThroughMcp(wrap: 'withToolErrors' | 'withMcpErrors', decoder: Decoder) {
  const raw = new McpServer({ name: 's', version: '1.0.0' });
  const server = wrap === 'withMcpErrors' ? withMcpErrors(raw, { onError: quiet, decoder }) : raw;
  const handler = () => {
    throw rateLimit();
  };
  server.registerTool(
    'busy',
    {},
    wrap === 'withToolErrors' ? withToolErrors(handler, { onError: quiet, decoder }) : handler,
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'c', version: '1.0.0' });
  await client.connect(b);
  try {
    return await client.callTool({ name: 'busy', arguments: {} });
  } finally {
    await client.close();
    await server.close();
  }
}

describe.each(DECODERS)('a wrapper given a decoder (%s)', (_name, decoder, category) => {
  it.each(['withToolErrors', 'withMcpErrors'] as const)(
    '%s classifies by its readers (MCP SDK v1)',
    async (wrap) => {
      const result = await callThroughMcp(wrap, decoder);
      expect(result.isError).toBe(true);
      expect(fromCallToolResult(result).category).toBe(category);
    },
  );

  it('withAcpErrors classifies by its readers (ACP SDK RequestError)', async () => {
    const handler = withAcpErrors(
      () => {
        throw rateLimit();
      },
      acp.RequestError,
      { onError: quiet, decoder },
    );
    const thrown = await Promise.resolve()
      .then(() => handler())
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(acp.RequestError);
    expect(decode(thrown, { protocol: 'acp' }).category).toBe(category);
  });

  it('withAiToolErrors and toolErrorFunction classify by its readers', async () => {
    const seen: AgentError[] = [];
    const onToolError = (error: AgentError) => seen.push(error);
    const execute = withAiToolErrors(
      async (_input: unknown, _options: { toolCallId: string }) => {
        await Promise.resolve();
        throw rateLimit();
      },
      { onError: quiet, onToolError, decoder },
    );
    await execute({}, { toolCallId: 'call-1' }).catch(() => undefined);
    toolErrorFunction({ onError: quiet, onToolError, decoder })(undefined, rateLimit());
    expect(seen.map((e) => e.category)).toEqual([category, category]);
  });
});

describe('callToolOrThrow given a decoder', () => {
  it('classifies what the MCP SDK throws by its readers', async () => {
    // A server with no tools: the SDK's client rejects `tools/call` with its McpError.
    const server = new McpServer({ name: 's', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'c', version: '1.0.0' });
    await client.connect(b);
    const byName = createDecoder([
      {
        name: 'McpError by name',
        recognise: (view) =>
          view.name === 'McpError' ? AgentError.unavailable('read by name') : undefined,
      },
    ]);
    try {
      const mine = await callToolOrThrow(client, { name: 'x' }, { decoder: byName }).catch(
        (e: unknown) => e,
      );
      expect([(mine as AgentError).category, (mine as AgentError).message]).toEqual([
        'unavailable',
        'read by name',
      ]);
      const theirs = await callToolOrThrow(client, { name: 'x' }).catch((e: unknown) => e);
      expect((theirs as AgentError).category).not.toBe('unavailable');
    } finally {
      await client.close();
      await server.close();
    }
  });
});

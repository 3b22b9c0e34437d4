// The helpers fit the SDKs' own types: no casts where users write them.
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { AgentError } from '../core/agent-error.js';
import { MemoryIdempotencyStore } from '../idempotency/memory-idempotency-store.js';
import { withIdempotency } from '../idempotency/with-idempotency.js';
import { retry } from '../retry/retry.js';
import { callToolOrThrow } from './mcp-client.js';
import { mcpIdempotencyKeyOf } from '../dialects/mcp/idempotency-key.js';
import { withMcpErrors } from './mcp-server.js';
import { withToolErrors } from './mcp-tool-errors.js';

test('withToolErrors and withMcpErrors fit registerTool in SDK v1', () => {
  const server = withMcpErrors(new McpServerV1({ name: 's', version: '1.0.0' }));
  expectTypeOf(server).toEqualTypeOf<McpServerV1>();
  server.registerTool(
    'book',
    { inputSchema: { hours: z.number() } },
    withToolErrors(({ hours }) => {
      expectTypeOf(hours).toEqualTypeOf<number>();
      if (hours > 8) throw AgentError.validation('Too long');
      return { content: [{ type: 'text' as const, text: 'booked' }] };
    }),
  );
  server.registerTool(
    'send',
    { inputSchema: { to: z.string() } },
    withIdempotency(
      new MemoryIdempotencyStore(),
      ({ to }: { to: string }) => ({ content: [{ type: 'text' as const, text: to }] }),
      { keyOf: mcpIdempotencyKeyOf },
    ),
  );
});

test('withToolErrors and withMcpErrors fit registerTool in SDK v2', () => {
  const server = withMcpErrors(new McpServerV2({ name: 's', version: '1.0.0' }));
  server.registerTool(
    'book',
    { inputSchema: z.object({ hours: z.number() }) },
    withToolErrors(({ hours }) => {
      expectTypeOf(hours).toEqualTypeOf<number>();
      return { content: [{ type: 'text' as const, text: 'booked' }] };
    }),
  );
});

test('callToolOrThrow takes either Client and retry’s attempt', () => {
  const v1 = new ClientV1({ name: 'c', version: '1.0.0' });
  const v2 = new ClientV2({ name: 'c', version: '1.0.0' });
  expectTypeOf(callToolOrThrow(v1, { name: 'x' })).resolves.toEqualTypeOf<
    Record<string, unknown>
  >();
  void retry((attempt) => callToolOrThrow(v2, { name: 'x', arguments: { a: 1 } }, attempt));
});

test('meta is a switch: true or false, on either wrapper', () => {
  const handler = () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
  withToolErrors(handler, { meta: true });
  withMcpErrors(new McpServerV2({ name: 's', version: '1.0.0' }), { meta: false });
  // @ts-expect-error meta takes true or false
  withToolErrors(handler, { meta: 'yes' });
});

import * as acp from '@agentclientprotocol/sdk';
import { tool as agentsTool } from '@openai/agents';
import { tool } from 'ai';
import type { ToolExecutionOptions } from 'ai';
import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { withAcpErrors } from 'agent-errors/acp';
import { toolErrorFunction, withAiToolErrors } from 'agent-errors/tool';

test('withAcpErrors returns the app or handler with its own type', () => {
  expectTypeOf(withAcpErrors(acp.agent(), acp.RequestError)).toEqualTypeOf<acp.AgentApp>();
  expectTypeOf(withAcpErrors(acp.client(), acp.RequestError)).toEqualTypeOf<acp.ClientApp>();
  const handler = (_: { params: acp.NewSessionRequest }): acp.NewSessionResponse => ({
    sessionId: 's',
  });
  expectTypeOf(withAcpErrors(handler, acp.RequestError)).toEqualTypeOf(handler);
  // @ts-expect-error: the SDK's class is required
  withAcpErrors(acp.agent());
});

test('withAiToolErrors keeps a tool its type; as: result adds the text to the output', () => {
  const search = tool({
    inputSchema: z.object({ query: z.string() }),
    execute: ({ query }) => Promise.resolve([query]),
  });
  expectTypeOf(withAiToolErrors(search)).toEqualTypeOf(search);
  const execute = (input: { query: string }, _options: ToolExecutionOptions) =>
    Promise.resolve([input.query]);
  expectTypeOf(withAiToolErrors(execute)).toEqualTypeOf(execute);
  expectTypeOf(withAiToolErrors(execute, { as: 'result' })).returns.toEqualTypeOf<
    Promise<string[] | string>
  >();
});

test('toolErrorFunction is an errorFunction for the Agents SDK tool()', () => {
  agentsTool({
    name: 'weather',
    description: 'Weather',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => Promise.resolve(city),
    errorFunction: toolErrorFunction({
      onToolError: (error) => expectTypeOf(error.category).toBeString(),
    }),
  });
});

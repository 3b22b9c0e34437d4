import * as acp from '@agentclientprotocol/sdk';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withAcpErrors } from './acp.js';
import { withAiToolErrors } from './ai-sdk.js';
import { toolErrorFunction } from './agents-sdk.js';
import { callToolOrThrow } from './mcp-client.js';
import { withMcpErrors } from './mcp-server.js';
import { withToolErrors } from './mcp-tool-errors.js';

// Each wrapper a user makes once, with the options it takes by kind. A hook that is no function
// used to be skipped at the first failure, as a hook that throws is, and the errors it was meant
// to hear of went nowhere: every wrapper now refuses it when it is made.
const wrappers: {
  where: string;
  hooks: string[];
  strings: string[];
  /** Switches: options that must be `true` or `false` (absent means the default). */
  booleans?: string[];
  make: (o: unknown) => unknown;
}[] = [
  {
    where: 'withMcpErrors',
    hooks: ['onError'],
    strings: ['subject'],
    booleans: ['meta'],
    make: (o) => withMcpErrors(new McpServerV1({ name: 's', version: '1' }), o as never),
  },
  {
    where: 'withMcpErrors',
    hooks: ['onError'],
    strings: ['subject'],
    booleans: ['meta'],
    make: (o) => withMcpErrors(new McpServerV2({ name: 's', version: '1' }), o as never),
  },
  {
    where: 'withToolErrors',
    hooks: ['onError'],
    strings: ['subject'],
    booleans: ['meta'],
    make: (o) => withToolErrors(() => ({ content: [] }), o as never),
  },
  {
    where: 'withAcpErrors',
    hooks: ['onError'],
    strings: [],
    make: (o) => withAcpErrors(acp.agent({ name: 'a' }), acp.RequestError, o as never),
  },
  {
    where: 'withAiToolErrors',
    hooks: ['onToolError', 'onError'],
    strings: ['toolName', 'subject'],
    make: (o) =>
      withAiToolErrors(
        tool({ inputSchema: z.object({}), execute: (): Promise<string> => Promise.resolve('') }),
        o as never,
      ),
  },
  {
    where: 'toolErrorFunction',
    hooks: ['onToolError', 'onError'],
    strings: ['toolName', 'subject'],
    make: (o) => toolErrorFunction(o as never),
  },
];

// Every kind of value, as the message describes it.
const values: [unknown, string][] = [
  ['log', '"log"'],
  [1, 'number 1'],
  [true, 'boolean true'],
  [{}, 'an object'],
  [[], 'an array'],
  [null, 'null'],
  [() => undefined, 'a function'],
];

// What `typeof` says of a value each kind of option takes.
const TYPE_OF: Record<string, string> = {
  'a function': 'function',
  'a string': 'string',
  'true or false': 'boolean',
};

const cases = wrappers.flatMap((w) =>
  [
    ...w.hooks.map((name) => ({ ...w, name, expected: 'a function' })),
    ...w.strings.map((name) => ({ ...w, name, expected: 'a string' })),
    ...(w.booleans ?? []).map((name) => ({ ...w, name, expected: 'true or false' })),
  ].flatMap((option) =>
    values
      .filter(([value]) => typeof value !== TYPE_OF[option.expected])
      .map(([value, described]) => ({ ...option, value, described })),
  ),
);

describe('the SDK wrappers check their options when they are made', () => {
  it.each(cases)(
    '$where: options.$name = $described is refused, naming what it must be',
    ({ where, name, expected, value, described, make }) => {
      expect(() => make({ [name]: value })).toThrow(
        new TypeError(`${where}: options.${name} must be ${expected}; received ${described}`),
      );
    },
  );

  it.each(wrappers)('$where: options that are no object are refused', ({ where, make }) => {
    expect(() => make('quiet')).toThrow(
      new TypeError(`${where}: options must be an object; received "quiet"`),
    );
  });

  it.each(wrappers)(
    '$where: every option of the right kind is taken',
    ({ hooks, strings, booleans = [], make }) => {
      const options = Object.fromEntries([
        ...hooks.map((name) => [name, () => undefined]),
        ...strings.map((name) => [name, 'the search tool']),
        ...booleans.map((name) => [name, true]),
      ]);
      expect(typeof make(options)).toBe(typeof make(undefined));
    },
  );
});

describe('the MCP wrappers say which object they were given', () => {
  const methods = 'registerTool, validateToolInput, executeToolHandler, validateToolOutput';
  it.each([
    ['the v1 protocol object (server.server)', new McpServerV1({ name: 's', version: '1' }).server],
    ['the v2 protocol object (server.server)', new McpServerV2({ name: 's', version: '1' }).server],
    ['a v1 Client', new ClientV1({ name: 'c', version: '1' })],
    ['a v2 Client', new ClientV2({ name: 'c', version: '1' })],
  ])('withMcpErrors(%s) names the methods it lacks', (_, given) => {
    expect(() => withMcpErrors(given)).toThrow(`received an object without ${methods}`);
  });

  it.each([
    ['v1', new McpServerV1({ name: 's', version: '1' })],
    ['v2', new McpServerV2({ name: 's', version: '1' })],
  ])(
    'callToolOrThrow given a %s McpServer for its client says it lacks callTool',
    async (_, server) => {
      await expect(callToolOrThrow(server, { name: 'forecast' })).rejects.toThrow(
        'with callTool; received an object without callTool',
      );
    },
  );

  it.each([
    ['a tool name alone', 'forecast', 'received "forecast" (pass { name: "forecast" })'],
    ['a numeric name', { name: 7 }, 'received an object whose name is number 7'],
    ['no params', undefined, 'received undefined'],
  ])('callToolOrThrow given %s says what params must be', async (_, params, received) => {
    const client = new ClientV1({ name: 'c', version: '1' });
    await expect(callToolOrThrow(client, params as never)).rejects.toThrow(
      `callToolOrThrow: params must be { name: string, arguments?, _meta? }; ${received}`,
    );
  });
});

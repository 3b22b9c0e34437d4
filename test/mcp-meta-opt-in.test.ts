// `_meta` on a failed tool result is opt-in (`meta: true`); nothing is lost without it. Crossed:
// every category × with and without a wait × with and without an errorId × a code of its own, the
// category's, or one that may not be shown, plus errors nobody meant to send (a raw `Error`, the
// refusal Node gives for a closed port), through both wrappers of both MCP SDKs over their own
// in-memory transports. For each, a default server and a `meta: true` server answer the same
// failure: the default's text carries every field the other's `_meta` carries, and
// `callToolOrThrow`, `decode` and `agent-errors explain` read the same error from either result.
import { createServer, connect as netConnect } from 'node:net';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentError, ERROR_CATEGORIES, decode } from 'agent-errors';
import type { ErrorCategory } from 'agent-errors';
import {
  MCP_META_KEYS,
  callToolOrThrow,
  fromCallToolResult,
  withMcpErrors,
  withToolErrors,
} from 'agent-errors/mcp';
import type { McpToolErrorMeta } from 'agent-errors/mcp';
import { runCli } from '../src/cli/main.js';

type Result = { isError?: boolean; content?: unknown; _meta?: Record<string, unknown> };
type ToolServer = {
  registerTool: (name: string, config: object, cb: (args: { n: number }) => unknown) => unknown;
  connect: (t: never) => Promise<void>;
  close: () => Promise<void>;
};
type ToolClient = {
  connect: (t: never) => Promise<void>;
  close: () => Promise<void>;
  callTool: (params: { name: string; arguments: { n: number } }) => Promise<Result>;
};

const SDKS = [
  {
    sdk: 'v1',
    server: () => new McpServerV1({ name: 's', version: '1.0.0' }) as unknown as ToolServer,
    client: () => new ClientV1({ name: 'c', version: '1.0.0' }) as unknown as ToolClient,
    pair: () => InMemoryV1.createLinkedPair(),
  },
  {
    sdk: 'v2',
    server: () => new McpServerV2({ name: 's', version: '1.0.0' }) as unknown as ToolServer,
    client: () => new ClientV2({ name: 'c', version: '1.0.0' }) as unknown as ToolClient,
    pair: () => InMemoryV2.createLinkedPair(),
  },
] as const;

/** Node's own error for a connection to a port nothing listens on (ECONNREFUSED). */
async function refusedConnection(): Promise<Error> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return new Promise((resolve) => netConnect(port, '127.0.0.1').on('error', resolve));
}
let refused: Error;

interface Case {
  name: string;
  thrown: () => unknown;
  /** What `_meta` must say: the thrown error's fields, the code as it may be shown. */
  expected?: { code: string; category: ErrorCategory; retryable: boolean; retryAfterMs?: number };
}

// The code forms: the category's own, one of the thrower's, and one that is a path (never shown:
// the category's code goes out instead).
const CODES = [
  { form: "the category's code", code: undefined },
  { form: 'a code of its own', code: 'SEARCH_BUSY' },
  { form: 'a code that is a path', code: '/var/lib/search/secret.key' },
] as const;

const CASES: Case[] = [
  ...ERROR_CATEGORIES.flatMap((category) =>
    [undefined, 1500].flatMap((wait) =>
      [undefined, 'req-7f3a9c'].flatMap((errorId) =>
        CODES.map(({ form, code }): Case => {
          const make = () =>
            new AgentError(`${category} failure`, {
              category,
              ...(code === undefined ? {} : { code }),
              ...(wait === undefined ? {} : { retryAfterMs: wait }),
              ...(errorId === undefined ? {} : { errorId }),
            });
          const sample = make();
          return {
            name: `${category}, ${wait === undefined ? 'no wait' : `a wait of ${wait} ms`}, ${errorId === undefined ? 'no errorId' : 'an errorId'}, ${form}`,
            thrown: make,
            expected: {
              code: code === 'SEARCH_BUSY' ? code : new AgentError('x', { category }).code,
              category,
              retryable: sample.retryable,
              ...(wait === undefined ? {} : { retryAfterMs: wait }),
            },
          };
        }),
      ),
    ),
  ),
  { name: 'a raw Error (sent as Internal error with an errorId)', thrown: () => new Error('boom') },
  { name: "Node's refused connection (classified, sanitised)", thrown: () => refused },
];

const WRAPPERS = ['withToolErrors', 'withMcpErrors'] as const;

/** A server whose tool `fail` throws `CASES[n]`, wrapped one way, and a client connected to it. */
async function open(sdk: (typeof SDKS)[number], wrapper: (typeof WRAPPERS)[number], meta: boolean) {
  // The errorIds the server reported, in order: one per unexpected failure.
  const reported: string[] = [];
  const options = { onError: (_: unknown, id: string) => reported.push(id), meta };
  const raw = sdk.server();
  const server = wrapper === 'withMcpErrors' ? withMcpErrors(raw, options) : raw;
  const tool = ({ n }: { n: number }) => {
    throw CASES[n]!.thrown();
  };
  server.registerTool(
    'fail',
    { inputSchema: { n: z.number() } },
    wrapper === 'withToolErrors' ? withToolErrors(tool, options) : tool,
  );
  const [a, b] = sdk.pair();
  await server.connect(a as never);
  const client = sdk.client();
  await client.connect(b as never);
  return {
    client,
    reported,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** `agent-errors explain --json` of `input`, in process. */
async function explain(input: string): Promise<Record<string, unknown>> {
  let out = '';
  let err = '';
  const code = await runCli(['explain', '--json', input], {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
  });
  expect([code, err]).toEqual([0, '']);
  return JSON.parse(out) as Record<string, unknown>;
}

/** `text` with a server's own errorId replaced: the same failure gets a fresh id on each. */
const withoutId = (text: string, id: string | undefined) =>
  id === undefined ? text : text.split(id).join('<errorId>');

/** Everything an AgentError says, field by field, the server's own errorId replaced. */
function fieldsOf(error: AgentError, id: string | undefined) {
  return JSON.parse(
    withoutId(
      JSON.stringify({
        message: error.message,
        code: error.code,
        category: error.category,
        retryable: error.retryable,
        retryAfterMs: error.retryAfterMs,
        details: error.details,
        errorId: error.errorId,
        wire: {
          protocol: error.wire?.protocol,
          code: error.wire?.code,
          message: error.wire?.message,
        },
      }),
      id,
    ),
  ) as unknown;
}

const textOf = (result: Result) => (result.content as { text: string }[])[0]!.text;

beforeAll(async () => {
  refused = await refusedConnection();
});

describe.each(SDKS.flatMap((sdk) => WRAPPERS.map((wrapper) => ({ ...sdk, wrapper }))))(
  'MCP SDK $sdk, $wrapper: the text alone says what `_meta` says',
  (sdk) => {
    let plain: Awaited<ReturnType<typeof open>>;
    let meta: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      plain = await open(sdk, sdk.wrapper, false);
      meta = await open(sdk, sdk.wrapper, true);
    });
    afterAll(async () => {
      await plain?.close();
      await meta?.close();
    });

    it.each(CASES.map((c, n) => ({ ...c, n })))('$name', async ({ n, expected }) => {
      const params = { name: 'fail', arguments: { n } };
      const before = [plain.reported.length, meta.reported.length];
      const bare = await plain.client.callTool(params);
      const rich = await meta.client.callTool(params);
      // An unexpected failure was reported once on each server, under an id of its own.
      const plainId = plain.reported[before[0]!];
      const metaId = meta.reported[before[1]!];
      expect(plain.reported.length - before[0]!).toBe(meta.reported.length - before[1]!);

      expect(bare.isError).toBe(true);
      expect(bare._meta).toBeUndefined();
      const carried = rich._meta?.[MCP_META_KEYS.error] as McpToolErrorMeta;
      expect(carried).toBeDefined();
      if (expected) expect(carried).toMatchObject(expected);
      if (metaId !== undefined) expect(carried.errorId).toBe(metaId);
      // The same text for the model, whether or not `_meta` rides along.
      expect(withoutId(textOf(bare), plainId)).toBe(withoutId(textOf(rich), metaId));

      // Every field of `_meta`, read from the text alone.
      const fromText = fromCallToolResult(bare);
      const read: McpToolErrorMeta = {
        code: fromText.code,
        category: fromText.category,
        retryable: fromText.retryable,
      };
      if (fromText.retryAfterMs !== undefined) read.retryAfterMs = fromText.retryAfterMs;
      const textId = fromText.details?.errorId;
      if (typeof textId === 'string') read.errorId = withoutId(textId, plainId);
      expect(read).toEqual({
        ...carried,
        ...(carried.errorId === undefined ? {} : { errorId: withoutId(carried.errorId, metaId) }),
      });

      // The same AgentError from either result, by each reader.
      const thrown = async (client: ToolClient) =>
        callToolOrThrow(client, params).then(
          () => expect.fail('the tool always fails'),
          (e: unknown) => e as AgentError,
        );
      // callToolOrThrow calls the tool once more: an unexpected failure gets a fresh id.
      const lastId = (server: typeof plain, from: number) =>
        server.reported.length > from ? server.reported.at(-1) : undefined;
      const [plainCount, metaCount] = [plain.reported.length, meta.reported.length];
      const viaPlain = await thrown(plain.client);
      const viaMeta = await thrown(meta.client);
      const fromBare = fieldsOf(viaPlain, lastId(plain, plainCount));
      expect(fieldsOf(viaMeta, lastId(meta, metaCount))).toEqual(fromBare);
      expect(fieldsOf(decode(bare), plainId)).toEqual(fromBare);
      expect(fieldsOf(decode(rich), metaId)).toEqual(fromBare);

      const explained = await explain(JSON.stringify(bare));
      expect(withoutId(JSON.stringify(explained), plainId)).toBe(
        withoutId(JSON.stringify(await explain(JSON.stringify(rich))), metaId),
      );
      expect({
        code: explained.code,
        category: explained.category,
        retryable: explained.retryable,
        ...(explained.retryAfterMs === undefined ? {} : { retryAfterMs: explained.retryAfterMs }),
      }).toEqual({
        code: carried.code,
        category: carried.category,
        retryable: carried.retryable,
        ...(carried.retryAfterMs === undefined ? {} : { retryAfterMs: carried.retryAfterMs }),
      });
    });
  },
);

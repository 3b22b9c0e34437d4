// The MCP SDK helpers against the real SDKs (v1 and v2) over their in-memory transports.
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV2, ProtocolError } from '@modelcontextprotocol/server';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentError, isAgentError, toAgentError } from 'agent-errors';
import { MemoryIdempotencyStore, retry, withIdempotency } from 'agent-errors/retry';
import {
  MCP_META_KEYS,
  callToolOrThrow,
  mcpIdempotencyKeyOf,
  withMcpErrors,
  withToolErrors,
} from 'agent-errors/mcp';
import { fromToolErrorText } from 'agent-errors/tool';

type AnyServer = {
  registerTool: (...args: never[]) => unknown;
  connect: (t: never) => Promise<void>;
  close: () => Promise<void>;
};
type LooseServer = {
  registerTool: (name: string, config: object, cb: (...a: never[]) => unknown) => unknown;
  connect: (t: never) => Promise<void>;
  close: () => Promise<void>;
};
type AnyClient = { connect: (t: never) => Promise<void>; close: () => Promise<void> };

const SDKS = [
  {
    sdk: 'v1',
    server: () => new McpServerV1({ name: 's', version: '1.0.0' }) as unknown as AnyServer,
    client: () => new ClientV1({ name: 'c', version: '1.0.0' }) as unknown as AnyClient,
    pair: () => InMemoryV1.createLinkedPair(),
  },
  {
    sdk: 'v2',
    server: () => new McpServerV2({ name: 's', version: '1.0.0' }) as unknown as AnyServer,
    client: () => new ClientV2({ name: 'c', version: '1.0.0' }) as unknown as AnyClient,
    pair: () => InMemoryV2.createLinkedPair(),
  },
] as const;

async function connect(
  sdk: (typeof SDKS)[number],
  setup: (server: {
    registerTool: (name: string, config: object, cb: (...a: never[]) => unknown) => unknown;
  }) => void,
  wrap = true,
) {
  const raw = sdk.server();
  const server = wrap ? withMcpErrors(raw, { onError: () => {} }) : raw;
  setup(server as never);
  const [a, b] = sdk.pair();
  await server.connect(a as never);
  const client = sdk.client();
  await client.connect(b as never);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<AgentError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isAgentError(error)).toBe(true);
  return error as AgentError;
}

describe.each(SDKS)('MCP SDK $sdk: withToolErrors, withMcpErrors, callToolOrThrow', (sdk) => {
  it('a rate limit thrown by a tool reaches the client helper as rate_limit with its delay', async () => {
    const { client, close } = await connect(
      sdk,
      (server) => {
        server.registerTool(
          'busy',
          { inputSchema: { n: z.number() } },
          withToolErrors(() => {
            throw AgentError.rateLimited('Slow down', { retryAfterMs: 2000 });
          }),
        );
      },
      false,
    );
    try {
      const raw = await (client as unknown as ClientV1).callTool({
        name: 'busy',
        arguments: { n: 1 },
      });
      expect(raw.isError).toBe(true);
      // `_meta` is opt-in (`meta: true`): by default the text's JSON block carries the fields.
      expect(raw._meta).toBeUndefined();
      const text = (raw.content as { text: string }[])[0]!.text;
      expect(text).toContain('Next step: Wait 2 s, then call this tool again.');
      expect(text).toContain(
        '{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}',
      );
      expect(fromToolErrorText(text).category).toBe('rate_limit');
      const error = await rejection(callToolOrThrow(client, { name: 'busy', arguments: { n: 1 } }));
      expect([error.category, error.code, error.retryable, error.retryAfterMs]).toEqual([
        'rate_limit',
        'RATE_LIMITED',
        true,
        2000,
      ]);
    } finally {
      await close();
    }
  });

  it.each(['withMcpErrors', 'withToolErrors'] as const)(
    '%s runs a tool in a microtask of its own: the stack its error records holds one frame of ours and none the SDK called it under',
    async (wrapper) => {
      // Every frame a tool's error records is a share of building it.
      const recorded: { [wrapped: string]: string[] } = {};
      for (const wrapped of [false, true]) {
        const probe = () => {
          const error = AgentError.rateLimited('Slow down', { retryAfterMs: 10 });
          recorded[String(wrapped)] = (error.stack ?? '').split('\n').slice(1);
          throw error;
        };
        const { client, close } = await connect(
          sdk,
          (server) => {
            server.registerTool(
              'probe',
              { inputSchema: { n: z.number() } },
              wrapped && wrapper === 'withToolErrors' ? withToolErrors(probe) : probe,
            );
          },
          wrapped && wrapper === 'withMcpErrors',
        );
        try {
          const raw = await (client as unknown as ClientV1).callTool({
            name: 'probe',
            arguments: { n: 1 },
          });
          expect(raw.isError).toBe(true);
        } finally {
          await close();
        }
      }
      const [bare, wrapped] = [recorded.false!, recorded.true!];
      // The SDK's frames the tool was called under. V8 still names the SDK's functions that await
      // the tool's answer (`at async …`), found from the promises, as it does without the wrapper
      // for those further down; recording those costs far less (bench: mcp-tools).
      const sdkFrames = (frames: string[]) =>
        frames.filter(
          (frame) => frame.includes('@modelcontextprotocol') && !/at async /.test(frame),
        );
      expect(sdkFrames(bare)).not.toEqual([]);
      expect(sdkFrames(wrapped)).toEqual([]);
      expect(wrapped.filter((frame) => /mcp-(server|tool-errors)/.test(frame))).toHaveLength(1);
    },
  );

  it('an unexpected error becomes Internal error with an errorId; the error goes to onError', async () => {
    const seen: [unknown, string][] = [];
    const { client, close } = await connect(
      sdk,
      (server) => {
        server.registerTool(
          'leaky',
          {},
          withToolErrors(
            () => {
              throw new Error(
                'open /home/alice/.ssh/id_rsa failed: token sk-live-abcdef1234567890',
              );
            },
            { onError: (e, id) => seen.push([e, id]) },
          ),
        );
      },
      false,
    );
    try {
      const raw = await (client as unknown as ClientV1).callTool({ name: 'leaky' });
      const wire = JSON.stringify(raw);
      expect(wire).not.toContain('/home/alice');
      expect(wire).not.toContain('sk-live');
      const shown = fromToolErrorText((raw.content as { text: string }[])[0]!.text);
      expect(shown.category).toBe('internal');
      expect(seen).toHaveLength(1);
      expect(seen[0]![1]).toBe(shown.details?.errorId);
      expect(wire).toContain(`error id ${String(shown.details?.errorId)}`);
      const error = await rejection(callToolOrThrow(client, { name: 'leaky' }));
      expect([error.category, error.retryable, error.message]).toEqual([
        'internal',
        false,
        'Internal error',
      ]);
      expect(error.details?.errorId).toEqual(expect.any(String));
    } finally {
      await close();
    }
  });

  it('withMcpErrors: every option reaches each failure, an inherited onError and sanitising rules too (review findings)', async () => {
    const seen: string[] = [];
    // Options the server author built as a class instance, with a rule of their own.
    const options = Object.assign(
      Object.create({ onError: (_e: unknown, id: string) => seen.push(id) }) as object,
      { redactPatterns: [/ACME-\w+/g], meta: true },
    );
    const raw = sdk.server();
    const server = withMcpErrors(raw, options as never);
    (server as unknown as { registerTool: (...a: unknown[]) => unknown }).registerTool(
      'keys',
      {},
      () => {
        throw AgentError.validation('customer key ACME-7f3a9c1e is not valid');
      },
    );
    (server as unknown as { registerTool: (...a: unknown[]) => unknown }).registerTool(
      'crash',
      {},
      () => {
        throw new Error('boom');
      },
    );
    const [a, b] = sdk.pair();
    await server.connect(a as never);
    const client = sdk.client();
    await client.connect(b as never);
    try {
      for (let call = 0; call < 2; call++) {
        const text = JSON.stringify(
          await (client as unknown as ClientV1).callTool({ name: 'keys' }),
        );
        expect(text).not.toContain('ACME-7f3a9c1e');
        expect(text).toContain('customer key [REDACTED] is not valid');
      }
      const crash = await (client as unknown as ClientV1).callTool({ name: 'crash' });
      const meta = crash._meta?.[MCP_META_KEYS.error] as { errorId: string };
      expect(seen).toEqual([meta.errorId]);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('withMcpErrors: bad arguments come back as a validation result with the schema issues', async () => {
    let ran = 0;
    const { client, close } = await connect(sdk, (server) => {
      server.registerTool(
        'book',
        { inputSchema: { hours: z.number().max(8) } },
        ({ hours }: { hours: number }) => {
          ran += 1;
          return { content: [{ type: 'text', text: `booked ${hours}` }] };
        },
      );
    });
    try {
      const raw = await (client as unknown as ClientV1).callTool({
        name: 'book',
        arguments: { hours: 12 },
      });
      expect(raw.isError).toBe(true);
      const text = (raw.content as { text: string }[])[0]!.text;
      expect(text).toMatch(/^\[ERROR code=VALIDATION_ERROR category=validation retryable=false\]/);
      expect(text).toMatch(/Next step: Fix `hours` \(.*8.*\), then call book again\./);
      const error = await rejection(
        callToolOrThrow(client, { name: 'book', arguments: { hours: 'two' } }),
      );
      expect(error.category).toBe('validation');
      expect(error.details?.issues).toEqual([{ path: ['hours'], message: expect.any(String) }]);
      expect(ran).toBe(0);
      expect(await callToolOrThrow(client, { name: 'book', arguments: { hours: 2 } })).toEqual({
        content: [{ type: 'text', text: 'booked 2' }],
      });
      expect(ran).toBe(1);
    } finally {
      await close();
    }
  });

  it('withMcpErrors covers tools registered before it, through tool(), and callbacks replaced by update', async () => {
    const raw = sdk.server() as unknown as {
      registerTool: (
        name: string,
        config: object,
        cb: (...a: never[]) => unknown,
      ) => {
        update: (updates: { callback: (...a: never[]) => unknown }) => void;
      };
      tool?: (name: string, cb: () => unknown) => unknown;
      connect: (t: never) => Promise<void>;
      close: () => Promise<void>;
    };
    const early = raw.registerTool('early', { inputSchema: { n: z.number().max(3) } }, () => {
      throw AgentError.rateLimited('Slow down', { retryAfterMs: 1000 });
    });
    // The deprecated form (SDK v1 only).
    raw.tool?.('legacy', () => {
      throw AgentError.notFound('No such calendar');
    });
    withMcpErrors(raw, { onError: () => {} });
    const [a, b] = sdk.pair();
    await raw.connect(a as never);
    const client = sdk.client();
    await client.connect(b as never);
    try {
      const first = await (client as unknown as ClientV1).callTool({
        name: 'early',
        arguments: { n: 1 },
      });
      const read = fromToolErrorText((first.content as { text: string }[])[0]!.text);
      expect([read.code, read.category, read.retryable, read.retryAfterMs]).toEqual([
        'RATE_LIMITED',
        'rate_limit',
        true,
        1000,
      ]);
      // The next step names the tool, found by the server's own registry.
      expect((first.content as { text: string }[])[0]!.text).toContain(
        'Next step: Wait 1 s, then call early again.',
      );
      const invalid = await rejection(
        callToolOrThrow(client, { name: 'early', arguments: { n: 9 } }),
      );
      expect([invalid.category, invalid.details?.issues]).toEqual([
        'validation',
        [{ path: ['n'], message: expect.any(String) }],
      ]);
      early.update({
        callback: () => {
          throw AgentError.auth('Calendar login expired');
        },
      });
      const updated = await rejection(
        callToolOrThrow(client, { name: 'early', arguments: { n: 1 } }),
      );
      expect([updated.category, updated.message]).toEqual(['auth', 'Calendar login expired']);
      if (raw.tool !== undefined) {
        const legacy = await rejection(callToolOrThrow(client, { name: 'legacy' }));
        expect([legacy.category, legacy.message]).toEqual(['not_found', 'No such calendar']);
      }
    } finally {
      await client.close();
      await raw.close();
    }
  });

  it('withMcpErrors: a result that fails the output schema is an internal error, not the schema text', async () => {
    const { client, close } = await connect(sdk, (server) => {
      server.registerTool('count', { outputSchema: { n: z.number() } }, () => ({
        content: [],
        structuredContent: { n: 'many' },
      }));
    });
    try {
      const error = await rejection(callToolOrThrow(client, { name: 'count' }));
      expect([error.category, error.message]).toEqual(['internal', 'Internal error']);
    } finally {
      await close();
    }
  });

  it('timeout versus cancel: SDK timeout, AbortSignal.timeout and a caller abort', async () => {
    const { client, close } = await connect(sdk, (server) => {
      server.registerTool(
        'slow',
        {},
        async (extra: { signal?: AbortSignal; mcpReq?: { signal: AbortSignal } }) => {
          const signal = extra.signal ?? extra.mcpReq?.signal;
          await new Promise((resolve) => signal?.addEventListener('abort', resolve));
          return { content: [] };
        },
      );
    });
    try {
      const timedOut = await rejection(
        callToolOrThrow(client, { name: 'slow' }, { requestOptions: { timeout: 50 } }),
      );
      expect([timedOut.category, timedOut.retryable]).toEqual(['timeout', true]);
      const signalTimeout = await rejection(
        callToolOrThrow(client, { name: 'slow' }, { signal: AbortSignal.timeout(50) }),
      );
      expect([signalTimeout.category, signalTimeout.retryable]).toEqual(['timeout', true]);
      const controller = new AbortController();
      const cancelled = callToolOrThrow(client, { name: 'slow' }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      const aborted = await rejection(cancelled);
      expect([aborted.category, aborted.retryable]).toEqual(['cancelled', false]);
    } finally {
      await close();
    }
  });

  it('retry + callToolOrThrow + withIdempotency: one key and the attempt number reach the tool; the work runs once', async () => {
    const store = new MemoryIdempotencyStore();
    const seen: unknown[] = [];
    let work = 0;
    let calls = 0;
    const { client, close } = await connect(sdk, (server) => {
      server.registerTool(
        'post',
        { inputSchema: { text: z.string() } },
        withIdempotency(
          store,
          ({ text }: { text: string }, _extra: unknown) => {
            work += 1;
            return { content: [{ type: 'text' as const, text: `posted ${text}` }] };
          },
          { keyOf: mcpIdempotencyKeyOf },
        ),
      );
      server.registerTool(
        'flaky',
        { inputSchema: { text: z.string() } },
        (args: { text: string }, extra: unknown) => {
          calls += 1;
          const meta =
            (extra as { _meta?: Record<string, unknown> })._meta ??
            (extra as { mcpReq: { _meta?: Record<string, unknown> } }).mcpReq._meta;
          seen.push([meta?.[MCP_META_KEYS.attempt], mcpIdempotencyKeyOf(args, extra)]);
          if (calls < 3) throw AgentError.unavailable('Try again', { retryAfterMs: 1 });
          return { content: [{ type: 'text', text: 'ok' }] };
        },
      );
    });
    try {
      await retry(
        (attempt) => callToolOrThrow(client, { name: 'flaky', arguments: { text: 'x' } }, attempt),
        {
          idempotencyKey: 'key-1',
        },
      );
      expect(seen).toEqual([
        [1, 'key-1'],
        [2, 'key-1'],
        [3, 'key-1'],
      ]);
      for (let i = 0; i < 3; i += 1) {
        await callToolOrThrow(
          client,
          { name: 'post', arguments: { text: 'hello' } },
          { idempotencyKey: 'key-2', attempt: i + 1 },
        );
      }
      expect(work).toBe(1);
    } finally {
      await close();
    }
  });
});

// On 2025-11-25 (the in-memory transports do not offer 2026-07-28; the HTTP interop test does).
// When the resource and prompt are registered: after withMcpErrors, before it, or after it and
// then given a new callback through the SDK's `update`.
const REGISTRATION_ORDERS = ['after', 'before', 'update'] as const;

describe.each(
  (['v1', 'v2'] as const).flatMap((sdk) => REGISTRATION_ORDERS.map((order) => ({ sdk, order }))),
)(
  'withMcpErrors, MCP SDK $sdk: resources and prompts fail with protocol errors (registered $order)',
  ({ sdk, order }) => {
    async function setup() {
      const seen: string[] = [];
      const raw =
        sdk === 'v1'
          ? (new McpServerV1({ name: 's', version: '1.0.0' }) as unknown as AnyServer)
          : (new McpServerV2({ name: 's', version: '1.0.0' }) as unknown as AnyServer);
      type Registered = { update: (updates: { callback: unknown }) => void };
      type Registering = {
        registerResource: (...args: unknown[]) => Registered;
        registerPrompt: (...args: unknown[]) => Registered;
      };
      const missing = (uri: URL) => {
        throw AgentError.notFound(`No document ${uri.href}`, {
          code: 'RESOURCE_NOT_FOUND',
          details: { uri: uri.href },
        });
      };
      const unreadable = () => {
        throw new Error('template at /srv/app/prompts/greet.txt unreadable (password=hunter2)');
      };
      const register = (on: Registering) => {
        const doc = on.registerResource(
          'doc',
          'docs://missing',
          {},
          order === 'update' ? () => ({ contents: [] }) : missing,
        );
        const greet = on.registerPrompt(
          'greet',
          {},
          order === 'update' ? () => ({ messages: [] }) : unreadable,
        );
        if (order === 'update') {
          doc.update({ callback: missing });
          greet.update({ callback: unreadable });
        }
      };
      if (order === 'before') register(raw as unknown as Registering);
      const server = withMcpErrors(raw, { onError: (_e, id) => seen.push(id) });
      if (order !== 'before') register(server as unknown as Registering);
      const [a, b] = sdk === 'v1' ? InMemoryV1.createLinkedPair() : InMemoryV2.createLinkedPair();
      await raw.connect(a as never);
      const client =
        sdk === 'v1'
          ? new ClientV1({ name: 'c', version: '1.0.0' })
          : new ClientV2({ name: 'c', version: '1.0.0' });
      await client.connect(b);
      return { client: client as unknown as ClientV1, seen, raw };
    }

    it('a missing resource uses the revision code; an unexpected prompt failure is Internal error', async () => {
      const { client, seen, raw } = await setup();
      try {
        const missing = await client
          .readResource({ uri: 'docs://missing' })
          .catch((e: unknown) => e);
        const { code, data } = missing as { code: number; data?: { uri?: string } };
        // SDK v2 sends -32002 as -32602 on every revision (its codecs' encodeErrorCode), as
        // MCP 2026-07-28 does: `data.uri` is what tells a missing resource from bad params.
        if (sdk === 'v2') {
          expect([code, data?.uri]).toEqual([-32602, 'docs://missing']);
        } else {
          expect(code).toBe(-32002);
        }
        const decoded = toAgentError(missing);
        expect([decoded.category, decoded.code]).toEqual(['not_found', 'RESOURCE_NOT_FOUND']);

        const failed = await client.getPrompt({ name: 'greet' }).catch((e: unknown) => e);
        const wire = JSON.stringify({
          message: (failed as Error).message,
          data: (failed as { data?: unknown }).data,
        });
        expect((failed as { code: number }).code).toBe(-32603);
        expect(wire).not.toContain('hunter2');
        expect(wire).not.toContain('/srv/app');
        expect(seen).toHaveLength(1);
        expect(wire).toContain(seen[0]);

        // The SDK's own refusals pass as they are (an unknown prompt is its -32602).
        const unknown = await client.getPrompt({ name: 'nope' }).catch((e: unknown) => e);
        expect((unknown as { code: number }).code).toBe(-32602);
        expect((unknown as Error).message).toContain('nope');
        expect(seen).toHaveLength(1);
      } finally {
        await client.close();
        await raw.close();
      }
    });
  },
);

// What a hostile or careless tool author meets: limits, schemas that crash, shared callbacks.
describe.each([
  {
    sdk: 'v1',
    server: (options?: object) =>
      new McpServerV1({ name: 's', version: '1.0.0' }, options) as unknown as LooseServer,
    client: () => new ClientV1({ name: 'c', version: '1.0.0' }),
    pair: () => InMemoryV1.createLinkedPair(),
    // A bare -32042 without `data.elicitations`: the SDK passes any of its errors with that code.
    elicitation: () => new McpError(-32042, 'Open this URL to sign in'),
  },
  {
    sdk: 'v2',
    server: (options?: object) =>
      new McpServerV2({ name: 's', version: '1.0.0' }, options) as unknown as LooseServer,
    client: () => new ClientV2({ name: 'c', version: '1.0.0' }) as unknown as ClientV1,
    pair: () => InMemoryV2.createLinkedPair(),
    elicitation: () => new ProtocolError(-32042, 'Open this URL to sign in'),
  },
] as const)('withMcpErrors, MCP SDK $sdk: limits, crashing schemas, shared callbacks', (sdk) => {
  async function open(server: LooseServer) {
    const [a, b] = sdk.pair();
    await server.connect(a as never);
    const client = sdk.client();
    await client.connect(b);
    return {
      call: (name: string, args?: Record<string, unknown>) =>
        client.callTool({ name, ...(args ? { arguments: args } : {}) }),
      close: async () => {
        await client.close();
        await server.close();
      },
    };
  }
  // The hub fields as the text's JSON block carries them (`_meta` is opt-in).
  const metaOf = (result: object) => {
    const read = fromToolErrorText((result as { content: { text: string }[] }).content[0]!.text);
    return { category: read.category, errorId: read.details?.errorId };
  };

  it("arguments over the SDK's size limit are refused without running the schema on them", async () => {
    let checks = 0;
    const server = withMcpErrors(sdk.server({ maxToolInputElements: 1000 }), {
      onError: () => {},
    });
    server.registerTool(
      'tag',
      { inputSchema: { tags: z.array(z.string().refine((t) => (checks++, t.length < 50))) } },
      () => ({ content: [] }),
    );
    const { call, close } = await open(server);
    try {
      const result = await call('tag', { tags: Array<string>(20_000).fill('x'.repeat(60)) });
      expect(metaOf(result)?.category).toBe('validation');
      expect((result.content as { text: string }[])[0]!.text).toContain(
        'more than the maximum of 1000 elements',
      );
      expect(checks).toBe(0);
    } finally {
      await close();
    }
  });

  it('a schema that crashes is a server fault, not bad input: its message never reaches the model', async () => {
    const seen: unknown[] = [];
    const server = withMcpErrors(sdk.server(), { onError: (error) => seen.push(error) });
    server.registerTool(
      'signup',
      {
        inputSchema: {
          user: z.string().refine(() => {
            throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
          }),
        },
      },
      () => ({ content: [] }),
    );
    const { call, close } = await open(server);
    try {
      const result = await call('signup', { user: 'bob' });
      expect(JSON.stringify(result)).not.toContain('10.0.0.5');
      // Sent as any unexpected error is: its category (a refused connection is `unavailable`),
      // a fixed text and an errorId; the error itself to onError.
      expect(metaOf(result)).toMatchObject({
        category: 'unavailable',
        errorId: expect.any(String),
      });
      expect((result.content as { text: string }[])[0]!.text).toContain('] Service unavailable');
      expect(seen).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('a result its output schema refuses is an internal error, content or not', async () => {
    const server = withMcpErrors(sdk.server(), { onError: () => {} });
    server.registerTool('count', { outputSchema: { n: z.number() } }, () =>
      sdk.sdk === 'v2'
        ? { structuredContent: { n: 'many' } }
        : { content: [], structuredContent: { n: 'many' } },
    );
    const { call, close } = await open(server);
    try {
      const result = await call('count');
      expect(metaOf(result)?.category).toBe('internal');
      expect(JSON.stringify(result)).not.toContain('many');
    } finally {
      await close();
    }
  });

  it("the SDK's records keep the callbacks they were given; a callback shared by two tools answers for each", async () => {
    const server = withMcpErrors(sdk.server(), { onError: () => {} });
    const callback = () => ({ content: [], structuredContent: { n: 1 } });
    const one = server.registerTool('one', { outputSchema: { n: z.number() } }, callback) as {
      handler?: unknown;
    };
    const { call, close } = await open(server);
    try {
      await call('one');
      expect(one.handler).toBe(callback);
      server.registerTool('two', { outputSchema: { s: z.string() } }, one.handler as () => unknown);
      const second = await call('two');
      expect(metaOf(second)?.category).toBe('internal');
      expect(await call('one')).toMatchObject({ structuredContent: { n: 1 } });
    } finally {
      await close();
    }
  });

  it('a URL elicitation request passes through as the JSON-RPC error the SDK sends', async () => {
    const server = withMcpErrors(sdk.server(), { onError: () => {} });
    server.registerTool('login', {}, () => {
      throw sdk.elicitation();
    });
    const { call, close } = await open(server);
    try {
      const outcome = await call('login').then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      expect('error' in outcome && (outcome.error as { code?: unknown }).code).toBe(-32042);
    } finally {
      await close();
    }
  });
});

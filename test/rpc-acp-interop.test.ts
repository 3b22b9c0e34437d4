// Interop with @agentclientprotocol/sdk as a real peer: ndjson over in-process Web streams.
import { RequestError, agent, client, ndJsonStream } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentError, ERROR_CATEGORIES, decode } from 'agent-errors';
import { RequestError as OurRequestError } from 'agent-errors/acp';
import { createPeer, defineMethod, streamTransport } from 'agent-errors/jsonrpc';
import { z } from 'zod';
import type { Methods } from 'agent-errors/jsonrpc';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function pipes() {
  return {
    ab: new TransformStream<Uint8Array, Uint8Array>(),
    ba: new TransformStream<Uint8Array, Uint8Array>(),
  };
}

function ourAgent(methods: Methods) {
  const { ab, ba } = pipes();
  const peer = createPeer({
    transport: streamTransport({ readable: ab.readable, writable: ba.writable }),
    protocol: 'acp',
    methods,
  });
  peer.start();
  const conn = client().connect(ndJsonStream(ab.writable, ba.readable));
  cleanups.push(
    () => conn.close(),
    () => peer.close(),
  );
  return conn.agent;
}

describe('ACP SDK client → our peer', () => {
  it('errors of every category reach the SDK as RequestError with code, message and data', async () => {
    const acp = ourAgent({
      'ext/fail': ({ category }: { category: (typeof ERROR_CATEGORIES)[number] }) => {
        throw new AgentError(`failed: ${category}`, {
          category,
          details: { apiKey: 'sk-abcdefghijklmnop', n: 1 },
        });
      },
    });
    for (const category of ERROR_CATEGORIES) {
      const error = await acp.request('ext/fail', { category }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestError);
      expect(error).toMatchObject({
        message: `failed: ${category}`,
        data: { apiKey: '[REDACTED]', n: 1 },
      });
      // The ACP code carries what it can; data.agentError the rest. The hub reads it back.
      expect(decode(error, { protocol: 'acp' })).toMatchObject({
        category,
        message: `failed: ${category}`,
      });
    }
  });

  // The seed and the SDK answer a schema failure with `RequestError.invalidParams(zodError.format())`:
  // our peer's own params validation sends the same, built from the hub's issue list.
  it('a schema failure of the params reaches the SDK as invalidParams(zodError.format())', async () => {
    const schema = z.object({
      cwd: z.string(),
      mcpServers: z.array(z.object({ name: z.string() })),
    });
    const acp = ourAgent({ 'ext/new': defineMethod(schema, ({ cwd }) => cwd) });
    const params = { mcpServers: [{ name: 7 }] };
    const sent = await acp.request('ext/new', params).catch((e: unknown) => e);
    const zodError = schema.safeParse(params).error;
    const sdk = RequestError.invalidParams(zodError?.format());
    expect(sent).toBeInstanceOf(RequestError);
    expect((sent as RequestError).toErrorResponse()).toStrictEqual(
      JSON.parse(JSON.stringify(sdk.toErrorResponse())),
    );
    // Read back, the issue list is there for every other protocol.
    expect(decode(sent, { protocol: 'acp' }).details?.issues).toEqual([
      { path: ['cwd'], message: expect.any(String) },
      { path: ['mcpServers', 0, 'name'], message: expect.any(String) },
    ]);
  });

  it('answers results and method-not-found the SDK understands', async () => {
    const acp = ourAgent({ 'ext/add': ([a, b]: number[]) => a! + b! });
    expect(await acp.request('ext/add', [2, 3])).toBe(5);
    await expect(acp.request('ext/missing', {})).rejects.toMatchObject({
      code: -32601,
      data: { method: 'ext/missing' },
    });
  });

  it('the SDK cancelling ($/cancel_request) aborts our handler and gets -32800', async () => {
    let aborted = false;
    const acp = ourAgent({
      'ext/hang': (_p: unknown, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          }),
        ),
    });
    const controller = new AbortController();
    const call = acp.request('ext/hang', {}, { cancellationSignal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(call).rejects.toMatchObject({ code: -32800 });
    expect(aborted).toBe(true);
  });
});

describe('our peer → ACP SDK agent', () => {
  function theirAgent() {
    const { ab, ba } = pipes();
    const signals: AbortSignal[] = [];
    const conn = agent()
      .onRequest(
        'ext/error',
        (p) => p as { code: number; message: string; data?: unknown },
        (ctx) => {
          throw new RequestError(ctx.params.code, ctx.params.message, ctx.params.data);
        },
      )
      .onRequest(
        'ext/hang',
        (p) => p,
        (ctx) =>
          new Promise((_resolve, reject) => {
            signals.push(ctx.signal);
            ctx.signal.addEventListener('abort', () => reject(RequestError.requestCancelled()));
          }),
      )
      .connect(ndJsonStream(ba.writable, ab.readable));
    const peer = createPeer({
      transport: streamTransport({ readable: ba.readable, writable: ab.writable }),
      protocol: 'acp',
    });
    peer.start();
    cleanups.push(
      () => peer.close(),
      () => conn.close(),
    );
    return { peer, signals };
  }

  it.each([
    [-32602, 'validation'],
    [-32601, 'protocol'],
    [-32603, 'internal'],
    [-32800, 'cancelled'],
  ] as const)(
    'a RequestError %i keeps code, message and data, and decodes to %s',
    async (code, category) => {
      const { peer } = theirAgent();
      const error = await peer
        .request('ext/error', { code, message: 'nope', data: { why: 'x' } })
        .catch((e: unknown) => e);
      // Seed 000's catch example: the calling side gets a RequestError, exactly as sent.
      expect(error).toBeInstanceOf(OurRequestError);
      expect(error).toMatchObject({ code, message: 'nope', data: { why: 'x' } });
      expect(decode(error)).toMatchObject({
        category,
        wire: { protocol: 'acp', code, message: 'nope', data: { why: 'x' } },
      });
    },
  );

  it('aborting sends $/cancel_request: the SDK handler sees its signal abort', async () => {
    const { peer, signals } = theirAgent();
    const controller = new AbortController();
    const call = peer.request('ext/hang', {}, { signal: controller.signal });
    await expect.poll(() => signals.length, { timeout: 5_000 }).toBe(1);
    controller.abort();
    await expect(call).rejects.toMatchObject({ category: 'cancelled' });
    await expect.poll(() => signals[0]!.aborted, { timeout: 5_000 }).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentError, isAgentError } from '../core/agent-error.js';
import { ERROR_CATEGORIES } from '../core/categories.js';
import { createMemoryTransportPair } from './memory-transport.js';
import { createPeer } from './peer.js';
import type { Peer, PeerOptions } from './peer.js';
import { streamTransport } from './stream-transport.js';
import type { Transport } from './transport.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** Wrap a transport to record every text sent through it. */
function recording(t: Transport, log: string[]): Transport {
  return {
    ...t,
    start: (s) => t.start(s),
    send: (text) => (log.push(text), t.send(text)),
    close: () => t.close(),
  };
}

function pair(
  server: Partial<PeerOptions> = {},
  client: Partial<PeerOptions> = {},
  wire: string[] = [],
) {
  const [a, b] = createMemoryTransportPair();
  const s = createPeer({ transport: recording(a, wire), ...server });
  const c = createPeer({ transport: recording(b, wire), ...client });
  s.start();
  c.start();
  cleanups.push(
    () => s.close(),
    () => c.close(),
  );
  return { s, c };
}

function streamPair(
  server: Partial<PeerOptions> = {},
  client: Partial<PeerOptions> = {},
): { s: Peer; c: Peer } {
  const ab = new TransformStream<Uint8Array, Uint8Array>();
  const ba = new TransformStream<Uint8Array, Uint8Array>();
  const s = createPeer({
    transport: streamTransport({ readable: ab.readable, writable: ba.writable }),
    ...server,
  });
  const c = createPeer({
    transport: streamTransport({ readable: ba.readable, writable: ab.writable }),
    ...client,
  });
  s.start();
  c.start();
  cleanups.push(
    () => s.close(),
    () => c.close(),
  );
  return { s, c };
}

describe('createPeer', () => {
  it('calls both ways over ndjson Web streams', async () => {
    const { s, c } = streamPair(
      { methods: { add: ([a, b]: number[]) => a! + b! } },
      { methods: { hello: (p: { name: string }) => `hi ${p.name}` } },
    );
    expect(await c.request('add', [2, 3])).toBe(5);
    expect(await s.request('hello', { name: 'ann' })).toBe('hi ann');
    const got = new Promise((resolve) => s.method('note', resolve));
    await c.notify('note', { x: 1 });
    expect(await got).toEqual({ x: 1 });
  });

  it('keeps code, message, data and category of every category across the wire', async () => {
    const { c } = pair({
      methods: {
        fail: ({ category }: { category: (typeof ERROR_CATEGORIES)[number] }) => {
          throw new AgentError(`failed: ${category}`, {
            category,
            code: `X_${category.toUpperCase()}`,
            retryAfterMs: 5,
            details: { n: 1 },
          });
        },
      },
    });
    for (const category of ERROR_CATEGORIES) {
      const error = await c.request('fail', { category }).catch((e: unknown) => e);
      expect(isAgentError(error)).toBe(true);
      expect(error).toMatchObject({
        category,
        code: `X_${category.toUpperCase()}`,
        message: `failed: ${category}`,
        retryAfterMs: 5,
        details: { n: 1 },
      });
    }
  });

  it('rejects with METHOD_NOT_FOUND naming the method', async () => {
    const { c } = pair();
    await expect(c.request('nope')).rejects.toMatchObject({
      code: 'METHOD_NOT_FOUND',
      category: 'protocol',
      message: 'Method not found: nope',
    });
  });

  it('times out with a timeout error, cancels on the other side, and leaves nothing pending', async () => {
    const wire: string[] = [];
    let sawAbort = false;
    const { c } = pair(
      {
        protocol: 'mcp',
        methods: {
          hang: (_p: unknown, ctx) =>
            new Promise((resolve) =>
              ctx.signal.addEventListener('abort', () => ((sawAbort = true), resolve(1))),
            ),
        },
      },
      { protocol: 'mcp' },
      wire,
    );
    await expect(c.request('hang', {}, { timeoutMs: 20 })).rejects.toMatchObject({
      category: 'timeout',
      retryable: true,
    });
    expect(c.pendingCount).toBe(0);
    await vi.waitFor(() => expect(sawAbort).toBe(true), { timeout: 2_000 });
    expect(wire.map((t): unknown => JSON.parse(t))).toContainEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'Request timed out' },
    });
    // MCP: a cancelled request is not answered.
    await new Promise((r) => setTimeout(r, 20));
    expect(wire.filter((t) => t.includes('"result"'))).toEqual([]);
  });

  it.each([
    ['acp', { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 1 } }],
    ['lsp', { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } }],
  ] as const)(
    'aborting rejects as cancelled, never as a timeout (%s), and the handler sees it',
    async (protocol, note) => {
      const wire: string[] = [];
      let handlerSignal: AbortSignal | undefined;
      const { c } = pair(
        {
          protocol,
          methods: {
            hang: (_p: unknown, ctx) =>
              new Promise((_resolve, reject) => {
                handlerSignal = ctx.signal;
                ctx.signal.addEventListener('abort', () => reject(new Error('stopped')));
              }),
          },
        },
        { protocol },
        wire,
      );
      const controller = new AbortController();
      const call = c.request('hang', {}, { signal: controller.signal });
      await vi.waitFor(() => expect(handlerSignal).toBeDefined(), { timeout: 2_000 });
      controller.abort(new Error('user pressed stop'));
      await expect(call).rejects.toMatchObject({ category: 'cancelled', retryable: false });
      await vi.waitFor(() => expect(handlerSignal!.aborted).toBe(true), { timeout: 2_000 });
      expect(wire.map((t): unknown => JSON.parse(t))).toContainEqual(note);
      // ACP and LSP answer the cancelled request with -32800.
      await vi.waitFor(() => expect(wire.some((t) => t.includes('-32800'))).toBe(true), {
        timeout: 2_000,
      });
    },
  );

  it('an already aborted signal rejects without sending', async () => {
    const wire: string[] = [];
    const { c } = pair({}, {}, wire);
    await expect(c.request('x', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      category: 'cancelled',
    });
    expect(wire).toEqual([]);
  });

  it('close rejects every pending call with connection-closed and aborts running handlers', async () => {
    let aborted = 0;
    let started = 0;
    const { s, c } = pair({
      methods: {
        hang: (_p: unknown, ctx) =>
          new Promise(() => {
            started++;
            ctx.signal.addEventListener('abort', () => aborted++);
          }),
      },
    });
    const calls = Array.from({ length: 50 }, () => c.request('hang'));
    // Requests whose handlers keep running start one event-loop turn apart (flow control).
    for (let k = 0; k < 1_000 && started < 50; k++) await new Promise((r) => setTimeout(r, 1));
    expect(started).toBe(50);
    await s.close();
    const results = await Promise.allSettled(calls);
    expect(
      results.every(
        (r) => r.status === 'rejected' && (r.reason as AgentError).code === 'CONNECTION_CLOSED',
      ),
    ).toBe(true);
    expect(c.pendingCount).toBe(0);
    expect(aborted).toBe(50);
    await expect(c.request('x')).rejects.toMatchObject({ category: 'unavailable' });
  });

  it('never puts a secret from a thrown error on the wire', async () => {
    const wire: string[] = [];
    const onError = vi.fn();
    const { c } = pair(
      {
        onError,
        methods: {
          leak: () => {
            throw Object.assign(new Error('connect failed: Bearer abc.def.ghi password=hunter2'), {
              config: { apiKey: 'sk-live-abcdefghijklmnop' },
            });
          },
          leakAgent: () => {
            throw AgentError.unavailable('upstream said: token=supersecretvalue', {
              details: { authorization: 'Bearer xyzxyzxyz', url: 'https://u:p4ss@host/' },
            });
          },
        },
      },
      {},
      wire,
    );
    await expect(c.request('leak', { password: 'inbound-secret' })).rejects.toMatchObject({
      category: 'internal',
    });
    await expect(c.request('leakAgent')).rejects.toMatchObject({ category: 'unavailable' });
    const replies = wire.filter((t) => !t.includes('"method"')).join('\n');
    expect(replies).not.toMatch(
      /abc\.def\.ghi|hunter2|sk-live|inbound-secret|supersecretvalue|xyzxyzxyz|p4ss|stack|at Object/,
    );
    expect(onError).toHaveBeenCalledOnce();
  });

  it('answers a batch mixing responses to its calls and calls to it', async () => {
    const [a, b] = createMemoryTransportPair();
    const got: string[] = [];
    b.start({ message: (t) => got.push(t), oversized() {}, closed() {} });
    const p = createPeer({ transport: a, methods: { one: () => 1 } });
    p.start();
    cleanups.push(() => p.close());
    const call = p.request('remote');
    await b.send(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, result: 'r' },
        { jsonrpc: '2.0', id: 'x', method: 'one' },
        5,
      ]),
    );
    expect(await call).toBe('r');
    await vi.waitFor(() => expect(got.length).toBe(2));
    expect(JSON.parse(got[1]!)).toEqual([
      { jsonrpc: '2.0', id: 'x', result: 1 },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } },
    ]);
  });

  it('start() returns a disposer that closes; closed settles', async () => {
    const [a, b] = createMemoryTransportPair();
    const p = createPeer({ transport: a });
    const other = createPeer({ transport: b, methods: { hang: () => new Promise(() => {}) } });
    const stop = p.start();
    other.start();
    cleanups.push(() => other.close());
    const call = p.request('hang');
    stop();
    await expect(call).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await expect(p.closed).resolves.toBeUndefined();
    await expect(other.closed).resolves.toBeUndefined();
    expect(() => p.start()).toThrow(/already/);
  });

  it('peer.method() adds a method and its disposer removes it', async () => {
    const { s, c } = pair();
    const remove = s.method('late', () => 'here');
    expect(await c.request('late')).toBe('here');
    remove();
    await expect(c.request('late')).rejects.toMatchObject({ code: 'METHOD_NOT_FOUND' });
  });

  it('refuses bad options naming the option', () => {
    const [a] = createMemoryTransportPair();
    expect(() => createPeer({} as never)).toThrow(/options\.transport/);
    expect(() => createPeer({ transport: a, timeoutMs: -1 })).toThrow(/options\.timeoutMs/);
    expect(() => createPeer({ transport: a, codec: {} as never })).toThrow(/options\.codec/);
  });
});

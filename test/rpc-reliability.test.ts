// Reliability of the JSON-RPC peer: fuzzing, load, a dying peer process, an endless line, secrets.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError } from 'agent-errors';
import {
  createHandler,
  createMemoryTransportPair,
  createPeer,
  streamTransport,
} from 'agent-errors/jsonrpc';
import { spawnTransport } from 'agent-errors/node';
import { ensureDist } from './helpers/dist.js';
import { classifyMessage } from '../src/rpc/messages.js';

const handler = createHandler({
  methods: {
    echo: (p: unknown) => p,
    fail: () => {
      throw new Error('nope');
    },
    agentFail: () => {
      throw AgentError.conflict('changed');
    },
    slow: async (p: unknown) => {
      await Promise.resolve();
      return p;
    },
  },
  onError: () => {},
});

function isValidReply(value: unknown): boolean {
  if (Array.isArray(value))
    return value.length > 0 && value.every((v) => classifyMessage(v).kind === 'response');
  return classifyMessage(value).kind === 'response';
}

const request = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.jsonValue()),
    method: fc.oneof(
      fc.constantFrom('echo', 'fail', 'agentFail', 'slow', 'rpc.x', 'missing'),
      fc.jsonValue(),
    ),
    params: fc.oneof(
      fc.array(fc.jsonValue()),
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.jsonValue(),
    ),
    result: fc.jsonValue(),
    error: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('handle() under fuzzing', () => {
  it('never throws, and every reply is a valid JSON-RPC response (or none)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json(),
          request.map((r) => JSON.stringify(r)),
          fc
            .array(fc.oneof(request, fc.jsonValue()), { maxLength: 8 })
            .map((b) => JSON.stringify(b)),
        ),
        async (text) => {
          const reply = await handler.handle(text);
          if (reply === undefined) return;
          expect(isValidReply(JSON.parse(reply))).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('handleMessage takes any value and never rejects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), request), async (value) => {
        const reply = await handler.handleMessage(value);
        expect(reply === undefined || isValidReply(reply)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('answers a hostile object (throwing getters) as an invalid request', async () => {
    const trap = () => {
      throw new Error('trap');
    };
    const hostile = new Proxy({}, { get: trap, has: trap, ownKeys: trap });
    expect(await handler.handleMessage(hostile)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request' },
    });
    expect(await handler.handleMessage([hostile])).toHaveLength(1);
  });
});

describe('secrets', () => {
  it('nothing from an unexpected thrown error, nor from the request, reaches the wire', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          minLength: 12,
          maxLength: 40,
          unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')),
        }),
        fc.constantFrom('message', 'cause', 'prop', 'params'),
        async (secret, where) => {
          const h = createHandler({
            methods: {
              leak: () => {
                const error = new Error(where === 'message' ? `failed: ${secret}` : 'failed');
                if (where === 'cause') Object.assign(error, { cause: new Error(secret) });
                if (where === 'prop') Object.assign(error, { config: { header: secret } });
                throw error;
              },
            },
          });
          const reply = await h.handle(
            JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'leak', params: { secret } }),
          );
          expect(reply).not.toContain(secret);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('load', () => {
  it('100,000 requests in flight with timeouts all settle and leave no pending state', async () => {
    const [a, b] = createMemoryTransportPair();
    let running = 0;
    const server = createPeer({
      transport: a,
      protocol: 'lsp',
      // This test is about 100,000 calls in flight at once: above the default cap on purpose.
      maxInFlight: 100_000,
      methods: {
        work: ({ i }: { i: number }, ctx) => {
          if (i % 2 === 0) return i;
          // Odd calls never answer on their own: the caller's timeout must end them, and its
          // cancel notification must end the handler.
          running++;
          return new Promise((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => {
              running--;
              reject(AgentError.cancelled('cancelled', { captureStack: false }));
            }),
          );
        },
      },
    });
    const client = createPeer({ transport: b, protocol: 'lsp', timeoutMs: 1_000 });
    server.start();
    client.start();
    const N = 100_000;
    // Even calls get time to be answered: the server starts the calls of one read as its answer
    // budget allows, over more than one turn of the event loop, and the odd calls' 1 s timers
    // may fire before the last even call has run.
    const calls = Array.from({ length: N }, (_, i) =>
      client.request('work', { i }, i % 2 === 0 ? { timeoutMs: 60_000 } : {}),
    );
    expect(client.pendingCount).toBe(N);
    const results = await Promise.allSettled(calls);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const timedOut = results.filter(
      (r) => r.status === 'rejected' && (r.reason as AgentError).category === 'timeout',
    ).length;
    expect(ok).toBe(N / 2);
    expect(timedOut).toBe(N / 2);
    expect(client.pendingCount).toBe(0);
    await expect.poll(() => running, { timeout: 10_000 }).toBe(0);
    await client.close();
    await server.close();
    // 100,000 calls take seconds of CPU; on a machine whose cores are busy, several times that.
  }, 120_000);
});

describe('a dying peer', () => {
  // The peer must end its pending requests when the process dies, not when their 30 s timers
  // fire: the bound is far below the timers and far above what a busy machine needs.
  it('killing the peer process mid-flight rejects every pending request at once, not by its timeout', async () => {
    ensureDist();
    const { transport, child } = spawnTransport(
      process.execPath,
      [fileURLToPath(new URL('./fixtures/rpc-mcp-server.mjs', import.meta.url))],
      {
        spawn: { stderr: 'ignore' },
      },
    );
    const peer = createPeer({ transport, protocol: 'mcp', timeoutMs: 30_000 });
    peer.start();
    const calls = Array.from({ length: 1_000 }, () =>
      peer.request('tools/call', { name: 'hang' }).catch((e: unknown) => e),
    );
    // Once this answers, the server has read every call before it.
    expect(await peer.request('ping')).toEqual({});
    expect(peer.pendingCount).toBe(1_000);
    const t0 = performance.now();
    child.kill('SIGKILL');
    const errors = await Promise.all(calls);
    const elapsed = performance.now() - t0;
    expect(errors.every((e) => (e as AgentError).code === 'CONNECTION_CLOSED')).toBe(true);
    expect(peer.pendingCount).toBe(0);
    expect(elapsed).toBeLessThan(5_000);
  }, 120_000);
});

describe('an endless line', () => {
  it('a 100 MB stream with no newline is refused within the size limit, memory bounded, and the next message is read', async () => {
    const CHUNK = 64 * 1024;
    const TOTAL = 100 * 1024 * 1024;
    const maxMessageBytes = 1024 * 1024;
    let sent = 0;
    let peak = 0;
    const base = process.memoryUsage().arrayBuffers;
    const readable = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= TOTAL) {
          controller.enqueue(
            new TextEncoder().encode('\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n'),
          );
          controller.close();
          return;
        }
        // A fresh chunk each time, as a real socket would deliver.
        controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
        sent += CHUNK;
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
      },
    });
    const written: string[] = [];
    const decoder = new TextDecoder();
    const writable = new WritableStream<Uint8Array>({
      write: (chunk) => void written.push(decoder.decode(chunk)),
    });
    const peer = createPeer({
      transport: streamTransport({ readable, writable, maxMessageBytes }),
      methods: { ping: () => 'pong' },
    });
    peer.start();
    await expect.poll(() => written.join(''), { timeout: 15_000 }).toContain('"result":"pong"');
    const replies = written
      .join('')
      .trim()
      .split('\n')
      .map((l): unknown => JSON.parse(l));
    expect(replies[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(replies[1]).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' });
    // Only garbage awaiting collection can exceed the limit; what the peer holds is at most the limit.
    expect(peak).toBeLessThan(TOTAL / 2);
    await peer.close();
  });
});

// Interop with vscode-jsonrpc as a real peer: Content-Length framing over Node streams, in process.
import { PassThrough } from 'node:stream';
import {
  CancellationTokenSource,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  createMessageConnection,
} from 'vscode-jsonrpc/node';
import type { CancellationToken, MessageConnection } from 'vscode-jsonrpc/node';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentError, ERROR_CATEGORIES, decode, isAgentError } from 'agent-errors';
import { contentLength, createPeer } from 'agent-errors/jsonrpc';
import type { Methods } from 'agent-errors/jsonrpc';
import { nodeStreamTransport } from 'agent-errors/node';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function connect(methods: Methods = {}, setup: (conn: MessageConnection) => void = () => {}) {
  const ab = new PassThrough();
  const ba = new PassThrough();
  const conn = createMessageConnection(new StreamMessageReader(ab), new StreamMessageWriter(ba));
  setup(conn);
  conn.listen();
  const peer = createPeer({
    transport: nodeStreamTransport({ input: ba, output: ab, framing: contentLength }),
    protocol: 'lsp',
    methods,
  });
  peer.start();
  cleanups.push(
    () => peer.close(),
    () => conn.dispose(),
  );
  return { conn, peer };
}

describe('vscode-jsonrpc → our peer', () => {
  it('calls and notifies', async () => {
    let noted: unknown;
    const { conn } = connect({
      add: ({ a, b }: { a: number; b: number }) => a + b,
      note: (p: unknown) => void (noted = p),
    });
    expect(await conn.sendRequest('add', { a: 1, b: 2 })).toBe(3);
    await conn.sendNotification('note', { x: 1 });
    await expect.poll(() => noted, { timeout: 5_000 }).toEqual({ x: 1 });
  });

  it('errors of every category reach it as ResponseError with code, message, data and category', async () => {
    const { conn } = connect({
      fail: ({ category }: { category: (typeof ERROR_CATEGORIES)[number] }) => {
        throw new AgentError(`failed: ${category}`, { category, details: { where: 'here' } });
      },
    });
    for (const category of ERROR_CATEGORIES) {
      const error = await conn.sendRequest('fail', { category }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseError);
      expect(error).toMatchObject({ message: `failed: ${category}`, data: { where: 'here' } });
      // The LSP code carries what it can; data.agentError the rest. The hub reads it back.
      expect(decode(error, { protocol: 'lsp' })).toMatchObject({ category });
    }
  });

  it('its cancel ($/cancelRequest) aborts our handler, which answers -32800', async () => {
    let aborted = false;
    const { conn } = connect({
      hang: (_p: unknown, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          }),
        ),
    });
    const source = new CancellationTokenSource();
    const call = conn.sendRequest('hang', {}, source.token);
    setTimeout(() => source.cancel(), 30);
    await expect(call).rejects.toMatchObject({ code: -32800 });
    expect(aborted).toBe(true);
  });
});

describe('our peer → vscode-jsonrpc', () => {
  it('a ResponseError keeps code, message and data; standard codes decode to their category', async () => {
    const { peer } = connect({}, (conn) => {
      conn.onRequest('error', (p: { code: number; message: string; data?: unknown }) => {
        throw new ResponseError(p.code, p.message, p.data);
      });
    });
    for (const [code, category] of [
      [-32602, 'validation'],
      [-32601, 'protocol'],
      [-32603, 'internal'],
      [-32800, 'cancelled'],
    ] as const) {
      const error = await peer
        .request('error', { code, message: 'nope', data: { why: 1 } })
        .catch((e: unknown) => e);
      expect(isAgentError(error)).toBe(true);
      expect(error).toMatchObject({
        category,
        message: 'nope',
        wire: { protocol: 'lsp', code, message: 'nope', data: { why: 1 } },
      });
    }
  });

  it('aborting sends $/cancelRequest: its handler sees the token cancelled', async () => {
    let token: CancellationToken | undefined;
    const { peer } = connect({}, (conn) => {
      conn.onRequest('hang', (_p: unknown, t: CancellationToken) => {
        token = t;
        return new Promise(() => {});
      });
    });
    const controller = new AbortController();
    const call = peer.request('hang', {}, { signal: controller.signal });
    await expect.poll(() => token, { timeout: 5_000 }).toBeDefined();
    controller.abort();
    await expect(call).rejects.toMatchObject({ category: 'cancelled' });
    await expect.poll(() => token!.isCancellationRequested, { timeout: 5_000 }).toBe(true);
  });

  it('the answer to its malformed JSON is a parse error (vscode-jsonrpc itself answers nothing)', async () => {
    const ab = new PassThrough();
    const ba = new PassThrough();
    const peer = createPeer({
      transport: nodeStreamTransport({ input: ab, output: ba, framing: contentLength }),
    });
    peer.start();
    cleanups.push(() => peer.close());
    const reply = new Promise<string>((resolve) =>
      ba.once('data', (c: Buffer) => resolve(c.toString())),
    );
    ab.write('Content-Length: 5\r\n\r\n{oops');
    const body = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}';
    expect(await reply).toBe(`Content-Length: ${body.length}\r\n\r\n${body}`);
  });
});

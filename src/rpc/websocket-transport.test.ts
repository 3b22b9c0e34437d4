import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createPeer } from './peer.js';
import { webSocketTransport } from './websocket-transport.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function serve(maxMessageBytes?: number) {
  const wss = new WebSocketServer({ port: 0 });
  cleanups.push(() => {
    for (const c of wss.clients) c.terminate();
    return new Promise((r) => wss.close(r));
  });
  await new Promise((r) => wss.once('listening', r));
  wss.on('connection', (socket) => {
    const peer = createPeer({
      transport: webSocketTransport(socket, maxMessageBytes ? { maxMessageBytes } : {}),
      methods: {
        echo: (p: unknown) => p,
        fail: () => {
          throw new Error('secret at /srv/x.js');
        },
      },
    });
    peer.start();
  });
  const { port } = wss.address() as { port: number };
  return `ws://127.0.0.1:${port}`;
}

describe('webSocketTransport (ws on Node)', () => {
  it('calls over a socket that is still connecting, and decodes errors', async () => {
    const url = await serve();
    const client = createPeer({
      transport: webSocketTransport(new WebSocket(url)),
    });
    client.start();
    cleanups.push(() => client.close());
    expect(await client.request('echo', { a: [1, 'two'] })).toEqual({ a: [1, 'two'] });
    const error = await client.request('fail').catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'INTERNAL_ERROR',
      category: 'internal',
      message: 'Internal error',
    });
  });

  it('refuses an oversized frame with an error and keeps the connection', async () => {
    const url = await serve(100);
    const client = createPeer({
      transport: webSocketTransport(new WebSocket(url)),
      timeoutMs: 5_000,
    });
    client.start();
    cleanups.push(() => client.close());
    const big = client.request('echo', ['x'.repeat(500)]).catch((e: unknown) => e);
    expect(await client.request('echo', ['small'])).toEqual(['small']);
    // The oversized request got an id-less error, so it can only time out or close; close it.
    await client.close();
    expect(await big).toMatchObject({ category: 'unavailable' });
  });

  it('rejects pending calls when the server goes away', async () => {
    const wss = new WebSocketServer({ port: 0 });
    await new Promise((r) => wss.once('listening', r));
    wss.on('connection', (socket) => setTimeout(() => socket.terminate(), 20));
    const { port } = wss.address() as { port: number };
    const client = createPeer({
      transport: webSocketTransport(new WebSocket(`ws://127.0.0.1:${port}`)),
    });
    client.start();
    await expect(client.request('never')).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await new Promise((r) => wss.close(r));
  });
});

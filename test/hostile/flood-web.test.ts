// The flood test of flood.test.ts for the two transports that are not Node streams: Web streams
// (over a real TCP socket through Readable.toWeb / Writable.toWeb) and WebSocket (`ws` at
// 127.0.0.1). A client that sends 60,000 requests and never reads must not grow the server's
// heap without bound: the server stops reading (Web streams) or holds messages back, bounded
// (WebSocket), while its answers are not taken.
import { once } from 'node:events';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createPeer, streamTransport, webSocketTransport } from 'agent-errors/jsonrpc';
import { reportFigures } from '../helpers/figures.js';

const MB = 1024 * 1024;
const N = 60_000;
// Collect garbage before each reading, so the figures are what is held, not what is not yet freed.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (() => void) | undefined;
const result = 'r'.repeat(1_000);
const line = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"work","params":{}}`;

function heapMb(): number {
  gc?.();
  return process.memoryUsage().heapUsed / MB;
}

function report(name: string, before: number, during: number, after: number, extra: string): void {
  reportFigures(
    [
      `${name}: flood of ${N} requests, client never reads (gc ${gc ? 'forced' : 'not exposed'}):`,
      `| heap before | during | after |`,
      `| ${before.toFixed(1)} MB | ${during.toFixed(1)} MB | ${after.toFixed(1)} MB |`,
      extra,
    ].join('\n'),
  );
}

describe('transports that cannot be flooded', () => {
  it('streamTransport (Web streams over TCP): the server stops reading, the heap stays bounded', async () => {
    let handled = 0;
    const connections = new Set<net.Socket>();
    const srv = net.createServer((socket) => {
      connections.add(socket);
      socket.on('close', () => connections.delete(socket));
      createPeer({
        transport: streamTransport({
          readable: Readable.toWeb(socket) as ReadableStream<Uint8Array>,
          writable: Writable.toWeb(socket),
        }),
        methods: { work: () => (handled++, result) },
        maxInFlight: N,
      }).start();
    });
    srv.listen(0, '127.0.0.1');
    await once(srv, 'listening');
    const client = net.connect((srv.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    client.pause(); // never reads
    const before = heapMb();
    let blocked = 0;
    for (let i = 0; i < N; i += 1_000) {
      let chunk = '';
      for (let j = i; j < i + 1_000; j++) chunk += `${line(j)}\n`;
      if (!client.write(chunk)) {
        blocked++;
        await Promise.race([once(client, 'drain'), sleep(50)]);
      }
    }
    await sleep(1_000);
    const during = heapMb();
    const handledDuring = handled;
    const serverWritable = [...connections].reduce((n, c) => n + c.writableLength, 0);
    client.destroy();
    for (const c of connections) c.destroy();
    srv.close();
    await once(srv, 'close');
    await sleep(100);
    const after = heapMb();
    report(
      'streamTransport',
      before,
      during,
      after,
      `server answered ${handledDuring} of ${N}; server socket buffer ${(serverWritable / MB).toFixed(2)} MB; client writes that had to wait: ${blocked}`,
    );
    // Without backpressure every request is answered and each 1 KB answer stays queued here.
    expect(handledDuring).toBeLessThan(N / 2);
    expect(during - before).toBeLessThan(40);
  });

  it('streamTransport reads on once the client reads: every request is answered', async () => {
    const srv = net.createServer((socket) => {
      createPeer({
        transport: streamTransport({
          readable: Readable.toWeb(socket) as ReadableStream<Uint8Array>,
          writable: Writable.toWeb(socket),
        }),
        methods: { work: () => result },
      }).start();
    });
    srv.listen(0, '127.0.0.1');
    await once(srv, 'listening');
    const client = net.connect((srv.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    client.pause();
    const count = 5_000; // about 5 MB of answers: several times the high-water mark
    let out = '';
    for (let i = 0; i < count; i++) out += `${line(i)}\n`;
    client.write(out);
    await sleep(300);
    let answers = 0;
    client.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) answers++;
    });
    client.resume();
    for (let k = 0; k < 500 && answers < count; k++) await sleep(10);
    expect(answers).toBe(count);
    client.destroy();
    srv.close();
  });

  it('rejects a writeHighWaterMark that is not a number >= 1, by name', () => {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    expect(() => streamTransport({ readable, writable, writeHighWaterMark: 0 })).toThrow(
      /streamTransport: options.writeHighWaterMark must be a number >= 1/,
    );
    const socket = { send() {}, close() {}, addEventListener() {}, removeEventListener() {} };
    expect(() => webSocketTransport(socket as never, { writeHighWaterMark: Number.NaN })).toThrow(
      /webSocketTransport: options.writeHighWaterMark must be a number >= 1/,
    );
  });

  async function wsServer(maxMessageBytes?: number) {
    let handled = 0;
    const closes: number[] = [];
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(wss, 'listening');
    wss.on('connection', (socket) => {
      // The close handshake never completes with a client that does not read: record the code
      // the server closes with.
      const close = socket.close.bind(socket);
      socket.close = (code?: number, reason?: string | Buffer) => {
        closes.push(code ?? 1005);
        close(code, reason);
      };
      createPeer({
        transport: webSocketTransport(socket, maxMessageBytes ? { maxMessageBytes } : {}),
        methods: { work: () => (handled++, result) },
        maxInFlight: N,
      }).start();
    });
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    await once(client, 'open');
    // Never reads: the TCP socket under the client is paused.
    (client as unknown as { _socket: net.Socket })._socket.pause();
    return {
      client,
      handled: () => handled,
      closes,
      serverBuffered: () => [...wss.clients].reduce((n, c) => n + c.bufferedAmount, 0),
      close: async () => {
        client.terminate();
        for (const c of wss.clients) c.terminate();
        await new Promise((r) => wss.close(r));
      },
    };
  }

  it('webSocketTransport: messages are held back while answers are not taken; the heap stays bounded', async () => {
    const s = await wsServer();
    const before = heapMb();
    for (let i = 0; i < N; i++) {
      s.client.send(line(i));
      if (i % 1_000 === 999) await sleep(1);
    }
    await sleep(1_500);
    const during = heapMb();
    const handledDuring = s.handled();
    const buffered = s.serverBuffered();
    await s.close();
    await sleep(100);
    const after = heapMb();
    report(
      'webSocketTransport',
      before,
      during,
      after,
      `server answered ${handledDuring} of ${N}; server bufferedAmount ${(buffered / MB).toFixed(2)} MB`,
    );
    expect(handledDuring).toBeLessThan(N / 2);
    expect(buffered).toBeLessThan(8 * MB);
    expect(during - before).toBeLessThan(40);
  });

  it('webSocketTransport hands held-back messages on once the client reads: every request is answered', async () => {
    const s = await wsServer();
    // Four times the answers the 1 MiB high-water mark holds (about 5,000 of these), so the
    // server is sure to stop before the end, however fast it ran.
    const count = 20_000;
    let answers = 0;
    s.client.on('message', () => answers++);
    for (let i = 0; i < count; i++) s.client.send(line(i));
    await sleep(300);
    expect(s.handled()).toBeLessThan(count);
    (s.client as unknown as { _socket: net.Socket })._socket.resume();
    for (let k = 0; k < 2_000 && answers < count; k++) await sleep(10);
    expect(answers).toBe(count);
    await s.close();
  });

  it('webSocketTransport: past maxMessageBytes of held-back messages, the socket closes with 1013', async () => {
    const s = await wsServer(200_000);
    for (let i = 0; i < N; i++) {
      s.client.send(line(i));
      if (i % 1_000 === 999) await sleep(1);
    }
    for (let k = 0; k < 300 && s.closes.length === 0; k++) await sleep(10);
    expect(s.closes[0]).toBe(1013);
    expect(s.handled()).toBeLessThan(N / 2);
    await s.close();
  });
});

// A peer that cannot be flooded: a client that sends and never reads does not grow the server's
// heap (write-side backpressure stops reading), and requests beyond the in-flight cap are
// answered with an error while the connection stays open. Real TCP at 127.0.0.1.
import { once } from 'node:events';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createPeer } from 'agent-errors/jsonrpc';
import { nodeStreamTransport } from 'agent-errors/node';
import { reportFigures } from '../helpers/figures.js';

const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

function heapMb(): number {
  gc?.();
  return process.memoryUsage().heapUsed / MB;
}

async function server(
  methods: Record<string, (params: unknown) => unknown>,
  maxInFlight?: number,
): Promise<{ port: number; close: () => Promise<void>; connections: Set<net.Socket> }> {
  const connections = new Set<net.Socket>();
  const srv = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    createPeer({
      transport: nodeStreamTransport({ input: socket, output: socket }),
      methods,
      ...(maxInFlight !== undefined ? { maxInFlight } : {}),
    }).start();
  });
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  return {
    port: (srv.address() as AddressInfo).port,
    connections,
    close: async () => {
      for (const s of connections) s.destroy();
      srv.close();
      await once(srv, 'close');
    },
  };
}

describe('a peer that cannot be flooded', () => {
  it('60,000 requests from a client that never reads: the heap stays bounded', async () => {
    const result = 'r'.repeat(1_000);
    const s = await server({ work: () => Promise.resolve(result) });
    const client = net.connect(s.port, '127.0.0.1');
    await once(client, 'connect');
    client.pause(); // never reads
    const before = heapMb();
    const line = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"work","params":{}}\n`;
    // Written in chunks, each waiting (boundedly) for the socket to take it, as a real client
    // would; once the server stops reading, the rest stays in this client's buffer.
    const N = 60_000;
    let blocked = 0;
    for (let i = 0; i < N; i += 1_000) {
      let chunk = '';
      for (let j = i; j < i + 1_000; j++) chunk += line(j);
      if (!client.write(chunk)) {
        blocked++;
        await Promise.race([once(client, 'drain'), sleep(50)]);
      }
    }
    // The server stops reading once its answers back up. On a busy machine that can take longer
    // than the writes: wait for it (polled, at most 10 s), then a second more for the requests
    // still in flight to land, and read the heap with the flood fully in.
    const paused = () => [...s.connections].some((c) => c.isPaused());
    for (let waited = 0; waited < 10_000 && !paused(); waited += 50) await sleep(50);
    await sleep(1_000);
    const during = heapMb();
    const serverWritable = [...s.connections].reduce((n, c) => n + c.writableLength, 0);
    const serverPaused = [...s.connections].some((c) => c.isPaused());
    client.destroy();
    await s.close();
    await sleep(100);
    const after = heapMb();
    reportFigures(
      [
        `flood of ${N} requests, client never reads (gc ${gc ? 'forced' : 'not exposed'}):`,
        `| heap before | during | after |`,
        `| ${before.toFixed(1)} MB | ${during.toFixed(1)} MB | ${after.toFixed(1)} MB |`,
        `server socket buffer during: ${(serverWritable / MB).toFixed(2)} MB; server reading paused: ${serverPaused}; client writes that had to wait: ${blocked}`,
      ].join('\n'),
    );
    // Without backpressure this grew by about 63 MB here (603 MB with larger answers). The bound
    // is generous: the client's own
    // unsent requests (about 3.5 MB) and test noise live in this process too.
    expect(during - before).toBeLessThan(40);
    expect(serverWritable).toBeLessThan(8 * MB);
    expect(serverPaused).toBe(true); // the server stopped reading
  });

  it('requests beyond maxInFlight are answered with an error, and the connection stays open', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = await server({ slow: () => gate.then(() => 'done'), fast: () => 'ok' }, 10);
    const client = net.connect(s.port, '127.0.0.1');
    await once(client, 'connect');
    let text = '';
    client.setEncoding('utf8');
    client.on('data', (c: string) => (text += c));
    const lines = () => text.split('\n').filter((l) => l !== '');
    const waitFor = async (n: number) => {
      for (let k = 0; k < 200 && lines().length < n; k++) await sleep(10);
    };
    let out = '';
    for (let id = 1; id <= 15; id++)
      out += `{"jsonrpc":"2.0","id":${id},"method":"slow","params":{}}\n`;
    client.write(out);
    await waitFor(5);
    const refused = lines().map(
      (l) =>
        JSON.parse(l) as { id: number; error: { code: number; message: string; data?: unknown } },
    );
    expect(refused.map((r) => r.id)).toEqual([11, 12, 13, 14, 15]);
    for (const r of refused) {
      expect(r.error.code).toBe(-32000);
      expect(r.error.message).toMatch(/Too many requests in flight/);
      expect(r.error.data).toMatchObject({ agentError: { code: 'OVERLOADED', retryable: true } });
    }
    release();
    await waitFor(15);
    client.write('{"jsonrpc":"2.0","id":99,"method":"fast","params":{}}\n');
    await waitFor(16);
    expect(lines().at(-1)).toBe('{"jsonrpc":"2.0","id":99,"result":"ok"}');
    client.destroy();
    await s.close();
  });
});

// Memory bounded within one read. A client writes 800 requests at once (in one write, or in
// many) and never reads; each answer is 80 KiB, so answering them all before anything is
// written would take about 62 MB. The server runs in a child process with a 48 MB heap
// (test/fixtures/flood-server.mjs), over each byte transport, with each form of handler (one
// that answers at once, one that answers through a promise, one that answers after a timer). It
// must stop answering, survive, and answer every request once the client reads. (Before flow
// control within one read, this server died out of memory in every case.)
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as net from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ensureDist } from '../helpers/dist.js';
import { reportFigures } from '../helpers/figures.js';

const N = 800;
const ANSWER_CHARS = 80 * 1024;
const HEAP_MB = 48;
const MB = 1024 * 1024;
const fixture = fileURLToPath(new URL('../fixtures/flood-server.mjs', import.meta.url));

const TRANSPORTS = ['node', 'web', 'ws'] as const;
const HANDLERS = ['sync', 'promise', 'timer'] as const;
const WRITES = ['one write', 'many writes'] as const;
// Every transport with every handler in one write; every transport in many writes.
const CASES = TRANSPORTS.flatMap((transport) => [
  ...HANDLERS.map((handler) => ({ transport, handler, writes: WRITES[0] })),
  { transport, handler: 'promise' as const, writes: WRITES[1] },
]);

interface Server {
  child: ChildProcess;
  port: number;
  /** Requests handled so far, and the largest heap and array-buffer figures seen. */
  stats: { handled: number; heap: number; buffers: number; reports: number };
  exited: () => boolean;
}

async function startServer(
  transport: string,
  handler: string,
  { heapMb = HEAP_MB, answerChars = ANSWER_CHARS } = {},
): Promise<Server> {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${heapMb}`, fixture, transport, handler, String(answerChars)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  const stats = { handled: 0, heap: 0, buffers: 0, reports: 0 };
  let resolvePort!: (port: number) => void;
  const port = new Promise<number>((resolve) => (resolvePort = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [word, a, b, c] = line.split(' ');
    if (word === 'port') resolvePort(Number(a));
    if (word === 'stat') {
      stats.handled = Number(a);
      stats.heap = Math.max(stats.heap, Number(b));
      stats.buffers = Math.max(stats.buffers, Number(c));
      stats.reports++;
    }
  });
  const ready = await Promise.race([port, sleep(20_000).then(() => undefined)]);
  if (ready === undefined) throw new Error('the flood server did not start');
  return { child, port: ready, stats, exited: () => exited };
}

/** A client that has not read yet: `send` writes, `read` starts reading and counts answers. */
interface Client {
  send(lines: string[]): Promise<void>;
  read(): void;
  answers(): number;
  close(): void;
}

async function tcpClient(port: number): Promise<Client> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.pause(); // does not read
  let answers = 0;
  return {
    async send(lines) {
      if (!socket.write(lines.map((l) => `${l}\n`).join(''))) {
        // Bounded: once the server stops reading, this client's own buffer holds the rest.
        await Promise.race([once(socket, 'drain'), sleep(50)]);
      }
    },
    read() {
      // indexOf, not a loop over the bytes: the client reads 64 MB per case, and iterating a
      // Buffer byte by byte cost more CPU than the server that wrote it.
      socket.on('data', (chunk: Buffer) => {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) answers++;
      });
      socket.resume();
    },
    answers: () => answers,
    close: () => socket.destroy(),
  };
}

async function wsClient(port: number): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  await once(socket, 'open');
  const raw = (socket as unknown as { _socket: net.Socket })._socket;
  raw.pause(); // does not read
  let answers = 0;
  socket.on('message', () => answers++);
  return {
    async send(lines) {
      for (const line of lines) socket.send(line);
      await sleep(0);
    },
    read: () => raw.resume(),
    answers: () => answers,
    close: () => socket.terminate(),
  };
}

/** Wait (bounded) until the server has stopped answering: no progress over 10 reports. */
async function untilStalled(server: Server): Promise<void> {
  let last = -1;
  let still = 0;
  for (let k = 0; k < 400 && still < 10 && !server.exited(); k++) {
    await sleep(50);
    if (server.stats.handled === last) still++;
    else {
      last = server.stats.handled;
      still = 0;
    }
  }
}

const request = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'big' });

let running: { server: Server; client: Client } | undefined;
afterEach(() => {
  running?.client.close();
  running?.server.child.kill();
  running = undefined;
});

beforeAll(() => ensureDist(), 180_000);

describe('memory bounded within one read', () => {
  it.each(CASES)(
    '$transport transport, $handler handler, $writes: the server stalls, survives a 48 MB heap, and answers all once read',
    async ({ transport, handler, writes }) => {
      const server = await startServer(transport, handler);
      const client =
        transport === 'ws' ? await wsClient(server.port) : await tcpClient(server.port);
      running = { server, client };
      const ids = Array.from({ length: N }, (_, i) => i + 1);
      if (writes === 'one write') await client.send(ids.map(request));
      else for (let i = 0; i < N; i += 50) await client.send(ids.slice(i, i + 50).map(request));

      await untilStalled(server);
      const stalledAt = server.stats.handled;
      const { heap, buffers } = server.stats;
      expect(server.exited()).toBe(false);
      expect(stalledAt).toBeLessThan(N);

      client.read();
      for (let k = 0; k < 1_200 && client.answers() < N && !server.exited(); k++) await sleep(50);
      reportFigures(
        `${transport}/${handler}/${writes}: stalled after ${stalledAt} of ${N} answers of ${ANSWER_CHARS / 1024} KiB; ` +
          `server peak heapUsed ${(heap / MB).toFixed(1)} MB, arrayBuffers ${(buffers / MB).toFixed(1)} MB ` +
          `(answering all at once: ${((N * ANSWER_CHARS) / MB).toFixed(0)} MB); answered ${client.answers()} once read`,
      );
      expect(server.exited()).toBe(false);
      expect(client.answers()).toBe(N);
    },
    90_000,
  );
});

// The flood: 3,000 requests (about 120 KiB in all) in one write, each answered with 1 MB,
// from a client that never reads. Answering them all would take about 3 GB; the server (given a
// 512 MB heap, where it died before) must stall with its heap at most 64 MB above where it
// started, over every transport. The client is not read afterwards: 3 GB is not worth the wait.
const FLOOD_REQUESTS = 3_000;
const ONE_MB_ANSWER = 1024 * 1024;
const HEAP_GROWTH_MB = 64;

describe('1 MB answers to 3,000 requests in one read: the heap grows by at most 64 MB', () => {
  it.each(TRANSPORTS)(
    '%s transport',
    async (transport) => {
      const server = await startServer(transport, 'sync', {
        heapMb: 512,
        answerChars: ONE_MB_ANSWER,
      });
      // The heap the server settled at before any request: its first report.
      for (let k = 0; k < 100 && server.stats.reports === 0; k++) await sleep(20);
      const baseline = server.stats.heap;
      const client =
        transport === 'ws' ? await wsClient(server.port) : await tcpClient(server.port);
      running = { server, client };
      await client.send(Array.from({ length: FLOOD_REQUESTS }, (_, i) => request(i + 1)));
      await untilStalled(server);
      const growth = (server.stats.heap - baseline) / MB;
      reportFigures(
        `${transport}: 1 MB answers, stalled after ${server.stats.handled} of ${FLOOD_REQUESTS}; ` +
          `server heapUsed grew by ${growth.toFixed(1)} MB (peak ${(server.stats.heap / MB).toFixed(1)} MB), ` +
          `arrayBuffers peak ${(server.stats.buffers / MB).toFixed(1)} MB`,
      );
      expect(server.exited()).toBe(false);
      expect(server.stats.handled).toBeLessThan(FLOOD_REQUESTS);
      expect(growth).toBeLessThanOrEqual(HEAP_GROWTH_MB);
    },
    90_000,
  );
});

import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contentLength } from '../rpc/framing.js';
import { createPeer } from '../rpc/peer.js';
import { childProcessTransport, spawnTransport } from './child-process.js';
import { nodeStreamTransport } from './node-stream-transport.js';

describe('nodeStreamTransport', () => {
  it('waits for drain: never more than one batch beyond the high-water mark is buffered', async () => {
    let release: (() => void) | undefined;
    let maxBuffered = 0;
    const output = new Writable({
      highWaterMark: 64,
      write(_chunk, _enc, callback) {
        // A slow consumer: each write completes only when the test lets it.
        release = () => callback();
      },
    });
    const transport = nodeStreamTransport({ input: new PassThrough(), output });
    transport.start({ message() {}, oversized() {}, closed() {} });
    const sends: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      sends.push(transport.send(`{"n":${i},"pad":"${'x'.repeat(100)}"}`));
      await Promise.resolve();
      await Promise.resolve();
      maxBuffered = Math.max(maxBuffered, output.writableLength);
    }
    // Drain by hand until every send has gone through.
    let settled = false;
    void Promise.all(sends).then(() => (settled = true));
    for (let i = 0; i < 100 && !settled; i++) {
      release?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(settled).toBe(true);
    // Each batch is one message here (one per tick), about 120 bytes.
    expect(maxBuffered).toBeLessThan(64 + 2 * 130);
  });

  it('EOF on input rejects pending calls with connection-closed and still writes queued answers', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written: string[] = [];
    output.on('data', (c: Buffer) => written.push(c.toString()));
    const peer = createPeer({
      transport: nodeStreamTransport({ input, output }),
      methods: { ping: () => 'pong' },
    });
    peer.start();
    const call = peer.request('remote');
    input.end('{"jsonrpc":"2.0","id":"p","method":"ping"}\n');
    await expect(call).rejects.toMatchObject({
      code: 'CONNECTION_CLOSED',
      category: 'unavailable',
    });
    await expect.poll(() => written.join(''), { timeout: 2_000 }).toContain('"result":"pong"');
  });

  it('speaks Content-Length framing', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const peer = createPeer({
      transport: nodeStreamTransport({ input, output, framing: contentLength }),
      methods: { ping: () => 'pong' },
    });
    peer.start();
    const reply = new Promise<string>((resolve) =>
      output.once('data', (c: Buffer) => resolve(c.toString())),
    );
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    input.write(`Content-Length: ${body.length}\r\n\r\n${body}`);
    const answer = '{"jsonrpc":"2.0","id":1,"result":"pong"}';
    expect(await reply).toBe(`Content-Length: ${answer.length}\r\n\r\n${answer}`);
    await peer.close();
  });

  it('refuses bad options naming the option', () => {
    expect(() => nodeStreamTransport({ input: {} as never, output: new PassThrough() })).toThrow(
      /options\.input/,
    );
    expect(() =>
      nodeStreamTransport({
        input: new PassThrough(),
        output: new PassThrough(),
        maxMessageBytes: 0,
      }),
    ).toThrow(/options\.maxMessageBytes/);
    expect(() => childProcessTransport({} as never)).toThrow(/child/);
  });
});

describe('spawnTransport', () => {
  it('talks to a child over stdio, and its exit rejects pending calls', async () => {
    // A tiny ndjson echo server: answers each request with its params, exits on "exit".
    const script = `
      let buf = '';
      process.stdin.on('data', (c) => {
        buf += c;
        let nl;
        while ((nl = buf.indexOf('\\n')) !== -1) {
          const m = JSON.parse(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          if (m.method === 'exit') process.exit(0);
          if (m.method === 'echo') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: m.params }) + '\\n');
        }
      });`;
    const { transport, child } = spawnTransport(process.execPath, ['-e', script]);
    const peer = createPeer({ transport, timeoutMs: 10_000 });
    peer.start();
    expect(await peer.request('echo', [1, 'a'])).toEqual([1, 'a']);
    const hang = peer.request('hang');
    await peer.notify('exit');
    await expect(hang).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    expect(child.exitCode).toBe(0);
  });

  it('a command that cannot start closes the connection', async () => {
    const { transport } = spawnTransport('/nonexistent/agent-errors-binary');
    const peer = createPeer({ transport });
    peer.start();
    await expect(peer.request('x')).rejects.toMatchObject({ category: 'unavailable' });
  });
});

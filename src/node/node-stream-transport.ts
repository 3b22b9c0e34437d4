import type { Readable, Writable } from 'node:stream';
import type { Framing } from '../rpc/framing.js';
import { ReadGate } from '../rpc/flow.js';
import { OutputQueue, queuedWriting, streamOptions } from '../rpc/transport.js';
import type { Transport, TransportSink } from '../rpc/transport.js';

/** Options for {@link nodeStreamTransport}. */
export interface NodeStreamTransportOptions {
  /** Where messages are read from: a child's stdout, `process.stdin`, a socket. */
  input: Readable | NodeJS.ReadableStream;
  /** Where messages are written: a child's stdin, `process.stdout`, a socket. */
  output: Writable | NodeJS.WritableStream;
  /** How messages are cut and joined (default `ndjson`; `contentLength` for LSP). */
  framing?: Framing;
  /** Larger messages are skipped and answered with an error (default 16 MiB). */
  maxMessageBytes?: number;
  /** End `output` when the transport closes (default `true`; `false` for `process.stdout`). */
  endOutput?: boolean;
  /** Destroy `input` when the transport closes (default `true`; `false` for `process.stdin`). */
  destroyInput?: boolean;
  /**
   * The backlog (characters queued here and buffered in `output`) at which the peer runs no
   * further request, even one already read, and holds reading until half has drained: a peer
   * that sends and never reads cannot grow this side's memory (default 1 MiB).
   */
  writeHighWaterMark?: number;
}

type Listener = (...args: unknown[]) => void;

/**
 * A transport over a Node readable and writable. Writes wait for `'drain'` when the writable's
 * buffer is full; EOF, `'close'` and `'error'` on either side end the connection.
 *
 * @example
 * const socket = net.connect(port);
 * const peer = createPeer({ transport: nodeStreamTransport({ input: socket, output: socket }) });
 */
export function nodeStreamTransport(options: NodeStreamTransportOptions): Transport {
  const owner = 'nodeStreamTransport';
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${owner}: options must be an object with input and output`);
  }
  const { input, output, endOutput = true, destroyInput = true } = options;
  if (input === null || typeof input !== 'object' || typeof input.on !== 'function') {
    throw new TypeError(`${owner}: options.input must be a Node readable stream`);
  }
  if (output === null || typeof output !== 'object' || typeof output.write !== 'function') {
    throw new TypeError(`${owner}: options.output must be a Node writable stream`);
  }
  const { framing, max, highWater } = streamOptions(options, owner);
  // Characters handed to `send` and not yet passed to `output.write`.
  let queuedChars = 0;
  const gate = new ReadGate(highWater, {
    backlog: () => queuedChars + ((output as Writable).writableLength ?? 0),
    reading(on) {
      if (on) (input as Readable).resume?.();
      else (input as Readable).pause?.();
    },
  });
  let sink: TransportSink | undefined;
  let ended = false;
  const listeners: [NodeJS.EventEmitter, string, Listener][] = [];
  const on = (emitter: NodeJS.EventEmitter, event: string, fn: Listener): void => {
    emitter.on(event, fn);
    listeners.push([emitter, event, fn]);
  };
  let drainWaiter: (() => void) | undefined;

  const finish = (error?: unknown): void => {
    if (ended) return;
    ended = true;
    gate.end();
    for (const [emitter, event, fn] of listeners) emitter.removeListener(event, fn);
    // Late errors from streams we are done with must not crash the process.
    input.on('error', () => {});
    output.on('error', () => {});
    if (destroyInput) (input as Readable).destroy?.();
    else (input as Readable).pause?.();
    // Answers already queued (say, to the last requests before EOF) are still written.
    const flushed = error === undefined ? output_.drain() : Promise.resolve();
    if (error !== undefined) drainWaiter?.();
    void flushed.then(() => {
      output_.close();
      drainWaiter?.();
      if (endOutput) {
        try {
          output.end();
        } catch {
          // already ended
        }
      }
    });
    if (error === undefined) sink?.closed();
    else sink?.closed(error);
  };

  const output_ = new OutputQueue((texts) => {
    if ((output as Writable).writableEnded || (output as Writable).destroyed) {
      throw new Error('the output stream is closed');
    }
    for (const t of texts) queuedChars -= t.length;
    const ok = output.write(framing.encode(texts));
    gate.update();
    if (ok) return undefined;
    return new Promise<void>((resolve) => {
      const done = (): void => {
        output.removeListener('drain', done);
        drainWaiter = undefined;
        gate.update();
        resolve();
      };
      drainWaiter = done;
      output.once('drain', done);
    });
  }, finish);

  return {
    start(s) {
      if (sink) throw new Error(`${owner}: start() was already called`);
      sink = s;
      const decoder = framing.createDecoder(s, max);
      const onEnd = (): void => {
        if (ended) return;
        decoder.end();
        finish();
      };
      on(input, 'data', (chunk) => {
        if (!ended) decoder.push(chunk as Uint8Array | string);
      });
      on(input, 'end', onEnd);
      on(input, 'close', onEnd);
      on(input, 'error', (error) => finish(error));
      on(output, 'error', (error) => finish(error));
      on(output, 'close', () => finish());
      if (gate.open) (input as Readable).resume?.();
      return () => finish();
    },
    ...queuedWriting(output_, gate, {
      ended: () => ended,
      queued: (chars) => (queuedChars += chars),
      finish,
    }),
  };
}

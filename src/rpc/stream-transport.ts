import type { Framing } from './framing.js';
import { ReadGate } from './flow.js';
import { OutputQueue, queuedWriting, streamOptions } from './transport.js';
import type { Transport, TransportSink } from './transport.js';

/** Options for {@link streamTransport}. */
export interface StreamTransportOptions {
  /** Where messages are read from. Chunks may be bytes or text. */
  readable: ReadableStream<Uint8Array | string>;
  /** Where messages are written. */
  writable: WritableStream<Uint8Array>;
  /** How messages are cut and joined (default `ndjson`). */
  framing?: Framing;
  /** Larger messages are skipped and answered with an error (default 16 MiB). */
  maxMessageBytes?: number;
  /**
   * The backlog (characters queued here, or handed to the writable and not yet taken by it) at
   * which the peer runs no further request, even one already read, and holds reading until half
   * has drained: a peer that sends and never reads cannot grow this side's memory (default 1 MiB).
   */
  writeHighWaterMark?: number;
}

/**
 * A transport over a pair of Web streams: a child's stdio through `Readable.toWeb`, a `fetch`
 * body, a `TransformStream` pair in tests, or a Deno/Bun subprocess. Writes wait for the
 * writable's backpressure (`writer.ready`); while the backlog is over `writeHighWaterMark`, the
 * peer runs no request and holds reading, so backpressure reaches the sender.
 *
 * @example
 * const peer = createPeer({ transport: streamTransport({ readable, writable }) });
 */
export function streamTransport(options: StreamTransportOptions): Transport {
  const owner = 'streamTransport';
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${owner}: options must be an object with readable and writable`);
  }
  const { readable, writable } = options;
  if (
    readable === null ||
    typeof readable !== 'object' ||
    typeof readable.getReader !== 'function'
  ) {
    throw new TypeError(`${owner}: options.readable must be a ReadableStream`);
  }
  if (
    writable === null ||
    typeof writable !== 'object' ||
    typeof writable.getWriter !== 'function'
  ) {
    throw new TypeError(`${owner}: options.writable must be a WritableStream`);
  }
  const { framing, max, highWater } = streamOptions(options, owner);
  const writer = writable.getWriter();
  // Characters handed to `send` whose write has not completed yet.
  let backlog = 0;
  let readAgain: (() => void) | undefined;
  const gate = new ReadGate(highWater, {
    backlog: () => backlog,
    reading(on) {
      if (!on) return;
      const resume = readAgain;
      readAgain = undefined;
      resume?.();
    },
  });
  const written = (chars: number): void => {
    backlog -= chars;
    gate.update();
  };
  // Resolves at once while the gate is open, else once it opens again (or the end).
  const roomToRead = (): Promise<void> | undefined =>
    gate.open || ended ? undefined : new Promise((resolve) => (readAgain = resolve));
  let sink: TransportSink | undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array | string> | undefined;
  let ended = false;

  const finish = (error?: unknown): void => {
    if (ended) return;
    ended = true;
    reader?.cancel().catch(() => {});
    gate.end();
    readAgain?.();
    // Answers already queued (say, to the last requests before EOF) are still written.
    const flushed = error === undefined ? output.drain() : Promise.resolve();
    void flushed.then(() => {
      output.close();
      writer.close().catch(() => {});
    });
    if (error === undefined) sink?.closed();
    else sink?.closed(error);
  };

  const output = new OutputQueue(async (texts) => {
    await writer.ready;
    let chars = 0;
    for (const text of texts) chars += text.length;
    // Not awaited: `ready` is the backpressure signal; awaiting each write would serialise
    // every chunk behind the reader on the other side.
    writer.write(framing.encode(texts)).then(
      () => written(chars),
      (error: unknown) => {
        written(chars);
        finish(error);
      },
    );
  }, finish);

  async function pump(
    r: ReadableStreamDefaultReader<Uint8Array | string>,
    s: TransportSink,
  ): Promise<void> {
    const decoder = framing.createDecoder(s, max);
    try {
      for (;;) {
        // Backpressure: while the other side does not take our answers (or the peer has
        // messages it cannot run yet), stop taking its requests; the readable's own queue then
        // fills and pushes back on the sender.
        const full = roomToRead();
        if (full) await full;
        if (ended) return;
        const { done, value } = await r.read();
        if (done) break;
        decoder.push(value);
        if (ended) return;
      }
      decoder.end();
      finish();
    } catch (error) {
      finish(error);
    }
  }

  return {
    start(s) {
      if (sink) throw new Error(`${owner}: start() was already called`);
      sink = s;
      reader = readable.getReader();
      void pump(reader, s);
      return () => finish();
    },
    ...queuedWriting(output, gate, {
      ended: () => ended,
      queued: (chars) => (backlog += chars),
      finish,
    }),
  };
}

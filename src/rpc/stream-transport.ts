import { ndjson } from './framing.js';
import type { Framing } from './framing.js';
import { OutputQueue, maxMessageBytesOption } from './transport.js';
import type { Transport, TransportSink } from './transport.js';

/** Options for {@link streamTransport}. */
export interface StreamTransportOptions {
  /** Where messages are read from. Chunks may be bytes or text. */
  readable: ReadableStream<Uint8Array | string>;
  /** Where messages are written. */
  writable: WritableStream<Uint8Array>;
  /** How messages are cut and joined (default {@link ndjson}). */
  framing?: Framing;
  /** Larger messages are skipped and answered with an error (default 16 MiB). */
  maxMessageBytes?: number;
}

/**
 * A transport over a pair of Web streams: a child's stdio through `Readable.toWeb`, a `fetch`
 * body, a `TransformStream` pair in tests, or a Deno/Bun subprocess. Writes wait for the
 * writable's backpressure (`writer.ready`).
 *
 * @example
 * const peer = createPeer({ transport: streamTransport({ readable, writable }) });
 */
export function streamTransport(options: StreamTransportOptions): Transport {
  const owner = 'streamTransport';
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${owner}: options must be an object with readable and writable`);
  }
  const { readable, writable, framing = ndjson } = options;
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
  if (
    framing === null ||
    typeof framing !== 'object' ||
    typeof framing.createDecoder !== 'function'
  ) {
    throw new TypeError(`${owner}: options.framing must be a Framing (ndjson or contentLength)`);
  }
  const max = maxMessageBytesOption(options.maxMessageBytes, owner);
  const writer = writable.getWriter();
  let sink: TransportSink | undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array | string> | undefined;
  let ended = false;

  const finish = (error?: unknown): void => {
    if (ended) return;
    ended = true;
    reader?.cancel().catch(() => {});
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
    // Not awaited: `ready` is the backpressure signal; awaiting each write would serialise
    // every chunk behind the reader on the other side.
    writer.write(framing.encode(texts)).catch(finish);
  }, finish);

  async function pump(
    r: ReadableStreamDefaultReader<Uint8Array | string>,
    s: TransportSink,
  ): Promise<void> {
    const decoder = framing.createDecoder(s, max);
    try {
      for (;;) {
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
    send: (text) => (ended ? Promise.resolve() : output.push(text)),
    async close() {
      if (ended) return;
      await output.drain();
      finish();
    },
  };
}

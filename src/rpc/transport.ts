/**
 * The one small interface every transport implements, and the output queue they share. A
 * transport moves whole message texts; framing (newline-delimited JSON, Content-Length) is
 * below it and the connection (correlation, dispatch, cancellation) above it.
 */
import { ndjson } from './framing.js';
import type { Framing } from './framing.js';
import type { FlowControl, ReadGate } from './flow.js';

/** Where a transport delivers what it reads. Passed to {@link Transport.start}, never assigned. */
export interface TransportSink {
  /** One complete message text (a message or a batch), not yet parsed. */
  message(text: string): void;
  /** A message over the size limit was dropped; `size` is how many bytes were seen before giving up. */
  oversized(size: number): void;
  /** The connection ended: EOF, a read or write error, or `close()`. Called at most once. */
  closed(error?: unknown): void;
}

/**
 * A bidirectional channel of JSON-RPC message texts.
 *
 * @example
 * const transport = streamTransport({ readable, writable });
 * const stop = transport.start({ message: console.log, oversized() {}, closed() {} });
 */
export interface Transport {
  /** Start reading and deliver to `sink`. Returns a disposer that stops reading and closes. */
  start(sink: TransportSink): () => void;
  /**
   * Queue one message text for writing. The promise settles when it was handed to the
   * underlying stream (after waiting for backpressure to clear); it never rejects — a write
   * failure closes the transport instead, which the sink hears as `closed(error)`.
   */
  send(text: string): Promise<void>;
  /** Flush what is queued, close the writing side and stop reading. Never rejects. */
  close(): Promise<void>;
  /**
   * Flow control, when the transport has it (every transport of this package does): the peer
   * runs no further message while it is full, and holds reading while messages wait to run.
   * A transport without it is read as fast as it delivers.
   */
  readonly flow?: FlowControl;
}

/**
 * The default maximum size of one message: 16 MiB. Larger messages are skipped, answered with
 * an Invalid Request error (`id: null`), and the connection reads on.
 *
 * @example
 * streamTransport({ readable, writable, maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES / 4 });
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Check a `maxMessageBytes` option. */
export function maxMessageBytesOption(value: unknown, owner: string): number {
  if (value === undefined) return DEFAULT_MAX_MESSAGE_BYTES;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new TypeError(
      `${owner}: options.maxMessageBytes must be a positive integer; received ${typeof value === 'number' ? value : typeof value}`,
    );
  }
  return value;
}

/**
 * The default write high-water mark of the transports: 1 MiB of characters. Past it, a transport
 * stops reading and the peer runs no further message, even one already read, until what waits to
 * be written has drained to half: a peer that sends and never reads cannot grow this side's
 * memory.
 */
export const DEFAULT_WRITE_HIGH_WATER_MARK = 1024 * 1024;

/** Check a `writeHighWaterMark` option (a number ≥ 1). */
export function writeHighWaterMarkOption(value: unknown, owner: string): number {
  if (value === undefined) return DEFAULT_WRITE_HIGH_WATER_MARK;
  if (typeof value !== 'number' || !(value >= 1)) {
    throw new TypeError(
      `${owner}: options.writeHighWaterMark must be a number >= 1; received ${typeof value === 'number' ? value : typeof value}`,
    );
  }
  return value;
}

/** The options every byte-stream transport checks the same way. */
export interface StreamOptions {
  framing?: Framing;
  maxMessageBytes?: number;
  writeHighWaterMark?: number;
}

/** Check the framing, size and backpressure options of a byte-stream transport. */
export function streamOptions(
  options: StreamOptions,
  owner: string,
): { framing: Framing; max: number; highWater: number } {
  const { framing = ndjson } = options;
  if (
    framing === null ||
    typeof framing !== 'object' ||
    typeof framing.createDecoder !== 'function'
  ) {
    throw new TypeError(`${owner}: options.framing must be a Framing (ndjson or contentLength)`);
  }
  return {
    framing,
    max: maxMessageBytesOption(options.maxMessageBytes, owner),
    highWater: writeHighWaterMarkOption(options.writeHighWaterMark, owner),
  };
}

/**
 * Collects message texts sent in the same tick and writes them as one chunk, waiting for the
 * underlying stream's backpressure between chunks. One promise per chunk, not per message.
 */
export class OutputQueue {
  #queue: string[] = [];
  #flushing = false;
  #closed = false;
  #done: Promise<void> | undefined;
  #resolveDone: (() => void) | undefined;
  readonly #write: (texts: string[]) => void | Promise<void>;
  readonly #fail: (error: unknown) => void;

  /**
   * @param write writes a batch of texts; may return a promise to wait for (backpressure).
   * @param fail called once when a write throws or rejects.
   */
  constructor(write: (texts: string[]) => void | Promise<void>, fail: (error: unknown) => void) {
    this.#write = write;
    this.#fail = fail;
  }

  push(text: string): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#queue.push(text);
    if (this.#done === undefined) {
      this.#done = new Promise((resolve) => (this.#resolveDone = resolve));
      if (!this.#flushing) queueMicrotask(() => void this.#flush());
    }
    return this.#done;
  }

  /** Wait for everything queued so far to be written. */
  drain(): Promise<void> {
    return this.#done ?? Promise.resolve();
  }

  /** Drop what is queued and settle every waiting `send`. */
  close(): void {
    this.#closed = true;
    this.#queue = [];
    this.#settle();
  }

  #settle(): void {
    const resolve = this.#resolveDone;
    this.#done = undefined;
    this.#resolveDone = undefined;
    resolve?.();
  }

  async #flush(): Promise<void> {
    if (this.#flushing) return;
    this.#flushing = true;
    try {
      while (this.#queue.length > 0 && !this.#closed) {
        const batch = this.#queue;
        this.#queue = [];
        const resolve = this.#resolveDone;
        this.#done = undefined;
        this.#resolveDone = undefined;
        try {
          const pending = this.#write(batch);
          if (pending !== undefined) await pending;
        } catch (error) {
          resolve?.();
          this.close();
          this.#fail(error);
          return;
        }
        resolve?.();
      }
    } finally {
      this.#flushing = false;
    }
  }
}

/** What {@link queuedWriting} asks of the transport it writes for. */
interface QueuedTransportState {
  /** Whether the transport has ended: `send` then drops its text and `close` does nothing. */
  ended(): boolean;
  /** Counts `chars` more characters into the transport's backlog, before its gate is updated. */
  queued(chars: number): void;
  /** Ends the transport (after `close` has written what was queued). */
  finish(): void;
}

/**
 * The writing half every queued transport shares (Web streams, Node streams, WebSocket): `send`
 * counts its text into the backlog and queues it on `output`, `flow` is the transport's `gate`,
 * and `close` writes what is queued before the transport ends.
 * @internal
 */
export function queuedWriting(
  output: OutputQueue,
  gate: ReadGate,
  transport: QueuedTransportState,
): Pick<Transport, 'send' | 'close'> & { readonly flow: FlowControl } {
  return {
    send: (text) => {
      if (transport.ended()) return Promise.resolve();
      transport.queued(text.length);
      gate.update();
      return output.push(text);
    },
    flow: gate,
    async close() {
      if (transport.ended()) return;
      await output.drain();
      transport.finish();
    },
  };
}

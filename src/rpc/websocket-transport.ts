import { timerDelay } from '../core/timer-delay.js';
import { ReadGate } from './flow.js';
import {
  OutputQueue,
  maxMessageBytesOption,
  queuedWriting,
  writeHighWaterMarkOption,
} from './transport.js';
import type { Transport, TransportSink } from './transport.js';

/**
 * The part of the WebSocket interface this transport uses: the browser's, or `ws` on Node. The
 * listeners take `any` event: the DOM's and `ws`'s event types differ, and a narrower type here
 * would make neither socket assignable without a cast.
 */
export interface WebSocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** Send one text frame. */
  send(data: string): void;
  /** Close the connection. */
  close(code?: number, reason?: string): void;
  /** Listen for `open`, `message`, `close` and `error`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  addEventListener(type: string, listener: (event: any) => void): void;
  /** Stop listening. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  removeEventListener(type: string, listener: (event: any) => void): void;
}

/** Options for {@link webSocketTransport}. */
export interface WebSocketTransportOptions {
  /** Larger messages are skipped and answered with an error (default 16 MiB, counted in UTF-16 units for text frames). */
  maxMessageBytes?: number;
  /**
   * Backpressure, both ways: sends wait while `bufferedAmount` is above this, and while more
   * than this waits to be written (queued here plus `bufferedAmount`) the peer runs no request
   * and holds reading until half has drained. A WebSocket cannot stop reading: messages that
   * arrive while the peer holds it are held back here, bounded by `maxMessageBytes`; past that
   * the socket is closed with code 1013 ("try again later"). Default 1 MiB.
   */
  writeHighWaterMark?: number;
}

type Listener = Parameters<WebSocketLike['addEventListener']>[1];

const CONNECTING = 0;
const OPEN = 1;
/** How often a full backlog looks at `bufferedAmount` again (a WebSocket has no drain event). */
const DRAIN_POLL_MS = 10;
/** The close code for "try again later": the peer sent more than we could hold back. */
const TRY_AGAIN_LATER = 1013;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timerDelay(ms)));
}

/**
 * A transport over anything with the WebSocket interface. One message per frame; text frames
 * are preferred, binary frames are decoded as UTF-8. Sends wait for the socket to open and for
 * `bufferedAmount` to fall below `writeHighWaterMark`; while more than that waits to be written,
 * the peer runs no request and incoming messages are held back (bounded), so a client that sends
 * and never reads cannot grow this side's memory.
 *
 * @example
 * const peer = createPeer({ transport: webSocketTransport(new WebSocket('wss://agent.example/rpc')) });
 */
export function webSocketTransport(
  socket: WebSocketLike,
  options: WebSocketTransportOptions = {},
): Transport {
  const owner = 'webSocketTransport';
  if (
    socket === null ||
    typeof socket !== 'object' ||
    typeof socket.send !== 'function' ||
    typeof socket.addEventListener !== 'function'
  ) {
    throw new TypeError(
      `${owner}: socket must implement the WebSocket interface (send, close, addEventListener)`,
    );
  }
  const max = maxMessageBytesOption(options.maxMessageBytes, owner);
  const highWaterMark = writeHighWaterMarkOption(options.writeHighWaterMark, owner);
  const decoder = new TextDecoder();
  let sink: TransportSink | undefined;
  let ended = false;
  const listeners: [string, Listener][] = [];

  // Characters handed to `send` and not yet passed to `socket.send`.
  let queuedChars = 0;
  // Messages received while the gate was closed, and their size in characters: a WebSocket
  // cannot stop reading, so they wait here (bounded by `maxMessageBytes`).
  const held: string[] = [];
  let heldChars = 0;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let releasing = false;
  const gate = new ReadGate(highWaterMark, {
    backlog: () => queuedChars + (socket.bufferedAmount || 0),
    reading(on) {
      if (on) release();
    },
    waiting: () => poll(),
  });

  /** While the backlog is over the mark, look at `bufferedAmount` again (it has no drain event). */
  const poll = (): void => {
    if (pollTimer !== undefined || ended) return;
    pollTimer = setTimeout(() => {
      pollTimer = undefined;
      gate.update();
      if (gate.full()) poll();
    }, DRAIN_POLL_MS);
  };

  const finish = (error?: unknown): void => {
    if (ended) return;
    ended = true;
    gate.end();
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    held.length = 0;
    output.close();
    for (const [type, fn] of listeners) socket.removeEventListener(type, fn);
    if (socket.readyState === CONNECTING || socket.readyState === OPEN) {
      try {
        socket.close(1000);
      } catch {
        // already closing
      }
    }
    if (error === undefined) sink?.closed();
    else sink?.closed(error);
  };

  const opened = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const onOpen = (): void => (cleanup(), resolve());
      const onFail = (): void => (
        cleanup(),
        reject(new Error('the WebSocket closed before it opened'))
      );
      const cleanup = (): void => {
        socket.removeEventListener('open', onOpen);
        socket.removeEventListener('close', onFail);
        socket.removeEventListener('error', onFail);
      };
      socket.addEventListener('open', onOpen);
      socket.addEventListener('close', onFail);
      socket.addEventListener('error', onFail);
    });

  const output = new OutputQueue(async (texts) => {
    if (socket.readyState === CONNECTING) await opened();
    for (const text of texts) {
      while (socket.bufferedAmount > highWaterMark && socket.readyState === OPEN) await sleep(5);
      if (socket.readyState !== OPEN) throw new Error('the WebSocket is closed');
      queuedChars -= text.length;
      socket.send(text);
      gate.update();
    }
  }, finish);

  /** Hand held-back messages to the peer while the gate is open. */
  function release(): void {
    if (releasing) return;
    releasing = true;
    try {
      while (!ended && held.length > 0 && gate.open) {
        const text = held.shift() as string;
        heldChars -= text.length;
        sink?.message(text);
      }
    } finally {
      releasing = false;
    }
  }

  const deliver = (text: string): void => {
    if (ended || !sink) return;
    if (text.length > max) {
      sink.oversized(text.length);
      return;
    }
    if (held.length === 0 && gate.open) {
      sink.message(text);
      return;
    }
    // Backpressure: the other side is not taking our answers, so its requests wait here.
    if (heldChars + text.length > max) {
      try {
        socket.close(TRY_AGAIN_LATER, 'Too many unanswered messages');
      } catch {
        // already closing
      }
      finish(new Error('the peer sent more than could be held back while it was not reading'));
      return;
    }
    held.push(text);
    heldChars += text.length;
  };

  const listen = (type: string, fn: Listener): void => {
    socket.addEventListener(type, fn);
    listeners.push([type, fn]);
  };

  return {
    start(s) {
      if (sink) throw new Error(`${owner}: start() was already called`);
      sink = s;
      listen('message', (event: { data: unknown }) => {
        const data = event.data;
        if (typeof data === 'string') deliver(data);
        else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
          const size = data.byteLength;
          if (size > max) s.oversized(size);
          else deliver(decoder.decode(data));
        } else if (
          data !== null &&
          typeof data === 'object' &&
          typeof (data as Blob).text === 'function'
        ) {
          const blob = data as Blob;
          if (blob.size > max) s.oversized(blob.size);
          else blob.text().then(deliver, finish);
        }
      });
      listen('close', () => finish());
      listen('error', (event: { error?: unknown }) =>
        finish(event.error ?? new Error('WebSocket error')),
      );
      return () => finish();
    },
    ...queuedWriting(output, gate, {
      ended: () => ended,
      queued: (chars) => (queuedChars += chars),
      finish,
    }),
  };
}

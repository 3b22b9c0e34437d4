import { timerDelay } from '../core/timer-delay.js';
import { OutputQueue, maxMessageBytesOption } from './transport.js';
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
  /** Wait before sending more while `bufferedAmount` is above this (default 1 MiB). */
  highWaterMark?: number;
}

type Listener = Parameters<WebSocketLike['addEventListener']>[1];

const CONNECTING = 0;
const OPEN = 1;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timerDelay(ms)));
}

/**
 * A transport over anything with the WebSocket interface. One message per frame; text frames
 * are preferred, binary frames are decoded as UTF-8. Sends wait for the socket to open and for
 * `bufferedAmount` to fall below `highWaterMark`.
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
  const highWaterMark = options.highWaterMark ?? 1024 * 1024;
  if (typeof highWaterMark !== 'number' || !(highWaterMark >= 0)) {
    throw new TypeError(`${owner}: options.highWaterMark must be a number of bytes >= 0`);
  }
  const decoder = new TextDecoder();
  let sink: TransportSink | undefined;
  let ended = false;
  const listeners: [string, Listener][] = [];

  const finish = (error?: unknown): void => {
    if (ended) return;
    ended = true;
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
      socket.send(text);
    }
  }, finish);

  const deliver = (text: string): void => {
    if (ended || !sink) return;
    if (text.length > max) sink.oversized(text.length);
    else sink.message(text);
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
    send: (text) => (ended ? Promise.resolve() : output.push(text)),
    async close() {
      if (ended) return;
      await output.drain();
      finish();
    },
  };
}

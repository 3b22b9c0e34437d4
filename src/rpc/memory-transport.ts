import type { Transport, TransportSink } from './transport.js';

/**
 * Two transports joined back to back in memory: what one sends, the other receives (as text,
 * on a later microtask, like a real stream). For tests and for wiring two peers in one process.
 *
 * @example
 * const [a, b] = createMemoryTransportPair();
 * const server = createPeer({ transport: a, methods: { ping: () => 'pong' } });
 * const client = createPeer({ transport: b });
 */
export function createMemoryTransportPair(): [Transport, Transport] {
  const sinks: [TransportSink | undefined, TransportSink | undefined] = [undefined, undefined];
  const early: [string[], string[]] = [[], []];
  let closed = false;

  const closeBoth = (): void => {
    if (closed) return;
    closed = true;
    queueMicrotask(() => {
      sinks[0]?.closed();
      sinks[1]?.closed();
    });
  };

  const side = (me: 0 | 1): Transport => {
    const other = me === 0 ? 1 : 0;
    let outbox: string[] = [];
    let delivered: Promise<void> = Promise.resolve();
    const deliver = (): void => {
      const texts = outbox;
      outbox = [];
      const sink = sinks[other];
      for (const text of texts) {
        if (closed) return;
        if (sink) sink.message(text);
        else early[other].push(text);
      }
    };
    return {
      start(sink) {
        if (sinks[me]) throw new Error('createMemoryTransportPair: start() was already called');
        sinks[me] = sink;
        const queued = early[me].splice(0);
        if (queued.length > 0) queueMicrotask(() => queued.forEach((t) => sink.message(t)));
        if (closed) queueMicrotask(() => sink.closed());
        return closeBoth;
      },
      send(text) {
        if (closed) return Promise.resolve();
        // Everything sent in one tick is delivered together on the next microtask.
        if (outbox.push(text) === 1) delivered = Promise.resolve().then(deliver);
        return delivered;
      },
      close() {
        closeBoth();
        return Promise.resolve();
      },
    };
  };
  return [side(0), side(1)];
}

import { ReadGate } from './flow.js';
import { writeHighWaterMarkOption } from './transport.js';
import type { Transport, TransportSink } from './transport.js';

/** Options for {@link createMemoryTransportPair}. */
export interface MemoryTransportOptions {
  /**
   * Each side's backlog: past this many characters sent and not yet taken by the other side
   * (because it holds its reading), the sender's gate closes, as a stream transport's does
   * (default 1 MiB).
   */
  writeHighWaterMark?: number;
}

/**
 * Two transports joined back to back in memory: what one sends, the other receives (as text,
 * on a later microtask, like a real stream). For tests and for wiring two peers in one process.
 * A side that holds its reading (its peer has messages it cannot run yet) takes nothing more
 * until it reads on; what waits for it counts as the sender's backlog.
 *
 * @example
 * const [a, b] = createMemoryTransportPair();
 * const server = createPeer({ transport: a, methods: { ping: () => 'pong' } });
 * const client = createPeer({ transport: b });
 */
export function createMemoryTransportPair(
  options: MemoryTransportOptions = {},
): [Transport, Transport] {
  const highWater = writeHighWaterMarkOption(
    options?.writeHighWaterMark,
    'createMemoryTransportPair',
  );
  const sinks: [TransportSink | undefined, TransportSink | undefined] = [undefined, undefined];
  // What each side sent that the other has not taken yet, and its size in characters.
  const outboxes: [string[], string[]] = [[], []];
  const backlogs: [number, number] = [0, 0];
  const delivering = [false, false];
  let closed = false;

  // gates[me] stops `me` reading; its backlog is what `me` sent and the other has not taken.
  const gates = ([0, 1] as const).map(
    (me) =>
      new ReadGate(highWater, {
        backlog: () => backlogs[me],
        reading(on) {
          if (on) queueMicrotask(() => deliverTo(me));
        },
      }),
  ) as [ReadGate, ReadGate];

  /** Hand `to` what the other side sent, while `to` reads. */
  function deliverTo(to: 0 | 1): void {
    const from = to === 0 ? 1 : 0;
    const sink = sinks[to];
    if (sink === undefined || delivering[to]) return;
    delivering[to] = true;
    try {
      const outbox = outboxes[from];
      let taken = 0;
      try {
        while (!closed && taken < outbox.length && gates[to].open) {
          const text = outbox[taken++]!;
          backlogs[from] -= text.length;
          sink.message(text);
        }
      } finally {
        // Cut once: shifting one by one is quadratic in a long outbox.
        outbox.splice(0, taken);
      }
    } finally {
      delivering[to] = false;
    }
    gates[from].update();
  }

  const closeBoth = (): void => {
    if (closed) return;
    closed = true;
    for (const gate of gates) gate.end();
    outboxes[0].length = 0;
    outboxes[1].length = 0;
    queueMicrotask(() => {
      sinks[0]?.closed();
      sinks[1]?.closed();
    });
  };

  const side = (me: 0 | 1): Transport => {
    const other = me === 0 ? 1 : 0;
    let delivered: Promise<void> = Promise.resolve();
    return {
      start(sink) {
        if (sinks[me]) throw new Error('createMemoryTransportPair: start() was already called');
        sinks[me] = sink;
        queueMicrotask(() => deliverTo(me));
        if (closed) queueMicrotask(() => sink.closed());
        return closeBoth;
      },
      send(text) {
        if (closed) return Promise.resolve();
        backlogs[me] += text.length;
        gates[me].update();
        // Everything sent in one tick is delivered together on the next microtask.
        if (outboxes[me].push(text) === 1)
          delivered = Promise.resolve().then(() => deliverTo(other));
        return delivered;
      },
      close() {
        closeBoth();
        return Promise.resolve();
      },
      flow: gates[me],
    };
  };
  return [side(0), side(1)];
}

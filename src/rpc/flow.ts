/**
 * Flow control between a transport and the peer it delivers to: one gate per connection. The
 * transport counts what waits to be written, the peer adds the answers its running handlers are
 * expected to give (`answer-budget.ts`), and before each request it runs the peer asks whether
 * that is full. When it is, the request waits for it to drain and the peer holds the transport's
 * reading until the messages read behind it have run: the bound holds within one read, not only
 * between reads. Only what would be answered waits: answers to our own calls are still taken,
 * so two peers calling each other hard do not stall each other.
 */

/** Flow control a transport offers to the peer it delivers to (`Transport.flow`). */
export interface FlowControl {
  /**
   * Whether what waits to be written has reached the high-water mark and not yet drained to half
   * of it. While it is full the peer runs no request.
   */
  full(): boolean;
  /** Settles once the backlog is under half the high-water mark, or the transport ended. */
  drained(): Promise<void>;
  /**
   * Count `chars` more as waiting to be written: an answer not written yet because its handler
   * is still running.
   */
  reserve(chars: number): void;
  /** Give back what {@link reserve} counted. */
  unreserve(chars: number): void;
  /** Stop reading: the sink has messages it cannot run yet. */
  hold(): void;
  /** Read on (when the backlog allows). */
  release(): void;
}

/** What a transport tells its {@link ReadGate}. */
export interface ReadGateHooks {
  /** The characters handed to `send` and not yet taken by the underlying stream. */
  backlog(): number;
  /** Called each time reading should stop (`false`) or go on (`true`). */
  reading(on: boolean): void;
  /** Called when someone waits for the backlog to drain (for a transport that must poll it). */
  waiting?(): void;
}

/**
 * The gate one transport keeps. The transport calls {@link update} whenever its backlog changes
 * (a send, a completed write, a drain event, a poll), and `full()` answers from the last update:
 * the peer asks before every message, so the answer costs no look at the stream.
 */
export class ReadGate implements FlowControl {
  readonly #highWater: number;
  readonly #hooks: ReadGateHooks;
  /** Over the mark, until the backlog falls under half of it (so the gate does not flap). */
  #full = false;
  #reserved = 0;
  #held = false;
  #ended = false;
  #waiters: (() => void)[] = [];

  constructor(highWater: number, hooks: ReadGateHooks) {
    this.#highWater = highWater;
    this.#hooks = hooks;
  }

  /** Whether the transport may read and deliver now (the peer does not hold it). */
  get open(): boolean {
    return !this.#held && !this.#ended;
  }

  full(): boolean {
    return this.#full;
  }

  drained(): Promise<void> {
    if (!this.full()) return Promise.resolve();
    const drained = new Promise<void>((resolve) => this.#waiters.push(resolve));
    this.#hooks.waiting?.();
    return drained;
  }

  reserve(chars: number): void {
    this.#reserved += chars;
    this.update();
  }

  unreserve(chars: number): void {
    this.#reserved -= chars;
    this.update();
  }

  hold(): void {
    if (this.#held || this.#ended) return;
    this.#held = true;
    this.#hooks.reading(false);
  }

  release(): void {
    if (!this.#held || this.#ended) return;
    this.#held = false;
    this.#hooks.reading(true);
  }

  /** Look at the backlog again: after a send, a completed write, a drain event, a poll. */
  update(): void {
    if (this.#ended) return;
    const backlog = this.#hooks.backlog() + this.#reserved;
    if (!this.#full && backlog >= this.#highWater) this.#full = true;
    else if (this.#full && backlog < this.#highWater / 2) {
      this.#full = false;
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const wake of waiters) wake();
    }
  }

  /** The transport ended: every waiter settles and reading never starts again. */
  end(): void {
    this.#ended = true;
    this.#full = false;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

/** Settles after one turn of the event loop (a macrotask, after every pending microtask). */
export const nextTurn: () => Promise<void> = (() => {
  // Not a timer: a browser clamps nested zero-delay timers to 4 ms.
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') return () => new Promise((resolve) => immediate(resolve));
  return () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
})();

import type { FlowControl } from './flow.js';

/**
 * The messages a peer has read and not yet run, run one after another in the order read: when
 * one cannot run yet (it waits for the backlog to drain, or for a free slot), the ones read
 * after it wait behind it. While messages wait here the transport's reading is held, so what
 * waits is bounded by what one read delivered.
 */
export class Inbox {
  readonly #flow: FlowControl | undefined;
  readonly #run: (text: string) => Promise<unknown> | undefined;
  #queue: (string | undefined)[] = [];
  #next = 0;
  #wait: Promise<unknown> | undefined;
  #pumping = false;
  #closed = false;

  /**
   * @param run runs one message text; returns a promise (that never rejects) when that message
   *   is not done yet and the next must wait for it.
   */
  constructor(flow: FlowControl | undefined, run: (text: string) => Promise<unknown> | undefined) {
    this.#flow = flow;
    this.#run = run;
  }

  /** A message read from the transport: run at once when nothing stands before it. */
  readonly push = (text: string): void => {
    if (this.#closed) return;
    if (this.#next === this.#queue.length && this.#wait === undefined) {
      this.#start(this.#run(text));
      return;
    }
    this.#queue.push(text);
    if (!this.#pumping) void this.#pump();
  };

  /** Drop what waits; nothing more runs. */
  close(): void {
    this.#closed = true;
    this.#queue = [];
    this.#next = 0;
  }

  #start(wait: Promise<unknown> | undefined): void {
    if (wait === undefined) return;
    const done: Promise<unknown> = wait.then(() => {
      if (this.#wait === done) this.#wait = undefined;
    });
    this.#wait = done;
  }

  async #pump(): Promise<void> {
    this.#pumping = true;
    this.#flow?.hold();
    try {
      while (this.#next < this.#queue.length && !this.#closed) {
        if (this.#wait !== undefined) {
          await this.#wait;
          continue;
        }
        const text = this.#queue[this.#next] as string;
        this.#queue[this.#next++] = undefined;
        if (this.#next === this.#queue.length) {
          this.#queue = [];
          this.#next = 0;
        }
        this.#start(this.#run(text));
      }
    } finally {
      this.#pumping = false;
      if (!this.#closed) this.#flow?.release();
    }
  }
}

import { nextTurn } from './flow.js';
import type { FlowControl } from './flow.js';

/**
 * What an answer is expected to cost before anything is known of its method: 64 KiB, so that
 * at most 16 calls to a method never answered before start in one turn of the event loop under
 * the default 1 MiB high-water mark.
 */
export const FIRST_ANSWER_ESTIMATE = 64 * 1024;

/** An answer counted against the backlog while its handler runs. */
export interface Reservation {
  readonly chars: number;
  held: boolean;
}

/**
 * Counts the answers of handlers still running against the transport's backlog, so that
 * requests read in one chunk whose handlers answer a moment later (a promise, an `await`) cannot
 * together queue more than the high-water mark. Each running call holds the size of the largest
 * answer its method has given on this connection ({@link FIRST_ANSWER_ESTIMATE} until it has
 * given one) until its answer is queued or the event loop has turned once: a handler still
 * running after that is waiting on something, and how many of those run at once is
 * `maxInFlight`'s to bound.
 */
export class AnswerBudget {
  readonly #flow: FlowControl;
  /** The largest answer each method has given, in characters. Methods served only. */
  readonly #largest = new Map<string, number>();
  #thisTurn: Reservation[] = [];

  constructor(flow: FlowControl) {
    this.#flow = flow;
  }

  /** A call to `method` started and has not answered yet. */
  reserve(method: string): Reservation {
    const reservation: Reservation = {
      chars: this.#largest.get(method) ?? FIRST_ANSWER_ESTIMATE,
      held: true,
    };
    this.#flow.reserve(reservation.chars);
    if (this.#thisTurn.push(reservation) === 1) {
      void nextTurn().then(() => {
        const ended = this.#thisTurn;
        this.#thisTurn = [];
        for (const r of ended) this.give(r);
      });
    }
    return reservation;
  }

  /** The answer to a call to `method` was queued (`chars` long). */
  answered(method: string, chars: number, reservation?: Reservation): void {
    if (chars > (this.#largest.get(method) ?? 0)) this.#largest.set(method, chars);
    if (reservation) this.give(reservation);
  }

  /** Give back what `reservation` held (once; later calls do nothing). */
  give(reservation: Reservation): void {
    if (!reservation.held) return;
    reservation.held = false;
    this.#flow.unreserve(reservation.chars);
  }
}

import type { Clock } from '../../src/retry/clock.js';

/** A clock for tests: time moves only when the test says so. */
export interface ManualClock extends Clock {
  /** Move time forward, firing due timers in order, letting promise callbacks run between them. */
  advance(ms: number): Promise<void>;
  /** Delays of every timer set so far, in order. */
  readonly delays: number[];
  /** Timers not yet fired or cleared. */
  readonly pending: number;
}

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Let queued promise callbacks run (several turns, for chains of awaits). */
export async function flush(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await Promise.resolve();
}

export function createManualClock(start = 1_000_000): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();
  const delays: number[] = [];
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      delays.push(ms);
      timers.set(id, { id, at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const until = now + ms;
      await flush();
      for (;;) {
        const due = [...timers.values()]
          .filter((t) => t.at <= until)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        timers.delete(due.id);
        now = due.at;
        due.callback();
        await flush();
      }
      now = until;
      await flush();
    },
    get delays() {
      return delays;
    },
    get pending() {
      return timers.size;
    },
  };
}

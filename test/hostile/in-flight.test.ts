// maxInFlight counts what runs: every running handler, whatever its id, notifications too, batch
// members too. A peer over real TCP (nodeStreamTransport, 127.0.0.1) with maxInFlight 50 and
// handlers that run until the test lets them go; a raw client sends each form of message, in one
// write and in many. The test counts the handlers running at once and checks every answer.
import { once } from 'node:events';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createPeer } from 'agent-errors/jsonrpc';
import { nodeStreamTransport } from 'agent-errors/node';

const LIMIT = 50;

interface Form {
  name: string;
  /** The messages (each one line). */
  lines: string[];
  /** How many answers are due (batch members counted one by one). */
  answerCount: number;
  /** How many notifications must have run in the end (none is dropped). */
  notes: number;
  /** Checks the answers, flattened out of any batch. */
  answers(answers: Answer[]): void;
}

interface Answer {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: { agentError?: { code?: string } } };
}

const request = (id: unknown) => ({ jsonrpc: '2.0', id, method: 'work' });
const notification = () => ({ jsonrpc: '2.0', method: 'note' });
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const overloaded = (a: Answer) => a.error?.data?.agentError?.code === 'OVERLOADED';

/**
 * Every request is answered once: run (`done`), or refused at once with OVERLOADED because
 * `LIMIT` handlers were running. At least the first `LIMIT` ran.
 */
const ranOrRefused = (answers: Answer[]) => {
  expect(new Set(answers.map((a) => a.id)).size).toBe(answers.length);
  expect(answers.every((a) => a.result === 'done' || overloaded(a))).toBe(true);
  expect(answers.filter((a) => a.result === 'done').length).toBeGreaterThanOrEqual(LIMIT);
};

const FORMS: Form[] = [
  {
    name: '2,000 requests reusing one id',
    lines: times(2_000, () => JSON.stringify(request(7))),
    answerCount: 2_000,
    notes: 0,
    answers(answers) {
      // One runs; each one sent while it runs is refused as an invalid request, not run.
      expect(answers.every((a) => a.id === 7)).toBe(true);
      expect(answers.every((a) => a.result === 'done' || a.error?.code === -32600)).toBe(true);
      const refused = answers.filter((a) => a.error !== undefined);
      expect(refused.length).toBeGreaterThan(1_000);
      expect(refused[0]!.error!.message).toMatch(/id is still running/);
    },
  },
  {
    name: '2,000 requests with their own ids',
    lines: times(2_000, (i) => JSON.stringify(request(i))),
    answerCount: 2_000,
    notes: 0,
    answers: ranOrRefused,
  },
  {
    name: '5,000 notifications',
    lines: times(5_000, () => JSON.stringify(notification())),
    answerCount: 0,
    notes: 5_000,
    answers: (answers) => expect(answers).toEqual([]),
  },
  {
    name: 'a batch of 1,000 requests',
    lines: [JSON.stringify(times(1_000, (i) => request(`b${i}`)))],
    answerCount: 1_000,
    notes: 0,
    answers: ranOrRefused,
  },
  {
    name: 'a batch of 1,000 notifications',
    lines: [JSON.stringify(times(1_000, notification))],
    answerCount: 0,
    notes: 1_000,
    answers: (answers) => expect(answers).toEqual([]),
  },
  {
    name: '1,000 notifications, then 1,000 requests with their own ids',
    // The requests wait behind the notifications, in order.
    lines: [
      ...times(1_000, () => JSON.stringify(notification())),
      ...times(1_000, (i) => JSON.stringify(request(i))),
    ],
    answerCount: 1_000,
    notes: 1_000,
    // Refused while the last notifications hold every slot, run once slots are free.
    answers(answers) {
      expect(new Set(answers.map((a) => a.id)).size).toBe(1_000);
      expect(answers.every((a) => a.result === 'done' || overloaded(a))).toBe(true);
    },
  },
];

const WAYS = ['one write', 'many writes'] as const;

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function serve() {
  let running = 0;
  let peak = 0;
  let notes = 0;
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const hold = async () => {
    running++;
    peak = Math.max(peak, running);
    await gate;
    running--;
  };
  const srv = net.createServer((socket) => {
    createPeer({
      transport: nodeStreamTransport({ input: socket, output: socket }),
      maxInFlight: LIMIT,
      methods: {
        work: () => hold().then(() => 'done'),
        note: () => (notes++, hold()),
      },
    }).start();
  });
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const client = net.connect((srv.address() as AddressInfo).port, '127.0.0.1');
  await once(client, 'connect');
  const answers: Answer[] = [];
  let partial = '';
  client.setEncoding('utf8');
  client.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) answers.push(...[JSON.parse(line) as Answer | Answer[]].flat());
  });
  cleanup = () => {
    client.destroy();
    srv.close();
  };
  return {
    client,
    answers,
    state: () => ({ running, peak, notes }),
    /** Let every handler running now finish. */
    releaseAll() {
      const open = release;
      gate = new Promise<void>((resolve) => (release = resolve));
      open();
    },
  };
}

describe('maxInFlight counts every running handler', () => {
  const cases = FORMS.flatMap((form) => WAYS.map((way) => ({ form, way })));
  it.each(cases)('$form.name, $way: at most 50 run at once', async ({ form, way }) => {
    const s = await serve();
    const bytes = form.lines.map((l) => `${l}\n`).join('');
    if (way === 'one write') s.client.write(bytes);
    else
      for (let at = 0; at < bytes.length; at += 4_096) s.client.write(bytes.slice(at, at + 4_096));

    // Let the running handlers go, round after round, until everything due has happened.
    const done = () =>
      s.answers.length >= form.answerCount &&
      s.state().notes >= form.notes &&
      s.state().running === 0;
    for (let k = 0; k < 3_000 && !done(); k++) {
      await sleep(2);
      expect(s.state().running).toBeLessThanOrEqual(LIMIT);
      s.releaseAll();
    }
    await sleep(20); // nothing more arrives
    expect(s.state().peak).toBeLessThanOrEqual(LIMIT);
    expect(s.state().notes).toBe(form.notes);
    expect(s.answers).toHaveLength(form.answerCount);
    form.answers(s.answers);
  });
});

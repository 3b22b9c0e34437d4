import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fromFetchResponse } from '../dialects/http/response.js';
import { AgentError } from '../core/agent-error.js';
import { createManualClock } from '../../test/helpers/manual-clock.js';
import { HedgeBudget, hedge } from './hedge.js';
import type { GovernorEvent } from './options.js';

/** A server on 127.0.0.1 (a free port) that counts requests and answers with `handle`. */
async function serve(handle: (n: number, req: IncomingMessage, res: ServerResponse) => void) {
  let requests = 0;
  const server = createServer((req, res) => handle(++requests, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a caller of fetch writes: a failed answer becomes the error it means. */
async function get(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw await fromFetchResponse(response);
  return response.text();
}

describe('hedge against a real server on 127.0.0.1', () => {
  it('a slow first answer: the hedge wins and the loser is aborted through its signal', async () => {
    let loserClosed!: () => void;
    const loserGone = new Promise<void>((resolve) => (loserClosed = resolve));
    const server = await serve((n, _req, res) => {
      if (n === 1) {
        // Never answers: only the client giving up ends it.
        res.on('close', loserClosed);
        return;
      }
      res.end(`answer ${n}`);
    });
    try {
      const signals: AbortSignal[] = [];
      const events: GovernorEvent[] = [];
      const answer = await hedge(
        ({ signal }) => {
          signals.push(signal);
          return get(server.url, signal);
        },
        { delayMs: 100, onEvent: (e) => events.push(e) },
      );
      expect(answer).toBe('answer 2');
      await loserGone;
      expect(server.requests()).toBe(2);
      expect(signals.map((s) => s.aborted)).toEqual([true, false]);
      expect(events).toEqual([{ type: 'hedge', attempt: 2, delayMs: 100 }]);
    } finally {
      await server.close();
    }
  });

  it('a 503 storm spends the token bucket instead of doubling the load', async () => {
    const server = await serve((_n, _req, res) => {
      res.statusCode = 503;
      res.end('overloaded');
    });
    try {
      const budget = new HedgeBudget({ maxTokens: 10, tokenRatio: 0.1 });
      const calls = 20;
      for (let k = 0; k < calls; k++) {
        await expect(
          // Hedges here go on failures only (a non-fatal failure sends the next at once): a
          // timer hedge would race a 503 that a loaded machine answers late, and add a request.
          hedge(({ signal }) => get(server.url, signal), {
            delayMs: 60_000,
            maxAttempts: 3,
            budget,
          }),
        ).rejects.toMatchObject({ category: 'unavailable', code: 'UNAVAILABLE' });
      }
      // Unthrottled, each call would send all 3 attempts (60 requests). Each failure takes a
      // token from the 10 and hedges go only while more than 5 are left: the first call sends
      // 3 (10 → 7), the second 2 (7 → 5), every later call its original request alone.
      expect(server.requests()).toBe(3 + 2 + (calls - 2));
      expect(budget.allows()).toBe(false);
    } finally {
      await server.close();
    }
  });
});

describe('hedge on a manual clock', () => {
  it('sends no hedge when the first answer comes within delayMs', async () => {
    const clock = createManualClock();
    let calls = 0;
    const pending = hedge(
      () => {
        calls++;
        return new Promise((resolve) => clock.setTimeout(() => resolve('fast'), 50));
      },
      { delayMs: 100, clock },
    );
    await clock.advance(200);
    expect(await pending).toBe('fast');
    expect(calls).toBe(1);
    expect(clock.pending).toBe(0);
  });

  it('a fatal failure ends every attempt at once; a non-fatal one sends the next hedge', async () => {
    const clock = createManualClock();
    const seen: number[] = [];
    const pending = hedge(
      ({ attempt }) => {
        seen.push(attempt);
        if (attempt === 1) throw AgentError.unavailable('down');
        throw AgentError.validation('bad request');
      },
      { delayMs: 1_000, maxAttempts: 5, clock },
    );
    await expect(pending).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(seen).toEqual([1, 2]);
  });

  it('rejects bad options with what was expected', async () => {
    await expect(hedge(() => 1, { maxAttempts: 0 })).rejects.toThrow(
      /hedge: maxAttempts must be an integer >= 1/,
    );
    await expect(hedge(() => 1, { budget: {} as HedgeBudget })).rejects.toThrow(
      /hedge: budget must be a HedgeBudget/,
    );
    expect(() => new HedgeBudget({ tokenRatio: 2 })).toThrow(/tokenRatio must be a number in/);
  });
});

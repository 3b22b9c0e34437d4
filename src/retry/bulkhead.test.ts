import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { toAgentError } from '../front/decode.js';
import { fromFetchResponse } from '../dialects/http/response.js';
import { createManualClock, flush } from '../../test/helpers/manual-clock.js';
import type { ManualClock } from '../../test/helpers/manual-clock.js';
import { providerClients } from '../../test/helpers/provider-clients.js';
import { rejection, scriptedServer } from '../../test/helpers/provider-server.js';
import type { ScriptedAnswer } from '../../test/helpers/provider-server.js';
import { isConcurrencyLimit } from './failure-kinds.js';
import type { ConcurrencyOptions, GovernorEvent } from './options.js';
import { retry } from './retry.js';
import { retryStopOf } from './retry-error.js';

let targets = 0;
/** A target no other test uses: bulkheads are per process. */
const freshTarget = () => `bulkhead-test-${++targets}`;

/** An attempt that runs until the test settles it. */
function held() {
  let settle!: (fail?: AgentError) => void;
  let started = false;
  const attempt = () => {
    started = true;
    return new Promise<string>((resolve, reject) => {
      settle = (fail) => (fail ? reject(fail) : resolve('ok'));
    });
  };
  return {
    attempt,
    get started() {
      return started;
    },
    settle: (fail?: AgentError) => settle(fail),
  };
}

function start(
  target: string,
  clock: ManualClock,
  concurrency: ConcurrencyOptions,
  attempt: () => Promise<string>,
  events: GovernorEvent[] = [],
  extra: { signal?: AbortSignal; maxElapsedMs?: number } = {},
) {
  return retry(attempt, {
    target,
    clock,
    concurrency,
    maxAttempts: 1,
    onEvent: (e) => events.push(e),
    ...extra,
  }).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

describe('a bulkhead per target', () => {
  it('runs maxConcurrent at once, queues maxQueued, turns the rest away with a typed error', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const calls = [held(), held(), held(), held()];
    const options = { maxConcurrent: 2, maxQueued: 1 };
    const results = calls.map((c) => start(target, clock, options, c.attempt));
    await flush();
    expect(calls.map((c) => c.started)).toEqual([true, true, false, false]);
    const refused = await (results[3] as (typeof results)[number]);
    expect(refused.ok).toBe(false);
    const error = (refused as { error: AgentError }).error;
    expect(retryStopOf(error)).toEqual({ attempts: 0, reason: 'bulkhead_full' });
    expect(error).toMatchObject({
      code: 'BULKHEAD_FULL',
      category: 'unavailable',
      details: { refusal: 'full', limit: 2 },
    });
    expect(error.message).toMatch(/bulkhead for bulkhead-test-\d+ is full \(2 running, 1 queued\)/);
    // A turn given back goes to the queued attempt.
    calls[0]?.settle();
    await flush();
    expect(calls[2]?.started).toBe(true);
    calls[1]?.settle();
    calls[2]?.settle();
    expect((await Promise.all(results.slice(0, 3))).every((r) => r.ok)).toBe(true);
  });

  it('a queued attempt waits queueTimeoutMs at most, then stops with bulkhead_full', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const first = held();
    const options = { maxConcurrent: 1, maxQueued: 5, queueTimeoutMs: 2_000 };
    const running = start(target, clock, options, first.attempt);
    const waiting = held();
    const queued = start(target, clock, options, waiting.attempt);
    await clock.advance(1_999);
    expect(waiting.started).toBe(false);
    await clock.advance(1);
    const result = await queued;
    expect(retryStopOf((result as { error: unknown }).error)?.reason).toBe('bulkhead_full');
    expect((result as { error: AgentError }).error.details).toMatchObject({
      refusal: 'queue_timeout',
    });
    first.settle();
    expect((await running).ok).toBe(true);
  });

  it('a queued attempt stops at the call deadline (reason deadline), and at once on abort', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const first = held();
    const options = { maxConcurrent: 1, maxQueued: 5 };
    const running = start(target, clock, options, first.attempt);
    const late = start(target, clock, options, held().attempt, [], { maxElapsedMs: 500 });
    const controller = new AbortController();
    const aborted = start(target, clock, options, held().attempt, [], {
      signal: controller.signal,
    });
    controller.abort();
    expect(retryStopOf(((await aborted) as { error: unknown }).error)?.reason).toBe('aborted');
    await clock.advance(500);
    expect(retryStopOf(((await late) as { error: unknown }).error)?.reason).toBe('deadline');
    first.settle();
    expect((await running).ok).toBe(true);
  });

  it('rejects bad options, naming them', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /concurrency\.maxConcurrent must be an integer >= 1/],
      [{ maxConcurrent: 0 }, /concurrency\.maxConcurrent must be an integer >= 1/],
      [{ maxConcurrent: 2, minConcurrent: 3 }, /minConcurrent must be at most maxConcurrent \(2\)/],
      [{ maxConcurrent: 2, decreaseFactor: 0 }, /decreaseFactor must be a number in \(0, 1\]/],
      [{ maxConcurrent: 2, maxQueued: -1 }, /maxQueued must be an integer >= 0/],
      [5, /concurrency must be ConcurrencyOptions/],
    ];
    for (const [concurrency, message] of cases) {
      await expect(
        retry(() => 1, { target: 'x', concurrency: concurrency as ConcurrencyOptions }),
      ).rejects.toThrow(message);
    }
    await expect(retry(() => 1, { concurrency: { maxConcurrent: 1 } })).rejects.toThrow(
      /concurrency must be given with a target/,
    );
  });
});

describe('AIMD: "too many concurrent requests" lowers the limit, successes raise it', () => {
  const concurrencyLimited = () =>
    AgentError.rateLimited('Too many concurrent requests', { details: { limit: 'concurrency' } });

  it('halves on a concurrency 429, adds one per limit’s worth of successes, within [min, max]', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const events: GovernorEvent[] = [];
    const options = { maxConcurrent: 8, minConcurrent: 2, maxQueued: 100 };
    const once = (fail?: AgentError) =>
      start(
        target,
        clock,
        options,
        () => (fail ? Promise.reject(fail) : Promise.resolve('ok')),
        events,
      );
    await once(concurrencyLimited());
    await once(concurrencyLimited());
    await once(concurrencyLimited()); // 8 → 4 → 2 → (floor) 2
    // A rate limit that is not about concurrency, and an outage, change nothing.
    await once(AgentError.rateLimited('Rate limit reached for requests per minute'));
    await once(AgentError.unavailable('down'));
    for (let i = 0; i < 2 + 3 + 4 + 5 + 6 + 7; i++) await once();
    const limits = events.flatMap((e) =>
      e.type === 'concurrency' ? [`${e.previous}->${e.limit} ${e.reason}`] : [],
    );
    expect(limits).toEqual([
      '8->4 concurrency_limited',
      '4->2 concurrency_limited',
      '2->3 success',
      '3->4 success',
      '4->5 success',
      '5->6 success',
      '6->7 success',
      '7->8 success',
    ]);
  });

  it('the lowered limit holds attempts back: only that many run at once', async () => {
    const target = freshTarget();
    const clock = createManualClock();
    const options = { maxConcurrent: 4, maxQueued: 10 };
    await start(target, clock, options, () => Promise.reject(concurrencyLimited()));
    const calls = [held(), held(), held()];
    const results = calls.map((c) => start(target, clock, options, c.attempt));
    await flush();
    expect(calls.map((c) => c.started)).toEqual([true, true, false]);
    calls[0]?.settle();
    await flush();
    expect(calls[2]?.started).toBe(true);
    calls[1]?.settle();
    calls[2]?.settle();
    expect((await Promise.all(results)).every((r) => r.ok)).toBe(true);
  });

  it('decreaseFactor 1 turns adaptation off', async () => {
    const target = freshTarget();
    const events: GovernorEvent[] = [];
    await start(
      target,
      createManualClock(),
      { maxConcurrent: 4, decreaseFactor: 1 },
      () => Promise.reject(concurrencyLimited()),
      events,
    );
    expect(events.filter((e) => e.type === 'concurrency')).toEqual([]);
  });
});

describe('the classifier marks a concurrency limit, as providers word it', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  beforeAll(async () => {
    server = await scriptedServer();
  });
  afterAll(() => server.close());

  const via = (sdk: 'viaOpenAI' | 'viaAnthropic' | 'viaGemini') => (answer: ScriptedAnswer) =>
    providerClients(server)[sdk](answer);
  const [viaOpenAI, viaAnthropic, viaGemini] = [
    via('viaOpenAI'),
    via('viaAnthropic'),
    via('viaGemini'),
  ];
  const viaFetch = async (answer: ScriptedAnswer) => {
    server.answer(answer);
    return fromFetchResponse(await fetch(`${server.url}/v1/chat`, { method: 'POST' }));
  };
  const SOURCES = {
    OpenAI: viaOpenAI,
    Anthropic: viaAnthropic,
    Gemini: viaGemini,
    fetch: viaFetch,
  };

  // The wordings providers and gateways use for a limit on requests in flight.
  const CONCURRENCY = [
    'Too many concurrent requests',
    'Too many concurrent requests for this model',
    'Too many concurrent requests. Limit: 1 concurrent requests',
    'Concurrency limit exceeded for your organization',
    'You have exceeded the concurrent request limit',
  ];
  // The same statuses saying something else: a rate over time, a spent quota, an outage.
  const OTHER = [
    'Rate limit reached for gpt-4o in organization org-x on requests per min (RPM): Limit 3',
    'Number of request tokens has exceeded your per-minute rate limit',
    'Overloaded',
    'The service is temporarily unavailable',
  ];
  const bodies = (status: number, message: string) => ({
    'OpenAI-shaped': {
      error: {
        message,
        type: status === 429 ? 'rate_limit_error' : 'server_error',
        code: status === 429 ? 'rate_limit_exceeded' : null,
      },
    },
    'Anthropic-shaped': {
      type: 'error',
      error: { type: status === 429 ? 'rate_limit_error' : 'overloaded_error', message },
    },
    'Google-shaped': {
      error: {
        code: status,
        message,
        status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE',
      },
    },
  });

  it('an SDK’s concurrency 429, thrown inside retry, lowers the target’s limit', async () => {
    server.answer({
      status: 429,
      body: {
        type: 'error',
        error: { type: 'rate_limit_error', message: 'Too many concurrent requests' },
      },
    });
    const client = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
    const events: GovernorEvent[] = [];
    await rejection(() =>
      retry(
        () =>
          client.messages.create({
            model: 'claude-sonnet-4-6',
            max_tokens: 8,
            messages: [{ role: 'user', content: 'hi' }],
          }),
        {
          target: freshTarget(),
          concurrency: { maxConcurrent: 6 },
          maxAttempts: 1,
          onEvent: (e) => events.push(e),
        },
      ),
    );
    expect(events.filter((e) => e.type === 'concurrency')).toMatchObject([
      { limit: 3, previous: 6, reason: 'concurrency_limited' },
    ]);
  });

  for (const [source, via] of Object.entries(SOURCES)) {
    for (const status of [429, 503, 529]) {
      it(`${source}, ${status}: every wording × body shape`, async () => {
        for (const [words, concurrency] of [
          ...CONCURRENCY.map((w) => [w, true] as const),
          ...OTHER.map((w) => [w, false] as const),
        ]) {
          for (const [shape, body] of Object.entries(bodies(status, words))) {
            const error = toAgentError(await via({ status, body }));
            expect(
              { concurrency: isConcurrencyLimit(error), category: error.category },
              `${shape}: ${words}`,
            ).toEqual({
              concurrency,
              category: expect.stringMatching(/^(rate_limit|unavailable)$/) as unknown,
            });
          }
        }
      });
    }
  }
});

import { ChatOpenAI } from '@langchain/openai';
import { RunnableLambda } from '@langchain/core/runnables';
import { afterEach, describe, expect, it } from 'vitest';
import { toAgentError } from '../src/front/decode.js';
import { isRetryError } from '../src/retry/retry-error.js';
import { langChainFailedAttempt, withLangChainRetry } from '../src/sdk/langchain.js';
import type { LangChainRetryOptions } from '../src/sdk/langchain.js';
import { createManualClock } from './helpers/manual-clock.js';
import {
  answers,
  openaiError,
  failureRows,
  measureBothWays,
  timerArmed,
  openaiScriptServer,
} from './helpers/openai-script.js';
import type { Answer, Measured, Outcome } from './helpers/openai-script.js';

// LangChain.js (@langchain/core 1.x, @langchain/openai 1.5.8's ChatOpenAI) against a 127.0.0.1
// server answering as OpenAI does. Each case runs on a server of its own twice: with LangChain's
// own loop (the model's default `maxRetries: 6`, p-retry inside its AsyncCaller) and with
// withLangChainRetry as the one loop (`maxRetries: 0`). The server counts the requests.

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(script: readonly Answer[]) {
  const server = await openaiScriptServer(script);
  servers.push(server);
  const chat = (model: string, maxRetries?: number) =>
    new ChatOpenAI({
      model,
      apiKey: 'sk-test',
      configuration: { baseURL: server.baseURL },
      ...(maxRetries === undefined ? {} : { maxRetries }),
    });
  return { server, chat };
}

const settle = (run: PromiseLike<{ content: unknown }>): Promise<Outcome> =>
  Promise.resolve(run).then(
    ({ content }) => ({ ok: true, text: String(content) }),
    (error: unknown) => ({ ok: false, error }),
  );

async function measure(
  script: readonly Answer[],
  governor?: Omit<LangChainRetryOptions, 'fallbacks'>,
): Promise<Measured> {
  const { server, chat } = await serve(script);
  const outcome = await settle(
    governor
      ? withLangChainRetry(chat('gpt-test', 0), governor)('Hi')
      : chat('gpt-test').invoke('Hi'),
  );
  return { outcome, requests: server.seen.length, gaps: server.gaps() };
}

const governor: Omit<LangChainRetryOptions, 'fallbacks'> = { random: () => 0.5 };

describe('withLangChainRetry with the real ChatOpenAI: the request-count table', () => {
  it('counts and spaces the requests of each failure, with LangChain’s loop and with the governor', async () => {
    const rows = failureRows();
    const { bare, governed, table } = await measureBothWays(rows, governor, measure);
    expect(table).toEqual({
      rateLimited: { sdk: [2, true], governor: [2, true] },
      // LangChain stops on a wait over 60 s ("capacity"); the governor on one over maxDelayMs.
      rateLimitedLong: { sdk: [1, false], governor: [1, false] },
      overloaded503: { sdk: [3, true], governor: [3, true] },
      outOfQuota: { sdk: [1, false], governor: [1, false] },
      badKey: { sdk: [1, false], governor: [1, false] },
      contextTooLong: { sdk: [1, false], governor: [1, false] },
      slowModel: { sdk: [1, true], governor: [2, true] },
    });
    // The slow answer arrives late without the governor; with it, the second, prompt one wins.
    expect(bare.slowModel.outcome).toEqual({ ok: true, text: 'late' });
    expect(governed.slowModel.outcome).toEqual({ ok: true, text: 'hello' });
    // LangChain waits the longer of the server's 1 s and p-retry's 1–2 s (then 2–4 s).
    expect(bare.rateLimited.gaps[0]).toBeGreaterThanOrEqual(950);
    expect(governed.rateLimited.gaps[0]).toBeGreaterThanOrEqual(950);
    expect(governed.rateLimited.gaps[0]).toBeLessThan(1_500);
    expect(bare.overloaded503.gaps[1]).toBeGreaterThanOrEqual(1_950);
    // The governor: 200 ms transient base (half of it here), then 400 ms; LangChain's p-retry
    // never comes back sooner than 1 s.
    expect(governed.overloaded503.gaps[0]).toBeLessThan(1_000);
    expect(bare.overloaded503.gaps[0]).toBeGreaterThanOrEqual(950);

    for (const row of ['outOfQuota', 'badKey', 'contextTooLong'] as const) {
      const ours = governed[row].outcome;
      const theirs = bare[row].outcome;
      expect(ours.ok || isRetryError(ours.error)).toBe(true);
      const verdicts = [ours, theirs].map((o) => {
        const decoded = toAgentError(o.ok ? undefined : o.error);
        return [decoded.category, decoded.retryable];
      });
      const expected = { outOfQuota: 'quota', badKey: 'auth', contextTooLong: 'validation' }[row];
      expect(verdicts).toEqual([
        [expected, false],
        [expected, false],
      ]);
    }
  }, 15_000);
});

describe('withLangChainRetry: fallbacks by category, waits past LangChain’s cap', () => {
  it('falls back on quota but not on a bad key, where withFallbacks falls back on anything', async () => {
    const quota = await serve([answers.outOfQuota]);
    const ask = withLangChainRetry(quota.chat('gpt-primary', 0), {
      fallbacks: [quota.chat('gpt-fallback', 0)],
    });
    expect(await settle(ask('Hi'))).toEqual({ ok: true, text: 'hello' });
    expect(quota.server.models()).toEqual(['gpt-primary', 'gpt-fallback']);

    const refused = await serve([answers.badKey, answers.badKey]);
    const governed = withLangChainRetry(refused.chat('gpt-primary', 0), {
      fallbacks: [refused.chat('gpt-fallback', 0)],
    });
    expect((await settle(governed('Hi'))).ok).toBe(false);
    expect(refused.server.models()).toEqual(['gpt-primary']);

    const theirs = await serve([answers.badKey, answers.badKey]);
    const chained = theirs.chat('gpt-primary', 0).withFallbacks([theirs.chat('gpt-fallback', 0)]);
    expect((await settle(chained.invoke('Hi'))).ok).toBe(false);
    expect(theirs.server.models()).toEqual(['gpt-primary', 'gpt-fallback']);
  });

  it('waits a Retry-After of 120 s when allowed (injectable clock), and pipes as a runnable', async () => {
    const { server, chat } = await serve([answers.rateLimitedLong]);
    const clock = createManualClock();
    const ask = RunnableLambda.from(
      withLangChainRetry(chat('gpt-test', 0), { clock, maxDelayMs: 180_000 }),
    );
    const run = settle(ask.invoke('Hi'));
    await server.received(1);
    await timerArmed(clock, 120_000);
    await clock.advance(119_000);
    expect(server.seen.length).toBe(1);
    await clock.advance(1_000);
    expect(await run).toEqual({ ok: true, text: 'hello' });
    expect(server.seen.length).toBe(2);
  });

  it('rejects a bad runnable or fallback with a TypeError saying what was expected', () => {
    expect(() => withLangChainRetry({} as never)).toThrow(
      /withLangChainRetry: runnable must be a runnable \(with invoke\)/,
    );
    expect(() =>
      withLangChainRetry(
        RunnableLambda.from((x: string) => x),
        { fallbacks: ['gpt-4.1' as never] },
      ),
    ).toThrow(/fallbacks must be an array of runnables/);
  });
});

describe("langChainFailedAttempt in LangChain's own withRetry loop", () => {
  it('stops at once on quota and on a wait above maxDelayMs; retries a 429 after its wait', async () => {
    const longWait = openaiError(
      429,
      { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      { 'retry-after': '45' },
    );
    const [quota, tooLong, limited] = await Promise.all([
      serve([answers.outOfQuota, answers.outOfQuota]),
      serve([longWait, longWait]),
      serve([answers.rateLimited]),
    ]);
    const retried = (chat: typeof quota.chat) =>
      chat('gpt-test', 0).withRetry({
        stopAfterAttempt: 3,
        onFailedAttempt: langChainFailedAttempt(),
      });
    const [stopped, refused, waited] = await Promise.all([
      settle(retried(quota.chat).invoke('Hi')),
      // LangChain alone would wait the 45 s (under its 60 s line); the default maxDelayMs is 30 s.
      settle(retried(tooLong.chat).invoke('Hi')),
      settle(retried(limited.chat).invoke('Hi')),
    ]);
    expect([stopped.ok, quota.server.seen.length]).toEqual([false, 1]);
    expect([refused.ok, tooLong.server.seen.length]).toEqual([false, 1]);
    expect(refused.ok || toAgentError(refused.error).retryAfterMs).toBe(45_000);
    expect(waited).toEqual({ ok: true, text: 'hello' });
    expect(limited.server.seen.length).toBe(2);
    // Never early: the longer of the server's 1 s and p-retry's own 1–2 s.
    expect(limited.server.gaps()[0]).toBeGreaterThanOrEqual(950);
  });
});

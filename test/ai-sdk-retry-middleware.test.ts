import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { toAgentError } from '../src/front/decode.js';
import { isRetryError } from '../src/retry/retry-error.js';
import { aiRetryMiddleware } from '../src/sdk/ai-sdk-middleware.js';
import type { AiRetryMiddlewareOptions } from '../src/sdk/ai-sdk-middleware.js';
import { createManualClock } from './helpers/manual-clock.js';
import {
  answers,
  failureRows,
  measureBothWays,
  timerArmed,
  openaiScriptServer,
} from './helpers/openai-script.js';
import type { Answer, Measured, Outcome } from './helpers/openai-script.js';

// The AI SDK (ai@6 with @ai-sdk/openai) against a 127.0.0.1 server answering as OpenAI does. Each
// case runs twice, on a server of its own: with the SDK's own loop (its default `maxRetries: 2`)
// and with aiRetryMiddleware as the one loop (`maxRetries: 0`). The server counts the requests.

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(script: readonly Answer[]) {
  const server = await openaiScriptServer(script);
  servers.push(server);
  const provider = createOpenAI({ apiKey: 'sk-test', baseURL: server.baseURL });
  return { server, provider };
}

const settle = (run: Promise<{ text: string }>): Promise<Outcome> =>
  run.then(
    ({ text }) => ({ ok: true, text }),
    (error: unknown) => ({ ok: false, error }),
  );

/** One generateText call against a fresh server: how it ended and what the server received. */
async function measure(
  script: readonly Answer[],
  middleware?: AiRetryMiddlewareOptions,
): Promise<Measured> {
  const { server, provider } = await serve(script);
  const base = provider.chat('gpt-test');
  const outcome = await settle(
    middleware
      ? generateText({
          model: wrapLanguageModel({ model: base, middleware: aiRetryMiddleware(middleware) }),
          maxRetries: 0,
          prompt: 'Hi',
        })
      : generateText({ model: base, prompt: 'Hi' }),
  );
  return { outcome, requests: server.seen.length, gaps: server.gaps() };
}

// Deterministic jitter: half of each backoff ceiling.
const adapter: AiRetryMiddlewareOptions = { random: () => 0.5 };

describe('aiRetryMiddleware in the real AI SDK: the request-count table', () => {
  it('counts and spaces the requests of each failure, with the SDK loop and with the governor', async () => {
    const overloaded529 = (res: Parameters<Answer>[0]) => {
      res.writeHead(529, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'overloaded_error', message: 'Overloaded' } }));
    };
    const rows = { ...failureRows(), overloaded529: [overloaded529, overloaded529] };
    // Every run at once: the SDK's own waits (2 s, then 4 s) are real time.
    const { bare, governed, table } = await measureBothWays(rows, adapter, measure);
    expect(table).toEqual({
      // Both wait the server's second; the SDK honours hints under 60 s.
      rateLimited: { sdk: [2, true], governor: [2, true] },
      // Asked for 120 s, the SDK comes back after its 2 s and 4 s; the governor (maxDelayMs
      // 30 s by default) stops instead of coming back early.
      rateLimitedLong: { sdk: [3, false], governor: [1, false] },
      overloaded529: { sdk: [3, true], governor: [3, true] },
      overloaded503: { sdk: [3, true], governor: [3, true] },
      // The SDK retries every 429, quota included; the governor stops at once.
      outOfQuota: { sdk: [3, false], governor: [1, false] },
      badKey: { sdk: [1, false], governor: [1, false] },
      contextTooLong: { sdk: [1, false], governor: [1, false] },
      // The SDK waits out a slow model; the governor's attempt timeout moves on.
      slowModel: { sdk: [1, true], governor: [2, true] },
    });
    // The slow answer arrives late without the governor; with it, the second, prompt one wins.
    expect(bare.slowModel.outcome).toEqual({ ok: true, text: 'late' });
    expect(governed.slowModel.outcome).toEqual({ ok: true, text: 'hello' });
    // The spacing: the server's 1 s for both; for overload, the SDK's fixed 2 s then 4 s against
    // the governor's jittered throttling backoff (1 s base, half of it here, then 1 s).
    expect(bare.rateLimited.gaps[0]).toBeGreaterThanOrEqual(950);
    expect(governed.rateLimited.gaps[0]).toBeGreaterThanOrEqual(950);
    expect(bare.overloaded529.gaps[0]).toBeGreaterThanOrEqual(1_950);
    expect(bare.overloaded529.gaps[1]).toBeGreaterThanOrEqual(3_950);
    const throttled = governed.overloaded529.gaps;
    expect(throttled[0]).toBeGreaterThanOrEqual(450);
    expect(throttled[0]).toBeLessThan(1_500);
    expect(throttled[1]).toBeGreaterThanOrEqual(950);
    expect(bare.outOfQuota.gaps[0]).toBeGreaterThanOrEqual(1_950);
    expect(bare.rateLimitedLong.gaps[0]).toBeGreaterThanOrEqual(1_950);
    expect(bare.rateLimitedLong.gaps[0]).toBeLessThan(3_500);

    // What each way out rejects with decodes to the same verdict: the SDK's RetryError (its
    // last APICallError) and the governor's RetryError (cause: the APICallError) are quota.
    const sdkQuota = bare.outOfQuota.outcome;
    const ourQuota = governed.outOfQuota.outcome;
    expect(sdkQuota.ok || (sdkQuota.error as Error).name).toBe('AI_RetryError');
    expect(ourQuota.ok || isRetryError(ourQuota.error)).toBe(true);
    for (const outcome of [sdkQuota, ourQuota]) {
      const decoded = toAgentError(outcome.ok ? undefined : outcome.error);
      expect([decoded.category, decoded.code, decoded.retryable]).toEqual([
        'quota',
        'QUOTA_EXCEEDED',
        false,
      ]);
    }
    const context = governed.contextTooLong.outcome;
    expect(context.ok || toAgentError(context.error).code).toBe('CONTEXT_TOO_LONG');
    const auth = governed.badKey.outcome;
    expect(auth.ok || toAgentError(auth.error).category).toBe('auth');
  }, 15_000);

  it('decodes the APICallError a provider throws with the wait the server asked', async () => {
    const { provider } = await serve([answers.rateLimited]);
    const failed = await settle(
      generateText({ model: provider.chat('gpt-test'), maxRetries: 0, prompt: 'Hi' }),
    );
    expect(failed.ok).toBe(false);
    const error = failed.ok ? undefined : failed.error;
    expect((error as Error).name).toBe('AI_APICallError');
    const decoded = toAgentError(error);
    expect([decoded.category, decoded.retryAfterMs]).toEqual(['rate_limit', 1_000]);
  });
});

describe('aiRetryMiddleware: waits past the SDK cap, fallback, streams', () => {
  it('waits a Retry-After of 120 s (injectable clock), where the SDK comes back after 2 s', async () => {
    const { server, provider } = await serve([answers.rateLimitedLong]);
    const clock = createManualClock();
    const model = wrapLanguageModel({
      model: provider.chat('gpt-test'),
      middleware: aiRetryMiddleware({ clock, maxDelayMs: 180_000 }),
    });
    const run = settle(generateText({ model, maxRetries: 0, prompt: 'Hi' }));
    await server.received(1);
    await timerArmed(clock, 120_000);
    await clock.advance(119_000);
    expect(server.seen.length).toBe(1);
    await clock.advance(1_000);
    expect(await run).toEqual({ ok: true, text: 'hello' });
    expect(server.seen.length).toBe(2);

    // With the default cap (maxDelayMs 30 s) the governor obeys by stopping, never early.
    const capped = await serve([answers.rateLimitedLong]);
    const stopped = await settle(
      generateText({
        model: wrapLanguageModel({
          model: capped.provider.chat('gpt-test'),
          middleware: aiRetryMiddleware(),
        }),
        maxRetries: 0,
        prompt: 'Hi',
      }),
    );
    expect(capped.server.seen.length).toBe(1);
    expect(stopped.ok || (stopped.error as { reason?: unknown }).reason).toBe(
      'retry_after_too_long',
    );
    expect(stopped.ok || toAgentError(stopped.error).retryAfterMs).toBe(120_000);
  });

  it('falls back to a second model on quota, not on a bad key', async () => {
    const { server, provider } = await serve([answers.outOfQuota]);
    const model = wrapLanguageModel({
      model: provider.chat('gpt-primary'),
      middleware: aiRetryMiddleware({ fallbacks: [provider.chat('gpt-fallback')] }),
    });
    expect(await settle(generateText({ model, maxRetries: 0, prompt: 'Hi' }))).toEqual({
      ok: true,
      text: 'hello',
    });
    expect(server.models()).toEqual(['gpt-primary', 'gpt-fallback']);

    const auth = await serve([answers.badKey]);
    const refused = wrapLanguageModel({
      model: auth.provider.chat('gpt-primary'),
      middleware: aiRetryMiddleware({ fallbacks: [auth.provider.chat('gpt-fallback')] }),
    });
    const outcome = await settle(generateText({ model: refused, maxRetries: 0, prompt: 'Hi' }));
    expect(outcome.ok).toBe(false);
    expect(auth.server.models()).toEqual(['gpt-primary']);
  });

  it('retries a stream that failed before its first part, and never one that has begun', async () => {
    const { server, provider } = await serve([answers.rateLimited]);
    const model = wrapLanguageModel({
      model: provider.chat('gpt-test'),
      middleware: aiRetryMiddleware(),
    });
    const result = streamText({ model, maxRetries: 0, prompt: 'Hi' });
    expect(await result.text).toBe('hello');
    expect(server.seen.length).toBe(2);
    expect(server.gaps()[0]).toBeGreaterThanOrEqual(950);

    // A stream cut after its first text: the text already delivered stays, nothing is resent.
    const cut: Answer = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        `data: ${JSON.stringify({
          id: 'c',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'gpt-test',
          choices: [
            { index: 0, delta: { role: 'assistant', content: 'partial' }, finish_reason: null },
          ],
        })}\n\n`,
        () => setTimeout(() => res.destroy(), 20),
      );
    };
    const broken = await serve([cut]);
    const parts: string[] = [];
    let failure: unknown;
    const stream = streamText({
      model: wrapLanguageModel({
        model: broken.provider.chat('gpt-test'),
        middleware: aiRetryMiddleware({ random: () => 0 }),
      }),
      maxRetries: 0,
      prompt: 'Hi',
      onError: () => {},
    });
    try {
      for await (const part of stream.fullStream) parts.push(part.type);
    } catch (error) {
      failure = error;
    }
    expect(parts).toContain('text-delta');
    // The cut reaches the reader, as the provider reports it, instead of a second answer.
    expect(failure ?? parts.includes('error')).toBeTruthy();
    expect(broken.server.seen.length).toBe(1);
  });
});

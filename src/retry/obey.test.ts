import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { decode } from '../front/decode.js';
import { startRetry } from '../../test/helpers/retry-run.js';
import { MAX_TIMER_MS } from './options.js';

/** An attempt function that throws `errors` in turn, then returns 'ok'. */
function failing(...errors: Error[]) {
  let n = 0;
  const fn = () => {
    const error = errors[n++];
    if (error === undefined) return 'ok';
    throw error;
  };
  return { fn, calls: () => n };
}

const http = (status: number, headers: Record<string, string>, body: unknown = 'x') =>
  decode({ status, headers, body });

describe('retry obeys the server, or stops and says why', () => {
  it('x-should-retry: false wins over a 429 with Retry-After, and over shouldRetry', async () => {
    const { fn, calls } = failing(http(429, { 'retry-after': '1', 'x-should-retry': 'false' }));
    const { clock, settled } = startRetry(fn, { shouldRetry: () => true });
    await clock.advance(10_000);
    expect(calls()).toBe(1);
    expect(await settled).toMatchObject({ ok: false, error: { reason: 'not_retryable' } });
  });

  it('x-should-retry: true makes a 400 retryable', async () => {
    const { fn, calls } = failing(http(400, { 'x-should-retry': 'true' }));
    const { clock, settled } = startRetry(fn, { random: () => 0 });
    await clock.advance(1_000);
    expect(calls()).toBe(2);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
  });

  it('retry-after-ms before Retry-After; Retry-After in seconds or as an HTTP date', async () => {
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    const { fn } = failing(
      http(429, { 'retry-after-ms': '150', 'retry-after': '5' }),
      http(503, { 'retry-after': '2' }),
      http(503, { date, 'retry-after': 'Wed, 21 Oct 2026 07:28:03 GMT' }),
    );
    const { clock, settled } = startRetry(fn);
    await clock.advance(60_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(clock.delays).toEqual([150, 2_000, 3_000]);
  });

  it('"come back in 6 minutes" stops with retry_after_too_long and the wait on the error', async () => {
    const { fn, calls } = failing(
      http(429, { 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '6m0s' }),
    );
    const { clock, settled } = startRetry(fn);
    await clock.advance(3_600_000);
    expect(calls()).toBe(1);
    expect(clock.delays).toEqual([]);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'retry_after_too_long', retryAfterMs: 360_000, category: 'rate_limit' },
    });
  });

  it('a caller who wants to wait longer raises maxDelayMs', async () => {
    const { fn } = failing(AgentError.rateLimited('later', { retryAfterMs: 360_000 }));
    const { clock, settled } = startRetry(fn, { maxDelayMs: 600_000 });
    await clock.advance(360_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
  });

  it('an explicit retryable: false from the source wins over retryAfterMs and shouldRetry', async () => {
    const { fn, calls } = failing(
      AgentError.rateLimited('daily cap', { retryable: false, retryAfterMs: 10 }),
    );
    const { clock, settled } = startRetry(fn, { shouldRetry: () => true });
    await clock.advance(1_000);
    expect(calls()).toBe(1);
    expect(await settled).toMatchObject({ ok: false, error: { reason: 'not_retryable' } });
  });

  it('never sleeps longer than a timer can wait, whatever maxDelayMs says', async () => {
    const { fn } = failing(
      AgentError.unavailable('down'),
      AgentError.unavailable('down'),
      AgentError.rateLimited('much later', { retryAfterMs: MAX_TIMER_MS + 1 }),
    );
    const { clock, settled } = startRetry(fn, {
      maxElapsedMs: Infinity,
      maxDelayMs: 1e15,
      baseDelayMs: 1e13,
      random: () => 0.999,
    });
    await clock.advance(2 * MAX_TIMER_MS);
    expect(clock.delays).toHaveLength(2);
    for (const d of clock.delays) expect(d).toBeLessThanOrEqual(MAX_TIMER_MS);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'retry_after_too_long', retryAfterMs: MAX_TIMER_MS + 1 },
    });
  });
});

/** A grpc-js `ServiceError`: status code, details, and trailers in a Metadata with `get`. */
function grpcError(code: number, trailers: Record<string, string | Uint8Array>) {
  return Object.assign(new Error(`${code} UNAVAILABLE: overloaded`), {
    code,
    details: 'overloaded',
    metadata: { get: (key: string) => (key in trailers ? [trailers[key]] : []) },
  });
}

// Protobuf by hand: a tag, then a varint or a length-prefixed body.
const varint = (n: number): number[] => {
  const out: number[] = [];
  for (; n >= 0x80; n = Math.floor(n / 128)) out.push((n % 128) | 0x80);
  return [...out, n];
};
const bytesField = (field: number, body: number[]) => [
  ...varint(field * 8 + 2),
  ...varint(body.length),
  ...body,
];
const numberField = (field: number, n: number) => [...varint(field * 8), ...varint(n)];
const text = (s: string) => [...new TextEncoder().encode(s)];

describe('gRPC: pushback and RetryInfo', () => {
  // The classifier reads the status (the gRPC dialect): UNAVAILABLE, with the server's advice.

  it('grpc-retry-pushback-ms is the wait, before the error’s retryAfterMs', async () => {
    const { fn } = failing(grpcError(14, { 'grpc-retry-pushback-ms': '300' }));
    const { clock, settled } = startRetry(fn, {});
    await clock.advance(1_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(clock.delays).toEqual([300]);
  });

  it('a pushback that is not a non-negative integer means do not retry', async () => {
    for (const pushback of ['-1', 'soon']) {
      const { fn, calls } = failing(grpcError(14, { 'grpc-retry-pushback-ms': pushback }));
      const { clock, settled } = startRetry(fn, { shouldRetry: () => true });
      await clock.advance(1_000);
      expect(calls()).toBe(1);
      expect(await settled).toMatchObject({ ok: false, error: { reason: 'not_retryable' } });
    }
  });

  it('RetryInfo in grpc-status-details-bin (binary google.rpc.Status)', async () => {
    const duration = [...numberField(1, 2), ...numberField(2, 500_000_000)];
    const retryInfo = bytesField(1, duration);
    const any = [
      ...bytesField(1, text('type.googleapis.com/google.rpc.RetryInfo')),
      ...bytesField(2, retryInfo),
    ];
    const status = [
      ...numberField(1, 14),
      ...bytesField(2, text('overloaded')),
      ...bytesField(3, any),
    ];
    const { fn } = failing(grpcError(14, { 'grpc-status-details-bin': Uint8Array.from(status) }));
    const { clock, settled } = startRetry(fn, {});
    await clock.advance(5_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    expect(clock.delays).toEqual([2_500]);
  });

  it('RetryInfo as JSON status details; a too long one stops', async () => {
    // A google.rpc.Status in JSON, as Connect and gRPC-web clients hand it over.
    const thrown = Object.assign(new Error('quota'), {
      code: 8,
      details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '45.5s' }],
    });
    const { fn } = failing(thrown);
    const { clock, settled } = startRetry(fn, {});
    await clock.advance(60_000);
    expect(await settled).toMatchObject({
      ok: false,
      error: { reason: 'retry_after_too_long', retryAfterMs: 45_500 },
    });
  });

  it('ignores malformed status details', async () => {
    const { fn } = failing(
      grpcError(14, { 'grpc-status-details-bin': Uint8Array.from([0x1a, 0xff, 0xff]) }),
    );
    const { clock, settled } = startRetry(fn, { random: () => 0.5 });
    await clock.advance(1_000);
    expect(await settled).toEqual({ ok: true, value: 'ok' });
    // No advice survives the malformed bytes: the wait is the jittered backoff.
    expect(clock.delays).toHaveLength(1);
  });
});

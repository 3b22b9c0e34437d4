import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decoderHeaders,
  readHeaders,
  retryAfterMsFromHeaders,
  shouldRetryHeader,
} from './headers.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('retryAfterMsFromHeaders', () => {
  it('reads retry-after-ms, then retry-after seconds or date', () => {
    expect(retryAfterMsFromHeaders({ 'retry-after-ms': '150.5', 'retry-after': '9' })).toBe(151);
    expect(retryAfterMsFromHeaders({ 'Retry-After': '2' })).toBe(2000);
    expect(
      retryAfterMsFromHeaders({ 'retry-after': 'Tue, 10 Mar 2026 12:00:05 GMT' }, { now: NOW }),
    ).toBe(5000);
    expect(
      retryAfterMsFromHeaders({ 'retry-after': 'Tue, 10 Mar 2026 11:00:00 GMT' }, { now: NOW }),
    ).toBe(0);
  });

  it('reads an HTTP date (and the served date it is measured from) as Date.parse does', () => {
    const when = fc.date({
      min: new Date('1960-01-01T00:00:00Z'),
      max: new Date('2200-12-31T23:59:59Z'),
    });
    // What servers send, and near misses a hand-read fast path could get wrong.
    const written = fc.oneof(
      when.map((d) => d.toUTCString()),
      when.map((d) => d.toUTCString().replace(/^\w{3}/, 'Xyz')),
      when.map((d) => d.toUTCString().replace(' GMT', ' UTC')),
      when.map((d) => d.toUTCString().toLowerCase()),
      fc.constantFrom(
        'Sun, 31 Feb 2026 10:00:00 GMT',
        'Sun, 00 Nov 2026 10:00:00 GMT',
        'Sun, 06 Nov 2026 24:00:00 GMT',
        'Sun, 06 Nov 2026 23:59:60 GMT',
        'Sun, 06 Nov 0094 08:49:37 GMT',
        'Sun, 06 Nov 2026 08:49:3x GMT',
        'Sun, 06 Foo 2026 08:49:37 GMT',
      ),
    );
    fc.assert(
      fc.property(written, written, (retryAt, served) => {
        const expected = Date.parse(retryAt) - Date.parse(served);
        const got = retryAfterMsFromHeaders({ 'retry-after': retryAt, date: served });
        if (Number.isNaN(Date.parse(retryAt)) || !/[a-z]/i.test(retryAt)) {
          expect(got).toBeUndefined();
        } else if (!Number.isNaN(expected)) {
          expect(got).toBe(Math.max(0, Math.round(expected)));
        }
      }),
    );
  });

  it('ignores malformed values and never invents one', () => {
    expect(retryAfterMsFromHeaders({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMsFromHeaders({ 'retry-after-ms': '-5' })).toBeUndefined();
    expect(retryAfterMsFromHeaders({})).toBeUndefined();
    expect(retryAfterMsFromHeaders(undefined)).toBeUndefined();
  });

  it('finds rate-limit headers in any letter case, from a reader, a Headers or pairs', () => {
    const headers = { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '7' };
    expect(retryAfterMsFromHeaders(headers)).toBe(7_000);
    expect(retryAfterMsFromHeaders(readHeaders(headers))).toBe(7_000);
    expect(retryAfterMsFromHeaders(new Headers(headers))).toBe(7_000);
    expect(retryAfterMsFromHeaders(Object.entries(headers))).toBe(7_000);
    // No rate-limit header at all: nothing to read, whatever is asked.
    expect(
      retryAfterMsFromHeaders({ 'content-type': 'text/plain' }, { rateLimitReset: true }),
    ).toBe(undefined);
  });

  it('reads the x-ratelimit-reset family when asked or when a limit is exhausted', () => {
    expect(retryAfterMsFromHeaders({ 'x-ratelimit-reset': '30' })).toBeUndefined();
    expect(retryAfterMsFromHeaders({ 'x-ratelimit-reset': '30' }, { rateLimitReset: true })).toBe(
      30_000,
    );
    expect(
      retryAfterMsFromHeaders(
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 12) },
        { now: NOW },
      ),
    ).toBe(12_000);
    expect(
      retryAfterMsFromHeaders(
        { 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s' },
        { rateLimitReset: true },
      ),
    ).toBe(360_000);
    expect(
      retryAfterMsFromHeaders(
        {
          'anthropic-ratelimit-requests-remaining': '0',
          'anthropic-ratelimit-requests-reset': '2026-03-10T12:00:03Z',
        },
        { now: NOW },
      ),
    ).toBe(3000);
    expect(
      retryAfterMsFromHeaders({ 'x-ratelimit-reset-after': '0.25' }, { rateLimitReset: true }),
    ).toBe(250);
  });
});

describe('readHeaders and x-should-retry', () => {
  it('reads Headers, Node objects and pair lists case-insensitively', () => {
    expect(readHeaders(new Headers({ 'X-Should-Retry': 'true' }))('x-should-retry')).toBe('true');
    expect(readHeaders({ 'set-cookie': ['a', 'b'] })('Set-Cookie')).toBe('a, b');
    expect(readHeaders([['Retry-After', '1']])('retry-after')).toBe('1');
    expect(() => readHeaders(5 as never)).toThrow(/headers must be a Headers/);
    expect(() => readHeaders([['a']] as never)).not.toThrow();
    expect(() => readHeaders([5] as never)).toThrow(/\[name, value\] pairs/);
  });

  it('parses x-should-retry', () => {
    expect(shouldRetryHeader({ 'x-should-retry': 'false' })).toBe(false);
    expect(shouldRetryHeader({ 'x-should-retry': 'TRUE' })).toBe(true);
    expect(shouldRetryHeader({ 'x-should-retry': 'maybe' })).toBeUndefined();
  });
});

describe("decoderHeaders (the decoders' one-pass reader)", () => {
  const NAMES = [
    'content-type',
    'date',
    'retry-after',
    'retry-after-ms',
    'x-should-retry',
    'request-id',
    'x-request-id',
    'x-ratelimit-reset',
    'x-ratelimit-remaining-tokens',
    'anthropic-ratelimit-requests-reset',
    'x-unrelated',
  ];
  const casing = fc.constantFrom(
    (n: string) => n,
    (n: string) => n.toUpperCase(),
    (n: string) => n.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase()),
  );
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
    fc.constant(undefined),
    fc.constant(null),
  );

  it('reads what readHeaders reads, for every name the decoders ask for', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...NAMES), casing, value), { maxLength: 8 }),
        (entries) => {
          const record: Record<string, unknown> = {};
          for (const [name, cased, v] of entries) record[cased(name)] = v;
          const input = record as Parameters<typeof decoderHeaders>[0];
          const general = readHeaders(input);
          const table = decoderHeaders(input);
          expect(table.hasLimits).toBe(
            Object.entries(record).some(([k, v]) => /ratelimit/i.test(k) && v != null),
          );
          for (const name of NAMES.slice(0, -1)) expect(table.get(name)).toBe(general(name));
        },
      ),
    );
  });

  it('reads a list of pairs and a fetch Headers too', () => {
    const pairs: [string, string][] = [['Retry-After', '2']];
    expect(decoderHeaders(pairs).get('retry-after')).toBe('2');
    expect(decoderHeaders(new Headers({ 'Retry-After': '3' })).get('retry-after')).toBe('3');
    expect(() => decoderHeaders('x' as never)).toThrow(TypeError);
  });
});

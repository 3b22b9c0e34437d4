// The base gRPC, Google's HTTP APIs and A2A share: google.rpc.Status details and the protobuf
// Duration of RetryInfo.retryDelay, read as the proto3 JSON mapping writes a Duration ("seconds
// with 0, 3, 6 or 9 fractional digits, followed by s").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ERROR_INFO_TYPE,
  RETRY_INFO_TYPE,
  findDetail,
  findErrorInfo,
  formatRetryDelay,
  parseRetryDelay,
} from './google-rpc.js';

describe('RetryInfo.retryDelay', () => {
  it.each([
    ['1s', 1_000],
    ['1.5s', 1_500],
    ['0.000340012s', 0],
    ['1.000340012s', 1_000],
    ['30.000s', 30_000],
    ['0.500000s', 500],
  ])('%s is %i ms', (duration, ms) => {
    expect(parseRetryDelay(duration)).toBe(ms);
  });

  it.each(['', '1', '-1s', '1.5', 's', '1.0000000001s', '1m', 1.5, null, { seconds: 1 }])(
    '%o is no Duration',
    (value) => {
      expect(parseRetryDelay(value)).toBeUndefined();
    },
  );

  it('writes whole milliseconds as a Duration that reads back the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), (ms) => {
        const duration = formatRetryDelay(ms);
        expect(duration).toMatch(/^\d+(?:\.\d{1,3})?s$/);
        expect(parseRetryDelay(duration)).toBe(ms);
      }),
    );
  });
});

describe('Status details', () => {
  const details = [
    { '@type': 'type.googleapis.com/google.rpc.DebugInfo', detail: 'x' },
    { '@type': RETRY_INFO_TYPE, retryDelay: '2s' },
    { '@type': ERROR_INFO_TYPE, reason: 'RATE_LIMIT_EXCEEDED', domain: 'googleapis.com' },
  ];

  it('finds a detail by its type, and a well-formed ErrorInfo only', () => {
    expect(findDetail(details, RETRY_INFO_TYPE)?.retryDelay).toBe('2s');
    expect(findErrorInfo(details)?.reason).toBe('RATE_LIMIT_EXCEEDED');
    expect(findErrorInfo([{ '@type': ERROR_INFO_TYPE, reason: 'X' }])).toBeUndefined();
  });

  it('skips what is not a typed detail, and reads nothing from what is not a list', () => {
    expect(findDetail([null, 'x', { retryDelay: '2s' }, ...details], RETRY_INFO_TYPE)).toBe(
      details[1],
    );
    for (const data of [undefined, null, {}, 'details', details[1]]) {
      expect(findDetail(data, RETRY_INFO_TYPE)).toBeUndefined();
    }
  });
});

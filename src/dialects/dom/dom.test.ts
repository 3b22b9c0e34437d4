// The web platform's errors the DOM reader knows, each built by the platform itself (Node's
// DOMException, AbortController, crypto), and their JSON copies as a log or a peer relays them.
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';

function randomValuesOverflow(): unknown {
  try {
    crypto.getRandomValues(new Uint8Array(65_537));
  } catch (error) {
    return error;
  }
  throw new Error('crypto.getRandomValues took 65537 bytes; the test needs its QuotaExceededError');
}

const aborted = (): unknown => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal.reason;
};

const rows: [string, () => unknown, string, string][] = [
  ['an aborted signal’s reason', aborted, 'cancelled', 'ABORTED'],
  [
    'a TimeoutError',
    () => new DOMException('signal timed out', 'TimeoutError'),
    'timeout',
    'TIMEOUT',
  ],
  [
    'storage over its quota',
    () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    'quota',
    'QUOTA_EXCEEDED',
  ],
  ['getRandomValues over 65536 bytes', randomValuesOverflow, 'validation', 'VALIDATION_ERROR'],
];

describe('domReader', () => {
  it.each(rows)('%s', (_, build, category, code) => {
    const error = build() as DOMException;
    expect(error).toBeInstanceOf(DOMException);
    const copy = JSON.parse(
      JSON.stringify({ name: error.name, message: error.message, code: error.code }),
    ) as unknown;
    for (const input of [error, copy]) {
      expect(decode(input), String(input)).toMatchObject({ category, code });
    }
  });
});

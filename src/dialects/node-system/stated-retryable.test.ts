import { describe, expect, it, vi } from 'vitest';
import { isUnexpected } from '../../core/unexpected.js';
import { decode, toAgentError } from '../../front/decode.js';
import { encode } from '../../front/encode.js';
import { retry } from '../../retry/retry.js';

/** A system error whose source says, itself, whether to retry it. */
function systemError(code: string, retryable: boolean, message = 'read ECONNRESET'): Error {
  return Object.assign(new Error(message), { code, retryable });
}

describe('a retryable stated by the source wins over what its code suggests', () => {
  it('keeps an explicit retryable: false on a system error, through decode and toAgentError', () => {
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET']) {
      for (const read of [decode, toAgentError]) {
        const error = read(systemError(code, false));
        // The category still comes from the code; only the retry verdict is the source's.
        expect(error.category).not.toBe('internal');
        expect(error.code).toBe(code);
        expect(error.retryable).toBe(false);
        expect(isUnexpected(error)).toBe(true);
      }
    }
    // Without the statement, the code decides as before.
    expect(toAgentError(Object.assign(new Error('reset'), { code: 'ECONNRESET' })).retryable).toBe(
      true,
    );
  });

  it('keeps it on timeouts, aborts and a fetch failure whose cause is a system error', () => {
    const timeout = Object.assign(new Error('slow'), { name: 'TimeoutError', retryable: false });
    expect(toAgentError(timeout)).toMatchObject({ category: 'timeout', retryable: false });
    const fetchFailed = Object.assign(new TypeError('fetch failed'), {
      retryable: false,
      cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }),
    });
    expect(decode(fetchFailed)).toMatchObject({ category: 'unavailable', retryable: false });
  });

  it('never lets retryable: true expose an unexpected error', () => {
    // The unexpected errors' one-line reports go to console.error; keep the test output clean.
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const leaky = systemError('ENOENT', true, "ENOENT: no such file, open '/srv/app/secret.env'");
    const error = toAgentError(leaky);
    expect(error).toMatchObject({ category: 'not_found', retryable: true });
    expect(isUnexpected(error)).toBe(true);
    for (const protocol of ['mcp', 'jsonrpc', 'http', 'tool'] as const) {
      expect(JSON.stringify(encode(leaky, protocol))).not.toContain('/srv/app');
      expect(JSON.stringify(encode(error, protocol))).not.toContain('/srv/app');
    }
    expect(report).toHaveBeenCalled();
    report.mockRestore();
  });

  it('makes retry() stop at once on a system error that says it must not be retried', async () => {
    let attempts = 0;
    const failure = await retry(
      () => {
        attempts++;
        throw systemError('ECONNRESET', false);
      },
      { maxAttempts: 5, baseDelayMs: 1, idempotent: true },
    ).catch((e: unknown) => e);
    expect(attempts).toBe(1);
    expect(failure).toMatchObject({ reason: 'not_retryable', retryable: false });
  });
});

import type { AgentError } from '../../core/agent-error.js';
import { decodedError } from '../../core/agent-error.js';
import { normalizeError } from '../../core/normalize-error.js';
import type { Reader } from '../../core/reader.js';

// `crypto.getRandomValues` throws a `QuotaExceededError` for a buffer over 65536 bytes: a bad
// argument, not a spent quota. Chromium says "…byte length (N) exceeds the number of bytes of
// entropy available via this API (65536)", Node 20 "The requested length exceeds 65,536 bytes",
// Firefox "getRandomValues can only generate maximum 65536 bytes".
const RANDOM_VALUES_WORDS = /getRandomValues|bytes of entropy|\b65,?536 bytes\b/i;

/**
 * A `QuotaExceededError` (a `DOMException`, or its JSON copy): storage over its quota
 * (`localStorage`, IndexedDB, the Cache API, `navigator.storage`) is `quota`; the one
 * `crypto.getRandomValues` throws for a buffer over 65536 bytes is `validation`, told apart by
 * its message.
 */
function quotaExceeded(input: Record<string, unknown>): AgentError {
  const message = typeof input.message === 'string' ? input.message : '';
  const badArgument = RANDOM_VALUES_WORDS.test(message);
  return decodedError({
    message: message || 'Quota exceeded',
    category: badArgument ? 'validation' : 'quota',
    code: badArgument ? 'VALIDATION_ERROR' : 'QUOTA_EXCEEDED',
    retryable: false,
    retryAfterMs: undefined,
    details: { dom: { name: 'QuotaExceededError' } },
    wire: undefined,
    cause: input,
  });
}

/**
 * The web platform's `AbortError` and `TimeoutError` (a `DOMException`, `AbortSignal.timeout()`,
 * fetch's abort), and their JSON copies, by `name`: `cancelled` and `timeout` (an `AbortError`
 * whose `cause` is a `TimeoutError` is the timeout); and its
 * `QuotaExceededError` (see above). Read by name because their numeric `code` (20, 23, 22)
 * means nothing else's code.
 */
export const domReader: Reader = {
  name: 'dom AbortError / TimeoutError / QuotaExceededError',
  requires: ['name'],
  recognise(view) {
    const name = view.name;
    if (name === 'QuotaExceededError') return quotaExceeded(view.input);
    if (name === 'TimeoutError') return normalizeError(view.input);
    if (name !== 'AbortError') return undefined;
    // Node's own aborts (node:http, streams) keep the signal's reason as `cause`: a TimeoutError
    // there is `AbortSignal.timeout()` firing, a timeout and not the caller's cancel.
    const cause = (view.input as { cause?: unknown }).cause;
    return normalizeError(
      (cause as { name?: unknown } | null)?.name === 'TimeoutError' ? cause : view.input,
    );
  },
};

import { readHeaders } from './headers.js';
import type { HeadersInput } from './headers.js';

// The IETF HTTPAPI draft "The Idempotency-Key HTTP Header Field" (draft-ietf-httpapi-idempotency-key-header).
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The `Idempotency-Key` header of an HTTP request (a fetch `Request`, Node's `IncomingMessage`,
 * or anything with `headers`), or `undefined` when it has none. Shaped as `withIdempotency`'s
 * `keyOf` (`(params, context)`), so that a handler taking `(body, request)` passes it as it is;
 * the key is read from the second argument. A value in quotes (the draft writes it as a
 * structured-field string, `"8e03978e"`) is read without them. Never throws.
 *
 * @example
 * const createOrder = withIdempotency(store, (body: Order, req: Request) => save(body), {
 *   keyOf: httpIdempotencyKeyOf,
 * });
 */
export function httpIdempotencyKeyOf(_body: unknown, request: unknown): string | undefined {
  if (request === null || typeof request !== 'object') return undefined;
  try {
    const headers = (request as { headers?: unknown }).headers;
    if (headers === null || typeof headers !== 'object') return undefined;
    const value = readHeaders(headers as HeadersInput)(IDEMPOTENCY_KEY_HEADER)?.trim();
    if (value === undefined || value === '') return undefined;
    const unquoted = /^"(.*)"$/.exec(value)?.[1] ?? value;
    return unquoted === '' ? undefined : unquoted;
  } catch {
    return undefined;
  }
}

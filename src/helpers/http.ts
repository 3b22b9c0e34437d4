import type { HttpErrorResponse, ToHttpResponseOptions } from '../dialects/http/response.js';
import { encode } from '../front/encode.js';

/**
 * The HTTP answer for any error, as `encode(error, 'http')` writes it: the status
 * (`toHttpStatus`), `content-type: application/problem+json`, `retry-after` (whole seconds,
 * rounded up) and `retry-after-ms` when there is a delay, `x-should-retry`, and the RFC 9457
 * body (`toProblemJson`). An error the code did not mean to expose keeps the category, code,
 * retryability and delay the decoder finds (an upstream 429 is still a 429 with its
 * `retry-after`), with its category's fixed text and an `errorId` (see `onError`).
 *
 * @example
 * const { status, headers, body } = toHttpResponse(AgentError.rateLimited('slow', { retryAfterMs: 1500 }));
 * // 429, { 'content-type': 'application/problem+json', 'retry-after': '2', 'retry-after-ms': '1500', 'x-should-retry': 'true' }
 */
export function toHttpResponse(error: unknown, options?: ToHttpResponseOptions): HttpErrorResponse {
  return encode(error, 'http', options);
}

/**
 * {@link toHttpResponse} as a fetch `Response`, for web-standard servers (Hono, Deno, Bun,
 * workers).
 *
 * @example
 * app.onError((err) => toFetchResponse(err));
 */
export function toFetchResponse(error: unknown, options?: ToHttpResponseOptions): Response {
  const { status, headers, body } = encode(error, 'http', options);
  return new Response(JSON.stringify(body), { status, headers });
}

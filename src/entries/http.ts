/**
 * HTTP: statuses, retry headers, RFC 9457 problem documents, provider error bodies, fetch
 * `Response`s.
 *
 * @module agent-errors/http
 */
export * from '../dialects/http/index.js';
export { toFetchResponse, toHttpResponse } from '../front/helpers/http.js';

export { statusMeaning, toHttpStatus } from './status.js';
export type { StatusMeaning } from './status.js';
export { readHeaders, retryAfterMsFromHeaders, shouldRetryHeader } from './headers.js';
export type { HeaderReader, HeadersInput, RetryAfterMsFromHeadersOptions } from './headers.js';
export { PROBLEM_JSON, isProblemDetails, toProblemJson } from './problem-json.js';
export type { ProblemDetails, ToProblemJsonOptions } from './problem-json.js';
export type { ProviderError } from './provider-body.js';
export {
  fromFetchResponse,
  fromHttpResponse,
  toFetchResponse,
  toHttpResponse,
} from './response.js';
export type { HttpErrorResponse, HttpResponseInit, ToHttpResponseOptions } from './response.js';
export { httpIdempotencyKeyOf } from './idempotency-key.js';

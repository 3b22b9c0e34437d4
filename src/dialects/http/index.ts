export { HTTP_STATUSES, STATUS_BY_CATEGORY, statusMeaning, toHttpStatus } from './status.js';
export type { StatusMeaning } from './status.js';
export { readHeaders, retryAfterMsFromHeaders, shouldRetryHeader } from './headers.js';
export type { HeaderReader, HeadersInput, RetryAfterOptions } from './headers.js';
export { PROBLEM_JSON, isProblemDetails, problemFields, toProblemJson } from './problem-json.js';
export type { ProblemDetails, ProblemJsonOptions } from './problem-json.js';
export { PROVIDER_ERROR_TYPES, readProviderError } from './provider-body.js';
export type { ProviderError } from './provider-body.js';
export {
  decodeHttpError,
  encodeHttpError,
  fromFetchResponse,
  fromHttpResponse,
  toFetchResponse,
  toHttpResponse,
} from './response.js';
export type { HttpErrorResponse, HttpResponseInit, ToHttpResponseOptions } from './response.js';

import { asRecord } from '../../core/is.js';
import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { awsErrorMeaning } from '../http/cloud-codes.js';
import { retryAfterMsFromHeaders } from '../http/headers.js';
import { fromHttpResponse } from '../http/response.js';
import { statusMeaning } from '../http/status.js';
import { fromAiSdkError } from '../agent-frameworks/ai-sdk.js';
import { fromBoom } from './error-builders.js';
import { fromGraphqlClientError } from './graphql-clients.js';
import { fromNamedLibraryError } from './libraries.js';
import { fromMessageOnly } from './message-only.js';
import { fromFoundResponse, responseOf } from './response-rule.js';
import { fromServiceSdkError } from './service-sdks.js';

/**
 * Errors thrown by the client libraries agents call the world with, recognised by shape and
 * name (this package depends on none of them): the AI SDK (`ai`, `@ai-sdk/provider`: its table
 * is in agent-frameworks/ai-sdk.ts), `@google/genai`, the AWS SDK v3, axios; got, ky, Octokit,
 * `@slack/web-api` and the MCP v2 client's OAuth errors (libraries.ts); the service SDKs agents'
 * tools call (Stripe, Twilio, discord.js, Linear, Notion: service-sdks.ts); hapi's Boom errors
 * (error-builders.ts); the GraphQL clients' errors (graphql-clients.ts); and any error whose
 * response hangs off it (response-rule.ts), else whose words alone say it (Tavily, Gitbeaker's
 * retry: message-only.ts). The LLM provider SDKs' own classes are in
 * provider-sdk.ts; the MCP SDKs' in the mcp dialect (sdk-error.ts).
 */

type Rec = Record<string, unknown>;
/** The one classifier, for what an error wraps (`RetryError.lastError`, a cause). */
type Classify = (value: unknown) => AgentError;

const INTERNAL = m('internal', 'INTERNAL_ERROR');
const RATE_LIMITED = m('rate_limit', 'RATE_LIMITED');

// ---------------------------------------------------------------------------------------------
// @google/genai ApiError: `status` and the response body as JSON text in `message`.
// ---------------------------------------------------------------------------------------------

function fromGenai(error: Error, status: number, classify: Classify): AgentError | undefined {
  const text = error.message;
  // `{…}` from a failed response; `got status: …. {…}` from an error chunk of a stream.
  const at = text.indexOf('{');
  let body: unknown;
  if (at >= 0) {
    try {
      body = JSON.parse(text.slice(at)) as unknown;
    } catch {
      // Not JSON: the status alone.
    }
  }
  const inner = asRecord(asRecord(body)?.error);
  if (status < 400 || status > 599) return undefined;
  // Read as the HTTP response it was, Google's error model included (RetryInfo, QuotaFailure):
  // the status keeps its say on retrying, as in the SDK's own retry rule (408, 429, 5xx). What
  // the classifier's gRPC reading keeps of the details (field violations as issues, ErrorInfo's
  // reason, quota violations) goes with it.
  const decoded = fromHttpResponse({
    status,
    body: inner === undefined ? { message: text } : body,
  });
  return classifiedAs(
    error,
    decoded,
    Array.isArray(inner?.details) ? classify(body).details : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// AWS SDK v3 service exceptions: `name`, `$fault`, `$metadata.httpStatusCode`, `$retryable`.
// ---------------------------------------------------------------------------------------------

function fromAws(error: Error, e: Rec, meta: Rec): AgentError {
  const name = typeof e.name === 'string' ? e.name : '';
  const status = meta.httpStatusCode;
  const retryHint = asRecord(e.$retryable);
  // A 429 is throttling whatever the name says, as the SDK's own `isThrottlingError` reads it
  // (`LimitExceededException` is a spent quota on a 400, a throttle on a 429).
  const byName = awsErrorMeaning(name);
  const meaning =
    (status === 429 && byName?.category === 'quota' ? RATE_LIMITED : byName) ??
    (retryHint?.throttling === true
      ? RATE_LIMITED
      : typeof status === 'number' && status >= 400 && status <= 599
        ? statusMeaning(status)
        : e.$fault === 'server'
          ? m('internal', 'SERVER_ERROR', true)
          : INTERNAL);
  const details: Record<string, unknown> = { api: { aws: name } };
  if (typeof meta.requestId === 'string') details.requestId = meta.requestId;
  if (typeof status === 'number') details.status = status;
  // The SDK marks what it retries itself (`$retryable`): that overrides the name's default.
  return made(
    error,
    {
      category: meaning.category,
      code: meaning.code,
      retryable: retryHint !== undefined ? true : meaning.retryable,
    },
    details,
    awsRetryAfterMs(e),
  );
}

/**
 * The wait the response asked for, read as the SDK's retry strategy reads it
 * (`parseRetryAfterHeader` in @smithy/core): `retry-after` (seconds or an HTTP date) or
 * `x-amz-retry-after` (milliseconds), off the raw response the exception keeps in `$response`.
 */
function awsRetryAfterMs(e: Rec): number | undefined {
  // A hostile or broken response (a getter or a Proxy that throws) says nothing: the name and
  // the status still classify.
  try {
    const headers = asRecord(asRecord(e.$response)?.headers);
    return headers && retryAfterMsFromHeaders(headers as Record<string, string>);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// axios: `isAxiosError`, `response` when the server answered, else a `code` (its README's
// "Error Types", and follow-redirects' `ERR_FR_*`).
// ---------------------------------------------------------------------------------------------

function fromAxios(error: Error, e: Rec): AgentError | undefined {
  const response = asRecord(e.response);
  const status = response?.status;
  if (typeof status === 'number' && status >= 400 && status <= 599) {
    const headers = asRecord(response?.headers);
    const decoded = fromHttpResponse({
      status,
      ...(headers !== undefined ? { headers: headers as Record<string, string> } : {}),
      ...(response?.data !== undefined && response.data !== '' ? { body: response.data } : {}),
    });
    return classifiedAs(error, decoded);
  }
  // axios cancels on its `signal` without keeping the reason: the signal still has it, and an
  // `AbortSignal.timeout()` firing is a timeout, not the caller's cancel.
  const reason = asRecord(asRecord(asRecord(e.config)?.signal)?.reason);
  if (e.code === 'ERR_CANCELED' && reason?.name === 'TimeoutError') {
    return made(error, m('timeout', 'TIMEOUT'), { api: { axios: e.code } });
  }
  const meaning = typeof e.code === 'string' ? AXIOS_CODES.get(e.code) : undefined;
  // A system error's code (ECONNREFUSED…) is the classifier's to read.
  return meaning && made(error, meaning, { api: { axios: e.code } });
}

// axios' own `AxiosError` codes (its README, "Error Types") and follow-redirects' (its
// `createErrorType` calls), for failures that carry no response.
const AXIOS_CODES: ReadonlyMap<string, Meaning> = new Map([
  // axios reports its own `timeout` as ECONNABORTED (ETIMEDOUT with clarifyTimeoutError).
  ['ECONNABORTED', m('timeout', 'TIMEOUT')],
  ['ETIMEDOUT', m('timeout', 'TIMEOUT')],
  ['ERR_CANCELED', m('cancelled', 'CANCELLED')],
  ['ERR_NETWORK', m('unavailable', 'CONNECTION_ERROR')],
  // A request axios refused to send: its options or URL are wrong (no response, so not a 4xx).
  ['ERR_BAD_OPTION_VALUE', m('validation', 'VALIDATION_ERROR')],
  ['ERR_BAD_OPTION', m('validation', 'VALIDATION_ERROR')],
  ['ERR_INVALID_URL', m('validation', 'VALIDATION_ERROR')],
  ['ERR_BAD_REQUEST', m('validation', 'VALIDATION_ERROR')],
  ['ERR_NOT_SUPPORT', m('protocol', 'NOT_IMPLEMENTED')],
  ['ERR_DEPRECATED', m('protocol', 'NOT_IMPLEMENTED')],
  // A redirect loop does not end by itself; a redirect to a scheme it cannot follow either.
  ['ERR_FR_TOO_MANY_REDIRECTS', m('protocol', 'PROTOCOL_ERROR')],
  ['ERR_FR_REDIRECTION_FAILURE', m('protocol', 'PROTOCOL_ERROR')],
  // The request body is over `maxBodyLength`: the same body fails the same way.
  ['ERR_FR_MAX_BODY_LENGTH_EXCEEDED', m('validation', 'REQUEST_TOO_LARGE')],
  // With no response status: an answer over `maxContentLength`, the same again.
  ['ERR_BAD_RESPONSE', m('protocol', 'PROTOCOL_ERROR')],
]);

/**
 * The {@link AgentError} for an error instance from one of the client libraries above, or
 * `undefined` when `error` is none of them (or one whose meaning the classifier finds in what it
 * wraps, such as a system error's code). `classify` is the one classifier, for what an error
 * wraps.
 */
export function fromClientLibraryError(error: Error, classify: Classify): AgentError | undefined {
  const e = error as Error & Rec;
  const name = e.name;
  if (typeof name === 'string' && name.startsWith('AI_'))
    return fromAiSdkError(error, e, name, classify);
  if (e.isAxiosError === true) return fromAxios(error, e);
  // follow-redirects' own errors (axios' Node adapter, or used alone) carry an `ERR_FR_` code.
  if (typeof e.code === 'string' && e.code.startsWith('ERR_FR_')) return fromAxios(error, e);
  const meta = asRecord(e.$metadata);
  if (meta !== undefined && (e.$fault === 'client' || e.$fault === 'server')) {
    return fromAws(error, e, meta);
  }
  const className = (error.constructor as { name?: unknown } | undefined)?.name;
  if (className === 'ApiError' && typeof e.status === 'number') {
    return fromGenai(error, e.status, classify);
  }
  const named =
    fromNamedLibraryError(error, classify) ??
    fromServiceSdkError(error, classify) ??
    fromBoom(error, classify) ??
    fromGraphqlClientError(error, classify);
  if (named !== undefined) return named;
  const response = responseOf(error);
  return response === undefined
    ? fromMessageOnly(error)
    : fromFoundResponse(error, response, classify);
}

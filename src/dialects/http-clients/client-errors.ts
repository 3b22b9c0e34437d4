import { asRecord } from '../../core/is.js';
import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { awsErrorMeaning } from '../http/cloud-codes.js';
import { retryAfterMsFromHeaders } from '../http/headers.js';
import { fromHttpResponse } from '../http/response.js';
import { statusMeaning } from '../http/status.js';
import { fromNamedLibraryError } from './libraries.js';
import { fromFoundResponse, responseOf } from './response-rule.js';
import { fromServiceSdkError } from './service-sdks.js';

/**
 * Errors thrown by the client libraries agents call the world with, recognised by shape and
 * name (this package depends on none of them): the AI SDK (`ai`, `@ai-sdk/provider`),
 * `@google/genai`, the AWS SDK v3, axios and LangChain; got, ky, Octokit, `@slack/web-api` and
 * the MCP v2 client's OAuth errors (libraries.ts); the service SDKs agents' tools call (Stripe,
 * Twilio, discord.js, Linear, Notion: service-sdks.ts); and any error whose response hangs off it
 * (response-rule.ts). The LLM provider SDKs' own classes are
 * in provider-sdk.ts; the MCP SDKs' in the mcp dialect (sdk-error.ts).
 */

type Rec = Record<string, unknown>;
/** The one classifier, for what an error wraps (`RetryError.lastError`, a cause). */
type Classify = (value: unknown) => AgentError;

/**
 * The Agents SDK's reading of a model that misbehaved (provider-sdks/agents-sdk.ts): asked again,
 * it may do better.
 */
const MODEL_BEHAVIOR: Meaning<string> = {
  category: 'internal',
  code: 'MODEL_BEHAVIOR_ERROR',
  retryable: true,
};
const VALIDATION = m('validation', 'VALIDATION_ERROR');
const INTERNAL = m('internal', 'INTERNAL_ERROR');
const RATE_LIMITED = m('rate_limit', 'RATE_LIMITED');

// ---------------------------------------------------------------------------------------------
// AI SDK: every error's `name` is `AI_<Class>`, and it carries `Symbol.for('vercel.ai.error')`.
// ---------------------------------------------------------------------------------------------

function fromAiSdk(error: Error, e: Rec, name: string, classify: Classify): AgentError | undefined {
  switch (name) {
    case 'AI_APICallError': {
      // With a status it is an HTTP failure, read as one by provider-sdk.ts.
      if (typeof e.statusCode === 'number') return undefined;
      // No response: the SDK's own call (isRetryable) unless the cause says more.
      const cause = asRecord(e.cause);
      if (cause !== undefined) {
        const inner = classify(cause);
        if (inner.category !== 'internal') return classifiedAs(error, inner);
      }
      return made(error, e.isRetryable === true ? m('unavailable', 'CONNECTION_ERROR') : INTERNAL);
    }
    case 'AI_RetryError': {
      // What the last attempt failed with says what to do; the reason why retrying stopped stays.
      const errors = Array.isArray(e.errors) ? e.errors : [];
      const last: unknown = e.lastError ?? errors[errors.length - 1];
      const retry = { reason: e.reason, attempts: errors.length };
      if (e.reason === 'abort') return made(error, m('cancelled', 'ABORTED'), { retry });
      if (last === undefined) return undefined;
      return classifiedAs(error, classify(last), { retry });
    }
    case 'AI_NoSuchToolError':
      return made(error, m('validation', 'NO_SUCH_TOOL'), {
        toolName: e.toolName,
        ...(Array.isArray(e.availableTools) ? { availableTools: e.availableTools } : {}),
      });
    case 'AI_InvalidToolInputError':
    case 'AI_InvalidToolArgumentsError':
      return made(error, m('validation', 'INVALID_TOOL_INPUT'), { toolName: e.toolName });
    case 'AI_NoSuchModelError':
      return made(error, m('not_found', 'MODEL_NOT_FOUND'), { modelId: e.modelId });
    // A URL the SDK fetched for a prompt part: its status, else what the fetch failed with; with
    // neither, the SDK refused the URL itself (a private address): an input to change.
    case 'AI_DownloadError': {
      const status = e.statusCode;
      if (typeof status === 'number' && status >= 400 && status <= 599) {
        return made(error, statusMeaning(status));
      }
      return e.cause === undefined
        ? made(error, VALIDATION)
        : classifiedAs(error, classify(e.cause));
    }
    case 'AI_ToolExecutionError':
      return e.cause === undefined ? undefined : classifiedAs(error, classify(e.cause));
    default: {
      const row = AI_SDK_NAMES.get(name);
      return row && made(error, row);
    }
  }
}

/** The AI SDK's errors whose name alone says what they mean. */
const AI_SDK_NAMES: ReadonlyMap<string, Meaning<string>> = new Map([
  ['AI_LoadAPIKeyError', m('auth', 'MISSING_API_KEY')],
  ['AI_InvalidArgumentError', VALIDATION],
  ['AI_InvalidPromptError', VALIDATION],
  ['AI_TypeValidationError', VALIDATION],
  ['AI_InvalidMessageRoleError', VALIDATION],
  ['AI_UnsupportedFunctionalityError', m('protocol', 'NOT_IMPLEMENTED')],
  // Text that is not JSON, handed to the SDK's parser.
  ['AI_JSONParseError', VALIDATION],
  // The model answered off the schema, or answered nothing: asking again may do better, as
  // with the Agents SDK's ModelBehaviorError.
  ['AI_NoObjectGeneratedError', MODEL_BEHAVIOR],
  ['AI_NoContentGeneratedError', MODEL_BEHAVIOR],
]);

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

// ---------------------------------------------------------------------------------------------
// LangChain: `lc_error_code` (added to the provider's own error, which is read first), its
// error classes, and its retryable stamp.
// ---------------------------------------------------------------------------------------------

const LANGCHAIN_RETRYABLE = Symbol.for('langchain.errors.retryable');

const LANGCHAIN_CODES: ReadonlyMap<string, Meaning<string>> = new Map([
  ['MODEL_RATE_LIMIT', m('rate_limit', 'RATE_LIMITED')],
  ['MODEL_AUTHENTICATION', m('auth', 'AUTH_ERROR')],
  ['MODEL_NOT_FOUND', m('not_found', 'MODEL_NOT_FOUND')],
  ['INVALID_PROMPT_INPUT', m('validation', 'VALIDATION_ERROR')],
  ['INVALID_TOOL_RESULTS', m('validation', 'VALIDATION_ERROR')],
  ['MESSAGE_COERCION_FAILURE', m('validation', 'VALIDATION_ERROR')],
  // The model answered off the format asked for: asked again it may do better (LangChain's
  // OUTPUT_PARSING_FAILURE page: retry, or a fixing parser), as the Agents SDK's
  // ModelBehaviorError is read.
  ['OUTPUT_PARSING_FAILURE', MODEL_BEHAVIOR],
]);

/** LangChain's own error classes, by name. */
const LANGCHAIN_CLASSES: ReadonlyMap<string, Meaning> = new Map([
  ['ContextOverflowError', m('validation', 'CONTEXT_TOO_LONG')],
  ['ModelAbortError', m('cancelled', 'ABORTED')],
  ['ModelRefusalError', m('validation', 'CONTENT_FILTERED')],
]);

/**
 * A LangChain error, or `undefined`. Called after the provider SDKs' shapes: LangChain adds
 * `lc_error_code` to the provider's own error, whose status and body say more.
 */
export function fromLangChainError(error: Error): AgentError | undefined {
  const e = error as Error & Rec;
  const stamped = Object.getOwnPropertyDescriptor(error, LANGCHAIN_RETRYABLE)?.value as unknown;
  const retryable = typeof stamped === 'boolean' ? stamped : undefined;
  const named = typeof e.name === 'string' ? LANGCHAIN_CLASSES.get(e.name) : undefined;
  if (named !== undefined) {
    return made(error, { category: named.category, code: named.code, retryable });
  }
  const code = e.lc_error_code;
  const meaning = typeof code === 'string' ? LANGCHAIN_CODES.get(code) : undefined;
  return (
    meaning &&
    made(
      error,
      { category: meaning.category, code: meaning.code, retryable: retryable ?? meaning.retryable },
      { api: { langchain: code } },
    )
  );
}

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
    return fromAiSdk(error, e, name, classify);
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
  const named = fromNamedLibraryError(error, classify) ?? fromServiceSdkError(error, classify);
  if (named !== undefined) return named;
  const response = responseOf(error);
  return response === undefined ? undefined : fromFoundResponse(error, response, classify);
}

import { asRecord } from '../../core/is.js';
import type { AgentError } from '../../core/agent-error.js';
import { decodedError } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import { classifiedAs } from '../../core/classified.js';
import type { StableErrorCode } from '../../core/stable-codes.js';
import { awsErrorMeaning } from '../http/cloud-codes.js';
import { readHeaders, retryAfterMsFromHeaders } from '../http/headers.js';
import { fromHttpResponse } from '../http/response.js';
import { statusMeaning } from '../http/status.js';
import { fromNamedLibraryError } from './libraries.js';
import { fromFoundResponse, responseOf } from './response-rule.js';

/**
 * Errors thrown by the client libraries agents call the world with, recognised by shape and
 * name (this package depends on none of them): the AI SDK (`ai`, `@ai-sdk/provider`),
 * `@google/genai`, the AWS SDK v3, axios and LangChain; got, ky, Octokit, `@slack/web-api` and
 * the MCP v2 client's OAuth errors (libraries.ts); and any error whose response hangs off it
 * (response-rule.ts). The LLM provider SDKs' own classes are
 * in provider-sdk.ts; the MCP SDKs' in the mcp dialect (sdk-error.ts).
 */

type Rec = Record<string, unknown>;
/** The code the Agents SDK's reading gives a model that misbehaved (provider-sdks/agents-sdk.ts). */
const MODEL_BEHAVIOR_ERROR = 'MODEL_BEHAVIOR_ERROR';
/** The one classifier, for what an error wraps (`RetryError.lastError`, a cause). */
type Classify = (value: unknown) => AgentError;

function made(
  error: Error,
  category: ErrorCategory,
  code: StableErrorCode | typeof MODEL_BEHAVIOR_ERROR,
  details?: Record<string, unknown>,
  retryable?: boolean,
  retryAfterMs?: number,
): AgentError {
  return decodedError({
    message: error.message,
    category,
    code,
    retryable,
    retryAfterMs,
    details,
    wire: undefined,
    cause: error,
  });
}

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
      return e.isRetryable === true
        ? made(error, 'unavailable', 'CONNECTION_ERROR')
        : made(error, 'internal', 'INTERNAL_ERROR');
    }
    case 'AI_RetryError': {
      // What the last attempt failed with says what to do; the reason why retrying stopped stays.
      const errors = Array.isArray(e.errors) ? e.errors : [];
      const last: unknown = e.lastError ?? errors[errors.length - 1];
      const retry = { reason: e.reason, attempts: errors.length };
      if (e.reason === 'abort') return made(error, 'cancelled', 'ABORTED', { retry });
      if (last === undefined) return undefined;
      return classifiedAs(error, classify(last), { retry });
    }
    case 'AI_NoSuchToolError':
      return made(error, 'validation', 'NO_SUCH_TOOL', {
        toolName: e.toolName,
        ...(Array.isArray(e.availableTools) ? { availableTools: e.availableTools } : {}),
      });
    case 'AI_InvalidToolInputError':
    case 'AI_InvalidToolArgumentsError':
      return made(error, 'validation', 'INVALID_TOOL_INPUT', { toolName: e.toolName });
    case 'AI_LoadAPIKeyError':
      return made(error, 'auth', 'MISSING_API_KEY');
    case 'AI_NoSuchModelError':
      return made(error, 'not_found', 'MODEL_NOT_FOUND', { modelId: e.modelId });
    case 'AI_InvalidArgumentError':
    case 'AI_InvalidPromptError':
    case 'AI_TypeValidationError':
    case 'AI_InvalidMessageRoleError':
      return made(error, 'validation', 'VALIDATION_ERROR');
    case 'AI_UnsupportedFunctionalityError':
      return made(error, 'protocol', 'NOT_IMPLEMENTED');
    // Text that is not JSON, handed to the SDK's parser.
    case 'AI_JSONParseError':
      return made(error, 'validation', 'VALIDATION_ERROR');
    // The model answered off the schema, or answered nothing: asking again may do better, as
    // with the Agents SDK's ModelBehaviorError.
    case 'AI_NoObjectGeneratedError':
    case 'AI_NoContentGeneratedError':
      return made(error, 'internal', MODEL_BEHAVIOR_ERROR, undefined, true);
    // A URL the SDK fetched for a prompt part: its status, else what the fetch failed with; with
    // neither, the SDK refused the URL itself (a private address): an input to change.
    case 'AI_DownloadError': {
      const status = e.statusCode;
      if (typeof status === 'number' && status >= 400 && status <= 599) {
        const { category, code, retryable } = statusMeaning(status);
        return made(error, category, code as StableErrorCode, undefined, retryable);
      }
      return e.cause === undefined
        ? made(error, 'validation', 'VALIDATION_ERROR')
        : classifiedAs(error, classify(e.cause));
    }
    case 'AI_ToolExecutionError':
      return e.cause === undefined ? undefined : classifiedAs(error, classify(e.cause));
    default:
      return undefined;
  }
}

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
  const named =
    status === 429 && byName?.category === 'quota'
      ? ({ category: 'rate_limit', code: 'RATE_LIMITED' } as const)
      : byName;
  const byStatus =
    typeof status === 'number' && status >= 400 && status <= 599
      ? statusMeaning(status)
      : undefined;
  const meaning =
    named ??
    (retryHint?.throttling === true
      ? ({ category: 'rate_limit', code: 'RATE_LIMITED' } as const)
      : byStatus !== undefined
        ? {
            category: byStatus.category,
            code: byStatus.code as StableErrorCode,
            retryable: byStatus.retryable,
          }
        : e.$fault === 'server'
          ? ({ category: 'internal', code: 'SERVER_ERROR', retryable: true } as const)
          : ({ category: 'internal', code: 'INTERNAL_ERROR' } as const));
  const details: Record<string, unknown> = { api: { aws: name } };
  if (typeof meta.requestId === 'string') details.requestId = meta.requestId;
  if (typeof status === 'number') details.status = status;
  // The SDK marks what it retries itself (`$retryable`): that overrides the name's default.
  const retryable =
    retryHint !== undefined ? true : 'retryable' in meaning ? meaning.retryable : undefined;
  return made(error, meaning.category, meaning.code, details, retryable, awsRetryAfterMs(e));
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
    if (headers === undefined) return undefined;
    const inHeaders = retryAfterMsFromHeaders(headers as Record<string, string>);
    if (inHeaders !== undefined) return inHeaders;
    const amz = readHeaders(headers as Record<string, string>)('x-amz-retry-after')?.trim();
    const ms = amz !== undefined && /^\d+(?:\.\d+)?$/.test(amz) ? Number(amz) : Number.NaN;
    return Number.isFinite(ms) ? Math.round(ms) : undefined;
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
    return made(error, 'timeout', 'TIMEOUT', { api: { axios: e.code } });
  }
  const meaning = typeof e.code === 'string' ? AXIOS_CODES.get(e.code) : undefined;
  // A system error's code (ECONNREFUSED…) is the classifier's to read.
  return meaning && made(error, meaning.category, meaning.code, { api: { axios: e.code } });
}

// axios' own `AxiosError` codes (its README, "Error Types") and follow-redirects' (its
// `createErrorType` calls), for failures that carry no response.
const AXIOS_CODES: ReadonlyMap<string, { category: ErrorCategory; code: StableErrorCode }> =
  new Map([
    // axios reports its own `timeout` as ECONNABORTED (ETIMEDOUT with clarifyTimeoutError).
    ['ECONNABORTED', { category: 'timeout', code: 'TIMEOUT' }],
    ['ETIMEDOUT', { category: 'timeout', code: 'TIMEOUT' }],
    ['ERR_CANCELED', { category: 'cancelled', code: 'CANCELLED' }],
    ['ERR_NETWORK', { category: 'unavailable', code: 'CONNECTION_ERROR' }],
    // A request axios refused to send: its options or URL are wrong (no response, so not a 4xx).
    ['ERR_BAD_OPTION_VALUE', { category: 'validation', code: 'VALIDATION_ERROR' }],
    ['ERR_BAD_OPTION', { category: 'validation', code: 'VALIDATION_ERROR' }],
    ['ERR_INVALID_URL', { category: 'validation', code: 'VALIDATION_ERROR' }],
    ['ERR_BAD_REQUEST', { category: 'validation', code: 'VALIDATION_ERROR' }],
    ['ERR_NOT_SUPPORT', { category: 'protocol', code: 'NOT_IMPLEMENTED' }],
    ['ERR_DEPRECATED', { category: 'protocol', code: 'NOT_IMPLEMENTED' }],
    // A redirect loop does not end by itself; a redirect to a scheme it cannot follow either.
    ['ERR_FR_TOO_MANY_REDIRECTS', { category: 'protocol', code: 'PROTOCOL_ERROR' }],
    ['ERR_FR_REDIRECTION_FAILURE', { category: 'protocol', code: 'PROTOCOL_ERROR' }],
    // The request body is over `maxBodyLength`: the same body fails the same way.
    ['ERR_FR_MAX_BODY_LENGTH_EXCEEDED', { category: 'validation', code: 'REQUEST_TOO_LARGE' }],
    // With no response status: an answer over `maxContentLength`, the same again.
    ['ERR_BAD_RESPONSE', { category: 'protocol', code: 'PROTOCOL_ERROR' }],
  ]);

// ---------------------------------------------------------------------------------------------
// LangChain: `lc_error_code` (added to the provider's own error, which is read first), its
// error classes, and its retryable stamp.
// ---------------------------------------------------------------------------------------------

const LANGCHAIN_RETRYABLE = Symbol.for('langchain.errors.retryable');

const LANGCHAIN_CODES: ReadonlyMap<string, { category: ErrorCategory; code: StableErrorCode }> =
  new Map([
    ['MODEL_RATE_LIMIT', { category: 'rate_limit', code: 'RATE_LIMITED' }],
    ['MODEL_AUTHENTICATION', { category: 'auth', code: 'AUTH_ERROR' }],
    ['MODEL_NOT_FOUND', { category: 'not_found', code: 'MODEL_NOT_FOUND' }],
    ['INVALID_PROMPT_INPUT', { category: 'validation', code: 'VALIDATION_ERROR' }],
    ['INVALID_TOOL_RESULTS', { category: 'validation', code: 'VALIDATION_ERROR' }],
    ['MESSAGE_COERCION_FAILURE', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ]);

/**
 * A LangChain error, or `undefined`. Called after the provider SDKs' shapes: LangChain adds
 * `lc_error_code` to the provider's own error, whose status and body say more.
 */
export function fromLangChainError(error: Error): AgentError | undefined {
  const e = error as Error & Rec;
  const stamped = Object.getOwnPropertyDescriptor(error, LANGCHAIN_RETRYABLE)?.value as unknown;
  const retryable = typeof stamped === 'boolean' ? stamped : undefined;
  switch (e.name) {
    case 'ContextOverflowError':
      return made(error, 'validation', 'CONTEXT_TOO_LONG', undefined, retryable);
    case 'ModelAbortError':
      return made(error, 'cancelled', 'ABORTED', undefined, retryable);
    case 'ModelRefusalError':
      return made(error, 'validation', 'CONTENT_FILTERED', undefined, retryable);
  }
  const code = e.lc_error_code;
  if (typeof code !== 'string') return undefined;
  // The model answered off the format asked for: asked again it may do better (LangChain's
  // OUTPUT_PARSING_FAILURE page: retry, or a fixing parser), as the Agents SDK's
  // ModelBehaviorError is read.
  if (code === 'OUTPUT_PARSING_FAILURE') {
    return decodedError({
      message: error.message,
      category: 'internal',
      code: 'MODEL_BEHAVIOR_ERROR',
      retryable: retryable ?? true,
      retryAfterMs: undefined,
      details: { api: { langchain: code } },
      wire: undefined,
      cause: error,
    });
  }
  const meaning = LANGCHAIN_CODES.get(code);
  if (meaning === undefined) return undefined;
  return made(error, meaning.category, meaning.code, { api: { langchain: code } }, retryable);
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
  const named = fromNamedLibraryError(error, classify);
  if (named !== undefined) return named;
  const response = responseOf(error);
  return response === undefined ? undefined : fromFoundResponse(error, response, classify);
}

import type { AgentError } from '../../core/agent-error.js';
import { decodedError } from '../../core/agent-error.js';
import { CATEGORIES } from '../../core/categories.js';
import { toExposableError } from '../../core/expose.js';
import type { ExposeOptions } from '../../core/expose.js';
import { normalizeError } from '../../core/normalize-error.js';
import { copyRecord } from '../../core/copy-record.js';
import { describeValue } from '../../core/is.js';
import {
  NO_HEADERS,
  decoderHeaders,
  retryAfterMs as retryAfterFrom,
  shouldRetryValue,
} from './headers.js';
import type { HeaderTable } from './headers.js';
import type { HeadersInput } from './headers.js';
import { PROBLEM_JSON, isProblemDetails, problemFields, toProblemJson } from './problem-json.js';
import type { ProblemDetails, ToProblemJsonOptions } from './problem-json.js';
import { bodyWaitMs } from './platform-apis.js';
import { readProviderError } from './provider-body.js';
import type { ProviderError } from './provider-body.js';
import { statusMeaning } from './status.js';
import { readWebApiError, requestIdOf } from './web-apis.js';
import { isWebResponse } from './web-globals.js';

// How providers word a limit on requests in flight: "Too many concurrent requests" (Anthropic,
// OpenAI-compatible gateways, Qwen's "for this model"), "concurrency limit exceeded", "exceeded
// the concurrent request limit".
const CONCURRENCY_WORDS = /\bconcurren(?:t|cy)\b/i;
/** An HTTP response as plain data: what {@link fromHttpResponse} reads synchronously. */
export interface HttpResponseInit {
  /** The status; may be left out when `body` is a problem document or a provider error body. */
  status?: number;
  statusText?: string;
  headers?: HeadersInput;
  /** Parsed JSON, or the text (JSON text is parsed). */
  body?: unknown;
  /**
   * Never set. It keeps a fetch `Response` (whose body must be read, asynchronously) from
   * type-checking as this plain shape: such a response goes to {@link fromFetchResponse}.
   */
  bodyUsed?: never;
}

/** What `toHttpResponse` gives: status, headers and an RFC 9457 body. */
export interface HttpErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: ProblemDetails;
}

const MAX_TEXT_MESSAGE = 300;

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      // Not JSON after all: keep the text.
    }
  }
  return body;
}

const NO_FIELDS: ReturnType<typeof problemFields> = Object.freeze({});

function plainMessage(body: unknown, headers: HeaderTable): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    if (
      text === '' ||
      text.length > MAX_TEXT_MESSAGE ||
      /html|xml/i.test(headers.get('content-type') ?? '')
    )
      return undefined;
    return text;
  }
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string') return message;
    if (typeof error === 'string') return error;
    // Google's `{ error: { code, message } }` without a status name.
    const inner = error as { message?: unknown } | null | undefined;
    if (typeof inner === 'object' && inner !== null && typeof inner.message === 'string')
      return inner.message;
  }
  return undefined;
}

function oauthDescription(body: unknown): string | undefined {
  const description = (body as { error_description?: unknown }).error_description;
  return typeof description === 'string' && description !== '' ? description : undefined;
}

function isFetchResponse(value: unknown): value is Response {
  return isWebResponse(value);
}

/**
 * Decode an HTTP error response into an {@link AgentError}, per the mapping table in docs/design.md. In order of
 * precedence: our problem+json extension members (`code`, `category`, `retryable`,
 * `retryAfterMs`, `details`), a provider error body (`{ type: 'error', error: { type } }`,
 * `{ error: { type, code } }`, `{ error: { status } }`), then the status. `x-should-retry`
 * overrides retryability; `retryAfterMs` comes from `retry-after-ms`, `retry-after` (seconds or
 * HTTP date) and the `x-ratelimit-reset` family: a used-up limit's reset, or on a rate limit
 * (429) the longest reset given (never on a 503, whose windows say nothing of why it failed).
 * The status and body stay in `wire` (`protocol: 'http'`).
 *
 * Synchronous: it takes a response already read into `{ status, headers, body }`. A fetch
 * `Response` still has its body to read: `await` {@link fromFetchResponse} for it. Throws a
 * `TypeError` for a status that is not an error (unless the body is one), for a fetch
 * `Response`, or for input that is not a response.
 *
 * @example
 * const err = fromHttpResponse({ status: 429, headers: { 'retry-after': '2' } });
 * [err.category, err.retryable, err.retryAfterMs]; // ['rate_limit', true, 2000]
 */
export function fromHttpResponse(response: HttpResponseInit): AgentError {
  if (isFetchResponse(response)) {
    throw new TypeError(
      'fromHttpResponse: received a fetch Response, whose body must be read first; use await fromFetchResponse(response)',
    );
  }
  if (response === null || typeof response !== 'object') {
    throw new TypeError(
      `fromHttpResponse: response must be { status, headers?, body? }; received ${describeValue(response)}`,
    );
  }
  return fromHttpParts(response.status, response.statusText, response.headers, response.body);
}

/**
 * {@link fromHttpResponse} for a response already read into its parts (what `decode` does with
 * a plain `{ status, headers, body }`). Throws the same `TypeError`s. Internal.
 */
export function fromHttpParts(
  status: number | undefined,
  statusText: unknown,
  headers: unknown,
  rawBody: unknown,
): AgentError {
  const body = parseBody(rawBody);
  return httpError(
    status,
    statusText as string | undefined,
    headers as HeadersInput | undefined,
    body,
    isProblemDetails(body) ? body : undefined,
    readProviderError(body, status),
  );
}

/**
 * {@link fromHttpResponse} once the body is parsed and read as a problem document and as a
 * provider error (decodeHttpError has done both by then: they are not done twice). Throws the
 * same `TypeError`s.
 */
function httpError(
  responseStatus: number | undefined,
  statusText: string | undefined,
  headersInput: HeadersInput | undefined,
  body: unknown,
  problem: ProblemDetails | undefined,
  provider: ProviderError | undefined,
): AgentError {
  const headers = decoderHeaders(headersInput);
  const fields = problem ? problemFields(problem) : NO_FIELDS;
  const status =
    responseStatus ?? (typeof problem?.status === 'number' ? problem.status : undefined);
  if (status !== undefined && (!Number.isInteger(status) || status < 100 || status > 599)) {
    throw new TypeError(
      `fromHttpResponse: status must be an integer from 100 to 599; received ${describeValue(status)}`,
    );
  }
  const isErrorStatus = status !== undefined && status >= 400;
  // GitHub's 403 rate limit, Slack's 200 `ok: false`, OAuth and bearer errors, cloud error names.
  const web = fields.category === undefined ? readWebApiError(status, headers, body) : undefined;
  if (!isErrorStatus && !provider && !web && fields.category === undefined) {
    throw new TypeError(
      status === undefined
        ? 'fromHttpResponse: status is missing and the body is neither a problem document nor a provider error'
        : `fromHttpResponse: status ${status} is not an error status (400–599) and the body is not an error`,
    );
  }
  const meaning = isErrorStatus ? statusMeaning(status) : undefined;
  // A provider's generic bucket does not overrule what the status says (its words stay in details).
  const said = provider?.generic && meaning !== undefined ? undefined : provider;
  const known = web ?? said;
  const category = fields.category ?? known?.category ?? meaning?.category ?? 'internal';
  const baseRetryable =
    fields.retryable ??
    (known
      ? (known.retryable ?? CATEGORIES[category].retryable)
      : fields.category !== undefined
        ? CATEGORIES[category].retryable
        : (meaning?.retryable ?? false));
  // Stripe says the same as `x-should-retry` under its own name.
  const retryable =
    shouldRetryValue(headers.get('x-should-retry') ?? headers.get('stripe-should-retry')) ??
    baseRetryable;
  const retryAfterMs =
    fields.retryAfterMs ??
    provider?.retryAfterMs ??
    retryAfterFrom(
      headers,
      // Without a used-up limit, a window's reset is the wait only for a rate limit: a 503's or
      // a secondary limit's has nothing to do with why it failed.
      (status === 429 || web?.code === 'RATE_LIMITED') && web?.api.rateLimit !== 'secondary',
      undefined,
    ) ??
    web?.retryAfterMs ??
    (retryable ? bodyWaitMs(body) : undefined);
  const title = statusText || meaning?.title || 'Error';
  const message =
    problem?.detail ??
    provider?.message ??
    (web?.api.oauth !== undefined ? oauthDescription(body) : undefined) ??
    plainMessage(body, headers) ??
    problem?.title ??
    title;

  let details: Record<string, unknown> | undefined;
  if (fields.details !== undefined) {
    if (Object.keys(fields.details).length > 0) details = { ...fields.details };
  } else {
    const requestId = requestIdOf(headers);
    if (requestId !== undefined || provider || web) {
      details = {};
      if (requestId !== undefined) details.requestId = requestId;
      if (provider) details.provider = provider.fields;
      if (web) details.api = web.api;
    }
  }
  // "Too many concurrent requests": the limit is on requests in flight, not on their rate, so a
  // governor lowers its concurrency rather than only waiting (LangChain's CAP among WAIT / STOP).
  if (
    (category === 'rate_limit' || category === 'unavailable') &&
    CONCURRENCY_WORDS.test(message)
  ) {
    // Not a spread plus a member: on V8 that makes a new hidden class on every call.
    details = details === undefined ? {} : copyRecord(details);
    details.limit = 'concurrency';
  }
  return decodedError({
    message,
    category,
    code: fields.code ?? known?.code ?? meaning?.code ?? CATEGORIES[category].code,
    retryable,
    retryAfterMs,
    details,
    wire:
      body === undefined
        ? { protocol: 'http', code: status ?? 0, message: title }
        : { protocol: 'http', code: status ?? 0, message: title, data: body },
    cause: undefined,
  });
}

/**
 * {@link fromHttpResponse} for a fetch `Response`: reads the body as text (parsing JSON), then
 * classifies; so it returns a promise. Consumes the body; pass `response.clone()` to keep it.
 *
 * @example
 * const res = await fetch(url);
 * if (!res.ok) throw await fromFetchResponse(res);
 */
export async function fromFetchResponse(response: Response): Promise<AgentError> {
  if (!isFetchResponse(response)) {
    throw new TypeError('fromFetchResponse: response must be a fetch Response');
  }
  let body: unknown;
  try {
    body = response.bodyUsed ? undefined : await response.text();
  } catch {
    // A body that fails to arrive: classify from the status and headers alone.
  }
  return fromHttpResponse({
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    ...(body !== undefined && body !== '' ? { body } : {}),
  });
}

/** Options for `toHttpResponse` (and `encode(error, 'http')`). */
export interface ToHttpResponseOptions extends ToProblemJsonOptions, ExposeOptions {}

/**
 * Decode anything HTTP-shaped into the hub, never throwing: `{ status, headers, body }`, a
 * problem document, a provider error body (or their JSON text). Anything else goes through
 * `normalizeError`. (For a fetch `Response`, await {@link fromFetchResponse}.)
 *
 * @example
 * decodeHttpError({ type: 'error', error: { type: 'rate_limit_error', message: 'slow' } }).category;
 * // 'rate_limit'
 */
export function decodeHttpError(input: unknown): AgentError {
  return readHttpError(input) ?? normalizeError(input);
}

/**
 * The reading of `input` when it is HTTP-shaped (see {@link decodeHttpError}), else `undefined`:
 * what the readers use, so that what is no HTTP failure reaches the readers after them.
 * @internal
 */
export function readHttpError(input: unknown): AgentError | undefined {
  try {
    const parsed = parseBody(input);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const v = parsed as Record<string, unknown>;
      if (typeof v.status === 'number' && ('headers' in v || 'body' in v)) {
        return fromHttpResponse(v);
      }
      const problem = isProblemDetails(parsed) ? parsed : undefined;
      const provider = readProviderError(parsed);
      if (problem || provider || readWebApiError(undefined, NO_HEADERS, parsed)) {
        return httpError(undefined, undefined, undefined, parsed, problem, provider);
      }
    }
  } catch {
    // Not HTTP after all (a body whose getters throw): the readers after this one decide.
  }
  return undefined;
}

/**
 * The HTTP answer for any error: the status ({@link toHttpStatus}), `content-type:
 * application/problem+json`, `retry-after` (whole seconds, rounded up) and `retry-after-ms` when
 * there is a delay, `x-should-retry`, and the RFC 9457 body ({@link toProblemJson}). An error the
 * code did not mean to expose becomes its category's fixed text with an `errorId` (see
 * `onError`). `decodeHttpError` of it gives back `code`, `category`, `retryable` and
 * `retryAfterMs`. What `encode(error, 'http')` and the public `toHttpResponse` call.
 *
 * @example
 * encodeHttpError(AgentError.notFound('no such channel')).status; // 404
 */
export function encodeHttpError(
  error: unknown,
  options?: ToHttpResponseOptions,
): HttpErrorResponse {
  const hub = normalizeError(toExposableError(error, options));
  const body = toProblemJson(hub, options);
  const headers: Record<string, string> = { 'content-type': PROBLEM_JSON };
  if (hub.retryAfterMs !== undefined) {
    headers['retry-after'] = String(Math.ceil(hub.retryAfterMs / 1000));
    headers['retry-after-ms'] = String(hub.retryAfterMs);
  }
  headers['x-should-retry'] = String(hub.retryable);
  return { status: body.status ?? 500, headers, body };
}

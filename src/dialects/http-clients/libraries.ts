import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { readMember } from '../../core/is.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { fromHttpParts } from '../http/response.js';
import type { HeadersInput } from '../http/headers.js';

/**
 * The HTTP client libraries' own error classes, by their documented codes and names, for the
 * failures that carry no response (a response is read by response-rule.ts):
 *
 * - got 14 (`source/core/errors.ts`, "Errors" in its docs): `RequestError.code`
 *   (`ERR_TOO_MANY_REDIRECTS`, `ERR_BODY_PARSE_FAILURE`, `ERR_CANCELED`, `ERR_RETRYING`,
 *   `ERR_ABORTED`, `ERR_READING_RESPONSE_STREAM`, `ERR_UPLOAD`, `ERR_CACHE_ACCESS`); a system
 *   error's code (`ECONNREFUSED`, `ETIMEDOUT`) is the classifier's.
 * - `@slack/web-api` (`ErrorCode`, "Handling errors" in its docs): `slack_webapi_platform_error`
 *   (the platform's `{ ok: false, error }` on `data`), `slack_webapi_rate_limited_error`
 *   (`retryAfter`, seconds), `slack_webapi_request_error` (`original`, the transport's error),
 *   `slack_webapi_http_error` (`statusCode`, `headers`, `body`), and the upload helper's two.
 * - Octokit (`@octokit/request`): a fetch that failed is a `RequestError` with the stand-in
 *   status 500, no `response`, and the fetch failure as `cause`, which decides.
 * - ky 1: `ForceRetryError` (an `afterResponse` hook's `ky.retry()`, `customDelay` in ms).
 * - superagent 10 (`lib/request-base.js`, `_timeoutError`): a timeout with `timeout` (ms) and
 *   ECONNABORTED or ETIMEDOUT; gaxios 7: a `timeout` fired on `config.signal`.
 * - undici 7 (`lib/core/errors.js`): its `UND_ERR_*` codes that name no system condition, and
 *   `HTTPParserError`; fetch's own network errors (`TypeError: fetch failed` whose cause is a
 *   plain Error with a fixed reason, `makeNetworkError` in `lib/web/fetch/index.js`).
 * - The MCP v2 client (`@modelcontextprotocol/client`): `OAuthError` by its `OAuthErrorCode`
 *   (RFC 6749 §5.2, RFC 6750 §3.1, RFC 7591 §3.2.2, RFC 8707, RFC 9449), and the OAuth client
 *   flow's classes by their documented meaning.
 */

type Rec = Record<string, unknown>;
type Classify = (value: unknown) => AgentError;

/** The inner error's reading, when it says more than a bare internal error. */
export function saidBy(inner: AgentError): AgentError | undefined {
  return inner.category === 'internal' && inner.code === 'INTERNAL_ERROR' ? undefined : inner;
}

/**
 * got's codes for failures of its own (source/core/errors.ts, source/as-promise/types.ts).
 * @internal
 */
export const GOT_CODES: ReadonlyMap<string, Meaning> = new Map([
  // A redirect loop does not end by itself.
  ['ERR_TOO_MANY_REDIRECTS', m('protocol', 'PROTOCOL_ERROR')],
  // The server sent a body that does not parse as what was asked for (`responseType: 'json'`).
  ['ERR_BODY_PARSE_FAILURE', m('protocol', 'PROTOCOL_ERROR')],
  ['ERR_CANCELED', m('cancelled', 'CANCELLED')],
  ['ERR_ABORTED', m('cancelled', 'ABORTED')],
  // Thrown to ask for another attempt: another attempt is what it asks for.
  ['ERR_RETRYING', m('unavailable', 'UNAVAILABLE', true)],
  // The connection broke while the body was coming.
  ['ERR_READING_RESPONSE_STREAM', m('unavailable', 'CONNECTION_ERROR', true)],
  // The request body's own stream failed: the caller's input.
  ['ERR_UPLOAD', m('validation', 'VALIDATION_ERROR')],
  ['ERR_CACHE_ACCESS', m('internal', 'INTERNAL_ERROR')],
  // A URL whose scheme got cannot fetch (`ftp:`): the caller's input.
  ['ERR_UNSUPPORTED_PROTOCOL', m('validation', 'VALIDATION_ERROR')],
]);

// undici's fetch (Node's `fetch`): a network error it makes itself, with a fixed reason, is a
// `TypeError: fetch failed` whose `cause` is a plain Error saying the reason
// (`makeNetworkError` in lib/web/fetch/index.js). Other causes carry a system code or an undici
// error class, which the classifier reads.
const FETCH_REASONS: ReadonlyMap<string, Meaning> = new Map([
  // A redirect loop, or a redirect where `redirect: 'error'` forbade one: the same again.
  ['redirect count exceeded', m('protocol', 'PROTOCOL_ERROR')],
  ['unexpected redirect', m('protocol', 'PROTOCOL_ERROR')],
  ['URL scheme must be a HTTP(S) scheme', m('validation', 'VALIDATION_ERROR')],
  ['unknown scheme', m('validation', 'VALIDATION_ERROR')],
  ['bad port', m('validation', 'VALIDATION_ERROR')],
  ['invalid method', m('validation', 'VALIDATION_ERROR')],
  ['proxy authentication required', m('auth', 'AUTH_ERROR')],
]);

// fetch's argument checks throw a `TypeError` before any request (undici's webidl errors are
// `<where>: <what>`; a URL that does not parse is "Failed to parse URL from …"): the caller's input.
const FETCH_ARGUMENT = /^(?:Failed to parse URL from |(?:Headers\.\w+|Request constructor): )/;

// undici's own error codes (lib/core/errors.js) that name no system condition; the timeouts,
// `UND_ERR_SOCKET` and `UND_ERR_CLOSED` are the classifier's (node-system), `UND_ERR_RESPONSE`
// carries its response and `UND_ERR_REQ_RETRY` its last status (both read as a response).
const UNDICI_CODES: ReadonlyMap<string, Meaning> = new Map([
  ['UND_ERR_ABORTED', m('cancelled', 'ABORTED')],
  // The body stopped short of its content-length: the connection broke, another try may pass.
  ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', m('unavailable', 'CONNECTION_ERROR', true)],
  // An answer over the client's own limits (`maxResponseSize`, `maxHeaderSize`): the same again.
  ['UND_ERR_RES_EXCEEDED_MAX_SIZE', m('protocol', 'PROTOCOL_ERROR')],
  ['UND_ERR_HEADERS_OVERFLOW', m('protocol', 'PROTOCOL_ERROR')],
  // The caller's request or options are wrong.
  ['UND_ERR_INVALID_ARG', m('validation', 'VALIDATION_ERROR')],
  ['UND_ERR_REQ_CONTENT_LENGTH_MISMATCH', m('validation', 'VALIDATION_ERROR')],
  ['UND_ERR_NOT_SUPPORTED', m('protocol', 'NOT_IMPLEMENTED')],
  // A client the caller destroyed, a handler that returned the wrong thing: the code's to fix.
  ['UND_ERR_DESTROYED', m('internal', 'INTERNAL_ERROR')],
  ['UND_ERR_INVALID_RETURN_VALUE', m('internal', 'INTERNAL_ERROR')],
  ['UND_ERR_BPL_MISSING_UPSTREAM', m('unavailable', 'UNAVAILABLE')],
  ['UND_ERR_PRX_TLS', m('unavailable', 'CONNECTION_ERROR')],
]);

const GOT_NAMES = new Set([
  'RequestError',
  'HTTPError',
  'MaxRedirectsError',
  'ParseError',
  'CancelError',
  'RetryError',
  'ReadError',
  'UploadError',
  'CacheError',
  'TimeoutError',
  'AbortError',
]);

/**
 * The MCP v2 client's `OAuthErrorCode`s beyond RFC 6749's (which web-apis.ts reads).
 * @internal
 */
export const OAUTH_CODES: ReadonlyMap<string, Meaning> = new Map([
  ['invalid_token', m('auth', 'INVALID_TOKEN')],
  ['insufficient_scope', m('permission', 'INSUFFICIENT_SCOPE')],
  ['too_many_requests', m('rate_limit', 'RATE_LIMITED')],
  ['method_not_allowed', m('protocol', 'METHOD_NOT_ALLOWED')],
  ['unsupported_response_type', m('protocol', 'PROTOCOL_ERROR')],
  ['unsupported_token_type', m('protocol', 'PROTOCOL_ERROR')],
  ['invalid_client_metadata', m('validation', 'VALIDATION_ERROR')],
  ['invalid_redirect_uri', m('validation', 'VALIDATION_ERROR')],
  ['invalid_target', m('validation', 'VALIDATION_ERROR')],
  ['invalid_dpop_proof', m('auth', 'INVALID_TOKEN')],
  // RFC 9449 §8: sign a new proof with the nonce the server sent, then try again.
  ['use_dpop_nonce', m('auth', 'AUTH_ERROR', true)],
]);

/**
 * The MCP v2 client's OAuth flow errors (src/client/authErrors.ts), by their documented meaning.
 * @internal
 */
export const MCP_AUTH_CLASSES: ReadonlyMap<string, Meaning> = new Map([
  // RFC 6750 §3.1: the token is good but lacks a scope the resource needs.
  ['InsufficientScopeError', m('permission', 'INSUFFICIENT_SCOPE')],
  // The credential is bound to another authorization server: authorise again there.
  ['AuthorizationServerMismatchError', m('auth', 'AUTH_ERROR')],
  // A mix-up indication (RFC 9207): fatal for the flow, never retried.
  ['IssuerMismatchError', m('protocol', 'PROTOCOL_ERROR')],
  // A configuration error (a token endpoint that is not https): re-authorising cannot fix it.
  ['InsecureTokenEndpointError', m('validation', 'VALIDATION_ERROR')],
]);

function fromGot(error: Error, e: Rec): AgentError | undefined {
  const code = e.code;
  if (typeof code !== 'string') return undefined;
  const meaning = GOT_CODES.get(code);
  return meaning === undefined ? undefined : made(error, meaning, { api: { got: code } });
}

function fromSlack(error: Error, e: Rec, code: string, classify: Classify): AgentError | undefined {
  switch (code) {
    case 'slack_webapi_platform_error':
      // `{ ok: false, error }` as the platform sent it, read by its Slack table (web-apis.ts).
      return bodyReading(error, undefined, undefined, undefined, e.data);
    case 'slack_webapi_rate_limited_error': {
      const seconds = e.retryAfter;
      return made(
        error,
        m('rate_limit', 'RATE_LIMITED'),
        { api: { slack: 'ratelimited' } },
        typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
          ? seconds * 1000
          : undefined,
      );
    }
    case 'slack_webapi_http_error': {
      const status = e.statusCode;
      return bodyReading(
        error,
        typeof status === 'number' ? status : undefined,
        e.statusMessage,
        e.headers as HeadersInput | undefined,
        e.body,
      );
    }
    case 'slack_webapi_request_error': {
      // No response: what the transport failed with decides; else the connection was lost.
      const original = e.original;
      const inner = original instanceof Error ? saidBy(classify(original)) : undefined;
      return inner !== undefined
        ? classifiedAs(error, inner)
        : made(error, m('unavailable', 'CONNECTION_ERROR'));
    }
    case 'slack_webapi_file_upload_invalid_args_error':
    case 'slack_webapi_file_upload_read_file_data_error':
      return made(error, m('validation', 'VALIDATION_ERROR'), { api: { slack: code } });
    default:
      return undefined;
  }
}

/** A status and body read as HTTP; `undefined` when they say no failure. */
export function bodyReading(
  error: Error,
  status: number | undefined,
  statusText: unknown,
  headers: HeadersInput | undefined,
  body: unknown,
): AgentError | undefined {
  try {
    return classifiedAs(error, fromHttpParts(status, statusText, headers, body));
  } catch {
    return undefined;
  }
}

function fromUndici(error: Error, e: Rec, code: string): AgentError | undefined {
  if (code === 'UND_ERR_REQ_RETRY') {
    const status = e.statusCode;
    return typeof status === 'number'
      ? bodyReading(error, status, undefined, e.headers as HeadersInput | undefined, e.data)
      : undefined;
  }
  const meaning = UNDICI_CODES.get(code);
  return meaning && made(error, meaning, { api: { undici: code } });
}

function fromOAuth(error: Error, code: string): AgentError | undefined {
  const own = OAUTH_CODES.get(code);
  if (own !== undefined) return made(error, own, { api: { oauth: code } });
  // RFC 6749's codes, as a token endpoint's body would carry them.
  const read = bodyReading(error, undefined, undefined, undefined, { error: code });
  return read === undefined
    ? undefined
    : made(
        error,
        { category: read.category, code: read.code, retryable: read.retryable },
        { api: { oauth: code } },
      );
}

const TIMEOUT = m('timeout', 'TIMEOUT');

/** Whether a request's options hold a signal that fired for a timeout. */
function timedOut(options: unknown): boolean {
  const reason = readMember(readMember(options, 'signal'), 'reason');
  return readMember(reason, 'name') === 'TimeoutError';
}

/**
 * The reading of an error from one of the libraries above by its name and code, or `undefined`
 * when it is none of them or carries its meaning in a response or a system error's code.
 */
export function fromNamedLibraryError(error: Error, classify: Classify): AgentError | undefined {
  const e = error as Error & Rec;
  const code = e.code;
  if (typeof code === 'string' && code.startsWith('slack_webapi_')) {
    return fromSlack(error, e, code, classify);
  }
  if (typeof code === 'string' && code.startsWith('UND_ERR_')) return fromUndici(error, e, code);
  const name = e.name;
  if (typeof name !== 'string') return undefined;
  // undici's parser refused what the server sent: not HTTP, and the same server sends it again.
  if (name === 'HTTPParserError') return made(error, m('protocol', 'PROTOCOL_ERROR'));
  if (GOT_NAMES.has(name) && 'timings' in e && 'options' in e) return fromGot(error, e);
  if (name === 'HttpError' && 'request' in e && readMember(e, 'response') === undefined) {
    // Octokit's stand-in 500 for a fetch that failed: the failure itself decides.
    const inner = e.cause instanceof Error ? saidBy(classify(e.cause)) : undefined;
    return inner === undefined
      ? made(error, m('unavailable', 'CONNECTION_ERROR'))
      : classifiedAs(error, inner);
  }
  if (name === 'OAuthError' && typeof code === 'string') return fromOAuth(error, code);
  if (name === 'TypeError' && error.message === 'fetch failed') {
    const reason = readMember(e, 'cause');
    const meaning =
      reason instanceof Error && readMember(reason, 'code') === undefined
        ? FETCH_REASONS.get(reason.message)
        : undefined;
    return meaning && made(error, meaning, { fetch: { reason: (reason as Error).message } });
  }
  if (name === 'TypeError' && FETCH_ARGUMENT.test(error.message)) {
    return made(error, m('validation', 'VALIDATION_ERROR'));
  }
  const authClass = MCP_AUTH_CLASSES.get(name);
  if (authClass !== undefined) {
    const scope = e.requiredScope;
    return made(error, authClass, typeof scope === 'string' ? { scope } : undefined);
  }
  if (name === 'RegistrationRejectedError' && typeof e.status === 'number') {
    return bodyReading(error, e.status, undefined, undefined, e.body);
  }
  // superagent's own timeouts (`.timeout()`): its deadline as ECONNABORTED, no response in time
  // as ETIMEDOUT, with the limit kept as `timeout` (node-system would read a lost connection).
  if ((code === 'ECONNABORTED' || code === 'ETIMEDOUT') && typeof e.timeout === 'number') {
    return made(error, TIMEOUT, { api: { superagent: code } });
  }
  // A client that aborts on its options' signal with no response yet (gaxios' `timeout` is an
  // `AbortSignal.timeout`): the signal's reason tells its timeout from the caller's abort.
  if (readMember(e, 'response') === undefined && timedOut(readMember(e, 'config'))) {
    return made(error, TIMEOUT);
  }
  if (name === 'ForceRetryError') {
    const delay = e.customDelay;
    return made(
      error,
      m('unavailable', 'UNAVAILABLE', true),
      undefined,
      typeof delay === 'number' && delay >= 0 ? delay : undefined,
    );
  }
  return undefined;
}

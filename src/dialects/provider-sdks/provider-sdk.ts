import { asRecord, readMember } from '../../core/is.js';
import type { AgentError } from '../../core/agent-error.js';
import { AgentError as AgentErrorClass, decodedError } from '../../core/agent-error.js';
import { normalizeError } from '../../core/normalize-error.js';
import { readProviderError } from '../http/provider-body.js';
import { fromHttpResponse } from '../http/response.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';

/**
 * The error classes of the LLM provider SDKs (`openai`, `@anthropic-ai/sdk`) and the AI SDK
 * (`ai`, `@ai-sdk/provider`), recognised by shape and class name: this package depends on none
 * of them. Their HTTP failures carry the status, the headers and the body; their client-side
 * failures carry only a class.
 */

/**
 * The response body as the provider sent it. The `openai` SDK keeps only the inner `error` object
 * in `err.error` (`{ type, code, message }`): put back the envelope the provider sent, so its
 * `code` (`insufficient_quota`, `context_length_exceeded`) is read, not only the status.
 */
function providerBody(body: unknown): unknown {
  const b = asRecord(body);
  if (b === undefined || b.error !== undefined) return body;
  return typeof b.type === 'string' || typeof b.code === 'string' ? { error: b } : body;
}

/**
 * `decoded`, read from the SDK's error, with that error as its cause (as every reading keeps it)
 * and, when given, `details` in place of its own.
 */
export function causedBy(
  decoded: AgentError,
  error: Error,
  details: Record<string, unknown> | undefined = decoded.details,
): AgentError {
  return decodedError({
    message: decoded.message,
    category: decoded.category,
    code: decoded.code,
    retryable: decoded.retryable,
    retryAfterMs: decoded.retryAfterMs,
    details,
    wire: decoded.wire,
    cause: error,
  });
}

const UNDICI_RESPONSE_ERROR = 'UND_ERR_RESPONSE';

/** What a provider SDK's client-side failure means, by its class name. */
function clientSide(name: string, message: string, error: Error): AgentError | undefined {
  switch (name) {
    case 'APIUserAbortError':
      return AgentErrorClass.cancelled(message || 'Request was aborted', {
        code: 'ABORTED',
        cause: error,
        captureStack: false,
      });
    case 'APIConnectionTimeoutError':
      return AgentErrorClass.timeout(message || 'Request timed out', {
        code: 'TIMEOUT',
        cause: error,
        captureStack: false,
      });
    case 'APIConnectionError':
      return AgentErrorClass.unavailable(message || 'Connection error', {
        code: 'CONNECTION_ERROR',
        cause: error,
        captureStack: false,
      });
    default:
      return undefined;
  }
}

/**
 * What a Fern SDK's error class says where its status is not a standard one: Fern names each
 * class after the error the API definition declares (`TooManyRequestsError`), and Cohere's
 * (docs.cohere.com/reference/errors) declares 498 an invalid token, a status Groq sends for its
 * flex tier's capacity. Only an error that kept its `rawResponse` is a generated SDK's.
 */
const GENERATED_CLASSES: ReadonlyMap<string, Meaning> = new Map([
  ['InvalidTokenError', m('auth', 'INVALID_TOKEN')],
]);

function generatedClassMeaning(error: Error, raw: unknown): AgentError | undefined {
  if (raw === undefined) return undefined;
  const row = GENERATED_CLASSES.get(
    (error.constructor as { name?: string } | undefined)?.name ?? '',
  );
  return row && made(error, row);
}

/**
 * A success status on an SDK's error: the service answered, and the SDK refused what it said
 * (Speakeasy's `ResponseValidationError`: a body its schema does not accept). The same request
 * gets the same answer.
 */
function answerRefused(error: Error): AgentError {
  return made(error, m('protocol', 'PROTOCOL_ERROR'));
}

/**
 * The {@link AgentError} for an error instance from a provider SDK or the AI SDK, or `undefined`
 * when `error` is not one: an HTTP failure (`status` or `statusCode`, headers, body) is read as
 * the HTTP response it was; an abort, a timeout or a lost connection before any response is
 * `cancelled`, `timeout` or `unavailable`. A connection error whose causes say more (a Node
 * system error, an undici timeout) is read by them, through `fallback` (a decoder's fallback
 * readers; by default the hub's reading alone, which knows no system error).
 */
export function fromProviderSdkError(
  error: Error,
  fallback: (value: unknown) => AgentError = normalizeError,
): AgentError | undefined {
  const e = error as Error & Record<string, unknown>;
  const status = e.statusCode ?? e.status;
  if (typeof status === 'number' && status >= 100 && status <= 599) {
    // A generated SDK's error (Fern's `CohereError`, Speakeasy's `MistralError`) keeps the
    // response it failed on in `rawResponse` (its headers there for Fern) and the body it read in
    // `body`.
    const raw = readMember(e, 'rawResponse');
    const named = generatedClassMeaning(error, raw);
    if (named !== undefined) return named;
    if (status < 400) return answerRefused(error);
    const headers =
      readMember(e, 'responseHeaders') ?? readMember(e, 'headers') ?? readMember(raw, 'headers');
    // The AI SDK's `responseBody`, the OpenAI and Anthropic SDKs' `error`; undici's
    // `ResponseError` keeps the response's in `body` (parsed when it was JSON), as the generated
    // SDKs do. Only theirs: other errors' `body` is not the response's (body-parser keeps the
    // request's there).
    const body = providerBody(
      readMember(e, 'responseBody') ??
        readMember(e, 'error') ??
        (e.code === UNDICI_RESPONSE_ERROR || raw !== undefined ? readMember(e, 'body') : undefined),
    );
    const decoded = fromHttpResponse({
      status,
      ...(asRecord(headers) ? { headers: headers as Record<string, string> } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    return causedBy(decoded, error);
  }
  if (status !== undefined) return undefined;
  const name = (error.constructor as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || !name.startsWith('API')) return undefined;
  // A failure mid-stream (an SSE `event: error` after a 200): the provider's body, no status.
  // Anthropic's SDK keeps the whole `{ type: 'error', error: { type } }`, OpenAI's the inner object.
  const streamed = name === 'APIError' ? providerBody(readMember(e, 'error')) : undefined;
  if (streamed !== undefined && readProviderError(streamed) !== undefined) {
    const headers = readMember(e, 'headers');
    // OpenAI-compatible gateways put the HTTP status the failure stands for in `code` (503).
    const code = asRecord(asRecord(streamed)?.error)?.code;
    const decoded = fromHttpResponse({
      ...(typeof code === 'number' && code >= 400 && code <= 599 ? { status: code } : {}),
      ...(asRecord(headers) ? { headers: headers as Record<string, string> } : {}),
      body: streamed,
    });
    return causedBy(decoded, error);
  }
  if (name === 'APIConnectionError' && asRecord(e.cause) !== undefined) {
    // Its cause chain (`fetch failed` → `ECONNREFUSED`) may name the reason: a timeout, a
    // refusal, a name that did not resolve. One that names none is still a lost connection.
    const reason = fallback(error);
    if (reason.category !== 'internal') return reason;
  }
  return clientSide(name, error.message, error);
}

import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { asRecord, readMember } from '../../core/is.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { fromHttpParts } from '../http/response.js';

/**
 * The AI-platform SDKs whose errors say what happened by their class, not by a status member:
 *
 * - Pinecone 7 (`src/errors/http.ts`, `mapHttpStatusError`): one class per status, the body's
 *   text in the message (the service's `{ error: { code, message }, status }`,
 *   docs.pinecone.io/reference/api/errors), `PineconeUnmappedHttpError` for any other status
 *   ("Status: 429."); its fetch retries a 5xx and ends in `PineconeMaxRetriesExceededError`.
 * - Qdrant 1.17 (`@qdrant/js-client-rest` `src/errors.ts`): its own timeout, a 429's
 *   `retry_after` (seconds), an answer it did not expect, a configuration it refused.
 * - Hugging Face's inference client (`@huggingface/inference` `src/errors.ts`): the caller's
 *   input or routing refused before any request, a provider's output it could not read (its HTTP
 *   failures carry `httpResponse`, read by the generic response rule).
 */

type Classify = (value: unknown) => AgentError;

/** The status each Pinecone class is thrown for (403 shares 400's class; its body says 403). */
const PINECONE_STATUS: ReadonlyMap<string, number> = new Map([
  ['PineconeBadRequestError', 400],
  ['PineconeAuthorizationError', 401],
  ['PineconeNotFoundError', 404],
  ['PineconeConflictError', 409],
  ['PineconeInternalServerError', 500],
  ['PineconeNotImplementedError', 501],
  ['PineconeUnavailableError', 503],
  ['PineconeUnmappedHttpError', 0],
]);

const VALIDATION = m('validation', 'VALIDATION_ERROR');
const PROTOCOL = m('protocol', 'PROTOCOL_ERROR');

/**
 * The client-side classes, by what they mean.
 * @internal
 */
export const PLATFORM_CLASSES: ReadonlyMap<string, Meaning> = new Map([
  // Its fetch retried a 5xx (or a lost connection) as often as allowed: the service is down now.
  ['PineconeMaxRetriesExceededError', m('unavailable', 'UNAVAILABLE', true)],
  ['PineconeArgumentError', VALIDATION],
  ['PineconeConfigurationError', VALIDATION],
  ['PineconeEnvironmentVarsNotSupportedError', VALIDATION],
  ['PineconeUnexpectedResponseError', PROTOCOL],
  // The index exists but has no host yet ("make sure the index exists and is in a ready
  // state"): it is still being created.
  ['PineconeUnableToResolveHostError', m('unavailable', 'UNAVAILABLE', true)],
  ['QdrantClientTimeoutError', m('timeout', 'TIMEOUT', true)],
  ['QdrantClientConfigError', VALIDATION],
  // A status other than 200 or 201 that was no failure (a redirect, a 204): the same again.
  ['QdrantClientUnexpectedResponseError', PROTOCOL],
  ['InferenceClientInputError', VALIDATION],
  // The caller asked for a route its key cannot take (the auto-router without a Hub token).
  ['InferenceClientRoutingError', VALIDATION],
  ['InferenceClientProviderOutputError', PROTOCOL],
]);

/** The body a Pinecone error's message carries, when it carries the JSON the service sent. */
function bodyInMessage(message: string): Record<string, unknown> | undefined {
  const start = message.indexOf('{');
  const end = message.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    return asRecord(JSON.parse(message.slice(start, end + 1)));
  } catch {
    return undefined;
  }
}

const HTTP_STATUS = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599
    ? value
    : undefined;

/** A Pinecone HTTP failure: the status its message states, its body's, else its class's. */
function fromPineconeStatus(error: Error, classStatus: number): AgentError | undefined {
  const body = bodyInMessage(error.message);
  const stated = /\bStatus: (\d{3})\b/.exec(error.message)?.[1];
  const status =
    HTTP_STATUS(Number(stated)) ?? HTTP_STATUS(body?.status) ?? HTTP_STATUS(classStatus);
  if (status === undefined) return undefined;
  return classifiedAs(error, fromHttpParts(status, undefined, undefined, body));
}

/**
 * The {@link AgentError} for an error from one of the SDKs above, or `undefined` when `error` is
 * none of theirs. A Pinecone error that wraps what failed (`PineconeConnectionError`,
 * `PineconeRequestError`) reads as its cause through `classify` when that says more, else as a
 * lost connection.
 */
export function fromPlatformSdkError(error: Error, classify: Classify): AgentError | undefined {
  const name = (error.constructor as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string') return undefined;
  const classStatus = PINECONE_STATUS.get(name);
  if (classStatus !== undefined) return fromPineconeStatus(error, classStatus);
  if (name === 'QdrantClientResourceExhaustedError') {
    const seconds = readMember(error, 'retry_after');
    return made(
      error,
      m('rate_limit', 'RATE_LIMITED'),
      undefined,
      typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
        ? seconds * 1000
        : undefined,
    );
  }
  if (name === 'PineconeConnectionError' || name === 'PineconeRequestError') {
    const cause = readMember(error, 'cause');
    const inner = cause instanceof Error ? classify(cause) : undefined;
    return inner !== undefined && inner.category !== 'internal'
      ? classifiedAs(error, inner)
      : made(error, m('unavailable', 'CONNECTION_ERROR', true));
  }
  const row = PLATFORM_CLASSES.get(name);
  return row && made(error, row);
}

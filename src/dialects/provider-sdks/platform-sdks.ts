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

// The three SDKs' class names: `Pinecone<Kind>Error`, `QdrantClient<Kind>Error`,
// `InferenceClient<Kind>Error`. Their tables below are keyed by `<Kind>`.
const PLATFORM_CLASS = /^(?:Pinecone|QdrantClient|InferenceClient)(\w+)Error$/;

/** The status each Pinecone class is thrown for (403 shares 400's class; its body says 403). */
const PINECONE_STATUS: ReadonlyMap<string, number> = new Map([
  ['BadRequest', 400],
  ['Authorization', 401],
  ['NotFound', 404],
  ['Conflict', 409],
  ['InternalServer', 500],
  ['NotImplemented', 501],
  ['Unavailable', 503],
  ['UnmappedHttp', 0],
]);

const VALIDATION = m('validation', 'VALIDATION_ERROR');
const PROTOCOL = m('protocol', 'PROTOCOL_ERROR');
const UNAVAILABLE = m('unavailable', 'UNAVAILABLE', true);

/**
 * The client-side classes of the three, by their `<Kind>` and what they mean.
 * @internal
 */
export const PLATFORM_CLASSES: ReadonlyMap<string, Meaning> = new Map([
  // Pinecone: its fetch retried a 5xx (or a lost connection) as often as allowed; a request that
  // never reached the service (its cause says how: a refused or reset connection).
  ['MaxRetriesExceeded', UNAVAILABLE],
  ['Connection', m('unavailable', 'CONNECTION_ERROR', true)],
  // Pinecone: the index has no host yet ("make sure the index exists and is in a ready state").
  ['UnableToResolveHost', UNAVAILABLE],
  // Pinecone's and Qdrant's refusals of the caller's arguments or configuration; Hugging Face's
  // of its input, or of a route its key cannot take (the auto-router without a Hub token).
  ['Argument', VALIDATION],
  ['Configuration', VALIDATION],
  ['EnvironmentVarsNotSupported', VALIDATION],
  ['Config', VALIDATION],
  ['Input', VALIDATION],
  ['Routing', VALIDATION],
  // An answer the client cannot use: Qdrant's status other than 200 or 201 that was no failure,
  // Pinecone's unexpected response, a provider's output Hugging Face could not read.
  ['UnexpectedResponse', PROTOCOL],
  ['ProviderOutput', PROTOCOL],
  ['Timeout', m('timeout', 'TIMEOUT', true)],
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
 * none of theirs.
 */
export function fromPlatformSdkError(error: Error): AgentError | undefined {
  const kind = PLATFORM_CLASS.exec(
    String((error.constructor as { name?: unknown } | undefined)?.name),
  )?.[1];
  if (kind === undefined) return undefined;
  const classStatus = PINECONE_STATUS.get(kind);
  if (classStatus !== undefined) return fromPineconeStatus(error, classStatus);
  if (kind === 'ResourceExhausted') {
    // Qdrant's 429 with a `Retry-After`, in seconds.
    const seconds = readMember(error, 'retry_after');
    return made(
      error,
      m('rate_limit', 'RATE_LIMITED'),
      undefined,
      typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : undefined,
    );
  }
  const row = PLATFORM_CLASSES.get(kind);
  return row && made(error, row);
}

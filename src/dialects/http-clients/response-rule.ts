import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { isPlainObject, readMember } from '../../core/is.js';
import { isGraphqlErrorBody, parsedJsonBody } from '../graphql/response.js';
import type { HeadersInput } from '../http/headers.js';
import { fromHttpParts } from '../http/response.js';
import { isWebHeaders } from '../http/web-globals.js';

/**
 * The generic response rule: an HTTP client library's error whose response hangs off it (got's
 * and ky's `HTTPError`, Octokit's `RequestError`, graphql-request's `ClientError`; off its
 * plain-data `cause`: Gitbeaker's; or that holds one's `headers` and `body` itself: HubSpot's
 * `ApiException`) is read as that response. Status from `response.status` / `response.statusCode` or the error's own
 * `status` / `statusCode`; headers from `response.headers` or the error's; the body from
 * `response.body`, `response.data`, `response.bodyAsText` or the error's `data`, when it is
 * text, bytes or plain data. A fetch `Response`'s body (ky's) is a stream nobody has read yet:
 * reading it is asynchronous, so only its status and headers count (`await
 * decodeResponseError(err)` reads the body too, bounded). Every member is read through
 * `readMember`: a hostile getter costs only itself.
 */

/** A response's parts, as found on or under an error. */
export interface FoundResponse {
  readonly status: number | undefined;
  readonly statusText: unknown;
  readonly headers: HeadersInput | undefined;
  readonly body: unknown;
}

function statusOf(value: unknown): number | undefined {
  const status = readMember(value, 'status') ?? readMember(value, 'statusCode');
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599
    ? status
    : undefined;
}

/** How many header pairs are copied out of a client's own headers class. */
const MAX_HEADER_PAIRS = 256;

/**
 * Headers: a fetch `Headers`, plain data, or a client's own headers class (node-fetch's
 * `Headers` under gaxios, axios' `AxiosHeaders`, Azure's `HttpHeaders`), each iterable as
 * `[name, value]` pairs: copied, bounded, and only while its iterator behaves.
 */
function headersOf(value: unknown): HeadersInput | undefined {
  const headers = readMember(value, 'headers');
  if (isWebHeaders(headers) || isPlainObject(headers)) return headers as HeadersInput;
  if (headers === null || typeof headers !== 'object') return undefined;
  try {
    if (typeof (headers as Partial<Iterable<unknown>>)[Symbol.iterator] !== 'function')
      return undefined;
    const copy: Record<string, string> = {};
    let pairs = 0;
    for (const pair of headers as Iterable<unknown>) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string') return undefined;
      if ((pairs += 1) > MAX_HEADER_PAIRS) break;
      const text: unknown = pair[1];
      if (typeof text === 'string' || typeof text === 'number') copy[pair[0]] = String(text);
    }
    return copy;
  } catch {
    return undefined;
  }
}

/** A body already read: text, bytes (decoded as UTF-8) or plain data; never a stream. */
export function bodyOf(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  return isPlainObject(value) || Array.isArray(value) ? value : undefined;
}

/**
 * Where an error keeps its response: `.response`; `.httpResponse` (Hugging Face's inference
 * client: `{ status, body, requestId }`); `.context` (Supabase's `FunctionsHttpError`, a fetch
 * `Response`; PlanetScale's `UnknownError`, `{ status, headers, body }`); the `response` of a plain-data `cause`
 * (Gitbeaker's `GitbeakerRequestError`: `{ description, request, response }`); else the error
 * itself when it holds `headers` and `body` beside its status (an openapi-generator client's
 * `ApiException`: `code`, `headers`, `body`, as `@hubspot/api-client` throws).
 */
function responseHolder(error: object): { response: unknown; text: unknown } {
  const response =
    readMember(error, 'response') ??
    readMember(error, 'httpResponse') ??
    readMember(error, 'context');
  if (response !== undefined && response !== null) return { response, text: undefined };
  const cause = readMember(error, 'cause');
  if (isPlainObject(cause) && cause.response !== null && typeof cause.response === 'object')
    // The body was read to make the message: what it said is the cause's `description`.
    return { response: cause.response, text: cause.description };
  const own =
    isPlainObject(readMember(error, 'headers')) && readMember(error, 'body') !== undefined;
  return { response: own ? error : undefined, text: undefined };
}

/**
 * The response `error` carries (see `responseHolder`), with a status there or on the error;
 * `undefined` when it carries none. A status only in the error's numeric `code`
 * (`@sendgrid/client`'s `ResponseError`, an `ApiException`) counts when the response beside it
 * has no status.
 */
export function responseOf(error: object): FoundResponse | undefined {
  const { response, text } = responseHolder(error);
  if (response === null || typeof response !== 'object') return undefined;
  const code = readMember(error, 'code');
  const status =
    statusOf(response) ??
    statusOf(error) ??
    (typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599
      ? code
      : undefined);
  if (status === undefined) return undefined;
  return {
    status,
    statusText: readMember(response, 'statusText') ?? readMember(response, 'statusMessage'),
    headers: headersOf(response) ?? headersOf(error),
    // Azure's pipeline keeps the text as `bodyAsText`; Apollo Client's `ServerError` keeps it on
    // the error, its fetch `Response` read.
    body:
      bodyOf(readMember(response, 'body')) ??
      bodyOf(readMember(response, 'data')) ??
      bodyOf(readMember(response, 'bodyAsText')) ??
      bodyOf(readMember(error, 'data')) ??
      bodyOf(readMember(error, 'bodyText')) ??
      bodyOf(text),
  };
}

/**
 * `found` read as the HTTP response it is, with `error` as the cause; `undefined` for a response
 * that is no failure (a redirect a library gave up on). A GraphQL body's errors decide over its
 * status: that response goes to `classify` (the decoder running this rule) as data, where the
 * GraphQL reader reads it when the decoder has one; a decoder without it carries no GraphQL
 * tables.
 */
export function fromFoundResponse(
  error: Error,
  found: FoundResponse,
  classify: (value: unknown) => AgentError,
): AgentError | undefined {
  const body = parsedJsonBody(found.body);
  if (isGraphqlErrorBody(body)) {
    return classifiedAs(
      error,
      classify(
        found.status === undefined
          ? body
          : {
              status: found.status,
              ...(found.headers !== undefined ? { headers: found.headers } : {}),
              body,
            },
      ),
    );
  }
  if (found.status !== undefined && found.status < 400 && found.body === undefined)
    return undefined;
  try {
    return classifiedAs(
      error,
      fromHttpParts(found.status, found.statusText, found.headers, found.body),
    );
  } catch {
    // Not an error status and nothing in the body says failure: not a response to read.
    return undefined;
  }
}

import type { AgentError } from '../../core/agent-error.js';
import { decodedError } from '../../core/agent-error.js';
import { CATEGORIES } from '../../core/categories.js';
import { asRecord } from '../../core/is.js';
import type { StableErrorCode } from '../../core/stable-codes.js';
import type { HeadersInput } from '../http/headers.js';
import { retryAfterMsFromHeaders } from '../http/headers.js';
import { fromHttpResponse } from '../http/response.js';
import { statusMeaning } from '../http/status.js';
import type { GraphqlCodeMeaning } from './codes.js';
import {
  APPSYNC_TYPES,
  DECIDING_ORDER,
  GRAPHQL_CODES,
  GRAPHQL_ERROR_TYPES,
  GRAPHQL_RUBY_VALIDATION,
  LINEAR_TYPES,
  ROUTER_LIMIT,
} from './codes.js';
import { awsErrorMeaning } from '../http/cloud-codes.js';
import { readCodeWords } from '../http/code-words.js';

type Rec = Record<string, unknown>;

/** A GraphQL response that failed, as {@link fromGraphqlResponse} takes it. */
export interface GraphqlErrorResponse {
  /** The response body: `{ errors: [{ message, path?, extensions? }], data?, extensions? }`. */
  body: unknown;
  /** The HTTP status, when the response came over HTTP (GraphQL errors often come with 200). */
  status?: number;
  /** The HTTP headers (GitHub's `x-ratelimit-*`, a `Retry-After`). */
  headers?: HeadersInput;
}

/** How many errors `details.graphql.errors` lists (a response may carry hundreds). */
const MAX_LISTED = 10;

/**
 * Whether `value` is a GraphQL response carrying errors (GraphQL spec, "Response Format"): an
 * object with no members but `errors`, `data` and `extensions`, whose `errors` is a non-empty
 * list of objects each with a string `message`. That `message` tells it from a JSON:API error
 * document (`errors: [{ status, title }]`); a JSON-RPC response (`jsonrpc`), a Google or
 * provider body (`error`) or GitHub's REST validation body (`message`) is never one.
 */
export function isGraphqlErrorBody(
  value: unknown,
): value is Record<string, unknown> & { errors: Record<string, unknown>[] } {
  const body = asRecord(value);
  if (body === undefined) return false;
  // The spec allows no other top-level member: GitHub's REST 422 (`message`, `errors`) is not one.
  for (const key in body) {
    if (key !== 'errors' && key !== 'data' && key !== 'extensions') return false;
  }
  const errors = body.errors;
  if (!Array.isArray(errors) || errors.length === 0) return false;
  for (const item of errors) {
    if (typeof asRecord(item)?.message !== 'string') return false;
  }
  return true;
}

/**
 * A body given as JSON text (a client library that kept the text), parsed when it is a JSON
 * object; anything else as it is. Internal.
 */
export function parsedJsonBody(body: unknown): unknown {
  if (typeof body !== 'string' || !body.trimStart().startsWith('{')) return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * One error's code by the tables of codes.ts, else by its words (code-words.ts: Shopify's
 * `THROTTLED`, Apollo's `PERSISTED_QUERY_NOT_FOUND`, Hasura's `invalid-jwt`, a server's own
 * `USER_NOT_FOUND`), and the name it was found under.
 */
function meaningOf(
  error: Rec,
  status: number | undefined,
): { meaning: GraphqlCodeMeaning; said: string } | undefined {
  const extensions = asRecord(error.extensions);
  const code = extensions?.code;
  const type = error.type;
  for (const said of [code, type]) {
    if (typeof said !== 'string') continue;
    const meaning = GRAPHQL_CODES.get(said);
    if (meaning !== undefined) return { meaning, said };
  }
  const errorType = extensions?.errorType;
  if (typeof errorType === 'string') {
    const meaning = GRAPHQL_ERROR_TYPES.get(errorType);
    if (meaning !== undefined) return { meaning, said: errorType };
  }
  const linear = extensions?.type;
  if (typeof linear === 'string') {
    const meaning = LINEAR_TYPES.get(linear);
    if (meaning !== undefined) return { meaning, said: linear };
  }
  const appSync = error.errorType;
  if (typeof appSync === 'string') {
    const meaning =
      APPSYNC_TYPES.get(appSync) ??
      awsErrorMeaning(appSync.slice(appSync.lastIndexOf(':') + 1), status);
    if (meaning !== undefined) return { meaning, said: appSync };
  }
  if (typeof code === 'string' && ROUTER_LIMIT.test(code)) {
    return { meaning: { category: 'validation', code: 'REQUEST_TOO_LARGE' }, said: code };
  }
  for (const said of [code, type, errorType, linear]) {
    const meaning = typeof said === 'string' ? readCodeWords(said, status) : undefined;
    if (meaning !== undefined) return { meaning, said: said as string };
  }
  if (typeof code === 'string' && GRAPHQL_RUBY_VALIDATION.test(code)) {
    return { meaning: { category: 'validation', code: 'VALIDATION_ERROR' }, said: code };
  }
  return undefined;
}

/** An HTTP failure read as one, for a response whose errors name no code. */
function httpReading(
  status: number,
  headers: HeadersInput | undefined,
  message: string,
  errors: unknown[],
): Pick<AgentError, 'category' | 'code' | 'retryable' | 'retryAfterMs'> {
  try {
    // The errors stay in the body: a REST API answering `{ errors: [{ message, error }] }`
    // (Airtable, Asana) names its own code there.
    return fromHttpResponse({ status, ...(headers ? { headers } : {}), body: { message, errors } });
  } catch {
    // Headers that cannot be read (a hostile getter): the status alone.
    return statusMeaning(status);
  }
}

/** The wait the headers ask for; headers that cannot be read (a hostile getter) say nothing. */
function headerWaitMs(headers: HeadersInput | undefined, rateLimit: boolean): number | undefined {
  try {
    return retryAfterMsFromHeaders(headers, { rateLimitReset: rateLimit });
  } catch {
    return undefined;
  }
}

/**
 * Shopify's wait for a `THROTTLED` query ("API rate limits", cost-based leaky bucket): the
 * points missing (`requestedQueryCost − currentlyAvailable`) over the points restored each
 * second (`restoreRate`), from the response's `extensions.cost`.
 */
function shopifyWaitMs(body: Rec): number | undefined {
  const cost = asRecord(asRecord(body.extensions)?.cost);
  const throttle = asRecord(cost?.throttleStatus);
  const requested = cost?.requestedQueryCost;
  const available = throttle?.currentlyAvailable;
  const rate = throttle?.restoreRate;
  if (typeof requested !== 'number' || typeof available !== 'number' || typeof rate !== 'number')
    return undefined;
  if (!(rate > 0) || !Number.isFinite(requested) || !Number.isFinite(available)) return undefined;
  return Math.ceil((Math.max(0, requested - available) / rate) * 1000);
}

/**
 * The {@link AgentError} for a GraphQL response with errors. Each error is read by its code
 * (`extensions.code`; GitHub's `type`; DGS's `extensions.errorType`; Linear's
 * `extensions.type`; AppSync's `errorType`) through the tables in
 * codes.ts. Of several errors the one whose category comes first in `DECIDING_ORDER` decides
 * (credentials before limits before the request's own faults before a missing field), a coded
 * error before an uncoded one. With no code anywhere: an HTTP failure status decides; else an
 * error raised before execution (the spec's request error: no `data` member) is the query's
 * fault (validation), and one raised while executing is internal. The wait: `Retry-After` and
 * GitHub's `x-ratelimit-*` headers, else Shopify's cost extension. `details.graphql` lists the
 * errors' codes and paths and says whether some data came back (`partial`). Throws a
 * `TypeError` when `body` is no GraphQL response with errors.
 *
 * @example
 * fromGraphqlResponse({
 *   body: { errors: [{ message: 'Login first', extensions: { code: 'UNAUTHENTICATED' } }] },
 * }).category; // 'auth'
 */
export function fromGraphqlResponse(response: GraphqlErrorResponse): AgentError {
  const body = response.body;
  if (!isGraphqlErrorBody(body)) {
    throw new TypeError(
      'fromGraphqlResponse: body must be a GraphQL response with errors: { errors: [{ message }] }',
    );
  }
  const status = typeof response.status === 'number' ? response.status : undefined;
  let decider: Rec = body.errors[0] as Rec;
  let decided: { meaning: GraphqlCodeMeaning; said: string } | undefined;
  let rank = DECIDING_ORDER.length;
  const listed: Rec[] = [];
  for (const error of body.errors) {
    const found = meaningOf(error, status);
    if (listed.length < MAX_LISTED) {
      const item: Rec = {};
      if (found !== undefined) item.code = found.said;
      if (Array.isArray(error.path)) item.path = error.path;
      listed.push(item);
    }
    if (found === undefined) continue;
    const at = DECIDING_ORDER.indexOf(found.meaning.category);
    if (decided === undefined || at < rank) {
      decider = error;
      decided = found;
      rank = at;
    }
  }
  const message = decider.message as string;
  // No error names a code, on an HTTP failure: the response decides, read whole as any other
  // (GitHub's secondary rate limit said on a 403, a Retry-After, a bearer challenge).
  const http =
    decided === undefined && status !== undefined && status >= 400 && status <= 599
      ? httpReading(status, response.headers, message, body.errors)
      : undefined;
  const meaning: GraphqlCodeMeaning =
    decided?.meaning ??
    (http !== undefined
      ? { category: http.category, code: http.code as StableErrorCode, retryable: http.retryable }
      : 'data' in body
        ? { category: 'internal', code: 'INTERNAL_ERROR' }
        : { category: 'validation', code: 'VALIDATION_ERROR' });
  const { category } = meaning;
  const waits = category === 'rate_limit' || category === 'unavailable';
  const retryAfterMs = waits
    ? (http?.retryAfterMs ??
      headerWaitMs(response.headers, category === 'rate_limit') ??
      (decided?.said === 'THROTTLED' ? shopifyWaitMs(body) : undefined))
    : undefined;
  const graphql: Rec = {
    errors: listed,
    partial: body.data !== undefined && body.data !== null,
  };
  if (body.errors.length > MAX_LISTED) graphql.count = body.errors.length;
  return decodedError({
    message,
    category,
    code: meaning.code,
    retryable: meaning.retryable ?? CATEGORIES[category].retryable,
    retryAfterMs,
    details: { graphql },
    wire: { protocol: 'http', code: status ?? 200, message, data: body },
    cause: undefined,
  });
}

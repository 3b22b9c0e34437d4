// The tenth fresh case set for issue 36: the web APIs an agent's tools call through their own
// SDKs — Exa, Tavily, Browserbase, Resend, GitLab through Gitbeaker, Airtable, HubSpot. Each
// error is built by the client itself against a 127.0.0.1 server answering as the service
// documents (client retries off, one request per case, except Gitbeaker, whose 429/502 retry
// cannot be turned off and takes milliseconds), and each expectation is what a careful client of
// that service does, from the reference cited above its family. Resend returns its failures as a
// value (`{ data: null, error, headers }`) instead of throwing: those cases decode the value the
// SDK returned. No case here is built by another test. FRESH_SCORE=1 prints the score.
import Browserbase from '@browserbasehq/sdk';
import { Gitlab } from '@gitbeaker/rest';
import { Client as HubSpot } from '@hubspot/api-client';
import { tavily } from '@tavily/core';
import Airtable from 'airtable';
import { Exa } from 'exa-js';
import { Resend } from 'resend';
import { beforeAll, describe } from 'vitest';
import { no, rejected, wait } from './helpers/fresh-cases.js';
import {
  freshServer,
  json,
  silent,
  freshCase,
  responseCases as freshCases,
} from './helpers/fresh-http.js';
import { closedPort } from './helpers/reply-server.js';
import type { Reply } from './helpers/reply-server.js';
import type { Careful } from './helpers/fresh-cases.js';

/**
 * The known misses (72 before the fix, these after), each with what is missing. Before the fix
 * the commit of this file scored 78/150.
 */
const MISSES = new Map<string, string>([
  [
    'Tavily 400 invalid topic',
    "the SDK keeps only Tavily's free-text 400 message; no status, no fixed wording to read",
  ],
  [
    'Browserbase 409 ConflictError (the SDK retries it)',
    "a 409 reads as a conflict not to retry unless the server says x-should-retry: true; the SDK's retry of 409 is every Stainless SDK's default, not Browserbase's documented meaning",
  ],
  [
    'Resend 403 validation_error (domain not verified)',
    "the 403 decides (permission) over the code's words, as for every service",
  ],
  [
    'Resend 405 method_not_allowed',
    'a 405 reads as protocol (status.ts), where Resend says to change the request',
  ],
  [
    'GitLab 405 Method Not Allowed',
    'a 405 reads as protocol (status.ts), where GitLab says to change the request',
  ],
  [
    'Airtable requestTimeout passes (find: node-fetch AbortError from the client timer)',
    "find() rejects with node-fetch's own AbortError when airtable.js's timer fires: nothing in it tells that timer from a caller's abort",
  ],
]);
/** One case, a known miss when {@link MISSES} names it. */
const c = (label: string, build: () => Promise<unknown>, careful: Careful) =>
  freshCase(label, build, careful, MISSES.get(label));

const { base } = freshServer('f10');
/** The server's clock on each reply that states a reset time or a date, so the wait is exact. */
const DATE = 'Sat, 28 Nov 2026 00:00:00 GMT';
const DATE_S = Date.parse(DATE) / 1000;
/** An HTTP date `s` seconds after {@link DATE}. */
const dateIn = (s: number) => new Date((DATE_S + s) * 1000).toUTCString();
/** A plain-text or HTML reply. */
const text = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/html', ...headers },
  body,
});
/** A port nothing listens on, for the refused connections. */
let refused = '';
beforeAll(async () => {
  refused = `http://127.0.0.1:${await closedPort()}`;
});

// ---------------------------------------------------------------------------------------------
// Exa (exa-js 2.23: `ExaError` with `statusCode`, `timestamp`, `path`, and from an `{ error: {
// type, code, message } }` envelope its `type` and `code`; no headers kept). Reference:
// exa.ai/docs/admin/error-codes (400 invalid request, 401 missing or invalid key, 402 credits
// exhausted NO_MORE_CREDITS / API_KEY_BUDGET_EXCEEDED, 403 feature not allowed, 404, 409, 422,
// 429 rate limit "back off and retry", 500 / 502 / 503 retry, 504 timeout).
// ---------------------------------------------------------------------------------------------

const exaEnvelope = (status: number, type: string, code: string, message: string, headers = {}) =>
  json(status, { requestId: 'r1', error: { type, code, message } }, headers);
const exaPlain = (status: number, error: string, tag?: string, headers = {}) =>
  json(status, { requestId: 'r1', error, ...(tag === undefined ? {} : { tag }) }, headers);
const exa = (reply: Reply | undefined) => () =>
  rejected(
    new Exa('exa-key', reply === undefined ? refused : base('/search', reply)).search('agents'),
  );

describe('fresh Exa errors', () => {
  freshCases('exa', [
    c(
      'Exa 400 INVALID_REQUEST_BODY (envelope)',
      exa(exaEnvelope(400, 'invalid_request_error', 'INVALID_REQUEST_BODY', 'query is required')),
      no('validation'),
    ),
    c(
      'Exa 400 INVALID_NUM_RESULTS (plain error + tag)',
      exa(exaPlain(400, 'numResults must be <= 100 with highlights', 'INVALID_NUM_RESULTS')),
      no('validation'),
    ),
    c(
      'Exa 401 invalid API key (plain)',
      exa(exaPlain(401, 'Invalid API key', 'INVALID_API_KEY')),
      no('auth'),
    ),
    c(
      'Exa 401 authentication_error (envelope)',
      exa(exaEnvelope(401, 'authentication_error', 'INVALID_API_KEY', 'API key is invalid.')),
      no('auth'),
    ),
    c(
      'Exa 402 NO_MORE_CREDITS',
      exa(exaPlain(402, 'You have run out of credits.', 'NO_MORE_CREDITS')),
      no('quota'),
    ),
    c(
      'Exa 402 API_KEY_BUDGET_EXCEEDED (envelope)',
      exa(
        exaEnvelope(
          402,
          'billing_error',
          'API_KEY_BUDGET_EXCEEDED',
          'This API key has reached its spending limit.',
        ),
      ),
      no('quota'),
    ),
    c(
      'Exa 403 ACCESS_DENIED (envelope)',
      exa(
        exaEnvelope(
          403,
          'permission_error',
          'ACCESS_DENIED',
          'Your plan does not include this feature.',
        ),
      ),
      no('permission'),
    ),
    c('Exa 404 (plain)', exa(exaPlain(404, 'Not found')), no('not_found')),
    c(
      'Exa 409 CONFLICT (envelope: the webset already exists)',
      exa(exaEnvelope(409, 'conflict_error', 'CONFLICT', 'A webset with this externalId exists.')),
      no('conflict'),
    ),
    c(
      'Exa 422 (plain)',
      exa(exaPlain(422, 'Unprocessable: url is not a valid URL')),
      no('validation'),
    ),
    c(
      'Exa 429 rate limit (plain, Retry-After dropped by the SDK)',
      exa(exaPlain(429, 'Rate limit exceeded', 'RATE_LIMIT_EXCEEDED', { 'retry-after': '3' })),
      wait('rate_limit'),
    ),
    c(
      'Exa 429 rate_limit_error (envelope)',
      exa(
        exaEnvelope(
          429,
          'rate_limit_error',
          'RATE_LIMIT_EXCEEDED',
          'Too many requests per second.',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Exa 500 (plain)',
      exa(exaPlain(500, 'Internal server error', 'INTERNAL_ERROR')),
      wait('internal'),
    ),
    c(
      'Exa 502 HTML from the proxy (not JSON)',
      exa(text(502, '<html><body>502 Bad Gateway</body></html>')),
      wait('unavailable'),
    ),
    c(
      'Exa 503 service unavailable (envelope)',
      exa(exaEnvelope(503, 'api_error', 'SERVICE_UNAVAILABLE', 'Exa is temporarily unavailable.')),
      wait('unavailable'),
    ),
    c(
      'Exa 504 text body',
      exa(text(504, 'upstream request timeout', { 'content-type': 'text/plain' })),
      wait('timeout'),
    ),
    c(
      'Exa getContents 400 NO_CONTENT_FOUND (envelope: nothing at those URLs)',
      () =>
        rejected(
          new Exa(
            'exa-key',
            base(
              '/contents',
              exaEnvelope(400, 'invalid_request_error', 'NO_CONTENT_FOUND', 'No content found.'),
            ),
          ).getContents(['https://example.com/gone']),
        ),
      no('not_found'),
    ),
    c(
      'Exa answer 401 (plain)',
      () =>
        rejected(
          new Exa('exa-key', base('/answer', exaPlain(401, 'Invalid API key'))).answer('why?'),
        ),
      no('auth'),
    ),
    c('Exa connection refused', exa(undefined), wait('unavailable')),
    c(
      'Exa 200 with a non-JSON body',
      exa(text(200, 'maintenance page', { 'content-type': 'text/plain' })),
      no('protocol'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Tavily (@tavily/core 0.7: a plain `Error` whose message is the body's `detail.error`, or
// `"<status> Error: <body>"` when there is none; "Request timed out after N seconds." for its
// timeout; "An unexpected error occurred ... AxiosError: ..." for a request that got no answer;
// `TavilyKeylessLimitError` with `capType` and `retryAfter` seconds for a keyless cap). The status
// is lost: a careful client reads the message Tavily documents for it. Reference:
// help.tavily.com "Errors Code" (400 bad request, 401 "Unauthorized: missing or invalid API
// key", 429 "Your request has been blocked due to excessive requests", 432 "This request exceeds
// your plan's set usage limit", 433 "This request exceeds the pay-as-you-go limit", 500) and
// docs.tavily.com/documentation/rate-limits (per-minute limits).
// ---------------------------------------------------------------------------------------------

const tavilyDetail = (status: number, error: string) => json(status, { detail: { error } });
const tavilySearch = (reply: Reply | undefined, timeout?: number) => () =>
  rejected(
    tavily({
      apiKey: 'tvly-key',
      apiBaseURL: reply === undefined ? refused : base('/search', reply),
    }).search('agents', timeout === undefined ? {} : { timeout }),
  );
const tavilyExtract = (reply: Reply) => () =>
  rejected(
    tavily({ apiKey: 'tvly-key', apiBaseURL: base('/extract', reply) }).extract([
      'https://example.com',
    ]),
  );
const tavilyKeyless = (reply: Reply) => () =>
  rejected(tavily({ apiBaseURL: base('/search', reply) }).search('agents'));
const keylessCap = (code: string, message: string, retryAfterS: number | null) =>
  json(429, { error: { code, message, retry_after_seconds: retryAfterS, next_actions: [] } });

describe('fresh Tavily errors', () => {
  freshCases('tavily', [
    c(
      'Tavily 401 "Unauthorized: missing or invalid API key."',
      tavilySearch(tavilyDetail(401, 'Unauthorized: missing or invalid API key.')),
      no('auth'),
    ),
    c(
      'Tavily 429 "blocked due to excessive requests"',
      tavilySearch(
        tavilyDetail(
          429,
          'Your request has been blocked due to excessive requests. Please reduce rate of requests.',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Tavily 432 plan usage limit',
      tavilySearch(
        tavilyDetail(
          432,
          "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
        ),
      ),
      no('quota'),
    ),
    c(
      'Tavily 433 pay-as-you-go limit',
      tavilySearch(
        tavilyDetail(
          433,
          'This request exceeds the pay-as-you-go limit. You can increase your limit on the Tavily dashboard.',
        ),
      ),
      no('quota'),
    ),
    c(
      'Tavily extract 432 plan usage limit',
      tavilyExtract(
        tavilyDetail(432, "This request exceeds your plan's set usage limit. Please upgrade."),
      ),
      no('quota'),
    ),
    c(
      'Tavily extract 401 invalid key',
      tavilyExtract(tavilyDetail(401, 'Unauthorized: missing or invalid API key.')),
      no('auth'),
    ),
    c(
      'Tavily extract 429 excessive requests',
      tavilyExtract(tavilyDetail(429, 'Your request has been blocked due to excessive requests.')),
      wait('rate_limit'),
    ),
    c(
      'Tavily 400 invalid topic',
      tavilySearch(tavilyDetail(400, 'Invalid topic. Must be one of general, news, finance.')),
      no('validation'),
    ),
    c(
      'Tavily 500 with no detail ("500 Error: {...}")',
      tavilySearch(json(500, { message: 'Internal Server Error' })),
      wait('internal'),
    ),
    c(
      'Tavily 429 with no detail ("429 Error: {...}")',
      tavilySearch(json(429, { message: 'Too Many Requests' }, { 'retry-after': '30' })),
      wait('rate_limit'),
    ),
    c(
      'Tavily 401 with no detail ("401 Error: {...}")',
      tavilySearch(json(401, { message: 'Unauthorized' })),
      no('auth'),
    ),
    c(
      'Tavily 403 with no detail ("403 Error: {...}")',
      tavilySearch(json(403, { message: 'Forbidden: crawl is not in your plan' })),
      no('permission'),
    ),
    c(
      'Tavily 503 with an HTML body ("503 Error: \\"<html>...\\"")',
      tavilySearch(text(503, '<html>Service Temporarily Unavailable</html>')),
      wait('unavailable'),
    ),
    c(
      'Tavily client timeout ("Request timed out after 0.04 seconds.")',
      tavilySearch(silent(5000), 0.04),
      wait('timeout'),
    ),
    c(
      'Tavily connection refused ("An unexpected error ... ECONNREFUSED")',
      tavilySearch(undefined),
      wait('unavailable'),
    ),
    c(
      'Tavily keyless hourly cap with retry_after_seconds',
      tavilyKeyless(keylessCap('hourly_limit', 'Keyless hourly limit reached.', 1200)),
      wait('rate_limit', 1_200_000),
    ),
    c(
      'Tavily keyless daily cap, no retry_after_seconds',
      tavilyKeyless(keylessCap('daily_limit', 'Keyless daily limit reached. Sign up.', null)),
      no('quota'),
    ),
    c(
      'Tavily keyless monthly cap',
      tavilyKeyless(keylessCap('monthly_limit', 'Keyless monthly limit reached.', null)),
      no('quota'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Browserbase (@browserbasehq/sdk 2.21, a Stainless SDK: `BadRequestError` 400,
// `AuthenticationError` 401, `PermissionDeniedError` 403, `NotFoundError` 404,
// `ConflictError` 409, `UnprocessableEntityError` 422, `RateLimitError` 429,
// `InternalServerError` 5xx, `APIError` for the rest; `APIConnectionError`,
// `APIConnectionTimeoutError`, `APIUserAbortError`; its own retry obeys `x-should-retry`, then
// 408, 409, 429, 5xx). Reference: docs.browserbase.com/optimizations/concurrency/overview (429
// when the concurrent-browser or per-minute session-creation limit is reached) and the API
// reference (402 when the plan's browser hours are used up).
// ---------------------------------------------------------------------------------------------

const bbError = (status: number, error: string, message: string, headers = {}) =>
  json(status, { statusCode: status, error, message }, headers);
const browserbase =
  (reply: Reply | undefined, options: { timeout?: number; abort?: boolean } = {}) =>
  () =>
    rejected(
      new Browserbase({
        apiKey: 'bb_key',
        baseURL: reply === undefined ? refused : base('/v1/sessions/s1', reply),
        maxRetries: 0,
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      }).sessions.retrieve('s1', options.abort ? { signal: AbortSignal.abort() } : {}),
    );

describe('fresh Browserbase errors', () => {
  freshCases('browserbase', [
    c(
      'Browserbase 400 BadRequestError',
      browserbase(bbError(400, 'Bad Request', 'body/projectId must be string')),
      no('validation'),
    ),
    c(
      'Browserbase 401 AuthenticationError',
      browserbase(bbError(401, 'Unauthorized', 'Invalid API key')),
      no('auth'),
    ),
    c(
      'Browserbase 402 browser minutes used up',
      browserbase(
        bbError(
          402,
          'Payment Required',
          'You have used all browser minutes included in your plan.',
        ),
      ),
      no('quota'),
    ),
    c(
      'Browserbase 403 PermissionDeniedError',
      browserbase(bbError(403, 'Forbidden', 'Project does not belong to this API key')),
      no('permission'),
    ),
    c(
      'Browserbase 404 NotFoundError',
      browserbase(bbError(404, 'Not Found', 'Session s1 not found')),
      no('not_found'),
    ),
    c(
      'Browserbase 408 request timeout (the SDK retries it)',
      browserbase(bbError(408, 'Request Timeout', 'Request timed out')),
      wait('timeout'),
    ),
    c(
      'Browserbase 409 ConflictError (the SDK retries it)',
      browserbase(bbError(409, 'Conflict', 'Session is being updated by another request')),
      wait('conflict'),
    ),
    c(
      'Browserbase 409 with x-should-retry: false (session already completed)',
      browserbase(
        bbError(409, 'Conflict', 'Session has already completed', { 'x-should-retry': 'false' }),
      ),
      no('conflict'),
    ),
    c(
      'Browserbase 422 UnprocessableEntityError',
      browserbase(bbError(422, 'Unprocessable Entity', 'status must be REQUEST_RELEASE')),
      no('validation'),
    ),
    c(
      'Browserbase 429 concurrent sessions, Retry-After: 20',
      browserbase(
        bbError(429, 'Too Many Requests', 'You have reached the max concurrent sessions limit', {
          'retry-after': '20',
        }),
      ),
      wait('rate_limit', 20_000),
    ),
    c(
      'Browserbase 429 session creation limit, retry-after-ms',
      browserbase(
        bbError(429, 'Too Many Requests', 'Session creation rate limit exceeded', {
          'retry-after-ms': '1500',
        }),
      ),
      wait('rate_limit', 1500),
    ),
    c(
      'Browserbase 429, Retry-After as an HTTP date',
      browserbase(
        bbError(429, 'Too Many Requests', 'Rate limit exceeded', {
          date: DATE,
          'retry-after': dateIn(9),
        }),
      ),
      wait('rate_limit', 9000),
    ),
    c(
      'Browserbase 429, no header',
      browserbase(bbError(429, 'Too Many Requests', 'Rate limit exceeded')),
      wait('rate_limit'),
    ),
    c(
      'Browserbase 500 InternalServerError',
      browserbase(bbError(500, 'Internal Server Error', 'Something went wrong')),
      wait('internal'),
    ),
    c(
      'Browserbase 502 text body',
      browserbase(text(502, 'Bad Gateway', { 'content-type': 'text/plain' })),
      wait('unavailable'),
    ),
    c(
      'Browserbase 503 with x-should-retry: false',
      browserbase(
        bbError(503, 'Service Unavailable', 'Region is draining', { 'x-should-retry': 'false' }),
      ),
      no('unavailable'),
    ),
    c(
      'Browserbase 503 Service Unavailable',
      browserbase(bbError(503, 'Service Unavailable', 'Try again shortly')),
      wait('unavailable'),
    ),
    c(
      'Browserbase 504 gateway timeout',
      browserbase(bbError(504, 'Gateway Timeout', 'Upstream timed out')),
      wait('timeout'),
    ),
    c(
      'Browserbase 400 with x-should-retry: true',
      browserbase(
        bbError(400, 'Bad Request', 'Browser not ready, try again', { 'x-should-retry': 'true' }),
      ),
      wait('validation'),
    ),
    c(
      'Browserbase connection refused (APIConnectionError)',
      browserbase(undefined),
      wait('unavailable'),
    ),
    c(
      'Browserbase client timeout (APIConnectionTimeoutError)',
      browserbase(silent(5000), { timeout: 40 }),
      wait('timeout'),
    ),
    c(
      'Browserbase aborted request (APIUserAbortError)',
      browserbase(json(200, {}), { abort: true }),
      no('cancelled'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Resend (resend 6.38: returns `{ data: null, error: { name, message, statusCode }, headers }`
// instead of throwing; a body that is not JSON becomes `application_error` with the status; a
// request that got no answer `application_error` with `statusCode: null`; the SDK's own checks
// `missing_required_field` / `invalid_parameter` with `statusCode: null`). Reference:
// resend.com/docs/api-reference/errors (400 validation_error / invalid_idempotency_key, 401
// missing_api_key / restricted_api_key, 403 invalid_api_key and validation_error for an
// unverified domain, 404 not_found, 405 method_not_allowed, 409 invalid_idempotent_request and
// concurrent_idempotent_requests "try the request again later", 422 invalid_attachment /
// invalid_from_address / invalid_access / invalid_parameter / invalid_region /
// missing_required_field, 429 rate_limit_exceeded "read the response headers" versus
// daily_quota_exceeded / monthly_quota_exceeded "upgrade or wait until the quota resets", 451
// security_error, 500 application_error / internal_server_error "try again later") and
// resend.com/docs/api-reference/rate-limit (`ratelimit-limit`, `ratelimit-remaining`,
// `ratelimit-reset` seconds, `retry-after`).
// ---------------------------------------------------------------------------------------------

const resendError = (status: number, name: string, message: string, headers = {}) =>
  json(status, { statusCode: status, name, message }, headers);
const email = { from: 'a@example.com', to: 'b@example.com', subject: 'hi', html: '<p>hi</p>' };
/** What `resend.emails.send` returned: the value a careful caller decodes. */
const resendSend = (reply: Reply | undefined, idempotencyKey?: string) => async () =>
  new Resend('re_key', {
    baseUrl: reply === undefined ? refused : base('/emails', reply),
  }).emails.send(email, idempotencyKey === undefined ? {} : { idempotencyKey });
/** Only the `error` member of what `resend.domains.get` returned. */
const resendDomainError = (reply: Reply) => async () =>
  (await new Resend('re_key', { baseUrl: base('/domains/d1', reply) }).domains.get('d1')).error;

describe('fresh Resend returned errors', () => {
  freshCases('resend', [
    c(
      'Resend 429 rate_limit_exceeded, retry-after: 1',
      resendSend(
        resendError(
          429,
          'rate_limit_exceeded',
          'Too many requests. Please limit the number of requests per second.',
          {
            'retry-after': '1',
            'ratelimit-limit': '2',
            'ratelimit-remaining': '0',
            'ratelimit-reset': '1',
          },
        ),
      ),
      wait('rate_limit', 1000),
    ),
    c(
      'Resend 429 rate_limit_exceeded, ratelimit-reset only',
      resendSend(
        resendError(429, 'rate_limit_exceeded', 'Too many requests.', {
          'ratelimit-limit': '2',
          'ratelimit-remaining': '0',
          'ratelimit-reset': '2',
        }),
      ),
      wait('rate_limit', 2000),
    ),
    c(
      'Resend 429 rate_limit_exceeded, no header',
      resendSend(resendError(429, 'rate_limit_exceeded', 'Too many requests.')),
      wait('rate_limit'),
    ),
    c(
      'Resend 429 daily_quota_exceeded',
      resendSend(
        resendError(
          429,
          'daily_quota_exceeded',
          'You have reached your daily email sending quota.',
          {
            'retry-after': '86400',
          },
        ),
      ),
      no('quota'),
    ),
    c(
      'Resend 429 monthly_quota_exceeded',
      resendSend(
        resendError(
          429,
          'monthly_quota_exceeded',
          'You have reached your monthly email sending quota.',
        ),
      ),
      no('quota'),
    ),
    c(
      'Resend 400 validation_error',
      resendSend(
        resendError(
          400,
          'validation_error',
          'Invalid `to` field. The email address needs to follow the `email@example.com` format.',
        ),
      ),
      no('validation'),
    ),
    c(
      'Resend 400 invalid_idempotency_key',
      resendSend(
        resendError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'),
        'k',
      ),
      no('validation'),
    ),
    c(
      'Resend 401 missing_api_key',
      resendSend(
        resendError(401, 'missing_api_key', 'Missing API key in the authorization header.'),
      ),
      no('auth'),
    ),
    c(
      'Resend 401 restricted_api_key (a valid key without the access)',
      resendDomainError(
        resendError(401, 'restricted_api_key', 'This API key is restricted to only send emails.'),
      ),
      no('permission'),
    ),
    c(
      'Resend 403 invalid_api_key',
      resendSend(resendError(403, 'invalid_api_key', 'API key is invalid.')),
      no('auth'),
    ),
    c(
      'Resend 403 validation_error (domain not verified)',
      resendSend(
        resendError(
          403,
          'validation_error',
          'The example.com domain is not verified. Please, add and verify your domain.',
        ),
      ),
      no('validation'),
    ),
    c(
      'Resend 404 not_found',
      resendDomainError(resendError(404, 'not_found', 'Domain not found')),
      no('not_found'),
    ),
    c(
      'Resend 405 method_not_allowed',
      resendSend(
        resendError(405, 'method_not_allowed', 'Method is not allowed for the requested path.'),
      ),
      no('validation'),
    ),
    c(
      'Resend 409 invalid_idempotent_request (same key, other payload)',
      resendSend(
        resendError(
          409,
          'invalid_idempotent_request',
          'Same idempotency key used with a different request payload.',
        ),
        'k1',
      ),
      no('conflict'),
    ),
    c(
      'Resend 409 concurrent_idempotent_requests ("try again later")',
      resendSend(
        resendError(
          409,
          'concurrent_idempotent_requests',
          'Same idempotency key used while original request is still in progress.',
        ),
        'k2',
      ),
      wait('conflict'),
    ),
    c(
      'Resend 422 invalid_from_address',
      resendSend(resendError(422, 'invalid_from_address', 'Invalid `from` field.')),
      no('validation'),
    ),
    c(
      'Resend 422 invalid_attachment',
      resendSend(
        resendError(
          422,
          'invalid_attachment',
          'Attachment must have either a `content` or `path`.',
        ),
      ),
      no('validation'),
    ),
    c(
      'Resend 422 missing_required_field (from the server)',
      resendSend(resendError(422, 'missing_required_field', 'Missing `to` field.')),
      no('validation'),
    ),
    c(
      'Resend 422 invalid_region',
      resendDomainError(
        resendError(422, 'invalid_region', 'Region must be us-east-1 | eu-west-1 | sa-east-1.'),
      ),
      no('validation'),
    ),
    c(
      'Resend 451 security_error',
      resendSend(
        resendError(451, 'security_error', 'We may have found a security issue with the request.'),
      ),
      no('permission'),
    ),
    c(
      'Resend 500 application_error',
      resendSend(resendError(500, 'application_error', 'An unexpected error occurred.')),
      wait('internal'),
    ),
    c(
      'Resend 500 internal_server_error',
      resendDomainError(resendError(500, 'internal_server_error', 'An unexpected error occurred.')),
      wait('internal'),
    ),
    c(
      'Resend 502 HTML (the SDK says application_error with the status)',
      resendSend(text(502, '<html>502 Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c(
      'Resend connection refused (application_error, statusCode null)',
      resendSend(undefined),
      wait('unavailable'),
    ),
    c(
      'Resend the SDK refuses a `.` path segment (invalid_parameter, no request)',
      async () => (await new Resend('re_key', { baseUrl: refused }).domains.get('..')).error,
      no('validation'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// GitLab through Gitbeaker (@gitbeaker/rest 43: `GitbeakerRequestError` whose `cause` holds
// `description`, the `Request` and the fetch `Response` (status and headers, body read); its
// own retry of 429 and 502 ten times, then `GitbeakerRetryError` saying the last status;
// `GitbeakerTimeoutError` when `queryTimeout` passes). Reference:
// docs.gitlab.com/api/rest/troubleshooting (400 required attribute missing, 401 not
// authenticated, 403 not allowed, 404 not found, 405, 409 conflicting resource, 412 the
// If-Unmodified-Since / ETag precondition, 422 cannot be processed, 429 rate limited, 500, 503)
// and docs.gitlab.com/security/rate_limits (429 with `Retry-After`, `RateLimit-Reset`).
// ---------------------------------------------------------------------------------------------

const gitlab = (reply: Reply | undefined, queryTimeout?: number) => () =>
  rejected(
    new Gitlab({
      host: reply === undefined ? refused : base('/api/v4/projects/1', reply),
      token: 'glpat-x',
      ...(queryTimeout === undefined ? {} : { queryTimeout }),
    }).Projects.show(1),
  );
const glMessage = (status: number, message: unknown, headers = {}) =>
  json(status, { message }, headers);

describe('fresh GitLab (Gitbeaker) errors', () => {
  freshCases('gitbeaker', [
    c('GitLab 401 Unauthorized', gitlab(glMessage(401, '401 Unauthorized')), no('auth')),
    c(
      'GitLab 401 invalid_token (OAuth, token expired)',
      gitlab(
        json(401, {
          error: 'invalid_token',
          error_description:
            'Token is expired. You can either do re-authorization or token refresh.',
        }),
      ),
      no('auth'),
    ),
    c('GitLab 403 Forbidden', gitlab(glMessage(403, '403 Forbidden')), no('permission')),
    c(
      'GitLab 403 insufficient_scope',
      gitlab(
        json(403, {
          error: 'insufficient_scope',
          error_description:
            'The request requires higher privileges than provided by the access token.',
          scope: 'api read_api',
        }),
      ),
      no('permission'),
    ),
    c(
      'GitLab 404 Project Not Found',
      gitlab(glMessage(404, '404 Project Not Found')),
      no('not_found'),
    ),
    c(
      'GitLab 404 Not found (route)',
      gitlab(json(404, { error: '404 Not Found' })),
      no('not_found'),
    ),
    c(
      'GitLab 400 attribute missing',
      gitlab(json(400, { error: 'name is missing' })),
      no('validation'),
    ),
    c(
      'GitLab 400 field errors (message object)',
      gitlab(glMessage(400, { name: ["can contain only letters, digits, '_', '-' and '.'"] })),
      no('validation'),
    ),
    c(
      'GitLab 405 Method Not Allowed',
      gitlab(glMessage(405, '405 Method Not Allowed')),
      no('validation'),
    ),
    c(
      'GitLab 409 conflict (already exists)',
      gitlab(glMessage(409, 'Branch already exists')),
      no('conflict'),
    ),
    c(
      'GitLab 409 message list (already taken)',
      gitlab(glMessage(409, ['Email has already been taken'])),
      no('conflict'),
    ),
    c(
      'GitLab 412 precondition failed',
      gitlab(glMessage(412, '412 Precondition Failed')),
      no('conflict'),
    ),
    c(
      'GitLab 422 unprocessable',
      gitlab(glMessage(422, 'Milestone due date must be after the start date')),
      no('validation'),
    ),
    c(
      'GitLab 429 retried ten times by the client (GitbeakerRetryError)',
      gitlab(glMessage(429, 'Retry later', { 'retry-after': '0', 'ratelimit-remaining': '0' })),
      wait('rate_limit'),
    ),
    c(
      'GitLab 502 retried ten times by the client (GitbeakerRetryError)',
      gitlab(text(502, '<html>502 GitLab is not responding</html>')),
      wait('unavailable'),
    ),
    c(
      'GitLab 500 Internal Server Error',
      gitlab(glMessage(500, '500 Internal Server Error')),
      wait('internal'),
    ),
    c(
      'GitLab 503 maintenance, Retry-After: 60',
      gitlab(
        text(503, 'GitLab is down for maintenance', {
          'content-type': 'text/plain',
          'retry-after': '60',
        }),
      ),
      wait('unavailable', 60_000),
    ),
    c(
      'GitLab 503 JSON, Retry-After as an HTTP date',
      gitlab(glMessage(503, '503 Service Unavailable', { date: DATE, 'retry-after': dateIn(30) })),
      wait('unavailable', 30_000),
    ),
    c(
      'GitLab 504 gateway timeout',
      gitlab(text(504, 'Gateway Timeout', { 'content-type': 'text/plain' })),
      wait('timeout'),
    ),
    c(
      'GitLab 403 protected branch (message)',
      gitlab(glMessage(403, 'You are not allowed to push into this branch')),
      no('permission'),
    ),
    c('GitLab client timeout (GitbeakerTimeoutError)', gitlab(silent(5000), 40), wait('timeout')),
    c('GitLab connection refused', gitlab(undefined), wait('unavailable')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Airtable (airtable 0.12: rejects with an `AirtableError` — not an `Error` — holding `error`
// (its code), `message` and `statusCode`; codes set from the status: 401
// AUTHENTICATION_REQUIRED, 403 NOT_AUTHORIZED, 404 NOT_FOUND, 413 REQUEST_TOO_LARGE, 422 the
// body's type, 429 TOO_MANY_REQUESTS, 500 SERVER_ERROR, 503 SERVICE_UNAVAILABLE, any other the
// body's type; CONNECTION_ERROR when fetch fails (its own timer aborts it at `requestTimeout`);
// UNEXPECTED_ERROR for a body that is not JSON; it retries 429 itself unless
// `noRetryIfRateLimited`). Reference: airtable.com/developers/web/api/errors (400
// INVALID_REQUEST_UNKNOWN, 401, 402 PAYMENT_REQUIRED "hits a quota", 403 NOT_AUTHORIZED /
// INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND, 404 NOT_FOUND, 413, 422 INVALID_REQUEST /
// UNKNOWN_FIELD_NAME / INVALID_VALUE_FOR_COLUMN, 429 "wait 30 seconds", 500, 502, 503) and
// airtable.com/developers/web/api/rate-limits (5 requests per second per base).
// ---------------------------------------------------------------------------------------------

const atError = (status: number, type: string, message?: string) =>
  json(status, { error: message === undefined ? type : { type, message } });
const airtable = (reply: Reply | undefined, requestTimeout?: number) => () =>
  rejected(
    new Airtable({
      apiKey: 'pat_x',
      endpointUrl: reply === undefined ? refused : base('/v0/appX/Tasks/rec1', reply),
      noRetryIfRateLimited: true,
      ...(requestTimeout === undefined ? {} : { requestTimeout }),
    })
      .base('appX')
      .table('Tasks')
      .find('rec1'),
  );

describe('fresh Airtable errors', () => {
  freshCases('airtable', [
    c(
      'Airtable 401 AUTHENTICATION_REQUIRED',
      airtable(atError(401, 'AUTHENTICATION_REQUIRED', 'Authentication required')),
      no('auth'),
    ),
    c(
      'Airtable 403 INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
      airtable(
        atError(
          403,
          'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
          'Invalid permissions, or the requested model was not found.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Airtable 403 NOT_AUTHORIZED (string error)',
      airtable(atError(403, 'NOT_AUTHORIZED')),
      no('permission'),
    ),
    c(
      'Airtable 422 INVALID_REQUEST_MISSING_FIELDS',
      airtable(
        atError(
          422,
          'INVALID_REQUEST_MISSING_FIELDS',
          'Could not find field "fields" in the request body',
        ),
      ),
      no('validation'),
    ),
    c(
      'Airtable 404 NOT_FOUND (string error)',
      airtable(atError(404, 'NOT_FOUND')),
      no('not_found'),
    ),
    c(
      'Airtable 404 MODEL_ID_NOT_FOUND',
      airtable(atError(404, 'MODEL_ID_NOT_FOUND', 'Record not found')),
      no('not_found'),
    ),
    c(
      'Airtable 422 UNKNOWN_FIELD_NAME',
      airtable(atError(422, 'UNKNOWN_FIELD_NAME', 'Unknown field name: "Stauts"')),
      no('validation'),
    ),
    c(
      'Airtable 422 INVALID_VALUE_FOR_COLUMN',
      airtable(
        atError(422, 'INVALID_VALUE_FOR_COLUMN', 'Field "Due" cannot accept the provided value'),
      ),
      no('validation'),
    ),
    c(
      'Airtable 422 INVALID_MULTIPLE_CHOICE_OPTIONS',
      airtable(
        atError(
          422,
          'INVALID_MULTIPLE_CHOICE_OPTIONS',
          'Insufficient permissions to create new select option ""Done""',
        ),
      ),
      no('validation'),
    ),
    c(
      'Airtable 422 ROW_DOES_NOT_EXIST',
      airtable(atError(422, 'ROW_DOES_NOT_EXIST', 'Record ID recX does not exist in this table')),
      no('not_found'),
    ),
    c(
      'Airtable 400 INVALID_REQUEST_UNKNOWN',
      airtable(
        atError(400, 'INVALID_REQUEST_UNKNOWN', 'Invalid request: parameter validation failed.'),
      ),
      no('validation'),
    ),
    c(
      'Airtable 402 PAYMENT_REQUIRED (plan quota)',
      airtable(
        atError(402, 'PAYMENT_REQUIRED', 'You have exceeded the API usage limit for your plan.'),
      ),
      no('quota'),
    ),
    c(
      'Airtable 413 REQUEST_TOO_LARGE',
      airtable(atError(413, 'REQUEST_TOO_LARGE', 'Request body is too large')),
      no('validation'),
    ),
    c(
      'Airtable 429 TOO_MANY_REQUESTS (noRetryIfRateLimited)',
      airtable(atError(429, 'TOO_MANY_REQUESTS', 'Rate limit exceeded. Please try again later')),
      wait('rate_limit'),
    ),
    c(
      'Airtable 500 SERVER_ERROR',
      airtable(atError(500, 'SERVER_ERROR', 'Server error')),
      wait('internal'),
    ),
    c(
      'Airtable 502 (body type kept)',
      airtable(atError(502, 'BAD_GATEWAY', 'Bad gateway')),
      wait('unavailable'),
    ),
    c(
      'Airtable 503 SERVICE_UNAVAILABLE',
      airtable(atError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable')),
      wait('unavailable'),
    ),
    c(
      'Airtable 504 (UNEXPECTED_ERROR from a non-JSON body)',
      airtable(text(504, '<html>Gateway Timeout</html>')),
      wait('timeout'),
    ),
    c(
      'Airtable 500 HTML (UNEXPECTED_ERROR, invalid JSON)',
      airtable(text(500, '<html>oops</html>')),
      wait('internal'),
    ),
    c('Airtable connection refused (CONNECTION_ERROR)', airtable(undefined), wait('unavailable')),
    c(
      'Airtable requestTimeout passes (find: node-fetch AbortError from the client timer)',
      airtable(silent(5000), 40),
      wait('timeout'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// HubSpot (@hubspot/api-client 13.5, openapi-generator: `ApiException` with `code` (the status),
// `body` (HubSpot's `{ status, message, correlationId, category, errorType, policyName,
// subCategory }`) and `headers`; its own retry decorator off with `numberOfApiCallRetries: 0`).
// Reference: developers.hubspot.com/docs/api/error-handling (400 VALIDATION_ERROR, 401
// INVALID_AUTHENTICATION / EXPIRED_AUTHENTICATION, 403 MISSING_SCOPES, 404 OBJECT_NOT_FOUND, 409
// CONFLICT, 415, 423 Locked "wait at least 2 seconds", 429 RATE_LIMITS whose `policyName` says
// which limit — TEN_SECONDLY_ROLLING / SECONDLY wait, DAILY until midnight, 477 Migration in
// Progress with Retry-After, 502/504 timeouts, 503, 521 web server down) and
// developers.hubspot.com/docs/api/usage-details (the daily limit resets at midnight).
// ---------------------------------------------------------------------------------------------

const hsError = (status: number, category: string, message: string, extra = {}, headers = {}) =>
  json(
    status,
    {
      status: 'error',
      message,
      correlationId: 'c0ffee00-0000-4000-8000-000000000001',
      category,
      ...extra,
    },
    headers,
  );
const hubspot = (reply: Reply | undefined) => () =>
  rejected(
    new HubSpot({
      accessToken: 'pat-x',
      basePath: reply === undefined ? refused : base('/crm/v3/objects/contacts/1', reply),
      numberOfApiCallRetries: 0,
    }).crm.contacts.basicApi.getById('1'),
  );

describe('fresh HubSpot errors', () => {
  freshCases('hubspot', [
    c(
      'HubSpot 429 RATE_LIMITS TEN_SECONDLY_ROLLING',
      hubspot(
        hsError(
          429,
          'RATE_LIMITS',
          'You have reached your ten_secondly_rolling limit.',
          {
            errorType: 'RATE_LIMIT',
            policyName: 'TEN_SECONDLY_ROLLING',
          },
          {
            'x-hubspot-ratelimit-interval-milliseconds': '10000',
            'x-hubspot-ratelimit-max': '100',
            'x-hubspot-ratelimit-remaining': '0',
          },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'HubSpot 429 RATE_LIMITS SECONDLY, Retry-After: 1',
      hubspot(
        hsError(
          429,
          'RATE_LIMITS',
          'You have reached your secondly limit.',
          {
            errorType: 'RATE_LIMIT',
            policyName: 'SECONDLY',
          },
          { 'retry-after': '1' },
        ),
      ),
      wait('rate_limit', 1000),
    ),
    c(
      'HubSpot 429 RATE_LIMITS DAILY (resets at midnight)',
      hubspot(
        hsError(
          429,
          'RATE_LIMITS',
          'You have reached your daily limit.',
          {
            errorType: 'RATE_LIMIT',
            policyName: 'DAILY',
          },
          { 'x-hubspot-ratelimit-daily-remaining': '0', 'x-hubspot-ratelimit-daily': '250000' },
        ),
      ),
      no('quota'),
    ),
    c(
      'HubSpot 429 legacy body (errorType RATE_LIMIT, policyName DAILY, no category)',
      hubspot(
        json(429, {
          status: 'error',
          message: 'You have reached your daily limit.',
          errorType: 'RATE_LIMIT',
          correlationId: 'c1',
          policyName: 'DAILY',
        }),
      ),
      no('quota'),
    ),
    c(
      'HubSpot 429 legacy body, TEN_SECONDLY_ROLLING',
      hubspot(
        json(429, {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          correlationId: 'c2',
          policyName: 'TEN_SECONDLY_ROLLING',
        }),
      ),
      wait('rate_limit'),
    ),
    c(
      'HubSpot 400 VALIDATION_ERROR',
      hubspot(hsError(400, 'VALIDATION_ERROR', 'Property values were not valid: email')),
      no('validation'),
    ),
    c(
      'HubSpot 400 INVALID_EMAIL subCategory',
      hubspot(
        hsError(400, 'VALIDATION_ERROR', 'Email address x is invalid', {
          subCategory: 'CrmObjectsPropertyValidationError.INVALID_EMAIL',
        }),
      ),
      no('validation'),
    ),
    c(
      'HubSpot 401 INVALID_AUTHENTICATION',
      hubspot(hsError(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.')),
      no('auth'),
    ),
    c(
      'HubSpot 401 EXPIRED_AUTHENTICATION',
      hubspot(
        hsError(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired.'),
      ),
      no('auth'),
    ),
    c(
      'HubSpot 403 MISSING_SCOPES',
      hubspot(
        hsError(403, 'MISSING_SCOPES', "This app hasn't been granted all required scopes.", {
          errors: [
            {
              message: 'missing scope',
              context: { requiredGranularScopes: ['crm.objects.contacts.read'] },
            },
          ],
        }),
      ),
      no('permission'),
    ),
    c(
      'HubSpot 404 OBJECT_NOT_FOUND',
      hubspot(hsError(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.')),
      no('not_found'),
    ),
    c(
      'HubSpot 409 CONFLICT (contact already exists)',
      hubspot(hsError(409, 'CONFLICT', 'Contact already exists. Existing ID: 101')),
      no('conflict'),
    ),
    c(
      'HubSpot 415 unsupported media type',
      hubspot(hsError(415, 'VALIDATION_ERROR', 'Unsupported Media Type')),
      no('validation'),
    ),
    c(
      'HubSpot 423 Locked (wait at least 2 seconds)',
      hubspot(hsError(423, 'LOCKED', 'The portal is syncing data; try again in a few seconds.')),
      wait('conflict'),
    ),
    c(
      'HubSpot 477 Migration in Progress, Retry-After: 45',
      hubspot(
        hsError(
          477,
          'MIGRATION_IN_PROGRESS',
          'The account is being migrated between data hosting locations.',
          {},
          {
            'retry-after': '45',
          },
        ),
      ),
      wait('unavailable', 45_000),
    ),
    c(
      'HubSpot 400 with a text body',
      hubspot(text(400, 'Bad Request', { 'content-type': 'text/plain' })),
      no('validation'),
    ),
    c(
      'HubSpot 500 Internal Server Error',
      hubspot(hsError(500, 'INTERNAL_ERROR', 'Internal error')),
      wait('internal'),
    ),
    c(
      'HubSpot 502 timeout from the edge (HTML)',
      hubspot(text(502, '<html>502 Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c(
      'HubSpot 503 Service Unavailable, Retry-After as an HTTP date',
      hubspot(
        hsError(
          503,
          'SERVICE_UNAVAILABLE',
          'Service temporarily unavailable',
          {},
          {
            date: DATE,
            'retry-after': dateIn(15),
          },
        ),
      ),
      wait('unavailable', 15_000),
    ),
    c(
      'HubSpot 504 gateway timeout',
      hubspot(text(504, 'Gateway Timeout', { 'content-type': 'text/plain' })),
      wait('timeout'),
    ),
    c(
      'HubSpot 521 web server down (Cloudflare)',
      hubspot(text(521, '<html>Web server is down</html>')),
      wait('unavailable'),
    ),
    c(
      'HubSpot connection refused (node-fetch FetchError)',
      hubspot(undefined),
      wait('unavailable'),
    ),
  ]);
});

// The sixth fresh case set for the HTTP-side families (issue 36), measured as a reviewer
// measures them: each case walks a row of a service's own published error reference that no
// other test here builds — file storage (Dropbox, Box), work tools (Asana, Airtable, Trello,
// Bitbucket, GitLab), operations (PagerDuty, Datadog, Cloudflare's v4 API, Vercel, Netlify),
// messaging (Intercom, Brevo, Postmark, Resend, Zoom, Spotify), payments (PayPal, Plaid,
// Square), identity (Auth0, Okta, Clerk), search and vector stores (Elasticsearch/OpenSearch,
// Algolia, Pinecone, Qdrant, Weaviate, Chroma, Mux) and OpenRouter — built by a real client (got,
// ky, axios, or fetch read into status, headers and text; the OpenAI SDK for OpenRouter)
// against a 127.0.0.1 server answering as the service documents. Each family's comment cites
// the reference its cases and expectations come from. FRESH_SCORE=1 prints the score.
import axios from 'axios';
import got from 'got';
import ky from 'ky';
import { describe } from 'vitest';
import { no, rejected, wait } from './helpers/fresh-cases.js';
import {
  freshServer,
  json,
  openaiChat,
  freshCase as c,
  responseCases as freshCases,
} from './helpers/fresh-http.js';
import type { Reply } from './helpers/reply-server.js';

const { answer, base } = freshServer('f6');
/** The server's clock on each reply that states a reset time, so the wait is exact. */
const DATE = 'Sat, 28 Nov 2026 00:00:00 GMT';
const DATE_S = Date.parse(DATE) / 1000;
/** An HTTP date `s` seconds after {@link DATE}. */
const dateIn = (s: number) => new Date((DATE_S + s) * 1000).toUTCString();

// The clients a tool calls a REST API with when the service has no SDK among ours: each builds
// the error (or, for fetch, the response a careful caller hands to decode) its own way.
type Via = (reply: Reply) => () => Promise<unknown>;
const got_: Via = (reply) => () => rejected(got(answer(reply), { retry: { limit: 0 } }));
const ky_: Via = (reply) => () => rejected(ky(answer(reply), { retry: 0 }));
const axios_: Via = (reply) => () => rejected(axios.get(answer(reply)));
/** What a caller of plain fetch decodes: the response read into status, headers and text. */
const fetch_: Via = (reply) => async () => {
  const res = await fetch(answer(reply), { method: 'POST', body: '{}' });
  return { status: res.status, headers: res.headers, body: await res.text() };
};
/** A plain-text reply. */
const text = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/plain', ...headers },
  body,
});

// ---------------------------------------------------------------------------------------------
// File storage. Dropbox: developers.dropbox.com/error-handling-guide and the HTTP API reference
// (www.dropbox.com/developers/documentation/http/documentation, "Errors": 400 bad input as text,
// 401 `invalid_access_token`/`expired_access_token`, 403 access errors, 409 an endpoint's own
// error with `error_summary` tags such as `path/not_found/..`, 429 `too_many_requests` or
// `too_many_write_operations` with `Retry-After` and `error.retry_after`, 5xx retry). Box:
// developer.box.com/guides/api-calls/permissions-and-errors/common-errors (`{ type: 'error',
// status, code, message }`; 409 `operation_blocked_temporary` "retry"; 403
// `storage_limit_exceeded`).
// ---------------------------------------------------------------------------------------------

const dropbox = (status: number, summary: string, error: unknown, headers = {}) =>
  json(status, { error_summary: summary, error }, headers);
const tag = (t: string, inner?: Record<string, unknown>) => ({ '.tag': t, ...inner });
const box = (status: number, code: string, message: string, headers = {}) =>
  json(
    status,
    { type: 'error', status, code, message, help_url: 'http://developers.box.com/docs/#errors' },
    { 'box-request-id': 'b1', ...headers },
  );

describe('fresh file storage errors (round 6)', () => {
  freshCases('dropbox', [
    c(
      'Dropbox 409 path/not_found',
      got_(dropbox(409, 'path/not_found/..', tag('path', { path: tag('not_found') }))),
      no('not_found'),
    ),
    c(
      'Dropbox 409 path/conflict/file',
      ky_(dropbox(409, 'path/conflict/file/..', tag('path', { path: tag('conflict') }))),
      no('conflict'),
    ),
    c(
      'Dropbox 409 path/insufficient_space (the account is full)',
      axios_(
        dropbox(
          409,
          'path/insufficient_space/...',
          tag('path', { path: tag('insufficient_space') }),
        ),
      ),
      no('quota'),
    ),
    c(
      'Dropbox 409 path/no_write_permission',
      fetch_(
        dropbox(
          409,
          'path/no_write_permission/..',
          tag('path', { path: tag('no_write_permission') }),
        ),
      ),
      no('permission'),
    ),
    c(
      'Dropbox 409 path/malformed_path',
      got_(dropbox(409, 'path/malformed_path/.', tag('path', { path: tag('malformed_path') }))),
      no('validation'),
    ),
    c(
      'Dropbox 409 path/disallowed_name',
      ky_(dropbox(409, 'path/disallowed_name/', tag('path', { path: tag('disallowed_name') }))),
      no('validation'),
    ),
    c(
      'Dropbox 409 from_lookup/not_found (move)',
      axios_(
        dropbox(
          409,
          'from_lookup/not_found/.',
          tag('from_lookup', { from_lookup: tag('not_found') }),
        ),
      ),
      no('not_found'),
    ),
    c(
      'Dropbox 409 path/too_many_write_operations ("retry this request")',
      got_(
        dropbox(
          409,
          'path/too_many_write_operations/...',
          tag('path', { path: tag('too_many_write_operations') }),
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Dropbox 429 too_many_requests with Retry-After: 300',
      ky_(
        dropbox(
          429,
          'too_many_requests/',
          { reason: tag('too_many_requests'), retry_after: 300 },
          { 'retry-after': '300' },
        ),
      ),
      wait('rate_limit', 300_000),
    ),
    c(
      'Dropbox 429 too_many_write_operations, the wait in the body only',
      fetch_(
        dropbox(429, 'too_many_write_operations/..', {
          reason: tag('too_many_write_operations'),
          retry_after: 1,
        }),
      ),
      wait('rate_limit', 1000),
    ),
    c(
      'Dropbox 401 expired_access_token',
      axios_(dropbox(401, 'expired_access_token/..', tag('expired_access_token'))),
      no('auth'),
    ),
    c(
      'Dropbox 401 invalid_access_token',
      got_(dropbox(401, 'invalid_access_token/...', tag('invalid_access_token'))),
      no('auth'),
    ),
    c(
      'Dropbox 400 bad input as text',
      ky_(
        text(
          400,
          'Error in call to API function "files/list_folder": request body: could not decode input as JSON',
        ),
      ),
      no('validation'),
    ),
    c(
      'Dropbox 503 with Retry-After: 10',
      got_(text(503, 'Service Unavailable', { 'retry-after': '10' })),
      wait('unavailable', 10_000),
    ),
    c(
      'Dropbox 409 shared_link_already_exists',
      axios_(dropbox(409, 'shared_link_already_exists/..', tag('shared_link_already_exists'))),
      no('conflict'),
    ),
  ]);

  freshCases('box', [
    c('Box 404 not_found', got_(box(404, 'not_found', 'Not Found')), no('not_found')),
    c(
      'Box 409 item_name_in_use',
      ky_(box(409, 'item_name_in_use', 'Item with the same name already exists')),
      no('conflict'),
    ),
    c(
      'Box 412 precondition_failed (If-Match etag)',
      axios_(
        box(
          412,
          'precondition_failed',
          'The resource has been modified. Please retrieve the resource again and retry',
        ),
      ),
      no('conflict'),
    ),
    c(
      'Box 429 rate_limit_exceeded with Retry-After: 2',
      fetch_(
        box(429, 'rate_limit_exceeded', 'Request rate limit exceeded, please try again later', {
          'retry-after': '2',
        }),
      ),
      wait('rate_limit', 2000),
    ),
    c(
      'Box 403 access_denied_insufficient_permissions',
      got_(
        box(
          403,
          'access_denied_insufficient_permissions',
          'Access denied - insufficient permission',
        ),
      ),
      no('permission'),
    ),
    c(
      'Box 403 storage_limit_exceeded (the account is full)',
      ky_(box(403, 'storage_limit_exceeded', 'Account storage limit reached')),
      no('quota'),
    ),
    c(
      'Box 409 operation_blocked_temporary ("retry")',
      axios_(
        box(
          409,
          'operation_blocked_temporary',
          'The operation is blocked by another ongoing operation.',
        ),
      ),
      wait('conflict'),
    ),
    c('Box 401 unauthorized', got_(box(401, 'unauthorized', 'Unauthorized')), no('auth')),
    c(
      'Box 400 item_name_invalid',
      fetch_(box(400, 'item_name_invalid', 'Item name invalid')),
      no('validation'),
    ),
    c(
      'Box 503 unavailable with Retry-After: 5',
      ky_(box(503, 'unavailable', 'Unavailable', { 'retry-after': '5' })),
      wait('unavailable', 5000),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Work tools. Asana: developers.asana.com/docs/errors (`{ errors: [{ message, help, phrase }] }`,
// 429 with Retry-After in seconds). Airtable: airtable.com/developers/web/api/errors (`{ error:
// { type, message } }` or `{ error: 'NOT_FOUND' }`; 429 "wait 30 seconds before subsequent
// requests will succeed", no header). Trello: developer.atlassian.com/cloud/trello/guides/
// rest-api/rate-limits (`API_TOKEN_LIMIT_EXCEEDED`, text bodies). Bitbucket Cloud:
// developer.atlassian.com/cloud/bitbucket/rest/intro (`{ type: 'error', error: { message } }`).
// GitLab: docs.gitlab.com/ee/api/rest/troubleshooting.html and /user/admin_area/settings/
// user_and_ip_rate_limits.html (`message` a string or an object of field errors; 429 with
// `RateLimit-Reset` an epoch, `RateLimit-ResetTime` and `Retry-After`).
// ---------------------------------------------------------------------------------------------

const asana = (status: number, message: string, headers = {}) =>
  json(
    status,
    { errors: [{ message, help: 'For more information on API status codes...' }] },
    headers,
  );
const airtable = (status: number, type: string, message: string) =>
  json(status, { error: { type, message } });
const bitbucket = (status: number, message: string, detail?: string) =>
  json(status, { type: 'error', error: { message, ...(detail ? { detail } : {}) } });

describe('fresh work tool errors (round 6)', () => {
  freshCases('asana', [
    c('Asana 400 invalid request', got_(asana(400, 'workspace: Missing input')), no('validation')),
    c('Asana 401 not authorized', ky_(asana(401, 'Not Authorized')), no('auth')),
    c(
      'Asana 403 forbidden',
      axios_(asana(403, 'You do not have access to this project')),
      no('permission'),
    ),
    c(
      'Asana 404 unknown object',
      fetch_(asana(404, 'project: Unknown object: 1234')),
      no('not_found'),
    ),
    c(
      'Asana 429 with Retry-After: 30',
      got_(
        asana(429, 'You have made too many requests recently. Please, be chill.', {
          'retry-after': '30',
        }),
      ),
      wait('rate_limit', 30_000),
    ),
    c(
      'Asana 500 with its phrase',
      ky_(
        json(500, { errors: [{ message: 'Server Error', phrase: '6 sad squid snuggle softly' }] }),
      ),
      wait('internal'),
    ),
    c('Asana 503', axios_(asana(503, 'Service Unavailable')), wait('unavailable')),
  ]);

  freshCases('airtable', [
    c(
      'Airtable 403 INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
      got_(
        airtable(
          403,
          'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
          'Invalid permissions, or the requested model was not found.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Airtable 404 { error: "NOT_FOUND" }',
      ky_(json(404, { error: 'NOT_FOUND' })),
      no('not_found'),
    ),
    c(
      'Airtable 422 UNKNOWN_FIELD_NAME',
      axios_(airtable(422, 'UNKNOWN_FIELD_NAME', 'Unknown field name: "Nmae"')),
      no('validation'),
    ),
    c(
      'Airtable 422 INVALID_MULTIPLE_CHOICE_OPTIONS',
      fetch_(
        airtable(
          422,
          'INVALID_MULTIPLE_CHOICE_OPTIONS',
          'Insufficient permissions to create new select option ""Done""',
        ),
      ),
      no('validation'),
    ),
    c(
      'Airtable 429 rate limit: wait 30 s, said in its reference only',
      got_(
        json(429, {
          errors: [
            { error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' },
          ],
        }),
      ),
      wait('rate_limit', 30_000),
    ),
    c(
      'Airtable 401 AUTHENTICATION_REQUIRED',
      ky_(airtable(401, 'AUTHENTICATION_REQUIRED', 'Authentication required')),
      no('auth'),
    ),
    c(
      'Airtable 402 PUBLIC_API_BILLING_LIMIT_EXCEEDED',
      axios_(
        airtable(
          402,
          'PUBLIC_API_BILLING_LIMIT_EXCEEDED',
          'The billing plan limit for API calls has been exceeded',
        ),
      ),
      no('quota'),
    ),
    c(
      'Airtable 503 SERVICE_UNAVAILABLE',
      got_(airtable(503, 'SERVICE_UNAVAILABLE', 'Service unavailable')),
      wait('unavailable'),
    ),
    c(
      'Airtable 500 SERVER_ERROR',
      fetch_(airtable(500, 'SERVER_ERROR', 'Server error')),
      wait('internal'),
    ),
  ]);

  freshCases('trello', [
    c(
      'Trello 429 API_TOKEN_LIMIT_EXCEEDED',
      got_(
        json(
          429,
          { error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' },
          {
            'x-rate-limit-api-token-interval-ms': '10000',
            'x-rate-limit-api-token-remaining': '0',
          },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Trello 429 API_KEY_LIMIT_EXCEEDED',
      ky_(json(429, { error: 'API_KEY_LIMIT_EXCEEDED', message: 'Rate limit exceeded' })),
      wait('rate_limit'),
    ),
    c('Trello 401 "invalid token" as text', axios_(text(401, 'invalid token')), no('auth')),
    c(
      'Trello 404 as text',
      fetch_(text(404, 'The requested resource was not found.')),
      no('not_found'),
    ),
    c(
      'Trello 400 "invalid value for idList"',
      got_(text(400, 'invalid value for idList')),
      no('validation'),
    ),
  ]);

  freshCases('bitbucket', [
    c(
      'Bitbucket 404 repository not found',
      got_(bitbucket(404, 'Repository not found')),
      no('not_found'),
    ),
    c(
      'Bitbucket 403 permission',
      ky_(
        bitbucket(
          403,
          'Your credentials lack one or more required privilege scopes.',
          'scopes: repository:write',
        ),
      ),
      no('permission'),
    ),
    c(
      'Bitbucket 429 rate limit',
      axios_(bitbucket(429, 'Rate limit for this resource has been exceeded')),
      wait('rate_limit'),
    ),
    c(
      'Bitbucket 401',
      fetch_(bitbucket(401, 'Token is invalid or not supported for this endpoint.')),
      no('auth'),
    ),
    c(
      'Bitbucket 400 field errors',
      got_(
        json(400, {
          type: 'error',
          error: { message: 'Bad request', fields: { name: ['This field is required.'] } },
        }),
      ),
      no('validation'),
    ),
  ]);

  freshCases('gitlab', [
    c(
      'GitLab 429 with Retry-After: 60 and RateLimit-* headers',
      got_(
        text(429, 'Retry later\n', {
          date: DATE,
          'retry-after': '60',
          'ratelimit-name': 'throttle_authenticated_api',
          'ratelimit-limit': '60',
          'ratelimit-observed': '67',
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(DATE_S + 60),
          'ratelimit-resettime': dateIn(60),
        }),
      ),
      wait('rate_limit', 60_000),
    ),
    c(
      'GitLab 429, RateLimit-Reset an epoch and no Retry-After',
      ky_(
        text(429, 'Retry later\n', {
          date: DATE,
          'ratelimit-limit': '600',
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(DATE_S + 45),
        }),
      ),
      wait('rate_limit', 45_000),
    ),
    c(
      'GitLab 400 "has already been taken" (a field-error object)',
      axios_(
        json(400, {
          message: { name: ['has already been taken'], path: ['has already been taken'] },
        }),
      ),
      no('conflict'),
    ),
    c(
      'GitLab 404 Project Not Found',
      fetch_(json(404, { message: '404 Project Not Found' })),
      no('not_found'),
    ),
    c('GitLab 401 Unauthorized', got_(json(401, { message: '401 Unauthorized' })), no('auth')),
    c(
      'GitLab 401 invalid_token, the token expired',
      ky_(
        json(401, {
          error: 'invalid_token',
          error_description:
            'Token is expired. You can either do re-authorization or token refresh.',
        }),
      ),
      no('auth'),
    ),
    c(
      'GitLab 403 insufficient_scope',
      axios_(
        json(403, {
          error: 'insufficient_scope',
          error_description:
            'The request requires higher privileges than provided by the access token.',
          scope: 'api',
        }),
      ),
      no('permission'),
    ),
    c(
      'GitLab 409 branch exists',
      got_(json(409, { message: 'Branch already exists' })),
      no('conflict'),
    ),
    c(
      'GitLab 502 as HTML',
      fetch_({
        status: 502,
        headers: { 'content-type': 'text/html' },
        body: '<html>GitLab is not responding</html>',
      }),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Operations. PagerDuty: developer.pagerduty.com/docs/errors (`{ error: { message, code,
// errors } }`) and /docs/rest-api-rate-limits (the IETF `ratelimit-*` headers, reset in
// seconds); Events API v2: 429 "throttled", 400 `invalid event`. Datadog:
// docs.datadoghq.com/api/latest/rate-limits (`{ errors: [..] }`, `X-RateLimit-Reset` in seconds
// until the period ends). Cloudflare: developers.cloudflare.com/fundamentals/api/ (the v4
// envelope `{ success: false, errors: [{ code, message }] }`: 10000 and 9103/9106 credentials,
// 971 "Please wait and consider throttling your request speed", 81053/81057 a DNS record that
// exists, 1061 a zone that exists). Vercel: vercel.com/docs/rest-api/errors (`{ error: { code,
// message } }`, a bad token as 403 `forbidden` with `invalidToken: true`, 429 `rate_limited`
// with `X-RateLimit-Reset` an epoch, the per-day deployment limit). Netlify:
// docs.netlify.com/api/get-started/#rate-limiting (`X-RateLimit-Reset` an epoch).
// ---------------------------------------------------------------------------------------------

const pagerduty = (
  status: number,
  code: number,
  message: string,
  errors: string[] = [],
  headers = {},
) => json(status, { error: { message, code, errors } }, headers);
const cloudflare = (status: number, code: number, message: string, headers = {}) =>
  json(
    status,
    { success: false, errors: [{ code, message }], messages: [], result: null },
    headers,
  );
const vercel = (status: number, error: Record<string, unknown>, headers = {}) =>
  json(status, { error }, headers);

describe('fresh operations API errors (round 6)', () => {
  freshCases('pagerduty', [
    c(
      'PagerDuty 400 code 2001 Invalid Input Provided',
      got_(pagerduty(400, 2001, 'Invalid Input Provided', ['Name has already been taken'])),
      no('validation'),
    ),
    c(
      'PagerDuty 401 code 2006 authentication',
      ky_(pagerduty(401, 2006, 'Authentication failed')),
      no('auth'),
    ),
    c(
      'PagerDuty 403 code 2010 access denied',
      axios_(pagerduty(403, 2010, 'Access Denied')),
      no('permission'),
    ),
    c(
      'PagerDuty 404 code 2100 not found',
      fetch_(pagerduty(404, 2100, 'Not Found')),
      no('not_found'),
    ),
    c(
      'PagerDuty 429 with ratelimit-reset: 27 (seconds)',
      got_(
        pagerduty(429, 2020, 'Rate Limit Exceeded', [], {
          'ratelimit-limit': '960',
          'ratelimit-remaining': '0',
          'ratelimit-reset': '27',
        }),
      ),
      wait('rate_limit', 27_000),
    ),
    c(
      'PagerDuty Events v2 400 invalid event',
      ky_(
        json(400, {
          status: 'invalid event',
          message: 'Event object is invalid',
          errors: ["'routing_key' is missing or blank"],
        }),
      ),
      no('validation'),
    ),
    c(
      'PagerDuty Events v2 429 throttled',
      axios_(
        json(429, {
          status: 'throttle event',
          message: 'Requests for this service are arriving too quickly. Please retry later.',
        }),
      ),
      wait('rate_limit'),
    ),
  ]);

  freshCases('datadog', [
    c(
      'Datadog 429 with X-RateLimit-Reset: 7 (seconds to the period end)',
      got_(
        json(
          429,
          { errors: ['Too many requests'] },
          {
            'x-ratelimit-limit': '300',
            'x-ratelimit-period': '60',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': '7',
            'x-ratelimit-name': 'logs_query',
          },
        ),
      ),
      wait('rate_limit', 7000),
    ),
    c('Datadog 403 Forbidden', ky_(json(403, { errors: ['Forbidden'] })), no('permission')),
    c('Datadog 404 Not found', axios_(json(404, { errors: ['Not found'] })), no('not_found')),
    c(
      'Datadog 400 invalid query',
      fetch_(json(400, { errors: ['Error parsing query: unexpected token'] })),
      no('validation'),
    ),
    c(
      'Datadog 413 payload too large',
      got_(json(413, { errors: ['Payload too large'] })),
      no('validation'),
    ),
  ]);

  freshCases('cloudflare-api', [
    c(
      'Cloudflare 403 code 10000 Authentication error',
      got_(cloudflare(403, 10000, 'Authentication error')),
      no('auth'),
    ),
    c(
      'Cloudflare 400 code 9106 missing auth headers',
      ky_(cloudflare(400, 9106, 'Missing X-Auth-Key, X-Auth-Email or Authorization headers')),
      no('auth'),
    ),
    c(
      'Cloudflare 403 code 9103 unknown key',
      axios_(cloudflare(403, 9103, 'Unknown X-Auth-Key or X-Auth-Email')),
      no('auth'),
    ),
    c(
      'Cloudflare 429 code 971 with Retry-After: 300',
      fetch_(
        cloudflare(429, 971, 'Please wait and consider throttling your request speed', {
          'retry-after': '300',
        }),
      ),
      wait('rate_limit', 300_000),
    ),
    c(
      'Cloudflare 400 code 971 (throttled, said in the code only)',
      got_(cloudflare(400, 971, 'Please wait and consider throttling your request speed')),
      wait('rate_limit'),
    ),
    c(
      'Cloudflare 400 code 81057 record already exists',
      ky_(cloudflare(400, 81057, 'Record already exists.')),
      no('conflict'),
    ),
    c(
      'Cloudflare 400 code 81053 host already has a record',
      axios_(cloudflare(400, 81053, 'An A, AAAA, or CNAME record with that host already exists.')),
      no('conflict'),
    ),
    c(
      'Cloudflare 400 code 1061 zone exists',
      got_(cloudflare(400, 1061, 'example.com already exists')),
      no('conflict'),
    ),
    c(
      'Cloudflare 400 code 1004 DNS validation',
      fetch_(cloudflare(400, 1004, 'DNS Validation Error')),
      no('validation'),
    ),
    c(
      'Cloudflare 404 code 10007 script not found',
      ky_(cloudflare(404, 10007, 'workers.api.error.script_not_found')),
      no('not_found'),
    ),
  ]);

  freshCases('vercel', [
    c(
      'Vercel 429 rate_limited with X-RateLimit-Reset an epoch',
      got_(
        vercel(
          429,
          {
            code: 'rate_limited',
            message: 'Rate limit exceeded',
            limit: { remaining: 0, reset: DATE_S + 20, total: 100 },
          },
          {
            date: DATE,
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(DATE_S + 20),
          },
        ),
      ),
      wait('rate_limit', 20_000),
    ),
    c(
      'Vercel 403 forbidden with invalidToken: true (a bad token)',
      ky_(vercel(403, { code: 'forbidden', message: 'Not authorized', invalidToken: true })),
      no('auth'),
    ),
    c(
      'Vercel 403 forbidden (no access to the team)',
      axios_(
        vercel(403, {
          code: 'forbidden',
          message: "You don't have permission to access this team",
        }),
      ),
      no('permission'),
    ),
    c(
      'Vercel 404 not_found',
      fetch_(vercel(404, { code: 'not_found', message: 'Project not found' })),
      no('not_found'),
    ),
    c(
      'Vercel 409 conflict',
      got_(vercel(409, { code: 'conflict', message: 'Project already exists' })),
      no('conflict'),
    ),
    c(
      'Vercel 402 payment_required',
      ky_(vercel(402, { code: 'payment_required', message: 'Payment required' })),
      no('quota'),
    ),
    c(
      "Vercel 429 api-deployments-free-per-day (a day's deployments spent)",
      axios_(
        vercel(429, {
          code: 'api-deployments-free-per-day',
          message:
            'Resource is limited - try again in 24 hours (more than 100, code: "api-deployments-free-per-day").',
          limit: { remaining: 0, reset: DATE_S + 86_000, total: 100 },
        }),
      ),
      no('quota'),
    ),
    c(
      'Vercel 400 bad_request',
      got_(
        vercel(400, { code: 'bad_request', message: 'Invalid request: `name` should be string' }),
      ),
      no('validation'),
    ),
  ]);

  freshCases('netlify', [
    c(
      'Netlify 429 with X-RateLimit-Reset an epoch',
      got_(
        json(
          429,
          { code: 429, message: 'Too many requests' },
          {
            date: DATE,
            'x-ratelimit-limit': '500',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(DATE_S + 33),
          },
        ),
      ),
      wait('rate_limit', 33_000),
    ),
    c(
      'Netlify 401 Access Denied',
      ky_(json(401, { code: 401, message: 'Access Denied: your token is invalid' })),
      no('auth'),
    ),
    c(
      'Netlify 404 Not Found',
      axios_(json(404, { code: 404, message: 'Not Found' })),
      no('not_found'),
    ),
    c(
      'Netlify 422 validation',
      fetch_(json(422, { code: 422, message: 'Validation failed: name is already taken' })),
      no('validation'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Messaging. Intercom: developers.intercom.com/docs/references/rest-api/errors/error-codes
// (`{ type: 'error.list', errors: [{ code, message }] }`; `X-RateLimit-Reset` an epoch). Brevo:
// developers.brevo.com/docs/how-it-works#error-codes (`{ code, message }`: `not_enough_credits`,
// `account_under_validation`, `duplicate_parameter`…; `x-sib-ratelimit-*`, reset in seconds).
// Postmark: postmarkapp.com/developer/api/overview#error-codes (a 422 whose `ErrorCode` number
// names the error: 405 out of credits, 412 account pending, 413 may not send, 504/603 already
// exists, 601 no such server, 701 message not found, 1101 template not found; 100 maintenance).
// Resend: resend.com/docs/api-reference/errors (`{ statusCode, name, message }`). Zoom:
// developers.zoom.us/docs/api/rest/rate-limits and error-definitions (`{ code, message }`, code
// 124 invalid token; `X-RateLimit-Type: Daily-limit` a day's budget). Spotify:
// developer.spotify.com/documentation/web-api/concepts/api-calls (`{ error: { status,
// message, reason } }`, 429 Retry-After).
// ---------------------------------------------------------------------------------------------

const intercom = (status: number, code: string, message: string, headers = {}) =>
  json(status, { type: 'error.list', request_id: 'r1', errors: [{ code, message }] }, headers);
const brevo = (status: number, code: string, message: string, headers = {}) =>
  json(status, { code, message }, headers);
const postmark = (status: number, code: number, message: string) =>
  json(status, { ErrorCode: code, Message: message });
const resend = (status: number, name: string, message: string, headers = {}) =>
  json(status, { statusCode: status, name, message }, headers);
const zoom = (status: number, code: number, message: string, headers = {}) =>
  json(status, { code, message }, headers);
const spotify = (status: number, message: string, reason?: string, headers = {}) =>
  json(status, { error: { status, message, ...(reason ? { reason } : {}) } }, headers);

describe('fresh messaging API errors (round 6)', () => {
  freshCases('intercom', [
    c(
      'Intercom 429 rate_limit_exceeded with X-RateLimit-Reset an epoch',
      got_(
        intercom(429, 'rate_limit_exceeded', 'Exceeded rate limit of 10000 in 60 seconds', {
          date: DATE,
          'x-ratelimit-limit': '10000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(DATE_S + 10),
        }),
      ),
      wait('rate_limit', 10_000),
    ),
    c(
      'Intercom 401 token_revoked',
      ky_(intercom(401, 'token_revoked', 'The token has been revoked')),
      no('auth'),
    ),
    c(
      'Intercom 401 token_expired',
      axios_(intercom(401, 'token_expired', 'The token is expired')),
      no('auth'),
    ),
    c(
      'Intercom 401 token_not_found',
      fetch_(intercom(401, 'token_not_found', 'Access Token Invalid')),
      no('auth'),
    ),
    c(
      'Intercom 403 api_plan_restricted',
      got_(intercom(403, 'api_plan_restricted', 'Active subscription needed.')),
      no('permission'),
    ),
    c(
      'Intercom 409 conflict',
      ky_(intercom(409, 'conflict', 'A contact matching those details already exists')),
      no('conflict'),
    ),
    c(
      'Intercom 400 parameter_invalid',
      axios_(intercom(400, 'parameter_invalid', 'Invalid email address')),
      no('validation'),
    ),
    c(
      'Intercom 404 not_found',
      fetch_(intercom(404, 'not_found', 'Resource Not Found')),
      no('not_found'),
    ),
    c(
      'Intercom 400 team_unavailable (a deprecated team: nothing to wait for)',
      got_(
        intercom(
          400,
          'team_unavailable',
          'This team is deprecated so conversations cannot be assigned to it',
        ),
      ),
      no('validation'),
    ),
    c(
      'Intercom 500 server_error',
      ky_(intercom(500, 'server_error', 'Server Error')),
      wait('internal'),
    ),
  ]);

  freshCases('brevo', [
    c(
      'Brevo 400 not_enough_credits',
      got_(brevo(400, 'not_enough_credits', 'Not enough credits to send the campaign')),
      no('quota'),
    ),
    c(
      'Brevo 401 unauthorized (key not found)',
      ky_(brevo(401, 'unauthorized', 'Key not found')),
      no('auth'),
    ),
    c(
      'Brevo 404 document_not_found',
      axios_(brevo(404, 'document_not_found', 'Contact does not exist')),
      no('not_found'),
    ),
    c(
      'Brevo 400 duplicate_parameter (the contact exists)',
      fetch_(
        brevo(
          400,
          'duplicate_parameter',
          'Unable to create contact, email is already associated with another Contact',
        ),
      ),
      no('conflict'),
    ),
    c(
      'Brevo 400 account_under_validation',
      got_(brevo(400, 'account_under_validation', 'Your account is under validation')),
      no('permission'),
    ),
    c(
      'Brevo 429 with x-sib-ratelimit-reset: 12',
      ky_(
        brevo(429, 'too_many_requests', 'Too many requests', {
          'x-sib-ratelimit-limit': '10',
          'x-sib-ratelimit-remaining': '0',
          'x-sib-ratelimit-reset': '12',
        }),
      ),
      wait('rate_limit', 12_000),
    ),
    c(
      'Brevo 400 reseller_permission_denied',
      axios_(brevo(400, 'reseller_permission_denied', 'Reseller permission denied')),
      no('permission'),
    ),
  ]);

  freshCases('postmark', [
    c(
      'Postmark 401 ErrorCode 10 bad token',
      got_(postmark(401, 10, 'No Account or Server API tokens were supplied in the HTTP headers.')),
      no('auth'),
    ),
    c(
      'Postmark 422 ErrorCode 300 invalid email request',
      ky_(postmark(422, 300, "Invalid 'To' address: 'x'.")),
      no('validation'),
    ),
    c(
      'Postmark 422 ErrorCode 405 out of credits',
      axios_(postmark(422, 405, 'Not allowed to send: your account has run out of credits.')),
      no('quota'),
    ),
    c(
      'Postmark 422 ErrorCode 412 account pending approval',
      fetch_(
        postmark(
          422,
          412,
          'While your account is pending approval, all recipient addresses must share the same domain as the From address.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Postmark 422 ErrorCode 413 account may not send',
      got_(postmark(422, 413, 'This account may not send.')),
      no('permission'),
    ),
    c(
      'Postmark 422 ErrorCode 406 inactive recipient',
      ky_(
        postmark(422, 406, 'You tried to send to recipient(s) that have been marked as inactive.'),
      ),
      no('validation'),
    ),
    c(
      'Postmark 422 ErrorCode 504 signature exists',
      axios_(postmark(422, 504, 'This Sender Signature already exists.')),
      no('conflict'),
    ),
    c(
      'Postmark 422 ErrorCode 603 server name exists',
      fetch_(postmark(422, 603, 'This server name already exists.')),
      no('conflict'),
    ),
    c(
      'Postmark 422 ErrorCode 601 no such server',
      got_(postmark(422, 601, 'Server does not exist.')),
      no('not_found'),
    ),
    c(
      'Postmark 422 ErrorCode 701 message not found',
      ky_(postmark(422, 701, 'This message was not found.')),
      no('not_found'),
    ),
    c(
      'Postmark 422 ErrorCode 1101 template not found',
      axios_(postmark(422, 1101, 'The template was not found.')),
      no('not_found'),
    ),
    c(
      'Postmark 429 ErrorCode 429',
      got_(postmark(429, 429, 'Rate limit exceeded.')),
      wait('rate_limit'),
    ),
    c(
      'Postmark 503 ErrorCode 100 maintenance',
      fetch_(postmark(503, 100, 'The Postmark API is offline for maintenance.')),
      wait('unavailable'),
    ),
  ]);

  freshCases('resend', [
    c(
      'Resend 429 rate_limit_exceeded with retry-after: 1',
      got_(
        resend(
          429,
          'rate_limit_exceeded',
          'Too many requests. You can only make 2 requests per second.',
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
      'Resend 429 daily_quota_exceeded',
      ky_(resend(429, 'daily_quota_exceeded', 'You have reached your daily email sending quota.')),
      no('quota'),
    ),
    c(
      'Resend 403 invalid_api_key',
      axios_(resend(403, 'invalid_api_key', 'API key is invalid')),
      no('auth'),
    ),
    c(
      'Resend 401 restricted_api_key (a send-only key)',
      fetch_(resend(401, 'restricted_api_key', 'This API key is restricted to only send emails')),
      no('permission'),
    ),
    c(
      'Resend 409 concurrent_idempotent_requests ("try the request again later")',
      got_(
        resend(
          409,
          'concurrent_idempotent_requests',
          'Same idempotency key used while original request is still in progress.',
        ),
      ),
      wait('conflict'),
    ),
    c(
      'Resend 409 invalid_idempotent_request (same key, other payload)',
      ky_(
        resend(
          409,
          'invalid_idempotent_request',
          'Same idempotency key used with a different request payload.',
        ),
      ),
      no('conflict'),
    ),
    c(
      'Resend 403 validation_error (testing emails to your own address only)',
      axios_(
        resend(
          403,
          'validation_error',
          'You can only send testing emails to your own email address.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Resend 422 invalid_from_address',
      fetch_(resend(422, 'invalid_from_address', 'Invalid `from` field.')),
      no('validation'),
    ),
    c('Resend 404 not_found', got_(resend(404, 'not_found', 'Email not found')), no('not_found')),
  ]);

  freshCases('zoom', [
    c(
      'Zoom 401 code 124 invalid access token',
      got_(zoom(401, 124, 'Invalid access token.')),
      no('auth'),
    ),
    c(
      'Zoom 404 code 3001 meeting does not exist',
      ky_(zoom(404, 3001, 'Meeting does not exist: 123.')),
      no('not_found'),
    ),
    c(
      'Zoom 404 code 1001 user does not exist',
      axios_(zoom(404, 1001, 'User does not exist: x@y.z.')),
      no('not_found'),
    ),
    c(
      'Zoom 429 per-second limit, X-RateLimit-Type: QPS',
      fetch_(
        zoom(
          429,
          429,
          'You have reached the maximum per-second rate limit for this API. Try again later.',
          { 'x-ratelimit-category': 'Medium', 'x-ratelimit-type': 'QPS' },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      "Zoom 429 daily limit, X-RateLimit-Type: Daily-limit (a day's budget)",
      got_(
        zoom(
          429,
          429,
          'You have exceeded the daily rate limit (100) of Meeting Create API requests permitted for this particular user. You may resume these user-level requests at GMT 00:00:00.',
          {
            'x-ratelimit-category': 'Heavy',
            'x-ratelimit-type': 'Daily-limit',
            'retry-after': '2026-11-29T00:00:00Z',
          },
        ),
      ),
      no('quota'),
    ),
    c(
      'Zoom 400 code 300 invalid meeting id',
      ky_(zoom(400, 300, 'Invalid meeting id.')),
      no('validation'),
    ),
  ]);

  freshCases('spotify', [
    c(
      'Spotify 429 with Retry-After: 4',
      got_(spotify(429, 'API rate limit exceeded', undefined, { 'retry-after': '4' })),
      wait('rate_limit', 4000),
    ),
    c(
      'Spotify 401 the access token expired',
      ky_(spotify(401, 'The access token expired')),
      no('auth'),
    ),
    c(
      'Spotify 403 PREMIUM_REQUIRED',
      axios_(spotify(403, 'Player command failed: Premium required', 'PREMIUM_REQUIRED')),
      no('permission'),
    ),
    c(
      'Spotify 404 NO_ACTIVE_DEVICE',
      fetch_(spotify(404, 'Player command failed: No active device found', 'NO_ACTIVE_DEVICE')),
      no('not_found'),
    ),
    c('Spotify 400 invalid id', got_(spotify(400, 'Invalid base62 id')), no('validation')),
    c('Spotify 503', ky_(spotify(503, 'Service unavailable')), wait('unavailable')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Payments. PayPal: developer.paypal.com/api/rest/responses and /reference/orders/v2/errors
// (`{ name, message, debug_id, details: [{ issue, description }] }`; the OAuth token endpoint's
// `{ error, error_description }`). Plaid: plaid.com/docs/errors (`{ error_type, error_code,
// error_message, display_message }`; "use these in preference to HTTP status codes": an Item to
// re-link, an institution down, a product not ready yet, all sent as 400). Square:
// developer.squareup.com/docs/build-basics/handling-errors (`{ errors: [{ category, code,
// detail }] }`; a declined card is a `PAYMENT_METHOD_ERROR` under 402).
// ---------------------------------------------------------------------------------------------

const paypal = (status: number, name: string, message: string, issue?: string) =>
  json(
    status,
    {
      name,
      message,
      debug_id: '90957fca61718',
      ...(issue ? { details: [{ issue, description: issue.toLowerCase() }] } : {}),
      links: [],
    },
    { 'paypal-debug-id': '90957fca61718' },
  );
const plaid = (status: number, type: string, code: string, message: string) =>
  json(status, {
    error_type: type,
    error_code: code,
    error_message: message,
    display_message: null,
    request_id: 'HNTDNrA8F1shFEW',
  });
const square = (status: number, category: string, code: string, detail: string) =>
  json(status, { errors: [{ category, code, detail }] });

describe('fresh payment API errors (round 6)', () => {
  freshCases('paypal', [
    c(
      'PayPal 401 invalid_client at the token endpoint',
      got_(
        json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' }),
      ),
      no('auth'),
    ),
    c(
      'PayPal 401 AUTHENTICATION_FAILURE',
      ky_(
        paypal(
          401,
          'AUTHENTICATION_FAILURE',
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        ),
      ),
      no('auth'),
    ),
    c(
      'PayPal 403 NOT_AUTHORIZED PERMISSION_DENIED',
      axios_(
        paypal(
          403,
          'NOT_AUTHORIZED',
          'Authorization failed due to insufficient permissions.',
          'PERMISSION_DENIED',
        ),
      ),
      no('permission'),
    ),
    c(
      'PayPal 404 RESOURCE_NOT_FOUND INVALID_RESOURCE_ID',
      fetch_(
        paypal(
          404,
          'RESOURCE_NOT_FOUND',
          'The specified resource does not exist.',
          'INVALID_RESOURCE_ID',
        ),
      ),
      no('not_found'),
    ),
    c(
      "PayPal 422 INSTRUMENT_DECLINED (the buyer's card)",
      got_(
        paypal(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'INSTRUMENT_DECLINED',
        ),
      ),
      no('validation'),
    ),
    c(
      'PayPal 422 DUPLICATE_INVOICE_ID',
      ky_(
        paypal(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'DUPLICATE_INVOICE_ID',
        ),
      ),
      no('conflict'),
    ),
    c(
      'PayPal 422 ORDER_ALREADY_CAPTURED',
      axios_(
        paypal(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'ORDER_ALREADY_CAPTURED',
        ),
      ),
      no('conflict'),
    ),
    c(
      'PayPal 429 RATE_LIMIT_REACHED',
      fetch_(paypal(429, 'RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.')),
      wait('rate_limit'),
    ),
    c(
      'PayPal 500 INTERNAL_SERVER_ERROR',
      got_(paypal(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.')),
      wait('internal'),
    ),
    c(
      'PayPal 503 SERVICE_UNAVAILABLE',
      ky_(paypal(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable.')),
      wait('unavailable'),
    ),
    c(
      'PayPal 400 INVALID_REQUEST INVALID_PARAMETER_VALUE',
      axios_(
        paypal(
          400,
          'INVALID_REQUEST',
          'Request is not well-formed, syntactically incorrect, or violates schema.',
          'INVALID_PARAMETER_VALUE',
        ),
      ),
      no('validation'),
    ),
  ]);

  freshCases('plaid', [
    c(
      'Plaid 429 RATE_LIMIT_EXCEEDED',
      got_(
        plaid(
          429,
          'RATE_LIMIT_EXCEEDED',
          'RATE_LIMIT',
          'rate limit exceeded for attempts to access this item. please try again later',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Plaid 400 ITEM_LOGIN_REQUIRED (the user must re-link)',
      ky_(
        plaid(
          400,
          'ITEM_ERROR',
          'ITEM_LOGIN_REQUIRED',
          "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
        ),
      ),
      no('auth'),
    ),
    c(
      'Plaid 400 INSTITUTION_DOWN',
      axios_(
        plaid(
          400,
          'INSTITUTION_ERROR',
          'INSTITUTION_DOWN',
          'this institution is not currently responding to this request. please try again soon',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Plaid 400 INSTITUTION_NOT_RESPONDING',
      fetch_(
        plaid(
          400,
          'INSTITUTION_ERROR',
          'INSTITUTION_NOT_RESPONDING',
          'this institution is not currently responding to this request. please try again soon',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Plaid 500 API_ERROR INTERNAL_SERVER_ERROR',
      got_(plaid(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'an unexpected error occurred')),
      wait('internal'),
    ),
    c(
      'Plaid 503 API_ERROR PLANNED_MAINTENANCE',
      ky_(
        plaid(
          503,
          'API_ERROR',
          'PLANNED_MAINTENANCE',
          'the Plaid API is temporarily unavailable due to planned maintenance. visit https://status.plaid.com/ for more information',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Plaid 400 INVALID_INPUT INVALID_API_KEYS',
      axios_(
        plaid(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided'),
      ),
      no('auth'),
    ),
    c(
      'Plaid 400 INVALID_INPUT INVALID_ACCESS_TOKEN',
      fetch_(
        plaid(
          400,
          'INVALID_INPUT',
          'INVALID_ACCESS_TOKEN',
          'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
        ),
      ),
      no('auth'),
    ),
    c(
      'Plaid 400 PRODUCT_NOT_READY (try again later)',
      got_(
        plaid(
          400,
          'ITEM_ERROR',
          'PRODUCT_NOT_READY',
          'the requested product is not yet ready. please provide a webhook or try the request again later',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Plaid 400 INVALID_REQUEST MISSING_FIELDS',
      ky_(
        plaid(
          400,
          'INVALID_REQUEST',
          'MISSING_FIELDS',
          'the following required fields are missing: client_id',
        ),
      ),
      no('validation'),
    ),
    c(
      'Plaid 400 ITEM_LOCKED',
      axios_(
        plaid(
          400,
          'ITEM_ERROR',
          'ITEM_LOCKED',
          "the account is locked. prompt the user to visit the institution's site and unlock their account",
        ),
      ),
      no('auth'),
    ),
    c(
      'Plaid 429 ADDITION_LIMIT (a cap on Items, not a rate)',
      fetch_(
        plaid(
          429,
          'RATE_LIMIT_EXCEEDED',
          'ADDITION_LIMIT',
          'addition limit exceeded for this client_id',
        ),
      ),
      no('quota'),
    ),
  ]);

  freshCases('square', [
    c(
      "Square 402 CARD_DECLINED (the buyer's card)",
      got_(square(402, 'PAYMENT_METHOD_ERROR', 'CARD_DECLINED', 'Card declined.')),
      no('validation'),
    ),
    c(
      'Square 402 INSUFFICIENT_FUNDS',
      ky_(square(402, 'PAYMENT_METHOD_ERROR', 'INSUFFICIENT_FUNDS', 'Insufficient funds.')),
      no('validation'),
    ),
    c(
      'Square 401 ACCESS_TOKEN_EXPIRED',
      axios_(
        square(
          401,
          'AUTHENTICATION_ERROR',
          'ACCESS_TOKEN_EXPIRED',
          'The access token has expired.',
        ),
      ),
      no('auth'),
    ),
    c(
      'Square 403 INSUFFICIENT_SCOPES',
      fetch_(
        square(
          403,
          'AUTHENTICATION_ERROR',
          'INSUFFICIENT_SCOPES',
          'The merchant has not given your application sufficient permissions.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Square 404 NOT_FOUND',
      got_(square(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Could not find payment with id x')),
      no('not_found'),
    ),
    c(
      'Square 409 VERSION_MISMATCH',
      ky_(
        square(
          409,
          'INVALID_REQUEST_ERROR',
          'VERSION_MISMATCH',
          'Object version does not match latest database version.',
        ),
      ),
      no('conflict'),
    ),
    c(
      'Square 429 RATE_LIMITED',
      axios_(square(429, 'RATE_LIMIT_ERROR', 'RATE_LIMITED', 'Too many requests.')),
      wait('rate_limit'),
    ),
    c(
      'Square 503 SERVICE_UNAVAILABLE',
      fetch_(square(503, 'API_ERROR', 'SERVICE_UNAVAILABLE', 'Service unavailable.')),
      wait('unavailable'),
    ),
    c(
      'Square 400 INVALID_VALUE',
      got_(
        square(400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Invalid value for amount_money.'),
      ),
      no('validation'),
    ),
    c(
      'Square 500 INTERNAL_SERVER_ERROR',
      ky_(square(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'Internal server error.')),
      wait('internal'),
    ),
    c(
      'Square 400 IDEMPOTENCY_KEY_REUSED',
      axios_(
        square(
          400,
          'INVALID_REQUEST_ERROR',
          'IDEMPOTENCY_KEY_REUSED',
          'The idempotency key was already used with a different request.',
        ),
      ),
      no('conflict'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Identity. Auth0: auth0.com/docs/api/management/v2 (`{ statusCode, error, message, errorCode
// }`, `X-RateLimit-Reset` an epoch) and auth0.com/docs/api/authentication ("Standard Error
// Responses": OAuth `{ error, error_description }`, `too_many_attempts` a blocked account,
// `mfa_required`). Okta: developer.okta.com/docs/reference/error-codes (`{ errorCode,
// errorSummary, errorLink, errorId, errorCauses }`) and /docs/reference/rl-best-practices
// (`X-Rate-Limit-Reset` an epoch). Clerk: clerk.com/docs/errors/backend-api (`{ errors: [{
// code, message, long_message }], clerk_trace_id }`).
// ---------------------------------------------------------------------------------------------

const auth0 = (status: number, error: string, message: string, errorCode: string, headers = {}) =>
  json(status, { statusCode: status, error, message, errorCode }, headers);
const okta = (status: number, code: string, summary: string, headers = {}) =>
  json(
    status,
    { errorCode: code, errorSummary: summary, errorLink: code, errorId: 'oaeXk', errorCauses: [] },
    headers,
  );
const clerk = (status: number, code: string, message: string, headers = {}) =>
  json(
    status,
    { errors: [{ code, message, long_message: message, meta: {} }], clerk_trace_id: 't1' },
    headers,
  );

describe('fresh identity API errors (round 6)', () => {
  freshCases('auth0', [
    c(
      'Auth0 429 too_many_requests with X-RateLimit-Reset an epoch',
      got_(
        auth0(429, 'Too Many Requests', 'Global limit has been reached', 'too_many_requests', {
          date: DATE,
          'x-ratelimit-limit': '50',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(DATE_S + 3),
        }),
      ),
      wait('rate_limit', 3000),
    ),
    c(
      'Auth0 404 inexistent_user',
      ky_(auth0(404, 'Not Found', 'The user does not exist.', 'inexistent_user')),
      no('not_found'),
    ),
    c(
      'Auth0 401 invalid_token',
      axios_(auth0(401, 'Unauthorized', 'Invalid token', 'invalid_token')),
      no('auth'),
    ),
    c(
      'Auth0 403 insufficient_scope',
      fetch_(
        auth0(
          403,
          'Forbidden',
          'Insufficient scope, expected any of: read:users',
          'insufficient_scope',
        ),
      ),
      no('permission'),
    ),
    c(
      'Auth0 409 the user already exists',
      got_(auth0(409, 'Conflict', 'The user already exists.', 'auth0_idp_error')),
      no('conflict'),
    ),
    c(
      'Auth0 400 invalid_body',
      ky_(
        auth0(
          400,
          'Bad Request',
          'Payload validation error: Missing required property: connection',
          'invalid_body',
        ),
      ),
      no('validation'),
    ),
    c(
      'Auth0 403 invalid_grant: wrong email or password',
      axios_(json(403, { error: 'invalid_grant', error_description: 'Wrong email or password.' })),
      no('auth'),
    ),
    c(
      'Auth0 429 too_many_attempts (the account is blocked, not a rate)',
      fetch_(
        json(429, {
          error: 'too_many_attempts',
          error_description:
            'Your account has been blocked after multiple consecutive login attempts.',
        }),
      ),
      no('permission'),
    ),
    c(
      'Auth0 403 mfa_required (a second factor to give)',
      got_(
        json(403, {
          error: 'mfa_required',
          error_description: 'Multifactor authentication required',
          mfa_token: 'Fe26...',
        }),
      ),
      no('auth'),
    ),
  ]);

  freshCases('okta', [
    c(
      'Okta 429 E0000047 with X-Rate-Limit-Reset an epoch',
      got_(
        okta(429, 'E0000047', 'API call exceeded rate limit due to too many requests.', {
          date: DATE,
          'x-rate-limit-limit': '600',
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(DATE_S + 14),
        }),
      ),
      wait('rate_limit', 14_000),
    ),
    c(
      'Okta 401 E0000011 invalid token',
      ky_(okta(401, 'E0000011', 'Invalid token provided')),
      no('auth'),
    ),
    c(
      'Okta 401 E0000004 authentication failed',
      axios_(okta(401, 'E0000004', 'Authentication failed')),
      no('auth'),
    ),
    c(
      'Okta 403 E0000006 no permission',
      fetch_(okta(403, 'E0000006', 'You do not have permission to perform the requested action')),
      no('permission'),
    ),
    c(
      'Okta 404 E0000007 not found',
      got_(okta(404, 'E0000007', 'Not found: Resource not found: 00ub0oNGTSWTBKOLGLNR (User)')),
      no('not_found'),
    ),
    c(
      'Okta 400 E0000001 validation',
      ky_(okta(400, 'E0000001', 'Api validation failed: login')),
      no('validation'),
    ),
    c(
      'Okta 400 E0000003 body not well-formed',
      axios_(okta(400, 'E0000003', 'The request body was not well-formed.')),
      no('validation'),
    ),
    c(
      'Okta 403 E0000005 invalid session',
      fetch_(okta(403, 'E0000005', 'Invalid session')),
      no('auth'),
    ),
    c(
      'Okta 500 E0000009 internal',
      got_(okta(500, 'E0000009', 'Internal Server Error')),
      wait('internal'),
    ),
    c(
      'Okta 403 E0000016 user already active',
      ky_(okta(403, 'E0000016', 'Activation failed because the user is already active')),
      no('conflict'),
    ),
    c(
      "Okta 403 E0000038 not allowed in the user's current status",
      axios_(okta(403, 'E0000038', "This operation is not allowed in the user's current status.")),
      no('conflict'),
    ),
  ]);

  freshCases('clerk', [
    c(
      'Clerk 404 resource_not_found',
      got_(clerk(404, 'resource_not_found', 'not found')),
      no('not_found'),
    ),
    c(
      'Clerk 422 form_identifier_exists',
      ky_(clerk(422, 'form_identifier_exists', 'That email address is taken. Please try another.')),
      no('conflict'),
    ),
    c(
      'Clerk 422 form_password_incorrect',
      axios_(
        clerk(
          422,
          'form_password_incorrect',
          'Password is incorrect. Try again, or use another method.',
        ),
      ),
      no('auth'),
    ),
    c(
      'Clerk 429 too_many_requests with Retry-After: 8',
      fetch_(
        clerk(429, 'too_many_requests', 'Too many requests, retry later', { 'retry-after': '8' }),
      ),
      wait('rate_limit', 8000),
    ),
    c(
      'Clerk 401 authentication_invalid',
      got_(clerk(401, 'authentication_invalid', 'Unauthorized request')),
      no('auth'),
    ),
    c(
      'Clerk 422 form_param_missing',
      ky_(clerk(422, 'form_param_missing', 'Enter email address.')),
      no('validation'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Search and vector stores. Elasticsearch: elastic.co/guide/en/elasticsearch/reference/current/
// (the `{ error: { root_cause, type, reason }, status }` body; `es_rejected_execution_exception`
// and `circuit_breaking_exception` as 429, the breaker's `durability` TRANSIENT to retry or
// PERMANENT not; `version_conflict_engine_exception` 409, which `retry_on_conflict` retries
// unless the document already exists); OpenSearch answers alike. Algolia:
// algolia.com/doc/guides/scaling/servers-clusters/ and the API clients' errors (`{ message,
// status }`, a bad key as 403). Pinecone: docs.pinecone.io/troubleshooting/errors and
// /reference/api/errors (`{ error: { code, message }, status }`, gRPC names; a month's write or
// read units spent under RESOURCE_EXHAUSTED). Qdrant: api.qdrant.tech (`{ status: { error },
// time }`). Weaviate: weaviate.io/developers/weaviate/api/rest (`{ error: [{ message }] }`).
// Chroma: docs.trychroma.com (`{ error, message }`). Mux: docs.mux.com/api-reference (`{ error:
// { type, messages } }`).
// ---------------------------------------------------------------------------------------------

const es = (status: number, type: string, reason: string, extra: Record<string, unknown> = {}) =>
  json(status, { error: { root_cause: [{ type, reason }], type, reason, ...extra }, status });
const pinecone = (status: number, code: string, message: string) =>
  json(status, { error: { code, message }, status });
const qdrant = (status: number, error: string) => json(status, { status: { error }, time: 0.0001 });
const weaviate = (status: number, message: string) => json(status, { error: [{ message }] });
const chroma = (status: number, error: string, message: string) => json(status, { error, message });
const mux = (status: number, type: string, message: string) =>
  json(status, { error: { type, messages: [message] } });

describe('fresh search and vector store errors (round 6)', () => {
  freshCases('elasticsearch', [
    c(
      'ES 404 index_not_found_exception',
      got_(es(404, 'index_not_found_exception', 'no such index [logs]', { index: 'logs' })),
      no('not_found'),
    ),
    c(
      'ES 409 version_conflict_engine_exception (seqNo moved: re-read and retry)',
      ky_(
        es(
          409,
          'version_conflict_engine_exception',
          '[1]: version conflict, required seqNo [5], primary term [1]. current document has seqNo [6] and primary term [1]',
        ),
      ),
      wait('conflict'),
    ),
    c(
      'ES 409 version_conflict_engine_exception (op_type=create: the document already exists)',
      axios_(
        es(
          409,
          'version_conflict_engine_exception',
          '[1]: version conflict, document already exists (current version [1])',
        ),
      ),
      no('conflict'),
    ),
    c(
      'ES 429 es_rejected_execution_exception (write queue full)',
      fetch_(
        es(
          429,
          'es_rejected_execution_exception',
          'rejected execution of coordinating operation [coordinating_and_primary_bytes=0, replica_bytes=0, all_bytes=0, coordinating_operation_bytes=123, max_coordinating_and_primary_bytes=10]',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'ES 429 circuit_breaking_exception, durability TRANSIENT',
      got_(
        es(
          429,
          'circuit_breaking_exception',
          '[parent] Data too large, data for [<http_request>] would be [123/1gb], which is larger than the limit of [100/1gb]',
          { bytes_wanted: 123, bytes_limit: 100, durability: 'TRANSIENT' },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'ES 429 circuit_breaking_exception, durability PERMANENT (the request alone is too large)',
      ky_(
        es(
          429,
          'circuit_breaking_exception',
          '[fielddata] Data too large, data for [field] would be [2gb], which is larger than the limit of [1gb]',
          { bytes_wanted: 2, bytes_limit: 1, durability: 'PERMANENT' },
        ),
      ),
      no('validation'),
    ),
    c(
      'ES 403 cluster_block_exception (index write block)',
      axios_(
        es(
          403,
          'cluster_block_exception',
          'index [logs] blocked by: [FORBIDDEN/8/index write (api)];',
        ),
      ),
      no('permission'),
    ),
    c(
      'ES 400 search_phase_execution_exception (query parse)',
      fetch_(
        es(400, 'search_phase_execution_exception', 'all shards failed', {
          phase: 'query',
          grouped: true,
        }),
      ),
      no('validation'),
    ),
    c(
      'ES 400 mapper_parsing_exception',
      got_(es(400, 'mapper_parsing_exception', 'failed to parse field [age] of type [long]')),
      no('validation'),
    ),
    c(
      'ES 400 resource_already_exists_exception',
      ky_(es(400, 'resource_already_exists_exception', 'index [logs/abc] already exists')),
      no('conflict'),
    ),
    c(
      'ES 401 security_exception',
      axios_(
        es(
          401,
          'security_exception',
          'missing authentication credentials for REST request [/_search]',
        ),
      ),
      no('auth'),
    ),
    c(
      'ES 503 cluster_block_exception (no master)',
      fetch_(es(503, 'cluster_block_exception', 'blocked by: [SERVICE_UNAVAILABLE/2/no master];')),
      wait('unavailable'),
    ),
  ]);

  freshCases('algolia', [
    c(
      'Algolia 403 invalid application id or API key',
      got_(json(403, { message: 'Invalid Application-ID or API key', status: 403 })),
      no('auth'),
    ),
    c(
      'Algolia 404 index does not exist',
      ky_(json(404, { message: 'Index does not exist', status: 404 })),
      no('not_found'),
    ),
    c(
      'Algolia 429 too many requests',
      axios_(json(429, { message: 'Too many requests', status: 429 })),
      wait('rate_limit'),
    ),
    c(
      'Algolia 400 record too big',
      fetch_(
        json(400, {
          message: 'Record at the position 0 objectID=1 is too big size=12000/10000 bytes.',
          status: 400,
        }),
      ),
      no('validation'),
    ),
    c(
      'Algolia 403 method not allowed with this key',
      got_(json(403, { message: 'Method not allowed with this API key', status: 403 })),
      no('permission'),
    ),
  ]);

  freshCases('pinecone', [
    c(
      'Pinecone 404 NOT_FOUND',
      got_(pinecone(404, 'NOT_FOUND', 'Resource docs not found')),
      no('not_found'),
    ),
    c(
      'Pinecone 409 ALREADY_EXISTS',
      ky_(pinecone(409, 'ALREADY_EXISTS', 'Resource docs already exists')),
      no('conflict'),
    ),
    c(
      'Pinecone 401 UNAUTHENTICATED',
      axios_(pinecone(401, 'UNAUTHENTICATED', 'Invalid API Key')),
      no('auth'),
    ),
    c(
      'Pinecone 400 INVALID_ARGUMENT dimension',
      fetch_(
        pinecone(
          400,
          'INVALID_ARGUMENT',
          'Vector dimension 3 does not match the dimension of the index 1536',
        ),
      ),
      no('validation'),
    ),
    c(
      'Pinecone 429 RESOURCE_EXHAUSTED per-second',
      got_(
        pinecone(
          429,
          'RESOURCE_EXHAUSTED',
          'Request failed. You have exceeded the maximum number of requests per second.',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      "Pinecone 429 RESOURCE_EXHAUSTED, the month's write units spent",
      ky_(
        pinecone(
          429,
          'RESOURCE_EXHAUSTED',
          "Request failed. You've reached your write unit limit for the current month (2000000). To continue writing data, upgrade your plan.",
        ),
      ),
      no('quota'),
    ),
    c(
      'Pinecone 503 UNAVAILABLE',
      axios_(pinecone(503, 'UNAVAILABLE', 'Service unavailable')),
      wait('unavailable'),
    ),
    c(
      'Pinecone 500 INTERNAL',
      fetch_(pinecone(500, 'INTERNAL', 'Internal error')),
      wait('internal'),
    ),
  ]);

  freshCases('qdrant', [
    c(
      'Qdrant 404 collection does not exist',
      got_(qdrant(404, "Not found: Collection `docs` doesn't exist!")),
      no('not_found'),
    ),
    c(
      'Qdrant 400 vector dimension',
      ky_(qdrant(400, 'Wrong input: Vector dimension error: expected dim: 4, got 3')),
      no('validation'),
    ),
    c(
      'Qdrant 409 collection exists',
      axios_(qdrant(409, 'Wrong input: Collection `docs` already exists!')),
      no('conflict'),
    ),
    c(
      'Qdrant 403 forbidden',
      fetch_(qdrant(403, 'Forbidden: Global access is required')),
      no('permission'),
    ),
    c(
      'Qdrant 503 service error',
      got_(qdrant(503, 'Service internal error: task panicked')),
      wait('unavailable'),
    ),
  ]);

  freshCases('weaviate', [
    c('Weaviate 404', got_(weaviate(404, 'no object with id 123')), no('not_found')),
    c(
      'Weaviate 401 anonymous access',
      ky_(
        weaviate(401, 'anonymous access not enabled, please provide an auth scheme such as OIDC'),
      ),
      no('auth'),
    ),
    c(
      'Weaviate 403 insufficient permissions',
      axios_(weaviate(403, "forbidden: user 'x' has insufficient permissions to read_data")),
      no('permission'),
    ),
    c(
      'Weaviate 422 no such prop',
      fetch_(
        weaviate(422, "invalid object: no such prop with name 'titel' found in class 'Article'"),
      ),
      no('validation'),
    ),
    c(
      'Weaviate 500',
      got_(weaviate(500, 'could not build object: connection reset')),
      wait('internal'),
    ),
  ]);

  freshCases('chroma', [
    c(
      'Chroma 404 NotFoundError',
      got_(chroma(404, 'NotFoundError', 'Collection [docs] does not exists')),
      no('not_found'),
    ),
    c(
      'Chroma 409 UniqueConstraintError',
      ky_(chroma(409, 'UniqueConstraintError', 'Collection docs already exists')),
      no('conflict'),
    ),
    c(
      'Chroma 400 InvalidArgumentError',
      axios_(chroma(400, 'InvalidArgumentError', 'Expected embeddings to be a list')),
      no('validation'),
    ),
    c(
      'Chroma 500 InternalError',
      fetch_(chroma(500, 'InternalError', 'Error executing plan')),
      wait('internal'),
    ),
  ]);

  freshCases('mux', [
    c(
      'Mux 404 not_found',
      got_(
        mux(
          404,
          'not_found',
          "The requested resource either doesn't exist or you don't have access to it.",
        ),
      ),
      no('not_found'),
    ),
    c(
      'Mux 400 invalid_parameters',
      ky_(mux(400, 'invalid_parameters', 'input must be a valid URL')),
      no('validation'),
    ),
    c(
      'Mux 429 too_many_requests',
      axios_(mux(429, 'too_many_requests', 'Too many requests')),
      wait('rate_limit'),
    ),
    c('Mux 401 unauthorized', fetch_(mux(401, 'unauthorized', 'Unauthorized request')), no('auth')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// OpenRouter through the OpenAI SDK: openrouter.ai/docs/api-reference/errors (`error.code` the
// HTTP status as a number, `error.metadata` with the upstream `provider_name` and `raw` error;
// 402 credits spent, 408 timed out, 502 the provider down; the free models' per-day limit a
// 429 "free-models-per-day").
// ---------------------------------------------------------------------------------------------

const openrouter = openaiChat(base);
const orError = (
  status: number,
  message: string,
  metadata?: Record<string, unknown>,
  headers = {},
) =>
  json(
    status,
    { error: { code: status, message, ...(metadata ? { metadata } : {}) }, user_id: 'u1' },
    headers,
  );

describe('fresh OpenRouter errors (round 6)', () => {
  freshCases('openrouter', [
    c(
      'OpenRouter 402 insufficient credits',
      openrouter(
        orError(402, 'Insufficient credits. Add more using https://openrouter.ai/credits'),
      ),
      no('quota'),
    ),
    c('OpenRouter 408 timed out', openrouter(orError(408, 'Request timed out')), wait('timeout')),
    c(
      'OpenRouter 502 provider returned error (metadata.raw)',
      openrouter(
        orError(502, 'Provider returned error', {
          provider_name: 'Anthropic',
          raw: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
        }),
      ),
      wait('unavailable'),
    ),
    c(
      'OpenRouter 429 free-models-per-day (a day spent)',
      openrouter(
        orError(
          429,
          'Rate limit exceeded: free-models-per-day. Add 10 credits to unlock 1000 free model requests per day',
          {
            headers: {
              'X-RateLimit-Limit': '50',
              'X-RateLimit-Remaining': '0',
              'X-RateLimit-Reset': String(DATE_S * 1000 + 86_000_000),
            },
          },
        ),
      ),
      no('quota'),
    ),
    c(
      'OpenRouter 429 upstream rate limit with Retry-After: 6',
      openrouter(
        orError(
          429,
          'Provider returned error',
          { provider_name: 'DeepInfra', raw: 'rate limited' },
          { 'retry-after': '6' },
        ),
      ),
      wait('rate_limit', 6000),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Written after the fixes, from the same references: a row beside each fixed family's cases, to
// check that the tables cover the family and not only the cases above (not in the before score).
// ---------------------------------------------------------------------------------------------

describe('fresh rows beside the fixed ones (round 6)', () => {
  freshCases('beside', [
    c(
      'Box 409 name_temporarily_reserved (another request is creating it)',
      got_(box(409, 'name_temporarily_reserved', 'The name is temporarily reserved')),
      wait('conflict'),
    ),
    c(
      'Pinecone 403 FORBIDDEN, the plan allows no more indexes',
      axios_(
        pinecone(
          403,
          'FORBIDDEN',
          "Request failed. You've reached the max serverless indexes allowed in project Default (5). To add more serverless indexes, upgrade your plan.",
        ),
      ),
      no('quota'),
    ),
    c(
      'Plaid 400 ACCESS_NOT_GRANTED',
      fetch_(
        plaid(
          400,
          'ITEM_ERROR',
          'ACCESS_NOT_GRANTED',
          'access to this product is not granted for this item',
        ),
      ),
      no('permission'),
    ),
    c(
      'Plaid 400 INSUFFICIENT_CREDENTIALS',
      ky_(
        plaid(
          400,
          'ITEM_ERROR',
          'INSUFFICIENT_CREDENTIALS',
          'insufficient authorization was provided to complete the request',
        ),
      ),
      no('auth'),
    ),
    c(
      'PayPal 422 PAYEE_ACCOUNT_RESTRICTED',
      got_(
        paypal(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'PAYEE_ACCOUNT_RESTRICTED',
        ),
      ),
      no('permission'),
    ),
    c(
      'Spotify 429 with Retry-After as an HTTP date',
      ky_(
        spotify(429, 'API rate limit exceeded', undefined, {
          date: DATE,
          'retry-after': dateIn(9),
        }),
      ),
      wait('rate_limit', 9000),
    ),
    c(
      'Okta 429 E0000109 "wait 30 seconds before trying again"',
      axios_(
        okta(
          429,
          'E0000109',
          'An SMS message was recently sent. Please wait 30 seconds before trying again.',
        ),
      ),
      wait('rate_limit', 30_000),
    ),
    c(
      'Okta 403 E0000068 invalid passcode',
      got_(okta(403, 'E0000068', 'Invalid Passcode/Answer')),
      no('auth'),
    ),
    c(
      'Cloudflare 400 code 7003 could not route (an identifier that names nothing)',
      fetch_(
        cloudflare(
          400,
          7003,
          'Could not route to /zones/abc/dns_records, perhaps your object identifier is invalid?',
        ),
      ),
      no('not_found'),
    ),
    c(
      'Postmark 422 ErrorCode 401 sender signature not confirmed',
      axios_(postmark(422, 401, 'Sender signature not confirmed.')),
      no('permission'),
    ),
  ]);
});

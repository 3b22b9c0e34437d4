// Fresh cases for the code-words rule (src/dialects/http/code-words.ts): string codes of
// services no table here lists and no other test builds, each answered by a 127.0.0.1 server
// with the body the service documents and read through the client a tool would use (got, ky,
// fetch, @slack/web-api; ky's `HTTPError` keeps its body unread on `.response`, so its cases
// are read by status and are here for the status rule). Several break their status's usual meaning (a 422 that is a conflict,
// a 403 that is a spent storage budget, a 429 that is a billing limit, a 409 that is a missing
// path). Sources, per family:
// - Intercom: developers.intercom.com, REST API "Error codes" (`{ type: 'error.list', errors:
//   [{ code, message }] }`).
// - Dropbox: the API's endpoint-specific errors (HTTP 409, `error_summary` and the `.tag` union:
//   LookupError, WriteError — `not_found`, `conflict`, `insufficient_space`,
//   `too_many_write_operations`, "Please retry this request").
// - Supabase Auth: supabase.com/docs/guides/auth/debugging/error-codes and @supabase/auth-js's
//   `ErrorCode` (`{ code, error_code, msg }`).
// - Auth0 Management API v2: `{ statusCode, error, message, errorCode }` ("Management API v2
//   Errors": `inexistent_user`, `insufficient_scope`, `too_many_requests`).
// - Contentful: Content Management / Delivery API "Errors" (`{ sys: { type: 'Error', id } }`:
//   `VersionMismatch`, `AccessTokenInvalid`, `NotFound`, `RateLimitExceeded`).
// - Airtable: Web API "Errors" (`{ error: { type, message } }`:
//   `INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND`, `PUBLIC_API_BILLING_LIMIT_EXCEEDED`,
//   `AUTHENTICATION_REQUIRED`).
// - Box: developer.box.com, "Client error" (`{ type: 'error', status, code, message,
//   request_id }`: `storage_limit_exceeded`, `item_name_in_use`, `item_name_invalid`).
// - Slack: api.slack.com/methods, "Errors" of conversations.invite, chat.update and
//   conversations.history (`channel_is_archived`, `cant_invite_self`, `invalid_ts_latest`).
// - Apollo Router / GraphOS and Shopify-style GraphQL servers over HTTP 200: a server's own
//   `extensions.code` (Apollo Server's docs: custom codes by convention in SCREAMING_CASE).
import { WebClient } from '@slack/web-api';
import got from 'got';
import ky from 'ky';
import { describe } from 'vitest';
import { freshCases, no, rejected, wait } from './helpers/fresh-cases.js';
import { freshServer, json } from './helpers/fresh-http.js';
import type { Reply } from './helpers/reply-server.js';

const { answer, base } = freshServer('cw');

const viaGot = (reply: Reply) => () => rejected(got(answer(reply), { retry: { limit: 0 } }));
const viaKy = (reply: Reply) => () => rejected(ky(answer(reply), { retry: 0 }));
/** What a caller of plain fetch decodes: the response read into status, headers and text. */
const viaFetch = (reply: Reply) => async () => {
  const res = await fetch(answer(reply), { method: 'POST', body: '{}' });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

const intercom = (status: number, code: string, message: string) =>
  json(status, { type: 'error.list', request_id: 'r1', errors: [{ code, message }] });
const dropbox = (summary: string, error: unknown) =>
  json(409, { error_summary: summary, error }, { 'x-dropbox-request-id': 'd1' });
const supabase = (status: number, errorCode: string, msg: string) =>
  json(status, { code: status, error_code: errorCode, msg });
const auth0 = (status: number, error: string, errorCode: string, message: string) =>
  json(status, { statusCode: status, error, message, errorCode });
const contentful = (status: number, id: string, message: string) =>
  json(status, { sys: { type: 'Error', id }, message, requestId: 'c1' });
const airtable = (status: number, type: string, message: string) =>
  json(status, { error: { type, message } });
const box = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(
    status,
    {
      type: 'error',
      status,
      code,
      message,
      help_url: 'https://developer.box.com/',
      request_id: 'b1',
    },
    headers,
  );
const graphql = (code: string, message: string) =>
  json(200, { errors: [{ message, path: ['node'], extensions: { code } }], data: { node: null } });

function slackError(error: string) {
  return () => {
    const url = base('/conversations.invite', json(200, { ok: false, error }));
    const client = new WebClient('xoxb-test', {
      slackApiUrl: `${url}/`,
      retryConfig: { retries: 0 },
    });
    return rejected(client.conversations.invite({ channel: 'C1', users: 'U1' }));
  };
}

describe('fresh codes read by their words', () => {
  freshCases('code words', [
    // Intercom
    {
      label: 'Intercom 400 parameter_not_found (a required parameter was not supplied)',
      build: viaGot(intercom(400, 'parameter_not_found', 'Parameter not found')),
      careful: no('validation'),
    },
    {
      label: 'Intercom 404 admin_not_found',
      build: viaKy(intercom(404, 'admin_not_found', 'Admin Not Found')),
      careful: no('not_found'),
    },
    {
      label: 'Intercom 403 api_plan_restricted',
      build: viaGot(intercom(403, 'api_plan_restricted', 'Active subscription needed.')),
      careful: no('permission'),
    },
    {
      label: 'Intercom 401 token_not_found',
      build: viaFetch(intercom(401, 'token_not_found', 'Token not found')),
      careful: no('auth'),
    },
    // Dropbox: every endpoint-specific error is a 409
    {
      label: 'Dropbox 409 path/not_found/',
      build: viaFetch(
        dropbox('path/not_found/..', { '.tag': 'path', path: { '.tag': 'not_found' } }),
      ),
      careful: no('not_found'),
    },
    {
      label: 'Dropbox 409 path/insufficient_space/',
      build: viaGot(
        dropbox('path/insufficient_space/...', {
          '.tag': 'path',
          path: { '.tag': 'insufficient_space' },
        }),
      ),
      careful: no('quota'),
    },
    {
      label: 'Dropbox 409 too_many_write_operations/ ("Please retry this request")',
      build: viaGot(
        dropbox('too_many_write_operations/..', { '.tag': 'too_many_write_operations' }),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Dropbox 409 path/conflict/folder/',
      build: viaFetch(
        dropbox('path/conflict/folder/...', {
          '.tag': 'path',
          path: { '.tag': 'conflict', conflict: { '.tag': 'folder' } },
        }),
      ),
      careful: no('conflict'),
    },
    // Supabase Auth
    {
      label: 'Supabase Auth 422 email_exists',
      build: viaFetch(supabase(422, 'email_exists', 'Email address already registered')),
      careful: no('conflict'),
    },
    {
      label: 'Supabase Auth 400 invalid_credentials',
      build: viaGot(supabase(400, 'invalid_credentials', 'Invalid login credentials')),
      careful: no('auth'),
    },
    {
      label: 'Supabase Auth 403 user_banned',
      build: viaKy(supabase(403, 'user_banned', 'User is banned')),
      careful: no('permission'),
    },
    {
      label: 'Supabase Auth 400 refresh_token_not_found',
      build: viaFetch(supabase(400, 'refresh_token_not_found', 'Invalid Refresh Token: Not Found')),
      careful: no('auth'),
    },
    {
      label: 'Supabase Auth 422 signup_disabled',
      build: viaGot(supabase(422, 'signup_disabled', 'Signups not allowed for this instance')),
      careful: no('permission'),
    },
    {
      label: 'Supabase Auth 429 over_email_send_rate_limit',
      build: viaFetch(supabase(429, 'over_email_send_rate_limit', 'email rate limit exceeded')),
      careful: wait('rate_limit'),
    },
    // Auth0 Management API
    {
      label: 'Auth0 404 inexistent_user',
      build: viaGot(auth0(404, 'Not Found', 'inexistent_user', 'The user does not exist.')),
      careful: no('not_found'),
    },
    {
      label: 'Auth0 403 insufficient_scope',
      build: viaKy(
        auth0(403, 'Forbidden', 'insufficient_scope', 'Insufficient scope, expected: read:users'),
      ),
      careful: no('permission'),
    },
    {
      label: 'Auth0 400 invalid_body',
      build: viaFetch(auth0(400, 'Bad Request', 'invalid_body', 'Payload validation error')),
      careful: no('validation'),
    },
    // Contentful
    {
      label: 'Contentful 409 VersionMismatch',
      build: viaGot(contentful(409, 'VersionMismatch', 'Version mismatch')),
      careful: no('conflict'),
    },
    {
      label: 'Contentful 401 AccessTokenInvalid',
      build: viaKy(contentful(401, 'AccessTokenInvalid', 'The access token you sent is invalid.')),
      careful: no('auth'),
    },
    {
      label: 'Contentful 200-less body read by fetch: 404 NotFound',
      build: viaFetch(contentful(404, 'NotFound', 'The resource could not be found.')),
      careful: no('not_found'),
    },
    // Airtable
    {
      label: 'Airtable 429 PUBLIC_API_BILLING_LIMIT_EXCEEDED',
      build: viaFetch(
        airtable(429, 'PUBLIC_API_BILLING_LIMIT_EXCEEDED', 'The API billing limit was exceeded.'),
      ),
      careful: no('quota'),
    },
    {
      label: 'Airtable 403 INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
      build: viaGot(
        airtable(
          403,
          'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
          'Invalid permissions, or the requested model was not found.',
        ),
      ),
      careful: no('permission'),
    },
    {
      label: 'Airtable 401 AUTHENTICATION_REQUIRED',
      build: viaKy(airtable(401, 'AUTHENTICATION_REQUIRED', 'Authentication required')),
      careful: no('auth'),
    },
    // Box
    {
      label: 'Box 403 storage_limit_exceeded',
      build: viaGot(box(403, 'storage_limit_exceeded', 'Account storage limit reached')),
      careful: no('quota'),
    },
    {
      label: 'Box 409 item_name_in_use',
      build: viaFetch(box(409, 'item_name_in_use', 'Item with the same name already exists')),
      careful: no('conflict'),
    },
    {
      label: 'Box 400 item_name_invalid',
      build: viaKy(box(400, 'item_name_invalid', 'Item name invalid')),
      careful: no('validation'),
    },
    // Slack, through @slack/web-api (always HTTP 200)
    {
      label: 'Slack channel_is_archived',
      build: slackError('channel_is_archived'),
      careful: no('conflict'),
    },
    {
      label: 'Slack cant_invite_self',
      build: slackError('cant_invite_self'),
      careful: no('permission'),
    },
    {
      label: 'Slack invalid_ts_latest',
      build: slackError('invalid_ts_latest'),
      careful: no('validation'),
    },
    // GraphQL servers' own codes, over HTTP 200
    {
      label: 'GraphQL 200 extensions.code USER_NOT_FOUND',
      build: viaFetch(graphql('USER_NOT_FOUND', 'No user with this id')),
      careful: no('not_found'),
    },
    {
      label: 'GraphQL 200 extensions.code TOO_MANY_REQUESTS',
      build: viaFetch(graphql('TOO_MANY_REQUESTS', 'Slow down')),
      careful: wait('rate_limit'),
    },
    {
      label: 'GraphQL 200 extensions.code SESSION_EXPIRED',
      build: viaFetch(graphql('SESSION_EXPIRED', 'Log in again')),
      careful: no('auth'),
    },
  ]);
});

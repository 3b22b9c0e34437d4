// The seventh fresh case set for issue 36: the service SDKs an agent's tools call — Notion,
// Linear, Stripe, Twilio, SendGrid, discord.js's REST client, Google APIs through gaxios, Azure's
// core-rest-pipeline — and two generic clients (ofetch, superagent). Each error is built by the
// client itself against a 127.0.0.1 server answering as the service documents (retries off, one
// request per case), and each expectation is what a careful client of that service does, from
// the reference cited above its family. No case here is built by another test: earlier sets sent
// Stripe's, Twilio's and Azure's bodies through got, ky, axios or fetch; these are each SDK's
// own error classes. FRESH_SCORE=1 prints the score.
import { createDefaultHttpClient, createPipelineFromOptions } from '@azure/core-rest-pipeline';
import { createPipelineRequest, RestError } from '@azure/core-rest-pipeline';
import { REST } from '@discordjs/rest';
import { LinearClient } from '@linear/sdk';
import { Client as NotionClient } from '@notionhq/client';
import { Client as SendGridClient } from '@sendgrid/client';
import { Gaxios } from 'gaxios';
import { ofetch } from 'ofetch';
import Stripe from 'stripe';
import superagent from 'superagent';
import twilio from 'twilio';
import { beforeAll, describe } from 'vitest';
import { no, rejected, wait } from './helpers/fresh-cases.js';
import {
  freshServer,
  json,
  late,
  silent,
  freshCase as c,
  responseCases as freshCases,
} from './helpers/fresh-http.js';
import { closedPort } from './helpers/reply-server.js';
import type { Reply } from './helpers/reply-server.js';

const { answer, at, base } = freshServer('f7');
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
// Notion (@notionhq/client 5: `APIResponseError` with `code`, `status`, `headers`, `body`;
// `UnknownHTTPResponseError` for a body that is not Notion's; `RequestTimeoutError`). Reference:
// developers.notion.com/reference/status-codes (400 invalid_json / invalid_request_url /
// invalid_request / validation_error, 401 unauthorized, 403 restricted_resource, 404
// object_not_found, 409 conflict_error "try again", 429 rate_limited "respect Retry-After", 500
// internal_server_error, 502 bad_gateway, 503 service_unavailable, 504 gateway_timeout) and
// developers.notion.com/reference/request-limits; the SDK's own retry rule (Client.ts: 429 and
// 529 service_overload always retried, 500/503 for idempotent calls).
// ---------------------------------------------------------------------------------------------

/** The Notion client logs each failed request: the cases keep the test output for vitest. */
const quiet = (): void => undefined;
const notionError = (status: number, code: string, message: string, headers = {}) =>
  json(status, { object: 'error', status, code, message, request_id: 'r1' }, headers);
const notion =
  (reply: Reply, timeoutMs = 10_000) =>
  () =>
    rejected(
      new NotionClient({
        auth: 'secret_x',
        logger: quiet,
        baseUrl: base('/v1/pages/p1', reply),
        retry: false,
        timeoutMs,
      }).pages.retrieve({ page_id: 'p1' }),
    );
const notionAt = (url: string) => () =>
  rejected(
    new NotionClient({
      auth: 'secret_x',
      logger: quiet,
      baseUrl: url,
      retry: false,
    }).pages.retrieve({
      page_id: 'p1',
    }),
  );

describe('fresh Notion SDK errors', () => {
  freshCases('notion', [
    c(
      'Notion 429 rate_limited, Retry-After: 7',
      notion(
        notionError(429, 'rate_limited', 'You have been rate limited.', { 'retry-after': '7' }),
      ),
      wait('rate_limit', 7000),
    ),
    c(
      'Notion 429 rate_limited, Retry-After as an HTTP date',
      notion(
        notionError(429, 'rate_limited', 'Rate limited.', {
          date: DATE,
          'retry-after': dateIn(12),
        }),
      ),
      wait('rate_limit', 12_000),
    ),
    c(
      'Notion 429 rate_limited, no header',
      notion(notionError(429, 'rate_limited', 'You have been rate limited. Please try again.')),
      wait('rate_limit'),
    ),
    c(
      'Notion 401 unauthorized',
      notion(notionError(401, 'unauthorized', 'API token is invalid.')),
      no('auth'),
    ),
    c(
      'Notion 403 restricted_resource',
      notion(
        notionError(
          403,
          'restricted_resource',
          'Given the bearer token used, the client does not have permission to perform this operation.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Notion 404 object_not_found',
      notion(
        notionError(
          404,
          'object_not_found',
          'Could not find page with ID: p1. Make sure the relevant pages and databases are shared with your integration.',
        ),
      ),
      no('not_found'),
    ),
    c(
      'Notion 400 invalid_json',
      notion(notionError(400, 'invalid_json', 'The request body could not be decoded as JSON.')),
      no('validation'),
    ),
    c(
      'Notion 400 invalid_request_url',
      notion(notionError(400, 'invalid_request_url', 'The request URL is not valid.')),
      no('validation'),
    ),
    c(
      'Notion 400 validation_error',
      notion(
        notionError(
          400,
          'validation_error',
          'body failed validation: body.parent should be defined',
        ),
      ),
      no('validation'),
    ),
    c(
      'Notion 400 invalid_request (unsupported)',
      notion(notionError(400, 'invalid_request', 'This request is not supported.')),
      no('validation'),
    ),
    c(
      'Notion 409 conflict_error ("try again")',
      notion(
        notionError(409, 'conflict_error', 'Conflict occurred while saving. Please try again.'),
      ),
      wait('conflict'),
    ),
    c(
      'Notion 500 internal_server_error',
      notion(notionError(500, 'internal_server_error', 'Unexpected error occurred.')),
      wait('internal'),
    ),
    c(
      'Notion 503 service_unavailable',
      notion(
        notionError(503, 'service_unavailable', 'Notion is unavailable, please try again later.'),
      ),
      wait('unavailable'),
    ),
    c(
      'Notion 504 gateway_timeout',
      notion(
        notionError(
          504,
          'gateway_timeout',
          'Notion timed out while attempting to complete this request.',
        ),
      ),
      wait('timeout'),
    ),
    c(
      'Notion 529 service_overload (the SDK always retries it)',
      notion(notionError(529, 'service_overload', 'Notion is overloaded. Please try again.')),
      wait('unavailable'),
    ),
    c(
      'Notion 503 database_connection_unavailable (a code the SDK does not list)',
      notion(
        notionError(503, 'database_connection_unavailable', "Notion's database is unavailable."),
      ),
      wait('unavailable'),
    ),
    c(
      'Notion 502 an HTML page (UnknownHTTPResponseError)',
      notion(text(502, '<html><body><h1>502 Bad Gateway</h1></body></html>')),
      wait('unavailable'),
    ),
    c('Notion RequestTimeoutError (timeoutMs)', notion(silent(5000), 40), wait('timeout')),
    c('Notion connection refused', () => notionAt(refused)(), wait('unavailable')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Linear (@linear/sdk: a `LinearError` subclass per `errors[0].extensions.type`, else by HTTP
// status; `RatelimitedLinearError` reads `retry-after` and the `x-ratelimit-*` headers).
// Reference: linear.app/developers/graphql ("Errors": `extensions.type`, `userError`,
// `userPresentableMessage`) and linear.app/developers/rate-limiting (a rate-limited request is
// answered HTTP 400 with `extensions.code: "RATELIMITED"`; the `X-RateLimit-Requests-*` and
// `X-RateLimit-Complexity-*` headers, resets in epoch milliseconds).
// ---------------------------------------------------------------------------------------------

const linearError = (
  status: number,
  type: string,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers = {},
) =>
  json(
    status,
    {
      errors: [
        {
          message,
          path: ['issue'],
          locations: [{ line: 2, column: 3 }],
          extensions: { type, code, userError: extra.userError ?? false, ...extra },
        },
      ],
      data: null,
    },
    headers,
  );
const linear = (reply: Reply) => () =>
  rejected(new LinearClient({ apiKey: 'lin_api_x', apiUrl: answer(reply) }).issue('ENG-1'));

describe('fresh Linear SDK errors', () => {
  freshCases('linear', [
    c(
      'Linear 400 RATELIMITED with Retry-After: 30',
      linear(
        linearError(
          400,
          'ratelimited',
          'RATELIMITED',
          'Rate limit exceeded',
          {},
          {
            'retry-after': '30',
            'x-ratelimit-requests-remaining': '0',
          },
        ),
      ),
      wait('rate_limit', 30_000),
    ),
    c(
      'Linear 400 RATELIMITED, the complexity budget spent (reset header only)',
      linear(
        linearError(
          400,
          'ratelimited',
          'RATELIMITED',
          'Rate limit exceeded',
          {},
          {
            'x-ratelimit-complexity-remaining': '0',
            'x-ratelimit-complexity-reset': String((DATE_S + 60) * 1000),
            date: DATE,
          },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Linear authentication error (a revoked key)',
      linear(
        linearError(
          400,
          'authentication error',
          'AUTHENTICATION_ERROR',
          'Authentication required, not authenticated',
          {
            userPresentableMessage: 'You need to authenticate to access this operation.',
          },
        ),
      ),
      no('auth'),
    ),
    c(
      'Linear forbidden',
      linear(
        linearError(400, 'forbidden', 'FORBIDDEN', 'Forbidden', {
          userPresentableMessage: 'You do not have access to this resource.',
        }),
      ),
      no('permission'),
    ),
    c(
      'Linear invalid input (a bad argument)',
      linear(
        linearError(200, 'invalid input', 'INVALID_INPUT', 'Argument Validation Error', {
          userError: true,
          userPresentableMessage: 'title must be shorter than or equal to 255 characters',
        }),
      ),
      no('validation'),
    ),
    c(
      'Linear feature not accessible (the plan lacks it)',
      linear(
        linearError(
          200,
          'feature not accessible',
          'FEATURE_NOT_ACCESSIBLE',
          'Feature not accessible',
          {
            userError: true,
            userPresentableMessage: 'This feature is not available on your current plan.',
          },
        ),
      ),
      no('permission'),
    ),
    c(
      'Linear usage limit exceeded (the free plan issue limit)',
      linear(
        linearError(200, 'usage limit exceeded', 'USAGE_LIMIT_EXCEEDED', 'Usage limit exceeded', {
          userError: true,
          userPresentableMessage: 'You have reached the issue limit of the free plan.',
        }),
      ),
      no('quota'),
    ),
    c(
      'Linear lock timeout (another write holds the lock: run it again)',
      linear(linearError(200, 'lock timeout', 'LOCK_TIMEOUT', 'Lock timeout', {})),
      wait('conflict'),
    ),
    c(
      'Linear internal error',
      linear(linearError(200, 'internal error', 'INTERNAL_SERVER_ERROR', 'Internal server error')),
      wait('internal'),
    ),
    c(
      'Linear graphql error (a field the schema lacks)',
      linear(
        linearError(
          400,
          'graphql error',
          'GRAPHQL_VALIDATION_FAILED',
          'Cannot query field "titel" on type "Issue".',
        ),
      ),
      no('validation'),
    ),
    c(
      'Linear HTTP 500 with no GraphQL body',
      linear(text(500, 'Internal Server Error')),
      wait('internal'),
    ),
    c(
      'Linear HTTP 502 an HTML page (NetworkLinearError)',
      linear(text(502, '<html><h1>502 Bad Gateway</h1></html>')),
      wait('unavailable'),
    ),
    c(
      'Linear HTTP 401 with no GraphQL body (AuthenticationLinearError)',
      linear(text(401, 'Unauthorized')),
      no('auth'),
    ),
    c(
      'Linear connection refused',
      () =>
        rejected(
          new LinearClient({ apiKey: 'lin_api_x', apiUrl: `${refused}/graphql` }).issue('ENG-1'),
        ),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Stripe (stripe-node 23: `StripeError` subclasses by status and `type` — StripeCardError (402),
// StripeInvalidRequestError, StripeAuthenticationError (401), StripePermissionError (403),
// StripeIdempotencyError, StripeRateLimitError (429), StripeAPIError, StripeConnectionError —
// with `statusCode`, `headers`, `code`, `decline_code`). Reference: docs.stripe.com/api/errors
// (types and statuses), docs.stripe.com/error-codes and docs.stripe.com/declines/codes (a decline
// is the customer's card: not ours to retry), docs.stripe.com/rate-limits (429, lock_timeout)
// and docs.stripe.com/error-low-level (`Stripe-Should-Retry` decides; 409 is retried).
// ---------------------------------------------------------------------------------------------

const stripeError = (status: number, error: Record<string, unknown>, headers = {}) =>
  json(status, { error: { ...error, request_log_url: 'https://dashboard/logs/req_1' } }, headers);
let stripeIds = 0;
/** A Stripe client on the reply server; each case retrieves its own customer (the SDK's paths are fixed). */
const stripeVia =
  (reply: Reply, options: Partial<Stripe.StripeConfig> = {}) =>
  () => {
    const id = `cus_f7_${(stripeIds += 1)}`;
    const url = new URL(at(`/v1/customers/${id}`, reply));
    const client = new Stripe('sk_test_x', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
      ...options,
    });
    return rejected(client.customers.retrieve(id));
  };

describe('fresh Stripe SDK errors', () => {
  freshCases('stripe', [
    c(
      'Stripe 402 card_declined insufficient_funds (StripeCardError)',
      stripeVia(
        stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        }),
      ),
      no('validation'),
    ),
    c(
      'Stripe 402 expired_card',
      stripeVia(
        stripeError(402, {
          type: 'card_error',
          code: 'expired_card',
          param: 'exp_month',
          message: 'Your card has expired.',
        }),
      ),
      no('validation'),
    ),
    c(
      'Stripe 402 incorrect_cvc',
      stripeVia(
        stripeError(402, {
          type: 'card_error',
          code: 'incorrect_cvc',
          param: 'cvc',
          message: "Your card's security code is incorrect.",
        }),
      ),
      no('validation'),
    ),
    c(
      'Stripe 402 card_declined do_not_honor',
      stripeVia(
        stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'do_not_honor',
          message: 'Your card was declined.',
        }),
      ),
      no('validation'),
    ),
    c(
      'Stripe 429 rate_limit (StripeRateLimitError)',
      stripeVia(
        stripeError(429, {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Request rate limit exceeded.',
        }),
      ),
      wait('rate_limit'),
    ),
    c(
      'Stripe 429 rate_limit with Stripe-Should-Retry: true',
      stripeVia(
        stripeError(
          429,
          {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message: 'Too many requests hit the API too quickly.',
          },
          { 'stripe-should-retry': 'true' },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Stripe 429 lock_timeout (another request holds the object)',
      stripeVia(
        stripeError(429, {
          type: 'invalid_request_error',
          code: 'lock_timeout',
          message:
            'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
        }),
      ),
      wait('conflict'),
    ),
    c(
      'Stripe 400 idempotency_error, a key reused with other parameters (StripeIdempotencyError)',
      stripeVia(
        stripeError(
          400,
          {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
          { 'stripe-should-retry': 'false' },
        ),
      ),
      no('validation'),
    ),
    c(
      'Stripe 409 a concurrent request with the same idempotency key, Stripe-Should-Retry: true',
      stripeVia(
        stripeError(
          409,
          {
            type: 'idempotency_error',
            message: 'There is currently another in-progress request using this Idempotent Key.',
          },
          { 'stripe-should-retry': 'true' },
        ),
      ),
      wait('conflict'),
    ),
    c(
      'Stripe 401 an invalid key (StripeAuthenticationError)',
      stripeVia(
        stripeError(401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided: sk_test_***x',
        }),
      ),
      no('auth'),
    ),
    c(
      'Stripe 403 a restricted key without access (StripePermissionError)',
      stripeVia(
        stripeError(403, {
          type: 'invalid_request_error',
          message:
            "The provided key 'rk_test_***' does not have the required permissions for this endpoint.",
        }),
      ),
      no('permission'),
    ),
    c(
      'Stripe 404 resource_missing',
      stripeVia(
        stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'id',
          message: "No such customer: 'cus_x'",
        }),
      ),
      no('not_found'),
    ),
    c(
      'Stripe 400 parameter_invalid_integer',
      stripeVia(
        stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'amount',
          message: 'Invalid integer: 1.5',
        }),
      ),
      no('validation'),
    ),
    c(
      'Stripe 400 amount_too_small',
      stripeVia(
        stripeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          param: 'amount',
          message: 'Amount must be at least $0.50 usd',
        }),
      ),
      no('validation'),
    ),
    c(
      'Stripe 400 email_invalid',
      stripeVia(
        stripeError(400, {
          type: 'invalid_request_error',
          code: 'email_invalid',
          param: 'email',
          message: 'Invalid email address: x@',
        }),
      ),
      no('validation'),
    ),
    c(
      'Stripe 500 api_error, Stripe-Should-Retry: true (StripeAPIError)',
      stripeVia(
        stripeError(
          500,
          { type: 'api_error', message: 'An unknown error occurred' },
          { 'stripe-should-retry': 'true' },
        ),
      ),
      wait('internal'),
    ),
    c(
      'Stripe 500 api_error, Stripe-Should-Retry: false',
      stripeVia(
        stripeError(
          500,
          { type: 'api_error', message: 'An unknown error occurred' },
          { 'stripe-should-retry': 'false' },
        ),
      ),
      no('internal'),
    ),
    c(
      'Stripe 503 api_error',
      stripeVia(
        stripeError(503, { type: 'api_error', message: 'Stripe is temporarily unavailable.' }),
      ),
      wait('unavailable'),
    ),
    c(
      // The SDK keeps no status for a body that is not JSON: all a caller has is Stripe's
      // `api_error` class, "a temporary problem with Stripe's servers", which its retry covers.
      'Stripe 502 not JSON (StripeAPIError "Invalid JSON received", the status dropped)',
      stripeVia(text(502, '<html>502 Bad Gateway</html>')),
      wait('internal'),
    ),
    c(
      'Stripe connection refused (StripeConnectionError)',
      () => {
        const url = new URL(refused);
        const client = new Stripe('sk_test_x', {
          host: url.hostname,
          port: Number(url.port),
          protocol: 'http',
          maxNetworkRetries: 0,
        });
        return rejected(client.customers.retrieve('cus_refused'));
      },
      wait('unavailable'),
    ),
    c(
      'Stripe client timeout (StripeConnectionError, "Request aborted due to timeout")',
      stripeVia(silent(5000), { timeout: 40 }),
      wait('timeout'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Twilio (twilio-node 6: `RestException` with `status`, `code`, `message`, `moreInfo`; no
// headers). Reference: twilio.com/docs/api/errors (20003 authenticate, 20008 test credentials,
// 20403 forbidden, 20404 not found, 20429 too many requests, 20500 internal error, 20503
// unavailable; 21211/21212/21602/21604/21614 invalid parameters; 21408 a region not enabled;
// 21610 an opted-out recipient) and twilio.com/docs/usage/requests-to-twilio (429: back off).
// ---------------------------------------------------------------------------------------------

const twilioError = (status: number, code: number, message: string, headers = {}) =>
  json(
    status,
    { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    headers,
  );
let twilioAccounts = 0;
const twilioVia =
  (reply: Reply | undefined, options: Record<string, unknown> = {}) =>
  () => {
    const sid = `AC${String((twilioAccounts += 1)).padStart(32, '0')}`;
    const client = twilio(sid, 'token', options);
    client.api.baseUrl =
      reply === undefined ? refused : base(`/2010-04-01/Accounts/${sid}/Messages.json`, reply);
    return rejected(
      client.messages.create({ to: '+15005550006', from: '+15005550001', body: 'hi' }),
    );
  };

describe('fresh Twilio SDK errors', () => {
  freshCases('twilio', [
    c(
      'Twilio 429 20429 Too Many Requests',
      twilioVia(twilioError(429, 20429, 'Too Many Requests')),
      wait('rate_limit'),
    ),
    c(
      'Twilio 429 20429 with Retry-After (the exception keeps no headers)',
      twilioVia(twilioError(429, 20429, 'Too Many Requests', { 'retry-after': '2' })),
      wait('rate_limit'),
    ),
    c(
      'Twilio 401 20003 Authenticate',
      twilioVia(twilioError(401, 20003, 'Authenticate')),
      no('auth'),
    ),
    c(
      'Twilio 403 20403 Forbidden',
      twilioVia(twilioError(403, 20403, 'Forbidden')),
      no('permission'),
    ),
    c(
      'Twilio 403 20008 resource not accessible with test credentials',
      twilioVia(twilioError(403, 20008, 'Resource not accessible with Test Account Credentials')),
      no('permission'),
    ),
    c(
      'Twilio 404 20404 resource not found',
      twilioVia(
        twilioError(
          404,
          20404,
          'The requested resource /2010-04-01/Accounts/AC/Messages.json was not found',
        ),
      ),
      no('not_found'),
    ),
    c(
      "Twilio 400 21211 invalid 'To' phone number",
      twilioVia(twilioError(400, 21211, "Invalid 'To' Phone Number: +1500555000")),
      no('validation'),
    ),
    c(
      "Twilio 400 21212 invalid 'From' phone number",
      twilioVia(twilioError(400, 21212, "Invalid 'From' Number")),
      no('validation'),
    ),
    c(
      'Twilio 400 21602 message body required',
      twilioVia(twilioError(400, 21602, 'Message body is required.')),
      no('validation'),
    ),
    c(
      "Twilio 400 21614 'To' is not a mobile number",
      twilioVia(twilioError(400, 21614, "'To' number is not a valid mobile number")),
      no('validation'),
    ),
    c(
      'Twilio 400 21408 permission to send to a region not enabled',
      twilioVia(
        twilioError(
          400,
          21408,
          "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +44",
        ),
      ),
      no('permission'),
    ),
    c(
      'Twilio 500 20500 internal server error',
      twilioVia(twilioError(500, 20500, 'Internal Server Error')),
      wait('internal'),
    ),
    c(
      'Twilio 503 20503 service unavailable',
      twilioVia(twilioError(503, 20503, 'Service Unavailable')),
      wait('unavailable'),
    ),
    c(
      'Twilio 502 an HTML page',
      twilioVia(text(502, '<html>Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c('Twilio connection refused', twilioVia(undefined), wait('unavailable')),
    c('Twilio client timeout', twilioVia(silent(5000), { timeout: 40 }), wait('timeout')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// SendGrid (@sendgrid/client 8: `ResponseError` with the status as `code`, the status text as
// `message`, `response: { headers, body }`; a failure with no response is axios' own). Reference:
// www.twilio.com/docs/sendgrid/api-reference/how-to-use-the-sendgrid-v3-api/responses (400, 401,
// 403, 404, 405, 413, 429, 500; `{ errors: [{ message, field, help }] }`) and
// .../rate-limits (429 with `X-RateLimit-Reset`, a Unix time in seconds); the Mail Send errors
// (a sender identity not verified: 403; "Maximum credits exceeded": 401, the plan's credits).
// ---------------------------------------------------------------------------------------------

const sendgridError = (status: number, errors: Record<string, unknown>[], headers = {}) =>
  json(status, { errors }, headers);
const sendgrid = (reply: Reply | undefined, timeout?: number) => () => {
  const client = new SendGridClient();
  client.setApiKey('SG.x');
  client.setDefaultRequest('baseUrl', reply === undefined ? refused : base('/v3/mail/send', reply));
  if (timeout !== undefined) client.setDefaultRequest('timeout' as 'baseUrl', timeout as never);
  return rejected(
    client.request({ method: 'POST', url: '/v3/mail/send', body: { personalizations: [] } }),
  );
};

describe('fresh SendGrid client errors', () => {
  freshCases('sendgrid', [
    c(
      'SendGrid 429 with X-RateLimit-Reset (a Unix time)',
      sendgrid(
        sendgridError(429, [{ message: 'too many requests', field: null, help: null }], {
          date: DATE,
          'x-ratelimit-limit': '600',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(DATE_S + 45),
        }),
      ),
      wait('rate_limit', 45_000),
    ),
    c(
      'SendGrid 429, no headers',
      sendgrid(sendgridError(429, [{ message: 'too many requests', field: null, help: null }])),
      wait('rate_limit'),
    ),
    c(
      'SendGrid 401 an invalid key',
      sendgrid(
        sendgridError(401, [
          {
            message: 'The provided authorization grant is invalid, expired, or revoked',
            field: null,
            help: null,
          },
        ]),
      ),
      no('auth'),
    ),
    c(
      'SendGrid 401 "Maximum credits exceeded" (the plan is spent)',
      sendgrid(
        sendgridError(401, [{ message: 'Maximum credits exceeded', field: null, help: null }]),
      ),
      no('quota'),
    ),
    c(
      'SendGrid 403 a sender identity not verified',
      sendgrid(
        sendgridError(403, [
          {
            message:
              'The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved.',
            field: 'from',
            help: 'https://sendgrid.com/docs/for-developers/sending-email/sender-identity/',
          },
        ]),
      ),
      no('permission'),
    ),
    c(
      'SendGrid 403 access forbidden (a key without the scope)',
      sendgrid(sendgridError(403, [{ message: 'access forbidden', field: null, help: null }])),
      no('permission'),
    ),
    c(
      'SendGrid 400 personalizations.0.to required',
      sendgrid(
        sendgridError(400, [
          {
            message:
              'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
            field: 'personalizations.0.to',
            help: 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations.to',
          },
        ]),
      ),
      no('validation'),
    ),
    c(
      'SendGrid 404 resource not found',
      sendgrid(sendgridError(404, [{ message: 'resource not found', field: null, help: null }])),
      no('not_found'),
    ),
    c(
      'SendGrid 405 method not allowed',
      sendgrid(sendgridError(405, [{ message: 'method not allowed', field: null, help: null }])),
      no('protocol'),
    ),
    c(
      'SendGrid 413 payload too large',
      sendgrid(
        sendgridError(413, [
          {
            message: 'The JSON payload you have included in your request is too large.',
            field: null,
            help: null,
          },
        ]),
      ),
      no('validation'),
    ),
    c(
      'SendGrid 500 internal error',
      sendgrid(sendgridError(500, [{ message: 'internal error', field: null, help: null }])),
      wait('internal'),
    ),
    c(
      'SendGrid 503 service unavailable, Retry-After: 20',
      sendgrid(text(503, 'Service Unavailable', { 'retry-after': '20' })),
      wait('unavailable', 20_000),
    ),
    c('SendGrid connection refused', sendgrid(undefined), wait('unavailable')),
    c('SendGrid client timeout', sendgrid(silent(5000), 40), wait('timeout')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Discord (@discordjs/rest 2: `DiscordAPIError` with the JSON error `code` and `status`,
// `HTTPError` for a 5xx, `RateLimitError` with `retryAfter` in ms, `global`, `scope` when
// `rejectOnRateLimit` lets a 429 through). Reference:
// discord.com/developers/docs/topics/opcodes-and-status-codes ("JSON Error Codes": 10xxx unknown
// objects, 30xxx maximums reached, 40xxx/50xxx refusals, 50001 missing access, 50013 missing
// permissions, 50035 invalid form body, 130000 API overloaded "try again later") and
// discord.com/developers/docs/topics/rate-limits (429 with `Retry-After` and `retry_after` in
// seconds, `X-RateLimit-Global`, `X-RateLimit-Scope`).
// ---------------------------------------------------------------------------------------------

const discordError = (status: number, code: number, message: string, extra = {}) =>
  json(status, { message, code, ...extra });
const discord =
  (reply: Reply, timeout = 10_000) =>
  () =>
    rejected(
      new REST({
        api: base('/v10/channels/42/messages', reply),
        retries: 0,
        offset: 0,
        timeout,
        rejectOnRateLimit: () => true,
        hashSweepInterval: 0,
        handlerSweepInterval: 0,
      })
        .setToken('bot-token')
        .post('/channels/42/messages', { body: { content: 'hi' } }),
    );
const discord429 = (retryAfter: number, headers: Record<string, string>, body = {}) =>
  json(
    429,
    { message: 'You are being rate limited.', retry_after: retryAfter, global: false, ...body },
    {
      'retry-after': String(Math.ceil(retryAfter)),
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': String(retryAfter),
      'x-ratelimit-bucket': 'b1',
      ...headers,
    },
  );

describe('fresh discord.js REST errors', () => {
  freshCases('discord', [
    c(
      'Discord 403 50013 Missing Permissions',
      discord(discordError(403, 50_013, 'Missing Permissions')),
      no('permission'),
    ),
    c(
      'Discord 403 50001 Missing Access',
      discord(discordError(403, 50_001, 'Missing Access')),
      no('permission'),
    ),
    c(
      'Discord 404 10003 Unknown Channel',
      discord(discordError(404, 10_003, 'Unknown Channel')),
      no('not_found'),
    ),
    c(
      'Discord 404 10008 Unknown Message',
      discord(discordError(404, 10_008, 'Unknown Message')),
      no('not_found'),
    ),
    c(
      'Discord 404 10013 Unknown User',
      discord(discordError(404, 10_013, 'Unknown User')),
      no('not_found'),
    ),
    c('Discord 401 0 Unauthorized', discord(discordError(401, 0, '401: Unauthorized')), no('auth')),
    c(
      'Discord 400 50035 Invalid Form Body',
      discord(
        discordError(400, 50_035, 'Invalid Form Body', {
          errors: {
            content: {
              _errors: [
                { code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' },
              ],
            },
          },
        }),
      ),
      no('validation'),
    ),
    c(
      'Discord 400 50006 Cannot send an empty message',
      discord(discordError(400, 50_006, 'Cannot send an empty message')),
      no('validation'),
    ),
    c(
      'Discord 400 50109 invalid JSON',
      discord(discordError(400, 50_109, 'The request body contains invalid JSON.')),
      no('validation'),
    ),
    c(
      'Discord 400 30007 Maximum number of webhooks reached (15)',
      discord(discordError(400, 30_007, 'Maximum number of webhooks reached (15)')),
      no('quota'),
    ),
    c(
      'Discord 400 30013 Maximum number of guild channels reached (500)',
      discord(discordError(400, 30_013, 'Maximum number of guild channels reached (500)')),
      no('quota'),
    ),
    c(
      'Discord 400 40060 Interaction has already been acknowledged',
      discord(discordError(400, 40_060, 'Interaction has already been acknowledged.')),
      no('conflict'),
    ),
    c(
      'Discord 503 130000 API resource overloaded ("try again a little later")',
      discord(
        discordError(
          503,
          130_000,
          'API resource is currently overloaded. Try again a little later.',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Discord 429 per-route (RateLimitError, Retry-After: 3)',
      discord(discord429(2.6, { 'x-ratelimit-scope': 'user' })),
      wait('rate_limit', 3000),
    ),
    c(
      'Discord 429 global (X-RateLimit-Global)',
      discord(
        discord429(
          1.2,
          { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
          { global: true },
        ),
      ),
      wait('rate_limit', 2000),
    ),
    c(
      'Discord 429 shared resource limit',
      discord(discord429(5.5, { 'x-ratelimit-scope': 'shared' })),
      wait('rate_limit', 6000),
    ),
    c('Discord 500 (HTTPError)', discord(text(500, 'Internal Server Error')), wait('internal')),
    c(
      'Discord 502 (HTTPError)',
      discord(text(502, '<html>502 Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c(
      'Discord client timeout',
      discord(silent(5000), 40),
      wait('timeout'),
      "discord.js aborts its own controller with no reason: a bare AbortError, the caller's abort's twin",
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Google APIs over REST through gaxios 7 (what googleapis and the Google Cloud Node clients throw
// over HTTP: `GaxiosError` with `status`, `response.data` parsed, `code` a system error's or the
// body's number). Reference: cloud.google.com/apis/design/errors and google.aip.dev/193 (the JSON
// error: `{ error: { code, message, status, details } }`, RetryInfo's `retryDelay`, ErrorInfo's
// `reason`, QuotaFailure; the status names' retry rules), the older `errors[].reason` of Drive
// and YouTube (developers.google.com/workspace/drive/api/guides/handle-errors:
// userRateLimitExceeded / rateLimitExceeded back off, dailyLimitExceeded and
// storageQuotaExceeded do not) and Google's OAuth token endpoint (RFC 6749 §5.2).
// ---------------------------------------------------------------------------------------------

const gError = (
  code: number,
  status: string,
  message: string,
  details?: unknown[],
  headers: Record<string, string> = {},
) => json(code, { error: { code, message, status, ...(details ? { details } : {}) } }, headers);
const legacy = (code: number, reason: string, message: string, domain = 'usageLimits') =>
  json(code, { error: { code, message, errors: [{ domain, reason, message }] } });
const errorInfo = (reason: string, domain = 'googleapis.com') => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain,
  metadata: { service: 'drive.googleapis.com' },
});
const gaxios = (reply: Reply | undefined, timeout?: number) => () =>
  rejected(
    new Gaxios().request({
      url: reply === undefined ? `${refused}/v3/files` : answer(reply),
      retry: false,
      ...(timeout === undefined ? {} : { timeout }),
    }),
  );

describe('fresh Google API errors through gaxios', () => {
  freshCases('gaxios', [
    c(
      'Google 429 RESOURCE_EXHAUSTED with RetryInfo 7s',
      gaxios(
        gError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric', [
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' },
        ]),
      ),
      wait('rate_limit', 7000),
    ),
    c(
      'Google 429 RATE_LIMIT_EXCEEDED (ErrorInfo)',
      gaxios(
        gError(
          429,
          'RESOURCE_EXHAUSTED',
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute'",
          [errorInfo('RATE_LIMIT_EXCEEDED')],
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Google 429 with Retry-After: 20',
      gaxios(
        gError(429, 'RESOURCE_EXHAUSTED', 'Too many requests', undefined, { 'retry-after': '20' }),
      ),
      wait('rate_limit', 20_000),
    ),
    c(
      'Drive 403 userRateLimitExceeded (back off)',
      gaxios(legacy(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded')),
      wait('rate_limit'),
    ),
    c(
      'Drive 403 rateLimitExceeded (back off)',
      gaxios(legacy(403, 'rateLimitExceeded', 'Rate Limit Exceeded')),
      wait('rate_limit'),
    ),
    c(
      'YouTube 403 quotaExceeded (the daily quota)',
      gaxios(
        legacy(
          403,
          'quotaExceeded',
          'The request cannot be completed because you have exceeded your quota.',
          'youtube.quota',
        ),
      ),
      no('quota'),
    ),
    c(
      'Drive 403 dailyLimitExceeded',
      gaxios(legacy(403, 'dailyLimitExceeded', 'Daily Limit Exceeded')),
      no('quota'),
    ),
    c(
      'Drive 403 storageQuotaExceeded',
      gaxios(
        legacy(
          403,
          'storageQuotaExceeded',
          "The user's Drive storage quota has been exceeded.",
          'global',
        ),
      ),
      no('quota'),
    ),
    c(
      'Drive 403 insufficientFilePermissions',
      gaxios(
        legacy(
          403,
          'insufficientFilePermissions',
          'The user does not have sufficient permissions for this file.',
          'global',
        ),
      ),
      no('permission'),
    ),
    c(
      'Google 403 PERMISSION_DENIED',
      gaxios(gError(403, 'PERMISSION_DENIED', 'The caller does not have permission')),
      no('permission'),
    ),
    c(
      'Google 403 SERVICE_DISABLED (the API is not enabled for the project)',
      gaxios(
        gError(
          403,
          'PERMISSION_DENIED',
          'Google Drive API has not been used in project 1 before or it is disabled.',
          [errorInfo('SERVICE_DISABLED')],
        ),
      ),
      no('permission'),
    ),
    c(
      'Google 404 NOT_FOUND',
      gaxios(gError(404, 'NOT_FOUND', 'File not found: abc.')),
      no('not_found'),
    ),
    c(
      'Google 400 INVALID_ARGUMENT with field violations',
      gaxios(
        gError(400, 'INVALID_ARGUMENT', 'Invalid value at pageSize', [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: 'pageSize', description: 'must be positive' }],
          },
        ]),
      ),
      no('validation'),
    ),
    c(
      'Google 401 UNAUTHENTICATED',
      gaxios(gError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')),
      no('auth'),
    ),
    c(
      'Google 409 ALREADY_EXISTS',
      gaxios(gError(409, 'ALREADY_EXISTS', 'Resource already exists')),
      no('conflict'),
    ),
    c(
      'Google 409 ABORTED (contention: retry the read-modify-write)',
      gaxios(gError(409, 'ABORTED', 'Too much contention on these documents. Please try again.')),
      wait('conflict'),
    ),
    c(
      'Google 400 FAILED_PRECONDITION',
      gaxios(gError(400, 'FAILED_PRECONDITION', 'The bucket is not empty.')),
      no('conflict'),
    ),
    c(
      'Google 500 INTERNAL',
      gaxios(gError(500, 'INTERNAL', 'Internal error encountered.')),
      wait('internal'),
    ),
    c(
      'Google 503 UNAVAILABLE',
      gaxios(gError(503, 'UNAVAILABLE', 'The service is currently unavailable.')),
      wait('unavailable'),
    ),
    c(
      'Google 504 DEADLINE_EXCEEDED',
      gaxios(gError(504, 'DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.')),
      wait('timeout'),
    ),
    c(
      'Google 501 UNIMPLEMENTED',
      gaxios(gError(501, 'UNIMPLEMENTED', 'Method not implemented.')),
      no('protocol'),
    ),
    c(
      'Google OAuth 400 invalid_grant (a revoked refresh token)',
      gaxios(
        json(400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        }),
      ),
      no('auth'),
    ),
    c('gaxios connection refused', gaxios(undefined), wait('unavailable')),
    c('gaxios client timeout', gaxios(silent(5000), 40), wait('timeout')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Azure (@azure/core-rest-pipeline 1.22: `RestError` with `statusCode`, `code`, `request`,
// `response` whose `headers` is the pipeline's own `HttpHeaders` and body `bodyAsText`). A
// service error is built as the Azure clients build it: `new RestError(error.message,
// { statusCode, code: error.code, request, response })` over the pipeline's response
// (@azure-rest/core-client's `createRestError`, @azure/core-client's deserialization policy); a
// request that cannot be sent is the pipeline's own `REQUEST_SEND_ERROR`. Reference:
// learn.microsoft.com/azure/azure-resource-manager/troubleshooting/common-deployment-errors,
// learn.microsoft.com/rest/api/storageservices/common-rest-api-error-codes (ServerBusy 503,
// OperationTimedOut 500, ConditionNotMet 412, ContainerAlreadyExists 409) and
// learn.microsoft.com/azure/architecture/best-practices/retry-service-specific (`Retry-After`,
// `retry-after-ms`, `x-ms-retry-after-ms`).
// ---------------------------------------------------------------------------------------------

const azureError = (status: number, code: string, message: string, headers = {}) =>
  json(status, { error: { code, message } }, { 'x-ms-request-id': 'req-1', ...headers });
const azurePipeline = createPipelineFromOptions({ retryOptions: { maxRetries: 0 } });
const azureHttp = createDefaultHttpClient();
const azure =
  (reply: Reply | undefined, abort = false) =>
  async () => {
    const request = createPipelineRequest({
      url: reply === undefined ? `${refused}/subscriptions` : answer(reply),
      allowInsecureConnection: true,
      ...(abort ? { abortSignal: AbortSignal.abort() } : {}),
    });
    return rejected(async () => {
      const response = await azurePipeline.sendRequest(azureHttp, request);
      let body: { error?: { code?: string; message?: string } } | undefined;
      try {
        body = JSON.parse(response.bodyAsText ?? '') as typeof body;
      } catch {
        body = undefined;
      }
      const error = new RestError(
        body?.error?.message ?? `Unexpected status code: ${response.status}`,
        {
          statusCode: response.status,
          ...(body?.error?.code === undefined ? {} : { code: body.error.code }),
          request,
          response,
        },
      );
      error.details = body;
      throw error;
    });
  };

describe('fresh Azure RestErrors', () => {
  freshCases('azure', [
    c(
      'Azure 429 TooManyRequests, Retry-After: 17',
      azure(
        azureError(429, 'TooManyRequests', 'The request is being throttled.', {
          'retry-after': '17',
        }),
      ),
      wait('rate_limit', 17_000),
    ),
    c(
      'Azure 429 with retry-after-ms: 1500',
      azure(
        azureError(429, 'TooManyRequests', 'Rate limit is exceeded.', { 'retry-after-ms': '1500' }),
      ),
      wait('rate_limit', 1500),
    ),
    c(
      'Azure 429 with x-ms-retry-after-ms: 800',
      azure(
        azureError(429, 'TooManyRequests', 'Request rate is large.', {
          'x-ms-retry-after-ms': '800',
        }),
      ),
      wait('rate_limit', 800),
    ),
    c(
      'Azure Storage 503 ServerBusy, Retry-After: 5',
      azure(
        azureError(503, 'ServerBusy', 'The server is currently unable to receive requests.', {
          'retry-after': '5',
        }),
      ),
      wait('unavailable', 5000),
    ),
    c(
      'Azure 503 ServiceUnavailable',
      azure(azureError(503, 'ServiceUnavailable', 'The service is unavailable.')),
      wait('unavailable'),
    ),
    c(
      'Azure Storage 500 OperationTimedOut',
      azure(
        azureError(
          500,
          'OperationTimedOut',
          'The operation could not be completed within the permitted time.',
        ),
      ),
      wait('timeout'),
    ),
    c(
      'Azure 500 InternalError',
      azure(azureError(500, 'InternalError', 'The server encountered an internal error.')),
      wait('internal'),
    ),
    c(
      'Azure 404 ResourceNotFound',
      azure(
        azureError(
          404,
          'ResourceNotFound',
          "The Resource 'Microsoft.Storage/storageAccounts/x' was not found.",
        ),
      ),
      no('not_found'),
    ),
    c(
      'Azure Storage 404 BlobNotFound',
      azure(azureError(404, 'BlobNotFound', 'The specified blob does not exist.')),
      no('not_found'),
    ),
    c(
      'Azure 403 AuthorizationFailed',
      azure(
        azureError(
          403,
          'AuthorizationFailed',
          "The client 'x' does not have authorization to perform action.",
        ),
      ),
      no('permission'),
    ),
    c(
      'Azure 401 InvalidAuthenticationToken',
      azure(azureError(401, 'InvalidAuthenticationToken', 'The access token is invalid.')),
      no('auth'),
    ),
    c(
      'Azure Storage 409 ContainerAlreadyExists',
      azure(azureError(409, 'ContainerAlreadyExists', 'The specified container already exists.')),
      no('conflict'),
    ),
    c(
      'Azure Storage 412 ConditionNotMet',
      azure(
        azureError(
          412,
          'ConditionNotMet',
          'The condition specified using HTTP conditional header(s) is not met.',
        ),
      ),
      no('conflict'),
    ),
    c(
      'Azure 400 InvalidResourceName',
      azure(azureError(400, 'InvalidResourceName', 'Resource name x! is invalid.')),
      no('validation'),
    ),
    c(
      "Azure 409 QuotaExceeded (the subscription's core quota)",
      azure(
        azureError(
          409,
          'QuotaExceeded',
          'Operation could not be completed as it results in exceeding approved Total Regional Cores quota.',
        ),
      ),
      no('quota'),
    ),
    c('Azure connection refused (REQUEST_SEND_ERROR)', azure(undefined), wait('unavailable')),
    c('Azure an aborted request', azure(json(200, {}), true), no('cancelled')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// ofetch 1 (`FetchError` with `status`, `statusText`, `data` parsed, `response` a read fetch
// Response; a failure with no response keeps its `cause`) and superagent 10 (an error with
// `status`, `response` holding `headers`, `body`, `text`; `code` for a system error or its own
// `ECONNABORTED` timeout). Generic clients: the replies are RFC 9110's statuses and `Retry-After`
// (seconds or an HTTP date, §10.2.3) and RFC 9457's problem details, as any REST API answers.
// ---------------------------------------------------------------------------------------------

const problem = (status: number, title: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/problem+json', ...headers },
  body: JSON.stringify({ type: 'about:blank', title, status }),
});
const ofetch_ =
  (reply: Reply | undefined, options: { timeout?: number; abort?: boolean } = {}) =>
  () =>
    rejected(
      ofetch(reply === undefined ? `${refused}/x` : answer(reply), {
        retry: 0,
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
        ...(options.abort ? { signal: AbortSignal.abort() } : {}),
      }),
    );
const superagent_ = (reply: Reply | undefined, timeout?: number) => () => {
  const request = superagent.get(reply === undefined ? `${refused}/x` : answer(reply)).retry(0);
  return rejected(timeout === undefined ? request : request.timeout(timeout));
};

describe('fresh ofetch errors', () => {
  freshCases('ofetch', [
    c(
      'ofetch 429 Retry-After: 4',
      ofetch_(problem(429, 'Too Many Requests', { 'retry-after': '4' })),
      wait('rate_limit', 4000),
    ),
    c(
      'ofetch 429 Retry-After as an HTTP date',
      ofetch_(problem(429, 'Too Many Requests', { date: DATE, 'retry-after': dateIn(3) })),
      wait('rate_limit', 3000),
    ),
    c(
      'ofetch 503 Retry-After: 10',
      ofetch_(text(503, 'Service Unavailable', { 'retry-after': '10' })),
      wait('unavailable', 10_000),
    ),
    c('ofetch 404 problem+json', ofetch_(problem(404, 'Not Found')), no('not_found')),
    c('ofetch 401 problem+json', ofetch_(problem(401, 'Unauthorized')), no('auth')),
    c('ofetch 403 problem+json', ofetch_(problem(403, 'Forbidden')), no('permission')),
    c('ofetch 422 problem+json', ofetch_(problem(422, 'Unprocessable Content')), no('validation')),
    c(
      'ofetch 409 JSON',
      ofetch_(json(409, { error: 'conflict', message: 'Version mismatch' })),
      no('conflict'),
    ),
    c(
      'ofetch 502 an HTML page',
      ofetch_(text(502, '<html><h1>502 Bad Gateway</h1></html>')),
      wait('unavailable'),
    ),
    c('ofetch 504', ofetch_(text(504, 'Gateway Timeout')), wait('timeout')),
    c('ofetch connection refused', ofetch_(undefined), wait('unavailable')),
    c('ofetch client timeout', ofetch_(silent(5000), { timeout: 40 }), wait('timeout')),
    c('ofetch an aborted request', ofetch_(json(200, {}), { abort: true }), no('cancelled')),
  ]);
});

describe('fresh superagent errors', () => {
  freshCases('superagent', [
    c(
      'superagent 429 Retry-After: 6',
      superagent_(problem(429, 'Too Many Requests', { 'retry-after': '6' })),
      wait('rate_limit', 6000),
    ),
    c(
      'superagent 503 Retry-After as an HTTP date',
      superagent_(text(503, 'Service Unavailable', { date: DATE, 'retry-after': dateIn(8) })),
      wait('unavailable', 8000),
    ),
    c('superagent 404', superagent_(json(404, { message: 'Not Found' })), no('not_found')),
    c('superagent 401', superagent_(json(401, { message: 'Bad credentials' })), no('auth')),
    c('superagent 403', superagent_(problem(403, 'Forbidden')), no('permission')),
    c('superagent 400', superagent_(json(400, { message: 'Invalid request' })), no('validation')),
    c('superagent 413', superagent_(text(413, 'Request Entity Too Large')), no('validation')),
    c('superagent 409', superagent_(json(409, { message: 'Already exists' })), no('conflict')),
    c(
      'superagent 500',
      superagent_(json(500, { message: 'Internal Server Error' })),
      wait('internal'),
    ),
    c(
      'superagent 502 an HTML page',
      superagent_(text(502, '<html>Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c('superagent connection refused', superagent_(undefined), wait('unavailable')),
    c('superagent client timeout', superagent_(late(5000), 40), wait('timeout')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Written after the fixes, from the same references: a row beside each fixed family's cases, to
// check that the tables cover the family and not only the cases above (not in the before score).
// ---------------------------------------------------------------------------------------------

describe('fresh rows beside the fixed ones (round 7)', () => {
  freshCases('beside', [
    c(
      'Discord 400 30010 Maximum number of reactions reached (20)',
      discord(discordError(400, 30_010, 'Maximum number of reactions reached (20)')),
      no('quota'),
    ),
    c(
      'Discord 400 30046 edits to old messages, "Try again later"',
      discord(
        discordError(
          400,
          30_046,
          'Maximum number of edits to messages older than 1 hour reached. Try again later',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Discord 404 10004 Unknown Guild',
      discord(discordError(404, 10_004, 'Unknown Guild')),
      no('not_found'),
    ),
    c(
      'Twilio 400 21608 a trial account sending to an unverified number',
      twilioVia(
        twilioError(
          400,
          21_608,
          'The number +15005550009 is unverified. Trial accounts cannot send messages to unverified numbers.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Twilio 400 21610 a recipient who replied STOP',
      twilioVia(twilioError(400, 21_610, 'Attempt to send to unsubscribed recipient')),
      no('permission'),
    ),
    c(
      'Linear user error',
      linear(
        linearError(200, 'user error', 'USER_ERROR', 'Cannot archive the last team', {
          userError: true,
        }),
      ),
      no('validation'),
    ),
    c(
      'Notion InvalidPathParameterError (a path traversal refused before any request)',
      () =>
        rejected(
          new NotionClient({
            auth: 'secret_x',
            logger: quiet,
            baseUrl: refused,
            retry: false,
          }).pages.retrieve({
            page_id: '../databases/x',
          }),
        ),
      no('validation'),
    ),
    c(
      'Azure 409 AnotherOperationInProgress (wait for it, then retry)',
      azure(
        azureError(
          409,
          'AnotherOperationInProgress',
          'Operation is not allowed since the resource has another operation in progress.',
        ),
      ),
      wait('conflict'),
    ),
    c(
      'Drive 403 domainPolicy (the domain forbids the app)',
      gaxios(
        legacy(
          403,
          'domainPolicy',
          'The domain administrators have disabled Drive apps.',
          'global',
        ),
      ),
      no('permission'),
    ),
  ]);
});

// The fifth fresh case set for the HTTP-side families (issue 36), measured as a reviewer
// measures them: each case walks a row of a service's own published error reference that no
// other test here builds — the APIs an agent's tools call (Microsoft Graph and Azure Resource
// Manager, Google Cloud REST, AWS REST/XML/JSON, Firebase, Twilio, SendGrid, Discord, Telegram,
// Notion, Linear, Jira, Salesforce, Zendesk, HubSpot, Shopify, PostgREST), LLM hosts not met
// before, HTTP client libraries' own failures, GraphQL servers beyond Apollo, stream events and
// the agent frameworks' wrapped errors — built by the real client library or SDK against a
// 127.0.0.1 server answering as the service documents, or by the library's own code path. Each
// family's comment cites the reference its cases and expectations come from. FRESH_SCORE=1
// prints the score.
import { get as httpGet, request as httpRequest } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { DynamicStructuredTool, tool as lcTool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  Runner,
  setTracingDisabled,
} from '@openai/agents';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText } from 'ai';
import axios from 'axios';
import got from 'got';
import ky from 'ky';
import OpenAI from 'openai';
import { Agent as UndiciAgent, interceptors, request as undiciRequest } from 'undici';
import { describe } from 'vitest';
import { z } from 'zod';
import { freshCases, no, rejected, wait } from './helpers/fresh-cases.js';
import {
  freshServer,
  hangUp,
  json,
  late,
  oaiError,
  openaiChat,
  providerStreams,
  silent,
  stalledBody,
} from './helpers/fresh-http.js';
import { closedPort, sse, streamed } from './helpers/reply-server.js';
import type { Reply } from './helpers/reply-server.js';

setTracingDisabled(true);

const { answer, base } = freshServer('f5');
const xml = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/xml', ...headers },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
});
/** The server's clock on each reply that states a reset time, so the wait is exact. */
const DATE = 'Sat, 28 Nov 2026 00:00:00 GMT';
const DATE_S = Date.parse(DATE) / 1000;

// The clients a tool calls a REST API with when the service has no SDK among ours: each builds
// the error (or, for fetch, the response a careful caller hands to decode) its own way.
const viaGot = (reply: Reply) => () => rejected(got(answer(reply), { retry: { limit: 0 } }));
const viaKy = (reply: Reply) => () => rejected(ky(answer(reply), { retry: 0 }));
const viaAxios = (reply: Reply) => () => rejected(axios.get(answer(reply)));
/** What a caller of plain fetch decodes: the response read into status, headers and text. */
const viaFetch = (reply: Reply) => async () => {
  const res = await fetch(answer(reply), { method: 'POST', body: '{}' });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

/** The OpenAI SDK's error for a chat completion the server answers with `reply`. */
const openai = openaiChat(base);
/** The OpenAI SDK's error for an embeddings call (Voyage, Jina and NIM embed this way too). */
const embeddings = (reply: Reply) => () => {
  const client = new OpenAI({ baseURL: base('/embeddings', reply), apiKey: 'k', maxRetries: 0 });
  return rejected(client.embeddings.create({ model: 'm', input: 'hi' }));
};

// ---------------------------------------------------------------------------------------------
// Cloud APIs a tool calls. Microsoft Graph: learn.microsoft.com/graph/errors (the `error.code`
// table, `innerError`) and /graph/throttling (429 with Retry-After); Azure Resource Manager:
// learn.microsoft.com/azure/azure-resource-manager/troubleshooting/common-deployment-errors and
// /management/request-limits-and-throttling. Google Cloud REST (legacy `errors[].reason`):
// developers.google.com/drive/api/guides/handle-errors, cloud.google.com/bigquery/docs/error-
// messages, cloud.google.com/storage/docs/json_api/v1/status-codes. AWS:
// docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html (S3's XML `<Error><Code>` list),
// docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html, the API
// Gateway / Lambda `x-amzn-ErrorType` header. Firebase: firebase.google.com/docs/reference/rest/
// auth (the `error.message` codes), firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode.
// ---------------------------------------------------------------------------------------------

const graph = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) =>
  json(
    status,
    {
      error: {
        code,
        message,
        innerError: {
          date: '2026-11-28T00:00:00',
          'request-id': '1b2c',
          'client-request-id': '1b2c',
        },
      },
    },
    { 'request-id': '1b2c', ...headers },
  );
const arm = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message } }, { 'x-ms-request-id': 'a1', ...headers });
const googleLegacy = (
  status: number,
  reason: string,
  message: string,
  extra: Record<string, unknown> = {},
) =>
  json(status, {
    error: {
      code: status,
      message,
      errors: [{ domain: 'usageLimits', reason, message }],
      ...extra,
    },
  });
const s3 = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  xml(
    status,
    `<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4442587FB7D0A2F9</RequestId><HostId>h</HostId></Error>`,
    { 'x-amz-request-id': '4442587FB7D0A2F9', ...headers },
  );
const dynamo = (code: string, message: string, status = 400) =>
  json(
    status,
    { __type: `com.amazonaws.dynamodb.v20120810#${code}`, message },
    { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'R1' },
  );
const firebaseAuth = (message: string, status = 400) =>
  json(status, {
    error: {
      code: status,
      message,
      errors: [{ message, domain: 'global', reason: 'invalid' }],
    },
  });

describe('fresh cloud API errors (round 5)', () => {
  freshCases('cloud', [
    {
      label: 'Graph 429 TooManyRequests with Retry-After: 7',
      build: viaGot(graph(429, 'TooManyRequests', 'Too many requests.', { 'retry-after': '7' })),
      careful: wait('rate_limit', 7000),
    },
    {
      label: 'Graph 429 activityLimitReached (OneDrive), no Retry-After',
      build: viaAxios(graph(429, 'activityLimitReached', 'The app or user has been throttled.')),
      careful: wait('rate_limit'),
    },
    {
      label: 'Graph 503 serviceNotAvailable with Retry-After: 12',
      build: viaGot(
        graph(503, 'serviceNotAvailable', 'The service is temporarily unavailable.', {
          'retry-after': '12',
        }),
      ),
      careful: wait('unavailable', 12_000),
    },
    {
      label: 'Graph 404 itemNotFound',
      build: viaGot(graph(404, 'itemNotFound', 'The resource could not be found.')),
      careful: no('not_found'),
    },
    {
      label: 'Graph 409 nameAlreadyExists',
      build: viaAxios(graph(409, 'nameAlreadyExists', 'The specified item name already exists.')),
      careful: no('conflict'),
    },
    {
      label: 'Graph 401 InvalidAuthenticationToken',
      build: viaGot(graph(401, 'InvalidAuthenticationToken', 'Access token has expired.')),
      careful: no('auth'),
    },
    {
      label: 'Graph 403 Authorization_RequestDenied',
      build: viaGot(
        graph(
          403,
          'Authorization_RequestDenied',
          'Insufficient privileges to complete the operation.',
        ),
      ),
      careful: no('permission'),
    },
    {
      // "quotaLimitReached: The user has reached their quota limit" (507 Insufficient Storage).
      label: 'Graph 507 quotaLimitReached (the drive is full)',
      build: viaGot(graph(507, 'quotaLimitReached', 'Insufficient Storage.')),
      careful: no('quota'),
    },
    {
      label: 'Graph 412 resourceModified (eTag mismatch)',
      build: viaAxios(
        graph(412, 'resourceModified', 'The resource has changed since the caller last read it.'),
      ),
      careful: no('conflict'),
    },
    {
      label: 'Graph 400 invalidRequest',
      build: viaGot(graph(400, 'invalidRequest', 'Invalid request.')),
      careful: no('validation'),
    },
    {
      label: 'ARM 429 SubscriptionRequestsThrottled with Retry-After: 17',
      build: viaAxios(
        arm(
          429,
          'SubscriptionRequestsThrottled',
          "Number of 'read' requests for subscription exceeded the limit.",
          { 'retry-after': '17' },
        ),
      ),
      careful: wait('rate_limit', 17_000),
    },
    {
      // "AnotherOperationInProgress: wait for the other operation to complete, then retry".
      label: 'ARM 409 AnotherOperationInProgress',
      build: viaGot(
        arm(
          409,
          'AnotherOperationInProgress',
          'Another operation on this or dependent resource is in progress.',
        ),
      ),
      careful: wait('conflict'),
    },
    {
      label: 'ARM 409 OperationNotAllowed (over the approved cores quota)',
      build: viaGot(
        arm(
          409,
          'OperationNotAllowed',
          'Operation could not be completed as it results in exceeding approved Total Regional Cores quota.',
        ),
      ),
      careful: no('quota'),
    },
    {
      label: 'ARM 409 SkuNotAvailable (pick another size or region)',
      build: viaAxios(
        arm(
          409,
          'SkuNotAvailable',
          "The requested size for resource 'vm1' is currently not available in location 'westus'.",
        ),
      ),
      careful: no('validation'),
    },
    {
      label: 'ARM 403 AuthorizationFailed',
      build: viaGot(
        arm(
          403,
          'AuthorizationFailed',
          "The client 'x' does not have authorization to perform action.",
        ),
      ),
      careful: no('permission'),
    },
    {
      label: 'ARM 404 ResourceGroupNotFound',
      build: viaAxios(arm(404, 'ResourceGroupNotFound', "Resource group 'rg' could not be found.")),
      careful: no('not_found'),
    },
    {
      label: 'ARM 403 RequestDisallowedByPolicy',
      build: viaGot(
        arm(403, 'RequestDisallowedByPolicy', "Resource 'x' was disallowed by policy."),
      ),
      careful: no('permission'),
    },
    {
      label: 'Drive 403 userRateLimitExceeded',
      build: viaGot(googleLegacy(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded')),
      careful: wait('rate_limit'),
    },
    {
      label: 'Drive 429 rateLimitExceeded',
      build: viaAxios(googleLegacy(429, 'rateLimitExceeded', 'Rate Limit Exceeded')),
      careful: wait('rate_limit'),
    },
    {
      label: 'Drive 403 dailyLimitExceeded',
      build: viaGot(googleLegacy(403, 'dailyLimitExceeded', 'Daily Limit Exceeded')),
      careful: no('quota'),
    },
    {
      label: 'Drive 403 storageQuotaExceeded',
      build: viaGot(
        googleLegacy(
          403,
          'storageQuotaExceeded',
          "The user's Drive storage quota has been exceeded.",
        ),
      ),
      careful: no('quota'),
    },
    {
      label: 'Drive 500 backendError',
      build: viaGot(googleLegacy(500, 'backendError', 'Backend Error')),
      careful: wait('internal'),
    },
    {
      // Drive's newer bodies carry both the legacy reason and the google.rpc status name.
      label: 'Drive 403 rateLimitExceeded with status PERMISSION_DENIED',
      build: viaAxios(
        googleLegacy(403, 'rateLimitExceeded', 'Rate Limit Exceeded', {
          status: 'PERMISSION_DENIED',
        }),
      ),
      careful: wait('rate_limit'),
    },
    {
      // BigQuery: "backendError … retry using truncated exponential backoff", sent as a 503 too.
      label: 'BigQuery 503 backendError',
      build: viaGot(
        googleLegacy(
          503,
          'backendError',
          'Error encountered during execution. Retrying may solve the problem.',
        ),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'BigQuery 403 quotaExceeded',
      build: viaGot(
        googleLegacy(
          403,
          'quotaExceeded',
          'Quota exceeded: Your project exceeded quota for free query bytes scanned.',
        ),
      ),
      careful: no('quota'),
    },
    {
      // "responseTooLarge: the query's results are larger than the maximum response size".
      label: 'BigQuery 403 responseTooLarge',
      build: viaGot(googleLegacy(403, 'responseTooLarge', 'Response too large to return.')),
      careful: no('validation'),
    },
    {
      label: 'BigQuery 403 jobRateLimitExceeded',
      build: viaGot(
        googleLegacy(
          403,
          'jobRateLimitExceeded',
          'Exceeded rate limits: too many table update operations for this table.',
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'YouTube Data 403 dailyLimitExceededUnreg',
      build: viaAxios(
        googleLegacy(
          403,
          'dailyLimitExceededUnreg',
          'Daily Limit for Unauthenticated Use Exceeded.',
        ),
      ),
      careful: no('quota'),
    },
    {
      label: 'BigQuery 409 duplicate',
      build: viaAxios(googleLegacy(409, 'duplicate', 'Already Exists: Table p:d.t')),
      careful: no('conflict'),
    },
    {
      label: 'BigQuery 400 invalidQuery',
      build: viaGot(googleLegacy(400, 'invalidQuery', 'Syntax error: Unexpected end of script')),
      careful: no('validation'),
    },
    {
      label: 'Cloud Storage 412 conditionNotMet',
      build: viaGot(googleLegacy(412, 'conditionNotMet', 'Precondition Failed')),
      careful: no('conflict'),
    },
    {
      label: 'S3 503 SlowDown (XML)',
      build: viaGot(s3(503, 'SlowDown', 'Please reduce your request rate.')),
      careful: wait('rate_limit'),
    },
    {
      label: 'S3 404 NoSuchKey (XML)',
      build: viaAxios(s3(404, 'NoSuchKey', 'The specified key does not exist.')),
      careful: no('not_found'),
    },
    {
      label: 'S3 403 AccessDenied (XML)',
      build: viaGot(s3(403, 'AccessDenied', 'Access Denied')),
      careful: no('permission'),
    },
    {
      label: 'S3 403 InvalidAccessKeyId (a credential, not a permission)',
      build: viaGot(
        s3(
          403,
          'InvalidAccessKeyId',
          'The AWS access key ID you provided does not exist in our records.',
        ),
      ),
      careful: no('auth'),
    },
    {
      label: 'S3 403 SignatureDoesNotMatch',
      build: viaAxios(
        s3(
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match the signature you provided.',
        ),
      ),
      careful: no('auth'),
    },
    {
      label: 'S3 400 ExpiredToken',
      build: viaGot(s3(400, 'ExpiredToken', 'The provided token has expired.')),
      careful: no('auth'),
    },
    {
      // "RequestTimeout: Your socket connection to the server was not read from or written to
      // within the timeout period" (400): the SDKs retry it as transient.
      label: 'S3 400 RequestTimeout',
      build: viaGot(
        s3(
          400,
          'RequestTimeout',
          'Your socket connection to the server was not read from or written to within the timeout period.',
        ),
      ),
      careful: wait('timeout'),
    },
    {
      label: 'S3 409 OperationAborted ("Try again")',
      build: viaGot(
        s3(
          409,
          'OperationAborted',
          'A conflicting conditional operation is currently in progress against this resource. Try again.',
        ),
      ),
      careful: wait('conflict'),
    },
    {
      label: 'S3 400 EntityTooLarge',
      build: viaAxios(
        s3(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.'),
      ),
      careful: no('validation'),
    },
    {
      label: 'S3 500 InternalError',
      build: viaGot(
        s3(500, 'InternalError', 'We encountered an internal error. Please try again.'),
      ),
      careful: wait('internal'),
    },
    {
      label: 'S3 409 BucketAlreadyOwnedByYou',
      build: viaGot(
        s3(
          409,
          'BucketAlreadyOwnedByYou',
          'Your previous request to create the named bucket succeeded and you already own it.',
        ),
      ),
      careful: no('conflict'),
    },
    {
      label: 'DynamoDB 400 ProvisionedThroughputExceededException',
      build: viaGot(
        dynamo(
          'ProvisionedThroughputExceededException',
          'The level of configured provisioned throughput for the table was exceeded.',
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'DynamoDB 400 ConditionalCheckFailedException',
      build: viaAxios(dynamo('ConditionalCheckFailedException', 'The conditional request failed')),
      careful: no('conflict'),
    },
    {
      label: 'DynamoDB 400 ResourceNotFoundException',
      build: viaGot(dynamo('ResourceNotFoundException', 'Requested resource not found')),
      careful: no('not_found'),
    },
    {
      label: 'DynamoDB 400 ItemCollectionSizeLimitExceededException',
      build: viaGot(
        dynamo('ItemCollectionSizeLimitExceededException', 'Item collection size limit exceeded.'),
      ),
      careful: no('quota'),
    },
    {
      // "TransactionConflictException … retry the operation" (another transaction on the item).
      label: 'DynamoDB 400 TransactionConflictException',
      build: viaGot(dynamo('TransactionConflictException', 'Transaction is ongoing for the item')),
      careful: wait('conflict'),
    },
    {
      label: 'DynamoDB 400 UnrecognizedClientException',
      build: viaAxios(
        dynamo(
          'UnrecognizedClientException',
          'The security token included in the request is invalid.',
        ),
      ),
      careful: no('auth'),
    },
    {
      label: 'DynamoDB 500 InternalServerError',
      build: viaGot(dynamo('InternalServerError', 'Internal server error', 500)),
      careful: wait('internal'),
    },
    {
      label: 'Lambda 429 TooManyRequestsException (x-amzn-ErrorType)',
      build: viaGot(
        json(
          429,
          { Reason: 'ConcurrentInvocationLimitExceeded', Type: 'User', message: 'Rate Exceeded.' },
          { 'x-amzn-errortype': 'TooManyRequestsException' },
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'API Gateway 403 ForbiddenException (x-amzn-ErrorType)',
      build: viaFetch(
        json(403, { message: 'Forbidden' }, { 'x-amzn-errortype': 'ForbiddenException' }),
      ),
      careful: no('permission'),
    },
    {
      label: 'Firebase Auth 400 EMAIL_EXISTS',
      build: viaFetch(firebaseAuth('EMAIL_EXISTS')),
      careful: no('conflict'),
    },
    {
      label: 'Firebase Auth 400 EMAIL_NOT_FOUND',
      build: viaFetch(firebaseAuth('EMAIL_NOT_FOUND')),
      careful: no('not_found'),
    },
    {
      label: 'Firebase Auth 400 INVALID_LOGIN_CREDENTIALS',
      build: viaFetch(firebaseAuth('INVALID_LOGIN_CREDENTIALS')),
      careful: no('auth'),
    },
    {
      label: 'Firebase Auth 400 TOO_MANY_ATTEMPTS_TRY_LATER',
      build: viaFetch(
        firebaseAuth(
          'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts.',
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Firebase Auth 400 USER_DISABLED',
      build: viaFetch(firebaseAuth('USER_DISABLED')),
      careful: no('permission'),
    },
    {
      label: 'Firebase Auth 400 ADMIN_ONLY_OPERATION',
      build: viaFetch(firebaseAuth('ADMIN_ONLY_OPERATION')),
      careful: no('permission'),
    },
    {
      label: 'Firebase Auth 400 TOKEN_EXPIRED',
      build: viaFetch(firebaseAuth('TOKEN_EXPIRED')),
      careful: no('auth'),
    },
    {
      // firebase.google.com/docs/firestore/troubleshoot: "Too much contention … try again".
      label: 'Firestore 409 ABORTED (contention, retry the transaction)',
      build: viaGot(
        json(409, {
          error: {
            code: 409,
            message: 'Too much contention on these documents. Please try again.',
            status: 'ABORTED',
          },
        }),
      ),
      careful: wait('conflict'),
    },
    {
      label: 'FCM 404 UNREGISTERED',
      build: viaGot(
        json(404, {
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: [
              {
                '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
                errorCode: 'UNREGISTERED',
              },
            ],
          },
        }),
      ),
      careful: no('not_found'),
    },
    {
      // FcmError QUOTA_EXCEEDED: "Sending limit exceeded … retry with exponential backoff".
      label: 'FCM 429 QUOTA_EXCEEDED (a sending rate, retried with backoff)',
      build: viaAxios(
        json(429, {
          error: {
            code: 429,
            message: 'Quota exceeded for quota metric sends per minute.',
            status: 'RESOURCE_EXHAUSTED',
            details: [
              {
                '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
                errorCode: 'QUOTA_EXCEEDED',
              },
            ],
          },
        }),
      ),
      careful: wait('rate_limit'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// SaaS APIs a tool calls. Twilio: twilio.com/docs/api/errors (REST `{ code, message, more_info,
// status }`, 20429). SendGrid: docs.sendgrid.com/api-reference/how-to-use-the-sendgrid-v3-api/
// responses and /rate-limits. Discord: discord.com/developers/docs/topics/rate-limits (429
// `retry_after` float seconds, `global`) and /topics/opcodes-and-status-codes (JSON error codes).
// Telegram: core.telegram.org/bots/api#making-requests (`ok: false`, `error_code`,
// `description`, `parameters.retry_after`). Notion: developers.notion.com/reference/status-codes.
// Linear: developers.linear.app, "Rate limiting" (RATELIMITED). Atlassian: developer.atlassian.
// com/cloud/jira/platform/rate-limiting. Salesforce: developer.salesforce.com/docs/atlas.en-us.
// api_rest.meta/api_rest/errorcodes.htm. Zendesk: developer.zendesk.com/api-reference/
// introduction/rate-limits. HubSpot: developers.hubspot.com/docs/api/usage-details (the 429
// body, `policyName` DAILY / SECONDLY). Shopify REST: shopify.dev/docs/api/usage/rate-limits and
// /response-codes. PostgREST (Supabase): postgrest.org/en/stable/references/errors.html.
// ---------------------------------------------------------------------------------------------

const twilio = (
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) =>
  json(
    status,
    { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    headers,
  );
const telegram = (status: number, description: string, parameters?: Record<string, unknown>) =>
  json(status, {
    ok: false,
    error_code: status,
    description,
    ...(parameters ? { parameters } : {}),
  });
const notion = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => json(status, { object: 'error', status, code, message, request_id: 'r1' }, headers);
const salesforce = (status: number, errorCode: string, message: string) =>
  json(status, [{ message, errorCode }]);
const postgrest = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) => json(status, { code, details, hint, message });
const discord = (status: number, code: number, message: string) => json(status, { message, code });

describe('fresh SaaS API errors (round 5)', () => {
  freshCases('saas', [
    {
      label: 'Twilio 429 code 20429 Too Many Requests',
      build: viaGot(twilio(429, 20429, 'Too Many Requests')),
      careful: wait('rate_limit'),
    },
    {
      label: 'Twilio 401 code 20003 Authenticate',
      build: viaAxios(twilio(401, 20003, 'Authenticate')),
      careful: no('auth'),
    },
    {
      label: 'Twilio 404 code 20404 resource not found',
      build: viaGot(
        twilio(
          404,
          20404,
          'The requested resource /2010-04-01/Accounts/AC/Messages/SM.json was not found',
        ),
      ),
      careful: no('not_found'),
    },
    {
      label: "Twilio 400 code 21211 invalid 'To' phone number",
      build: viaGot(twilio(400, 21211, "The 'To' number +1555 is not a valid phone number.")),
      careful: no('validation'),
    },
    {
      label: 'Twilio 503 code 20503 service unavailable',
      build: viaKy(twilio(503, 20503, 'Service Unavailable')),
      careful: wait('unavailable'),
    },
    {
      label: 'SendGrid 429 with X-RateLimit-Remaining: 0 and an epoch reset',
      build: viaGot(
        json(
          429,
          { errors: [{ field: null, message: 'too many requests' }] },
          {
            date: DATE,
            'x-ratelimit-limit': '600',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(DATE_S + 42),
          },
        ),
      ),
      careful: wait('rate_limit', 42_000),
    },
    {
      label: 'SendGrid 401 authorization required',
      build: viaAxios(json(401, { errors: [{ field: null, message: 'authorization required' }] })),
      careful: no('auth'),
    },
    {
      label: 'SendGrid 413 payload too large',
      build: viaGot(json(413, { errors: [{ field: null, message: 'Payload Too Large' }] })),
      careful: no('validation'),
    },
    {
      label: 'Discord 429 per-route limit (Retry-After, X-RateLimit-Reset-After)',
      build: viaGot(
        json(
          429,
          { message: 'You are being rate limited.', retry_after: 1.5, global: false },
          {
            'retry-after': '2',
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset-after': '1.5',
            'x-ratelimit-bucket': 'abc',
            'x-ratelimit-scope': 'user',
          },
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      // A Cloudflare-level ban answers without the rate-limit headers: the body's `retry_after`
      // (seconds, a float) is the wait.
      label: 'Discord 429 global limit, the wait only in the body (retry_after 0.75)',
      build: viaFetch(
        json(
          429,
          { message: 'You are being rate limited.', retry_after: 0.75, global: true },
          { 'x-ratelimit-global': 'true' },
        ),
      ),
      careful: wait('rate_limit', 750),
    },
    {
      label: 'Discord 403 code 50013 Missing Permissions',
      build: viaKy(discord(403, 50013, 'Missing Permissions')),
      careful: no('permission'),
    },
    {
      label: 'Discord 404 code 10003 Unknown Channel',
      build: viaGot(discord(404, 10003, 'Unknown Channel')),
      careful: no('not_found'),
    },
    {
      label: 'Discord 400 code 30007 Maximum number of webhooks reached (15)',
      build: viaGot(discord(400, 30007, 'Maximum number of webhooks reached (15)')),
      careful: no('quota'),
    },
    {
      label: 'Discord 400 code 50035 Invalid Form Body',
      build: viaAxios(
        json(400, {
          message: 'Invalid Form Body',
          code: 50035,
          errors: {
            content: {
              _errors: [
                { code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' },
              ],
            },
          },
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Telegram 429 Too Many Requests: retry after 35 (parameters.retry_after)',
      build: viaFetch(telegram(429, 'Too Many Requests: retry after 35', { retry_after: 35 })),
      careful: wait('rate_limit', 35_000),
    },
    {
      label: 'Telegram 400 Bad Request: chat not found',
      build: viaGot(telegram(400, 'Bad Request: chat not found')),
      careful: no('not_found'),
    },
    {
      label: 'Telegram 403 Forbidden: bot was blocked by the user',
      build: viaFetch(telegram(403, 'Forbidden: bot was blocked by the user')),
      careful: no('permission'),
    },
    {
      label: 'Telegram 401 Unauthorized (a revoked bot token)',
      build: viaAxios(telegram(401, 'Unauthorized')),
      careful: no('auth'),
    },
    {
      label: 'Telegram 409 Conflict: terminated by other getUpdates request',
      build: viaGot(
        telegram(
          409,
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        ),
      ),
      careful: no('conflict'),
    },
    {
      label: 'Telegram 400 Bad Request: not enough rights to send text messages to the chat',
      build: viaGot(
        telegram(400, 'Bad Request: not enough rights to send text messages to the chat'),
      ),
      careful: no('permission'),
    },
    {
      label: 'Telegram 400 Bad Request: message to edit not found',
      build: viaFetch(telegram(400, 'Bad Request: message to edit not found')),
      careful: no('not_found'),
    },
    {
      label: 'Notion 429 rate_limited with Retry-After: 3',
      build: viaGot(
        notion(
          429,
          'rate_limited',
          'You have been rate limited. Please try again in a few minutes.',
          {
            'retry-after': '3',
          },
        ),
      ),
      careful: wait('rate_limit', 3000),
    },
    {
      label: 'Notion 409 conflict_error ("try again")',
      build: viaGot(
        notion(409, 'conflict_error', 'Conflict occurred while saving. Please try again.'),
      ),
      careful: wait('conflict'),
    },
    {
      label: 'Notion 404 object_not_found',
      build: viaAxios(
        notion(
          404,
          'object_not_found',
          'Could not find page with ID: 1. Make sure the relevant pages and databases are shared with your integration.',
        ),
      ),
      careful: no('not_found'),
    },
    {
      label: 'Notion 403 restricted_resource',
      build: viaGot(
        notion(403, 'restricted_resource', 'API token does not have access to this resource.'),
      ),
      careful: no('permission'),
    },
    {
      label: 'Notion 400 validation_error',
      build: viaKy(
        notion(400, 'validation_error', 'body failed validation: body.parent should be defined.'),
      ),
      careful: no('validation'),
    },
    {
      label: 'Notion 400 invalid_grant (an OAuth code to redo)',
      build: viaGot(notion(400, 'invalid_grant', 'Invalid code: this code has been revoked.')),
      careful: no('auth'),
    },
    {
      label: 'Notion 503 database_connection_unavailable',
      build: viaGot(
        notion(
          503,
          'database_connection_unavailable',
          "Notion's database is unavailable or in an unqueryable state. Try again later.",
        ),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'Notion 401 unauthorized',
      build: viaAxios(notion(401, 'unauthorized', 'API token is invalid.')),
      careful: no('auth'),
    },
    {
      label: 'Linear RATELIMITED (HTTP 400) with the requests reset header',
      build: viaGot(
        json(
          400,
          {
            errors: [
              {
                message: 'Rate limit exceeded',
                extensions: {
                  code: 'RATELIMITED',
                  type: 'ratelimited',
                  userError: true,
                  userPresentableMessage: 'You have exceeded the API rate limit.',
                },
              },
            ],
          },
          {
            date: DATE,
            'x-ratelimit-requests-limit': '1500',
            'x-ratelimit-requests-remaining': '0',
            'x-ratelimit-requests-reset': String(DATE_S * 1000 + 9000),
          },
        ),
      ),
      careful: wait('rate_limit', 9000),
    },
    {
      label: 'Jira 429 with Retry-After: 5 (jira-burst-based)',
      build: viaGot(
        json(
          429,
          { errorMessages: ['Rate limit exceeded.'], errors: {} },
          { 'retry-after': '5', 'ratelimit-reason': 'jira-burst-based' },
        ),
      ),
      careful: wait('rate_limit', 5000),
    },
    {
      label: 'Jira 429 with an ISO 8601 X-RateLimit-Reset and no Retry-After',
      build: viaAxios(
        json(
          429,
          { errorMessages: ['Rate limit exceeded.'], errors: {} },
          {
            date: DATE,
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': '2026-11-28T00:00:20Z',
          },
        ),
      ),
      careful: wait('rate_limit', 20_000),
    },
    {
      label: 'Jira 404 issue does not exist',
      build: viaGot(
        json(404, {
          errorMessages: ['Issue does not exist or you do not have permission to see it.'],
          errors: {},
        }),
      ),
      careful: no('not_found'),
    },
    {
      label: 'Jira 400 field errors',
      build: viaGot(
        json(400, {
          errorMessages: [],
          errors: { summary: 'You must specify a summary of the issue.' },
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Confluence 503 with Retry-After: 30',
      build: viaKy(
        json(503, { statusCode: 503, message: 'Service Unavailable' }, { 'retry-after': '30' }),
      ),
      careful: wait('unavailable', 30_000),
    },
    {
      label: "Salesforce 403 REQUEST_LIMIT_EXCEEDED (the org's 24-hour allocation)",
      build: viaGot(salesforce(403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.')),
      careful: no('quota'),
    },
    {
      label: 'Salesforce 403 REQUEST_LIMIT_EXCEEDED ConcurrentPerOrgLongTxn (frees up in seconds)',
      build: viaAxios(
        salesforce(403, 'REQUEST_LIMIT_EXCEEDED', 'ConcurrentPerOrgLongTxn Limit exceeded.'),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Salesforce 401 INVALID_SESSION_ID',
      build: viaAxios(salesforce(401, 'INVALID_SESSION_ID', 'Session expired or invalid')),
      careful: no('auth'),
    },
    {
      label: 'Salesforce 404 NOT_FOUND',
      build: viaGot(salesforce(404, 'NOT_FOUND', 'The requested resource does not exist')),
      careful: no('not_found'),
    },
    {
      label: 'Salesforce 400 UNABLE_TO_LOCK_ROW (retry)',
      build: viaGot(
        salesforce(
          400,
          'UNABLE_TO_LOCK_ROW',
          'unable to obtain exclusive access to this record or 1 records: 001',
        ),
      ),
      careful: wait('conflict'),
    },
    {
      label: 'Salesforce 400 DUPLICATE_VALUE',
      build: viaGot(
        salesforce(
          400,
          'DUPLICATE_VALUE',
          'duplicate value found: External_Id__c duplicates value on record with id: 001',
        ),
      ),
      careful: no('conflict'),
    },
    {
      label: 'Salesforce 400 INSUFFICIENT_ACCESS_OR_READONLY',
      build: viaAxios(
        salesforce(
          400,
          'INSUFFICIENT_ACCESS_OR_READONLY',
          'insufficient access rights on object id',
        ),
      ),
      careful: no('permission'),
    },
    {
      label: 'Salesforce 400 ENTITY_IS_DELETED',
      build: viaGot(salesforce(400, 'ENTITY_IS_DELETED', 'entity is deleted')),
      careful: no('not_found'),
    },
    {
      label: 'Salesforce 400 MALFORMED_QUERY',
      build: viaGot(salesforce(400, 'MALFORMED_QUERY', "unexpected token: 'FROM'")),
      careful: no('validation'),
    },
    {
      label: 'Salesforce 503 SERVER_UNAVAILABLE',
      build: viaGot(salesforce(503, 'SERVER_UNAVAILABLE', 'Server temporarily unavailable')),
      careful: wait('unavailable'),
    },
    {
      label: 'Salesforce 400 STORAGE_LIMIT_EXCEEDED',
      build: viaAxios(salesforce(400, 'STORAGE_LIMIT_EXCEEDED', 'storage limit exceeded')),
      careful: no('quota'),
    },
    {
      label: 'Zendesk 429 with Retry-After: 93',
      build: viaGot(
        json(
          429,
          {
            error: 'APIRateLimitExceeded',
            description: 'Number of allowed API requests per minute exceeded',
          },
          { 'retry-after': '93' },
        ),
      ),
      careful: wait('rate_limit', 93_000),
    },
    {
      label: 'Zendesk 404 RecordNotFound',
      build: viaAxios(json(404, { error: 'RecordNotFound', description: 'Not found' })),
      careful: no('not_found'),
    },
    {
      label: 'Zendesk 422 RecordInvalid',
      build: viaGot(
        json(422, {
          error: 'RecordInvalid',
          description: 'Record validation errors',
          details: {
            email: [
              {
                description: 'Email is already being used by another user',
                error: 'DuplicateValue',
              },
            ],
          },
        }),
      ),
      careful: no('validation'),
    },
    {
      label: "Zendesk 401 Couldn't authenticate you",
      build: viaGot(json(401, { error: "Couldn't authenticate you" })),
      careful: no('auth'),
    },
    {
      label: 'HubSpot 429 SECONDLY limit',
      build: viaGot(
        json(429, {
          status: 'error',
          message: 'You have reached your secondly limit.',
          errorType: 'RATE_LIMIT',
          correlationId: 'c0',
          policyName: 'SECONDLY',
          requestId: 'r0',
        }),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'HubSpot 429 DAILY limit (resets at midnight)',
      build: viaAxios(
        json(429, {
          status: 'error',
          message: 'You have reached your daily limit.',
          errorType: 'RATE_LIMIT',
          correlationId: 'c1',
          policyName: 'DAILY',
          requestId: 'r1',
        }),
      ),
      careful: no('quota'),
    },
    {
      label: 'HubSpot 409 CONFLICT (contact already exists)',
      build: viaGot(
        json(409, {
          status: 'error',
          message: 'Contact already exists. Existing ID: 1',
          correlationId: 'c2',
          category: 'CONFLICT',
        }),
      ),
      careful: no('conflict'),
    },
    {
      label: 'HubSpot 403 MISSING_SCOPES',
      build: viaGot(
        json(403, {
          status: 'error',
          message: "This app hasn't been granted all required scopes to make this call.",
          correlationId: 'c3',
          category: 'MISSING_SCOPES',
        }),
      ),
      careful: no('permission'),
    },
    {
      label: 'HubSpot 400 VALIDATION_ERROR',
      build: viaKy(
        json(400, {
          status: 'error',
          message: 'Property values were not valid',
          correlationId: 'c4',
          category: 'VALIDATION_ERROR',
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Shopify REST 429 with Retry-After: 2.0 and the call limit full',
      build: viaGot(
        json(
          429,
          {
            errors:
              'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
          },
          { 'retry-after': '2.0', 'x-shopify-shop-api-call-limit': '40/40' },
        ),
      ),
      careful: wait('rate_limit', 2000),
    },
    {
      label: 'Shopify REST 401 invalid access token',
      build: viaAxios(
        json(401, {
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        }),
      ),
      careful: no('auth'),
    },
    {
      label: 'Shopify REST 422 field errors',
      build: viaGot(json(422, { errors: { title: ["can't be blank"] } })),
      careful: no('validation'),
    },
    {
      // shopify.dev response codes: "430 Shopify Security Rejection … the request was
      // identified as potentially malicious".
      label: 'Shopify 430 Shopify Security Rejection',
      build: viaGot(json(430, { errors: 'Shopify Security Rejection' })),
      careful: no('permission'),
    },
    {
      label: 'Shopify REST 423 Locked (the shop is locked)',
      miss: "423 is RFC 4918's lock (a conflict); Shopify's locked shop is not told apart from it",
      build: viaGot(json(423, { errors: 'This shop is unavailable' })),
      careful: no('permission'),
    },
    {
      label: 'PostgREST 409 23505 unique violation',
      build: viaGot(
        postgrest(
          409,
          '23505',
          'duplicate key value violates unique constraint "users_email_key"',
          'Key (email)=(a@b.c) already exists.',
        ),
      ),
      careful: no('conflict'),
    },
    {
      label: 'PostgREST 401 42501 row-level security',
      build: viaFetch(
        postgrest(401, '42501', 'new row violates row-level security policy for table "notes"'),
      ),
      careful: no('permission'),
    },
    {
      label: 'PostgREST 406 PGRST116 (no row for .single())',
      build: viaGot(
        postgrest(
          406,
          'PGRST116',
          'JSON object requested, multiple (or no) rows returned',
          'The result contains 0 rows',
        ),
      ),
      careful: no('not_found'),
    },
    {
      label: 'PostgREST 404 PGRST205 table not in the schema cache',
      build: viaAxios(
        postgrest(
          404,
          'PGRST205',
          "Could not find the table 'public.todo' in the schema cache",
          null,
          "Perhaps you meant the table 'public.todos'",
        ),
      ),
      careful: no('not_found'),
    },
    {
      label: 'PostgREST 401 PGRST303 JWT expired',
      build: viaGot(postgrest(401, 'PGRST303', 'JWT expired')),
      careful: no('auth'),
    },
    {
      label: 'PostgREST 503 PGRST002 schema cache loading',
      build: viaGot(
        postgrest(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.'),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'PostgREST 504 PGRST003 no pool connection in time',
      build: viaKy(
        postgrest(504, 'PGRST003', 'Timed out acquiring connection from connection pool.'),
      ),
      careful: wait('timeout'),
    },
    {
      label: 'PostgREST 500 40001 serialization failure (re-run the transaction)',
      build: viaGot(
        postgrest(
          500,
          '40001',
          'could not serialize access due to read/write dependencies among transactions',
        ),
      ),
      careful: wait('conflict'),
    },
    {
      // Supabase's most common one: its roles' `statement_timeout` (its "Timeouts" guide).
      label: 'PostgREST 500 57014 canceling statement due to statement timeout',
      build: viaGot(postgrest(500, '57014', 'canceling statement due to statement timeout')),
      careful: wait('timeout'),
    },
    {
      label: 'PostgREST 400 22P02 invalid input syntax',
      build: viaGot(postgrest(400, '22P02', 'invalid input syntax for type uuid: "x"')),
      careful: no('validation'),
    },
    {
      label: 'PostgREST 409 23503 foreign key violation',
      build: viaAxios(
        postgrest(
          409,
          '23503',
          'insert or update on table "notes" violates foreign key constraint "notes_user_id_fkey"',
        ),
      ),
      careful: no('conflict'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// LLM hosts not met before. Hugging Face Inference: huggingface.co/docs/inference-providers and
// text-generation-inference's `ErrorResponse { error, error_type }` (router/src/lib.rs: 429
// overloaded, 422 validation, 424 generation). Replicate: replicate.com/docs/reference/http
// (problem+json bodies). Ollama: github.com/ollama/ollama docs/api.md "Errors" and docs/openai.md.
// vLLM: its OpenAI server's `ErrorResponse { object: 'error', message, type, code }`. LM Studio:
// its OpenAI-compatible endpoints. Cohere v2: docs.cohere.com/reference/errors. AI21:
// docs.ai21.com/reference/errors. Voyage: docs.voyageai.com/docs/error-codes. Jina:
// jina.ai/embeddings (FastAPI `detail`). Cerebras: inference-docs.cerebras.ai/support/error and
// /support/rate-limits. SambaNova: docs.sambanova.ai (rate limits). NVIDIA NIM:
// docs.api.nvidia.com (problem+json bodies).
// ---------------------------------------------------------------------------------------------

describe('fresh LLM host errors (round 5)', () => {
  freshCases('llm-hosts', [
    {
      label: 'Hugging Face 503 "Model is currently loading" with estimated_time 20.5',
      build: viaGot(
        json(503, {
          error: 'Model mistralai/Mistral-7B is currently loading',
          estimated_time: 20.5,
        }),
      ),
      careful: wait('unavailable', 20_500),
    },
    {
      label: 'Hugging Face 429 free usage limit (reset hourly)',
      build: viaFetch(
        json(429, {
          error:
            'Rate limit reached. You reached free usage limit (reset hourly). Please subscribe to a plan.',
        }),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Hugging Face 402 monthly included credits spent',
      build: openai(
        json(402, {
          error:
            'You have exceeded your monthly included credits for Inference Providers. Subscribe to PRO to get 20x more monthly included credits.',
        }),
      ),
      careful: no('quota'),
    },
    {
      label: 'TGI 429 error_type overloaded',
      build: viaGot(json(429, { error: 'Model is overloaded', error_type: 'overloaded' })),
      careful: wait('unavailable'),
    },
    {
      label: 'TGI 422 error_type validation',
      build: viaGot(
        json(422, {
          error:
            'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 `inputs` tokens and 200 `max_new_tokens`',
          error_type: 'validation',
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'TGI 424 error_type generation (the same input fails again)',
      build: viaAxios(
        json(424, {
          error: 'Request failed during generation: Server error: CUDA out of memory',
          error_type: 'generation',
        }),
      ),
      careful: no('internal'),
    },
    {
      label: 'Replicate 429 throttled with Retry-After: 8',
      build: viaGot(
        json(
          429,
          {
            title: 'Request was throttled.',
            detail: 'Request was throttled. Your rate limit resets in ~8s.',
            status: 429,
          },
          { 'content-type': 'application/problem+json', 'retry-after': '8' },
        ),
      ),
      careful: wait('rate_limit', 8000),
    },
    {
      label: 'Replicate 402 insufficient credit',
      build: viaAxios(
        json(
          402,
          {
            title: 'Insufficient credit',
            detail:
              'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit.',
            status: 402,
          },
          { 'content-type': 'application/problem+json' },
        ),
      ),
      careful: no('quota'),
    },
    {
      label: 'Replicate 422 invalid version',
      build: viaGot(
        json(
          422,
          {
            title: 'Invalid version or not permitted',
            detail:
              "The specified version does not exist (or perhaps you don't have permission to use it?)",
            status: 422,
          },
          { 'content-type': 'application/problem+json' },
        ),
      ),
      careful: no('validation'),
    },
    {
      label: 'Ollama native 404 model not found, try pulling it first',
      build: viaFetch(json(404, { error: 'model "llama9" not found, try pulling it first' })),
      careful: no('not_found'),
    },
    {
      label: 'Ollama OpenAI-compatible 404 model not found (OpenAI SDK)',
      build: openai(
        json(404, oaiError('model "llama9" not found, try pulling it first', 'api_error')),
      ),
      careful: no('not_found'),
    },
    {
      label: 'Ollama 503 server busy, maximum pending requests exceeded',
      build: viaGot(
        json(503, { error: 'server busy, please try again.  maximum pending requests exceeded' }),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'vLLM 404 NotFoundError (flat ErrorResponse)',
      build: openai(
        json(404, {
          object: 'error',
          message: 'The model `llama-9` does not exist.',
          type: 'NotFoundError',
          param: null,
          code: 404,
        }),
      ),
      careful: no('not_found'),
    },
    {
      label: "vLLM 400 BadRequestError over the model's maximum context length",
      build: openai(
        json(400, {
          object: 'error',
          message:
            "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens in the messages.",
          type: 'BadRequestError',
          param: null,
          code: 400,
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'vLLM 503 ServiceUnavailableError (the engine is dead)',
      build: openai(
        json(503, {
          object: 'error',
          message: 'The engine is not running.',
          type: 'ServiceUnavailableError',
          param: null,
          code: 503,
        }),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'LM Studio 404 no models loaded',
      build: openai(
        json(404, {
          error: {
            message:
              'No models loaded. Please load a model in the developer page or use the `lms load` command.',
            type: 'invalid_request_error',
            param: 'model',
            code: 'model_not_found',
          },
        }),
      ),
      careful: no('not_found'),
    },
    {
      label: 'Cohere v2 401 invalid api token',
      build: viaGot(json(401, { id: 'c1', message: 'invalid api token' })),
      careful: no('auth'),
    },
    {
      label: 'Cohere v2 402 add a payment method',
      build: viaKy(
        json(402, { id: 'c2', message: 'Please add or update your payment method to continue.' }),
      ),
      careful: no('quota'),
    },
    {
      label: 'AI21 422 validation detail',
      build: viaGot(
        json(422, {
          detail: [
            { loc: ['body', 'messages'], msg: 'field required', type: 'value_error.missing' },
          ],
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Voyage 429 reduced limits until a payment method is added',
      build: embeddings(
        json(429, {
          detail:
            'You have not yet added your payment method in the billing page and will have reduced rate limits of 3 RPM and 10K TPM.',
        }),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Voyage 400 batch over the token limit',
      build: embeddings(
        json(400, {
          detail:
            'Request to model voyage-3 failed. The max allowed tokens per submitted batch is 120000.',
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Jina 402 token balance spent',
      build: embeddings(
        json(402, { detail: 'Your API key has run out of tokens. Please recharge.' }),
      ),
      careful: no('quota'),
    },
    {
      // Cerebras rate limits: tokens per minute, "token_quota_exceeded" names the per-minute
      // bucket, not a spent budget.
      label: 'Cerebras 429 token_quota_exceeded (tokens per minute)',
      build: openai(
        json(
          429,
          {
            message: 'Tokens per minute limit exceeded - too many tokens processed.',
            type: 'too_many_tokens_error',
            param: 'quota',
            code: 'token_quota_exceeded',
          },
          { 'x-ratelimit-reset-tokens-minute': '13.5' },
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Cerebras 503 queue_exceeded (high traffic)',
      build: openai(
        json(503, {
          message: "We're experiencing high traffic right now! Please try again soon.",
          type: 'too_many_requests_error',
          param: 'queue',
          code: 'queue_exceeded',
        }),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'SambaNova 429 with x-ratelimit-reset-requests',
      build: openai(
        json(
          429,
          {
            error: {
              message: 'Rate limit exceeded',
              type: 'rate_limit_exceeded',
              code: 'rate_limit_exceeded',
            },
          },
          { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '6' },
        ),
      ),
      careful: wait('rate_limit', 6000),
    },
    {
      label: 'NVIDIA NIM 402 cloud credits expired (problem+json)',
      build: openai(
        json(
          402,
          {
            type: 'urn:inference-service:problem-details:payment-required',
            title: 'Payment Required',
            status: 402,
            detail: "Account 'x': Cloud credits expired - Please contact NVIDIA representatives",
          },
          { 'content-type': 'application/problem+json' },
        ),
      ),
      careful: no('quota'),
    },
    {
      label: 'NVIDIA NIM 404 function not found',
      build: openai(
        json(
          404,
          {
            type: 'about:blank',
            title: 'Not Found',
            status: 404,
            detail: "Function '0a1b': Not found for account 'x'",
          },
          { 'content-type': 'application/problem+json' },
        ),
      ),
      careful: no('not_found'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// HTTP client libraries' own failures: undici's errors (undici docs "Errors", lib/core/errors.js)
// through `request` and `fetch`; Node's http/https client errors (nodejs.org/api/http.html,
// errors.html); got's RequestError kinds (got docs "Errors"); axios's codes (axios README
// "Handling Errors"); AbortSignal.timeout (a TimeoutError DOMException as the abort reason).
// ---------------------------------------------------------------------------------------------

/** What a node:http request to `url` fails with. */
const nodeGet = (url: string, options: Parameters<typeof httpGet>[1] = {}) =>
  rejected(
    () =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpGet(url, options, resolve);
        req.on('error', reject);
      }),
  );

describe('fresh HTTP client library errors (round 5)', () => {
  freshCases('http-clients', [
    {
      label: 'node:http ECONNRESET "socket hang up"',
      build: () => nodeGet(answer(hangUp)),
      careful: wait('unavailable'),
    },
    {
      label: 'node:http ECONNREFUSED',
      build: async () => nodeGet(`http://127.0.0.1:${await closedPort()}/`),
      careful: wait('unavailable'),
    },
    {
      label: 'node:http aborted by AbortSignal.timeout (AbortError, the TimeoutError its cause)',
      build: () => nodeGet(answer(silent(2000)), { signal: AbortSignal.timeout(30) }),
      careful: wait('timeout'),
    },
    {
      label: 'node:https against a plain-HTTP port (EPROTO, wrong version number)',
      build: () =>
        rejected(
          () =>
            new Promise((resolve, reject) => {
              const url = answer({ status: 200 }).replace('http:', 'https:');
              httpsGet(url, { rejectUnauthorized: false }, resolve).on('error', reject);
            }),
        ),
      careful: no('protocol'),
    },
    {
      label: 'node:http request body after end (ERR_STREAM_WRITE_AFTER_END)',
      build: () =>
        rejected(
          () =>
            new Promise((resolve, reject) => {
              const req = httpRequest(answer({ status: 200 }), { method: 'POST' }, resolve);
              req.on('error', reject);
              req.end('a');
              req.write('b');
            }),
        ),
      careful: no('internal'),
    },
    {
      label: 'undici request aborted by AbortSignal.timeout',
      build: () =>
        rejected(undiciRequest(answer(silent(2000)), { signal: AbortSignal.timeout(30) })),
      careful: wait('timeout'),
    },
    {
      label: 'undici retry interceptor out of retries on a 429 with Retry-After: 1',
      build: () =>
        rejected(
          undiciRequest(answer({ status: 429, headers: { 'retry-after': '1' } }), {
            dispatcher: new UndiciAgent().compose(
              interceptors.retry({ maxRetries: 0, statusCodes: [429] }),
            ),
          }),
        ),
      careful: wait('rate_limit', 1000),
    },
    {
      label:
        'fetch body read cut off by bodyTimeout (TypeError terminated, cause BodyTimeoutError)',
      build: () =>
        rejected(async () => {
          const res = await fetch(answer(stalledBody(2000)), {
            dispatcher: new UndiciAgent({ bodyTimeout: 30 }),
          } as RequestInit);
          await res.text();
        }),
      careful: wait('timeout'),
    },
    {
      label: 'fetch body read cut off by the server (TypeError terminated, cause SocketError)',
      build: () =>
        rejected(async () => {
          const res = await fetch(answer(stalledBody(10)));
          await res.text();
        }),
      careful: wait('unavailable'),
    },
    {
      label: 'fetch failed, cause ECONNREFUSED',
      build: async () => rejected(fetch(`http://127.0.0.1:${await closedPort()}/`)),
      careful: wait('unavailable'),
    },
    {
      label: 'fetch with an invalid URL (TypeError, ERR_INVALID_URL)',
      build: () => rejected(fetch('http://[not a host]/')),
      careful: no('validation'),
    },
    {
      label: 'fetch with a header value that is not legal (TypeError)',
      build: () => rejected(fetch(answer({ status: 200 }), { headers: { 'x-a': 'line\nbreak' } })),
      careful: no('validation'),
    },
    {
      label: "got TimeoutError in phase 'read'",
      build: () =>
        rejected(
          got(answer(stalledBody(2000)), { retry: { limit: 0 }, timeout: { read: 30 } } as never),
        ),
      careful: wait('timeout'),
    },
    {
      label: 'got RequestError ERR_UNSUPPORTED_PROTOCOL',
      build: () => rejected(got('ftp://127.0.0.1/x', { retry: { limit: 0 } })),
      careful: no('validation'),
    },
    {
      label: 'got aborted by AbortSignal.timeout',
      build: () =>
        rejected(
          got(answer(silent(2000)), { retry: { limit: 0 }, signal: AbortSignal.timeout(30) }),
        ),
      careful: wait('timeout'),
    },
    {
      label: 'got ECONNRESET (socket hang up)',
      build: viaGot(hangUp),
      careful: wait('unavailable'),
    },
    {
      label: 'ky aborted by AbortSignal.timeout (its own timeout off)',
      build: () =>
        rejected(
          ky(answer(silent(2000)), { retry: 0, timeout: false, signal: AbortSignal.timeout(30) }),
        ),
      careful: wait('timeout'),
    },
    {
      label: 'axios timeout with clarifyTimeoutError (ETIMEDOUT)',
      build: () =>
        rejected(
          axios.get(answer(late(2000)), {
            timeout: 30,
            transitional: { clarifyTimeoutError: true },
          }),
        ),
      careful: wait('timeout'),
    },
    {
      label: 'axios aborted by AbortSignal.timeout (CanceledError, the reason on its signal)',
      build: () => rejected(axios.get(answer(silent(2000)), { signal: AbortSignal.timeout(30) })),
      careful: wait('timeout'),
    },
    {
      label: 'axios ECONNRESET (socket hang up)',
      build: viaAxios(hangUp),
      careful: wait('unavailable'),
    },
    {
      label: 'axios maxContentLength exceeded',
      build: () =>
        rejected(
          axios.get(answer({ status: 200, body: 'x'.repeat(500) }), { maxContentLength: 10 }),
        ),
      careful: no('protocol'),
    },
    {
      label: 'axios 503 with Retry-After: 6 (a ky/got-like status error)',
      build: viaAxios({
        status: 503,
        headers: { 'retry-after': '6' },
        body: { error: 'maintenance' },
      }),
      careful: wait('unavailable', 6000),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// GraphQL servers beyond Apollo. GraphQL Yoga / envelop `useMaskedErrors` (the-guild.dev/
// graphql/yoga-server/docs/features/error-masking: "Unexpected error."), Yoga's persisted
// operations ("PersistedQueryNotFound", "PersistedQueryOnly"). AWS AppSync (docs.aws.amazon.com/
// appsync/latest/devguide/troubleshooting-and-common-mistakes.html and resolver `errorType`s,
// `DynamoDB:ConditionalCheckFailedException`, `Unauthorized`). Contentful GraphQL
// (contentful.com/developers/docs/references/graphql, "Errors": `extensions.contentful.code`).
// graphql-ws (github.com/enisdenjo/graphql-ws PROTOCOL.md: `{ type: 'error', payload: [...] }`).
// Linear (`extensions.type`).
// ---------------------------------------------------------------------------------------------

/** A GraphQL response body as the service sends it, fetched by got (the body is what decodes). */
const gqlBody =
  (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) =>
  () =>
    got
      .post(answer(json(status, body, headers)), {
        json: { query: '{ x }' },
        throwHttpErrors: false,
      })
      .json<unknown>();
/** A GraphQL response with an error status, as got's HTTPError carries it. */
const gqlHttpError =
  (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  () =>
    rejected(
      got.post(answer(json(status, body, headers)), {
        json: { query: '{ x }' },
        retry: { limit: 0 },
      }),
    );
const appsync = (errorType: string, message: string) =>
  gqlBody({
    data: { getPost: null },
    errors: [
      {
        path: ['getPost'],
        data: null,
        errorType,
        errorInfo: null,
        locations: [{ line: 1, column: 3, sourceName: null }],
        message,
      },
    ],
  });
const contentful = (status: number, code: string, message: string) =>
  gqlHttpError(status, {
    errors: [{ message, extensions: { contentful: { code, requestId: 'r1' } } }],
  });

describe('fresh GraphQL errors (round 5)', () => {
  freshCases('graphql', [
    {
      // A masked resolver error is a server fault that says nothing more: as graphql-js's.
      label: 'Yoga masked error "Unexpected error."',
      build: gqlBody({
        data: { me: null },
        errors: [
          { message: 'Unexpected error.', locations: [{ line: 1, column: 3 }], path: ['me'] },
        ],
      }),
      careful: no('internal'),
    },
    {
      label: 'Yoga persisted operations: PersistedQueryNotFound',
      build: gqlBody({
        errors: [
          { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
        ],
      }),
      careful: no('not_found'),
    },
    {
      label: 'Yoga persisted operations only: PersistedQueryOnly (HTTP 400)',
      build: gqlHttpError(400, { errors: [{ message: 'PersistedQueryOnly' }] }),
      careful: no('validation'),
    },
    {
      label: 'Yoga GraphQLError with extensions.http.status 401',
      build: gqlHttpError(401, {
        errors: [{ message: 'Unauthorized', extensions: { http: { status: 401 } } }],
      }),
      careful: no('auth'),
    },
    {
      label: 'AppSync DynamoDB:ConditionalCheckFailedException',
      build: appsync(
        'DynamoDB:ConditionalCheckFailedException',
        'The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: X)',
      ),
      careful: no('conflict'),
    },
    {
      label: 'AppSync DynamoDB:ProvisionedThroughputExceededException',
      build: appsync(
        'DynamoDB:ProvisionedThroughputExceededException',
        'The level of configured provisioned throughput for the table was exceeded.',
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'AppSync Unauthorized (a field the identity may not read)',
      build: appsync('Unauthorized', 'Not Authorized to access getPost on type Query'),
      careful: no('permission'),
    },
    {
      label: 'AppSync UnauthorizedException (HTTP 401, no valid key)',
      build: gqlHttpError(401, {
        errors: [
          {
            errorType: 'UnauthorizedException',
            message: 'You are not authorized to make this call.',
          },
        ],
      }),
      careful: no('auth'),
    },
    {
      label: 'AppSync Lambda:Unhandled',
      build: appsync('Lambda:Unhandled', 'Cannot read properties of undefined'),
      careful: no('internal'),
    },
    {
      label: 'AppSync ExecutionTimeout',
      build: appsync('ExecutionTimeout', 'Execution timed out.'),
      careful: wait('timeout'),
    },
    {
      label: 'AppSync MappingTemplate (a resolver template error)',
      build: appsync('MappingTemplate', "Value for field '$[operation]' not found."),
      careful: no('internal'),
    },
    {
      label: 'Contentful 400 TOO_COMPLEX_QUERY',
      build: contentful(
        400,
        'TOO_COMPLEX_QUERY',
        'Query cannot be executed. The maximum allowed complexity for a query is 11000 but it was 20000.',
      ),
      careful: no('validation'),
    },
    {
      label: 'Contentful 404 UNKNOWN_ENVIRONMENT',
      build: contentful(
        404,
        'UNKNOWN_ENVIRONMENT',
        'Query cannot be executed. Requested environment does not exist in the space',
      ),
      careful: no('not_found'),
    },
    {
      label: 'Contentful 401 ACCESS_TOKEN_INVALID',
      build: contentful(401, 'ACCESS_TOKEN_INVALID', 'Access denied. The access token is invalid.'),
      careful: no('auth'),
    },
    {
      label: 'graphql-ws error message with FORBIDDEN',
      build: () =>
        Promise.resolve({
          id: '1',
          type: 'error',
          payload: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }],
        }),
      careful: no('permission'),
    },
    {
      label: 'Linear 200 with extensions.type "authentication error"',
      build: gqlBody({
        errors: [
          {
            message: 'Authentication required, not authenticated',
            extensions: {
              type: 'authentication error',
              userError: true,
              userPresentableMessage: 'You need to authenticate.',
            },
          },
        ],
      }),
      careful: no('auth'),
    },
    {
      label: 'Linear 200 with extensions.type "invalid input"',
      build: gqlBody({
        errors: [
          {
            message: 'Argument Validation Error',
            extensions: {
              type: 'invalid input',
              userError: true,
              userPresentableMessage: 'title must be shorter than 256 characters',
            },
          },
        ],
      }),
      careful: no('validation'),
    },
    {
      label: 'Linear 200 with extensions.type "lock timeout"',
      build: gqlBody({
        errors: [
          { message: 'Lock timeout', extensions: { type: 'lock timeout', userError: false } },
        ],
      }),
      careful: wait('conflict'),
    },
    {
      label: 'Linear 200 with extensions.type "usage limit exceeded"',
      build: gqlBody({
        errors: [
          {
            message: 'Usage limit exceeded',
            extensions: {
              type: 'usage limit exceeded',
              userError: true,
              userPresentableMessage:
                'Your workspace has reached its issue limit on the free plan.',
            },
          },
        ],
      }),
      careful: no('quota'),
    },
    {
      label: 'Linear 200 with extensions.type "feature not accessible"',
      build: gqlBody({
        errors: [
          {
            message: 'Feature not accessible',
            extensions: { type: 'feature not accessible', userError: true },
          },
        ],
      }),
      careful: no('permission'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Stream events as the SDKs' own stream parsers yield them: the OpenAI Responses API's
// `response.failed` codes (its `ResponseError['code']` union) and `error` events, the Chat
// Completions `{ error }` chunk OpenAI-compatible gateways send (LiteLLM, OpenRouter), Gemini's
// stream error chunk (@google/genai), and the AI SDK's `error` part.
// ---------------------------------------------------------------------------------------------

const { responsesEvents, chatStreamError, geminiStream } = providerStreams(base);
const responseCreated = sse('response.created', {
  type: 'response.created',
  sequence_number: 0,
  response: { id: 'resp_1', object: 'response', status: 'in_progress', model: 'gpt-5', output: [] },
});
const responseFailed = (code: string, message: string) =>
  responsesEvents(
    responseCreated +
      sse('response.failed', {
        type: 'response.failed',
        sequence_number: 1,
        response: {
          id: 'resp_1',
          object: 'response',
          status: 'failed',
          model: 'gpt-5',
          output: [],
          incomplete_details: null,
          error: { code, message },
        },
      }),
  );
/** The `error` part streamText yields for the Responses model of the AI SDK's OpenAI provider. */
const aiSdkResponsesErrorPart = (events: string) => async () => {
  const provider = createOpenAI({ baseURL: base('/responses', streamed(events)), apiKey: 'k' });
  const result = streamText({
    model: provider.responses('gpt-5'),
    prompt: 'hi',
    maxRetries: 0,
    onError: () => undefined,
  });
  for await (const part of result.fullStream) if (part.type === 'error') return part;
  throw new Error('expected an error part');
};

describe('fresh stream-event errors (round 5)', () => {
  freshCases('streams', [
    {
      label: 'Responses response.failed invalid_base64_image',
      build: responseFailed('invalid_base64_image', 'The image data is not valid base64.'),
      careful: no('validation'),
    },
    {
      label: 'Responses response.failed image_too_large',
      build: responseFailed('image_too_large', 'The image exceeds the maximum allowed size.'),
      careful: no('validation'),
    },
    {
      label: 'Responses response.failed failed_to_download_image',
      build: responseFailed(
        'failed_to_download_image',
        'Failed to download the image from the URL.',
      ),
      careful: no('validation'),
    },
    {
      label: 'Responses response.failed image_content_policy_violation',
      build: responseFailed(
        'image_content_policy_violation',
        'The image violates the content policy.',
      ),
      careful: no('validation'),
    },
    {
      label: 'Responses response.failed empty_image_file',
      build: responseFailed('empty_image_file', 'The image file is empty.'),
      careful: no('validation'),
    },
    {
      label: 'Responses error event context_length_exceeded',
      build: responsesEvents(
        responseCreated +
          sse('error', {
            type: 'error',
            sequence_number: 1,
            code: 'context_length_exceeded',
            message: 'Your input exceeds the context window of this model.',
            param: 'input',
          }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Chat Completions stream error chunk insufficient_quota (a gateway)',
      build: chatStreamError({
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      }),
      careful: no('quota'),
    },
    {
      label: 'Chat Completions stream error chunk 503 overloaded (code as a number)',
      build: chatStreamError({
        message: 'The upstream model is overloaded.',
        type: 'api_error',
        code: 503,
      }),
      careful: wait('unavailable'),
    },
    {
      label: '@google/genai stream chunk 400 INVALID_ARGUMENT',
      build: geminiStream(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.'),
      careful: no('validation'),
    },
    {
      label: '@google/genai stream chunk 403 PERMISSION_DENIED',
      build: geminiStream(403, 'PERMISSION_DENIED', 'The caller does not have permission.'),
      careful: no('permission'),
    },
    {
      label: 'AI SDK streamText error part from a Responses stream (response.failed server_error)',
      build: aiSdkResponsesErrorPart(
        sse('response.failed', {
          type: 'response.failed',
          sequence_number: 1,
          response: {
            id: 'resp_1',
            object: 'response',
            status: 'failed',
            model: 'gpt-5',
            output: [],
            incomplete_details: null,
            error: { code: 'server_error', message: 'The server had an error.' },
          },
        }),
      ),
      careful: wait('internal'),
    },
    {
      label: 'AI SDK streamText error part from a Responses error event (rate_limit_exceeded)',
      build: aiSdkResponsesErrorPart(
        sse('error', {
          type: 'error',
          sequence_number: 1,
          code: 'rate_limit_exceeded',
          message: 'Rate limit reached for gpt-5 on tokens per min.',
          param: null,
        }),
      ),
      careful: wait('rate_limit'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Agent frameworks, what the user's catch sees. @openai/agents: a model call that fails inside
// a `Runner` run (openai.github.io/openai-agents-js/guides/running-agents, "Exceptions"), with
// its OpenAI models; the AI SDK's RetryError (ai-sdk.dev/docs/reference/ai-sdk-errors/ai-retry-
// error: `reason` maxRetriesExceeded / errorNotRetryable, `lastError`); LangChain.js tools
// (`ToolInputParsingException`) and chat models with their own retries.
// ---------------------------------------------------------------------------------------------

const runnerWith = (model: 'responses' | 'chat', reply: Reply) => () => {
  const client = new OpenAI({
    baseURL: base(model === 'responses' ? '/responses' : '/chat/completions', reply),
    apiKey: 'k',
    maxRetries: 0,
  });
  const agent = new Agent({
    name: 'a',
    model:
      model === 'responses'
        ? new OpenAIResponsesModel(client, 'gpt-5')
        : new OpenAIChatCompletionsModel(client, 'gpt-5'),
  });
  return rejected(new Runner().run(agent, 'hi'));
};
/** A server that answers the first request with `first` and every later one with `then`. */
const firstThen = (first: Reply, then: Reply): Reply => {
  let n = 0;
  const send = (
    reply: Reply,
    req: Parameters<Exclude<Reply, { status: number }>>[0],
    res: Parameters<Exclude<Reply, { status: number }>>[1],
  ) => {
    if (typeof reply === 'function') return reply(req, res);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  };
  return (req, res) => send((n += 1) === 1 ? first : then, req, res);
};
const aiModel = (reply: Reply) =>
  createOpenAI({ baseURL: base('/chat/completions', reply), apiKey: 'k' }).chat('m');
const lcModel = (reply: Reply, options: Record<string, unknown> = {}) =>
  new ChatOpenAI({
    model: 'gpt-4o-mini',
    apiKey: 'k',
    configuration: { baseURL: base('/chat/completions', reply) },
    maxRetries: 0,
    ...options,
  });

describe('fresh agent framework errors (round 5)', () => {
  freshCases('frameworks', [
    {
      label: 'agents Runner over OpenAIResponsesModel: 429 with retry-after: 2',
      build: runnerWith(
        'responses',
        json(429, oaiError('Rate limit reached for gpt-5', 'requests', 'rate_limit_exceeded'), {
          'retry-after': '2',
        }),
      ),
      careful: wait('rate_limit', 2000),
    },
    {
      label: 'agents Runner over OpenAIResponsesModel: 401 invalid_api_key',
      build: runnerWith(
        'responses',
        json(
          401,
          oaiError('Incorrect API key provided: k.', 'invalid_request_error', 'invalid_api_key'),
        ),
      ),
      careful: no('auth'),
    },
    {
      label: 'agents Runner over OpenAIChatCompletionsModel: 400 context_length_exceeded',
      build: runnerWith(
        'chat',
        json(
          400,
          oaiError(
            "This model's maximum context length is 128000 tokens.",
            'invalid_request_error',
            'context_length_exceeded',
          ),
        ),
      ),
      careful: no('validation'),
    },
    {
      label: 'agents Runner over OpenAIChatCompletionsModel: 503 with retry-after-ms: 400',
      build: runnerWith(
        'chat',
        json(503, oaiError('The server is overloaded.', 'server_error'), {
          'retry-after-ms': '400',
        }),
      ),
      careful: wait('unavailable', 400),
    },
    {
      label: 'agents Runner over OpenAIResponsesModel: 429 insufficient_quota',
      build: runnerWith(
        'responses',
        json(
          429,
          oaiError('You exceeded your current quota.', 'insufficient_quota', 'insufficient_quota'),
        ),
      ),
      careful: no('quota'),
    },
    {
      label: 'ai RetryError errorNotRetryable (a 503, then a 400)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(
              firstThen(
                json(503, oaiError('Overloaded', 'server_error'), { 'retry-after-ms': '1' }),
                json(400, oaiError("Invalid 'messages'", 'invalid_request_error')),
              ),
            ),
            prompt: 'hi',
            maxRetries: 2,
          }),
        ),
      careful: no('validation'),
    },
    {
      label: 'ai RetryError maxRetriesExceeded on 503s',
      build: () =>
        rejected(
          generateText({
            model: aiModel(
              json(503, oaiError('Overloaded', 'server_error'), { 'retry-after-ms': '1' }),
            ),
            prompt: 'hi',
            maxRetries: 1,
          }),
        ),
      careful: wait('unavailable'),
    },
    {
      label: 'ai RetryError errorNotRetryable (a 429, then a 401)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(
              firstThen(
                json(429, oaiError('Rate limit', 'requests', 'rate_limit_exceeded'), {
                  'retry-after-ms': '1',
                }),
                json(
                  401,
                  oaiError('Incorrect API key', 'invalid_request_error', 'invalid_api_key'),
                ),
              ),
            ),
            prompt: 'hi',
            maxRetries: 2,
          }),
        ),
      careful: no('auth'),
    },
    {
      label: 'LangChain ToolInputParsingException (args off the schema)',
      build: () =>
        rejected(
          lcTool(() => 'ok', {
            name: 'lookup',
            description: 'Look up',
            schema: z.object({ id: z.number() }),
          }).invoke({ id: 'not a number' } as never),
        ),
      careful: no('validation'),
    },
    {
      label: 'LangChain DynamicStructuredTool whose fetch met a 429 with Retry-After: 4',
      build: () =>
        rejected(
          new DynamicStructuredTool({
            name: 'search',
            description: 'Search',
            schema: z.object({ q: z.string() }),
            func: async () =>
              got(answer({ status: 429, headers: { 'retry-after': '4' } }), {
                retry: { limit: 0 },
              }).text(),
          }).invoke({ q: 'x' }),
        ),
      careful: wait('rate_limit', 4000),
    },
    {
      label: 'LangChain ChatOpenAI 529 overloaded through an OpenAI-compatible host',
      build: () =>
        rejected(lcModel(json(529, oaiError('Overloaded', 'overloaded_error'))).invoke('hi')),
      careful: wait('unavailable'),
    },
    {
      // LangChain rethrows the SDK's abort as its own `AbortError` ("Request was aborted.") and
      // keeps no reason: nothing on it says the signal was a timeout.
      label: 'LangChain ChatOpenAI aborted by AbortSignal.timeout (the reason not kept)',
      build: () =>
        rejected(lcModel(silent(2000)).invoke('hi', { signal: AbortSignal.timeout(30) })),
      careful: no('cancelled'),
    },
    {
      label: 'LangChain ChatOpenAI 402 out of credit (an OpenAI-compatible host)',
      build: () =>
        rejected(
          lcModel(
            json(402, {
              error: {
                message: 'Insufficient credits. Add more using https://x/credits',
                code: 402,
              },
            }),
          ).invoke('hi'),
        ),
      careful: no('quota'),
    },
  ]);
});

// Fresh errors from HTTP client libraries, provider APIs and GraphQL servers, measured as a
// reviewer measures them: statuses, headers and bodies each service documents that the other
// tests do not send, answered by a 127.0.0.1 server and turned into errors by the real client
// libraries and SDKs. Run with FRESH_SCORE=1 to print the per-family score.
import { request as octokitRequest } from '@octokit/request';
import { WebClient } from '@slack/web-api';
import axios from 'axios';
import got from 'got';
import ky from 'ky';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Careful, FreshCase } from './helpers/fresh-cases.js';
import { explained, freshCases, rejected } from './helpers/fresh-cases.js';
import { startReplyServer, streamed } from './helpers/reply-server.js';
import { anthropicMessageStart, sse } from './helpers/sse.js';
import type { Reply, ReplyServer } from './helpers/reply-server.js';

let server: ReplyServer;
beforeAll(async () => {
  server = await startReplyServer();
});
afterAll(() => server.close());

const no = (category: string): Careful => ({ category, retryable: false });
const wait = (category: string, retryAfterMs?: number): Careful => ({
  category,
  retryable: true,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

let paths = 0;
/** A fresh path answering `reply`, its full URL. */
const answer = (reply: Reply): string => server.on(`/r${(paths += 1)}`, reply);

const viaGot = (reply: Reply) => () => rejected(got(answer(reply), { retry: { limit: 0 } }));
const viaKy = (reply: Reply) => () => rejected(ky(answer(reply), { retry: 0 }));
const viaAxios = (reply: Reply) => () => rejected(axios.get(answer(reply)));
const viaFetch = (reply: Reply) => () => fetch(answer(reply));

describe('fresh HTTP client library errors', () => {
  const cases: FreshCase[] = [
    {
      label: 'got 429 with the IETF RateLimit header (t=7)',
      build: viaGot({
        status: 429,
        headers: { ratelimit: '"default";r=0;t=7', 'ratelimit-policy': '"default";q=100;w=60' },
        body: { message: 'slow down' },
      }),
      careful: wait('rate_limit', 7000),
    },
    {
      label: 'got 503 with Retry-After: 120',
      build: viaGot({ status: 503, headers: { 'retry-after': '120' }, body: 'maintenance' }),
      careful: wait('unavailable', 120_000),
    },
    {
      label: 'got 504 gateway timeout',
      build: viaGot({ status: 504, body: 'upstream timed out' }),
      careful: wait('timeout'),
    },
    {
      label: 'got 413 payload too large',
      build: viaGot({ status: 413, body: 'too big' }),
      careful: no('validation'),
    },
    {
      label: 'got 401 with an RFC 6750 invalid_token challenge',
      build: viaGot({
        status: 401,
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      }),
      careful: no('auth'),
    },
    {
      label: 'got 403 with an RFC 6750 insufficient_scope challenge',
      build: viaGot({
        status: 403,
        headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="repo"' },
      }),
      careful: no('permission'),
    },
    {
      label: 'ky 429 with x-amz-retry-after (ms)',
      build: viaKy({ status: 429, headers: { 'x-amz-retry-after': '2500' } }),
      careful: wait('rate_limit', 2500),
    },
    {
      label: 'ky 503 with Retry-After: 5',
      build: viaKy({ status: 503, headers: { 'retry-after': '5' } }),
      careful: wait('unavailable', 5000),
    },
    {
      label: 'ky 404',
      build: viaKy({ status: 404, body: { message: 'no such thing' } }),
      careful: no('not_found'),
    },
    { label: 'ky 402 payment required', build: viaKy({ status: 402 }), careful: no('quota') },
    { label: 'ky 409 conflict', build: viaKy({ status: 409 }), careful: no('conflict') },
    {
      label: 'axios 429 with Retry-After: 9',
      build: viaAxios({ status: 429, headers: { 'retry-after': '9' } }),
      careful: wait('rate_limit', 9000),
    },
    {
      label: 'axios timeout (ECONNABORTED)',
      build: () =>
        rejected(
          axios.get(
            answer((_req, res) => setTimeout(() => res.end('late'), 500)),
            { timeout: 50 },
          ),
        ),
      careful: wait('timeout'),
    },
    {
      label: 'axios cancelled by an AbortSignal (ERR_CANCELED)',
      build: () => {
        const controller = new AbortController();
        const pending = rejected(
          axios.get(
            answer((_req, res) => setTimeout(() => res.end('late'), 500)),
            {
              signal: controller.signal,
            },
          ),
        );
        setTimeout(() => controller.abort(), 20);
        return pending;
      },
      careful: no('cancelled'),
    },
    {
      label: 'fetch Response 429 with Retry-After: 4',
      build: viaFetch({ status: 429, headers: { 'retry-after': '4' } }),
      careful: wait('rate_limit', 4000),
    },
    { label: 'fetch Response 503', build: viaFetch({ status: 503 }), careful: wait('unavailable') },
    {
      label: 'Octokit 403 secondary rate limit with no headers: wait a minute (GitHub docs)',
      build: () =>
        octokitError(403, {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url:
            'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        }),
      careful: wait('rate_limit', 60_000),
    },
    {
      label: 'Octokit 410 gone (issues disabled)',
      build: () => octokitError(410, { message: 'Issues are disabled for this repo' }),
      careful: no('not_found'),
    },
    {
      label: 'Octokit 422 with errors[].code already_exists',
      build: () =>
        octokitError(422, {
          message: 'Validation Failed',
          errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
        }),
      careful: no('conflict'),
    },
  ];
  for (const [error, category, retryable] of [
    ['team_access_not_granted', 'permission', false],
    ['ekm_access_denied', 'permission', false],
    ['access_denied', 'permission', false],
    ['cant_update_message', 'permission', false],
    ['accesslimited', 'permission', false],
    ['too_many_attachments', 'validation', false],
    ['invalid_charset', 'validation', false],
    // Slack's own word for it, retried: "likely due to a transient issue on our end".
    ['internal_error', 'internal', true],
    ['team_added_to_org', 'unavailable', true],
  ] as const)
    cases.push({
      label: `Slack platform error ${error}`,
      build: () => {
        const base = answer({ status: 200, body: { ok: false, error } });
        const path = `${base.slice(server.url.length)}/chat.postMessage`;
        server.on(path, { status: 200, body: { ok: false, error } });
        const slack = new WebClient('xoxb-test', {
          slackApiUrl: `${base}/`,
          retryConfig: { retries: 0 },
        });
        return rejected(slack.chat.postMessage({ channel: 'C1', text: 'hi' }));
      },
      careful: { category, retryable },
    });
  freshCases('http-clients', cases);
});

async function octokitError(status: number, body: unknown): Promise<unknown> {
  const base = answer({ status: 200 });
  server.on(`${base.slice(server.url.length)}/repos/o/r`, { status, body });
  return rejected(
    octokitRequest('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r', baseUrl: base }),
  );
}

/** An OpenAI-compatible provider at a fresh path answering `reply`, through the OpenAI SDK. */
const viaOpenAiSdk = (reply: Reply) => () => {
  const base = answer({ status: 200 });
  server.on(`${base.slice(server.url.length)}/chat/completions`, reply);
  const client = new OpenAI({ baseURL: base, apiKey: 'sk-test', maxRetries: 0 });
  return rejected(
    client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  );
};

describe('fresh provider errors through the OpenAI-compatible SDK path and HTTP', () => {
  freshCases('providers', [
    {
      label: 'Mistral 429 rate_limited',
      build: viaOpenAiSdk({
        status: 429,
        body: {
          object: 'error',
          message: 'Requests rate limit exceeded',
          type: 'rate_limited',
          param: null,
          code: '1300',
        },
      }),
      careful: wait('rate_limit'),
    },
    {
      label: 'Mistral 422 invalid_request_error',
      build: viaOpenAiSdk({
        status: 422,
        body: {
          object: 'error',
          message: { detail: [{ type: 'missing', loc: ['body', 'model'], msg: 'Field required' }] },
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      }),
      careful: no('validation'),
    },
    {
      label: 'DeepSeek 402 Insufficient Balance',
      build: viaOpenAiSdk({
        status: 402,
        body: {
          error: {
            message: 'Insufficient Balance',
            type: 'unknown_error',
            param: null,
            code: 'invalid_request_error',
          },
        },
      }),
      careful: no('quota'),
    },
    {
      label: 'DeepSeek 503 Server Overloaded',
      build: viaOpenAiSdk({
        status: 503,
        body: {
          error: { message: 'Server overloaded, please try again later', type: 'server_error' },
        },
      }),
      careful: wait('unavailable'),
    },
    {
      label: 'xAI 400 Incorrect API key (a key error sent as 400)',
      build: viaOpenAiSdk({
        status: 400,
        body: {
          code: 'Client specified an invalid argument',
          error:
            'Incorrect API key provided: xa***xx. You can obtain an API key from https://console.x.ai.',
        },
      }),
      careful: no('auth'),
    },
    {
      label: 'xAI 403 a team with no credits',
      build: viaOpenAiSdk({
        status: 403,
        body: {
          code: 'The caller does not have permission to execute the specified operation',
          error:
            "Your newly created team doesn't have any credits yet. You can purchase credits on https://console.x.ai/team/00000000-0000-0000-0000-000000000000.",
        },
      }),
      careful: no('quota'),
    },
    {
      label: 'xAI 429 used all credits or reached the monthly spending limit',
      build: viaOpenAiSdk({
        status: 429,
        body: {
          code: 'Some resource has been exhausted',
          error:
            'Your team 00000000-0000-0000-0000-000000000000 has either used all available credits or reached its monthly spending limit. To continue making API requests, please purchase more credits or raise your spending limit.',
        },
      }),
      careful: no('quota'),
    },
    {
      label: 'Cohere 429 trial key monthly limit (got, its v2 API)',
      build: viaGot({
        status: 429,
        body: {
          message:
            'You are using a Trial key, which is limited to 1000 API calls / month. You can continue to use the Trial key for free or upgrade to a Production key with higher rate limits at https://dashboard.cohere.com/api-keys.',
        },
      }),
      careful: no('quota'),
    },
    {
      label: 'Cohere 429 per-minute trial rate limit (got, its v2 API)',
      build: viaGot({
        status: 429,
        body: { message: 'You are using a Trial key, which is limited to 20 API calls / minute.' },
      }),
      careful: wait('rate_limit'),
    },
    {
      label: 'OpenRouter 402 more credits needed',
      build: viaOpenAiSdk({
        status: 402,
        body: {
          error: {
            code: 402,
            message:
              'This request requires more credits, or fewer max_tokens. You requested up to 4096 tokens, but can only afford 1000.',
          },
        },
      }),
      careful: no('quota'),
    },
    {
      label: 'OpenRouter 403 moderation flagged the input',
      build: viaOpenAiSdk({
        status: 403,
        body: {
          error: {
            code: 403,
            message: 'Input flagged by moderation',
            metadata: {
              reasons: ['violence'],
              flagged_input: '…',
              provider_name: 'OpenAI',
              model_slug: 'm',
            },
          },
        },
      }),
      careful: no('validation'),
    },
    {
      label: 'OpenRouter 502 the model is down',
      build: viaOpenAiSdk({
        status: 502,
        body: { error: { code: 502, message: 'Provider returned error' } },
      }),
      careful: wait('unavailable'),
    },
    {
      label: 'Together 503 the model is overloaded',
      build: viaOpenAiSdk({
        status: 503,
        body: {
          error: { message: 'The server is overloaded or not ready yet.', type: 'server_error' },
        },
      }),
      careful: wait('unavailable'),
    },
    {
      label: 'Azure OpenAI 400 content_filter',
      build: viaOpenAiSdk({
        status: 400,
        body: {
          error: {
            message:
              "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
            type: null,
            param: 'prompt',
            code: 'content_filter',
            status: 400,
            innererror: {
              code: 'ResponsibleAIPolicyViolation',
              content_filter_result: { violence: { filtered: true, severity: 'high' } },
            },
          },
        },
      }),
      careful: no('validation'),
    },
    {
      label: 'Azure OpenAI 429 with retry-after-ms',
      build: viaOpenAiSdk({
        status: 429,
        headers: { 'retry-after-ms': '1500', 'retry-after': '2' },
        body: {
          error: {
            code: '429',
            message:
              'Requests to the ChatCompletions_Create Operation have exceeded call rate limit.',
          },
        },
      }),
      careful: wait('rate_limit', 1500),
    },
    {
      label: 'Vertex AI 429 RESOURCE_EXHAUSTED (an array of Status)',
      build: viaOpenAiSdk({
        status: 429,
        body: [
          {
            error: {
              code: 429,
              message: 'Resource exhausted. Please try again later.',
              status: 'RESOURCE_EXHAUSTED',
            },
          },
        ],
      }),
      careful: wait('rate_limit'),
    },
    ...(
      [
        [
          'ThrottlingException',
          429,
          'Too many requests, please wait before trying again.',
          wait('rate_limit'),
        ],
        [
          'ModelNotReadyException',
          429,
          'Model is not ready to serve inference requests.',
          wait('unavailable'),
        ],
        [
          'ServiceQuotaExceededException',
          400,
          'Your request exceeds the service quota for your account.',
          no('quota'),
        ],
        [
          'ModelTimeoutException',
          408,
          'Model has timed out in processing the request.',
          wait('timeout'),
        ],
        [
          'AccessDeniedException',
          403,
          "You don't have access to the model with the specified model ID.",
          no('permission'),
        ],
      ] as const
    ).map(([type, status, message, careful]): FreshCase => ({
      label: `Bedrock ${status} ${type} (got, as Bedrock answers)`,
      build: viaGot({
        status,
        headers: {
          'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
        },
        body: { message },
      }),
      careful,
    })),
  ]);
});

/** A GraphQL server's 200 answer with `errors`, fetched by got and decoded as its body. */
const graphqlBody =
  (errors: unknown[], headers: Record<string, string> = {}) =>
  async () => {
    const url = answer({ status: 200, headers, body: { data: null, errors } });
    return got.post(url, { json: { query: '{ viewer { login } }' } }).json<unknown>();
  };

describe('fresh GraphQL errors (200 with errors, as each server documents)', () => {
  freshCases('graphql', [
    {
      label: 'GitHub type NOT_FOUND',
      build: graphqlBody([
        {
          type: 'NOT_FOUND',
          path: ['repository'],
          message: "Could not resolve to a Repository with the name 'o/r'.",
        },
      ]),
      careful: no('not_found'),
    },
    {
      label: 'GitHub type FORBIDDEN',
      build: graphqlBody([
        { type: 'FORBIDDEN', message: 'Resource not accessible by integration' },
      ]),
      careful: no('permission'),
    },
    {
      label: 'GitHub type INSUFFICIENT_SCOPES',
      build: graphqlBody([
        {
          type: 'INSUFFICIENT_SCOPES',
          message: 'Your token has not been granted the required scopes to execute this query.',
        },
      ]),
      careful: no('permission'),
    },
    {
      label: 'Shopify ACCESS_DENIED',
      build: graphqlBody([
        { message: 'Access denied for orders field.', extensions: { code: 'ACCESS_DENIED' } },
      ]),
      careful: no('permission'),
    },
    {
      label: 'Shopify MAX_COST_EXCEEDED',
      build: graphqlBody([
        {
          message: 'Query cost is 2000, which exceeds the single query max cost limit (1000).',
          extensions: { code: 'MAX_COST_EXCEEDED', cost: 2000, maxCost: 1000 },
        },
      ]),
      careful: no('validation'),
    },
    {
      label: 'Apollo PERSISTED_QUERY_NOT_FOUND',
      build: graphqlBody([
        { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
      ]),
      careful: no('not_found'),
    },
    {
      label: 'Apollo BAD_USER_INPUT',
      build: graphqlBody([
        { message: 'Invalid email', extensions: { code: 'BAD_USER_INPUT', argumentName: 'email' } },
      ]),
      careful: no('validation'),
    },
    {
      label: 'Hasura constraint-violation',
      build: graphqlBody([
        {
          message:
            'Uniqueness violation. duplicate key value violates unique constraint "users_email_key"',
          extensions: {
            path: '$.selectionSet.insert_users.args.objects',
            code: 'constraint-violation',
          },
        },
      ]),
      careful: no('conflict'),
    },
    {
      label: 'Hasura validation-failed',
      build: graphqlBody([
        {
          message: "field 'nope' not found in type: 'query_root'",
          extensions: { path: '$.selectionSet.nope', code: 'validation-failed' },
        },
      ]),
      careful: no('validation'),
    },
    {
      label: 'Hasura invalid-jwt',
      build: graphqlBody([
        {
          message: 'Could not verify JWT: JWTExpired',
          extensions: { path: '$', code: 'invalid-jwt' },
        },
      ]),
      careful: no('auth'),
    },
    {
      label: 'Hasura permission-error',
      build: graphqlBody([
        {
          message: 'check constraint of an insert permission has failed',
          extensions: {
            path: '$.selectionSet.insert_users.args.objects',
            code: 'permission-error',
          },
        },
      ]),
      careful: no('permission'),
    },
  ]);
});

describe('fresh printed forms of HTTP client library errors (String(err) into explain)', () => {
  const slack =
    (reply: Reply, options: Record<string, unknown> = {}) =>
    () => {
      const base = answer({ status: 200 });
      server.on(`${base.slice(server.url.length)}/chat.postMessage`, reply);
      const client = new WebClient('xoxb-test', {
        slackApiUrl: `${base}/`,
        retryConfig: { retries: 0 },
        ...options,
      });
      return rejected(client.chat.postMessage({ channel: 'C1', text: 'hi' }));
    };
  freshCases(
    'http printed',
    [
      {
        label: 'Octokit 401 Bad credentials',
        build: () =>
          octokitError(401, {
            message: 'Bad credentials',
            documentation_url: 'https://docs.github.com/rest',
          }),
        careful: no('auth'),
      },
      {
        label: 'Octokit 404 Not Found',
        build: () =>
          octokitError(404, {
            message: 'Not Found',
            documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
          }),
        careful: no('not_found'),
      },
      {
        label: 'Octokit 403 API rate limit exceeded',
        build: () =>
          octokitError(403, {
            message:
              "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit.)",
            documentation_url:
              'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
          }),
        careful: wait('rate_limit'),
      },
      {
        label: 'Octokit 422 Validation Failed',
        build: () =>
          octokitError(422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }],
          }),
        careful: no('validation'),
      },
      { label: 'got 429', build: viaGot({ status: 429 }), careful: wait('rate_limit') },
      { label: 'ky 503', build: viaKy({ status: 503 }), careful: wait('unavailable') },
      { label: 'axios 504', build: viaAxios({ status: 504 }), careful: wait('timeout') },
      {
        label: 'Slack channel_not_found',
        build: slack({ status: 200, body: { ok: false, error: 'channel_not_found' } }),
        careful: no('not_found'),
      },
      {
        label: 'Slack rate limited, retry in 30 s',
        build: slack(
          {
            status: 429,
            headers: { 'retry-after': '30' },
            body: { ok: false, error: 'ratelimited' },
          },
          { rejectRateLimitedCalls: true },
        ),
        careful: wait('rate_limit', 30_000),
      },
    ],
    explained,
  );
});

/** What the Anthropic SDK throws when a Messages stream sends `event: error` after it started. */
const anthropicMidStream = (type: string, message: string) => async () => {
  const base = answer({ status: 200 });
  server.on(
    `${base.slice(server.url.length)}/v1/messages`,
    streamed(anthropicMessageStart + sse('error', { type: 'error', error: { type, message } })),
  );
  const client = new Anthropic({ apiKey: 'k', baseURL: base, maxRetries: 0 });
  return rejected(async () => {
    const stream = await client.messages.create({
      model: 'claude',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    for await (const event of stream) void event;
  });
};

/** What the OpenAI SDK throws when a chat completions stream sends an `error` chunk (OpenRouter). */
const openAiMidStream = (error: Record<string, unknown>) => async () => {
  const base = answer({ status: 200 });
  const chunk = {
    id: 'gen-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta: { content: 'x' }, finish_reason: null }],
  };
  server.on(
    `${base.slice(server.url.length)}/chat/completions`,
    streamed(
      sse(undefined, chunk) +
        sse(undefined, {
          ...chunk,
          error,
          choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
        }),
    ),
  );
  const client = new OpenAI({ apiKey: 'k', baseURL: base, maxRetries: 0 });
  return rejected(async () => {
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    for await (const event of stream) void event;
  });
};

describe('fresh mid-stream errors, as the SDKs throw them', () => {
  freshCases('streams', [
    // Anthropic's documented error types the other stream tests do not send (its "Errors" page).
    {
      label: 'Anthropic event: error billing_error',
      build: anthropicMidStream('billing_error', 'Your credit balance is too low'),
      careful: no('quota'),
    },
    {
      label: 'Anthropic event: error permission_error',
      build: anthropicMidStream(
        'permission_error',
        'Your API key does not have permission to use the specified resource.',
      ),
      careful: no('permission'),
    },
    {
      label: 'Anthropic event: error request_too_large',
      build: anthropicMidStream(
        'request_too_large',
        'Request exceeds the maximum allowed number of bytes.',
      ),
      careful: no('validation'),
    },
    {
      label: 'Anthropic event: error not_found_error',
      build: anthropicMidStream('not_found_error', 'model: claude-nope'),
      careful: no('not_found'),
    },
    {
      label: 'OpenRouter mid-stream server_error chunk',
      build: openAiMidStream({
        code: 'server_error',
        message: 'Provider disconnected unexpectedly',
      }),
      careful: wait('internal'),
    },
    {
      label: 'OpenAI-compatible mid-stream rate_limit_exceeded chunk',
      build: openAiMidStream({
        code: 'rate_limit_exceeded',
        message: 'Rate limit reached',
        type: 'requests',
      }),
      careful: wait('rate_limit'),
    },
  ]);
});

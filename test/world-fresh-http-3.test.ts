// The third fresh case set for the HTTP-side families, measured as a reviewer measures them:
// each case walks a row of the family's own documented table that no other test here builds
// (got's RequestError kinds, undici's error classes, fetch's causes, GitHub's and Slack's error
// lists, the providers' error references, Apollo's and Hasura's codes, the stream events, the
// agent frameworks' classes, the 2026 wire formats, and the text people paste), built by the
// real client library or SDK against a 127.0.0.1 server answering as the service documents.
// Run with FRESH_SCORE=1 to print the per-family score.
import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { ChatOpenAI } from '@langchain/openai';
import { StructuredOutputParser } from '@langchain/core/output_parsers';
import { coerceMessageLikeToMessage } from '@langchain/core/messages';
import { Agent, RunState, run, setTracingDisabled, tool } from '@openai/agents';
import { call, say, scripted } from './helpers/agents-model.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { mcpRejection } from './helpers/mcp-rejection.js';
import { request as octokitRequest } from '@octokit/request';
import { WebClient } from '@slack/web-api';
import { streamText } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import axios from 'axios';
import got from 'got';
import { buildSchema, execute, parse, validate } from 'graphql';
import ky from 'ky';
import OpenAI from 'openai';
import {
  Agent as UndiciAgent,
  Client as UndiciClient,
  interceptors,
  request as undiciRequest,
} from 'undici';
import { afterAll, beforeAll, describe } from 'vitest';
import { z } from 'zod';
import type { Careful } from './helpers/fresh-cases.js';
import { explained, freshCases, no, rejected, wait } from './helpers/fresh-cases.js';
import { createServer as createRawServer } from 'node:net';
import type { AddressInfo, Server as RawServer } from 'node:net';
import { hangUp, late, stalledBody } from './helpers/fresh-http.js';
import { closedPort, sse, startReplyServer, streamed } from './helpers/reply-server.js';
import type { Reply, ReplyServer } from './helpers/reply-server.js';

setTracingDisabled(true);

let server: ReplyServer;
// A TCP server that answers raw bytes, for answers node:http refuses to send (not HTTP at all,
// a header over a client's limit).
let raw: RawServer;
const rawAnswers: Record<string, string> = {
  '/garbage': 'NOT HTTP AT ALL\r\n\r\n',
  '/big': `HTTP/1.1 200 OK\r\ncontent-length: 5000\r\n\r\n${'x'.repeat(5000)}`,
  '/huge-header': `HTTP/1.1 200 OK\r\nx-big: ${'y'.repeat(20_000)}\r\ncontent-length: 0\r\n\r\n`,
};
const rawUrl = (path: string): string =>
  `http://127.0.0.1:${(raw.address() as AddressInfo).port}${path}`;
beforeAll(async () => {
  server = await startReplyServer();
  raw = createRawServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (request) => {
      const path = String(request).split(' ')[1] ?? '/';
      socket.end(rawAnswers[path] ?? 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => raw.close(() => resolve()));
});

let paths = 0;
/** A fresh path answering `reply`, its full URL. */
const answer = (reply: Reply): string => server.on(`/f3-${(paths += 1)}`, reply);
/** A fresh base URL whose `sub` path answers `reply` (an SDK appends its own path). */
const base = (sub: string, reply: Reply): string => {
  const prefix = `/f3-${(paths += 1)}`;
  server.on(`${prefix}${sub}`, reply);
  return server.url + prefix;
};

/** A redirect to itself, for ever. */
const loop = (): string => {
  const url = answer((_req, res) => {
    res.writeHead(302, { location: url });
    res.end();
  });
  return url;
};

const viaGot = (reply: Reply) => () => rejected(got(answer(reply), { retry: { limit: 0 } }));
const viaKy = (reply: Reply) => () => rejected(ky(answer(reply), { retry: 0 }));
const viaAxios = (reply: Reply) => () => rejected(axios.get(answer(reply)));

// ---------------------------------------------------------------------------------------------
// HTTP client libraries: got's RequestError kinds, ky, axios, undici's classes, fetch's causes.
// ---------------------------------------------------------------------------------------------

describe('fresh HTTP client library errors (round 3)', () => {
  const gotTimeout = (timeout: Record<string, number>, reply: Reply) => () =>
    rejected(got(answer(reply), { retry: { limit: 0 }, timeout }));
  freshCases('http-clients', [
    {
      label: "got TimeoutError ETIMEDOUT in phase 'request'",
      build: gotTimeout({ request: 50 }, late(2000)),
      careful: wait('timeout'),
    },
    {
      label: "got TimeoutError ETIMEDOUT in phase 'response' (first byte late)",
      build: gotTimeout({ response: 50 }, late(2000)),
      careful: wait('timeout'),
    },
    {
      label: "got TimeoutError ETIMEDOUT in phase 'socket' (idle socket)",
      build: gotTimeout({ socket: 50 }, late(2000)),
      careful: wait('timeout'),
    },
    {
      label: 'got HTTPError ERR_NON_2XX_3XX_RESPONSE 500',
      build: viaGot({ status: 500, body: 'Internal Server Error' }),
      careful: wait('internal'),
    },
    {
      label: 'got HTTPError 408 Request Timeout',
      build: viaGot({ status: 408 }),
      careful: wait('timeout'),
    },
    {
      label: 'got MaxRedirectsError (a redirect loop)',
      build: () => rejected(got(loop(), { retry: { limit: 0 }, maxRedirects: 3 })),
      careful: no('protocol'),
    },
    {
      label: 'got ParseError (an HTML page where JSON was asked for)',
      build: () =>
        rejected(
          got(answer({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>' }), {
            retry: { limit: 0 },
            responseType: 'json',
          }),
        ),
      careful: no('protocol'),
    },
    {
      label: 'got CancelError (promise.cancel())',
      build: () => {
        const pending = got(answer(late(2000)), { retry: { limit: 0 } });
        setTimeout(() => pending.cancel(), 20);
        return rejected(pending);
      },
      careful: no('cancelled'),
    },
    {
      label: 'got ReadError (the body cut off mid-way)',
      build: () => rejected(got(answer(stalledBody(30)), { retry: { limit: 0 } })),
      careful: wait('unavailable'),
    },
    {
      label: "got UploadError (the request body's stream failed)",
      build: () => {
        const body = new Readable({
          read() {
            this.destroy(new Error('disk read failed'));
          },
        });
        return rejected(got.post(answer({ status: 200 }), { retry: { limit: 0 }, body }));
      },
      careful: no('validation'),
    },
    {
      label: 'ky TimeoutError (timeout: 50)',
      build: () => rejected(ky(answer(late(2000)), { retry: 0, timeout: 50 })),
      careful: wait('timeout'),
    },
    {
      label: 'ky HTTPError 502 Bad Gateway',
      build: viaKy({ status: 502, body: 'bad gateway' }),
      careful: wait('unavailable'),
    },
    {
      label: 'ky HTTPError 422 with a problem+json body',
      build: viaKy({
        status: 422,
        headers: { 'content-type': 'application/problem+json' },
        body: JSON.stringify({ type: 'about:blank', title: 'Unprocessable', status: 422 }),
      }),
      careful: no('validation'),
    },
    {
      label: 'axios ERR_BAD_RESPONSE 500',
      build: viaAxios({ status: 500, body: { error: 'boom' } }),
      careful: wait('internal'),
    },
    {
      label: 'axios ERR_FR_TOO_MANY_REDIRECTS',
      build: () => rejected(axios.get(loop(), { maxRedirects: 2 })),
      careful: no('protocol'),
    },
    {
      label: 'axios ECONNREFUSED (nothing listening)',
      build: async () => rejected(axios.get(`http://127.0.0.1:${await closedPort()}/`)),
      careful: wait('unavailable'),
    },
    {
      label: 'undici HeadersTimeoutError',
      build: () => rejected(undiciRequest(answer(late(2000)), { headersTimeout: 50 })),
      careful: wait('timeout'),
    },
    {
      label: 'undici BodyTimeoutError',
      build: () =>
        rejected(async () => {
          const { body } = await undiciRequest(answer(stalledBody(2000)), { bodyTimeout: 50 });
          await body.text();
        }),
      careful: wait('timeout'),
    },
    {
      label: 'undici SocketError (other side closed)',
      build: () => rejected(undiciRequest(answer(hangUp))),
      careful: wait('unavailable'),
    },
    {
      label: 'undici ResponseError from the responseError interceptor (503)',
      build: () => {
        const dispatcher = new UndiciAgent().compose(interceptors.responseError());
        return rejected(
          undiciRequest(answer({ status: 503, headers: { 'retry-after': '3' } }), { dispatcher }),
        );
      },
      careful: wait('unavailable', 3000),
    },
    {
      label: 'undici RequestAbortedError (aborted by its signal)',
      build: () => {
        const controller = new AbortController();
        const pending = rejected(undiciRequest(answer(late(2000)), { signal: controller.signal }));
        setTimeout(() => controller.abort(), 20);
        return pending;
      },
      careful: no('cancelled'),
    },
    // undici's own error table (lib/core/errors.js), each raised by undici itself.
    {
      label: 'undici HTTPParserError (the server sent no HTTP)',
      build: () => rejected(undiciRequest(rawUrl('/garbage'))),
      careful: no('protocol'),
    },
    {
      label: 'undici ResponseExceededMaxSizeError (maxResponseSize)',
      build: () =>
        rejected(async () => {
          const dispatcher = new UndiciAgent({ maxResponseSize: 100 });
          const { body } = await undiciRequest(rawUrl('/big'), { dispatcher });
          await body.text();
        }),
      careful: no('protocol'),
    },
    {
      label: 'undici HeadersOverflowError (maxHeaderSize)',
      build: () =>
        rejected(
          undiciRequest(rawUrl('/huge-header'), {
            dispatcher: new UndiciAgent({ maxHeaderSize: 1000 }),
          }),
        ),
      careful: no('protocol'),
    },
    {
      label: 'undici RequestContentLengthMismatchError',
      build: () =>
        rejected(
          undiciRequest(rawUrl('/ok'), {
            method: 'POST',
            headers: { 'content-length': '10' },
            body: 'abc',
          }),
        ),
      careful: no('validation'),
    },
    {
      label: 'undici InvalidArgumentError (a bad option)',
      build: () => rejected(undiciRequest(rawUrl('/ok'), { maxRedirections: -1 } as never)),
      careful: no('validation'),
    },
    {
      label: 'undici ClientDestroyedError (a request on a destroyed client)',
      build: async () => {
        const client = new UndiciClient(rawUrl(''));
        await client.destroy();
        return rejected(client.request({ path: '/ok', method: 'GET' }));
      },
      careful: no('internal'),
    },
    {
      label: 'undici RequestRetryError (retry interceptor out of retries on a 503)',
      build: () =>
        rejected(
          undiciRequest(answer({ status: 503, headers: { 'retry-after': '2' } }), {
            dispatcher: new UndiciAgent().compose(
              interceptors.retry({ maxRetries: 0, minTimeout: 1, maxTimeout: 1 }),
            ),
          }),
        ),
      careful: wait('unavailable', 2000),
    },
    {
      label: 'fetch failed, cause "bad port"',
      build: () => rejected(fetch('http://127.0.0.1:22/')),
      careful: no('validation'),
    },
    {
      label: 'fetch failed, cause SocketError (other side closed)',
      build: () => rejected(fetch(answer(hangUp))),
      careful: wait('unavailable'),
    },
    {
      label: 'fetch failed, cause HeadersTimeoutError',
      build: () =>
        rejected(
          fetch(answer(late(2000)), {
            dispatcher: new UndiciAgent({ headersTimeout: 50 }),
          } as RequestInit),
        ),
      careful: wait('timeout'),
    },
    {
      label: 'fetch failed, cause "redirect count exceeded"',
      build: () => rejected(fetch(loop())),
      careful: no('protocol'),
    },
    {
      label: 'fetch failed, cause "unexpected redirect" (redirect: \'error\')',
      build: () =>
        rejected(
          fetch(answer({ status: 301, headers: { location: '/elsewhere' } }), {
            redirect: 'error',
          }),
        ),
      careful: no('protocol'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Octokit against GitHub's documented REST answers.
// ---------------------------------------------------------------------------------------------

function octokitError(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): () => Promise<unknown> {
  return () => {
    const baseUrl = base('/repos/o/r', { status, headers, body });
    return rejected(
      octokitRequest('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r', baseUrl }),
    );
  };
}
const resetIn = (seconds: number): string => String(Math.floor(Date.now() / 1000) + seconds);

describe('fresh GitHub REST errors through @octokit/request', () => {
  freshCases('octokit', [
    {
      label: 'secondary rate limit 403 with retry-after: 30',
      build: octokitError(
        403,
        {
          message: 'You have exceeded a secondary rate limit and have been temporarily blocked.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        },
        { 'retry-after': '30' },
      ),
      careful: wait('rate_limit', 30_000),
    },
    {
      label: 'primary rate limit 403 with x-ratelimit-remaining: 0 and a reset',
      build: octokitError(
        403,
        { message: 'API rate limit exceeded for user ID 1.' },
        {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': '5000',
          'x-ratelimit-reset': resetIn(600),
          'x-ratelimit-resource': 'core',
        },
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'primary rate limit 429 with x-ratelimit-remaining: 0',
      build: octokitError(
        429,
        { message: 'API rate limit exceeded for installation ID 1.' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(120) },
      ),
      careful: wait('rate_limit'),
    },
    {
      label: '403 that is a permission, with quota left (x-ratelimit-remaining: 4999)',
      build: octokitError(
        403,
        { message: 'Resource not accessible by integration' },
        { 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': resetIn(3000) },
      ),
      careful: no('permission'),
    },
    {
      label: '404 for a private repository',
      build: octokitError(404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
        status: '404',
      }),
      careful: no('not_found'),
    },
    {
      label: '410 repository access blocked',
      build: octokitError(410, { message: 'Repository access blocked' }),
      careful: no('not_found'),
    },
    {
      // GitHub's table: `missing` is "a resource does not exist" (not a missing field).
      label: '422 errors[].code missing',
      build: octokitError(422, {
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', code: 'missing' }],
      }),
      careful: no('not_found'),
    },
    {
      label: '422 errors[].code invalid',
      build: octokitError(422, {
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', field: 'assignees', code: 'invalid' }],
      }),
      careful: no('validation'),
    },
    {
      label: '422 errors[].code custom',
      build: octokitError(422, {
        message: 'Validation Failed',
        errors: [
          { resource: 'PullRequest', code: 'custom', message: 'No commits between a and b' },
        ],
      }),
      careful: no('validation'),
    },
    {
      label: '451 unavailable for legal reasons (DMCA takedown)',
      build: octokitError(451, {
        message: 'Repository access blocked',
        block: { reason: 'dmca', created_at: '2026-01-01T00:00:00Z' },
      }),
      careful: no('permission'),
    },
    {
      label: '502 Server Error',
      build: octokitError(502, { message: 'Server Error' }),
      careful: wait('unavailable'),
    },
    {
      label: '503 service unavailable',
      build: octokitError(503, {
        message: 'Service Unavailable',
        documentation_url: 'https://docs.github.com/rest',
      }),
      careful: wait('unavailable'),
    },
    {
      label: '409 Git Repository is empty',
      build: octokitError(409, { message: 'Git Repository is empty.' }),
      careful: no('conflict'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Slack: the Web API's documented errors (global list and chat.* methods).
// ---------------------------------------------------------------------------------------------

function slackError(reply: Reply, options: Record<string, unknown> = {}) {
  return () => {
    const url = base('/chat.postMessage', reply);
    const client = new WebClient('xoxb-test', {
      slackApiUrl: `${url}/`,
      retryConfig: { retries: 0 },
      ...options,
    });
    return rejected(client.chat.postMessage({ channel: 'C1', text: 'hi' }));
  };
}

describe('fresh Slack Web API errors through @slack/web-api', () => {
  const platform = (error: string, careful: Careful, extra: Record<string, unknown> = {}) => ({
    label: `platform error ${error}`,
    build: slackError({ status: 200, body: { ok: false, error, ...extra } }),
    careful,
  });
  freshCases('slack', [
    platform('token_expired', no('auth')),
    platform('enterprise_is_restricted', no('permission')),
    platform('no_permission', no('permission')),
    platform('not_allowed_token_type', no('permission')),
    platform('invalid_post_type', no('validation')),
    platform('restricted_action_read_only_channel', no('permission')),
    platform('restricted_action_thread_locked', no('permission')),
    platform('messages_tab_disabled', no('permission')),
    platform('metadata_too_large', no('validation')),
    platform('as_user_not_supported', no('validation')),
    platform('duplicate_channel_not_found', no('not_found')),
    platform('slack_connect_file_link_sharing_blocked', no('permission')),
    platform('missing_scope', no('permission'), { needed: 'chat:write', provided: 'users:read' }),
    {
      label: 'ratelimited with Retry-After: 12 (rejectRateLimitedCalls)',
      build: slackError(
        {
          status: 429,
          headers: { 'retry-after': '12' },
          body: { ok: false, error: 'ratelimited' },
        },
        { rejectRateLimitedCalls: true },
      ),
      careful: wait('rate_limit', 12_000),
    },
    {
      label: 'HTTP 503 from the edge (slack_webapi_http_error)',
      build: slackError({ status: 503, body: 'upstream connect error' }),
      careful: wait('unavailable'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Providers: each one's documented error table, through its SDK against 127.0.0.1.
// ---------------------------------------------------------------------------------------------

const viaOpenAiSdk = (reply: Reply) => () => {
  const baseURL = base('/chat/completions', reply);
  const client = new OpenAI({ baseURL, apiKey: 'sk-test', maxRetries: 0 });
  return rejected(
    client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  );
};
const viaAnthropicSdk = (reply: Reply) => () => {
  const baseURL = base('/v1/messages', reply);
  const client = new Anthropic({ baseURL, apiKey: 'k', maxRetries: 0 });
  return rejected(
    client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 8,
      messages: [{ role: 'user', content: 'hi' }],
    }),
  );
};
const viaGemini = (reply: Reply) => () => {
  const baseUrl = base('/v1beta/models/gemini-2.5-flash:generateContent', reply);
  const client = new GoogleGenAI({
    apiKey: 'k',
    httpOptions: { baseUrl, retryOptions: { attempts: 1 } },
  });
  return rejected(client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' }));
};
const openAiBody = (message: string, type: string | null, code: string | null) => ({
  error: { message, type, param: null, code },
});
const googleStatus = (code: number, status: string, message: string, details?: unknown[]) => ({
  error: { code, message, status, ...(details === undefined ? {} : { details }) },
});

describe('fresh provider errors through their SDKs (round 3)', () => {
  freshCases('providers', [
    {
      label: 'OpenAI 401 invalid_api_key',
      build: viaOpenAiSdk({
        status: 401,
        body: openAiBody(
          'Incorrect API key provided: sk-***.',
          'invalid_request_error',
          'invalid_api_key',
        ),
      }),
      careful: no('auth'),
    },
    {
      label: 'OpenAI 404 model_not_found',
      build: viaOpenAiSdk({
        status: 404,
        body: openAiBody(
          'The model `gpt-9` does not exist or you do not have access to it.',
          'invalid_request_error',
          'model_not_found',
        ),
      }),
      careful: no('not_found'),
    },
    {
      label: 'OpenAI 503 "The engine is currently overloaded"',
      build: viaOpenAiSdk({
        status: 503,
        body: openAiBody(
          'The engine is currently overloaded, please try again later.',
          'server_error',
          null,
        ),
      }),
      careful: wait('unavailable'),
    },
    {
      label: 'OpenAI 403 unsupported_country_region_territory',
      build: viaOpenAiSdk({
        status: 403,
        body: openAiBody(
          'Country, region, or territory not supported',
          'request_forbidden',
          'unsupported_country_region_territory',
        ),
      }),
      careful: no('permission'),
    },
    {
      label: 'Anthropic 413 request_too_large',
      build: viaAnthropicSdk({
        status: 413,
        body: {
          type: 'error',
          error: {
            type: 'request_too_large',
            message: 'Request exceeds the maximum allowed number of bytes.',
          },
        },
      }),
      careful: no('validation'),
    },
    {
      label: 'Anthropic 402 billing_error',
      build: viaAnthropicSdk({
        status: 402,
        body: { type: 'error', error: { type: 'billing_error', message: 'Billing issue.' } },
      }),
      careful: no('quota'),
    },
    {
      label: 'Anthropic 504 timeout_error',
      build: viaAnthropicSdk({
        status: 504,
        body: { type: 'error', error: { type: 'timeout_error', message: 'Request timed out.' } },
      }),
      careful: wait('timeout'),
    },
    {
      label: 'Gemini 400 FAILED_PRECONDITION (free tier not available, enable billing)',
      build: viaGemini({
        status: 400,
        body: googleStatus(
          400,
          'FAILED_PRECONDITION',
          'User location is not supported for the API use without a billing account linked.',
        ),
      }),
      careful: no('quota'),
    },
    {
      label: 'Gemini 429 RESOURCE_EXHAUSTED per-minute QuotaFailure with RetryInfo 21s',
      build: viaGemini({
        status: 429,
        body: googleStatus(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota.', [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric:
                  'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
              },
            ],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '21s' },
        ]),
      }),
      careful: wait('rate_limit', 21_000),
    },
    {
      label: 'Gemini 504 DEADLINE_EXCEEDED',
      build: viaGemini({
        status: 504,
        body: googleStatus(
          504,
          'DEADLINE_EXCEEDED',
          'Deadline expired before operation could complete.',
        ),
      }),
      careful: wait('timeout'),
    },
    {
      label: 'Gemini 500 INTERNAL',
      build: viaGemini({
        status: 500,
        body: googleStatus(500, 'INTERNAL', 'An internal error has occurred.'),
      }),
      careful: wait('internal'),
    },
    {
      label: 'Groq 498 flex tier capacity_exceeded',
      build: viaOpenAiSdk({
        status: 498,
        body: openAiBody(
          'Flex tier capacity exceeded. Please try again later.',
          'capacity_exceeded',
          'capacity_exceeded',
        ),
      }),
      careful: wait('unavailable'),
    },
    {
      label: 'DeepSeek 422 Invalid Parameters',
      build: viaOpenAiSdk({
        status: 422,
        body: openAiBody(
          'Invalid max_tokens value, the valid range of max_tokens is [1, 8192]',
          'invalid_request_error',
          'invalid_request_error',
        ),
      }),
      careful: no('validation'),
    },
    {
      label: 'Perplexity 401 (HTML body from its edge)',
      build: viaOpenAiSdk({
        status: 401,
        headers: { 'content-type': 'text/html' },
        body: '<html><head><title>401 Authorization Required</title></head></html>',
      }),
      careful: no('auth'),
    },
    {
      label: 'Fireworks 404 model not found',
      build: viaOpenAiSdk({
        status: 404,
        body: {
          error: {
            object: 'error',
            type: 'invalid_request_error',
            code: 'NOT_FOUND',
            message: 'Model not found, inaccessible, and/or not deployed',
          },
        },
      }),
      careful: no('not_found'),
    },
    {
      label: 'Cloudflare 522 connection timed out (HTML)',
      build: viaOpenAiSdk({
        status: 522,
        headers: { 'content-type': 'text/html', server: 'cloudflare' },
        body: '<title>example.com | 522: Connection timed out</title>',
      }),
      careful: wait('timeout'),
    },
    {
      label: 'Cloudflare 526 invalid SSL certificate (an origin setup to fix)',
      build: viaOpenAiSdk({
        status: 526,
        headers: { 'content-type': 'text/html', server: 'cloudflare' },
        body: '<title>example.com | 526: Invalid SSL certificate</title>',
      }),
      careful: no('unavailable'),
    },
    {
      label: 'Bedrock 400 ValidationException (x-amzn-errortype)',
      build: viaGot({
        status: 400,
        headers: {
          'x-amzn-errortype':
            'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
        },
        body: { message: 'Malformed input request: #: extraneous key [foo] is not permitted' },
      }),
      careful: no('validation'),
    },
    {
      label: 'Bedrock 424 ModelStreamErrorException ("Retry your request")',
      build: viaGot({
        status: 424,
        headers: {
          'x-amzn-errortype':
            'ModelStreamErrorException:http://internal.amazon.com/coral/com.amazon.bedrock/',
        },
        body: { message: 'An error occurred while streaming the response.' },
      }),
      careful: wait('internal'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// GraphQL: graphql-js's own errors, Apollo Server 4's codes, GitHub's types, Shopify, Hasura.
// ---------------------------------------------------------------------------------------------

const schema = buildSchema(`
  type Query { user(id: ID!): User, fail: String }
  type User { id: ID!, name: String }
`);
/** What graphql@16 answers for `query`, served by 127.0.0.1 and fetched by got as a body. */
const graphqlJs = (query: string) => async () => {
  let result: unknown;
  try {
    const document = parse(query);
    const errors = validate(schema, document);
    result =
      errors.length > 0
        ? { errors: errors.map((e) => e.toJSON()) }
        : await execute({
            schema,
            document,
            rootValue: {
              fail: () => {
                throw new Error('resolver failed');
              },
            },
          });
  } catch (error) {
    result = { errors: [(error as { toJSON(): unknown }).toJSON()] };
  }
  const url = answer({ status: 200, body: result });
  return got.post(url, { json: { query } }).json<unknown>();
};
const graphqlBody =
  (errors: unknown[], status = 200, headers: Record<string, string> = {}) =>
  () =>
    got
      .post(answer({ status, headers, body: { data: null, errors } }), {
        json: { query: '{ x }' },
        throwHttpErrors: false,
      })
      .json<unknown>();
const apollo = (code: string, message: string, status = 200) =>
  graphqlBody([{ message, extensions: { code } }], status);

describe('fresh GraphQL errors (round 3)', () => {
  freshCases('graphql', [
    {
      label: 'graphql-js syntax error',
      build: graphqlJs('{ user(id: '),
      careful: no('validation'),
    },
    {
      label: 'graphql-js validation: unknown field',
      build: graphqlJs('{ nope }'),
      careful: no('validation'),
    },
    {
      label: 'graphql-js validation: missing required argument',
      build: graphqlJs('{ user { id } }'),
      careful: no('validation'),
    },
    {
      label: 'graphql-js execution: a resolver threw',
      build: graphqlJs('{ fail }'),
      careful: no('internal'),
    },
    {
      label: 'Apollo GRAPHQL_PARSE_FAILED (400)',
      build: apollo('GRAPHQL_PARSE_FAILED', 'Syntax Error: Expected Name, found <EOF>.', 400),
      careful: no('validation'),
    },
    {
      label: 'Apollo OPERATION_RESOLUTION_FAILURE',
      build: apollo('OPERATION_RESOLUTION_FAILURE', 'Unknown operation named "Nope".', 400),
      careful: no('validation'),
    },
    {
      label: 'Apollo BAD_REQUEST',
      build: apollo('BAD_REQUEST', 'GraphQL operations must contain a non-empty `query`', 400),
      careful: no('validation'),
    },
    {
      label: 'Apollo PERSISTED_QUERY_NOT_SUPPORTED',
      build: apollo('PERSISTED_QUERY_NOT_SUPPORTED', 'PersistedQueryNotSupported'),
      careful: no('protocol'),
    },
    {
      label: 'Apollo INTERNAL_SERVER_ERROR',
      build: apollo('INTERNAL_SERVER_ERROR', 'Unexpected error value: "boom"'),
      careful: wait('internal'),
    },
    {
      label: 'GitHub type RATE_LIMITED with x-ratelimit-reset',
      build: graphqlBody(
        [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1.' }],
        200,
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(300) },
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'GitHub type MAX_NODE_LIMIT_EXCEEDED',
      build: graphqlBody([
        {
          type: 'MAX_NODE_LIMIT_EXCEEDED',
          message:
            'This query requests up to 1,000,001 possible nodes which exceeds the maximum limit of 500,000.',
        },
      ]),
      careful: no('validation'),
    },
    {
      label: 'Shopify THROTTLED with its cost extension',
      build: graphqlBody([
        {
          message: 'Throttled',
          extensions: {
            code: 'THROTTLED',
            documentation: 'https://shopify.dev/api/usage/rate-limits',
          },
        },
      ]),
      careful: wait('rate_limit'),
    },
    {
      label: 'Shopify INTERNAL_SERVER_ERROR',
      build: graphqlBody([
        {
          message: 'Internal error. Looks like something went wrong on our end.',
          extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'abc' },
        },
      ]),
      careful: wait('internal'),
    },
    {
      label: 'Hasura access-denied',
      build: graphqlBody([
        { message: 'restricted action', extensions: { path: '$', code: 'access-denied' } },
      ]),
      careful: no('permission'),
    },
    {
      label: 'Hasura not-found',
      build: graphqlBody([
        { message: 'no such table/view exists', extensions: { path: '$', code: 'not-found' } },
      ]),
      careful: no('not_found'),
    },
    {
      label: 'Hasura unexpected (a Postgres error behind it)',
      build: graphqlBody([
        { message: 'database query error', extensions: { path: '$', code: 'unexpected' } },
      ]),
      careful: no('internal'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Stream events: the OpenAI Responses API's events, Chat Completions and Anthropic mid-stream,
// the AI SDK's error parts, @google/genai's stream errors.
// ---------------------------------------------------------------------------------------------

const responseObject = (status: string, extra: Record<string, unknown>) => ({
  id: 'resp_1',
  object: 'response',
  created_at: 1,
  status,
  model: 'gpt-5',
  output: [],
  error: null,
  incomplete_details: null,
  ...extra,
});

/** The last event the OpenAI SDK yields from a Responses stream (or what it throws). */
const responsesStream = (events: string) => async () => {
  const baseURL = base('/responses', streamed(events));
  const client = new OpenAI({ baseURL, apiKey: 'k', maxRetries: 0 });
  let last: unknown;
  try {
    const stream = await client.responses.create({ model: 'gpt-5', input: 'hi', stream: true });
    for await (const event of stream) last = event;
  } catch (error) {
    return error;
  }
  return last;
};
const failed = (code: string, message: string) =>
  responsesStream(
    sse('response.created', {
      type: 'response.created',
      sequence_number: 0,
      response: responseObject('in_progress', {}),
    }) +
      sse('response.failed', {
        type: 'response.failed',
        sequence_number: 1,
        response: responseObject('failed', { error: { code, message } }),
      }),
  );

/** What the Anthropic SDK throws when a Messages stream sends `event: error` of `type`. */
const anthropicStreamError = (type: string, message: string) => async () => {
  const baseURL = base(
    '/v1/messages',
    streamed(sse('error', { type: 'error', error: { type, message } })),
  );
  const client = new Anthropic({ apiKey: 'k', baseURL, maxRetries: 0 });
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

describe('fresh stream-event errors (round 3)', () => {
  freshCases('streams', [
    {
      label: 'Responses response.failed server_error',
      build: failed('server_error', 'The server had an error while processing your request.'),
      careful: wait('internal'),
    },
    {
      label: 'Responses response.failed invalid_image_url',
      build: failed('invalid_image_url', 'Error while downloading https://x/img.png.'),
      careful: no('validation'),
    },
    {
      label: 'Responses response.failed image_file_not_found',
      build: failed('image_file_not_found', 'The image file was not found.'),
      careful: no('not_found'),
    },
    {
      label: 'Responses response.incomplete max_output_tokens',
      build: responsesStream(
        sse('response.incomplete', {
          type: 'response.incomplete',
          sequence_number: 1,
          response: responseObject('incomplete', {
            incomplete_details: { reason: 'max_output_tokens' },
          }),
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Responses response.incomplete content_filter',
      build: responsesStream(
        sse('response.incomplete', {
          type: 'response.incomplete',
          sequence_number: 1,
          response: responseObject('incomplete', {
            incomplete_details: { reason: 'content_filter' },
          }),
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Responses error event insufficient_quota',
      build: responsesStream(
        sse('error', {
          type: 'error',
          sequence_number: 1,
          code: 'insufficient_quota',
          message: 'You exceeded your current quota, please check your plan and billing details.',
          param: null,
        }),
      ),
      careful: no('quota'),
    },
    {
      label: 'Chat Completions stream error chunk context_length_exceeded',
      build: async () => {
        const baseURL = base(
          '/chat/completions',
          streamed(
            sse(undefined, {
              error: {
                message: "This model's maximum context length is 128000 tokens.",
                type: 'invalid_request_error',
                code: 'context_length_exceeded',
              },
            }),
          ),
        );
        const client = new OpenAI({ baseURL, apiKey: 'k', maxRetries: 0 });
        return rejected(async () => {
          const stream = await client.chat.completions.create({
            model: 'm',
            messages: [{ role: 'user', content: 'hi' }],
            stream: true,
          });
          for await (const chunk of stream) void chunk;
        });
      },
      careful: no('validation'),
    },
    {
      label: 'Anthropic event: error api_error mid-stream',
      build: anthropicStreamError('api_error', 'Internal server error'),
      careful: wait('internal'),
    },
    {
      label: 'Anthropic event: error rate_limit_error mid-stream',
      build: anthropicStreamError(
        'rate_limit_error',
        'Number of request tokens has exceeded your per-minute rate limit',
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'AI SDK streamText error part (a 529 overloaded upstream)',
      build: async () => {
        const baseURL = base('/chat/completions', {
          status: 529,
          body: openAiBody('Overloaded', 'overloaded_error', null),
        });
        const provider = createOpenAI({ baseURL, apiKey: 'k' });
        const result = streamText({ model: provider.chat('m'), prompt: 'hi', maxRetries: 0 });
        for await (const part of result.fullStream) if (part.type === 'error') return part;
        throw new Error('expected an error part');
      },
      careful: wait('unavailable'),
    },
    {
      label: '@google/genai stream error chunk RESOURCE_EXHAUSTED',
      build: async () => {
        const baseUrl = base(
          '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
          streamed(
            sse(
              undefined,
              googleStatus(
                429,
                'RESOURCE_EXHAUSTED',
                'Resource has been exhausted (e.g. check quota).',
              ),
            ),
          ),
        );
        const client = new GoogleGenAI({
          apiKey: 'k',
          httpOptions: { baseUrl, retryOptions: { attempts: 1 } },
        });
        return rejected(async () => {
          const stream = await client.models.generateContentStream({
            model: 'gemini-2.5-flash',
            contents: 'hi',
          });
          for await (const chunk of stream) void chunk;
        });
      },
      careful: wait('rate_limit'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Agent frameworks: @openai/agents' classes from its runner; LangChain's lc_error_code.
// ---------------------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output type
const thrownBy = (agent: Agent<unknown, any>) => () => rejected(run(agent, 'hi'));
const chatOpenAi = (reply: Reply) => () => {
  const baseURL = base('/chat/completions', reply);
  const model = new ChatOpenAI({
    model: 'gpt-4o',
    apiKey: 'k',
    maxRetries: 0,
    configuration: { baseURL },
  });
  return rejected(model.invoke('hi'));
};

describe('fresh agent framework errors (round 3)', () => {
  freshCases('frameworks', [
    {
      label: 'agents ModelBehaviorError: final output off its schema',
      build: thrownBy(
        new Agent({
          name: 'a',
          model: scripted(() => say('not json')),
          outputType: z.object({ answer: z.string() }),
        }),
      ),
      careful: wait('internal'),
    },
    {
      label: 'agents ToolTimeoutError (timeoutBehavior raise_exception)',
      build: thrownBy(
        new Agent({
          name: 'a',
          model: scripted((n) => (n === 1 ? call('slow') : say('done'))),
          tools: [
            tool({
              name: 'slow',
              description: 'Slow',
              parameters: z.object({}),
              timeoutMs: 20,
              timeoutBehavior: 'raise_exception',
              execute: () => new Promise((resolve) => setTimeout(() => resolve('late'), 500)),
            }),
          ],
        }),
      ),
      careful: wait('timeout'),
    },
    {
      label: 'agents GuardrailExecutionError wrapping a guardrail that hit a 503',
      build: thrownBy(
        new Agent({
          name: 'a',
          model: scripted(() => say('ok')),
          inputGuardrails: [
            {
              name: 'moderation',
              execute: async () => {
                await ky(answer({ status: 503 }), { retry: 0 });
                return { tripwireTriggered: false, outputInfo: null };
              },
            },
          ],
        }),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'agents ToolCallError wrapping a got ETIMEDOUT',
      build: thrownBy(
        new Agent({
          name: 'a',
          model: scripted((n) => (n === 1 ? call('fetcher') : say('done'))),
          tools: [
            tool({
              name: 'fetcher',
              description: 'Fetch',
              parameters: z.object({}),
              errorFunction: null,
              execute: () =>
                got(answer(late(2000)), { retry: { limit: 0 }, timeout: { request: 30 } }).text(),
            }),
          ],
        }),
      ),
      careful: wait('timeout'),
    },
    {
      label: 'agents UserError (a run state that does not parse)',
      build: () =>
        rejected(
          RunState.fromString(
            new Agent({ name: 'a', model: scripted(() => say('ok')) }),
            'not json',
          ),
        ),
      careful: no('internal'),
    },
    {
      label: 'LangChain MODEL_RATE_LIMIT (429 with retry-after)',
      build: chatOpenAi({
        status: 429,
        headers: { 'retry-after': '6' },
        body: openAiBody('Rate limit reached for gpt-4o', 'requests', 'rate_limit_exceeded'),
      }),
      careful: wait('rate_limit', 6000),
    },
    {
      label: 'LangChain MODEL_RATE_LIMIT that is a spent quota',
      build: chatOpenAi({
        status: 429,
        body: openAiBody(
          'You exceeded your current quota, please check your plan and billing details.',
          'insufficient_quota',
          'insufficient_quota',
        ),
      }),
      careful: no('quota'),
    },
    {
      label: 'LangChain MODEL_AUTHENTICATION (401)',
      build: chatOpenAi({
        status: 401,
        body: openAiBody('Invalid authentication', 'invalid_request_error', 'invalid_api_key'),
      }),
      careful: no('auth'),
    },
    {
      label: 'LangChain MODEL_NOT_FOUND (404)',
      build: chatOpenAi({
        status: 404,
        body: openAiBody('The model does not exist', 'invalid_request_error', 'model_not_found'),
      }),
      careful: no('not_found'),
    },
    {
      label: 'LangChain INVALID_TOOL_RESULTS (400 about tool_calls)',
      build: chatOpenAi({
        status: 400,
        body: openAiBody(
          "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.",
          'invalid_request_error',
          null,
        ),
      }),
      careful: no('validation'),
    },
    {
      // The model answered off the format: asking again may do better, as with the Agents SDK's
      // ModelBehaviorError (LangChain's OUTPUT_PARSING_FAILURE page: retry or a fixing parser).
      label: 'LangChain OUTPUT_PARSING_FAILURE (StructuredOutputParser on prose)',
      build: () =>
        rejected(
          StructuredOutputParser.fromZodSchema(z.object({ answer: z.string() })).parse(
            'Sure! Here it is: {oops',
          ),
        ),
      careful: wait('internal'),
    },
    {
      label: 'LangChain MESSAGE_COERCION_FAILURE',
      build: () =>
        rejected(async () => {
          await Promise.resolve();
          coerceMessageLikeToMessage({ role: 'robot', content: 'x' } as never);
        }),
      careful: no('validation'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// The 2026 wire formats: MCP's draft errors through the SDK, IETF RateLimit forms, x-amz.
// ---------------------------------------------------------------------------------------------

describe('fresh 2026 wire formats (round 3)', () => {
  freshCases('formats-2026', [
    {
      label: 'MCP -32023 with no data (rate limited, no wait said)',
      build: mcpRejection(new McpError(-32023, 'Too many tool calls')),
      careful: wait('rate_limit'),
    },
    {
      label: 'MCP -32023 with data.retryAfterMs 1750',
      build: mcpRejection(new McpError(-32023, 'Rate limited', { retryAfterMs: 1750 })),
      careful: wait('rate_limit', 1750),
    },
    {
      label: 'MCP data.mcpError quota_exceeded on -32603',
      build: mcpRejection(
        new McpError(-32603, 'Monthly quota used', { mcpError: 'quota_exceeded' }),
      ),
      careful: no('quota'),
    },
    {
      label: 'MCP data.mcpError { type: "Unavailable", retryAfterMs: 4000 }',
      build: mcpRejection(
        new McpError(-32603, 'Upstream down', {
          mcpError: { type: 'Unavailable', retryAfterMs: 4000 },
        }),
      ),
      careful: wait('unavailable', 4000),
    },
    {
      label: 'MCP data.mcpError TOOL_NOT_FOUND',
      build: mcpRejection(new McpError(-32602, 'No tool named x', { mcpError: 'TOOL_NOT_FOUND' })),
      careful: no('not_found'),
    },
    {
      label: 'RateLimit draft-03 separate fields (RateLimit-Reset: 30) on a ky 429',
      build: viaKy({
        status: 429,
        headers: { 'ratelimit-limit': '100', 'ratelimit-remaining': '0', 'ratelimit-reset': '30' },
      }),
      careful: wait('rate_limit', 30_000),
    },
    {
      label: 'RateLimit draft-07 dictionary (limit=100, remaining=0, reset=12) on a got 429',
      build: viaGot({ status: 429, headers: { ratelimit: 'limit=100, remaining=0, reset=12' } }),
      careful: wait('rate_limit', 12_000),
    },
    {
      label: 'RateLimit current draft, two policies, the exhausted one decides (t=4)',
      build: viaGot({
        status: 429,
        headers: {
          ratelimit: '"burst";r=0;t=4, "daily";r=50;t=3600',
          'ratelimit-policy': '"burst";q=10;w=1, "daily";q=1000;w=86400',
        },
      }),
      careful: wait('rate_limit', 4000),
    },
    {
      label: 'RateLimit current draft with a partition key (pk) on an axios 429',
      build: viaAxios({
        status: 429,
        headers: {
          ratelimit: '"peruser";r=0;t=9;pk=:dXNlcjE=:',
          'ratelimit-policy': '"peruser";q=60;w=60;pk=:dXNlcjE=:',
        },
      }),
      careful: wait('rate_limit', 9000),
    },
    {
      label: 'x-amz-retry-after (ms) on a plain 503 (got)',
      build: viaGot({ status: 503, headers: { 'x-amz-retry-after': '1500' } }),
      careful: wait('unavailable', 1500),
    },
    {
      label: 'x-amz-retry-after on a fetch Response 429',
      build: () => fetch(answer({ status: 429, headers: { 'x-amz-retry-after': '800' } })),
      careful: wait('rate_limit', 800),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Pasted text: String(err) of SDK error classes, and real `curl -i` output, into explain.
// ---------------------------------------------------------------------------------------------

const run$ = promisify(execFile);
/** What `curl -s -i` prints for a 127.0.0.1 URL answering `reply` (real curl, its own text). */
const curl = (reply: Reply) => async () => {
  const { stdout } = await run$('curl', ['-s', '-i', answer(reply)]);
  return stdout;
};

describe('fresh pasted text into explain (round 3)', () => {
  freshCases(
    'pasted',
    [
      {
        label: 'String(got TimeoutError)',
        build: gotTimeoutBuild,
        careful: wait('timeout'),
      },
      {
        label: 'String(undici HeadersTimeoutError)',
        build: () => rejected(undiciRequest(answer(late(2000)), { headersTimeout: 50 })),
        careful: wait('timeout'),
      },
      {
        label: 'String(ky TimeoutError)',
        build: () => rejected(ky(answer(late(2000)), { retry: 0, timeout: 50 })),
        careful: wait('timeout'),
      },
      {
        label: 'String(axios ERR_FR_TOO_MANY_REDIRECTS)',
        build: () => rejected(axios.get(loop(), { maxRedirects: 2 })),
        careful: no('protocol'),
      },
      {
        label: 'String(OpenAI InternalServerError 503)',
        build: viaOpenAiSdk({
          status: 503,
          body: openAiBody('Service Unavailable', 'server_error', null),
        }),
        careful: wait('unavailable'),
      },
      {
        label: 'String(Anthropic 529 overloaded)',
        build: viaAnthropicSdk({
          status: 529,
          body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        }),
        careful: wait('unavailable'),
      },
      {
        label: 'String(@google/genai ApiError 403 PERMISSION_DENIED)',
        build: viaGemini({
          status: 403,
          body: googleStatus(
            403,
            'PERMISSION_DENIED',
            "Method doesn't allow unregistered callers.",
          ),
        }),
        careful: no('permission'),
      },
      {
        label: 'String(agents MaxTurnsExceededError)',
        build: () =>
          rejected(
            run(
              new Agent({
                name: 'a',
                model: scripted(() => call('echo')),
                tools: [
                  tool({
                    name: 'echo',
                    description: 'Echo',
                    parameters: z.object({}),
                    execute: () => 'x',
                  }),
                ],
              }),
              'hi',
              { maxTurns: 1 },
            ),
          ),
        careful: no('quota'),
      },
      {
        label: 'String(LangChain OutputParserException)',
        build: () =>
          rejected(
            StructuredOutputParser.fromZodSchema(z.object({ a: z.string() })).parse('no json'),
          ),
        careful: wait('internal'),
      },
      {
        label: 'curl -i OpenAI 429 insufficient_quota',
        build: curl({
          status: 429,
          body: openAiBody(
            'You exceeded your current quota, please check your plan and billing details.',
            'insufficient_quota',
            'insufficient_quota',
          ),
        }),
        careful: no('quota'),
      },
      {
        label: 'curl -i Anthropic 529 overloaded_error',
        build: curl({
          status: 529,
          headers: { 'request-id': 'req_1' },
          body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        }),
        careful: wait('unavailable'),
      },
      {
        label: 'curl -i Gemini 429 RESOURCE_EXHAUSTED with RetryInfo 17s',
        build: curl({
          status: 429,
          body: googleStatus(
            429,
            'RESOURCE_EXHAUSTED',
            'Quota exceeded for metric: generate_content_free_tier_requests, limit: 10',
            [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }],
          ),
        }),
        careful: wait('rate_limit', 17_000),
      },
      {
        label: 'curl -i GitHub 403 secondary rate limit with retry-after: 60',
        build: curl({
          status: 403,
          headers: { 'retry-after': '60' },
          body: {
            message: 'You have exceeded a secondary rate limit.',
            documentation_url: 'https://docs.github.com/rest',
          },
        }),
        careful: wait('rate_limit', 60_000),
      },
      {
        label: 'curl -i Azure OpenAI 429 with retry-after-ms',
        build: curl({
          status: 429,
          headers: { 'retry-after-ms': '2500', 'retry-after': '3' },
          body: {
            error: {
              code: '429',
              message:
                'Requests to the ChatCompletions_Create Operation have exceeded call rate limit.',
            },
          },
        }),
        careful: wait('rate_limit', 2500),
      },
    ],
    explained,
  );
});

function gotTimeoutBuild(): Promise<unknown> {
  return rejected(got(answer(late(2000)), { retry: { limit: 0 }, timeout: { request: 50 } }));
}

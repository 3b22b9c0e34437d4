// The fourth fresh case set for the HTTP-side families (issue 36), measured as a reviewer
// measures them: each case walks a row of a service's own published error reference that no
// other test here builds — the providers' error tables, the platforms' (Cloudflare, Stripe,
// GitHub, Slack), GraphQL servers' codes, the stream events, the agent frameworks' classes and
// the 2026 wire formats — built by the real client library or SDK against a 127.0.0.1 server
// answering as the service documents, or by the library's own code path. Each family's comment
// cites the reference its cases and expectations come from. FRESH_SCORE=1 prints the score.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { ChatOpenAI } from '@langchain/openai';
import { PromptTemplate } from '@langchain/core/prompts';
import { CustomListOutputParser } from '@langchain/core/output_parsers';
import { Agent, handoff, run, setTracingDisabled, tool } from '@openai/agents';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { mcpRejection } from './helpers/mcp-rejection.js';
import { request as octokitRequest } from '@octokit/request';
import { WebClient } from '@slack/web-api';
import { createOpenAI } from '@ai-sdk/openai';
import { parseJSON, validateTypes } from '@ai-sdk/provider-utils';
import {
  DownloadError,
  generateObject,
  generateText,
  jsonSchema,
  streamObject,
  streamText,
} from 'ai';
import { decode } from 'agent-errors';
import got from 'got';
import { GraphQLError, buildSchema, graphql } from 'graphql';
import ky from 'ky';
import OpenAI, { AzureOpenAI } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, say, scripted } from './helpers/agents-model.js';
import type { Careful } from './helpers/fresh-cases.js';
import { freshCases, no, rejected, wait } from './helpers/fresh-cases.js';
import { openaiChat, providerStreams } from './helpers/fresh-http.js';
import { sse, startReplyServer, streamed } from './helpers/reply-server.js';
import type { Reply, ReplyServer } from './helpers/reply-server.js';

setTracingDisabled(true);

let server: ReplyServer;
beforeAll(async () => {
  server = await startReplyServer();
});
afterAll(async () => {
  await server.close();
});

let paths = 0;
/** A fresh path answering `reply`, its full URL. */
const answer = (reply: Reply): string => server.on(`/f4-${(paths += 1)}`, reply);
/** A fresh base URL whose `sub` path answers `reply` (an SDK appends its own path). */
const base = (sub: string, reply: Reply): string => {
  const prefix = `/f4-${(paths += 1)}`;
  server.on(`${prefix}${sub}`, reply);
  return server.url + prefix;
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  body,
});
const html = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/html', ...headers },
  body,
});

/** An OpenAI-style `{ error: { message, type, param, code } }` body. */
const oaiError = (message: string, type: string | null, code: string | number | null = null) => ({
  error: { message, type, param: null, code },
});
/** The OpenAI SDK's error for a chat completion the server answers with `reply`. */
const openai = openaiChat(base);
/** The Anthropic SDK's error for a message the server answers with `status` and error `type`. */
const anthropic =
  (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
  () => {
    const reply = json(status, { type: 'error', error: { type, message } }, headers);
    const client = new Anthropic({
      baseURL: base('/v1/messages', reply),
      apiKey: 'k',
      maxRetries: 0,
    });
    return rejected(
      client.messages.create({
        model: 'claude-opus-4-5',
        max_tokens: 8,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
  };
/** A `google.rpc.Status` error body. */
const rpcStatus = (code: number, status: string, message: string, details: unknown[] = []) => ({
  error: { code, message, status, ...(details.length > 0 ? { details } : {}) },
});
const errorInfo = (reason: string, metadata: Record<string, string> = {}) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service: 'generativelanguage.googleapis.com', ...metadata },
});
const retryInfo = (retryDelay: string) => ({
  '@type': 'type.googleapis.com/google.rpc.RetryInfo',
  retryDelay,
});
const quotaFailure = (quotaId: string) => ({
  '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
  violations: [
    { quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests', quotaId },
  ],
});
/** @google/genai's ApiError for a generateContent the server answers with a `google.rpc.Status`. */
const gemini =
  (code: number, status: string, message: string, details: unknown[] = []) =>
  () => {
    const reply = json(code, rpcStatus(code, status, message, details));
    const baseUrl = base('/v1beta/models/gemini-2.5-pro:generateContent', reply);
    const client = new GoogleGenAI({
      apiKey: 'k',
      httpOptions: { baseUrl, retryOptions: { attempts: 1 } },
    });
    return rejected(client.models.generateContent({ model: 'gemini-2.5-pro', contents: 'hi' }));
  };
/** got's HTTPError for a plain HTTP answer (an API with no SDK among the devDependencies). */
const viaGot = (reply: Reply) => () => rejected(got(answer(reply), { retry: { limit: 0 } }));
const viaKy = (reply: Reply) => () => rejected(ky(answer(reply), { retry: 0 }));

// ---------------------------------------------------------------------------------------------
// OpenAI: platform.openai.com/docs/guides/error-codes (the API error table) and the SDK's error
// classes by status (openai-node README, "Handling errors"), Files and Responses endpoints.
// ---------------------------------------------------------------------------------------------

describe('fresh OpenAI API errors (round 4)', () => {
  const responses = (reply: Reply) => () => {
    const client = new OpenAI({ baseURL: base('/responses', reply), apiKey: 'k', maxRetries: 0 });
    return rejected(client.responses.create({ model: 'gpt-5', input: 'hi' }));
  };
  freshCases('openai', [
    {
      label: '401 "You must be a member of an organization to use the API"',
      build: openai(
        json(
          401,
          oaiError(
            'You must be a member of an organization to use the API.',
            'invalid_request_error',
            'no_organization',
          ),
        ),
      ),
      careful: no('auth'),
    },
    {
      // The table's 503 "Slow Down": reduce the request rate, then raise it gradually.
      label: '503 "Slow Down" (reduce your request rate)',
      build: openai(
        json(
          503,
          oaiError(
            'Slow Down: a sudden increase in your request rate is impacting service reliability. Please reduce your request rate.',
            null,
          ),
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: '429 rate_limit_exceeded with retry-after-ms: 820',
      build: openai(
        json(
          429,
          oaiError(
            'Rate limit reached for gpt-4.1 in organization org-x on requests per min (RPM): Limit 500, Used 500, Requested 1.',
            'requests',
            'rate_limit_exceeded',
          ),
          { 'retry-after-ms': '820', 'x-ratelimit-remaining-requests': '0' },
        ),
      ),
      careful: wait('rate_limit', 820),
    },
    {
      label: '429 tokens per min, request under the limit ("Please try again in 1.5s")',
      build: openai(
        json(
          429,
          oaiError(
            'Rate limit reached for gpt-4.1 in organization org-x on tokens per min (TPM): Limit 30000, Used 29000, Requested 1500. Please try again in 1.5s.',
            'tokens',
            'rate_limit_exceeded',
          ),
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: '400 unsupported_parameter',
      build: openai(
        json(
          400,
          oaiError(
            "Unsupported parameter: 'temperature' is not supported with this model.",
            'invalid_request_error',
            'unsupported_parameter',
          ),
        ),
      ),
      careful: no('validation'),
    },
    {
      label: '400 invalid_value',
      build: openai(
        json(
          400,
          oaiError(
            "Invalid value: 'robot'. Supported values are: 'system', 'user', 'assistant'.",
            'invalid_request_error',
            'invalid_value',
          ),
        ),
      ),
      careful: no('validation'),
    },
    {
      label: '400 string_above_max_length',
      build: openai(
        json(
          400,
          oaiError(
            "Invalid 'messages[0].content': string too long.",
            'invalid_request_error',
            'string_above_max_length',
          ),
        ),
      ),
      careful: no('validation'),
    },
    {
      label: 'Files 404 "No such File object"',
      build: () => {
        const reply = json(404, oaiError('No such File object: file-abc', 'invalid_request_error'));
        const client = new OpenAI({
          baseURL: base('/files/file-abc', reply),
          apiKey: 'k',
          maxRetries: 0,
        });
        return rejected(client.files.retrieve('file-abc'));
      },
      careful: no('not_found'),
    },
    {
      label: 'Files 413 upload too large',
      build: () => {
        const reply = json(413, oaiError('File is too large.', 'invalid_request_error'));
        const client = new OpenAI({ baseURL: base('/files', reply), apiKey: 'k', maxRetries: 0 });
        return rejected(
          client.files.create({
            file: new File(['{}'], 'batch.jsonl'),
            purpose: 'batch',
          }),
        );
      },
      careful: no('validation'),
    },
    {
      label: 'Responses 400 previous_response_not_found',
      build: responses(
        json(
          400,
          oaiError(
            "Previous response with id 'resp_x' not found.",
            'invalid_request_error',
            'previous_response_not_found',
          ),
        ),
      ),
      careful: no('not_found'),
    },
    {
      label: 'Responses 500 server_error',
      build: responses(
        json(
          500,
          oaiError(
            'The server had an error while processing your request. Sorry about that!',
            'server_error',
          ),
        ),
      ),
      careful: wait('internal'),
    },
    {
      label: 'Responses 403 "Project does not have access to model"',
      build: responses(
        json(
          403,
          oaiError(
            'Project `proj_x` does not have access to model `o3-pro`',
            'invalid_request_error',
            null,
          ),
        ),
      ),
      careful: no('permission'),
    },
    {
      label: 'Batch create 400 on a file of the wrong purpose',
      build: () => {
        const reply = json(
          400,
          oaiError("Batch input file must have purpose 'batch'.", 'invalid_request_error'),
        );
        const client = new OpenAI({ baseURL: base('/batches', reply), apiKey: 'k', maxRetries: 0 });
        return rejected(
          client.batches.create({
            input_file_id: 'file-abc',
            endpoint: '/v1/chat/completions',
            completion_window: '24h',
          }),
        );
      },
      careful: no('validation'),
    },
    {
      label: 'Assistants 404 "No assistant found"',
      build: () => {
        const reply = json(
          404,
          oaiError("No assistant found with id 'asst_x'.", 'invalid_request_error'),
        );
        const client = new OpenAI({
          baseURL: base('/assistants/asst_x', reply),
          apiKey: 'k',
          maxRetries: 0,
        });
        return rejected(client.beta.assistants.retrieve('asst_x'));
      },
      careful: no('not_found'),
    },
    {
      label: 'APIConnectionTimeoutError (the SDK gave up waiting)',
      build: () => {
        const slow: Reply = (_req, res) => {
          const timer = setTimeout(() => res.end('{}'), 2000);
          res.on('close', () => clearTimeout(timer));
        };
        const client = new OpenAI({
          baseURL: base('/chat/completions', slow),
          apiKey: 'k',
          maxRetries: 0,
          timeout: 40,
        });
        return rejected(
          client.chat.completions.create({
            model: 'm',
            messages: [{ role: 'user', content: 'x' }],
          }),
        );
      },
      careful: wait('timeout'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Anthropic: docs.claude.com/en/api/errors ("HTTP errors": 400 invalid_request_error, 401
// authentication_error, 402 billing_error, 403 permission_error, 404 not_found_error, 413
// request_too_large, 429 rate_limit_error, 500 api_error, 504 timeout_error, 529
// overloaded_error), and its rate-limits page (retry-after on a 429).
// ---------------------------------------------------------------------------------------------

describe('fresh Anthropic API errors (round 4)', () => {
  freshCases('anthropic', [
    {
      label: '401 authentication_error "invalid x-api-key"',
      build: anthropic(401, 'authentication_error', 'invalid x-api-key'),
      careful: no('auth'),
    },
    {
      label: '403 permission_error',
      build: anthropic(
        403,
        'permission_error',
        'Your API key does not have permission to use the specified resource.',
      ),
      careful: no('permission'),
    },
    {
      label: '404 not_found_error (an unknown model)',
      build: anthropic(404, 'not_found_error', 'model: claude-9'),
      careful: no('not_found'),
    },
    {
      label: '429 rate_limit_error with retry-after: 23',
      build: anthropic(
        429,
        'rate_limit_error',
        'This request would exceed the rate limit for your organization of 50 requests per minute.',
        { 'retry-after': '23', 'anthropic-ratelimit-requests-remaining': '0' },
      ),
      careful: wait('rate_limit', 23_000),
    },
    {
      label: '500 api_error',
      build: anthropic(
        500,
        'api_error',
        'An unexpected error has occurred internal to our systems.',
      ),
      careful: wait('internal'),
    },
    {
      label: '529 overloaded_error',
      build: anthropic(529, 'overloaded_error', 'Anthropic API is temporarily overloaded.'),
      careful: wait('unavailable'),
    },
    {
      label: '400 invalid_request_error (roles must alternate)',
      build: anthropic(
        400,
        'invalid_request_error',
        'messages: roles must alternate between "user" and "assistant"',
      ),
      careful: no('validation'),
    },
    {
      label: '402 billing_error (payment method declined)',
      build: anthropic(
        402,
        'billing_error',
        'Your payment method was declined. Update your billing details.',
      ),
      careful: no('quota'),
    },
    {
      label: '413 request_too_large (over 32 MB)',
      build: anthropic(413, 'request_too_large', 'Request exceeds the maximum size of 32 MB.'),
      careful: no('validation'),
    },
    {
      label: '504 timeout_error',
      build: anthropic(504, 'timeout_error', 'Stream timed out.'),
      careful: wait('timeout'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Gemini / Vertex: ai.google.dev/gemini-api/docs/troubleshooting (status table),
// google/api/error_reason.proto (every ErrorInfo.reason the Generative Language API sends),
// google/rpc/error_details.proto (QuotaFailure, RetryInfo), cloud.google.com/vertex-ai
// "Error code 429".
// ---------------------------------------------------------------------------------------------

describe('fresh Gemini and Vertex errors (round 4)', () => {
  const denied = (reason: string, message: string) =>
    gemini(403, 'PERMISSION_DENIED', message, [errorInfo(reason)]);
  freshCases('gemini', [
    {
      label: '403 ErrorInfo SERVICE_DISABLED',
      build: denied(
        'SERVICE_DISABLED',
        'Generative Language API has not been used in project 1 before or it is disabled.',
      ),
      careful: no('permission'),
    },
    {
      label: '403 ErrorInfo API_KEY_SERVICE_BLOCKED',
      build: denied(
        'API_KEY_SERVICE_BLOCKED',
        'Requests to this API generativelanguage method are blocked.',
      ),
      careful: no('permission'),
    },
    {
      label: '403 ErrorInfo API_KEY_HTTP_REFERRER_BLOCKED',
      build: denied('API_KEY_HTTP_REFERRER_BLOCKED', 'Requests from referer <empty> are blocked.'),
      careful: no('permission'),
    },
    {
      label: '403 ErrorInfo API_KEY_IP_ADDRESS_BLOCKED',
      build: denied('API_KEY_IP_ADDRESS_BLOCKED', 'The IP address 127.0.0.1 is blocked.'),
      careful: no('permission'),
    },
    {
      label: '403 ErrorInfo CONSUMER_SUSPENDED',
      build: denied(
        'CONSUMER_SUSPENDED',
        'Permission denied: Consumer project:1 has been suspended.',
      ),
      careful: no('permission'),
    },
    {
      label: '403 ErrorInfo BILLING_DISABLED',
      build: denied('BILLING_DISABLED', 'This API method requires billing to be enabled.'),
      careful: no('quota'),
    },
    {
      label: '403 ErrorInfo ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      build: denied(
        'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
        'Request had insufficient authentication scopes.',
      ),
      careful: no('permission'),
    },
    {
      label: '401 ErrorInfo ACCESS_TOKEN_EXPIRED',
      build: gemini(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', [
        errorInfo('ACCESS_TOKEN_EXPIRED'),
      ]),
      careful: no('auth'),
    },
    {
      label: '400 ErrorInfo API_KEY_INVALID ("API key expired")',
      build: gemini(400, 'INVALID_ARGUMENT', 'API key expired. Please renew the API key.', [
        errorInfo('API_KEY_INVALID'),
      ]),
      careful: no('auth'),
    },
    {
      label: '429 ErrorInfo RATE_LIMIT_EXCEEDED with RetryInfo 30s',
      build: gemini(
        429,
        'RESOURCE_EXHAUSTED',
        'Quota exceeded for quota metric requests per minute.',
        [errorInfo('RATE_LIMIT_EXCEEDED'), retryInfo('30s')],
      ),
      careful: wait('rate_limit', 30_000),
    },
    {
      label: '429 QuotaFailure per-minute tokens with RetryInfo 45.5s',
      build: gemini(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota.', [
        quotaFailure('GenerateContentInputTokensPerModelPerMinute-FreeTier'),
        retryInfo('45.500s'),
      ]),
      careful: wait('rate_limit', 45_500),
    },
    {
      label: '429 QuotaFailure per-day requests with RetryInfo (a day to wait)',
      build: gemini(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota.', [
        quotaFailure('GenerateRequestsPerDayPerProjectPerModel-FreeTier'),
        retryInfo('50s'),
      ]),
      careful: no('quota'),
    },
    {
      label: 'Vertex 429 RESOURCE_EXHAUSTED with no details (shared capacity)',
      build: gemini(429, 'RESOURCE_EXHAUSTED', 'Resource exhausted. Please try again later.'),
      careful: wait('rate_limit'),
    },
    {
      label: '503 UNAVAILABLE "The model is overloaded"',
      build: gemini(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
      careful: wait('unavailable'),
    },
    {
      label: '404 NOT_FOUND (a model not found for the API version)',
      build: gemini(404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta.'),
      careful: no('not_found'),
    },
    {
      label: '400 INVALID_ARGUMENT (a malformed request)',
      build: gemini(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unknown name "foo".'),
      careful: no('validation'),
    },
    {
      label: '499 CANCELLED',
      build: gemini(499, 'CANCELLED', 'The operation was cancelled.'),
      careful: no('cancelled'),
    },
    {
      label: '400 ErrorInfo LOCATION_POLICY_VIOLATED',
      build: gemini(400, 'FAILED_PRECONDITION', 'User location is not supported for the API use.', [
        errorInfo('LOCATION_POLICY_VIOLATED'),
      ]),
      careful: no('permission'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// OpenAI-compatible providers, through the OpenAI SDK as their docs show: Groq
// (console.groq.com/docs/errors), Mistral (docs.mistral.ai, "Errors"), Cohere
// (docs.cohere.com/reference/errors, plain HTTP), DeepSeek (api-docs.deepseek.com, "Error
// Codes"), xAI (docs.x.ai, "Debugging errors"), OpenRouter (openrouter.ai/docs, "Errors"),
// Together (docs.together.ai, "Error codes"), Fireworks, Perplexity.
// ---------------------------------------------------------------------------------------------

describe('fresh OpenAI-compatible provider errors (round 4)', () => {
  const openRouter = (code: number, message: string, metadata?: Record<string, unknown>) =>
    openai(json(code, { error: { code, message, ...(metadata ? { metadata } : {}) } }));
  freshCases('compatible', [
    {
      label: 'Groq 498 flex_tier_capacity_exceeded',
      build: openai(
        json(
          498,
          oaiError(
            'The flex tier is at capacity. Please try again later.',
            'invalid_request_error',
            'flex_tier_capacity_exceeded',
          ),
        ),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'Groq 422 Unprocessable Entity',
      build: openai(
        json(
          422,
          oaiError(
            "'messages.0' : discriminator property 'role' has invalid value",
            'invalid_request_error',
          ),
        ),
      ),
      careful: no('validation'),
    },
    {
      label: 'Groq 503 service unavailable (maintenance)',
      build: openai(json(503, oaiError('Service Unavailable', 'internal_server_error'))),
      careful: wait('unavailable'),
    },
    {
      label: 'Mistral 429 "Requests rate limit exceeded"',
      build: openai(json(429, { message: 'Requests rate limit exceeded', request_id: 'r1' })),
      careful: wait('rate_limit'),
    },
    {
      label: 'Mistral 429 service_tier_capacity_exceeded (code 3505)',
      // The OpenAI SDK keeps only a body's `error` member: Mistral's flat body is read over
      // plain HTTP, as its docs' curl examples send it.
      build: viaGot(
        json(429, {
          object: 'error',
          message: 'Service tier capacity exceeded for this model.',
          type: 'service_tier_capacity_exceeded',
          param: null,
          code: '3505',
        }),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'Mistral 401 "Unauthorized"',
      build: openai(json(401, { message: 'Unauthorized', request_id: 'r2' })),
      careful: no('auth'),
    },
    {
      label: 'Mistral 422 FastAPI detail list',
      build: openai(
        json(422, {
          object: 'error',
          message: { detail: [{ type: 'missing', loc: ['body', 'model'], msg: 'Field required' }] },
          type: 'invalid_request_error',
          param: null,
          code: null,
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Cohere 429 trial key per-minute limit',
      build: viaGot(
        json(429, {
          message: 'You are using a Trial key, which is limited to 20 API calls / minute.',
        }),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Cohere 499 request cancelled',
      build: viaGot(json(499, { message: 'request cancelled' })),
      careful: no('cancelled'),
    },
    {
      label: 'Cohere 422 unprocessable',
      build: viaGot(json(422, { message: 'invalid request: model command-x not found' })),
      careful: no('validation'),
    },
    {
      label: 'DeepSeek 402 Insufficient Balance',
      build: openai(
        json(402, oaiError('Insufficient Balance', 'unknown_error', 'invalid_request_error')),
      ),
      careful: no('quota'),
    },
    {
      label: 'DeepSeek 503 Server Overloaded',
      build: openai(
        json(503, oaiError('Server overloaded, please retry shortly.', 'unknown_error')),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'DeepSeek 401 Authentication Fails',
      build: openai(
        json(
          401,
          oaiError(
            'Authentication Fails (no such user)',
            'authentication_error',
            'invalid_request_error',
          ),
        ),
      ),
      careful: no('auth'),
    },
    {
      label: 'xAI 404 model not found',
      build: openai(
        json(404, {
          code: 'Some resource was not found',
          error: 'The model grok-9 does not exist or your team does not have access to it.',
        }),
      ),
      careful: no('not_found'),
    },
    {
      label: 'xAI 422 body does not deserialize',
      build: openai(
        json(422, {
          code: 'Client specified an invalid argument',
          error:
            'Failed to deserialize the JSON body into the target type: messages[0]: missing field `content`',
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'xAI 429 with retry-after: 2',
      build: openai(
        json(
          429,
          { code: 'Some resource has been exhausted', error: 'Too many requests' },
          { 'retry-after': '2' },
        ),
      ),
      careful: wait('rate_limit', 2000),
    },
    {
      label: 'OpenRouter 402 insufficient credits',
      build: openRouter(
        402,
        'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
      ),
      careful: no('quota'),
    },
    {
      label: 'OpenRouter 408 request timed out',
      build: openRouter(408, 'Your request timed out'),
      careful: wait('timeout'),
    },
    {
      label: 'OpenRouter 502 model down, metadata names the provider',
      build: openRouter(502, 'Provider returned error', {
        provider_name: 'Anthropic',
        raw: '{"type":"error","error":{"type":"api_error","message":"Internal server error"}}',
      }),
      careful: wait('unavailable'),
    },
    {
      label: 'OpenRouter 429 upstream rate-limited',
      build: openRouter(429, 'Provider returned error', {
        provider_name: 'Google AI Studio',
        raw: 'google/gemini-2.5-pro is temporarily rate-limited upstream. Please retry shortly.',
      }),
      careful: wait('rate_limit'),
    },
    {
      label: 'OpenRouter 401 invalid credentials',
      build: openRouter(401, 'No auth credentials found'),
      careful: no('auth'),
    },
    {
      label: 'Together 402 credit limit',
      build: openai(
        json(
          402,
          oaiError('Credit limit exceeded. Please add a payment method.', 'credit_limit', null),
        ),
      ),
      careful: no('quota'),
    },
    {
      label: 'Together 503 engine overloaded',
      build: openai(
        json(503, oaiError('The server is overloaded or not ready yet.', 'server_error')),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'Together 524 (a Cloudflare timeout in front of it)',
      build: openai(
        html(524, '<title>api.together.xyz | 524: A timeout occurred</title>', {
          server: 'cloudflare',
        }),
      ),
      careful: wait('timeout'),
    },
    {
      label: 'Fireworks 413 request too large',
      build: openai(
        json(413, {
          error: {
            object: 'error',
            type: 'invalid_request_error',
            code: 'request_too_large',
            message: 'Request body too large',
          },
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Fireworks 429 rate limit',
      build: openai(
        json(429, {
          error: {
            object: 'error',
            type: 'rate_limit_error',
            code: 'RATE_LIMIT_EXCEEDED',
            message: 'Request rate limit exceeded',
          },
        }),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Perplexity 400 invalid model',
      build: openai(
        json(400, {
          error: {
            message: "Invalid model 'sonar-x'. Permitted models can be found in the documentation.",
            type: 'invalid_model',
            code: 400,
          },
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Perplexity 429 (HTML from its edge)',
      build: openai(html(429, '<html><head><title>429 Too Many Requests</title></head></html>')),
      careful: wait('rate_limit'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Azure OpenAI (learn.microsoft.com, "Azure OpenAI content filtering" and "quotas and limits":
// `content_filter` with `innererror`, 429 with retry-after-ms), through the SDK's AzureOpenAI.
// Bedrock over plain HTTP (docs.aws.amazon.com/bedrock/latest/APIReference, InvokeModel
// "Errors"): the `x-amzn-ErrorType` header names the exception.
// ---------------------------------------------------------------------------------------------

describe('fresh Azure OpenAI and Bedrock errors (round 4)', () => {
  const azure = (reply: Reply) => () => {
    const endpoint = base('/openai/deployments/gpt-4o/chat/completions', reply);
    const client = new AzureOpenAI({
      endpoint,
      apiKey: 'k',
      apiVersion: '2025-04-01-preview',
      deployment: 'gpt-4o',
      maxRetries: 0,
    });
    return rejected(
      client.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
  };
  const bedrock = (status: number, type: string, message: string) =>
    viaGot(
      json(
        status,
        { message },
        {
          'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
          'x-amzn-requestid': 'req-1',
        },
      ),
    );
  freshCases('azure-bedrock', [
    {
      label: 'Azure 400 content_filter with innererror ResponsibleAIPolicyViolation',
      build: azure(
        json(400, {
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
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'Azure 429 with retry-after-ms: 1200',
      build: azure(
        json(
          429,
          {
            error: {
              code: '429',
              message:
                'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2025-04-01-preview have exceeded token rate limit of your current AIServices S0 pricing tier.',
            },
          },
          { 'retry-after-ms': '1200', 'retry-after': '2' },
        ),
      ),
      careful: wait('rate_limit', 1200),
    },
    {
      label: 'Azure 404 DeploymentNotFound',
      build: azure(
        json(404, {
          error: {
            code: 'DeploymentNotFound',
            message: 'The API deployment for this resource does not exist.',
          },
        }),
      ),
      careful: no('not_found'),
    },
    {
      label: 'Azure 401 invalid subscription key',
      build: azure(
        json(401, {
          error: {
            code: '401',
            message: 'Access denied due to invalid subscription key or wrong API endpoint.',
          },
        }),
      ),
      careful: no('auth'),
    },
    {
      label: 'Bedrock 429 ThrottlingException',
      build: bedrock(
        429,
        'ThrottlingException',
        'Too many requests, please wait before trying again.',
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Bedrock 503 ServiceUnavailableException',
      build: bedrock(503, 'ServiceUnavailableException', 'The service is currently unavailable.'),
      careful: wait('unavailable'),
    },
    {
      label: 'Bedrock 408 ModelTimeoutException',
      build: bedrock(
        408,
        'ModelTimeoutException',
        'Model has timed out in processing the request.',
      ),
      careful: wait('timeout'),
    },
    {
      label: 'Bedrock 429 ModelNotReadyException',
      build: bedrock(
        429,
        'ModelNotReadyException',
        'Model is not ready for inference. Wait and try your request again.',
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'Bedrock 424 ModelErrorException',
      build: bedrock(
        424,
        'ModelErrorException',
        'The model returned an error while processing the request.',
      ),
      careful: no('internal'),
    },
    {
      label: 'Bedrock 403 AccessDeniedException',
      build: bedrock(
        403,
        'AccessDeniedException',
        "You don't have access to the model with the specified model ID.",
      ),
      careful: no('permission'),
    },
    {
      label: 'Bedrock 404 ResourceNotFoundException',
      build: bedrock(404, 'ResourceNotFoundException', 'The specified resource ARN was not found.'),
      careful: no('not_found'),
    },
    {
      label: 'Bedrock 400 ServiceQuotaExceededException',
      build: bedrock(
        400,
        'ServiceQuotaExceededException',
        'Your request exceeds the service quota for your account.',
      ),
      careful: no('quota'),
    },
    {
      label: 'Bedrock 500 InternalServerException',
      build: bedrock(500, 'InternalServerException', 'An internal server error occurred.'),
      careful: wait('internal'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Platforms. Cloudflare: developers.cloudflare.com/support/troubleshooting/http-status-codes
// (cloudflare-5xx-errors, cloudflare-1xxx-errors; the RFC 9457 JSON error it sends agents that
// ask for it). Stripe: docs.stripe.com/api/errors and /error-low-level (types, codes,
// Stripe-Should-Retry). GitHub REST: docs.github.com/rest/using-the-rest-api/rate-limits-for-
// the-rest-api ("wait at least one minute" when no retry-after is given) and troubleshooting
// (422 error codes). Slack: docs.slack.dev/reference/methods/chat.postMessage and the Web API's
// common errors.
// ---------------------------------------------------------------------------------------------

const resetIn = (seconds: number): string => String(Math.floor(Date.now() / 1000) + seconds);
const cloudflarePage = (status: number, title: string) =>
  html(
    status,
    `<title>example.com | ${status}: ${title}</title><span>Cloudflare Ray ID: 8f</span>`,
    {
      server: 'cloudflare',
      'cf-ray': '8f-LHR',
    },
  );
const stripe = (
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) => viaGot(json(status, { error }, { 'request-id': 'req_1', ...headers }));
function octokit(status: number, body: unknown, headers: Record<string, string> = {}) {
  return () => {
    const baseUrl = base('/repos/o/r/issues', json(status, body, headers));
    return rejected(
      octokitRequest('POST /repos/{owner}/{repo}/issues', {
        owner: 'o',
        repo: 'r',
        title: 't',
        baseUrl,
      }),
    );
  };
}
const slack = (error: string, careful: Careful) => ({
  label: `Slack ${error}`,
  build: () => {
    const url = base('/chat.postMessage', json(200, { ok: false, error }));
    const client = new WebClient('xoxb-test', {
      slackApiUrl: `${url}/`,
      retryConfig: { retries: 0 },
    });
    return rejected(client.chat.postMessage({ channel: 'C1', text: 'hi' }));
  },
  careful,
});

describe('fresh platform errors (round 4)', () => {
  freshCases('platforms', [
    {
      label: 'Cloudflare 520 web server returns an unknown error',
      build: viaGot(cloudflarePage(520, 'Web server is returning an unknown error')),
      careful: wait('unavailable'),
    },
    {
      label: 'Cloudflare 521 web server is down',
      build: viaGot(cloudflarePage(521, 'Web server is down')),
      careful: wait('unavailable'),
    },
    {
      label: 'Cloudflare 523 origin is unreachable',
      build: viaKy(cloudflarePage(523, 'Origin is unreachable')),
      careful: wait('unavailable'),
    },
    {
      label: 'Cloudflare 524 a timeout occurred',
      build: viaKy(cloudflarePage(524, 'A timeout occurred')),
      careful: wait('timeout'),
    },
    {
      label: 'Cloudflare 525 SSL handshake failed (an origin setup to fix)',
      build: viaGot(cloudflarePage(525, 'SSL handshake failed')),
      careful: no('unavailable'),
    },
    {
      // As test/provider-rules.test.ts reads Cloudflare's table: a 530 is worth another try.
      label: 'Cloudflare 530 with error 1016 (origin DNS error)',
      build: viaGot(cloudflarePage(530, 'Origin DNS error')),
      careful: wait('unavailable'),
    },
    {
      label: 'Cloudflare 429 error 1015 (HTML)',
      build: viaGot(
        html(
          429,
          '<title>Access denied | example.com used Cloudflare to restrict access</title><h1>Error 1015</h1><h2>You are being rate limited</h2>',
          {
            server: 'cloudflare',
          },
        ),
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Cloudflare 429 error 1015 (RFC 9457 JSON, retry_after 30)',
      build: viaGot(
        json(
          429,
          {
            type: 'https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-1xxx-errors/error-1015/',
            title: 'Error 1015: You are being rate limited',
            status: 429,
            detail: 'The site owner has set a rate limit on requests.',
            error_code: 1015,
            error_name: 'rate_limited',
            error_category: 'rate_limit',
            retryable: true,
            retry_after: 30,
            owner_action_required: false,
          },
          { 'content-type': 'application/problem+json', server: 'cloudflare' },
        ),
      ),
      careful: wait('rate_limit', 30_000),
    },
    {
      label: 'Cloudflare 403 error 1020 (access denied by a firewall rule)',
      build: viaGot(
        html(
          403,
          '<title>Access denied | example.com used Cloudflare to restrict access</title><h1>Error 1020</h1>',
          {
            server: 'cloudflare',
          },
        ),
      ),
      careful: no('permission'),
    },
    {
      label: 'Stripe 402 card_error card_declined (insufficient_funds)',
      build: stripe(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
      careful: no('validation'),
    },
    {
      label: 'Stripe 429 rate_limit',
      build: stripe(429, {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Request rate limit exceeded.',
      }),
      careful: wait('rate_limit'),
    },
    {
      label: 'Stripe 404 resource_missing',
      build: stripe(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_x'",
      }),
      careful: no('not_found'),
    },
    {
      label: 'Stripe 401 api_key_expired',
      build: stripe(401, {
        type: 'invalid_request_error',
        code: 'api_key_expired',
        message: 'Expired API Key provided: sk_test_***',
      }),
      careful: no('auth'),
    },
    {
      label: 'Stripe 400 parameter_missing',
      build: stripe(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'amount',
        message: 'Missing required param: amount.',
      }),
      careful: no('validation'),
    },
    {
      label: 'Stripe 500 api_error with Stripe-Should-Retry: true',
      build: stripe(
        500,
        { type: 'api_error', message: 'An unknown error occurred' },
        { 'stripe-should-retry': 'true' },
      ),
      careful: wait('internal'),
    },
    {
      // A key reused with other parameters is a request to fix (the IETF Idempotency-Key draft
      // answers it 422); a concurrent use of the same key (409) is the retryable one.
      label:
        'Stripe 400 idempotency_error (a key reused with other parameters), Stripe-Should-Retry: false',
      build: stripe(
        400,
        {
          type: 'idempotency_error',
          message:
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        },
        { 'stripe-should-retry': 'false' },
      ),
      careful: no('validation'),
    },
    {
      label: 'Stripe 409 lock_timeout',
      build: stripe(409, {
        type: 'invalid_request_error',
        code: 'lock_timeout',
        message:
          'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
      }),
      careful: wait('conflict'),
    },
    {
      label: 'Stripe 403 secret_key_required (a restricted key)',
      build: stripe(403, {
        type: 'invalid_request_error',
        code: 'secret_key_required',
        message: 'The provided key does not have the required permissions for this endpoint.',
      }),
      careful: no('permission'),
    },
    {
      label: 'GitHub 403 secondary rate limit, no retry-after, quota left (wait a minute)',
      build: octokit(
        403,
        {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        { 'x-ratelimit-remaining': '4000', 'x-ratelimit-reset': resetIn(3000) },
      ),
      careful: wait('rate_limit', 60_000),
    },
    {
      label: 'GitHub 429 secondary rate limit with retry-after: 5',
      build: octokit(
        429,
        { message: 'You have exceeded a secondary rate limit.' },
        { 'retry-after': '5' },
      ),
      careful: wait('rate_limit', 5000),
    },
    {
      label: 'GitHub 401 Bad credentials',
      build: octokit(401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      }),
      careful: no('auth'),
    },
    {
      label: 'GitHub 422 errors[].code already_exists',
      build: octokit(422, {
        message: 'Validation Failed',
        errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
      }),
      careful: no('conflict'),
    },
    {
      label: 'GitHub 422 errors[].code missing_field',
      build: octokit(422, {
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }],
      }),
      careful: no('validation'),
    },
    {
      label: 'GitHub 403 SAML SSO enforcement (x-github-sso: required)',
      build: octokit(
        403,
        {
          message:
            'Resource protected by organization SAML enforcement. You must grant your Personal Access token access to this organization.',
        },
        {
          'x-github-sso': 'required; url=https://github.com/orgs/o/sso?authorization_request=x',
          'x-ratelimit-remaining': '4999',
        },
      ),
      careful: no('permission'),
    },
    slack('invalid_auth', no('auth')),
    slack('account_inactive', no('auth')),
    slack('channel_not_found', no('not_found')),
    slack('msg_too_long', no('validation')),
    slack('not_in_channel', no('permission')),
    slack('team_access_not_granted', no('permission')),
    slack('service_unavailable', wait('unavailable')),
    slack('request_timeout', wait('timeout')),
    slack('internal_error', wait('internal')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// GraphQL. Apollo Server 4's codes (apollographql.com/docs/apollo-server/data/errors, "Built-in
// error codes" and its UNAUTHENTICATED / FORBIDDEN examples), raised by graphql@16 executing a
// resolver; Hasura (hasura.io/docs/2.0/api-reference/graphql-api, error codes); GitHub GraphQL
// (docs.github.com/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api, and its
// error `type`s); Shopify Admin GraphQL (shopify.dev/docs/api/admin-graphql, "Status and error
// codes", and api/usage/limits: wait (requested − available) / restoreRate seconds).
// ---------------------------------------------------------------------------------------------

const gqlSchema = buildSchema('type Query { me: String, order(id: ID!): String }');
/** What graphql@16 answers when the resolver throws `thrown`, fetched by got from 127.0.0.1. */
const resolverThrows =
  (thrown: () => Error, status = 200) =>
  async () => {
    const result = await graphql({
      schema: gqlSchema,
      source: '{ me }',
      rootValue: {
        me: () => {
          throw thrown();
        },
      },
    });
    return got
      .post(answer(json(status, JSON.parse(JSON.stringify(result)))), {
        json: { query: '{ me }' },
        throwHttpErrors: false,
      })
      .json<unknown>();
  };
const apolloCode = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  resolverThrows(() => new GraphQLError(message, { extensions: { code, ...extra } }));
/** A GraphQL response body as the service sends it, fetched by got. */
const gqlBody =
  (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) =>
  () =>
    got
      .post(answer(json(status, body, headers)), {
        json: { query: '{ x }' },
        throwHttpErrors: false,
      })
      .json<unknown>();
const hasura = (code: string, message: string) =>
  gqlBody({ errors: [{ message, extensions: { path: '$.selectionSet.insert_users_one', code } }] });

describe('fresh GraphQL errors (round 4)', () => {
  freshCases('graphql', [
    {
      label: 'Apollo UNAUTHENTICATED from a resolver',
      build: apolloCode('UNAUTHENTICATED', 'You must be logged in to query this schema', {
        http: { status: 401 },
      }),
      careful: no('auth'),
    },
    {
      label: 'Apollo FORBIDDEN from a resolver',
      build: apolloCode('FORBIDDEN', 'You are not authorized to perform this action.'),
      careful: no('permission'),
    },
    {
      label: 'Apollo BAD_USER_INPUT with argumentName',
      build: apolloCode('BAD_USER_INPUT', 'Invalid argument value', { argumentName: 'id' }),
      careful: no('validation'),
    },
    {
      label: 'Apollo GRAPHQL_VALIDATION_FAILED (HTTP 400)',
      build: gqlBody(
        {
          errors: [
            {
              message: 'Cannot query field "nope" on type "Query".',
              locations: [{ line: 1, column: 3 }],
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            },
          ],
        },
        400,
      ),
      careful: no('validation'),
    },
    {
      // The same hash-only request fails again; the client's next one is another request (with
      // the query text), as test/world-fresh-http.test.ts reads it.
      label: 'Apollo PERSISTED_QUERY_NOT_FOUND (send the full query)',
      build: gqlBody({
        errors: [
          { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
        ],
      }),
      careful: no('not_found'),
    },
    {
      label: 'Hasura validation-failed',
      build: hasura('validation-failed', "field 'nope' not found in type: 'users_insert_input'"),
      careful: no('validation'),
    },
    {
      label: 'Hasura constraint-violation (unique)',
      build: hasura(
        'constraint-violation',
        'Uniqueness violation. duplicate key value violates unique constraint "users_email_key"',
      ),
      careful: no('conflict'),
    },
    {
      label: 'Hasura permission-error',
      build: hasura(
        'permission-error',
        'check constraint of an insert/update permission has failed',
      ),
      careful: no('permission'),
    },
    {
      label: 'Hasura invalid-jwt',
      build: hasura('invalid-jwt', 'Could not verify JWT: JWTExpired'),
      careful: no('auth'),
    },
    {
      label: 'Hasura data-exception',
      build: hasura('data-exception', 'invalid input syntax for type uuid: "x"'),
      careful: no('validation'),
    },
    {
      label: 'Hasura parse-failed',
      build: hasura('parse-failed', 'expected an object for input value'),
      careful: no('validation'),
    },
    {
      label: 'Hasura postgres-error',
      build: hasura('postgres-error', 'database query error'),
      careful: no('internal'),
    },
    {
      label: 'GitHub GraphQL type NOT_FOUND',
      build: gqlBody({
        data: { repository: null },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['repository'],
            message: "Could not resolve to a Repository with the name 'o/nope'.",
          },
        ],
      }),
      careful: no('not_found'),
    },
    {
      label: 'GitHub GraphQL type FORBIDDEN',
      build: gqlBody({
        data: { viewer: null },
        errors: [
          {
            type: 'FORBIDDEN',
            path: ['viewer', 'organization'],
            message: 'Resource not accessible by integration',
          },
        ],
      }),
      careful: no('permission'),
    },
    {
      label: 'GitHub GraphQL secondary rate limit (HTTP 403, retry-after: 40)',
      build: viaGot(
        json(
          403,
          {
            errors: [
              {
                message:
                  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
              },
            ],
          },
          { 'retry-after': '40' },
        ),
      ),
      careful: wait('rate_limit', 40_000),
    },
    {
      label: 'Shopify THROTTLED with its cost (need 200, have 2, restore 100/s)',
      build: gqlBody({
        errors: [
          {
            message: 'Throttled',
            extensions: {
              code: 'THROTTLED',
              documentation: 'https://shopify.dev/api/usage/limits',
            },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: 202,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 100 },
          },
        },
      }),
      careful: wait('rate_limit', 2000),
    },
    {
      label: 'Shopify ACCESS_DENIED',
      build: gqlBody({
        errors: [
          {
            message: 'Access denied for orders field. Required access: `read_orders` access scope.',
            extensions: {
              code: 'ACCESS_DENIED',
              documentation: 'https://shopify.dev/api/usage/access-scopes',
            },
          },
        ],
      }),
      careful: no('permission'),
    },
    {
      label: 'Shopify MAX_COST_EXCEEDED',
      build: gqlBody({
        errors: [
          {
            message: 'Query cost is 2010, which exceeds the single query max cost limit (1000).',
            extensions: { code: 'MAX_COST_EXCEEDED', cost: 2010, maxCost: 1000 },
          },
        ],
      }),
      careful: no('validation'),
    },
    {
      label: 'Shopify 402 shop frozen (HTTP status with errors string)',
      build: viaGot(json(402, { errors: 'Unavailable Shop' })),
      careful: no('quota'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Stream events. OpenAI Responses streaming (platform.openai.com/docs/api-reference/responses-
// streaming: `response.failed` with `response.error.code` from the ResponseError code list,
// `error` events); Chat Completions' mid-stream `error` chunk; Anthropic's `event: error`
// (docs.claude.com/en/docs/build-with-claude/streaming, "Error events", with the HTTP error
// types); the AI SDK's `error` parts (ai-sdk.dev, streamText / streamObject `onError`);
// @google/genai's streamed `google.rpc.Status`.
// ---------------------------------------------------------------------------------------------

const { responsesEvents, chatStreamError, geminiStream, anthropicMidStream } =
  providerStreams(base);
const responseFailed = (code: string, message: string) =>
  responsesEvents(
    sse('response.failed', {
      type: 'response.failed',
      sequence_number: 3,
      response: {
        id: 'resp_2',
        object: 'response',
        created_at: 2,
        status: 'failed',
        model: 'gpt-5',
        output: [],
        incomplete_details: null,
        error: { code, message },
      },
    }),
  );
const responsesErrorEvent = (code: string, message: string) =>
  responsesEvents(sse('error', { type: 'error', sequence_number: 2, code, message, param: null }));
/** The `error` part the AI SDK's streamText yields when the OpenAI provider meets `reply`. */
const aiSdkErrorPart = (reply: Reply) => async () => {
  const provider = createOpenAI({ baseURL: base('/chat/completions', reply), apiKey: 'k' });
  const result = streamText({
    model: provider.chat('m'),
    prompt: 'hi',
    maxRetries: 0,
    onError: () => undefined,
  });
  for await (const part of result.fullStream) if (part.type === 'error') return part;
  throw new Error('expected an error part');
};
describe('fresh stream-event errors (round 4)', () => {
  freshCases('streams', [
    {
      label: 'Responses response.failed rate_limit_exceeded',
      build: responseFailed(
        'rate_limit_exceeded',
        'Rate limit reached for gpt-5 on tokens per min.',
      ),
      careful: wait('rate_limit'),
    },
    {
      label: 'Responses response.failed vector_store_timeout',
      build: responseFailed('vector_store_timeout', 'The file search timed out.'),
      careful: wait('timeout'),
    },
    {
      label: 'Responses response.failed invalid_prompt',
      build: responseFailed(
        'invalid_prompt',
        'Invalid prompt: your prompt was flagged as potentially violating our usage policy.',
      ),
      careful: no('validation'),
    },
    {
      label: 'Responses response.failed unsupported_image_media_type',
      build: responseFailed('unsupported_image_media_type', 'Unsupported image type image/tiff.'),
      careful: no('validation'),
    },
    {
      label: 'Responses error event server_error',
      build: responsesErrorEvent(
        'server_error',
        'The server had an error while processing your request.',
      ),
      careful: wait('internal'),
    },
    {
      label: 'Responses error event rate_limit_exceeded',
      build: responsesErrorEvent('rate_limit_exceeded', 'Rate limit reached.'),
      careful: wait('rate_limit'),
    },
    {
      label: 'Chat Completions stream error chunk server_error',
      build: chatStreamError({
        message: 'The server had an error while processing your request.',
        type: 'server_error',
        code: null,
      }),
      careful: wait('internal'),
    },
    {
      label: 'OpenRouter mid-stream error chunk (provider disconnected, code 502)',
      build: chatStreamError({ code: 502, message: 'Provider disconnected unexpectedly' }),
      careful: wait('unavailable'),
    },
    {
      label: 'Anthropic event: error overloaded_error after message_start',
      build: anthropicMidStream('overloaded_error', 'Overloaded'),
      careful: wait('unavailable'),
    },
    {
      label: 'Anthropic event: error invalid_request_error',
      build: anthropicMidStream('invalid_request_error', 'Invalid request'),
      careful: no('validation'),
    },
    {
      label: 'Anthropic event: error authentication_error',
      build: anthropicMidStream('authentication_error', 'invalid x-api-key'),
      careful: no('auth'),
    },
    {
      label: 'Anthropic event: error permission_error',
      build: anthropicMidStream('permission_error', 'Not allowed'),
      careful: no('permission'),
    },
    {
      label: 'Anthropic event: error not_found_error',
      build: anthropicMidStream('not_found_error', 'Not found'),
      careful: no('not_found'),
    },
    {
      label: 'Anthropic event: error billing_error',
      build: anthropicMidStream('billing_error', 'Your credit balance is too low.'),
      careful: no('quota'),
    },
    {
      label: 'Anthropic event: error timeout_error',
      build: anthropicMidStream('timeout_error', 'Stream timed out'),
      careful: wait('timeout'),
    },
    {
      label: 'AI SDK streamText error part: 429 with retry-after: 4',
      build: aiSdkErrorPart(
        json(429, oaiError('Rate limit reached', 'requests', 'rate_limit_exceeded'), {
          'retry-after': '4',
        }),
      ),
      careful: wait('rate_limit', 4000),
    },
    {
      label: 'AI SDK streamText error part: 401',
      build: aiSdkErrorPart(
        json(
          401,
          oaiError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
        ),
      ),
      careful: no('auth'),
    },
    {
      label: 'AI SDK streamText error part: mid-stream error chunk',
      build: aiSdkErrorPart(
        streamed(
          sse(undefined, {
            error: {
              message: 'The server had an error',
              type: 'server_error',
              code: 'server_error',
            },
          }),
        ),
      ),
      careful: wait('internal'),
    },
    {
      label: 'AI SDK streamObject error part: 503',
      build: async () => {
        const provider = createOpenAI({
          baseURL: base(
            '/chat/completions',
            json(503, oaiError('Service Unavailable', 'server_error')),
          ),
          apiKey: 'k',
        });
        const result = streamObject({
          model: provider.chat('m'),
          schema: z.object({ a: z.string() }),
          prompt: 'hi',
          maxRetries: 0,
          onError: () => undefined,
        });
        for await (const part of result.fullStream) if (part.type === 'error') return part;
        throw new Error('expected an error part');
      },
      careful: wait('unavailable'),
    },
    {
      label: '@google/genai stream chunk UNAVAILABLE',
      build: geminiStream(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
      careful: wait('unavailable'),
    },
    {
      label: '@google/genai stream chunk INTERNAL',
      build: geminiStream(500, 'INTERNAL', 'An internal error has occurred.'),
      careful: wait('internal'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Agent frameworks. @openai/agents' exported error classes (its errors.ts; openai.github.io/
// openai-agents-js/guides/guardrails and /running-agents "Exceptions"), raised by its own runner
// with a scripted model; the AI SDK's `AI_*` errors (ai-sdk.dev/docs/reference/ai-sdk-errors),
// raised by `ai` and its OpenAI provider; LangChain's error codes (js.langchain.com/docs/
// troubleshooting/errors: INVALID_PROMPT_INPUT, OUTPUT_PARSING_FAILURE, MODEL_*).
// ---------------------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output type
const agentRun = (agent: Agent<unknown, any>) => () => rejected(run(agent, 'hi'));
const withTool = (execute: () => Promise<string>, extra: Record<string, unknown> = {}) =>
  new Agent({
    name: 'a',
    model: scripted((n) => (n === 1 ? call('work') : say('done'))),
    tools: [
      tool({
        name: 'work',
        description: 'Work',
        parameters: z.object({}),
        errorFunction: null,
        execute,
        ...extra,
      }),
    ],
  });
const aiModel = (reply: Reply) =>
  createOpenAI({ baseURL: base('/chat/completions', reply), apiKey: 'k' }).chat('m');
const chatCompletion = (content: string) =>
  json(200, {
    id: 'c1',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
const langchain =
  (reply: Reply, options: Record<string, unknown> = {}) =>
  () => {
    const model = new ChatOpenAI({
      model: 'gpt-4o',
      apiKey: 'k',
      maxRetries: 0,
      configuration: { baseURL: base('/chat/completions', reply) },
      ...options,
    });
    return rejected(model.invoke('hi'));
  };

describe('fresh agent framework errors (round 4)', () => {
  freshCases('frameworks', [
    {
      label: 'agents ToolInputGuardrailTripwireTriggered (throwException)',
      build: async () => {
        const { defineToolInputGuardrail, ToolGuardrailFunctionOutputFactory } =
          await import('@openai/agents');
        return agentRun(
          withTool(() => Promise.resolve('x'), {
            inputGuardrails: [
              defineToolInputGuardrail({
                name: 'no-secrets',
                run: () =>
                  Promise.resolve(
                    ToolGuardrailFunctionOutputFactory.throwException({ why: 'secret' }),
                  ),
              }),
            ],
          }),
        )();
      },
      careful: no('validation'),
    },
    {
      label: 'agents ToolOutputGuardrailTripwireTriggered (throwException)',
      build: async () => {
        const { defineToolOutputGuardrail, ToolGuardrailFunctionOutputFactory } =
          await import('@openai/agents');
        return agentRun(
          withTool(() => Promise.resolve('ssn 123-45-6789'), {
            outputGuardrails: [
              defineToolOutputGuardrail({
                name: 'no-pii',
                run: () =>
                  Promise.resolve(
                    ToolGuardrailFunctionOutputFactory.throwException({ why: 'pii' }),
                  ),
              }),
            ],
          }),
        )();
      },
      careful: no('validation'),
    },
    {
      label: 'agents ModelRefusalError (the model refused)',
      build: agentRun(
        new Agent({
          name: 'a',
          model: scripted(() => [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'refusal', refusal: "I can't help with that." }],
            },
          ]),
          outputType: z.object({ answer: z.string() }),
        }),
      ),
      careful: no('validation'),
    },
    {
      label: 'agents ModelBehaviorError (a handoff whose input is not JSON)',
      build: agentRun(
        new Agent({
          name: 'a',
          model: scripted(() => call('transfer_to_b', '{not json')),
          handoffs: [
            handoff(new Agent({ name: 'b', model: scripted(() => say('hi')) }), {
              inputType: z.object({ reason: z.string() }),
              onHandoff: () => undefined,
            }),
          ],
        }),
      ),
      careful: wait('internal'),
    },
    {
      label: 'agents InvalidToolOutputError (output off its outputSchema)',
      build: agentRun(
        withTool(() => Promise.resolve('not a number'), {
          outputSchema: z.object({ n: z.number() }),
          errorFunction: undefined,
        }),
      ),
      careful: no('internal'),
    },
    {
      label: 'agents ToolCallError wrapping ky 503 with retry-after: 3',
      build: agentRun(
        withTool(() =>
          ky(answer({ status: 503, headers: { 'retry-after': '3' } }), { retry: 0 }).text(),
        ),
      ),
      careful: wait('unavailable', 3000),
    },
    {
      label: 'agents ToolCallError wrapping an Anthropic 529',
      build: agentRun(
        withTool(async () => {
          await anthropic(529, 'overloaded_error', 'Overloaded')().then((e) => {
            throw e;
          });
          return 'x';
        }),
      ),
      careful: wait('unavailable'),
    },
    {
      label: 'agents GuardrailExecutionError wrapping a got 429 with retry-after: 7',
      build: agentRun(
        new Agent({
          name: 'a',
          model: scripted(() => say('ok')),
          inputGuardrails: [
            {
              name: 'moderation',
              execute: async () => {
                await got(answer({ status: 429, headers: { 'retry-after': '7' } }), {
                  retry: { limit: 0 },
                });
                return { tripwireTriggered: false, outputInfo: null };
              },
            },
          ],
        }),
      ),
      careful: wait('rate_limit', 7000),
    },
    {
      label: 'agents UserError (error_as_result with an output schema, no timeoutErrorFunction)',
      build: () =>
        rejected(async () => {
          await Promise.resolve();
          tool({
            name: 'slow',
            description: 'Slow',
            parameters: z.object({}),
            outputSchema: z.object({ a: z.string() }),
            timeoutMs: 10,
            timeoutBehavior: 'error_as_result',
            execute: () => ({ a: 'x' }),
          } as never);
        }),
      careful: no('internal'),
    },
    {
      label: 'ai APICallError 400 (generateText)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(
              json(
                400,
                oaiError(
                  "Invalid 'max_tokens': integer below minimum value.",
                  'invalid_request_error',
                  'integer_below_min_value',
                ),
              ),
            ),
            prompt: 'hi',
            maxRetries: 0,
          }),
        ),
      careful: no('validation'),
    },
    {
      label: 'ai APICallError 500 (generateText)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(json(500, oaiError('Internal error', 'server_error'))),
            prompt: 'hi',
            maxRetries: 0,
          }),
        ),
      careful: wait('internal'),
    },
    {
      label: 'ai RetryError (retries spent on 429s with retry-after-ms: 5)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(
              json(429, oaiError('Rate limit reached', 'requests', 'rate_limit_exceeded'), {
                'retry-after-ms': '5',
              }),
            ),
            prompt: 'hi',
            maxRetries: 1,
          }),
        ),
      careful: wait('rate_limit'),
    },
    {
      label: 'ai NoObjectGeneratedError (generateObject, the model answered prose)',
      build: () =>
        rejected(
          generateObject({
            model: aiModel(chatCompletion('Sure! Here is your object.')),
            schema: z.object({ a: z.string() }),
            prompt: 'hi',
            maxRetries: 0,
          }),
        ),
      careful: wait('internal'),
    },
    {
      label: 'ai TypeValidationError (validateTypes)',
      build: () =>
        rejected(
          validateTypes({
            value: { a: 1 },
            schema: jsonSchema<{ a: string }>(
              { type: 'object' },
              { validate: () => ({ success: false, error: new Error('a: expected string') }) },
            ),
          }),
        ),
      careful: no('validation'),
    },
    {
      label: 'ai JSONParseError (parseJSON)',
      build: () => rejected(parseJSON({ text: '{"a": ' })),
      careful: no('validation'),
    },
    {
      label: 'ai LoadAPIKeyError (no OPENAI_API_KEY)',
      build: () => {
        const saved = process.env.OPENAI_API_KEY;
        delete process.env.OPENAI_API_KEY;
        const model = createOpenAI({
          baseURL: base('/chat/completions', chatCompletion('x')),
        }).chat('m');
        return rejected(generateText({ model, prompt: 'hi', maxRetries: 0 })).finally(() => {
          if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
        });
      },
      careful: no('auth'),
    },
    {
      label: 'ai InvalidPromptError (prompt and messages both)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(chatCompletion('x')),
            prompt: 'hi',
            messages: [{ role: 'user', content: 'hi' }],
          } as never),
        ),
      careful: no('validation'),
    },
    {
      label: 'ai InvalidArgumentError (maxRetries: -1)',
      build: () =>
        rejected(
          generateText({ model: aiModel(chatCompletion('x')), prompt: 'hi', maxRetries: -1 }),
        ),
      careful: no('validation'),
    },
    {
      // What the model does not support, as HTTP's 501: the same call fails the same way.
      label: 'ai UnsupportedFunctionalityError (a zip file part for the chat model)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(chatCompletion('x')),
            maxRetries: 0,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'file', data: new Uint8Array([1, 2]), mediaType: 'application/zip' },
                ],
              },
            ],
          }),
        ),
      careful: no('protocol'),
    },
    {
      label: 'ai DownloadError (a private-address file URL the SDK refuses to fetch)',
      build: () =>
        rejected(
          generateText({
            model: aiModel(chatCompletion('x')),
            maxRetries: 0,
            messages: [
              {
                role: 'user',
                content: [
                  {
                    type: 'file',
                    data: new URL(answer({ status: 404, body: 'nope' })),
                    mediaType: 'application/pdf',
                  },
                ],
              },
            ],
          }),
        ),
      careful: no('validation'),
    },
    {
      label: 'LangChain INVALID_PROMPT_INPUT (a missing template variable)',
      build: () =>
        rejected(
          PromptTemplate.fromTemplate('Tell me about {topic} in {style}').format({
            topic: 'x',
          } as never),
        ),
      careful: no('validation'),
    },
    {
      label: 'LangChain OUTPUT_PARSING_FAILURE (CustomListOutputParser, two items of three)',
      build: () => rejected(new CustomListOutputParser({ length: 3 }).parse('red, green')),
      careful: wait('internal'),
    },
    {
      label: 'LangChain ChatOpenAI 503',
      build: langchain(json(503, oaiError('Service Unavailable', 'server_error'))),
      careful: wait('unavailable'),
    },
    {
      label: 'LangChain ChatOpenAI 403 (no access to the model)',
      build: langchain(
        json(
          403,
          oaiError('You are not allowed to sample from this model', 'invalid_request_error'),
        ),
      ),
      careful: no('permission'),
    },
    {
      label: 'LangChain ChatOpenAI 400 context_length_exceeded',
      build: langchain(
        json(
          400,
          oaiError(
            "This model's maximum context length is 8192 tokens.",
            'invalid_request_error',
            'context_length_exceeded',
          ),
        ),
      ),
      careful: no('validation'),
    },
  ]);
});

// ---------------------------------------------------------------------------------------------
// The 2026 wire formats: MCP's draft rate-limit error and error taxonomy (SEP-3304, `data.
// retryAfterMs`, `data.mcpError`), through the MCP SDK client; the IETF RateLimit fields
// (draft-ietf-httpapi-ratelimit-headers: the -07 dictionary and the current item list with
// RateLimit-Policy); `x-amz-retry-after` and `retry-after-ms` on plain HTTP; the DOMExceptions
// fetch raises itself (WHATWG fetch: a timed-out signal rejects with `TimeoutError`, an abort
// with `AbortError`).
// ---------------------------------------------------------------------------------------------

describe('fresh 2026 wire formats (round 4)', () => {
  freshCases('formats-2026', [
    {
      label: 'MCP -32023 with data.retryAfterMs 250 and the limit it hit',
      build: mcpRejection(
        new McpError(-32023, 'Too many requests', { retryAfterMs: 250, limit: 'tools/call' }),
      ),
      careful: wait('rate_limit', 250),
    },
    {
      label: 'MCP data.mcpError "unauthorized"',
      build: mcpRejection(new McpError(-32603, 'Token rejected', { mcpError: 'unauthorized' })),
      careful: no('auth'),
    },
    {
      label: 'MCP data.mcpError { type: "Timeout", retryable: true }',
      build: mcpRejection(
        new McpError(-32603, 'Upstream took too long', {
          mcpError: { type: 'Timeout', retryable: true },
        }),
      ),
      careful: wait('timeout'),
    },
    {
      label: 'MCP data.mcpError RESOURCE_NOT_FOUND',
      build: mcpRejection(
        new McpError(-32002, 'No resource file:///x', { mcpError: 'RESOURCE_NOT_FOUND' }),
      ),
      careful: no('not_found'),
    },
    {
      label: 'MCP data.mcpError { code: "rate-limited", retryAfterMs: 900 } on -32603',
      build: mcpRejection(
        new McpError(-32603, 'Slow down', {
          mcpError: { code: 'rate-limited', retryAfterMs: 900 },
        }),
      ),
      careful: wait('rate_limit', 900),
    },
    {
      label: 'MCP data.mcpError cancelled',
      build: mcpRejection(new McpError(-32603, 'Stopped', { mcpError: 'cancelled' })),
      careful: no('cancelled'),
    },
    {
      label: 'RateLimit current draft, one policy with no RateLimit-Policy (t=15) on got 429',
      build: viaGot({ status: 429, headers: { ratelimit: '"default";r=0;t=15' } }),
      careful: wait('rate_limit', 15_000),
    },
    {
      label: 'RateLimit -07 dictionary with RateLimit-Policy (reset=8) on ky 429',
      build: viaKy({
        status: 429,
        headers: { ratelimit: 'limit=5, remaining=0, reset=8', 'ratelimit-policy': '5;w=60' },
      }),
      careful: wait('rate_limit', 8000),
    },
    {
      label: 'RateLimit current draft, the exhausted policy listed second (t=6)',
      build: viaKy({
        status: 429,
        headers: {
          ratelimit: '"hour";r=900;t=2000, "second";r=0;t=6',
          'ratelimit-policy': '"hour";q=1000;w=3600, "second";q=5;w=1',
        },
      }),
      careful: wait('rate_limit', 6000),
    },
    {
      label: 'x-amz-retry-after on a ky 503',
      build: viaKy({ status: 503, headers: { 'x-amz-retry-after': '600' } }),
      careful: wait('unavailable', 600),
    },
    {
      label: 'retry-after-ms on a got 503',
      build: viaGot({ status: 503, headers: { 'retry-after-ms': '350' } }),
      careful: wait('unavailable', 350),
    },
    {
      label: 'fetch with AbortSignal.timeout: DOMException TimeoutError',
      build: () => {
        const slow: Reply = (_req, res) => {
          const timer = setTimeout(() => res.end('late'), 2000);
          res.on('close', () => clearTimeout(timer));
        };
        return rejected(fetch(answer(slow), { signal: AbortSignal.timeout(30) }));
      },
      careful: wait('timeout'),
    },
    {
      label: 'fetch aborted by its controller: DOMException AbortError',
      build: () => {
        const controller = new AbortController();
        const slow: Reply = (_req, res) => {
          const timer = setTimeout(() => res.end('late'), 2000);
          res.on('close', () => clearTimeout(timer));
          controller.abort();
        };
        return rejected(fetch(answer(slow), { signal: controller.signal }));
      },
      careful: no('cancelled'),
    },
  ]);
});

// The AI SDK refuses to download from 127.0.0.1, so a DownloadError with a status is built with
// the SDK's own class as its `download` builds it (`new DownloadError({ url, statusCode,
// statusText })`) rather than fetched: the status decides.
describe('AI_DownloadError with the status its download met', () => {
  it.each([
    [404, 'not_found', false],
    [503, 'unavailable', true],
  ] as const)('%i', (statusCode, category, retryable) => {
    const error = new DownloadError({
      url: 'https://example.com/a.pdf',
      statusCode,
      statusText: 'x',
    });
    const d = decode(error);
    expect([d.category, d.retryable]).toEqual([category, retryable]);
  });
});

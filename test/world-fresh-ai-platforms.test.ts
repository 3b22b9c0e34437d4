// The seventh fresh case set for issue 36: the AI-platform SDK clients a tool calls (not the big
// LLM providers' own SDKs), each error built by the SDK itself against a 127.0.0.1 server that
// answers as the service documents, the SDK's own retries off (Replicate's cannot be turned off:
// its retries answer the same at once, without waiting). Families: Speakeasy (Mistral), Fern
// (Cohere), Stainless (Groq, Together), Replicate's `ApiError`, Hugging Face's inference client,
// Pinecone 7 and Qdrant 1.17. Each family's comment cites the reference its cases and
// expectations come from. FRESH_SCORE=1 prints the score.
import { Mistral } from '@mistralai/mistralai';
import { CohereClientV2 } from 'cohere-ai';
import Groq from 'groq-sdk';
import Together from 'together-ai';
import Replicate from 'replicate';
import { InferenceClient } from '@huggingface/inference';
import { Pinecone } from '@pinecone-database/pinecone';
import { QdrantClient } from '@qdrant/js-client-rest';
import { describe } from 'vitest';
import { freshCases, no, rejected, wait } from './helpers/fresh-cases.js';
import type { Careful, FreshCase } from './helpers/fresh-cases.js';
import { freshServer, hangUp, json, silent } from './helpers/fresh-http.js';
import { closedPort, sse, streamed } from './helpers/reply-server.js';
import type { Reply } from './helpers/reply-server.js';

const { base } = freshServer('fa');
/** An HTTP date `s` seconds from now (a `Retry-After` date is read against the local clock). */
const dateIn = (s: number) => new Date((Math.floor(Date.now() / 1000) + s) * 1000).toUTCString();
/** A plain-text or HTML reply (a gateway's page, not the service's JSON). */
const text = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/html', ...headers },
  body,
});
/** The base URL of a port nothing listens on. */
const refused = async () => `http://127.0.0.1:${await closedPort()}`;
/** An SDK call that rejects; the error it rejects with. */
type Build = () => Promise<unknown>;

/** One case: what it walks, how the error is built, the careful reading, a known miss. */
const c = (label: string, build: Build, careful: Careful, miss?: string): FreshCase => ({
  label,
  build,
  careful,
  ...(miss === undefined ? {} : { miss }),
});
const hi = [{ role: 'user' as const, content: 'hi' }];

/** Reads a stream to its end (or its failure). */
async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const chunk of stream) void chunk;
}

// ---------------------------------------------------------------------------------------------
// Mistral (Speakeasy SDK, `@mistralai/mistralai` 2): docs.mistral.ai/api ("Chat completion":
// 422 `HTTPValidationError` with `detail[]`; other statuses the fallback `SDKError` with
// `statusCode`, `headers`, the body as text), errors as `{ object: 'error', message, type,
// param, code }`; rate limits (docs.mistral.ai/deployment/laplateforme/tier) answer 429.
// ---------------------------------------------------------------------------------------------

const mistralError = (message: string, type: string, code: string | null = null) => ({
  object: 'error',
  message,
  type,
  param: null,
  code,
});
const mistralClient = (serverURL: string, timeoutMs?: number) =>
  new Mistral({
    apiKey: 'k',
    serverURL,
    retryConfig: { strategy: 'none' },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
const mistral =
  (reply: Reply): Build =>
  () =>
    rejected(
      mistralClient(base('/v1/chat/completions', reply)).chat.complete({
        model: 'mistral-small-latest',
        messages: hi,
      }),
    );
const mistralStream =
  (reply: Reply): Build =>
  () =>
    rejected(async () =>
      drain(
        await mistralClient(base('/v1/chat/completions', reply)).chat.stream({
          model: 'mistral-small-latest',
          messages: hi,
        }),
      ),
    );

describe('Mistral (Speakeasy) errors', () => {
  freshCases('mistral', [
    c(
      'Mistral 400 invalid_request_error',
      mistral(json(400, mistralError('Invalid model: mistral-nope', 'invalid_model', '1500'))),
      no('validation'),
    ),
    c(
      'Mistral 401 Unauthorized',
      mistral(json(401, { message: 'Unauthorized', request_id: 'r1' })),
      no('auth'),
    ),
    c(
      'Mistral 403 the key may not use the model',
      mistral(json(403, mistralError('You do not have access to this model', 'forbidden'))),
      no('permission'),
    ),
    c(
      'Mistral 404 no such fine-tuned model',
      mistral(json(404, mistralError('Model not found', 'not_found_error'))),
      no('not_found'),
    ),
    c(
      'Mistral 422 HTTPValidationError (a missing field)',
      mistral(
        json(422, {
          detail: [{ loc: ['body', 'model'], msg: 'Field required', type: 'missing', input: {} }],
        }),
      ),
      no('validation'),
    ),
    c(
      'Mistral 429 with Retry-After: 7',
      mistral(json(429, { message: 'Requests rate limit exceeded' }, { 'retry-after': '7' })),
      wait('rate_limit', 7000),
    ),
    c(
      'Mistral 429 with a Retry-After date',
      mistral(
        json(429, { message: 'Requests rate limit exceeded' }, { 'retry-after': dateIn(30) }),
      ),
      wait('rate_limit'),
    ),
    c(
      'Mistral 429 tokens per month spent (service tier)',
      mistral(json(429, mistralError('Tokens per month limit exceeded', 'rate_limited'))),
      wait('rate_limit'),
    ),
    c(
      'Mistral 500 internal',
      mistral(json(500, mistralError('Internal server error', 'internal_server_error'))),
      wait('internal'),
    ),
    c(
      'Mistral 502 gateway page',
      mistral(text(502, '<html><body><h1>502 Bad Gateway</h1></body></html>')),
      wait('unavailable'),
    ),
    c(
      'Mistral 503 Service unavailable',
      mistral(json(503, { message: 'Service unavailable', request_id: 'r2' })),
      wait('unavailable'),
    ),
    c(
      'Mistral 504 gateway timeout',
      mistral(text(504, 'upstream request timeout', { 'content-type': 'text/plain' })),
      wait('timeout'),
    ),
    c(
      'Mistral connection refused',
      async () =>
        rejected(mistralClient(await refused()).chat.complete({ model: 'm', messages: hi })),
      wait('unavailable'),
    ),
    c(
      'Mistral timeoutMs (RequestTimeoutError)',
      () =>
        rejected(
          mistralClient(base('/v1/chat/completions', silent(5000)), 50).chat.complete({
            model: 'm',
            messages: hi,
          }),
        ),
      wait('timeout'),
    ),
    c(
      'Mistral aborted by the caller (RequestAbortedError)',
      () =>
        rejected(
          mistralClient(base('/v1/chat/completions', silent(5000))).chat.complete(
            { model: 'm', messages: hi },
            { fetchOptions: { signal: AbortSignal.abort() } },
          ),
        ),
      no('cancelled'),
    ),
    c('Mistral connection cut before an answer', mistral(hangUp), wait('unavailable')),
    c(
      'Mistral 200 whose body is no completion (ResponseValidationError)',
      mistral(json(200, { unexpected: true })),
      no('protocol'),
    ),
    c(
      'Mistral 413 request too large',
      mistral(text(413, 'Request Entity Too Large', { 'content-type': 'text/plain' })),
      no('validation'),
    ),
    c(
      'Mistral input refused before any request (SDKValidationError)',
      () =>
        rejected(
          mistralClient(base('/v1/chat/completions', json(200, {}))).chat.complete({
            messages: hi,
          } as never),
        ),
      no('validation'),
    ),
    c(
      'Mistral 429 with the ratelimit reset header only',
      mistral(
        json(
          429,
          { message: 'Requests rate limit exceeded' },
          { 'x-ratelimit-remaining-req-minute': '0', 'retry-after': '11' },
        ),
      ),
      wait('rate_limit', 11_000),
    ),
    c(
      'Mistral stream opened with 429',
      mistralStream(json(429, { message: 'Requests rate limit exceeded' }, { 'retry-after': '3' })),
      wait('rate_limit', 3000),
    ),
    c(
      'Mistral stream opened with 401',
      mistralStream(json(401, { message: 'Unauthorized', request_id: 'r3' })),
      no('auth'),
    ),
    c(
      'Mistral stream opened with 503',
      mistralStream(json(503, { message: 'Service unavailable' })),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Cohere (Fern SDK, `cohere-ai` 8): docs.cohere.com/reference/errors (400 bad request, 401,
// 402 billing limit reached, 404, 422, 429 "past the per minute request limit", 498 invalid
// token, 499 "request cancelled by the user", 500, 501, 503, 504); the SDK throws one class per
// status (`TooManyRequestsError`, `InvalidTokenError`, …, the rest `CohereError`) with
// `statusCode`, the parsed `body` and `rawResponse` (its headers); `CohereTimeoutError` for its
// own timeout; an abort or a lost connection is a `CohereError` with no status.
// ---------------------------------------------------------------------------------------------

const cohereClient = (environment: string) => new CohereClientV2({ token: 'k', environment });
const cohere =
  (reply: Reply, options: { timeoutInSeconds?: number; abortSignal?: AbortSignal } = {}): Build =>
  () =>
    rejected(
      cohereClient(base('/v2/chat', reply)).chat(
        { model: 'command-a-03-2025', messages: hi },
        { maxRetries: 0, ...options },
      ),
    );
const cohereStream =
  (reply: Reply): Build =>
  () =>
    rejected(async () =>
      drain(
        await cohereClient(base('/v2/chat', reply)).chatStream(
          { model: 'command-a-03-2025', messages: hi },
          { maxRetries: 0 },
        ),
      ),
    );
const cohereMessage = (message: string) => ({ id: 'e1', message });

describe('Cohere (Fern) errors', () => {
  freshCases('cohere', [
    c(
      'Cohere 400 invalid request',
      cohere(json(400, cohereMessage('invalid request: message must not be empty'))),
      no('validation'),
    ),
    c(
      'Cohere 400 too many tokens',
      cohere(
        json(
          400,
          cohereMessage(
            'too many tokens: total number of tokens in the prompt cannot exceed 4081 - received 4292.',
          ),
        ),
      ),
      no('validation'),
    ),
    c(
      'Cohere 401 invalid api token',
      cohere(json(401, cohereMessage('invalid api token'))),
      no('auth'),
    ),
    c(
      'Cohere 402 billing limit reached',
      cohere(
        json(
          402,
          cohereMessage(
            'Please add or update your payment method at https://dashboard.cohere.com/billing?tab=payment to continue',
          ),
        ),
      ),
      no('quota'),
    ),
    c(
      'Cohere 404 model not found',
      cohere(
        json(
          404,
          cohereMessage("model 'command-x' not found, make sure the correct model ID was used"),
        ),
      ),
      no('not_found'),
    ),
    c(
      'Cohere 422 unprocessable',
      cohere(json(422, cohereMessage('invalid value for field "temperature"'))),
      no('validation'),
    ),
    c(
      'Cohere 429 trial key limit, Retry-After: 12',
      cohere(
        json(
          429,
          cohereMessage('You are using a Trial key, which is limited to 20 API calls / minute.'),
          { 'retry-after': '12' },
        ),
      ),
      wait('rate_limit', 12_000),
    ),
    c(
      'Cohere 429 past the per minute limit, no header',
      cohere(
        json(
          429,
          cohereMessage(
            'You are past the per minute request limit, please wait and try again later.',
          ),
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Cohere 429 with a Retry-After date',
      cohere(
        json(429, cohereMessage('trial token rate limit exceeded'), { 'retry-after': dateIn(20) }),
      ),
      wait('rate_limit'),
    ),
    c(
      'Cohere 498 invalid token (InvalidTokenError)',
      cohere(json(498, cohereMessage('invalid token'))),
      no('auth'),
    ),
    c(
      'Cohere 499 request cancelled (ClientClosedRequestError)',
      cohere(json(499, cohereMessage('request cancelled by user'))),
      no('cancelled'),
    ),
    c(
      'Cohere 500 internal',
      cohere(
        json(500, cohereMessage('internal server error, this has been reported to our developers')),
      ),
      wait('internal'),
    ),
    c(
      'Cohere 501 not implemented',
      cohere(json(501, cohereMessage('model does not support this feature'))),
      no('protocol'),
    ),
    c(
      'Cohere 503 unavailable',
      cohere(json(503, cohereMessage('service unavailable'))),
      wait('unavailable'),
    ),
    c(
      'Cohere 504 gateway timeout',
      cohere(json(504, cohereMessage('gateway timeout'))),
      wait('timeout'),
    ),
    c(
      'Cohere 502 gateway page (a status it has no class for)',
      cohere(text(502, '<html><body>502 Bad Gateway</body></html>')),
      wait('unavailable'),
    ),
    c(
      'Cohere timeoutInSeconds (CohereTimeoutError)',
      cohere(silent(5000), { timeoutInSeconds: 0.05 }),
      wait('timeout'),
    ),
    c(
      'Cohere aborted by the caller',
      cohere(silent(5000), { abortSignal: AbortSignal.abort() }),
      no('cancelled'),
    ),
    c(
      'Cohere connection refused',
      async () =>
        rejected(
          cohereClient(await refused()).chat({ model: 'm', messages: hi }, { maxRetries: 0 }),
        ),
      wait('unavailable'),
    ),
    c(
      'Cohere embed 400 (another endpoint, the same family)',
      () =>
        rejected(
          cohereClient(
            base(
              '/v2/embed',
              json(
                400,
                cohereMessage(
                  'invalid request: valid input_type must be provided with the provided model',
                ),
              ),
            ),
          ).embed(
            {
              model: 'embed-v4.0',
              inputType: 'search_document',
              embeddingTypes: ['float'],
              texts: ['hi'],
            },
            { maxRetries: 0 },
          ),
        ),
      no('validation'),
    ),
    c(
      'Cohere rerank 429 with Retry-After: 8',
      () =>
        rejected(
          cohereClient(
            base('/v2/rerank', json(429, cohereMessage('rate limit'), { 'retry-after': '8' })),
          ).rerank({ model: 'rerank-v3.5', query: 'q', documents: ['a'] }, { maxRetries: 0 }),
        ),
      wait('rate_limit', 8000),
    ),
    c(
      'Cohere 400 whose body is text',
      cohere(text(400, 'invalid request: bad JSON', { 'content-type': 'text/plain' })),
      no('validation'),
    ),
    c(
      'Cohere 429 trial key spent for the month',
      cohere(
        json(
          429,
          cohereMessage('You are using a Trial key, which is limited to 1000 API calls / month.'),
        ),
      ),
      no('quota'),
    ),
    c(
      'Cohere stream opened with 429',
      cohereStream(
        json(429, cohereMessage('You are past the per minute request limit'), {
          'retry-after': '4',
        }),
      ),
      wait('rate_limit', 4000),
    ),
    c(
      'Cohere stream opened with 500',
      cohereStream(json(500, cohereMessage('internal server error'))),
      wait('internal'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Groq (Stainless SDK, `groq-sdk` 1): console.groq.com/docs/errors (400, 401, 403, 404, 413,
// 422, 424 a failed dependency such as a remote MCP server's auth, 429 with `retry-after`, 498
// flex tier capacity exceeded, 499 cancelled, 500, 502, 503); console.groq.com/docs/rate-limits
// (`retry-after` seconds on a 429, `x-ratelimit-reset-requests` / `-tokens` as `2m59.56s`);
// OpenAI-style bodies `{ error: { message, type, code } }`.
// ---------------------------------------------------------------------------------------------

const groqError = (message: string, type: string, code: string | null = null) => ({
  error: { message, type, code },
});
const groqClient = (baseURL: string, timeout?: number) =>
  new Groq({ apiKey: 'k', baseURL, maxRetries: 0, ...(timeout === undefined ? {} : { timeout }) });
const groq =
  (reply: Reply): Build =>
  () =>
    rejected(
      groqClient(base('/openai/v1/chat/completions', reply)).chat.completions.create({
        model: 'llama-3.3-70b-versatile',
        messages: hi,
      }),
    );
const groqStream =
  (reply: Reply): Build =>
  () =>
    rejected(async () =>
      drain(
        await groqClient(base('/openai/v1/chat/completions', reply)).chat.completions.create({
          model: 'llama-3.3-70b-versatile',
          messages: hi,
          stream: true,
        }),
      ),
    );
const chunk = { id: 'c1', object: 'chat.completion.chunk', choices: [] };

describe('Groq (Stainless) errors', () => {
  freshCases('groq', [
    c(
      'Groq 400 invalid_request_error',
      groq(
        json(
          400,
          groqError("'messages' must contain at least one message", 'invalid_request_error'),
        ),
      ),
      no('validation'),
    ),
    c(
      'Groq 401 invalid_api_key',
      groq(json(401, groqError('Invalid API Key', 'invalid_request_error', 'invalid_api_key'))),
      no('auth'),
    ),
    c(
      'Groq 403 permission',
      groq(
        json(
          403,
          groqError(
            'Forbidden: this model is not enabled for your organization',
            'permission_error',
          ),
        ),
      ),
      no('permission'),
    ),
    c(
      'Groq 404 model_not_found',
      groq(
        json(
          404,
          groqError(
            'The model `llama-9` does not exist or you do not have access to it.',
            'invalid_request_error',
            'model_not_found',
          ),
        ),
      ),
      no('not_found'),
    ),
    c(
      'Groq 413 request entity too large',
      groq(json(413, groqError('Request Entity Too Large', 'invalid_request_error'))),
      no('validation'),
    ),
    c(
      'Groq 422 unprocessable (the model hallucinated a tool call)',
      groq(
        json(
          422,
          groqError('Failed to call a function', 'invalid_request_error', 'tool_use_failed'),
        ),
      ),
      no('validation'),
    ),
    c(
      'Groq 424 failed dependency (remote MCP auth)',
      groq(
        json(
          424,
          groqError('Failed Dependency: remote MCP server returned 401', 'invalid_request_error'),
        ),
      ),
      no('validation'),
    ),
    c(
      'Groq 429 rate_limit_exceeded with retry-after: 2',
      groq(
        json(
          429,
          groqError(
            'Rate limit reached for model `llama-3.3-70b-versatile` on requests per minute (RPM): Limit 30, Used 30, Requested 1. Please try again in 2s.',
            'requests',
            'rate_limit_exceeded',
          ),
          {
            'retry-after': '2',
            'x-ratelimit-remaining-requests': '0',
            'x-ratelimit-reset-requests': '2s',
          },
        ),
      ),
      wait('rate_limit', 2000),
    ),
    c(
      'Groq 429 tokens per minute, only the reset header',
      groq(
        json(
          429,
          groqError(
            'Rate limit reached for model `llama-3.1-8b-instant` on tokens per minute (TPM)',
            'tokens',
            'rate_limit_exceeded',
          ),
          { 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '7.66s' },
        ),
      ),
      wait('rate_limit', 7660),
    ),
    c(
      'Groq 429 the wait only in the message',
      groq(
        json(
          429,
          groqError(
            'Rate limit reached for model `llama-3.3-70b-versatile` on tokens per day (TPD): Limit 100000, Used 99980, Requested 500. Please try again in 1m30.5s.',
            'tokens',
            'rate_limit_exceeded',
          ),
        ),
      ),
      wait('rate_limit', 90_500),
    ),
    c(
      'Groq stream: an event: error',
      groqStream(
        streamed(sse('error', { error: { message: 'Overloaded', type: 'overloaded_error' } })),
      ),
      wait('unavailable'),
    ),
    c(
      'Groq 498 flex tier capacity_exceeded',
      groq(
        json(
          498,
          groqError(
            'Flex tier capacity exceeded. Please try again later.',
            'capacity_exceeded',
            'capacity_exceeded',
          ),
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Groq 499 request cancelled',
      groq(json(499, groqError('Request cancelled', 'invalid_request_error'))),
      no('cancelled'),
    ),
    c(
      'Groq 500 internal_server_error',
      groq(json(500, groqError('Internal Server Error', 'internal_server_error'))),
      wait('internal'),
    ),
    c(
      'Groq 502 Bad Gateway page',
      groq(text(502, '<html><head><title>502 Bad Gateway</title></head></html>')),
      wait('unavailable'),
    ),
    c(
      'Groq 503 over capacity',
      groq(
        json(
          503,
          groqError(
            'Service Unavailable: over capacity',
            'internal_server_error',
            'service_unavailable',
          ),
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Groq timeout option (APIConnectionTimeoutError)',
      () =>
        rejected(
          groqClient(base('/openai/v1/chat/completions', silent(5000)), 50).chat.completions.create(
            {
              model: 'm',
              messages: hi,
            },
          ),
        ),
      wait('timeout'),
    ),
    c(
      'Groq aborted by the caller (APIUserAbortError)',
      () =>
        rejected(
          groqClient(base('/openai/v1/chat/completions', silent(5000))).chat.completions.create(
            { model: 'm', messages: hi },
            { signal: AbortSignal.abort() },
          ),
        ),
      no('cancelled'),
    ),
    c(
      'Groq connection refused',
      async () =>
        rejected(groqClient(await refused()).chat.completions.create({ model: 'm', messages: hi })),
      wait('unavailable'),
    ),
    c(
      'Groq stream: an error chunk mid-stream (rate limit)',
      groqStream(
        streamed(
          sse(undefined, chunk) +
            sse(undefined, {
              ...chunk,
              error: { message: 'Rate limit reached', type: 'tokens', code: 'rate_limit_exceeded' },
            }),
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Groq stream: an error chunk mid-stream (server error)',
      groqStream(
        streamed(
          sse(undefined, {
            error: { message: 'Internal Server Error', type: 'internal_server_error' },
          }),
        ),
      ),
      wait('internal'),
    ),
    c(
      'Groq stream opened with 498',
      groqStream(
        json(
          498,
          groqError('Flex tier capacity exceeded', 'capacity_exceeded', 'capacity_exceeded'),
        ),
      ),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Together (Stainless SDK, `together-ai` 0.52): docs.together.ai/docs/error-codes (400, 401,
// 402 payment required, 403 bad request over the context length, 404, 429 with
// `x-ratelimit-reset` seconds and `retry-after`, 500, 502, 503 engine overloaded, 504, 524
// Cloudflare timeout, 529 server overloaded); OpenAI-style bodies.
// ---------------------------------------------------------------------------------------------

const togetherError = (message: string, type: string, code: string | null = null) => ({
  error: { message, type, param: null, code },
});
const togetherClient = (baseURL: string, timeout?: number) =>
  new Together({
    apiKey: 'k',
    baseURL,
    maxRetries: 0,
    ...(timeout === undefined ? {} : { timeout }),
  });
const together =
  (reply: Reply): Build =>
  () =>
    rejected(
      togetherClient(base('/chat/completions', reply)).chat.completions.create({
        model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
        messages: hi,
      }),
    );
const togetherStream =
  (reply: Reply): Build =>
  () =>
    rejected(async () =>
      drain(
        await togetherClient(base('/chat/completions', reply)).chat.completions.create({
          model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
          messages: hi,
          stream: true,
        }),
      ),
    );

describe('Together (Stainless) errors', () => {
  freshCases('together', [
    c(
      'Together 400 invalid_request_error',
      together(
        json(
          400,
          togetherError(
            'Input validation error: `inputs` must have less than 8193 tokens',
            'invalid_request_error',
          ),
        ),
      ),
      no('validation'),
    ),
    c(
      'Together 401 invalid api key',
      together(
        json(
          401,
          togetherError(
            'Invalid API key provided. You can find your API key at https://api.together.xyz/settings/api-keys.',
            'invalid_request_error',
            'invalid_api_key',
          ),
        ),
      ),
      no('auth'),
    ),
    c(
      'Together 402 credit limit reached',
      together(
        json(
          402,
          togetherError(
            'Credit limit exceeded. Please add a payment method.',
            'invalid_request_error',
            'credit_limit',
          ),
        ),
      ),
      no('quota'),
    ),
    c(
      'Together 403 over the context length (documented as 403)',
      together(
        json(
          403,
          togetherError(
            'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 8193',
            'invalid_request_error',
          ),
        ),
      ),
      no('validation'),
    ),
    c(
      'Together 404 model not found',
      together(
        json(
          404,
          togetherError(
            'Unable to access model nope. Please visit https://api.together.ai/models to view the list of supported models.',
            'invalid_request_error',
            'model_not_available',
          ),
        ),
      ),
      no('not_found'),
    ),
    c(
      'Together 429 with x-ratelimit-reset seconds and retry-after',
      together(
        json(
          429,
          togetherError('You have exceeded the rate limit for this model', 'rate_limit_exceeded'),
          {
            'retry-after': '6',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': '6',
          },
        ),
      ),
      wait('rate_limit', 6000),
    ),
    c(
      'Together 429 dynamic rate limit, no header',
      together(
        json(
          429,
          togetherError(
            'Rate limit exceeded: too many tokens',
            'rate_limit_exceeded',
            'rate_limit_exceeded',
          ),
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Together 429 with x-ratelimit-reset only',
      together(
        json(429, togetherError('rate limit exceeded', 'rate_limit_exceeded'), {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': '3',
        }),
      ),
      wait('rate_limit', 3000),
    ),
    c(
      'Together 400 inputs over the context (TGI words)',
      together(
        json(
          400,
          togetherError(
            'Input validation error: `inputs` must have less than 8193 tokens. Given: 9000',
            'invalid_request_error',
          ),
        ),
      ),
      no('validation'),
    ),
    c(
      'Together 500 internal',
      together(json(500, togetherError('Internal server error', 'server_error'))),
      wait('internal'),
    ),
    c(
      'Together 502 bad gateway page',
      together(text(502, '<html>502 Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c(
      'Together 503 engine overloaded',
      together(
        json(503, togetherError('The server is overloaded or not ready yet.', 'server_error')),
      ),
      wait('unavailable'),
    ),
    c(
      'Together 504 timeout',
      together(text(504, 'Gateway Timeout', { 'content-type': 'text/plain' })),
      wait('timeout'),
    ),
    c(
      'Together 524 Cloudflare origin timeout',
      together(text(524, '<html>A timeout occurred</html>')),
      wait('timeout'),
    ),
    c(
      'Together 529 server overloaded',
      together(
        json(529, togetherError('Server is overloaded, please try again later', 'server_error')),
      ),
      wait('unavailable'),
    ),
    c(
      'Together timeout option',
      () =>
        rejected(
          togetherClient(base('/chat/completions', silent(5000)), 50).chat.completions.create({
            model: 'm',
            messages: hi,
          }),
        ),
      wait('timeout'),
    ),
    c(
      'Together aborted by the caller',
      () =>
        rejected(
          togetherClient(base('/chat/completions', silent(5000))).chat.completions.create(
            { model: 'm', messages: hi },
            { signal: AbortSignal.abort() },
          ),
        ),
      no('cancelled'),
    ),
    c(
      'Together connection refused',
      async () =>
        rejected(
          togetherClient(await refused()).chat.completions.create({ model: 'm', messages: hi }),
        ),
      wait('unavailable'),
    ),
    c(
      'Together stream: an error chunk after a delta (overloaded)',
      togetherStream(
        streamed(
          sse(undefined, chunk) +
            sse(undefined, {
              error: { message: 'Server is overloaded', type: 'server_error', code: 529 },
            }),
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Together stream: an error chunk (rate limit)',
      togetherStream(
        streamed(
          sse(undefined, {
            error: { message: 'Rate limit exceeded', type: 'rate_limit_exceeded' },
          }),
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Together stream opened with 429 and retry-after',
      togetherStream(
        json(429, togetherError('rate limited', 'rate_limit_exceeded'), { 'retry-after': '5' }),
      ),
      wait('rate_limit', 5000),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Replicate (`replicate` 1): replicate.com/docs/reference/http ("Errors": problem details
// `{ title, detail, status }`; 401 unauthenticated, 402 insufficient credit, 404, 422 invalid
// input, 429 throttled with `retry-after`, 5xx). Its `ApiError` keeps the fetch `Response` (read
// already) on `.response`; the body is only in the message. Its client retries a 429 (and a GET's
// 5xx) itself, five times, and cannot be told not to: the server answers each at once.
// ---------------------------------------------------------------------------------------------

const problem = (status: number, title: string, detail: string) =>
  json(
    status,
    { type: `https://replicate.com/docs/errors`, title, detail, status },
    {
      'content-type': 'application/problem+json',
    },
  );
const replicateClient = (baseUrl: string) => new Replicate({ auth: 'k', baseUrl });
const replicate =
  (reply: Reply): Build =>
  () =>
    rejected(
      replicateClient(base('/predictions', reply)).predictions.create({
        version: '5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
        input: { prompt: 'hi' },
      }),
    );
const replicateGet =
  (reply: Reply): Build =>
  () =>
    rejected(replicateClient(base('/models/acme/m', reply)).models.get('acme', 'm'));

describe('Replicate errors', () => {
  freshCases('replicate', [
    c(
      'Replicate 401 unauthenticated',
      replicate(problem(401, 'Unauthenticated', 'You did not pass a valid authentication token')),
      no('auth'),
    ),
    c(
      'Replicate 402 insufficient credit',
      replicate(
        problem(
          402,
          'Insufficient credit',
          'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit.',
        ),
      ),
      no('quota'),
    ),
    c(
      'Replicate 403 forbidden',
      replicate(problem(403, 'Forbidden', 'You do not have permission to access this model')),
      no('permission'),
    ),
    c(
      'Replicate 404 model version not found',
      replicate(
        problem(
          404,
          'Not found',
          'The specified version does not exist (or perhaps you do not have permission to use it?)',
        ),
      ),
      no('not_found'),
    ),
    c(
      'Replicate 409 conflict',
      replicate(problem(409, 'Conflict', 'A deployment with that name already exists')),
      no('conflict'),
    ),
    c(
      'Replicate 413 request too large',
      replicate(problem(413, 'Request Entity Too Large', 'The request body is too large')),
      no('validation'),
    ),
    c(
      'Replicate 422 invalid input',
      replicate(
        problem(
          422,
          'Input validation failed',
          '- input.prompt: Invalid type. Expected: string, given: integer',
        ),
      ),
      no('validation'),
    ),
    c(
      'Replicate 429 throttled with retry-after: 9',
      replicate({
        status: 429,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '9' },
        body: {
          title: 'Request was throttled.',
          detail: 'Request was throttled. Expected available in 9 seconds.',
          status: 429,
        },
      }),
      wait('rate_limit', 9000),
    ),
    c(
      'Replicate 429 throttled, the wait only in the detail',
      replicate(
        problem(
          429,
          'Request was throttled.',
          'Request was throttled. Expected available in 2 seconds.',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Replicate 429 with a retry-after date',
      replicate({
        status: 429,
        headers: { 'content-type': 'application/problem+json', 'retry-after': dateIn(40) },
        body: { title: 'Request was throttled.', detail: 'Request was throttled.', status: 429 },
      }),
      wait('rate_limit'),
    ),
    c(
      'Replicate 401 as plain text',
      replicate(text(401, 'Unauthorized', { 'content-type': 'text/plain' })),
      no('auth'),
    ),
    c(
      'Replicate GET 500 (retried by the client, then thrown)',
      replicateGet(problem(500, 'Internal Server Error', 'An unexpected error occurred')),
      wait('internal'),
    ),
    c(
      'Replicate GET 502 gateway page',
      replicateGet(text(502, '<html>502 Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c(
      'Replicate GET 503',
      replicateGet(problem(503, 'Service Unavailable', 'Replicate is temporarily unavailable')),
      wait('unavailable'),
    ),
    c(
      'Replicate GET 504',
      replicateGet(text(504, 'Gateway Timeout', { 'content-type': 'text/plain' })),
      wait('timeout'),
    ),
    c(
      'Replicate POST 500 (not retried)',
      replicate(problem(500, 'Internal Server Error', 'An unexpected error occurred')),
      wait('internal'),
    ),
    c(
      'Replicate connection refused',
      async () => rejected(replicateClient(await refused()).models.get('acme', 'm')),
      wait('unavailable'),
    ),
    c(
      'Replicate aborted by the caller',
      () =>
        rejected(
          replicateClient(base('/predictions', silent(5000))).predictions.create({
            version: 'v',
            input: {},
            signal: AbortSignal.abort(),
          } as never),
        ),
      no('cancelled'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Hugging Face (`@huggingface/inference` 4): huggingface.co/docs/inference-providers ("Hub
// API" and the router's errors: 400, 401 invalid token, 402 "exceeded your monthly included
// credits", 403, 404 model not found, 422, 429 rate limited, 500, 503 "Model … is currently
// loading" with `estimated_time` seconds, 504); the client's `InferenceClientProviderApiError`
// keeps `httpResponse: { status, body, requestId }` (no headers), its `InputError` a caller's
// mistake found before any request; `retry_on_error: false` stops its own retry of a 503.
// ---------------------------------------------------------------------------------------------

const hfChat =
  (reply: Reply, options: { signal?: AbortSignal } = {}): Build =>
  () =>
    rejected(
      new InferenceClient('k').chatCompletion(
        {
          endpointUrl: base('/v1/chat/completions', reply),
          model: 'm',
          messages: hi,
        },
        { retry_on_error: false, ...options },
      ),
    );
const hfModel =
  (reply: Reply): Build =>
  () =>
    rejected(
      new InferenceClient('k').textClassification(
        { endpointUrl: base('', reply), inputs: 'hi' },
        { retry_on_error: false },
      ),
    );
const hfStream =
  (reply: Reply): Build =>
  () =>
    rejected(async () =>
      drain(
        new InferenceClient('k').chatCompletionStream(
          {
            endpointUrl: base('/v1/chat/completions', reply).replace(
              /\/v1\/chat\/completions$/,
              '',
            ),
            model: 'm',
            messages: hi,
          },
          { retry_on_error: false },
        ),
      ),
    );

describe('Hugging Face inference errors', () => {
  freshCases('huggingface', [
    c(
      'HF 400 bad input (text model)',
      hfModel(json(400, { error: 'Input validation error: `inputs` must be non-empty' })),
      no('validation'),
    ),
    c(
      'HF 401 invalid token',
      hfModel(json(401, { error: 'Invalid credentials in Authorization header' })),
      no('auth'),
    ),
    c(
      'HF 402 monthly credits exceeded',
      hfModel(
        json(402, {
          error:
            'You have exceeded your monthly included credits for Inference Providers. Subscribe to PRO to get 20x more monthly included credits.',
        }),
      ),
      no('quota'),
    ),
    c(
      'HF 403 gated model',
      hfModel(
        json(403, {
          error:
            'Access to model acme/m is restricted. You must have access to it and be authenticated to access it.',
        }),
      ),
      no('permission'),
    ),
    c(
      'HF 404 model not found',
      hfModel(json(404, { error: 'Model acme/m does not exist' })),
      no('not_found'),
    ),
    c(
      'HF 422 unprocessable',
      hfModel(
        json(422, { error: 'Input validation error: `temperature` must be strictly positive' }),
      ),
      no('validation'),
    ),
    c(
      'HF 429 rate limited',
      hfModel(
        json(429, {
          error:
            'Rate limit reached. You reached free usage limit (reset hourly). Please subscribe to a plan at https://huggingface.co/pricing to use the API at this rate',
        }),
      ),
      wait('rate_limit'),
    ),
    c('HF 500 internal', hfModel(json(500, { error: 'Internal Server Error' })), wait('internal')),
    c(
      'HF 503 model loading, estimated_time 20.5',
      hfModel(json(503, { error: 'Model acme/m is currently loading', estimated_time: 20.5 })),
      wait('unavailable', 20_500),
    ),
    c(
      'HF 504 timeout as plain text',
      hfModel(text(504, 'Gateway Timeout', { 'content-type': 'text/plain; charset=utf-8' })),
      wait('timeout'),
    ),
    c(
      'HF chat 400 on a chat model ("does not seem to support chat completion")',
      hfChat(
        json(400, {
          error: { message: 'Template error: messages must alternate', type: 'validation' },
        }),
      ),
      no('validation'),
    ),
    c(
      'HF chat 429 with an OpenAI-style body',
      hfChat(json(429, { error: { message: 'Too many requests', type: 'rate_limit_error' } })),
      wait('rate_limit'),
    ),
    c(
      'HF chat 502 gateway page',
      hfChat(text(502, '<html>502 Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c(
      'HF chat connection refused',
      async () =>
        rejected(
          new InferenceClient('k').chatCompletion(
            { endpointUrl: await refused(), model: 'm', messages: hi },
            { retry_on_error: false },
          ),
        ),
      wait('unavailable'),
    ),
    c(
      'HF chat aborted by the caller',
      hfChat(silent(5000), { signal: AbortSignal.abort() }),
      no('cancelled'),
    ),
    c(
      'HF a third-party provider with endpointUrl (InputError)',
      () =>
        rejected(
          new InferenceClient('k').chatCompletion({
            provider: 'together',
            endpointUrl: 'http://127.0.0.1:1',
            model: 'm',
            messages: hi,
          }),
        ),
      no('validation'),
    ),
    c(
      'HF stream: an error event mid-stream',
      hfStream(
        streamed(
          sse(undefined, {
            error: 'Input validation error: too many tokens',
            error_type: 'validation',
          }),
        ),
      ),
      no('validation'),
    ),
    c(
      'HF stream: an overloaded error mid-stream',
      hfStream(
        streamed(sse(undefined, { error: { message: 'Model is overloaded', type: 'overloaded' } })),
      ),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Pinecone (`@pinecone-database/pinecone` 7): docs.pinecone.io/reference/api/errors (400
// INVALID_ARGUMENT, 401 UNAUTHENTICATED, 402 payment required, 403 FORBIDDEN a quota or
// deletion protection, 404 NOT_FOUND, 409 ALREADY_EXISTS, 412 FAILED_PRECONDITION, 422, 429
// TOO MANY REQUESTS "retry with exponential backoff", 500 UNKNOWN, 502, 503 UNAVAILABLE, 504);
// bodies `{ error: { code, message }, status }`. The SDK throws a class per status
// (`PineconeBadRequestError` for 400 and 403, `…NotFoundError`, `…ConflictError`, …) with the
// body text in its message and no status member, `PineconeUnmappedHttpError` ("Status: 429.")
// for the rest; its fetch retries a 5xx (`maxRetries: 0` makes it one attempt) and ends in
// `PineconeMaxRetriesExceededError` under a `PineconeConnectionError`.
// ---------------------------------------------------------------------------------------------

const pineconeBody = (status: number, code: string, message: string, headers = {}) =>
  json(status, { error: { code, message }, status }, headers);
const pinecone =
  (reply: Reply): Build =>
  () =>
    rejected(
      new Pinecone({ apiKey: 'k', controllerHostUrl: base('/indexes/docs', reply), maxRetries: 0 })
        .describeIndex('docs')
        .then(() => undefined),
    );
const pineconeCreate =
  (reply: Reply): Build =>
  () => {
    const host = base('/indexes', reply);
    return rejected(
      new Pinecone({ apiKey: 'k', controllerHostUrl: host, maxRetries: 0 }).createIndex({
        name: 'docs',
        dimension: 8,
        spec: { serverless: { cloud: 'aws', region: 'us-east-1' } },
      }),
    );
  };

/** The data plane: an index's own host (`pc.index({ host })`). */
const pineconeIndex = (sub: string, reply: Reply) =>
  new Pinecone({ apiKey: 'k', maxRetries: 0 }).index({
    host: base(sub, reply),
  });
const pineconeUpsert =
  (reply: Reply): Build =>
  () =>
    rejected(
      pineconeIndex('/vectors/upsert', reply).upsert({
        records: [{ id: 'a', values: [0.1, 0.2] }],
      }),
    );
const pineconeQuery =
  (reply: Reply): Build =>
  () =>
    rejected(pineconeIndex('/query', reply).query({ vector: [0.1, 0.2], topK: 3 }));

describe('Pinecone errors', () => {
  freshCases('pinecone', [
    c(
      'Pinecone 400 INVALID_ARGUMENT',
      pineconeCreate(
        pineconeBody(400, 'INVALID_ARGUMENT', 'Bad request: Dimension must be positive'),
      ),
      no('validation'),
    ),
    c(
      'Pinecone 401 UNAUTHENTICATED',
      pinecone(pineconeBody(401, 'UNAUTHENTICATED', 'Invalid API Key')),
      no('auth'),
    ),
    c(
      'Pinecone 402 payment required',
      pinecone(pineconeBody(402, 'PAYMENT_REQUIRED', 'Request failed due to delinquent payment')),
      no('quota'),
    ),
    c(
      'Pinecone 403 FORBIDDEN quota',
      pineconeCreate(
        pineconeBody(
          403,
          'FORBIDDEN',
          "Request failed. You've reached the max serverless indexes allowed in project default (5). To add more serverless indexes, upgrade your plan.",
        ),
      ),
      no('quota'),
    ),
    c(
      'Pinecone 403 FORBIDDEN deletion protection',
      pinecone(
        pineconeBody(
          403,
          'FORBIDDEN',
          'Deletion protection is enabled for this index. Disable deletion protection before retrying.',
        ),
      ),
      no('permission'),
    ),
    c(
      'Pinecone 404 NOT_FOUND',
      pinecone(pineconeBody(404, 'NOT_FOUND', 'Resource docs not found')),
      no('not_found'),
    ),
    c(
      'Pinecone 409 ALREADY_EXISTS',
      pineconeCreate(pineconeBody(409, 'ALREADY_EXISTS', 'Resource already exists')),
      no('conflict'),
    ),
    c(
      'Pinecone 412 FAILED_PRECONDITION',
      pinecone(pineconeBody(412, 'FAILED_PRECONDITION', 'Index is not ready')),
      no('conflict'),
    ),
    c(
      'Pinecone 422 unprocessable',
      pineconeCreate(
        pineconeBody(
          422,
          'INVALID_ARGUMENT',
          'Failed to deserialize the JSON body into the target type: missing field `dimension`',
        ),
      ),
      no('validation'),
    ),
    c(
      'Pinecone 429 TOO MANY REQUESTS',
      pinecone(pineconeBody(429, 'RESOURCE_EXHAUSTED', 'Too many requests. Please retry shortly')),
      wait('rate_limit'),
    ),
    c(
      'Pinecone 500 UNKNOWN (one attempt)',
      pinecone(pineconeBody(500, 'UNKNOWN', 'Internal error')),
      wait('unavailable'),
    ),
    c(
      'Pinecone 503 UNAVAILABLE (one attempt)',
      pinecone(pineconeBody(503, 'UNAVAILABLE', 'Service unavailable')),
      wait('unavailable'),
    ),
    c(
      // Its fetch retries every 5xx, so what reaches the caller says only that retries ran out.
      'Pinecone 501 (retried as a 5xx: the caller gets MaxRetriesExceeded)',
      pinecone(
        pineconeBody(501, 'UNIMPLEMENTED', 'This feature is not available on the starter plan'),
      ),
      wait('unavailable'),
    ),
    c(
      'Pinecone connection refused',
      async () =>
        rejected(
          new Pinecone({
            apiKey: 'k',
            controllerHostUrl: await refused(),
            maxRetries: 0,
          }).describeIndex('docs'),
        ),
      wait('unavailable'),
    ),
    c(
      'Pinecone upsert 400 dimension mismatch',
      pineconeUpsert(
        pineconeBody(
          400,
          'INVALID_ARGUMENT',
          'Vector dimension 2 does not match the dimension of the index 8',
        ),
      ),
      no('validation'),
    ),
    c(
      'Pinecone query 429 read units per second',
      pineconeQuery(
        pineconeBody(
          429,
          'RESOURCE_EXHAUSTED',
          'Request failed. You have exceeded your read unit limit for the index.',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'Pinecone query 404 index host gone',
      pineconeQuery(pineconeBody(404, 'NOT_FOUND', 'Index not found')),
      no('not_found'),
    ),
    c(
      'Pinecone upsert 503 (one attempt)',
      pineconeUpsert(pineconeBody(503, 'UNAVAILABLE', 'Service unavailable')),
      wait('unavailable'),
    ),
    c(
      'Pinecone query connection refused',
      async () =>
        rejected(
          new Pinecone({ apiKey: 'k', maxRetries: 0 })
            .index({ host: await refused() })
            .query({ vector: [0.1], topK: 1 }),
        ),
      wait('unavailable'),
    ),
    c(
      'Pinecone createIndex refused before any request (PineconeArgumentError)',
      () =>
        rejected(
          new Pinecone({
            apiKey: 'k',
            controllerHostUrl: base('/indexes', json(201, {})),
            maxRetries: 0,
          }).createIndex({
            name: '',
            dimension: 8,
            spec: { serverless: { cloud: 'aws', region: 'us-east-1' } },
          }),
        ),
      no('validation'),
    ),
    c(
      'Pinecone an index still initialising (no host yet: UnableToResolveHost)',
      () =>
        rejected(
          new Pinecone({
            apiKey: 'k',
            controllerHostUrl: base(
              '/indexes/fresh',
              json(200, {
                name: 'fresh',
                dimension: 8,
                metric: 'cosine',
                spec: { serverless: { cloud: 'aws', region: 'us-east-1' } },
                status: { ready: false, state: 'Initializing' },
                deletion_protection: 'disabled',
                vector_type: 'dense',
              }),
            ),
            maxRetries: 0,
          })
            .index({ name: 'fresh' })
            .query({ vector: [0.1], topK: 1 }),
        ),
      wait('unavailable'),
    ),
    c(
      'Pinecone 404 body as plain text',
      pinecone(text(404, 'Not Found', { 'content-type': 'text/plain' })),
      no('not_found'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Qdrant (`@qdrant/js-client-rest` 1.17): api.qdrant.tech ("Errors": `{ status: { error }, time
// }` bodies; 400 bad request, 401/403 an API key refused, 404 a missing collection, 409, 422,
// 429 with `Retry-After` under a rate limit (qdrant.tech/documentation/guides/administration,
// "strict mode"), 500, 503). The client throws openapi-typescript-fetch's `ApiError` (status,
// headers, parsed body on `data`) for an error status; for a 429 with a `Retry-After` its own
// `QdrantClientResourceExhaustedError` whose `retry_after` is the header's first character (the
// SDK reads `headers.get(…)[0]`: a one-digit wait survives); `QdrantClientTimeoutError` for its
// own `timeout` (ms).
// ---------------------------------------------------------------------------------------------

const qdrantClient = (url: string, timeout?: number) => {
  const { hostname, port, pathname } = new URL(url);
  return new QdrantClient({
    host: hostname,
    port: Number(port),
    https: false,
    prefix: pathname,
    checkCompatibility: false,
    ...(timeout === undefined ? {} : { timeout }),
  });
};
const qdrantStatus = (status: number, error: string, headers: Record<string, string> = {}) =>
  json(status, { status: { error }, time: 0.000012 }, headers);
const qdrant =
  (reply: Reply, timeout?: number): Build =>
  () =>
    rejected(qdrantClient(base('/collections/docs', reply), timeout).getCollection('docs'));
const qdrantSearch =
  (reply: Reply): Build =>
  () =>
    rejected(
      qdrantClient(
        base('/collections/docs/points/query', reply).replace(
          /\/collections\/docs\/points\/query$/,
          '',
        ),
      ).query('docs', {
        query: [0.1, 0.2],
      }),
    );

describe('Qdrant errors', () => {
  freshCases('qdrant', [
    c(
      'Qdrant 400 wrong vector size',
      qdrantSearch(
        qdrantStatus(400, 'Wrong input: Vector dimension error: expected dim: 4, got 2'),
      ),
      no('validation'),
    ),
    c(
      'Qdrant 401 must provide an API key',
      qdrant(qdrantStatus(401, 'Must provide an API key or an Authorization bearer token')),
      no('auth'),
    ),
    c(
      'Qdrant 403 read-only key',
      qdrantSearch(qdrantStatus(403, 'Forbidden: read-only access')),
      no('permission'),
    ),
    c(
      'Qdrant 404 collection not found',
      qdrant(qdrantStatus(404, "Not found: Collection `docs` doesn't exist!")),
      no('not_found'),
    ),
    c(
      'Qdrant 409 collection already exists',
      () =>
        rejected(
          qdrantClient(
            base(
              '/collections/docs',
              qdrantStatus(409, 'Wrong input: Collection `docs` already exists!'),
            ),
          ).createCollection('docs', {
            vectors: { size: 4, distance: 'Cosine' },
          }),
        ),
      no('conflict'),
    ),
    c(
      'Qdrant 422 unprocessable JSON',
      qdrantSearch(qdrantStatus(422, 'Format error in JSON body: missing field `query`')),
      no('validation'),
    ),
    c(
      'Qdrant 429 with Retry-After: 4 (QdrantClientResourceExhaustedError)',
      qdrantSearch(
        qdrantStatus(429, 'Too many requests: rate limit exceeded', { 'retry-after': '4' }),
      ),
      wait('rate_limit', 4000),
    ),
    c(
      'Qdrant 429 without Retry-After',
      qdrantSearch(qdrantStatus(429, 'Too many requests')),
      wait('rate_limit'),
    ),
    c(
      'Qdrant 500 service error',
      qdrant(qdrantStatus(500, 'Service internal error: RocksDB error')),
      wait('internal'),
    ),
    c(
      'Qdrant 503 unavailable (no leader)',
      qdrant(qdrantStatus(503, 'Service unavailable: No leader for the shard')),
      wait('unavailable'),
    ),
    c(
      'Qdrant 502 gateway page',
      qdrant(text(502, '<html>502 Bad Gateway</html>')),
      wait('unavailable'),
    ),
    c(
      'Qdrant timeout option (QdrantClientTimeoutError)',
      qdrant(silent(5000), 50),
      wait('timeout'),
    ),
    c(
      'Qdrant both url and host (QdrantClientConfigError)',
      async () => {
        try {
          return new QdrantClient({ url: 'http://127.0.0.1:1', host: '127.0.0.1' });
        } catch (error) {
          return error;
        }
      },
      no('validation'),
    ),
    c('Qdrant 404 with no body', qdrant({ status: 404 }), no('not_found')),
    c(
      'Qdrant connection refused',
      async () => rejected(qdrantClient(await refused()).getCollection('docs')),
      wait('unavailable'),
    ),
  ]);
});

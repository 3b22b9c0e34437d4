import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAgentError } from 'agent-errors';
import { fromFetchResponse } from 'agent-errors/http';
import { providerClients } from './helpers/provider-clients.js';
import { scriptedServer } from './helpers/provider-server.js';
import type { ScriptedAnswer } from './helpers/provider-server.js';

// Each provider's and platform's documented error table (sources in docs/design.md's mapping
// table and src/dialects/http/provider-body.ts), answered by a 127.0.0.1 server as the provider
// documents it and read through the provider's own SDK (or fetch, for platforms without one).

type Expected = readonly [category: string, code: string, retryable: boolean];

let server: Awaited<ReturnType<typeof scriptedServer>>;
beforeAll(async () => {
  server = await scriptedServer();
});
afterAll(() => server.close());

const viaOpenAI = (answer: ScriptedAnswer) => providerClients(server).viaOpenAI(answer);
const viaAnthropic = (answer: ScriptedAnswer) => providerClients(server).viaAnthropic(answer);
const viaGemini = (answer: ScriptedAnswer) => providerClients(server).viaGemini(answer);

async function viaFetch(answer: ScriptedAnswer): Promise<unknown> {
  server.answer(answer);
  const response = await fetch(`${server.url}/v1/charges`, { method: 'POST' });
  return fromFetchResponse(response);
}

function reading(error: unknown): readonly [string, string, boolean] {
  const e = toAgentError(error);
  return [e.category, e.code, e.retryable];
}

const anthropicBody = (type: string, message: string) => ({
  type: 'error',
  error: { type, message },
});

describe('Anthropic (docs: "API errors"), through @anthropic-ai/sdk', () => {
  const rows: readonly (readonly [number, string, string, Expected])[] = [
    [
      400,
      'invalid_request_error',
      'messages: field required',
      ['validation', 'VALIDATION_ERROR', false],
    ],
    [
      400,
      'invalid_request_error',
      'prompt is too long: 210000 tokens > 200000 maximum',
      ['validation', 'CONTEXT_TOO_LONG', false],
    ],
    [
      400,
      'invalid_request_error',
      'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      ['quota', 'QUOTA_EXCEEDED', false],
    ],
    [
      400,
      'invalid_request_error',
      'You have reached your specified API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
      ['quota', 'QUOTA_EXCEEDED', false],
    ],
    [401, 'authentication_error', 'invalid x-api-key', ['auth', 'AUTH_ERROR', false]],
    [402, 'billing_error', 'billing', ['quota', 'QUOTA_EXCEEDED', false]],
    [403, 'permission_error', 'no access to model', ['permission', 'PERMISSION_DENIED', false]],
    [404, 'not_found_error', 'model: no such model', ['not_found', 'NOT_FOUND', false]],
    [
      413,
      'request_too_large',
      'Request exceeds the maximum allowed number of bytes.',
      ['validation', 'REQUEST_TOO_LARGE', false],
    ],
    [
      429,
      'rate_limit_error',
      'Number of request tokens has exceeded your per-minute rate limit',
      ['rate_limit', 'RATE_LIMITED', true],
    ],
    [500, 'api_error', 'Internal server error', ['internal', 'SERVER_ERROR', true]],
    [504, 'timeout_error', 'Request timed out', ['timeout', 'TIMEOUT', true]],
    [529, 'overloaded_error', 'Overloaded', ['unavailable', 'OVERLOADED', true]],
  ];
  it.each(rows)('%i %s: %s', async (status, type, message, expected) => {
    const error = await viaAnthropic({ status, body: anthropicBody(type, message) });
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(reading(error)).toEqual(expected);
  });
});

const openAiBody = (code: string | null, type: string, message: string) => ({
  error: { message, type, param: null, code },
});

describe('OpenAI and the providers speaking its API (OpenAI, Groq, DeepSeek, OpenRouter), through openai', () => {
  const rows: readonly (readonly [string, number, ReturnType<typeof openAiBody>, Expected])[] = [
    [
      'OpenAI',
      401,
      openAiBody('invalid_api_key', 'invalid_request_error', 'Incorrect API key provided'),
      ['auth', 'INVALID_API_KEY', false],
    ],
    [
      'OpenAI',
      403,
      openAiBody(
        'unsupported_country_region_territory',
        'request_forbidden',
        'Country, region, or territory not supported',
      ),
      ['permission', 'PERMISSION_DENIED', false],
    ],
    [
      'OpenAI',
      404,
      openAiBody('model_not_found', 'invalid_request_error', 'The model `m` does not exist'),
      ['not_found', 'MODEL_NOT_FOUND', false],
    ],
    [
      'OpenAI',
      400,
      openAiBody(
        'context_length_exceeded',
        'invalid_request_error',
        "This model's maximum context length is 128000 tokens.",
      ),
      ['validation', 'CONTEXT_TOO_LONG', false],
    ],
    [
      'OpenAI (Azure)',
      400,
      openAiBody(
        'content_filter',
        'invalid_request_error',
        'The response was filtered due to the prompt triggering content management policy.',
      ),
      ['validation', 'CONTENT_FILTERED', false],
    ],
    [
      'OpenAI',
      429,
      openAiBody(
        'rate_limit_exceeded',
        'requests',
        'Rate limit reached for gpt-4o on requests per min (RPM): Limit 500, Used 500, Requested 1.',
      ),
      ['rate_limit', 'RATE_LIMITED', true],
    ],
    [
      'OpenAI',
      429,
      openAiBody(
        'rate_limit_exceeded',
        'tokens',
        'Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 29000, Requested 2000. Please try again in 2s.',
      ),
      ['rate_limit', 'RATE_LIMITED', true],
    ],
    [
      'OpenAI',
      429,
      openAiBody(
        'rate_limit_exceeded',
        'tokens',
        'Request too large for gpt-4o in organization org-x on tokens per min (TPM): Limit 30000, Requested 45000. The input or output tokens must be reduced in order to run successfully.',
      ),
      ['validation', 'REQUEST_TOO_LARGE', false],
    ],
    [
      'OpenAI',
      429,
      openAiBody(
        'insufficient_quota',
        'insufficient_quota',
        'You exceeded your current quota, please check your plan and billing details.',
      ),
      ['quota', 'QUOTA_EXCEEDED', false],
    ],
    [
      'OpenAI',
      500,
      openAiBody(null, 'server_error', 'The server had an error while processing your request.'),
      ['internal', 'SERVER_ERROR', true],
    ],
    [
      'OpenAI',
      503,
      openAiBody(
        null,
        'server_error',
        'The engine is currently overloaded, please try again later.',
      ),
      ['unavailable', 'UNAVAILABLE', true],
    ],
    [
      'Groq',
      413,
      openAiBody(
        'rate_limit_exceeded',
        'tokens',
        'Request too large for model `llama-3.3-70b-versatile` in organization `org_1` service tier `on_demand` on tokens per minute (TPM): Limit 6000, Requested 12000, please reduce your message size and try again.',
      ),
      ['validation', 'REQUEST_TOO_LARGE', false],
    ],
    [
      'Groq',
      429,
      openAiBody(
        'rate_limit_exceeded',
        'tokens',
        'Rate limit reached for model `llama-3.3-70b-versatile` on tokens per minute (TPM): Limit 6000, Used 5800, Requested 900. Please try again in 7s.',
      ),
      ['rate_limit', 'RATE_LIMITED', true],
    ],
    [
      'Groq',
      498,
      openAiBody(
        'capacity_exceeded',
        'capacity_exceeded',
        'Flex tier capacity exceeded. Please try again later.',
      ),
      ['unavailable', 'OVERLOADED', true],
    ],
    [
      'Groq',
      499,
      openAiBody(null, 'invalid_request_error', 'Request cancelled'),
      ['cancelled', 'CANCELLED', false],
    ],
    [
      'DeepSeek',
      402,
      openAiBody('invalid_request_error', 'unknown_error', 'Insufficient Balance'),
      ['quota', 'QUOTA_EXCEEDED', false],
    ],
    [
      'DeepSeek',
      422,
      openAiBody('invalid_request_error', 'invalid_request_error', 'Invalid Parameters'),
      ['validation', 'VALIDATION_ERROR', false],
    ],
  ];
  it.each(rows)('%s %i', async (_provider, status, body, expected) => {
    const error = await viaOpenAI({ status, body });
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(reading(error)).toEqual(expected);
  });

  it('OpenRouter: its numeric error code is the status (402 out of credits, 408 timed out)', async () => {
    const spent = await viaOpenAI({
      status: 402,
      body: { error: { code: 402, message: 'Insufficient credits' } },
    });
    expect(reading(spent)).toEqual(['quota', 'QUOTA_EXCEEDED', false]);
    const slow = await viaOpenAI({
      status: 408,
      body: { error: { code: 408, message: 'Timed out' } },
    });
    expect(reading(slow)).toEqual(['timeout', 'TIMEOUT', true]);
  });

  it('a rate limit whose request alone is over the limit: every model, window and status', async () => {
    for (const status of [413, 429]) {
      for (const window of [
        'tokens per min (TPM)',
        'tokens per day (TPD)',
        'requests per min (RPM)',
      ]) {
        for (const [limit, used, requested, tooLarge] of [
          [6000, undefined, 9000, true],
          [6000, 5000, 2000, status === 413],
          [200000, 150000, 120000, status === 413],
        ] as const) {
          const message = `${tooLarge ? 'Request too large' : 'Rate limit reached'} for model \`m\` on ${window}: Limit ${limit}${used === undefined ? '' : `, Used ${used}`}, Requested ${requested}.`;
          const error = await viaOpenAI({
            status,
            body: openAiBody('rate_limit_exceeded', 'tokens', message),
          });
          expect([status, message, ...reading(error)]).toEqual(
            tooLarge
              ? [status, message, 'validation', 'REQUEST_TOO_LARGE', false]
              : [status, message, 'rate_limit', 'RATE_LIMITED', true],
          );
        }
      }
    }
  });
});

describe('Gemini (docs: "Troubleshooting", the Google error model), through @google/genai', () => {
  const quotaBody = (quotaId: string, retryDelay?: string) => ({
    error: {
      code: 429,
      message: 'You exceeded your current quota, please check your plan and billing details.',
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
              quotaId,
              quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
              quotaValue: '250',
            },
          ],
        },
        ...(retryDelay === undefined
          ? []
          : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }]),
      ],
    },
  });

  it('a per-minute quota with RetryInfo is a rate limit for the delay; a per-day or total one is spent', async () => {
    for (const kind of ['Requests', 'InputTokens']) {
      for (const tier of ['-FreeTier', '']) {
        for (const delay of ['43s', undefined]) {
          const perMinute = await viaGemini({
            status: 429,
            body: quotaBody(`Generate${kind}PerMinutePerProjectPerModel${tier}`, delay),
          });
          const e = toAgentError(perMinute);
          expect([kind, tier, delay, e.category, e.retryAfterMs]).toEqual(
            delay === undefined
              ? [kind, tier, delay, 'quota', undefined]
              : [kind, tier, delay, 'rate_limit', 43_000],
          );
          for (const window of ['PerDay', 'Total']) {
            const spent = toAgentError(
              await viaGemini({
                status: 429,
                body: quotaBody(`Generate${kind}${window}PerProjectPerModel${tier}`, delay),
              }),
            );
            expect([
              kind,
              window,
              tier,
              delay,
              spent.category,
              spent.retryable,
              spent.retryAfterMs,
            ]).toEqual([kind, window, tier, delay, 'quota', false, undefined]);
          }
        }
      }
    }
  });

  it('a RESOURCE_EXHAUSTED with no QuotaFailure is a rate limit', async () => {
    const error = await viaGemini({
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'Resource has been exhausted (e.g. check quota).',
          status: 'RESOURCE_EXHAUSTED',
        },
      },
    });
    expect(reading(error)).toEqual(['rate_limit', 'RATE_LIMITED', true]);
  });
});

describe('Cloudflare in front of an origin (docs: "Cloudflare 5xx errors"), through fetch', () => {
  it.each([
    [520, 'unavailable', 'UNAVAILABLE', true],
    [521, 'unavailable', 'UNAVAILABLE', true],
    [522, 'timeout', 'TIMEOUT', true],
    [523, 'unavailable', 'UNAVAILABLE', true],
    [524, 'timeout', 'TIMEOUT', true],
    // The origin's TLS setup is refused: down until its owner fixes it.
    [525, 'unavailable', 'UNAVAILABLE', false],
    [526, 'unavailable', 'UNAVAILABLE', false],
    [527, 'unavailable', 'UNAVAILABLE', true],
    [530, 'unavailable', 'UNAVAILABLE', true],
  ] as const)(
    '%i is read as Cloudflare documents it',
    async (status, category, code, retryable) => {
      const e = await viaFetch({
        status,
        headers: { server: 'cloudflare', 'cf-ray': '8f0c1d2e3a4b5c6d-AMS' },
        body: `error code: ${status === 530 ? 1016 : status}`,
      });
      expect(reading(e)).toEqual([category, code, retryable]);
    },
  );
});

describe('Stripe (docs: "Errors", "Advanced error handling"), through fetch', () => {
  const stripe = (type: string, code: string | undefined, message: string) => ({
    error: { type, ...(code === undefined ? {} : { code }), message, request_log_url: 'x' },
  });
  const rows: readonly (readonly [
    number,
    Record<string, string>,
    ReturnType<typeof stripe>,
    Expected,
  ])[] = [
    [
      400,
      {},
      stripe('invalid_request_error', 'parameter_missing', 'Missing required param: amount.'),
      ['validation', 'VALIDATION_ERROR', false],
    ],
    [
      400,
      {},
      stripe(
        'idempotency_error',
        undefined,
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      ),
      ['validation', 'VALIDATION_ERROR', false],
    ],
    [
      401,
      {},
      stripe('invalid_request_error', undefined, 'Invalid API Key provided: sk_test_****'),
      ['auth', 'AUTH_ERROR', false],
    ],
    [
      402,
      {},
      stripe('card_error', 'card_declined', 'Your card was declined.'),
      ['validation', 'VALIDATION_ERROR', false],
    ],
    [
      402,
      {},
      stripe('card_error', 'expired_card', 'Your card has expired.'),
      ['validation', 'VALIDATION_ERROR', false],
    ],
    [
      403,
      {},
      stripe(
        'invalid_request_error',
        'secret_key_required',
        'This API call cannot be made with a publishable API key.',
      ),
      ['permission', 'PERMISSION_DENIED', false],
    ],
    [
      404,
      {},
      stripe('invalid_request_error', 'resource_missing', 'No such customer: cus_x'),
      ['not_found', 'NOT_FOUND', false],
    ],
    [
      409,
      { 'stripe-should-retry': 'true' },
      stripe(
        'idempotency_error',
        undefined,
        'There is currently another in-progress request using this Idempotent Key.',
      ),
      ['conflict', 'CONFLICT', true],
    ],
    [
      409,
      {},
      stripe(
        'idempotency_error',
        undefined,
        'There is currently another in-progress request using this Idempotent Key.',
      ),
      ['conflict', 'CONFLICT', true],
    ],
    [
      429,
      {},
      stripe(
        'invalid_request_error',
        'lock_timeout',
        'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
      ),
      ['conflict', 'CONFLICT', true],
    ],
    [
      429,
      {},
      stripe('invalid_request_error', 'rate_limit', 'Too many requests hit the API too quickly.'),
      ['rate_limit', 'RATE_LIMITED', true],
    ],
    [
      500,
      { 'stripe-should-retry': 'false' },
      stripe('api_error', undefined, 'Something went wrong on our end.'),
      ['internal', 'SERVER_ERROR', false],
    ],
  ];
  it.each(rows)('%i %o', async (status, headers, body, expected) => {
    expect(reading(await viaFetch({ status, headers, body }))).toEqual(expected);
  });
});

describe('the IETF RateLimit fields and x-amz-retry-after on plain HTTP', () => {
  it('RateLimit: the used-up policy says how long; the older dictionary form too', async () => {
    const cases: readonly (readonly [Record<string, string>, number | undefined])[] = [
      [{ RateLimit: '"default";r=0;t=30', 'RateLimit-Policy': '"default";q=100;w=60' }, 30_000],
      [{ RateLimit: '"burst";r=5;t=2, "daily";r=0;t=3600' }, 3_600_000],
      [{ RateLimit: '"burst";r=0;t=2, "daily";r=40;t=3600' }, 2_000],
      [{ RateLimit: '"default";r=10;t=12' }, 12_000],
      [{ RateLimit: 'limit=100, remaining=0, reset=9' }, 9_000],
      [{ RateLimit: '"default";r=0;t=30', 'retry-after': '4' }, 4_000],
    ];
    for (const [headers, wait] of cases) {
      const e = await viaFetch({ status: 429, headers, body: 'slow down' });
      expect([headers, (e as { retryAfterMs?: number }).retryAfterMs]).toEqual([headers, wait]);
    }
    // On a 503 a policy that is not used up says nothing of why it failed.
    const down = await viaFetch({ status: 503, headers: { RateLimit: '"default";r=10;t=12' } });
    expect((down as { retryAfterMs?: number }).retryAfterMs).toBeUndefined();
  });

  it('x-amz-retry-after is milliseconds', async () => {
    const e = await viaFetch({
      status: 503,
      headers: { 'x-amz-retry-after': '1500' },
      body: 'SlowDown',
    });
    expect([...reading(e), (e as { retryAfterMs?: number }).retryAfterMs]).toEqual([
      'unavailable',
      'UNAVAILABLE',
      true,
      1500,
    ]);
  });
});

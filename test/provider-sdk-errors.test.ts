import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ApiError, GoogleGenAI } from '@google/genai';
import { ServiceException, throwDefaultError } from '@smithy/smithy-client';
import { Agent, interceptors, request } from 'undici';
import { describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { decode, encode, toAgentError } from 'agent-errors';
import { retry } from 'agent-errors/retry';

// Errors built the way the SDKs build them: `APIError.generate(status, body, message, headers)` is
// what their clients call with a failed response; the client-side classes as their clients
// construct them.

const headers = (init: Record<string, string>) => new Headers(init);

describe('OpenAI SDK errors', () => {
  it('insufficient_quota is a quota stop, not a rate limit to retry', async () => {
    const error = OpenAI.APIError.generate(
      429,
      {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      },
      undefined,
      headers({ 'x-request-id': 'req_q1' }),
    );
    const e = toAgentError(error);
    expect([e.category, e.code, e.retryable, e.details?.requestId]).toEqual([
      'quota',
      'QUOTA_EXCEEDED',
      false,
      'req_q1',
    ]);
    let calls = 0;
    await expect(
      retry(() => {
        calls += 1;
        throw error;
      }),
    ).rejects.toMatchObject({ category: 'quota' });
    expect(calls).toBe(1);
  });

  it('context_length_exceeded says "shrink the context"', () => {
    const error = OpenAI.APIError.generate(
      400,
      {
        error: {
          message: "This model's maximum context length is 128000 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
      undefined,
      headers({}),
    );
    const e = decode(error);
    expect([e.category, e.code, e.retryable]).toEqual(['validation', 'CONTEXT_TOO_LONG', false]);
    expect(e.details?.provider).toMatchObject({ code: 'context_length_exceeded' });
  });

  it('a rate limit waits as long as retry-after-ms says', () => {
    const error = OpenAI.APIError.generate(
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      undefined,
      headers({ 'retry-after-ms': '1200' }),
    );
    const e = decode(error);
    expect([e.category, e.code, e.retryable, e.retryAfterMs]).toEqual([
      'rate_limit',
      'RATE_LIMITED',
      true,
      1200,
    ]);
  });

  it('client-side failures: an abort is a cancel, a timeout a timeout, no connection unavailable', () => {
    expect(decode(new OpenAI.APIUserAbortError()).category).toBe('cancelled');
    expect(decode(new OpenAI.APIUserAbortError()).retryable).toBe(false);
    const timeout = decode(new OpenAI.APIConnectionTimeoutError());
    expect([timeout.category, timeout.retryable]).toEqual(['timeout', true]);
    const connection = decode(new OpenAI.APIConnectionError({ message: 'Connection error.' }));
    expect([connection.category, connection.retryable]).toEqual(['unavailable', true]);
  });
});

describe('Anthropic SDK errors', () => {
  it('529 overloaded is unavailable and retryable, with its request id', () => {
    const error = Anthropic.APIError.generate(
      529,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      undefined,
      headers({ 'request-id': 'req_011' }),
    );
    const e = toAgentError(error);
    expect([e.category, e.code, e.retryable, e.details?.requestId]).toEqual([
      'unavailable',
      'OVERLOADED',
      true,
      'req_011',
    ]);
  });

  it('"prompt is too long" says "shrink the context", as OpenAI\'s context_length_exceeded does', () => {
    const tooLong = (message: string) =>
      toAgentError(
        Anthropic.APIError.generate(
          400,
          { type: 'error', error: { type: 'invalid_request_error', message } },
          undefined,
          headers({}),
        ),
      );
    for (const message of [
      'prompt is too long: 210000 tokens > 200000 maximum',
      'input length and `max_tokens` exceed context limit: 198000 + 8192 > 200000, decrease input length or `max_tokens` and try again',
    ]) {
      const e = tooLong(message);
      expect([e.category, e.code, e.retryable]).toEqual(['validation', 'CONTEXT_TOO_LONG', false]);
    }
    expect(tooLong('messages: roles must alternate').code).toBe('VALIDATION_ERROR');
  });

  it('a rate limit and an abort', () => {
    const limited = decode(
      Anthropic.APIError.generate(
        429,
        { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } },
        undefined,
        headers({ 'retry-after': '3' }),
      ),
    );
    expect([limited.code, limited.retryAfterMs]).toEqual(['RATE_LIMITED', 3000]);
    expect(decode(new Anthropic.APIUserAbortError()).category).toBe('cancelled');
  });
});

// The SDKs' own clients against 127.0.0.1: a refused connection, and a stream that fails after
// its 200 (`event: error`), as the clients throw them.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function streamingServer(events: string): Promise<{ url: string; close: () => void }> {
  const server = createHttpServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': 'req_stream' });
    response.end(events);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('the SDK clients, over a real connection', () => {
  it('a refused connection is unavailable and retryable, read through the causes', async () => {
    const port = await closedPort();
    const openai = new OpenAI({
      apiKey: 'k',
      baseURL: `http://127.0.0.1:${port}/v1`,
      maxRetries: 0,
    });
    const anthropic = new Anthropic({
      apiKey: 'k',
      baseURL: `http://127.0.0.1:${port}`,
      maxRetries: 0,
    });
    const thrown = [
      await rejection(() => openai.models.list()),
      await rejection(() =>
        anthropic.messages.create({
          model: 'm',
          max_tokens: 1,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      ),
    ];
    for (const error of thrown) {
      // APIConnectionError → TypeError('fetch failed') → the system error.
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).constructor.name).toBe('APIConnectionError');
      const e = toAgentError(error);
      expect([e.category, e.code, e.retryable]).toEqual(['unavailable', 'ECONNREFUSED', true]);
      expect(e.cause).toBe(error);
      expect(decode(error).code).toBe('ECONNREFUSED');
    }
  });

  it('a connection error whose causes name no known reason is still unavailable', () => {
    const error = new OpenAI.APIConnectionError({
      message: 'Connection error.',
      cause: new TypeError('fetch failed', { cause: new Error('other side hung up') }),
    });
    const e = toAgentError(error);
    expect([e.category, e.code, e.retryable]).toEqual(['unavailable', 'CONNECTION_ERROR', true]);
  });

  it("Anthropic's stream error after a 200 reads like its status-carrying twin", async () => {
    const cases = [
      ['api_error', 'internal', 'SERVER_ERROR', true],
      ['overloaded_error', 'unavailable', 'OVERLOADED', true],
      ['rate_limit_error', 'rate_limit', 'RATE_LIMITED', true],
      ['invalid_request_error', 'validation', 'VALIDATION_ERROR', false],
    ] as const;
    for (const [type, category, code, retryable] of cases) {
      const server = await streamingServer(
        `event: error\ndata: {"type":"error","error":{"type":"${type}","message":"Stream failed"}}\n\n`,
      );
      try {
        const client = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
        const error = await rejection(async () => {
          const stream = await client.messages.create({
            model: 'm',
            max_tokens: 1,
            messages: [{ role: 'user', content: 'hi' }],
            stream: true,
          });
          for await (const event of stream) void event;
        });
        expect((error as { status?: unknown }).status).toBeUndefined();
        const e = toAgentError(error);
        expect([e.category, e.code, e.retryable], type).toEqual([category, code, retryable]);
        expect(e.message).toBe('Stream failed');
        expect(e.details?.requestId).toBe('req_stream');
      } finally {
        server.close();
      }
    }
  });

  it("undici's ResponseError is read by its body, not only its status", async () => {
    const server = createHttpServer((incoming, response) => {
      incoming.resume();
      response.writeHead(429, { 'content-type': 'application/json', 'x-request-id': 'req_undici' });
      response.end(
        JSON.stringify({
          error: {
            message: 'You exceeded your current quota',
            type: 'insufficient_quota',
            code: 'insufficient_quota',
          },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new Agent();
    try {
      const { port } = server.address() as AddressInfo;
      const error = await rejection(() =>
        request(`http://127.0.0.1:${port}/v1/chat`, {
          dispatcher: agent.compose(interceptors.responseError()),
        }),
      );
      expect((error as Error).name).toBe('ResponseError');
      const e = toAgentError(error);
      // The same answer as the OpenAI SDK's own error for this body: a spent quota, not retried.
      expect([e.category, e.code, e.retryable, e.details?.requestId]).toEqual([
        'quota',
        'QUOTA_EXCEEDED',
        false,
        'req_undici',
      ]);
    } finally {
      server.close();
      await agent.close();
    }
  });

  it("OpenAI's stream error after a 200 is read by its type and code", async () => {
    const server = await streamingServer(
      'data: {"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}\n\n',
    );
    try {
      const client = new OpenAI({ apiKey: 'k', baseURL: `${server.url}/v1`, maxRetries: 0 });
      const error = await rejection(async () => {
        const stream = await client.chat.completions.create({
          model: 'm',
          messages: [{ role: 'user', content: 'hi' }],
          stream: true,
        });
        for await (const chunk of stream) void chunk;
      });
      const e = toAgentError(error);
      expect([e.category, e.code, e.retryable]).toEqual(['rate_limit', 'RATE_LIMITED', true]);
    } finally {
      server.close();
    }
  });
});

// AWS SDK v3: what a client throws for an error its model does not name (throwDefaultError), with
// the raw response attached as its deserializer middleware attaches it (hidden `$response`).
function awsError(
  statusCode: number,
  errorCode: string,
  headers: Record<string, string> = {},
): Error & { $response?: unknown } {
  let thrown: unknown;
  try {
    throwDefaultError({
      output: { statusCode, headers, body: undefined } as never,
      parsedBody: { message: errorCode },
      exceptionCtor: ServiceException as never,
      errorCode,
    });
  } catch (error) {
    thrown = error;
  }
  Object.defineProperty(thrown, '$response', {
    value: { statusCode, headers, body: undefined },
    enumerable: false,
  });
  return thrown as Error;
}

describe('AWS SDK v3 exceptions', () => {
  it('a 429 is throttling whatever the name, as the SDK reads it; a 400 LimitExceeded is a quota', () => {
    const throttled = toAgentError(awsError(429, 'LimitExceededException'));
    expect([throttled.category, throttled.code, throttled.retryable]).toEqual([
      'rate_limit',
      'RATE_LIMITED',
      true,
    ]);
    const spent = toAgentError(awsError(400, 'LimitExceededException'));
    expect([spent.category, spent.code]).toEqual(['quota', 'QUOTA_EXCEEDED']);
    const pending = toAgentError(awsError(400, 'PriorRequestNotComplete'));
    expect([pending.category, pending.retryable]).toEqual(['rate_limit', true]);
  });

  it('waits as long as the response asks: retry-after, else x-amz-retry-after (ms)', () => {
    expect(
      toAgentError(awsError(429, 'TooManyRequestsException', { 'retry-after': '7' })).retryAfterMs,
    ).toBe(7_000);
    expect(
      toAgentError(awsError(503, 'SlowDown', { 'x-amz-retry-after': '1500' })).retryAfterMs,
    ).toBe(1_500);
    expect(toAgentError(awsError(429, 'ThrottlingException')).retryAfterMs).toBeUndefined();
  });
});

describe('@google/genai, its client against 127.0.0.1', () => {
  async function genaiFailure(status: number, body: unknown): Promise<unknown> {
    const server = createHttpServer((incoming, response) => {
      incoming.resume();
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = new GoogleGenAI({
        apiKey: 'k',
        httpOptions: { baseUrl: `http://127.0.0.1:${port}`, retryOptions: { attempts: 1 } },
      });
      return await rejection(() =>
        client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' }),
      );
    } finally {
      server.close();
    }
  }

  it("a body with details keeps the status's say on retrying, as the SDK retries 5xx", async () => {
    for (const [status, name, category] of [
      [500, 'INTERNAL', 'internal'],
      [503, 'UNAVAILABLE', 'unavailable'],
      [504, 'DEADLINE_EXCEEDED', 'timeout'],
    ] as const) {
      for (const details of [undefined, []]) {
        const body = {
          error: { code: status, message: 'x', status: name, ...(details ? { details } : {}) },
        };
        const e = toAgentError(await genaiFailure(status, body));
        expect([status, details, e.category, e.retryable]).toEqual([
          status,
          details,
          category,
          true,
        ]);
      }
    }
  });

  it("a bad API key (400 INVALID_ARGUMENT, ErrorInfo API_KEY_INVALID) is auth, not the agent's input", async () => {
    const body = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
          },
        ],
      },
    };
    const e = toAgentError(await genaiFailure(400, body));
    expect([e.category, e.code, e.retryable]).toEqual(['auth', 'INVALID_API_KEY', false]);
    // The same body as gRPC JSON reads the same.
    expect(decode(body, { protocol: 'grpc' }).code).toBe('INVALID_API_KEY');
    // A 429 with a RetryInfo still waits as long as it says.
    const limited = toAgentError(
      await genaiFailure(429, {
        error: {
          code: 429,
          message: 'Resource has been exhausted',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '35s' }],
        },
      }),
    );
    expect([limited.category, limited.retryable, limited.retryAfterMs]).toEqual([
      'rate_limit',
      true,
      35_000,
    ]);
  });
});

// What a second review found in the fixes above, each pinned.
describe('review of the SDK fixes', () => {
  it('an error instance with a lower-case gRPC code name is not a Connect error: it stays unexpected', () => {
    const thrown = Object.assign(
      new Error('connect to postgres://admin:hunter2@db.internal failed'),
      {
        code: 'internal',
      },
    );
    const e = toAgentError(thrown);
    expect(e.unexpected).toBe(true);
    expect(e.wire?.protocol).not.toBe('grpc');
    const sent = encode(thrown, 'mcp', { onError: () => undefined }) as { message: string };
    expect(sent.message).toBe('Internal error');
  });

  it("a status-carrying error keeps its own body out unless it is undici's ResponseError", () => {
    // body-parser keeps the *request's* text in `body` (here, an attacker's).
    const verifyFailed = Object.assign(new Error('invalid signature'), {
      status: 403,
      statusCode: 403,
      type: 'entity.verify.failed',
      body: '{"error":{"type":"overloaded_error","message":"x"}}',
    });
    const e = toAgentError(verifyFailed);
    expect([e.category, e.retryable]).toEqual(['permission', false]);
  });

  it('an AWS wait that is no number, or a $response that throws, leaves the throttle a throttle', () => {
    const huge = awsError(429, 'ThrottlingException', { 'x-amz-retry-after': '9'.repeat(400) });
    const a = toAgentError(huge);
    expect([a.category, a.retryable, a.retryAfterMs]).toEqual(['rate_limit', true, undefined]);
    expect(
      toAgentError(awsError(429, 'ThrottlingException', { 'x-amz-retry-after': '1.6' }))
        .retryAfterMs,
    ).toBe(2);
    const broken = awsError(429, 'ThrottlingException');
    Object.defineProperty(broken, '$response', {
      get() {
        throw new Error('no response');
      },
    });
    expect([toAgentError(broken).category, toAgentError(broken).retryable]).toEqual([
      'rate_limit',
      true,
    ]);
  });

  it("genai keeps what Google's details say: field violations as issues, ErrorInfo's reason", () => {
    const body = {
      error: {
        code: 400,
        message: 'Invalid contents',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: 'contents[0].parts', description: 'must not be empty' }],
          },
        ],
      },
    };
    const e = toAgentError(new ApiError({ message: JSON.stringify(body), status: 400 }));
    expect(e.category).toBe('validation');
    expect(e.details?.issues).toEqual([
      { path: ['contents[0]', 'parts'], message: 'must not be empty' },
    ]);
  });
});

import { Readable } from 'node:stream';
import got from 'got';
import ky from 'ky';
import { request as octokitRequest } from '@octokit/request';
import { LogLevel, WebClient } from '@slack/web-api';
import {
  InsufficientScopeError,
  OAuthErrorCode,
  refreshAuthorization,
} from '@modelcontextprotocol/client';
import { ToolCallError } from '@openai/agents';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecoder, decode } from 'agent-errors';
import { HTTP_STATUSES, statusMeaning } from '../src/dialects/http/status.js';
import { clientLibraryReader, wrappedErrorReader } from 'agent-errors/http';
import { closedPort, startReplyServer } from './helpers/reply-server.js';
import type { ReplyServer } from './helpers/reply-server.js';

// The real client libraries against a 127.0.0.1 server that answers as each service documents.

let server: ReplyServer;
beforeAll(async () => {
  server = await startReplyServer();
});
afterAll(async () => {
  await server.close();
});

async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const shape = (e: ReturnType<typeof decode>) => [e.category, e.code, e.retryable, e.retryAfterMs];
const ERROR_STATUSES = Object.keys(HTTP_STATUSES)
  .map(Number)
  .filter((status) => status >= 400);

describe('the generic response rule, every error status of the HTTP table', () => {
  it.each(ERROR_STATUSES)(
    'got HTTPError and ky HTTPError with status %i and Retry-After',
    async (status) => {
      const url = server.on(`/status/${status}`, {
        status,
        headers: { 'retry-after': '3' },
        body: { message: `failed with ${status}` },
      });
      const meaning = statusMeaning(status);
      // fetch never hands a 407 to its caller: undici answers it as a network error of its own.
      for (const error of [
        await rejection(() => got(url, { retry: { limit: 0 } })),
        ...(status === 407 ? [] : [await rejection(() => ky(url, { retry: 0 }))]),
      ]) {
        const e = decode(error);
        expect([e.category, e.retryable]).toEqual([meaning.category, meaning.retryable]);
        expect(e.cause).toBe(error);
        // The wait is read wherever retrying can help.
        if (meaning.retryable) expect(e.retryAfterMs).toBe(3000);
        expect(e.wire).toMatchObject({ protocol: 'http', code: status });
      }
    },
  );

  it("got's body is read (a provider body on a 400); ky's, a stream nobody read, is not", async () => {
    const url = server.on('/billing', {
      status: 400,
      body: { type: 'error', error: { type: 'billing_error', message: 'credit too low' } },
    });
    const viaGot = decode(await rejection(() => got(url, { retry: { limit: 0 } })));
    expect(viaGot.category).toBe('quota');
    expect(viaGot.details?.provider).toMatchObject({ type: 'billing_error' });
    const viaKy = decode(await rejection(() => ky(url, { retry: 0 })));
    expect(viaKy.category).toBe('validation');
  });
});

describe("got's own errors", () => {
  it('ECONNREFUSED, a redirect loop, a body that is not JSON, a cancel, a timeout, a broken body', async () => {
    const port = await closedPort();
    const loop = server.on('/loop', { status: 302, headers: { location: '/loop' } });
    const notJson = server.on('/not-json', { status: 200, body: '<html>' });
    const hang = server.on('/hang', () => undefined);
    const broken = server.on('/broken', (_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      setImmediate(() => res.destroy());
    });
    const refused = decode(
      await rejection(() => got(`http://127.0.0.1:${port}/`, { retry: { limit: 0 } })),
    );
    expect([refused.category, refused.retryable]).toEqual(['unavailable', true]);
    const redirects = decode(await rejection(() => got(loop, { retry: { limit: 0 } })));
    expect([redirects.category, redirects.code]).toEqual(['protocol', 'PROTOCOL_ERROR']);
    const parse = decode(await rejection(() => got(notJson, { retry: { limit: 0 } }).json()));
    expect([parse.category, parse.details?.api]).toEqual([
      'protocol',
      { got: 'ERR_BODY_PARSE_FAILURE' },
    ]);
    const pending = got(hang, { retry: { limit: 0 } });
    pending.cancel();
    expect(decode(await rejection(() => pending)).category).toBe('cancelled');
    const timeout = decode(
      await rejection(() => got(hang, { retry: { limit: 0 }, timeout: { request: 20 } })),
    );
    expect([timeout.category, timeout.retryable]).toEqual(['timeout', true]);
    const read = decode(await rejection(() => got(broken, { retry: { limit: 0 } })));
    expect([read.category, read.retryable]).toEqual(['unavailable', true]);
    const upload = decode(
      await rejection(() =>
        got.post(server.on('/upload', { status: 200 }), {
          retry: { limit: 0 },
          body: new Readable({
            read() {
              this.destroy(new Error('disk read failed'));
            },
          }),
        }),
      ),
    );
    expect(upload.category).toBe('validation');
  });
});

describe('Octokit (@octokit/request) against GitHub’s documented REST answers', () => {
  // A fixed server clock (the `date` header) so the reset's wait is exact.
  const date = 'Fri, 27 Nov 2026 12:00:00 GMT';
  const epoch = Date.parse(date) / 1000;
  const rows: [string, number, Record<string, string>, unknown, readonly unknown[]][] = [
    [
      'primary limit on 403',
      403,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(epoch + 30) },
      { message: 'API rate limit exceeded for 127.0.0.1.' },
      ['rate_limit', 'RATE_LIMITED', true, 30_000],
    ],
    [
      'primary limit on 429',
      429,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(epoch + 90) },
      { message: 'API rate limit exceeded' },
      ['rate_limit', 'RATE_LIMITED', true, 90_000],
    ],
    [
      'secondary limit with retry-after',
      403,
      { 'retry-after': '45', 'x-ratelimit-remaining': '4000' },
      {
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
      ['rate_limit', 'RATE_LIMITED', true, 45_000],
    ],
    [
      'secondary limit without retry-after: at least a minute',
      403,
      { 'x-ratelimit-remaining': '4000' },
      { message: 'You have exceeded a secondary rate limit.' },
      ['rate_limit', 'RATE_LIMITED', true, 60_000],
    ],
    [
      'plain 403',
      403,
      { 'x-ratelimit-remaining': '4999' },
      { message: 'Resource not accessible by integration' },
      ['permission', 'PERMISSION_DENIED', false, undefined],
    ],
    [
      '401 bad credentials',
      401,
      {},
      { message: 'Bad credentials' },
      ['auth', 'AUTH_ERROR', false, undefined],
    ],
    ['404', 404, {}, { message: 'Not Found' }, ['not_found', 'NOT_FOUND', false, undefined]],
    [
      '409',
      409,
      {},
      { message: 'Git Repository is empty.' },
      ['conflict', 'CONFLICT', false, undefined],
    ],
    [
      '422 validation failed',
      422,
      {},
      {
        message: 'Validation Failed',
        errors: [
          { resource: 'Issue', field: 'title', code: 'missing_field', message: 'title is missing' },
        ],
      },
      ['validation', 'VALIDATION_ERROR', false, undefined],
    ],
    ['502', 502, {}, { message: 'Server Error' }, ['unavailable', 'UNAVAILABLE', true, undefined]],
  ];
  it.each(rows)('%s', async (_label, status, headers, body, expected) => {
    const path = `/gh/${status}/${Math.random().toString(36).slice(2)}`;
    server.on(path, { status, headers: { date, ...headers }, body });
    const error = await rejection(() => octokitRequest(`GET ${path}`, { baseUrl: server.url }));
    expect(shape(decode(error))).toEqual(expected);
  });

  it('a fetch that failed (status 500 stand-in, no response) is a lost connection', async () => {
    const port = await closedPort();
    const error = await rejection(() =>
      octokitRequest('GET /repos/o/r', { baseUrl: `http://127.0.0.1:${port}` }),
    );
    expect((error as { status?: number }).status).toBe(500);
    const e = decode(error);
    expect([e.category, e.retryable]).toEqual(['unavailable', true]);
  });
});

describe('@slack/web-api against Slack’s documented answers', () => {
  const client = (path: string) =>
    new WebClient('xoxb-test', {
      slackApiUrl: `${server.url}${path}/`,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    });
  // Slack's `error` strings (api.slack.com/methods, "Errors") by what the caller does next.
  const platform: [string, string][] = [
    ['not_authed', 'auth'],
    ['invalid_auth', 'auth'],
    ['account_inactive', 'auth'],
    ['token_revoked', 'auth'],
    ['token_expired', 'auth'],
    ['no_permission', 'permission'],
    ['missing_scope', 'permission'],
    ['not_in_channel', 'permission'],
    ['restricted_action', 'permission'],
    ['channel_not_found', 'not_found'],
    ['user_not_found', 'not_found'],
    ['message_not_found', 'not_found'],
    ['is_archived', 'conflict'],
    ['invalid_arguments', 'validation'],
    ['invalid_blocks', 'validation'],
    ['msg_too_long', 'validation'],
    ['no_text', 'validation'],
    ['ratelimited', 'rate_limit'],
    ['request_timeout', 'timeout'],
    ['service_unavailable', 'unavailable'],
    ['fatal_error', 'internal'],
    ['internal_error', 'internal'],
  ];
  it.each(platform)('platform error %s (200 { ok: false })', async (code, category) => {
    server.on(`/slack-${code}/chat.postMessage`, { status: 200, body: { ok: false, error: code } });
    const error = await rejection(() =>
      client(`/slack-${code}`).chat.postMessage({ channel: 'C1', text: 'hi' }),
    );
    expect((error as { code?: string }).code).toBe('slack_webapi_platform_error');
    const e = decode(error);
    expect(e.category).toBe(category);
    expect(e.details?.api).toEqual({ slack: code });
  });

  it('429 + Retry-After is a rate limit with its wait; a 503 an HTTP error; no server a lost connection', async () => {
    server.on('/slack-429/chat.postMessage', {
      status: 429,
      headers: { 'retry-after': '7' },
      body: { ok: false, error: 'ratelimited' },
    });
    const limited = await rejection(() =>
      client('/slack-429').chat.postMessage({ channel: 'C1', text: 'hi' }),
    );
    expect((limited as { code?: string }).code).toBe('slack_webapi_rate_limited_error');
    expect(shape(decode(limited))).toEqual(['rate_limit', 'RATE_LIMITED', true, 7000]);

    server.on('/slack-503/chat.postMessage', {
      status: 503,
      headers: { 'retry-after': '2' },
      body: { ok: false, error: 'service_unavailable' },
    });
    const http = await rejection(() =>
      client('/slack-503').chat.postMessage({ channel: 'C1', text: 'hi' }),
    );
    expect((http as { code?: string }).code).toBe('slack_webapi_http_error');
    expect(shape(decode(http))).toEqual(['unavailable', 'UNAVAILABLE', true, 2000]);

    const port = await closedPort();
    const down = await rejection(() =>
      new WebClient('xoxb-test', {
        slackApiUrl: `http://127.0.0.1:${port}/api/`,
        retryConfig: { retries: 0 },
        // The client warns on the console about the refused connection this test causes.
        logLevel: LogLevel.ERROR,
      }).chat.postMessage({ channel: 'C1', text: 'hi' }),
    );
    expect((down as { code?: string }).code).toBe('slack_webapi_request_error');
    expect([decode(down).category, decode(down).retryable]).toEqual(['unavailable', true]);
  });
});

describe('the MCP v2 client’s OAuth errors', () => {
  // OAuthErrorCode's documented meaning (RFC 6749 §5.2, RFC 6750 §3.1, RFC 7591, RFC 8707, RFC 9449).
  const expected: Record<string, [string, boolean]> = {
    invalid_request: ['validation', false],
    invalid_client: ['auth', false],
    invalid_grant: ['auth', false],
    unauthorized_client: ['permission', false],
    unsupported_grant_type: ['protocol', false],
    invalid_scope: ['validation', false],
    access_denied: ['permission', false],
    server_error: ['internal', true],
    temporarily_unavailable: ['unavailable', true],
    unsupported_response_type: ['protocol', false],
    unsupported_token_type: ['protocol', false],
    invalid_token: ['auth', false],
    method_not_allowed: ['protocol', false],
    too_many_requests: ['rate_limit', true],
    invalid_client_metadata: ['validation', false],
    invalid_redirect_uri: ['validation', false],
    insufficient_scope: ['permission', false],
    invalid_target: ['validation', false],
    invalid_dpop_proof: ['auth', false],
    use_dpop_nonce: ['auth', true],
  };

  it('covers every OAuthErrorCode the SDK has', () => {
    expect(Object.values(OAuthErrorCode).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))(
    'a token endpoint answering %s: the SDK’s OAuthError reads as %j',
    async (code, [category, retryable]) => {
      const tokenEndpoint = server.on(`/oauth-${code}/token`, {
        status: 400,
        body: { error: code, error_description: `said ${code}` },
      });
      const error = await rejection(() =>
        refreshAuthorization(server.url, {
          metadata: {
            issuer: server.url,
            authorization_endpoint: `${server.url}/authorize`,
            token_endpoint: tokenEndpoint,
            response_types_supported: ['code'],
          },
          clientInformation: { client_id: 'agent' },
          refreshToken: 'r1',
        }),
      );
      expect((error as Error).name).toBe('OAuthError');
      const e = decode(error);
      expect([e.category, e.retryable]).toEqual([category, retryable]);
      expect(e.details?.api).toEqual({ oauth: code });
    },
  );

  it('InsufficientScopeError is a permission failure (RFC 6750), carrying the scope', () => {
    const e = decode(new InsufficientScopeError({ requiredScope: 'repo:write' }));
    expect([e.category, e.code, e.details?.scope]).toEqual([
      'permission',
      'INSUFFICIENT_SCOPE',
      'repo:write',
    ]);
  });
});

describe('wrappers: what they wrap decides', () => {
  it("the Agents SDK's ToolCallError around an OpenAI 429 keeps its wait", async () => {
    server.on('/openai/chat/completions', {
      status: 429,
      headers: { 'retry-after': '4' },
      body: {
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      },
    });
    const openai = new OpenAI({ apiKey: 'k', baseURL: `${server.url}/openai`, maxRetries: 0 });
    const sdkError = await rejection(() =>
      openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    );
    const wrapped = new ToolCallError('tool fetch_page failed', sdkError as Error);
    expect(shape(decode(wrapped))).toEqual(['rate_limit', 'RATE_LIMITED', true, 4000]);
    // An application's own wrapper with the library error as `cause`, two levels deep.
    const url = server.on('/wrapped', { status: 503, headers: { 'retry-after': '5' } });
    const gotError = await rejection(() => got(url, { retry: { limit: 0 } }));
    const outer = new Error('sync failed', { cause: new Error('step 2', { cause: gotError }) });
    const e = decode(outer);
    expect(shape(e)).toEqual(['unavailable', 'UNAVAILABLE', true, 5000]);
    expect(e.message).toBe('sync failed');
  });

  it('a cycle of causes, and hostile getters, end in an answer instead of a throw', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.defineProperty(a, 'cause', { value: b });
    expect(decode(a).category).toBe('internal');
    const hostile = new Error('hostile');
    Object.defineProperty(hostile, 'response', {
      get() {
        throw new Error('no');
      },
    });
    Object.defineProperty(hostile, 'cause', {
      get() {
        throw new Error('no');
      },
    });
    expect(decode(hostile).category).toBe('internal');
    const badHeaders = Object.assign(new Error('bad headers'), {
      response: { status: 429, headers: 42, body: 'slow down' },
    });
    expect(decode(badHeaders).category).toBe('rate_limit');
  });

  it('a decoder made of the client-library readers alone reads them too', async () => {
    const only = createDecoder([clientLibraryReader, wrappedErrorReader]);
    const url = server.on('/only', { status: 404, body: { message: 'gone' } });
    const error = await rejection(() => got(url, { retry: { limit: 0 } }));
    expect(only.decode(new Error('outer', { cause: error })).category).toBe('not_found');
  });
});

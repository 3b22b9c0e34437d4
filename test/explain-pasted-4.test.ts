// Fresh printed forms, fourth set: every exported error class of the error sources among the
// devDependencies, each built the way its library builds it (a real call against a 127.0.0.1
// server, or the library's own constructor path where the library itself constructs it), then
// pasted three ways — `String(err)`, `util.inspect(err)` (what `console.log` prints) and the
// stack trace — into `agent-errors explain`. The expectation is what `decode` says of the instance
// itself. Run with FRESH_SCORE=1 to print the score per family.
import { request as httpRequest } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { ApiError } from '@google/genai';
import { RequestError as AcpRequestError } from '@agentclientprotocol/sdk';
import { ErrorCodes, ResponseError, ConnectionError, ConnectionErrors } from 'vscode-jsonrpc';
import * as agents from '@openai/agents';
import { APICallError, RetryError, NoSuchToolError, InvalidToolInputError } from 'ai';
import {
  ContextOverflowError,
  ModelAbortError,
  ModelRefusalError as LcModelRefusalError,
} from '@langchain/core/errors';
import {
  McpError,
  ErrorCode,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import * as mcpOAuth from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { request as octokitRequest } from '@octokit/request';
import { LogLevel, WebClient } from '@slack/web-api';
import axios from 'axios';
import got from 'got';
import ky from 'ky';
import { MongoClient, MongoServerError, MongoWriteConcernError } from 'mongodb';
import OpenAI from 'openai';
import { ContentFilterFinishReasonError, LengthFinishReasonError } from 'openai/core/error';
import { errors as undiciErrors, request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError, decode, nextAction } from 'agent-errors';
import { nextInWords } from '../src/cli/explain.js';
import { runCli } from '../src/cli/main.js';
import { explainError } from '../src/cli/explain-report.js';
import { printedCases, rejected } from './helpers/fresh-cases.js';
import type { PrintedCase } from './helpers/fresh-cases.js';
import { closedPort, startReplyServer } from './helpers/reply-server.js';
import type { ReplyServer } from './helpers/reply-server.js';

let server: ReplyServer;
let down: string;
beforeAll(async () => {
  server = await startReplyServer();
  down = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(() => server.close());

// The statuses the provider SDKs map to classes (openai `core/error.ts`, anthropic
// `core/error.ts`: 400, 401, 403, 404, 409, 422, 429, >= 500, and Anthropic's own 402, 408,
// 412, 413, 431, 499, 501, 503, 504, 529), each with and without the wait headers they send.
const SDK_STATUSES = [
  400, 401, 402, 403, 404, 408, 409, 412, 413, 422, 429, 431, 499, 500, 501, 502, 503, 504, 529,
];
const waits: Record<string, string>[] = [{}, { 'retry-after': '3' }, { 'retry-after-ms': '1500' }];

const openaiBody = (status: number) => ({
  error: {
    message: `upstream said ${status}`,
    type: status >= 500 ? 'server_error' : 'invalid_request_error',
  },
});
const anthropicBody = (status: number) => ({
  type: 'error',
  error: {
    type:
      status === 529 ? 'overloaded_error' : status >= 500 ? 'api_error' : 'invalid_request_error',
    message: `upstream said ${status}`,
  },
});

describe('provider SDKs: every APIError subclass by status, and the client-side classes', () => {
  const cases: PrintedCase[] = [];
  for (const status of SDK_STATUSES) {
    for (const headers of waits) {
      const wait = Object.keys(headers)[0] ?? 'no wait';
      cases.push(
        {
          label: `openai ${status} ${wait}`,
          build: () =>
            OpenAI.APIError.generate(status, openaiBody(status), undefined, new Headers(headers)),
        },
        {
          label: `anthropic ${status} ${wait}`,
          build: () =>
            Anthropic.APIError.generate(
              status,
              anthropicBody(status),
              undefined,
              new Headers(headers),
            ),
        },
      );
    }
  }
  cases.push(
    {
      label: 'openai APIConnectionError',
      build: () => new OpenAI.APIConnectionError({ cause: new TypeError('fetch failed') }),
    },
    {
      label: 'openai APIConnectionTimeoutError',
      build: () => new OpenAI.APIConnectionTimeoutError(),
    },
    { label: 'openai APIUserAbortError', build: () => new OpenAI.APIUserAbortError() },
    { label: 'openai LengthFinishReasonError', build: () => new LengthFinishReasonError() },
    {
      label: 'openai ContentFilterFinishReasonError',
      build: () => new ContentFilterFinishReasonError(),
    },
    {
      label: 'openai InvalidWebhookSignatureError',
      build: () =>
        new OpenAI.InvalidWebhookSignatureError(
          'The given webhook signature does not match the expected signature',
        ),
    },
    {
      label: 'anthropic APIConnectionError',
      build: () => new Anthropic.APIConnectionError({ cause: new TypeError('fetch failed') }),
    },
    {
      label: 'anthropic APIConnectionTimeoutError',
      build: () => new Anthropic.APIConnectionTimeoutError(),
    },
    { label: 'anthropic APIUserAbortError', build: () => new Anthropic.APIUserAbortError() },
    {
      label: 'openai against a refused connection (the SDK itself)',
      build: () =>
        rejected(new OpenAI({ apiKey: 'k', baseURL: down, maxRetries: 0 }).models.list()),
    },
  );
  printedCases('provider-sdk', cases);
});

describe('@google/genai ApiError, as its client builds it from a response', () => {
  const bodies: [number, string, Record<string, unknown>[]][] = [
    [400, 'INVALID_ARGUMENT', []],
    [400, 'FAILED_PRECONDITION', []],
    [403, 'PERMISSION_DENIED', []],
    [404, 'NOT_FOUND', []],
    [429, 'RESOURCE_EXHAUSTED', []],
    [
      429,
      'RESOURCE_EXHAUSTED',
      [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }],
    ],
    [500, 'INTERNAL', []],
    [503, 'UNAVAILABLE', []],
    [504, 'DEADLINE_EXCEEDED', []],
  ];
  printedCases(
    'google-genai',
    bodies.map(([status, name, details]) => ({
      label: `${status} ${name}${details.length > 0 ? ' with RetryInfo' : ''}`,
      // `throwErrorIfNotOK`: the message is the response's JSON text, the status its status.
      build: () =>
        new ApiError({
          message: JSON.stringify({
            error: { code: status, message: `said ${name}`, status: name, details },
          }),
          status,
        }),
    })),
  );
});

// The messages the SDK itself raises them with (`shared/protocol.ts`), or JSON-RPC 2.0's own.
const MCP_SDK_MESSAGES: Record<string, string> = {
  ConnectionClosed: 'Connection closed',
  RequestTimeout: 'Request timed out',
  ParseError: 'Parse error',
  InvalidRequest: 'Invalid Request',
  MethodNotFound: 'Method not found',
  InvalidParams: 'Invalid params',
  InternalError: 'Internal error',
};

describe('MCP SDK v1: McpError codes, OAuth errors, transport errors', () => {
  const codes = Object.entries(ErrorCode).filter(
    (e): e is [string, number] => typeof e[1] === 'number',
  );
  const oauth = Object.entries(mcpOAuth).filter(
    ([name, cls]) =>
      typeof cls === 'function' && name !== 'OAuthError' && name !== 'CustomOAuthError',
  ) as [string, new (message: string) => Error][];
  printedCases('mcp-sdk', [
    ...codes.map(([name, code]) => ({
      label: `McpError ${name}`,
      build: () => new McpError(code, MCP_SDK_MESSAGES[name] ?? `${name} from the server`),
    })),
    {
      label: 'UrlElicitationRequiredError',
      build: () =>
        new UrlElicitationRequiredError([
          { mode: 'url', message: 'Sign in', url: 'https://example.test/a', elicitationId: 'e1' },
        ]),
    },
    ...oauth.map(([name, Cls]) => ({
      label: `OAuth ${name}`,
      build: () => new Cls(`${name} said no`),
    })),
    ...[401, 403, 404, 429, 500, 503].map((status) => ({
      label: `StreamableHTTPError ${status}`,
      // The transport's own message: `Error POSTing to endpoint (HTTP ${status}): ${text}`.
      build: () =>
        new StreamableHTTPError(status, `Error POSTing to endpoint (HTTP ${status}): upstream`),
    })),
    {
      label: 'SseError 503',
      build: () => new SseError(503, 'Non-200 status code (503)', {} as never),
    },
    { label: 'UnauthorizedError', build: () => new UnauthorizedError() },
  ]);
});

// What vscode-jsonrpc raises its own codes with (`common/connection.ts`), and LSP's.
const VSCODE_MESSAGES: Record<string, string> = {
  MessageWriteError: 'Unknown reason',
  MessageReadError: 'Unknown reason',
  PendingResponseRejected: 'Pending response rejected since connection got disposed',
  ConnectionInactive: 'Connection is inactive',
  ServerNotInitialized: 'Server not initialized',
  UnknownErrorCode: 'Unknown error',
};

// Known misses, each with what is missing.
const OWN_CODE_IN_LOG =
  "vscode-jsonrpc's own codes 1-4, rebuilt from a log, read apart from the instance (internal)";
const NOT_IN_TEXT = 'String(err) prints `Error: <message>`: the code is not in the text';
const VSCODE_MISSES: Record<string, PrintedCase['miss']> = {
  MessageWriteError: { inspect: OWN_CODE_IN_LOG },
  MessageReadError: { inspect: OWN_CODE_IN_LOG },
  PendingResponseRejected: { inspect: OWN_CODE_IN_LOG },
  ConnectionInactive: { inspect: OWN_CODE_IN_LOG },
  ServerNotInitialized: { String: NOT_IN_TEXT, stack: NOT_IN_TEXT },
};

describe('JSON-RPC peers: ACP RequestError, vscode-jsonrpc ResponseError and ConnectionError', () => {
  const acp = [
    'parseError',
    'invalidRequest',
    'methodNotFound',
    'invalidParams',
    'internalError',
    'authRequired',
    'resourceNotFound',
  ] as const;
  // The range markers (`…Start`, `…End`) are bounds, not codes a peer sends.
  const vscode = Object.entries(ErrorCodes).filter(
    ([name, code]) => typeof code === 'number' && !/(?:Start|End)$/.test(name),
  ) as [string, number][];
  printedCases('json-rpc-peers', [
    ...acp
      .filter(
        (name) =>
          typeof (AcpRequestError as unknown as Record<string, unknown>)[name] === 'function',
      )
      .map((name) => ({
        label: `ACP RequestError.${name}`,
        build: () => (AcpRequestError as unknown as Record<string, () => Error>)[name]!(),
      })),
    ...vscode.map(([name, code]) => ({
      label: `vscode-jsonrpc ResponseError ${name}`,
      ...(VSCODE_MISSES[name] === undefined ? {} : { miss: VSCODE_MISSES[name] }),
      build: () => new ResponseError(code, VSCODE_MESSAGES[name] ?? MCP_SDK_MESSAGES[name] ?? name),
    })),
    // Each kind with the message MessageConnection throws it with (`lib/common/connection.js`).
    ...(
      [
        [ConnectionErrors.Closed, 'Connection is closed.'],
        [ConnectionErrors.Disposed, 'Connection is disposed.'],
        [ConnectionErrors.AlreadyListening, 'Connection is already listening'],
      ] as const
    ).map(([kind, message]) => ({
      label: `vscode-jsonrpc ConnectionError ${kind}`,
      build: () => new ConnectionError(kind, message),
    })),
  ]);
});

describe('agent frameworks: @openai/agents, ai, @langchain/core', () => {
  printedCases('agent-frameworks', [
    {
      label: 'agents MaxTurnsExceededError',
      build: () => new agents.MaxTurnsExceededError('Max turns (10) exceeded', undefined as never),
    },
    {
      label: 'agents ModelBehaviorError',
      build: () =>
        new agents.ModelBehaviorError('Model did not produce a final output', undefined as never),
    },
    {
      label: 'agents UserError',
      build: () => new agents.UserError('Agent has no model', undefined as never),
    },
    {
      label: 'agents SystemError',
      build: () => new agents.SystemError('unexpected state', undefined as never),
    },
    {
      label: 'agents ToolTimeoutError',
      build: () => new agents.ToolTimeoutError({ toolName: 'search', timeoutMs: 500 } as never),
    },
    {
      label: 'agents InvalidToolOutputError',
      build: () => new agents.InvalidToolOutputError('tool output is not JSON', undefined as never),
    },
    {
      label: 'ai APICallError 429 retryable',
      build: () =>
        new APICallError({
          message: 'Too Many Requests',
          url: 'http://127.0.0.1/v1',
          requestBodyValues: {},
          statusCode: 429,
          responseHeaders: { 'retry-after': '2' },
          isRetryable: true,
        }),
    },
    {
      label: 'ai APICallError 400',
      build: () =>
        new APICallError({
          message: 'Bad Request',
          url: 'http://127.0.0.1/v1',
          requestBodyValues: {},
          statusCode: 400,
          isRetryable: false,
        }),
    },
    {
      label: 'ai APICallError 503',
      build: () =>
        new APICallError({
          message: 'Service Unavailable',
          url: 'http://127.0.0.1/v1',
          requestBodyValues: {},
          statusCode: 503,
          isRetryable: true,
        }),
    },
    {
      label: 'ai RetryError maxRetriesExceeded',
      build: () =>
        new RetryError({
          message: 'Failed after 3 attempts. Last error: Overloaded',
          reason: 'maxRetriesExceeded',
          errors: [
            new APICallError({
              message: 'Overloaded',
              url: 'http://127.0.0.1/v1',
              requestBodyValues: {},
              statusCode: 529,
              isRetryable: true,
            }),
          ],
        }),
    },
    {
      label: 'ai NoSuchToolError',
      build: () => new NoSuchToolError({ toolName: 'serch', availableTools: ['search'] }),
    },
    {
      label: 'ai InvalidToolInputError',
      build: () =>
        new InvalidToolInputError({
          toolName: 'search',
          toolInput: '{',
          cause: new SyntaxError('Unexpected end of JSON input'),
        }),
    },
    {
      label: 'langchain ContextOverflowError',
      build: () => new ContextOverflowError('context length exceeded'),
    },
    {
      label: 'langchain ModelAbortError',
      build: () => new ModelAbortError('the call was aborted'),
    },
    {
      label: 'langchain ModelRefusalError',
      build: () => new LcModelRefusalError('the model refused'),
    },
  ]);
});

// Names other libraries' classes share, so the name alone names no single code.
const SHARED_NAMES: Record<string, string> = {
  ClientClosedError: "node-redis's ClientClosedError has the same name and message",
  NotSupportedError: "DOMException's NotSupportedError has the same name",
};

describe('undici: every errors.* class, by its own constructor (as undici raises them)', () => {
  const skip = new Set([
    'UndiciError',
    'ResponseError',
    'RequestRetryError',
    'SecureProxyConnectionError',
    'Socks5ProxyError',
  ]);
  const classes = Object.entries(undiciErrors).filter(
    ([name, cls]) => typeof cls === 'function' && !skip.has(name),
  ) as [string, new () => Error][];
  printedCases('undici', [
    ...classes.map(([name, Cls]) => ({
      label: name,
      ...(SHARED_NAMES[name] === undefined
        ? {}
        : { miss: { String: SHARED_NAMES[name], stack: SHARED_NAMES[name] } }),
      // undici raises a parser error with llhttp's reason and code; the others as constructed.
      build: () =>
        name === 'HTTPParserError'
          ? new (Cls as new (...args: string[]) => Error)(
              'Response does not match the HTTP/1.1 protocol (Invalid header value char)',
              'HPE_INVALID_HEADER_TOKEN',
            )
          : new Cls(),
    })),
    {
      label: 'request against a refused port (ECONNREFUSED)',
      build: () => rejected(undiciRequest(`${down}/x`)),
    },
  ]);
});

// GitHub's messages for each status (docs.github.com, "Troubleshooting the REST API").
const GITHUB: Record<number, string> = {
  400: 'Problems parsing JSON',
  401: 'Bad credentials',
  403: 'Resource not accessible by integration',
  404: 'Not Found',
  409: 'Git Repository is empty.',
  422: 'Validation Failed',
  429: 'API rate limit exceeded for 127.0.0.1.',
  500: 'Server Error',
  502: 'Server Error',
  503: 'Service Unavailable',
  504: "We couldn't respond to your request in time. Sorry about that. Please try resubmitting your request and contact us if the problem persists.",
};

// GitHub's messages for 400 and 504 are not in http-clients/printed.ts's table, and 'Server
// Error' is sent with 500 and 502 alike.
const GITHUB_MISSES = new Set([400, 502, 504]);
const GITHUB_TABLE_MISS = "GitHub's message for this status is not in GITHUB_PRINTED_MESSAGES";
const NO_CAUSE = 'String(err) drops the [cause] that names the network failure';
const STACK_BEFORE_NAME =
  'got captures the stack before it names the class: the stack says `RequestError: …`';

describe('HTTP client libraries against a 127.0.0.1 server', () => {
  const answers: [number, Record<string, string>][] = [
    [400, {}],
    [401, {}],
    [403, {}],
    [404, {}],
    [409, {}],
    [422, {}],
    [429, { 'retry-after': '4' }],
    [500, {}],
    [502, {}],
    [503, { 'retry-after': '2' }],
    [504, {}],
  ];
  const cases: PrintedCase[] = [];
  for (const [status, headers] of answers) {
    const path = `/http/${status}`;
    const url = () => server.on(path, { status, headers, body: { message: `said ${status}` } });
    cases.push(
      { label: `axios ${status}`, build: () => rejected(axios.get(url())) },
      { label: `got ${status}`, build: () => rejected(got(url(), { retry: { limit: 0 } })) },
      { label: `ky ${status}`, build: () => rejected(ky.get(url(), { retry: 0 })) },
      {
        label: `octokit ${status}`,
        ...(GITHUB_MISSES.has(status)
          ? { miss: { String: GITHUB_TABLE_MISS, stack: GITHUB_TABLE_MISS } }
          : {}),
        build: () => {
          server.on(`/octo/${status}`, { status, headers, body: { message: GITHUB[status] } });
          return rejected(octokitRequest(`GET /octo/${status}`, { baseUrl: server.url }));
        },
      },
    );
  }
  cases.push(
    { label: 'axios ECONNREFUSED', build: () => rejected(axios.get(`${down}/x`)) },
    { label: 'got ECONNREFUSED', build: () => rejected(got(`${down}/x`, { retry: { limit: 0 } })) },
    {
      label: 'ky ECONNREFUSED',
      miss: { String: NO_CAUSE, stack: NO_CAUSE },
      build: () => rejected(ky.get(`${down}/x`, { retry: 0 })),
    },
    {
      label: 'got MaxRedirectsError',
      build: () =>
        rejected(
          got(server.on('/loop', { status: 302, headers: { location: '/loop' } }), {
            retry: { limit: 0 },
            maxRedirects: 2,
          }),
        ),
    },
    {
      label: 'got ParseError',
      miss: { stack: STACK_BEFORE_NAME },
      build: () =>
        rejected(
          got(
            server.on('/notjson', {
              status: 200,
              headers: { 'content-type': 'application/json' },
              body: '{nope',
            }),
            { responseType: 'json', retry: { limit: 0 } },
          ),
        ),
    },
    {
      label: 'got TimeoutError',
      build: () =>
        rejected(
          got(
            server.on('/slow', () => undefined),
            { retry: { limit: 0 }, timeout: { request: 50 } },
          ),
        ),
    },
    {
      label: 'ky TimeoutError',
      build: () =>
        rejected(
          ky.get(
            server.on('/slow-ky', () => undefined),
            { retry: 0, timeout: 50 },
          ),
        ),
    },
    {
      label: 'axios timeout (ECONNABORTED)',
      build: () =>
        rejected(
          axios.get(
            server.on('/slow-axios', () => undefined),
            { timeout: 50 },
          ),
        ),
    },
    {
      // Cancelled by the caller once the server has the request (a timeout signal's reason is
      // on the instance, which decode reads as a timeout, but not in the printed text).
      label: 'axios ERR_CANCELED',
      build: () => {
        const controller = new AbortController();
        return rejected(
          axios.get(
            server.on('/slow-cancel', () => controller.abort()),
            { signal: controller.signal },
          ),
        );
      },
    },
  );
  printedCases('http-clients', cases);
});

describe('@slack/web-api: its error codes from Slack-shaped answers', () => {
  const client = (path: string) =>
    new WebClient('xoxb-test', {
      slackApiUrl: `${server.url}${path}/`,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      logLevel: LogLevel.ERROR,
    });
  const platform = [
    'channel_not_found',
    'invalid_auth',
    'missing_scope',
    'ratelimited',
    'fatal_error',
    'invalid_arguments',
  ];
  printedCases('slack', [
    ...platform.map((code) => ({
      label: `platform ${code}`,
      build: () => {
        server.on(`/slk-${code}/chat.postMessage`, {
          status: 200,
          body: { ok: false, error: code },
        });
        return rejected(client(`/slk-${code}`).chat.postMessage({ channel: 'C1', text: 'hi' }));
      },
    })),
    {
      label: 'rate limited 429 retry-after 9',
      build: () => {
        server.on('/slk-429/chat.postMessage', {
          status: 429,
          headers: { 'retry-after': '9' },
          body: { ok: false, error: 'ratelimited' },
        });
        return rejected(client('/slk-429').chat.postMessage({ channel: 'C1', text: 'hi' }));
      },
    },
    {
      label: 'HTTP 503',
      build: () => {
        server.on('/slk-503/chat.postMessage', { status: 503, body: 'down' });
        return rejected(client('/slk-503').chat.postMessage({ channel: 'C1', text: 'hi' }));
      },
    },
  ]);
});

describe('mongodb driver classes', () => {
  // Each reply's errmsg as mongod words it (mongodb/mongo's sources for each code).
  const ERRMSG: Record<string, string> = {
    DuplicateKey: 'E11000 duplicate key error collection: test.c index: _id_ dup key: { _id: 1 }',
    Unauthorized: 'not authorized on test to execute command { insert: "c" }',
    AuthenticationFailed: 'Authentication failed.',
    NamespaceNotFound: 'ns not found',
    MaxTimeMSExpired: 'operation exceeded time limit',
    WriteConflict:
      'WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.',
    PrimarySteppedDown: 'Primary stepped down while waiting for replication',
    NotWritablePrimary: 'not primary',
    BadValue: 'unknown top level operator: $foo',
  };
  const reply = (code: number, codeName: string, errorLabels: string[] = []) =>
    new MongoServerError({ ok: 0, code, codeName, errmsg: ERRMSG[codeName]!, errorLabels });
  printedCases('mongodb', [
    { label: 'MongoServerError 11000 DuplicateKey', build: () => reply(11000, 'DuplicateKey') },
    { label: 'MongoServerError 13 Unauthorized', build: () => reply(13, 'Unauthorized') },
    {
      label: 'MongoServerError 18 AuthenticationFailed',
      build: () => reply(18, 'AuthenticationFailed'),
    },
    { label: 'MongoServerError 26 NamespaceNotFound', build: () => reply(26, 'NamespaceNotFound') },
    { label: 'MongoServerError 50 MaxTimeMSExpired', build: () => reply(50, 'MaxTimeMSExpired') },
    {
      label: 'MongoServerError 112 WriteConflict TransientTransactionError',
      build: () => reply(112, 'WriteConflict', ['TransientTransactionError']),
    },
    {
      label: 'MongoServerError 189 PrimarySteppedDown RetryableWriteError',
      build: () => reply(189, 'PrimarySteppedDown', ['RetryableWriteError']),
    },
    {
      label: 'MongoServerError 10107 NotWritablePrimary',
      build: () => reply(10107, 'NotWritablePrimary'),
    },
    { label: 'MongoServerError 2 BadValue', build: () => reply(2, 'BadValue') },
    {
      label: 'MongoWriteConcernError 64 WriteConcernFailed',
      build: () =>
        new MongoWriteConcernError({
          writeConcernError: {
            code: 64,
            codeName: 'WriteConcernFailed',
            errmsg: 'waiting for replication timed out',
          },
          ok: 1,
        } as never),
    },
    {
      label: 'MongoServerSelectionError against a refused port',
      build: async () => {
        const client = new MongoClient(
          `mongodb://127.0.0.1:${new URL(down).port}/?serverSelectionTimeoutMS=100`,
        );
        try {
          return await rejected(client.connect());
        } finally {
          await client.close();
        }
      },
    },
  ]);
});

describe('DOMException names (fetch, AbortSignal, structuredClone, crypto)', () => {
  const names = [
    'AbortError',
    'TimeoutError',
    'NetworkError',
    'NotFoundError',
    'NotAllowedError',
    'SecurityError',
    'DataCloneError',
    'InvalidStateError',
    'SyntaxError',
    'NotSupportedError',
    'QuotaExceededError',
  ];
  printedCases('dom-exception', [
    ...names.map((name) => ({
      label: name,
      build: () => new DOMException(`${name} happened`, name),
    })),
    {
      label: 'AbortSignal.timeout reason',
      build: () =>
        rejected(
          fetch(
            server.on('/slow-fetch', () => undefined),
            { signal: AbortSignal.timeout(20) },
          ),
        ),
    },
    {
      label: 'structuredClone of a function',
      build: () => {
        try {
          structuredClone(() => 1);
        } catch (e) {
          return e;
        }
        throw new Error('cloned');
      },
    },
  ]);
});

describe('a quota with a wait: explain and nextAction agree (stop and tell the user)', () => {
  // A spent quota (a day's or a month's budget) stays spent until its reset; the reset time is
  // for the user. A per-minute limit is a rate limit: wait, then retry.
  const quotaForms: [string, unknown][] = [
    [
      'an AgentError marked retryable with a reset',
      AgentError.quotaExceeded('Daily quota used up', { retryable: true, retryAfterMs: 3_600_000 }),
    ],
    [
      'ToolError text with a reset',
      '[ERROR code=QUOTA_EXCEEDED category=quota retryable=true retryAfterMs=3600000] Daily quota used up',
    ],
    [
      'Gemini 429 QuotaFailure per day with RetryInfo',
      {
        status: 429,
        headers: {},
        body: {
          error: {
            code: 429,
            status: 'RESOURCE_EXHAUSTED',
            message: 'Quota exceeded for metric: generate_content_requests_per_day',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
                violations: [
                  {
                    quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests',
                    quotaId: 'GenerateRequestsPerDayPerProjectPerModel',
                  },
                ],
              },
              { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3600s' },
            ],
          },
        },
      },
    ],
  ];
  it.each(quotaForms)('%s', async (_label, input) => {
    const error = input instanceof AgentError ? input : decode(input);
    expect(error.category).toBe('quota');
    expect(nextAction(error)).toBe('give_up');
    const report = explainError(input, error);
    expect(report.next).toBe('give_up');
    expect(nextInWords(report)).toMatch(/^stop: the quota is used up/);
  });

  it('a per-minute limit with a wait is a rate limit: both say wait, then retry', async () => {
    const body = {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'per minute',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [{ quotaId: 'GenerateRequestsPerMinutePerProjectPerModel' }],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '20s' },
        ],
      },
    };
    const error = decode(body);
    expect([error.category, nextAction(error)]).toEqual(['rate_limit', 'wait_and_retry']);
    expect(nextInWords(explainError(body, error))).toBe('wait 20000 ms, then retry');
  });
});

// Each provider's documented error response, answered by a 127.0.0.1 server and read back with
// node:http as the tools print it: curl -i (status line, headers, blank line, body), curl -v
// (`< ` before each response line, `> ` request and `* ` info lines around it) and HTTPie
// (`http --print=hb`: curl -i's layout, the body indented). Expectation: decode of the response.
const providerAnswers: [string, number, Record<string, string>, unknown][] = [
  [
    'openai 429 rate limit',
    429,
    {
      'retry-after-ms': '1200',
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '1.2s',
    },
    {
      error: {
        message: 'Rate limit reached for gpt-4o',
        type: 'requests',
        code: 'rate_limit_exceeded',
      },
    },
  ],
  [
    'openai 429 insufficient_quota',
    429,
    {},
    {
      error: {
        message: 'You exceeded your current quota',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    },
  ],
  [
    'openai 503',
    503,
    { 'retry-after': '2' },
    { error: { message: 'The engine is currently overloaded', type: 'server_error' } },
  ],
  [
    'anthropic 529 overloaded',
    529,
    {},
    { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
  ],
  [
    'anthropic 429',
    429,
    { 'retry-after': '15', 'anthropic-ratelimit-requests-remaining': '0' },
    {
      type: 'error',
      error: {
        type: 'rate_limit_error',
        message: 'Number of requests has exceeded your rate limit',
      },
    },
  ],
  [
    'anthropic 400 credit',
    400,
    {},
    {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'Your credit balance is too low to access the Anthropic API.',
      },
    },
  ],
  [
    'gemini 429 RetryInfo',
    429,
    {},
    {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'Resource exhausted',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '9s' }],
      },
    },
  ],
  [
    'gemini 403',
    403,
    {},
    { error: { code: 403, status: 'PERMISSION_DENIED', message: 'Permission denied' } },
  ],
  ['mistral 401', 401, {}, { message: 'Unauthorized', request_id: 'r1' }],
  [
    'groq 498 capacity',
    498,
    {},
    { error: { message: 'Flex tier capacity exceeded', type: 'capacity_exceeded' } },
  ],
];

interface Fetched {
  statusLine: string;
  status: number;
  raw: string[];
  headers: Record<string, string>;
  body: string;
}

function fetchRaw(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const raw: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          raw.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({
          statusLine: `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}`,
          status: res.statusCode!,
          raw,
          headers: res.headers as Record<string, string>,
          body,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const TOOL_FORMS = {
  'curl -i': (f: Fetched) => `${[f.statusLine, ...f.raw].join('\r\n')}\r\n\r\n${f.body}`,
  'curl -v': (f: Fetched, url: string) =>
    [
      `*   Trying ${new URL(url).host}...`,
      `* Connected to 127.0.0.1 (127.0.0.1) port ${new URL(url).port}`,
      `> GET ${new URL(url).pathname} HTTP/1.1`,
      `> Host: ${new URL(url).host}`,
      '> User-Agent: curl/8.5.0',
      '> Accept: */*',
      '> ',
      `< ${f.statusLine}`,
      ...f.raw.map((h) => `< ${h}`),
      '< ',
      '* Connection #0 to host 127.0.0.1 left intact',
      f.body,
    ].join('\n'),
  HTTPie: (f: Fetched) =>
    `${[f.statusLine, ...f.raw].join('\n')}\n\n${JSON.stringify(JSON.parse(f.body), null, 4)}\n`,
} as const;

describe('curl -i, curl -v and HTTPie text of each provider error', () => {
  const cases = providerAnswers.flatMap(([label, status, headers, body]) =>
    (Object.keys(TOOL_FORMS) as (keyof typeof TOOL_FORMS)[]).map(
      (tool) => [`${label} (${tool})`, status, headers, body, tool] as const,
    ),
  );
  it.each(cases)('%s', async (_label, status, headers, body, tool) => {
    const url = server.on(`/tool/${status}/${Math.random().toString(36).slice(2)}`, {
      status,
      headers,
      body,
    });
    const fetched = await fetchRaw(url);
    const expected = decode({
      status: fetched.status,
      headers: fetched.headers,
      body: JSON.parse(fetched.body) as unknown,
    });
    let out = '';
    const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
    expect(await runCli(['explain', '--json', '--', TOOL_FORMS[tool](fetched, url)], io)).toBe(0);
    const report = JSON.parse(out) as {
      category: string;
      retryable: boolean;
      retryAfterMs?: number;
      recognised: { form: string };
    };
    expect({
      category: report.category,
      retryable: report.retryable,
      retryAfterMs: report.retryAfterMs,
    }).toEqual({
      category: expected.category,
      retryable: expected.retryable,
      retryAfterMs: expected.retryAfterMs,
    });
    expect(report.recognised.form).toMatch(/(?:transcript|print it): HTTP\/[\d.]+ \d{3}/);
  });
});

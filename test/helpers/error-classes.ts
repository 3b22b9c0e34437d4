// Every exported error class of the error sources among the devDependencies, found by walking each
// library's exports (not listed by hand), and each built the way its library builds it: the
// library's own factory where it has one (the provider SDKs' `APIError.generate`, Anthropic's
// `makeStatusError` over its `error_code` table), else the class's own constructor with the
// arguments the library passes it (an options object where the constructor takes one). The
// printed-form coverage of `explain` (test/explain-pasted-6.test.ts) runs over this list.
import { inspect } from 'node:util';
import { closedPort, startReplyServer } from './reply-server.js';
import type { ReplyServer } from './reply-server.js';
import { rejected } from './fresh-cases.js';

/** One exported error class and how to build an instance of it. */
export interface ErrorClass {
  /** The library (package or entry) that exports it. */
  readonly library: string;
  /** The class name as exported (a nested export keeps its path: `errors.SocketError`). */
  readonly name: string;
  /** How the instance is built: `factory` (the library's own), `raised` (by a real call), or `constructor`. */
  readonly how: 'factory' | 'raised' | 'constructor';
  /** Which instance of the class, where its library raises it several ways (a code, a status). */
  readonly variant?: string;
  readonly build: () => unknown;
}

/** Where the builders that need one send their requests: a 127.0.0.1 reply server, a closed port. */
export interface Peers {
  readonly server: ReplyServer;
  /** A base URL on 127.0.0.1 that refuses connections. */
  readonly down: string;
}

/** A reply server on 127.0.0.1 and a port there that refuses connections. */
export async function startPeers(): Promise<Peers> {
  return { server: await startReplyServer(), down: `http://127.0.0.1:${await closedPort()}` };
}

/** How one instance of a class is built, where its library builds it with more than a message. */
export type Built = Omit<ErrorClass, 'library' | 'name'>;

/** The modules walked, each with the package name a user knows it by. */
export const ERROR_SOURCES: readonly (readonly [string, () => Promise<unknown>])[] = [
  ['openai', () => import('openai/core/error')],
  ['@anthropic-ai/sdk', () => import('@anthropic-ai/sdk')],
  ['@google/genai', () => import('@google/genai')],
  ['ai', () => import('ai')],
  ['@openai/agents', () => import('@openai/agents')],
  ['@langchain/core', () => import('@langchain/core/errors')],
  ['@modelcontextprotocol/sdk', () => import('@modelcontextprotocol/sdk/types.js')],
  [
    '@modelcontextprotocol/sdk/auth',
    () => import('@modelcontextprotocol/sdk/server/auth/errors.js'),
  ],
  ['@modelcontextprotocol/client', () => import('@modelcontextprotocol/client')],
  ['@agentclientprotocol/sdk', () => import('@agentclientprotocol/sdk')],
  ['vscode-jsonrpc', () => import('vscode-jsonrpc')],
  ['pg', () => import('pg')],
  ['mongodb', () => import('mongodb')],
  ['redis', () => import('redis')],
  ['ioredis', () => import('ioredis')],
  ['got', () => import('got')],
  ['ky', () => import('ky')],
  ['axios', () => import('axios')],
  ['undici', () => import('undici')],
  ['@octokit/request-error', () => import('@octokit/request-error')],
  ['@slack/web-api', () => import('@slack/web-api')],
  ['graphql', () => import('graphql')],
  ['sequelize', () => import('sequelize')],
  ['knex', () => import('knex')],
  ['drizzle-orm', () => import('drizzle-orm')],
  ['@grpc/grpc-js', () => import('@grpc/grpc-js')],
  ['@smithy/smithy-client', () => import('@smithy/smithy-client')],
  ['json-rpc-2.0', () => import('json-rpc-2.0')],
];

type ErrorConstructor = abstract new (...args: never[]) => Error;

function isErrorClass(value: unknown): value is ErrorConstructor {
  return typeof value === 'function' && value.prototype instanceof Error;
}

/**
 * The error classes `namespace` exports: its own members, the members of an exported `errors`
 * object (undici), and the classes hung on an exported class or the default export (the SDKs'
 * `OpenAI.RateLimitError`). Each class once, by the first name found.
 */
export function exportedErrorClasses(namespace: unknown): [string, ErrorConstructor][] {
  const found = new Map<ErrorConstructor, string>();
  const visit = (holder: unknown, prefix: string, depth: number): void => {
    if (holder === null || (typeof holder !== 'object' && typeof holder !== 'function')) return;
    for (const key of Object.keys(holder)) {
      let value: unknown;
      try {
        value = (holder as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      if (isErrorClass(value)) {
        if (!found.has(value)) found.set(value, `${prefix}${key}`);
      } else if (depth < 1 && value !== null && /^(?:errors|default|[A-Z]\w*)$/.test(key)) {
        visit(value, key === 'default' ? '' : `${key}.`, depth + 1);
      }
    }
  };
  visit(namespace, '', 0);
  return [...found].map(([cls, name]) => [name, cls]);
}

// The statuses the provider SDKs map to classes (openai and anthropic `core/error`), with the wait
// header a 429 or a 5xx sends.
const SDK_STATUSES = [
  400, 401, 402, 403, 404, 408, 409, 412, 413, 422, 429, 431, 499, 500, 501, 503, 504, 529,
];
const waitHeaders = (status: number) =>
  new Headers(status === 429 || status === 503 || status === 529 ? { 'retry-after': '7' } : {});

/**
 * The error a Stainless SDK (OpenAI's, Groq's, Together's) raises for `status`: its
 * `APIError.generate` over the body the API sends, with the wait header a 429 or a 5xx sends.
 */
export function stainlessError(
  APIError: {
    generate(status: number, body: object, message: undefined, headers: Headers): unknown;
  },
  status: number,
): unknown {
  return APIError.generate(
    status,
    {
      error: {
        message: `upstream said ${status}`,
        type: status >= 500 ? 'server_error' : 'invalid_request_error',
      },
    },
    undefined,
    waitHeaders(status),
  );
}

/**
 * Instances the library's own factory builds, by class: each status through `APIError.generate`,
 * and Anthropic's `error_code` classes through the client's `makeStatusError` (`client.ts`) with
 * the body the API sends them in.
 */
async function factoryBuilt(): Promise<Map<unknown, () => unknown>> {
  const built = new Map<unknown, () => unknown>();
  const { default: OpenAI } = await import('openai');
  const { default: Anthropic } = await import('@anthropic-ai/sdk');
  for (const status of SDK_STATUSES) {
    const openai = () => stainlessError(OpenAI.APIError, status);
    const anthropic = () =>
      Anthropic.APIError.generate(
        status,
        {
          type: 'error',
          error: {
            type: status === 529 ? 'overloaded_error' : 'api_error',
            message: `upstream said ${status}`,
          },
        },
        undefined,
        waitHeaders(status),
      );
    for (const make of [openai, anthropic]) {
      const cls = (make() as object).constructor;
      if (!built.has(cls)) built.set(cls, make);
    }
  }
  // The SDK's internal table, the one its client reads.
  const { ERROR_CODE_CLASSES } = (await import('@anthropic-ai/sdk/core/error-classes')) as {
    ERROR_CODE_CLASSES: Map<string, unknown>;
  };
  const client = new Anthropic({ apiKey: 'k' }) as unknown as {
    makeStatusError(status: number, body: unknown, message: undefined, headers: Headers): Error;
  };
  for (const [key, cls] of ERROR_CODE_CLASSES) {
    const [status, code] = key.split(' ') as [string, string];
    const type =
      status === '429'
        ? 'rate_limit_error'
        : status === '529'
          ? 'overloaded_error'
          : 'invalid_request_error';
    built.set(cls, () =>
      client.makeStatusError(
        Number(status),
        {
          type: 'error',
          error: { type, message: `${code.replaceAll('_', ' ')}`, details: { error_code: code } },
        },
        undefined,
        waitHeaders(Number(status)),
      ),
    );
  }
  return built;
}

// A constructor that takes one options object (`constructor({ message, cause })`, the AI SDK's
// and the MCP SDK's way) is given one; the others a message.
const TAKES_OPTIONS = /constructor\s*\(\s*\{/;

function constructed(cls: ErrorConstructor, name: string): () => unknown {
  const Cls = cls as unknown as new (...args: unknown[]) => Error;
  const options = TAKES_OPTIONS.test(Function.prototype.toString.call(cls));
  // The class's own message where it has one (`new APIConnectionError({})` says "Connection
  // error."), else a message that says what failed.
  try {
    const own = options ? new Cls({}) : new Cls();
    if (own.message !== '' && !own.message.includes('undefined')) {
      return options ? () => new Cls({ cause: new Error('the cause') }) : () => new Cls();
    }
  } catch {
    // It needs its arguments.
  }
  const message = `${name
    .replace(/^\w+\./, '')
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()} failed`;
  return options
    ? () => new Cls({ message, cause: new Error('the cause') })
    : () => new Cls(message);
}

/**
 * The message the MCP SDK v2 raises each `SdkErrorCode` with, read from its own source (`new
 * SdkError(SdkErrorCode.X, "…")`, the first of each), a template's `${…}` filled with a method.
 */
async function sdkErrorMessages(): Promise<Map<string, string>> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const dist = dirname(fileURLToPath(import.meta.resolve('@modelcontextprotocol/client')));
  const messages = new Map<string, string>();
  const raised = /new Sdk(?:Http)?Error\(SdkErrorCode\.(\w+), (["'`])((?:(?!\2).)*)\2/g;
  for (const file of readdirSync(dist).filter((f) => f.endsWith('.mjs'))) {
    for (const [, code, , text] of readFileSync(join(dist, file), 'utf8').matchAll(raised)) {
      if (!messages.has(code!)) messages.set(code!, text!.replace(/\$\{[^}]*\}/g, 'tools/call'));
    }
  }
  return messages;
}

/**
 * Every exported error class of `sources` ({@link ERROR_SOURCES} unless given), each with how it
 * is built: by `built` (`library name` → builds) where it names the class, else as above.
 */
export async function errorClasses(
  peers: Peers,
  sources: readonly (readonly [string, () => Promise<unknown>])[] = ERROR_SOURCES,
  built?: (peers: Peers) => Promise<Map<string, Built[]>>,
): Promise<ErrorClass[]> {
  const factories = await factoryBuilt();
  const raised = built === undefined ? await libraryBuilt(peers) : await built(peers);
  const all: ErrorClass[] = [];
  const seen = new Set<unknown>();
  for (const [library, load] of sources) {
    for (const [name, cls] of exportedErrorClasses(await load())) {
      if (seen.has(cls)) continue;
      seen.add(cls);
      const own =
        raised.get(`${library} ${name}`) ?? raised.get(`${library} ${name.replace(/^\w+\./, '')}`);
      if (own !== undefined) {
        all.push(...own.map((built) => ({ library, name, ...built })));
        continue;
      }
      const factory = factories.get(cls);
      all.push(
        factory === undefined
          ? { library, name, how: 'constructor', build: constructed(cls, name) }
          : { library, name, how: 'factory', build: factory },
      );
    }
  }
  return all;
}

/** The ways people paste an error, each with the text it prints (`undefined`: it prints none). */
export const PASTED_FORMS = {
  String: (e: unknown) => String(e),
  'stack head': (e: unknown) => stackOf(e)?.split(/\n\s+at /, 1)[0],
  stack: (e: unknown) => stackOf(e),
  inspect: (e: unknown) => inspect(e),
  JSON: (e: unknown) =>
    typeof (e as { toJSON?: unknown }).toJSON === 'function' ? JSON.stringify(e) : undefined,
} as const satisfies Record<string, (e: unknown) => string | undefined>;

/** One of {@link PASTED_FORMS}. */
export type PastedForm = keyof typeof PASTED_FORMS;

function stackOf(error: unknown): string | undefined {
  const stack = (error as { stack?: unknown } | null)?.stack;
  return typeof stack === 'string' ? stack : undefined;
}

/**
 * The classes whose library builds them with more than a message, each built as the library
 * does: a real request for the HTTP clients (their errors hold the response), the arguments
 * the library passes its constructor for the others, every code of a class that carries a code
 * table (the MCP SDK v2's `SdkErrorCode`, `ProtocolErrorCode`).
 */
async function libraryBuilt({ server, down }: Peers): Promise<Map<string, Built[]>> {
  const ai = await import('ai');
  const mongodb = await import('mongodb');
  const redis = await import('redis');
  const gotErrors = await import('got');
  const { default: got } = gotErrors;
  const { default: ky } = await import('ky');
  const undici = await import('undici');
  const { request: octokitRequest } = await import('@octokit/request');
  const slack = await import('@slack/web-api');
  const sequelize = await import('sequelize');
  const drizzle = await import('drizzle-orm');
  const pg = await import('pg');
  const mcp = await import('@modelcontextprotocol/client');
  const jsonRpc = await import('json-rpc-2.0');
  const smithy = await import('@smithy/smithy-client');
  const { ApiError } = await import('@google/genai');
  const own = (build: () => unknown, variant?: string): Built => ({
    how: 'constructor',
    build,
    ...(variant === undefined ? {} : { variant }),
  });
  const live = (build: () => unknown, variant?: string): Built => ({
    how: 'raised',
    build,
    ...(variant === undefined ? {} : { variant }),
  });
  const reply = (path: string, status: number, headers: Record<string, string> = {}) =>
    server.on(path, { status, headers, body: { message: `said ${status}` } });
  const apiCall = (statusCode: number, isRetryable: boolean, responseHeaders = {}) =>
    new ai.APICallError({
      message: statusCode === 429 ? 'Too Many Requests' : 'Service Unavailable',
      url: `${server.url}/v1/chat`,
      requestBodyValues: {},
      statusCode,
      responseHeaders,
      isRetryable,
    });
  const PgDatabaseError = pg.DatabaseError as unknown as new (
    message: string,
    length: number,
    name: string,
  ) => Error;
  // pg-protocol's parser builds the server's error this way: message, length, name, then fields.
  const pgError = (code: string, message: string) =>
    Object.assign(new PgDatabaseError(message, message.length, 'error'), {
      severity: 'ERROR',
      code,
    });
  const conn = (code: string, message: string) =>
    Object.assign(new Error(message), { code, errno: -111, syscall: 'connect' });
  const sdkMessages = await sdkErrorMessages();
  const STATUS_TEXT: Record<number, string> = {
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    503: 'Service Unavailable',
  };
  // GitHub's messages for these statuses (docs.github.com, "Troubleshooting the REST API").
  const GITHUB: Record<number, string> = {
    403: 'Resource not accessible by integration',
    429: 'API rate limit exceeded for 127.0.0.1.',
    503: 'Service Unavailable',
  };
  const JSON_RPC_MESSAGES = {
    'Parse error': -32700,
    'Invalid Request': -32600,
    'Method not found': -32601,
    'Invalid params': -32602,
    'Internal error': -32603,
    'Resource not found': -32002,
  };
  return new Map<string, Built[]>([
    [
      'ai APICallError',
      [
        own(() => apiCall(429, true, { 'retry-after': '2' }), '429'),
        own(() => apiCall(503, true), '503'),
      ],
    ],
    [
      'ai RetryError',
      [
        own(
          () =>
            new ai.RetryError({
              message: 'Failed after 3 attempts. Last error: Service Unavailable',
              reason: 'maxRetriesExceeded',
              errors: [apiCall(503, true)],
            }),
        ),
      ],
    ],
    [
      'ai MissingToolResultsError',
      [own(() => new ai.MissingToolResultsError({ toolCallIds: ['call_1'] }))],
    ],
    [
      'ai TooManyEmbeddingValuesForCallError',
      [
        own(
          () =>
            new ai.TooManyEmbeddingValuesForCallError({
              provider: 'openai.embedding',
              modelId: 'text-embedding-3-small',
              maxEmbeddingsPerCall: 2048,
              values: Array.from({ length: 2049 }, (_, i) => `v${i}`),
            }),
        ),
      ],
    ],
    [
      '@google/genai ApiError',
      [429, 503].map((status) =>
        own(
          () =>
            new ApiError({
              message: JSON.stringify({
                error: {
                  code: status,
                  message: `said ${status}`,
                  status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE',
                },
              }),
              status,
            }),
          String(status),
        ),
      ),
    ],
    [
      '@modelcontextprotocol/client ProtocolError',
      // As the SDK builds it from a JSON-RPC error (`ProtocolError.fromError`), with JSON-RPC
      // 2.0's messages for its codes (§5.1) and MCP's for a missing resource.
      Object.entries(JSON_RPC_MESSAGES).map(([message, code]) =>
        own(() => mcp.ProtocolError.fromError(code, message), message),
      ),
    ],
    [
      '@modelcontextprotocol/client MissingRequiredClientCapabilityError',
      [
        own(
          () =>
            new mcp.MissingRequiredClientCapabilityError({
              requiredCapabilities: { sampling: {} },
            }),
        ),
      ],
    ],
    [
      '@modelcontextprotocol/client SdkError',
      Object.entries(mcp.SdkErrorCode)
        .filter(([name]) => sdkMessages.has(name))
        .map(([name, code]) => own(() => new mcp.SdkError(code, sdkMessages.get(name)!), name)),
    ],
    [
      '@modelcontextprotocol/client SdkHttpError',
      [401, 403, 404, 503].map((status) =>
        own(
          () =>
            new mcp.SdkHttpError(
              mcp.SdkErrorCode.ClientHttpFailedToOpenStream,
              `Failed to open SSE stream: ${STATUS_TEXT[status]!}`,
              { status, statusText: STATUS_TEXT[status]! },
            ),
          String(status),
        ),
      ),
    ],
    [
      'mongodb MongoMissingDependencyError',
      [
        own(
          () =>
            new mongodb.MongoMissingDependencyError('Optional module `kerberos` not found', {
              dependencyName: 'kerberos',
            } as never),
        ),
      ],
    ],
    [
      'mongodb MongoServerSelectionError',
      [
        live(() =>
          rejected(async () => {
            const client = new mongodb.MongoClient(`mongodb://${down.slice('http://'.length)}`, {
              serverSelectionTimeoutMS: 150,
            });
            try {
              await client.connect();
            } finally {
              await client.close();
            }
          }),
        ),
      ],
    ],
    [
      'mongodb MongoSystemError',
      [
        own(
          () =>
            new mongodb.MongoSystemError('Server selection failed', {
              error: conn('ECONNREFUSED', 'connect ECONNREFUSED'),
            } as never),
        ),
      ],
    ],
    [
      'mongodb MongoWriteConcernError',
      [
        own(
          () =>
            new mongodb.MongoWriteConcernError({
              ok: 1,
              writeConcernError: {
                code: 64,
                codeName: 'WriteConcernFailed',
                errmsg: 'waiting for replication timed out',
                errInfo: { wtimeout: true },
              },
            } as never),
        ),
      ],
    ],
    ...(['MongoCryptCreateDataKeyError', 'MongoCryptCreateEncryptedCollectionError'] as const).map(
      (name): [string, Built[]] => [
        `mongodb ${name}`,
        [
          own(
            () =>
              new (mongodb as unknown as Record<string, new (...a: unknown[]) => Error>)[name]!(
                { encryptedFields: {}, cause: new Error('KMS request failed') },
                { cause: new Error('KMS request failed') },
              ),
          ),
        ],
      ],
    ),
    [
      'redis MultiErrorReply',
      [
        own(
          () =>
            new redis.MultiErrorReply(
              [new redis.ErrorReply('EXECABORT Transaction discarded')],
              [0],
            ),
        ),
      ],
    ],
    [
      'got HTTPError',
      [429, 503].map((status) =>
        live(
          () =>
            rejected(
              got(reply(`/got/${status}`, status, { 'retry-after': '3' }), { retry: { limit: 0 } }),
            ),
          String(status),
        ),
      ),
    ],
    ['got RequestError', [live(() => rejected(got(`${down}/x`, { retry: { limit: 0 } })))]],
    // got wraps what failed under it (`constructor(error, request)`, source/core/errors.ts).
    ...(
      [
        ['ReadError', conn('ECONNRESET', 'aborted')],
        ['UploadError', Object.assign(new TypeError('The body must be a string'), {})],
        ['CacheError', new Error('cache store is unreachable')],
      ] as const
    ).map(([name, cause]): [string, Built[]] => [
      `got ${name}`,
      [
        own(
          () => new (gotErrors as unknown as Record<string, new (e: Error) => Error>)[name]!(cause),
        ),
      ],
    ]),
    [
      'got MaxRedirectsError',
      [
        live(() =>
          rejected(
            got(server.on('/got/loop', { status: 302, headers: { location: '/got/loop' } }), {
              retry: { limit: 0 },
              maxRedirects: 1,
            }),
          ),
        ),
      ],
    ],
    [
      'got ParseError',
      [
        live(() =>
          rejected(
            got(
              server.on('/got/notjson', {
                status: 200,
                headers: { 'content-type': 'application/json' },
                body: '{nope',
              }),
              {
                responseType: 'json',
                retry: { limit: 0 },
              },
            ),
          ),
        ),
      ],
    ],
    [
      'ky HTTPError',
      [429, 503].map((status) =>
        live(
          () =>
            rejected(ky.get(reply(`/ky/${status}`, status, { 'retry-after': '3' }), { retry: 0 })),
          String(status),
        ),
      ),
    ],
    [
      'undici errors.ResponseError',
      [
        own(
          () =>
            new undici.errors.ResponseError('Response Error', 503, {
              headers: { 'retry-after': '3' },
              body: 'busy',
            }),
        ),
      ],
    ],
    [
      'undici errors.RequestRetryError',
      [
        own(
          () =>
            new undici.errors.RequestRetryError('Request failed', 503, {
              headers: { 'retry-after': '3' },
              data: { count: 3 },
            } as never),
        ),
      ],
    ],
    [
      '@octokit/request-error RequestError',
      [403, 429, 503].map((status) =>
        live(() => {
          server.on(`/octo/${status}`, { status, body: { message: GITHUB[status] } });
          return rejected(octokitRequest(`GET /octo/${status}`, { baseUrl: server.url }));
        }, String(status)),
      ),
    ],
    [
      'ai DownloadError',
      [404, 503].map((statusCode) =>
        own(
          () =>
            new ai.DownloadError({
              url: `${server.url}/image.png`,
              statusCode,
              statusText: STATUS_TEXT[statusCode]!,
            }),
          String(statusCode),
        ),
      ),
    ],
    [
      '@slack/web-api WebAPIPlatformError',
      [own(() => new slack.WebAPIPlatformError({ ok: false, error: 'ratelimited' } as never))],
    ],
    [
      '@slack/web-api WebAPIRequestError',
      [own(() => new slack.WebAPIRequestError(conn('ECONNRESET', 'socket hang up')))],
    ],
    [
      '@slack/web-api WebAPIHTTPError',
      [
        own(
          () => new slack.WebAPIHTTPError(503, 'Service Unavailable', { 'retry-after': '3' }, ''),
        ),
      ],
    ],
    ['@slack/web-api WebAPIRateLimitedError', [own(() => new slack.WebAPIRateLimitedError(30))]],
    ...(
      [
        [
          'UniqueConstraintError',
          () =>
            new sequelize.UniqueConstraintError({
              message: 'Validation error',
              parent: pgError(
                '23505',
                'duplicate key value violates unique constraint "users_email_key"',
              ) as never,
              fields: { email: 'a@b.c' },
            }),
        ],
        [
          'ForeignKeyConstraintError',
          () =>
            new sequelize.ForeignKeyConstraintError({
              parent: pgError(
                '23503',
                'insert or update on table "posts" violates foreign key constraint "posts_user_id_fkey"',
              ) as never,
              fields: ['user_id'] as never,
              table: 'posts',
              index: 'posts_user_id_fkey',
              reltype: 'child' as never,
            }),
        ],
        [
          'ExclusionConstraintError',
          () =>
            new sequelize.ExclusionConstraintError({
              parent: pgError(
                '23P01',
                'conflicting key value violates exclusion constraint "no_overlap"',
              ) as never,
              constraint: 'no_overlap',
              table: 'bookings',
            }),
        ],
        [
          'UnknownConstraintError',
          () =>
            new sequelize.UnknownConstraintError({
              parent: pgError('23000', 'constraint violated') as never,
              constraint: 'c',
              table: 't',
            }),
        ],
        [
          'OptimisticLockError',
          () =>
            new sequelize.OptimisticLockError({
              message: 'Attempting to update a stale model instance: User',
              modelName: 'User',
              values: {},
              where: { id: 1 },
            }),
        ],
        [
          'AggregateError',
          () =>
            new sequelize.AggregateError([
              new sequelize.ValidationError('notNull Violation: User.email cannot be null', []),
            ]),
        ],
        [
          'DatabaseError',
          () =>
            new sequelize.DatabaseError(
              pgError('40001', 'could not serialize access due to concurrent update') as never,
            ),
        ],
        [
          'ConnectionRefusedError',
          () =>
            new sequelize.ConnectionRefusedError(
              conn('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
            ),
        ],
        [
          'ConnectionTimedOutError',
          () =>
            new sequelize.ConnectionTimedOutError(
              conn('ETIMEDOUT', 'connect ETIMEDOUT 127.0.0.1:5432'),
            ),
        ],
        [
          'HostNotFoundError',
          () =>
            new sequelize.HostNotFoundError(conn('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal')),
        ],
        [
          'HostNotReachableError',
          () =>
            new sequelize.HostNotReachableError(
              conn('EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.9:5432'),
            ),
        ],
        [
          'AccessDeniedError',
          () =>
            new sequelize.AccessDeniedError(
              pgError('28P01', 'password authentication failed for user "app"') as never,
            ),
        ],
        [
          'ConnectionAcquireTimeoutError',
          () =>
            new sequelize.ConnectionAcquireTimeoutError(
              new Error('TimeoutError: ResourceRequest timed out'),
            ),
        ],
        [
          'Sequelize.TimeoutError',
          () =>
            new sequelize.TimeoutError(
              pgError('55P03', 'canceling statement due to lock timeout') as never,
            ),
        ],
      ] as const
    ).map(([name, build]): [string, Built[]] => [`sequelize ${name}`, [own(build)]]),
    [
      'drizzle-orm DrizzleQueryError',
      [
        own(
          () =>
            new drizzle.DrizzleQueryError(
              'insert into "users" ("email") values ($1)',
              ['a@b.c'],
              pgError('23505', 'duplicate key value violates unique constraint "users_email_key"'),
            ),
        ),
      ],
    ],
    ['pg DatabaseError', [own(() => pgError('40P01', 'deadlock detected'))]],
    [
      'json-rpc-2.0 JSONRPCErrorException',
      [own(() => new jsonRpc.JSONRPCErrorException('Method not found', -32601))],
    ],
    [
      '@smithy/smithy-client ServiceException',
      [
        own(
          () =>
            new smithy.ServiceException({
              name: 'ThrottlingException',
              $fault: 'client',
              $metadata: { httpStatusCode: 429, requestId: 'r1', attempts: 1, totalRetryDelay: 0 },
              message: 'Rate exceeded',
            }),
        ),
      ],
    ],
  ]);
}

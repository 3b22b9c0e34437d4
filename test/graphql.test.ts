import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import got from 'got';
import { GraphQLError, buildSchema, graphql } from 'graphql';
import type { ExecutionResult, GraphQLFormattedError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { GRAPHQL_CODES } from 'agent-errors/http';
import { CATEGORIES } from '../src/core/categories.js';
import { DECIDING_ORDER } from '../src/dialects/graphql/codes.js';

// graphql@16 executing a real schema whose resolvers throw GraphQLErrors with the codes each
// server family documents, served over node:http on 127.0.0.1 and formatted as each family
// formats its responses (Apollo's codes, GitHub's `type`, Shopify's cost extension).

const schema = buildSchema(`
  type Query {
    ok: String
    fail(code: String): String
    also(code: String): String
  }
`);

function failWith({ code }: { code?: string }): never {
  if (code === undefined || code === null) throw new Error('resolver blew up');
  throw new GraphQLError(`failed with ${code}`, { extensions: { code } });
}
const rootValue = { ok: () => 'yes', fail: failWith, also: failWith };

async function execute(query: string): Promise<ExecutionResult> {
  return graphql({ schema, source: query, rootValue });
}

/** How each family puts its errors on the wire, and the status and headers it sends. */
type Family = 'apollo' | 'github' | 'shopify' | 'plain';

// GitHub's clock in the `date` header, so the reset's wait is exact.
const DATE = 'Fri, 27 Nov 2026 12:00:00 GMT';
const EPOCH = Date.parse(DATE) / 1000;

function formatted(
  family: Family,
  result: ExecutionResult,
): {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
} {
  const errors = (result.errors ?? []).map((e) => e.toJSON());
  const requestError = !('data' in result);
  switch (family) {
    case 'apollo': {
      // Apollo Server codes request errors itself and an uncoded resolver error as internal;
      // request errors are 400 (GraphQL over HTTP, application/graphql-response+json).
      const coded = errors.map((e): GraphQLFormattedError => ({
        ...e,
        extensions: {
          code: requestError
            ? e.message.startsWith('Syntax Error')
              ? 'GRAPHQL_PARSE_FAILED'
              : 'GRAPHQL_VALIDATION_FAILED'
            : 'INTERNAL_SERVER_ERROR',
          ...e.extensions,
        },
      }));
      return { status: requestError ? 400 : 200, headers: {}, body: { ...result, errors: coded } };
    }
    case 'github': {
      // GitHub: the error's kind in `type`; a spent limit with its REST headers.
      const typed = errors.map(({ extensions, ...e }) => ({ ...e, type: extensions?.code }));
      const limited = typed.some((e) => e.type === 'RATE_LIMITED');
      return {
        status: 200,
        headers: limited
          ? {
              date: DATE,
              'x-ratelimit-limit': '5000',
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset': String(EPOCH + 60),
            }
          : { date: DATE, 'x-ratelimit-remaining': '4000' },
        body: { ...result, errors: typed },
      };
    }
    case 'shopify':
      // Shopify: the query's cost and the bucket's state in the response's `extensions.cost`.
      return {
        status: 200,
        headers: {},
        body: {
          ...result,
          errors,
          extensions: {
            cost: {
              requestedQueryCost: 752,
              actualQueryCost: null,
              throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 2, restoreRate: 100 },
            },
          },
        },
      };
    case 'plain':
      return { status: 200, headers: {}, body: { ...result, errors } };
  }
}

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const family = (req.url ?? '/plain').slice(1) as Family;
      const { query } = JSON.parse(text) as { query: string };
      void execute(query).then((result) => {
        const out = formatted(family, result);
        res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
        res.end(JSON.stringify(out.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** POST the query with fetch; the response as data, the way a caller holds it. */
async function post(family: Family, query: string) {
  const res = await fetch(`${url}/${family}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

const GITHUB_TYPES = new Set([
  'RATE_LIMITED',
  'NOT_FOUND',
  'FORBIDDEN',
  'INSUFFICIENT_SCOPES',
  'MAX_NODE_LIMIT_EXCEEDED',
  'UNPROCESSABLE',
  'INTERNAL',
]);

describe('every row of the GraphQL code table, through a real server', () => {
  it.each([...GRAPHQL_CODES.entries()])('%s', async (code, meaning) => {
    const family: Family = GITHUB_TYPES.has(code)
      ? 'github'
      : code === 'THROTTLED'
        ? 'shopify'
        : 'apollo';
    const response = await post(family, `{ ok fail(code: "${code}") }`);
    const expected = [
      meaning.category,
      meaning.code,
      meaning.retryable ?? CATEGORIES[meaning.category].retryable,
    ];
    for (const e of [
      decode(response),
      decode(response.body),
      decode(JSON.stringify(response.body)),
    ]) {
      expect([e.category, e.code, e.retryable]).toEqual(expected);
      expect(e.details?.graphql).toMatchObject({
        errors: [{ code, path: ['fail'] }],
        partial: true,
      });
    }
  });
});

describe('the wait', () => {
  it("GitHub's RATE_LIMITED waits until x-ratelimit-reset", async () => {
    const e = decode(await post('github', '{ fail(code: "RATE_LIMITED") }'));
    expect([e.category, e.retryable, e.retryAfterMs]).toEqual(['rate_limit', true, 60_000]);
  });

  it("Shopify's THROTTLED waits for the missing points at the restore rate", async () => {
    // (752 requested − 2 available) / 100 per second = 7.5 s
    const e = decode(await post('shopify', '{ fail(code: "THROTTLED") }'));
    expect([e.category, e.retryable, e.retryAfterMs]).toEqual(['rate_limit', true, 7500]);
  });
});

describe('request errors and field errors with no code (graphql-js as it is)', () => {
  it('a query that does not parse or validate is the query’s fault; a resolver crash is internal', async () => {
    for (const query of ['{ ok(', '{ nope }', '{ fail(code: 1) }']) {
      const response = await post('plain', query);
      expect(response.body).not.toHaveProperty('data');
      expect(decode(response).category).toBe('validation');
    }
    const crash = decode(await post('plain', '{ ok fail }'));
    expect([crash.category, crash.retryable, crash.details?.graphql]).toEqual([
      'internal',
      false,
      { errors: [{ path: ['fail'] }], partial: true },
    ]);
  });

  it("Apollo's 400 for a request error, thrown by got as an HTTPError, reads by its code", async () => {
    const error = await got
      .post(`${url}/apollo`, { json: { query: '{ nope }' }, retry: { limit: 0 } })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as Error).name).toBe('HTTPError');
    const e = decode(error);
    expect([e.category, e.details?.graphql]).toEqual([
      'validation',
      { errors: [{ code: 'GRAPHQL_VALIDATION_FAILED' }], partial: false },
    ]);
  });
});

describe('several errors: the one whose remedy comes first decides', () => {
  // One code per category, crossed with every other, in both orders.
  const byCategory = new Map<string, string>();
  for (const [code, meaning] of GRAPHQL_CODES) {
    if (!byCategory.has(meaning.category)) byCategory.set(meaning.category, code);
  }
  const pairs = [...byCategory.values()].flatMap((a) =>
    [...byCategory.values()].filter((b) => b !== a).map((b) => [a, b] as const),
  );
  it.each(pairs)('%s with %s', async (a, b) => {
    const result = await execute(`{ fail(code: "${a}") also(code: "${b}") }`);
    const body = JSON.parse(JSON.stringify(result)) as unknown;
    const ca = GRAPHQL_CODES.get(a)?.category ?? 'internal';
    const cb = GRAPHQL_CODES.get(b)?.category ?? 'internal';
    const first = DECIDING_ORDER.indexOf(ca) <= DECIDING_ORDER.indexOf(cb) ? ca : cb;
    const e = decode(body);
    expect(e.category).toBe(first);
    expect((e.details?.graphql as { errors: unknown[] }).errors).toHaveLength(2);
  });

  it('a coded error beats an uncoded one whatever its category', async () => {
    const body = JSON.parse(
      JSON.stringify(await execute('{ fail also(code: "NOT_FOUND") }')),
    ) as unknown;
    expect(decode(body).category).toBe('not_found');
  });
});

describe('neighbours: GraphQL bodies and the shapes next to them', () => {
  const graphqlBody = {
    errors: [{ message: 'Login first', extensions: { code: 'UNAUTHENTICATED' } }],
    data: null,
  };
  it('a GraphQL body is not read as JSON-RPC or Google’s, under no hint or the http hint', () => {
    for (const e of [decode(graphqlBody), decode(graphqlBody, { protocol: 'http' })]) {
      expect([e.category, e.wire?.protocol]).toEqual(['auth', 'http']);
      expect(e.details?.graphql).toBeDefined();
    }
  });

  it('JSON-RPC, Google, JSON:API, GitHub REST bodies and AggregateErrors are not GraphQL', () => {
    const rpc = decode({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found', data: graphqlBody },
    });
    expect([rpc.category, rpc.wire?.protocol]).toEqual(['protocol', 'jsonrpc']);
    const google = decode({
      error: {
        code: 429,
        message: 'Quota',
        status: 'RESOURCE_EXHAUSTED',
        errors: [{ message: 'Quota', reason: 'rateLimitExceeded' }],
      },
    });
    expect(google.category).toBe('rate_limit');
    const jsonApi = decode({
      errors: [{ status: '404', title: 'Not Found', detail: 'No such article' }],
    });
    const githubRest = decode({
      message: 'Validation Failed',
      errors: [{ resource: 'Issue', field: 'title', code: 'missing_field', message: 'missing' }],
    });
    const aggregate = decode(new AggregateError([new Error('one')], 'many'));
    for (const e of [rpc, google, jsonApi, githubRest, aggregate]) {
      expect(e.details?.graphql).toBeUndefined();
    }
  });
});

// The eleventh fresh case set for issue 36: the GraphQL clients (graphql-request 7, Apollo
// Client 4, urql 6, graphql-ws 6) and the HTTP libraries and error builders no earlier set read
// (wretch 2, @hapi/wreck 18 with @hapi/boom 10, http-errors 2, needle 3, xior 0.8). Each error
// is built by the library itself: the clients against a 127.0.0.1 server that answers as the
// GraphQL-over-HTTP spec, Apollo Server / Apollo Router and graphql-ws's PROTOCOL.md document
// (graphql-ws's own server where it can provoke the close), the error builders through their own
// exported constructors, generated from each library's own status list. Retries are off and each
// case is one request. Each family's comment cites the reference its expectations come from.
// FRESH_SCORE=1 prints the score.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { LocalState } from '@apollo/client/local-state';
import { Boom } from '@hapi/boom';
import * as BoomLib from '@hapi/boom';
import Wreck from '@hapi/wreck';
import { Client as UrqlClient, fetchExchange } from '@urql/core';
// graphql's CommonJS build, the one graphql-ws's server loads: a schema from its ESM build is from
// "another module or realm" to the server's `validate`.
import { GraphQLError, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql/index.js';
import { ClientError, GraphQLClient } from 'graphql-request';
import { createClient as createWsClient } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import createError from 'http-errors';
import needle from 'needle';
import { Observable } from 'rxjs';
import wretch from 'wretch';
import xior from 'xior';
import { WebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { freshCases as decodedCases, no, rejected, wait } from './helpers/fresh-cases.js';
import type { Careful } from './helpers/fresh-cases.js';
import {
  freshServer,
  json,
  silent,
  stalledBody,
  freshCase as c,
  refusedPort,
  text,
  responseCases as freshCases,
} from './helpers/fresh-http.js';
import type { Reply } from './helpers/reply-server.js';

const { answer } = freshServer('f11');
/** The server's clock on each reply that states a date, so a `Retry-After` date's wait is exact. */
const DATE = 'Sat, 28 Nov 2026 00:00:00 GMT';
/** An HTTP date `s` seconds after {@link DATE}. */
const dateIn = (s: number) => new Date(Date.parse(DATE) + s * 1000).toUTCString();
/** A port nothing listens on, for the refused connections. */
const closed = refusedPort();

// ---------------------------------------------------------------------------------------------
// GraphQL over HTTP. References: the GraphQL-over-HTTP spec (graphql.github.io/graphql-over-http,
// "Response": `application/graphql-response+json` answers a request error with 4xx, a
// well-formed request with 200 and `errors`); Apollo Server's `ApolloServerErrorCode`
// (apollographql.com/docs/apollo-server/data/errors: GRAPHQL_PARSE_FAILED,
// GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT, PERSISTED_QUERY_NOT_FOUND / _NOT_SUPPORTED,
// OPERATION_RESOLUTION_FAILURE, BAD_REQUEST, INTERNAL_SERVER_ERROR, and UNAUTHENTICATED /
// FORBIDDEN for resolvers to throw); Apollo Router's codes (apollographql.com/docs/graphos/
// routing/errors: 429 REQUEST_RATE_LIMITED, 504 GATEWAY_TIMEOUT, SUBREQUEST_HTTP_ERROR a
// subgraph that failed, COST_ESTIMATED_TOO_EXPENSIVE a query over the configured cost, which no
// wait changes); Netflix DGS's `errorType`. An uncoded error with `data` is a resolver's fault,
// the same again; one without `data` a request error, the query's fault.
// ---------------------------------------------------------------------------------------------

const QUERY = '{ user(id: "1") { id name } }';
const GQL_JSON = 'application/graphql-response+json';
/** A GraphQL response: `errors` (and `data`), status, headers, the spec's media type. */
const graphql = (
  errors: Record<string, unknown>[],
  status = 200,
  headers: Record<string, string> = {},
  data?: unknown,
): Reply => ({
  status,
  headers: { 'content-type': GQL_JSON, ...headers },
  body: JSON.stringify(data === undefined ? { errors } : { errors, data }),
});
/** One error with `extensions.code`. */
const coded = (code: string, message: string, status = 200, headers = {}): Reply =>
  graphql([{ message, extensions: { code } }], status, headers, status === 200 ? null : undefined);

// graphql-request 7: `ClientError` with `response` ({ errors, data, status, headers, body }).
const requestClient = (reply: Reply, signal?: () => AbortSignal) => (): Promise<unknown> =>
  rejected(new GraphQLClient(answer(reply), signal ? { signal: signal() } : {}).request(QUERY));
const requestAt = (url: () => string) => () => rejected(new GraphQLClient(url()).request(QUERY));

describe('fresh graphql-request errors', () => {
  freshCases('graphql-request', [
    c('UNAUTHENTICATED on 200', requestClient(coded('UNAUTHENTICATED', 'Login first')), no('auth')),
    c(
      'FORBIDDEN on 200, partial data',
      requestClient(
        graphql(
          [
            {
              message: 'Not allowed',
              path: ['user', 'email'],
              extensions: { code: 'FORBIDDEN' },
            },
          ],
          200,
          {},
          { user: { id: '1', email: null } },
        ),
      ),
      no('permission'),
    ),
    c(
      'BAD_USER_INPUT on 200',
      requestClient(coded('BAD_USER_INPUT', 'Invalid argument value: id')),
      no('validation'),
    ),
    c(
      'GRAPHQL_VALIDATION_FAILED on 400',
      requestClient(
        coded('GRAPHQL_VALIDATION_FAILED', 'Cannot query field "nope" on type "Query".', 400),
      ),
      no('validation'),
    ),
    c(
      'GRAPHQL_PARSE_FAILED on 400',
      requestClient(coded('GRAPHQL_PARSE_FAILED', 'Syntax Error: Unexpected <EOF>.', 400)),
      no('validation'),
    ),
    c(
      'INTERNAL_SERVER_ERROR on 200',
      requestClient(coded('INTERNAL_SERVER_ERROR', 'Cannot read properties of undefined')),
      wait('internal'),
    ),
    c(
      'INTERNAL_SERVER_ERROR on 500',
      requestClient(coded('INTERNAL_SERVER_ERROR', 'Context creation failed: boom', 500)),
      wait('internal'),
    ),
    c(
      'Router REQUEST_RATE_LIMITED on 429, Retry-After: 3',
      requestClient(
        coded('REQUEST_RATE_LIMITED', 'Your request has been rate limited', 429, {
          'retry-after': '3',
        }),
      ),
      wait('rate_limit', 3000),
    ),
    c(
      'Router GATEWAY_TIMEOUT on 504',
      requestClient(coded('GATEWAY_TIMEOUT', 'Your request has been timed out', 504)),
      wait('timeout'),
    ),
    c(
      'Router SUBREQUEST_HTTP_ERROR (a subgraph failed)',
      requestClient(
        coded(
          'SUBREQUEST_HTTP_ERROR',
          "HTTP fetch failed from 'accounts': 503 Service Unavailable",
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'Router COST_ESTIMATED_TOO_EXPENSIVE',
      requestClient(
        coded(
          'COST_ESTIMATED_TOO_EXPENSIVE',
          'query estimated cost 1200 exceeded configured maximum 1000',
        ),
      ),
      no('validation'),
    ),
    c(
      'uncoded resolver error with data: null',
      requestClient(graphql([{ message: 'boom', path: ['user'] }], 200, {}, null)),
      no('internal'),
    ),
    c(
      'uncoded request error (no data)',
      requestClient(graphql([{ message: 'Must provide query string.' }])),
      no('validation'),
    ),
    c(
      'DGS errorType UNAVAILABLE',
      requestClient(
        graphql(
          [{ message: 'downstream busy', extensions: { errorType: 'UNAVAILABLE' } }],
          200,
          {},
          null,
        ),
      ),
      wait('unavailable'),
    ),
    c(
      '429 text/plain, Retry-After: 30',
      requestClient(text(429, 'Too Many Requests', { 'retry-after': '30' })),
      wait('rate_limit', 30_000),
    ),
    c(
      '503 HTML page, Retry-After as an HTTP date',
      requestClient(
        text(503, '<html><body>Service Unavailable</body></html>', {
          date: DATE,
          'retry-after': dateIn(20),
        }),
      ),
      wait('unavailable', 20_000),
    ),
    c(
      '502 HTML from a proxy',
      requestClient(text(502, '<h1>Bad Gateway</h1>')),
      wait('unavailable'),
    ),
    c(
      '401 JSON that is no GraphQL response',
      requestClient(json(401, { message: 'invalid token' })),
      no('auth'),
    ),
    c(
      '413 from a body limit',
      requestClient(text(413, 'request entity too large')),
      no('validation'),
    ),
    c(
      'connection refused',
      requestAt(() => closed.url),
      wait('unavailable'),
    ),
    c(
      'client-side timeout (AbortSignal.timeout)',
      requestClient(silent(5_000), () => AbortSignal.timeout(30)),
      wait('timeout'),
    ),
    c(
      'aborted by the caller',
      requestClient(silent(5_000), () => {
        const controller = new AbortController();
        setImmediate(() => controller.abort());
        return controller.signal;
      }),
      no('cancelled'),
    ),
  ]);
});

// Apollo Client 4 (`@apollo/client/errors`): `CombinedGraphQLErrors` (the response's errors, no
// status), `ServerError` (`statusCode`, `bodyText`, the fetch `Response`) for a non-2xx answer
// that is not `application/graphql-response+json`, `ServerParseError` for a body that is no JSON,
// `CombinedProtocolErrors` for a multipart subscription's transport errors, `LocalStateError`
// for a local resolver that threw, `UnconventionalError` around whatever else a link errored with.
const apolloClient = (link: ApolloLink, localState?: LocalState) =>
  new ApolloClient({ link, cache: new InMemoryCache(), ...(localState ? { localState } : {}) });
const apolloAt = (url: string) => apolloClient(new HttpLink({ uri: url }));
const apollo = (reply: Reply) => (): Promise<unknown> =>
  rejected(apolloAt(answer(reply)).query({ query: gql(QUERY), fetchPolicy: 'no-cache' }));
/** `errorPolicy: 'all'`: the query resolves, its `error` is the value a tool gets. */
const apolloReturned = (reply: Reply) => async (): Promise<unknown> => {
  const result = await apolloAt(answer(reply)).query({
    query: gql(QUERY),
    fetchPolicy: 'no-cache',
    errorPolicy: 'all',
  });
  return result.error;
};
/** A multipart subscription (`subscriptionSpec=1.0`) whose one part is a transport error. */
const multipartError = (errors: Record<string, unknown>[]): Reply => ({
  status: 200,
  headers: { 'content-type': 'multipart/mixed; boundary="graphql"; subscriptionSpec=1.0' },
  body: `\r\n--graphql\r\ncontent-type: application/json\r\n\r\n${JSON.stringify({ payload: null, errors })}\r\n--graphql--\r\n`,
});
const apolloSubscription = (reply: Reply) => () =>
  new Promise<unknown>((resolve) => {
    apolloAt(answer(reply))
      .subscribe({ query: gql('subscription { ticks }') })
      .subscribe({ next: (value) => resolve(value.error ?? value), error: resolve });
  });

describe('fresh Apollo Client 4 errors', () => {
  freshCases('apollo-client', [
    c(
      'CombinedGraphQLErrors UNAUTHENTICATED',
      apollo(coded('UNAUTHENTICATED', 'Login first')),
      no('auth'),
    ),
    c(
      'CombinedGraphQLErrors FORBIDDEN',
      apollo(coded('FORBIDDEN', 'Admins only')),
      no('permission'),
    ),
    c(
      'CombinedGraphQLErrors BAD_USER_INPUT',
      apollo(coded('BAD_USER_INPUT', 'Email is malformed')),
      no('validation'),
    ),
    c(
      'CombinedGraphQLErrors INTERNAL_SERVER_ERROR',
      apollo(coded('INTERNAL_SERVER_ERROR', 'Unexpected error value: "boom"')),
      wait('internal'),
    ),
    c(
      'CombinedGraphQLErrors GRAPHQL_VALIDATION_FAILED on 400 (graphql-response+json)',
      apollo(coded('GRAPHQL_VALIDATION_FAILED', 'Unknown argument "x".', 400)),
      no('validation'),
    ),
    c(
      'CombinedGraphQLErrors PERSISTED_QUERY_NOT_SUPPORTED',
      apollo(coded('PERSISTED_QUERY_NOT_SUPPORTED', 'PersistedQueryNotSupported')),
      no('protocol'),
    ),
    c(
      'CombinedGraphQLErrors Router REQUEST_RATE_LIMITED on 429',
      apollo(coded('REQUEST_RATE_LIMITED', 'Your request has been rate limited', 429)),
      wait('rate_limit'),
    ),
    c(
      'CombinedGraphQLErrors Router SUBREQUEST_HTTP_ERROR',
      apollo(
        coded('SUBREQUEST_HTTP_ERROR', "HTTP fetch failed from 'products': connection refused"),
      ),
      wait('unavailable'),
    ),
    c(
      'CombinedGraphQLErrors Router COST_ACTUAL_TOO_EXPENSIVE',
      apollo(
        coded('COST_ACTUAL_TOO_EXPENSIVE', 'query actual cost 900 exceeded configured maximum 500'),
      ),
      no('validation'),
    ),
    c(
      'CombinedGraphQLErrors DGS errorType PERMISSION_DENIED',
      apollo(
        graphql([{ message: 'no', extensions: { errorType: 'PERMISSION_DENIED' } }], 200, {}, null),
      ),
      no('permission'),
    ),
    c(
      'returned (errorPolicy all): NOT_FOUND on one field, partial data',
      apolloReturned(
        graphql(
          [{ message: 'No user 1', path: ['user'], extensions: { code: 'NOT_FOUND' } }],
          200,
          {},
          { user: null },
        ),
      ),
      no('not_found'),
    ),
    c(
      'returned (errorPolicy all): uncoded resolver error',
      apolloReturned(graphql([{ message: 'boom', path: ['user'] }], 200, {}, { user: null })),
      no('internal'),
    ),
    c(
      'ServerError 401 with an application/json GraphQL body',
      apollo(
        json(401, {
          errors: [{ message: 'Login first', extensions: { code: 'UNAUTHENTICATED' } }],
        }),
      ),
      no('auth'),
    ),
    c(
      'ServerError 400 with an application/json GRAPHQL_VALIDATION_FAILED body',
      apollo(
        json(400, {
          errors: [{ message: 'Bad', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
        }),
      ),
      no('validation'),
    ),
    c(
      'ServerError 429 text, Retry-After: 20',
      apollo(text(429, 'Too Many Requests', { 'retry-after': '20' })),
      wait('rate_limit', 20_000),
    ),
    c(
      'ServerError 503 HTML, Retry-After as an HTTP date',
      apollo(text(503, '<h1>Down for maintenance</h1>', { date: DATE, 'retry-after': dateIn(90) })),
      wait('unavailable', 90_000),
    ),
    c('ServerError 504 from a gateway', apollo(text(504, 'Gateway Timeout')), wait('timeout')),
    c(
      'ServerError 500 with an application/json INTERNAL_SERVER_ERROR body',
      apollo(
        json(500, {
          errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        }),
      ),
      wait('internal'),
    ),
    c(
      'ServerError: a 200 body with neither data nor errors',
      apollo(json(200, { ok: true })),
      no('protocol'),
    ),
    c(
      'ServerParseError: a 200 HTML page',
      apollo({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<html>login</html>',
      }),
      no('protocol'),
    ),
    c(
      'CombinedProtocolErrors: a multipart subscription refused UNAUTHENTICATED',
      apolloSubscription(
        multipartError([{ message: 'Token expired', extensions: { code: 'UNAUTHENTICATED' } }]),
      ),
      no('auth'),
    ),
    c(
      'LocalStateError: a local resolver threw',
      () =>
        rejected(
          apolloClient(
            new ApolloLink(() => new Observable((o) => o.error(new Error('unused')))),
            new LocalState({
              resolvers: {
                Query: {
                  local: () => {
                    throw new Error('cannot read settings');
                  },
                },
              },
            }),
          ).query({ query: gql('{ local @client }'), fetchPolicy: 'no-cache' }),
        ),
      no('internal'),
    ),
    c(
      'UnconventionalError around a link that errored with a response object',
      () =>
        rejected(
          apolloClient(
            new ApolloLink(
              () =>
                new Observable((o) =>
                  o.error({ status: 503, headers: { 'retry-after': '4' }, body: 'overloaded' }),
                ),
            ),
          ).query({ query: gql(QUERY), fetchPolicy: 'no-cache' }),
        ),
      wait('unavailable', 4000),
    ),
    c(
      'connection refused',
      () => rejected(apolloAt(closed.url).query({ query: gql(QUERY), fetchPolicy: 'no-cache' })),
      wait('unavailable'),
    ),
  ]);
});

// urql 6: results, not throws. `result.error` is a `CombinedError` with `graphQLErrors`
// (rehydrated `GraphQLError`s), `networkError` (an `Error(statusText)` for a non-2xx answer
// with no GraphQL body) and `response` (the fetch `Response`).
const urqlAt = (url: string) =>
  new UrqlClient({ url, exchanges: [fetchExchange], requestPolicy: 'network-only' });
const urql = (reply: Reply) => async (): Promise<unknown> =>
  (await urqlAt(answer(reply)).query(QUERY, {}).toPromise()).error;

describe('fresh urql errors (CombinedError, returned)', () => {
  freshCases('urql', [
    c('UNAUTHENTICATED on 200', urql(coded('UNAUTHENTICATED', 'Login first')), no('auth')),
    c('FORBIDDEN on 200', urql(coded('FORBIDDEN', 'Members only')), no('permission')),
    c('BAD_USER_INPUT on 200', urql(coded('BAD_USER_INPUT', 'Bad id')), no('validation')),
    c(
      'INTERNAL_SERVER_ERROR on 200',
      urql(coded('INTERNAL_SERVER_ERROR', 'Unexpected error.')),
      wait('internal'),
    ),
    c(
      'NOT_FOUND with partial data',
      urql(
        graphql(
          [{ message: 'No such user', path: ['user'], extensions: { code: 'NOT_FOUND' } }],
          200,
          {},
          { user: null },
        ),
      ),
      no('not_found'),
    ),
    c(
      'GRAPHQL_VALIDATION_FAILED on 400',
      urql(coded('GRAPHQL_VALIDATION_FAILED', 'Cannot query field "x".', 400)),
      no('validation'),
    ),
    c(
      'RATE_LIMITED on 429 with Retry-After: 9',
      urql(coded('RATE_LIMITED', 'Slow down', 429, { 'retry-after': '9' })),
      wait('rate_limit', 9000),
    ),
    c(
      'Shopify THROTTLED on 200 with its cost extension',
      urql({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
          extensions: {
            cost: {
              requestedQueryCost: 202,
              actualQueryCost: null,
              throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 100 },
            },
          },
        },
      }),
      wait('rate_limit', 2000),
      // urql keeps the response's `extensions` on the result, not on its `CombinedError`.
      "the cost extension is on urql's result, not its error",
    ),
    c(
      'networkError: 429 text, Retry-After: 11',
      urql(text(429, 'Too Many Requests', { 'retry-after': '11' })),
      wait('rate_limit', 11_000),
    ),
    c(
      'networkError: 503 HTML',
      urql(text(503, '<h1>Service Unavailable</h1>')),
      wait('unavailable'),
    ),
    c('networkError: 401 JSON', urql(json(401, { message: 'Unauthorized' })), no('auth')),
    c('networkError: 403 HTML', urql(text(403, '<h1>Forbidden</h1>')), no('permission')),
    c(
      'networkError: 200 HTML (no GraphQL body)',
      urql({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>hi</html>' }),
      no('protocol'),
    ),
    c(
      'networkError: connection refused',
      async () => (await urqlAt(closed.url).query(QUERY, {}).toPromise()).error,
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// graphql-ws 6 (github.com/enisdenjo/graphql-ws, PROTOCOL.md and `CloseCode`): the sink's
// `error` gets the socket's `CloseEvent` or the `error` message's list of GraphQL errors; a
// resolver's error arrives in `next` as a result with `errors`. Close codes: 4400 bad request,
// 4401 unauthorized (subscribe before ack), 4403 forbidden (onConnect said no), 4406
// subprotocol not acceptable, 4408 connection-initialisation timeout, 4409 subscriber already
// exists, 4429 too many initialisation requests, 4499 terminated (the client's own `terminate()`
// for a socket that froze; the client retries it), 4500 internal server error, 4504 ack timeout.
// The client's own fatal list (client.ts `shouldRetryConnectOrThrow`) never retries 4500, 4005,
// 4400, 4004, 4401, 4406, 4409, 4429 nor 1000–1999 except 1001 going away, 1005, 1006 abnormal,
// 1012 service restart, 1013 try again later, 1014 bad gateway (RFC 6455 §7.4.1, IANA registry).
// ---------------------------------------------------------------------------------------------

/** A graphql-ws server with a schema whose resolvers fail as a service's do. */
let wsServer: WebSocketServer | undefined;
let wsUrl = '';
/** A server that answers `connection_init` by closing with the code its path names. */
let closingServer: WebSocketServer | undefined;
let closingUrl = '';
const wsSchema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { hello: { type: GraphQLString } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      denied: {
        type: GraphQLString,
        // eslint-disable-next-line require-yield
        subscribe: async function* () {
          throw new GraphQLError('Not signed in', { extensions: { code: 'UNAUTHENTICATED' } });
        },
      },
      limited: {
        type: GraphQLString,
        subscribe: async function* () {
          yield { limited: 'one' };
        },
        resolve: () => {
          throw new GraphQLError('Too many subscriptions', {
            extensions: { code: 'RATE_LIMITED' },
          });
        },
      },
    },
  }),
});
const listening = (server: WebSocketServer) =>
  new Promise<string>((resolve) =>
    server.on('listening', () =>
      resolve(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
beforeAll(async () => {
  wsServer = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const url = listening(wsServer);
  useServer(
    {
      schema: wsSchema,
      onConnect: (ctx) => {
        const params = ctx.connectionParams ?? {};
        if (params.crash === true) throw new Error('session store unreachable');
        return params.token !== 'bad';
      },
    },
    wsServer,
  );
  wsUrl = await url;
  closingServer = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const closing = listening(closingServer);
  closingServer.on('connection', (socket, request) => {
    const [, code, reason] = /^\/(\d+)\/?(.*)$/.exec(request.url ?? '') ?? [];
    socket.on('message', () => socket.close(Number(code), decodeURIComponent(reason ?? '')));
  });
  closingUrl = await closing;
});
afterAll(async () => {
  for (const server of [wsServer, closingServer]) {
    for (const client of server?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
});

/** What the sink of one subscription gets first: an `error`, or a `next` result with errors. */
const wsSink =
  (url: () => string, query: string, connectionParams: Record<string, unknown> = {}) =>
  () =>
    new Promise<unknown>((resolve) => {
      const client = createWsClient({
        url: url(),
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams,
      });
      const done = (value: unknown) => {
        resolve(value);
        void client.dispose();
      };
      client.subscribe(
        { query },
        {
          next: (result) => {
            if (result.errors) done(result);
          },
          error: done,
          complete: () => done(new Error('completed without an error')),
        },
      );
    });
const closedWith = (code: number, reason: string) =>
  wsSink(() => `${closingUrl}/${code}/${encodeURIComponent(reason)}`, 'subscription { x }');

describe('fresh graphql-ws errors (what the sink receives)', () => {
  decodedCases('graphql-ws', [
    c(
      '4403 Forbidden: onConnect said no (the real server)',
      wsSink(() => wsUrl, 'subscription { denied }', { token: 'bad' }),
      no('permission'),
    ),
    c(
      '4500 Internal server error: onConnect threw (the real server)',
      wsSink(() => wsUrl, 'subscription { denied }', { crash: true }),
      no('internal'),
    ),
    c(
      'error message: validation errors (the real server)',
      wsSink(() => wsUrl, 'subscription { nope }'),
      no('validation'),
    ),
    c(
      'error message: the subscribe function threw UNAUTHENTICATED (the real server)',
      wsSink(() => wsUrl, 'subscription { denied }'),
      no('auth'),
    ),
    c(
      'next result: a resolver threw RATE_LIMITED (the real server)',
      wsSink(() => wsUrl, 'subscription { limited }'),
      wait('rate_limit'),
    ),
    c('4400 Bad request', closedWith(4400, 'Invalid message received'), no('protocol')),
    c('4401 Unauthorized', closedWith(4401, 'Unauthorized'), no('auth')),
    c(
      '4406 Subprotocol not acceptable',
      closedWith(4406, 'Subprotocol not acceptable'),
      no('protocol'),
    ),
    c(
      '4408 Connection initialisation timeout',
      closedWith(4408, 'Connection initialisation timeout'),
      wait('timeout'),
    ),
    c(
      '4409 Subscriber already exists',
      closedWith(4409, 'Subscriber for 1 already exists'),
      no('conflict'),
    ),
    c(
      '4429 Too many initialisation requests',
      closedWith(4429, 'Too many initialisation requests'),
      no('protocol'),
    ),
    c('4499 Terminated', closedWith(4499, 'Terminated'), wait('unavailable')),
    c(
      '4504 Connection acknowledgement timeout',
      closedWith(4504, 'Connection acknowledgement timeout'),
      wait('timeout'),
    ),
    c('1011 internal error', closedWith(1011, 'Internal error'), no('internal')),
    c('1013 try again later', closedWith(1013, 'Try Again Later'), wait('unavailable')),
    c('1012 service restart', closedWith(1012, 'Service Restart'), wait('unavailable')),
    c('1001 going away', closedWith(1001, 'Server shutting down'), wait('unavailable')),
    c('1008 policy violation', closedWith(1008, 'Policy Violation'), no('permission')),
    c('1009 message too big', closedWith(1009, 'Message Too Big'), no('validation')),
    c(
      '1006 abnormal closure: connection refused',
      wsSink(() => closed.url.replace('http:', 'ws:'), 'subscription { x }'),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// HTTP libraries. The status decides as RFC 9110 §15 says (429 and 503 wait for `Retry-After`,
// seconds or an HTTP date, §10.2.3), the body's own code where the service sends one.
// wretch 2: `WretchError` (`status`, `response`, `json` for an application/json body, `text`);
// @hapi/wreck 18: a Boom error (`output.statusCode`; `data.res`, `data.headers`, `data.payload`)
// for a 4xx/5xx, `Boom.badGateway` around a request error, `Boom.gatewayTimeout` for its
// `timeout`; needle 3: resolves the response whatever its status (`statusCode`, `headers`,
// parsed `body`), rejects only on network failures (`read timeout`, `Aborted by signal.`, a
// redirect loop); xior 0.8: axios-like `XiorError` (`response.status`, `.headers`, `.data`) and
// `XiorTimeoutError`.
// ---------------------------------------------------------------------------------------------

const apiError = (status: number, code: string, message: string, headers = {}) =>
  json(status, { error: { code, message } }, headers);
/** The statuses × wait headers × bodies every HTTP library below is sent. */
const httpReplies: readonly [string, () => Reply, Careful][] = [
  [
    '429 JSON, Retry-After: 7',
    () => apiError(429, 'rate_limited', 'Too many requests', { 'retry-after': '7' }),
    wait('rate_limit', 7000),
  ],
  [
    '429 text, Retry-After as an HTTP date',
    () => text(429, 'slow down', { date: DATE, 'retry-after': dateIn(15) }),
    wait('rate_limit', 15_000),
  ],
  [
    '503 JSON, Retry-After: 60',
    () => apiError(503, 'maintenance', 'Back soon', { 'retry-after': '60' }),
    wait('unavailable', 60_000),
  ],
  ['401 JSON', () => apiError(401, 'invalid_token', 'Token expired'), no('auth')],
  ['404 text', () => text(404, 'Not Found'), no('not_found')],
  [
    '422 JSON validation',
    () => apiError(422, 'validation_failed', 'name is required'),
    no('validation'),
  ],
  ['500 HTML', () => text(500, '<h1>Internal Server Error</h1>'), wait('internal')],
  ['504 text', () => text(504, 'upstream timed out'), wait('timeout')],
];

const wretchGet = (url: string, signal?: AbortSignal) =>
  rejected(
    wretch(url)
      .options(signal ? { signal } : {})
      .get()
      .json(),
  );
const wreckGet = (url: string, options: Record<string, unknown> = {}) =>
  rejected(Wreck.get(url, { json: 'force', ...options }));
const needleGet = (url: string, options: Record<string, unknown> = {}) =>
  needle('get', url, undefined, { parse: true, ...options });
const xiorGet = (url: string, options: Record<string, unknown> = {}) =>
  rejected(xior.create({ baseURL: url }).get('', options));

describe('fresh wretch errors', () => {
  freshCases('wretch', [
    ...httpReplies.map(([label, reply, careful]) =>
      c(label, () => wretchGet(answer(reply())), careful),
    ),
    c('connection refused', () => wretchGet(closed.url), wait('unavailable')),
    c(
      'client-side timeout',
      () => wretchGet(answer(silent(5_000)), AbortSignal.timeout(30)),
      wait('timeout'),
    ),
  ]);
});

describe('fresh @hapi/wreck errors', () => {
  freshCases('wreck', [
    ...httpReplies.map(([label, reply, careful]) =>
      c(label, () => wreckGet(answer(reply())), careful),
    ),
    c('connection refused', () => wreckGet(closed.url), wait('unavailable')),
    c(
      'its own timeout (Boom.gatewayTimeout)',
      () => wreckGet(answer(silent(5_000)), { timeout: 30 }),
      wait('timeout'),
    ),
    c(
      'a redirect loop (Boom.badGateway "Maximum redirections reached")',
      () =>
        wreckGet(
          answer((req, res) => {
            res.writeHead(302, { location: req.url ?? '/' });
            res.end();
          }),
          { redirects: 2 },
        ),
      no('protocol'),
    ),
  ]);
});

describe('fresh needle responses and errors', () => {
  freshCases('needle', [
    ...httpReplies.map(([label, reply, careful]) =>
      c(`${label} (the resolved response)`, () => needleGet(answer(reply())), careful),
    ),
    c('connection refused', () => rejected(needleGet(closed.url)), wait('unavailable')),
    c(
      'its read_timeout on a body that stalls',
      () => rejected(needleGet(answer(stalledBody(5_000)), { read_timeout: 30 })),
      wait('timeout'),
    ),
    c(
      'aborted by the caller',
      () => {
        const controller = new AbortController();
        const pending = rejected(needleGet(answer(silent(5_000)), { signal: controller.signal }));
        setImmediate(() => controller.abort());
        return pending;
      },
      no('cancelled'),
    ),
    c(
      'a redirect loop',
      () =>
        rejected(
          needleGet(
            answer((req, res) => {
              res.writeHead(302, { location: req.url ?? '/' });
              res.end();
            }),
            { follow_max: 2 },
          ),
        ),
      no('protocol'),
      "needle's loop is a plain Error saying so in words only",
    ),
  ]);
});

describe('fresh xior errors', () => {
  freshCases('xior', [
    ...httpReplies.map(([label, reply, careful]) =>
      c(label, () => xiorGet(answer(reply())), careful),
    ),
    c('connection refused', () => xiorGet(closed.url), wait('unavailable')),
    c(
      'XiorTimeoutError (its timeout option)',
      () => xiorGet(answer(silent(5_000)), { timeout: 30 }),
      wait('timeout'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// The error builders tool servers throw: @hapi/boom 10 (every helper it exports, hapi's "Boom"
// API reference: `output.statusCode`, `output.headers`, `output.payload`, `data`) and
// http-errors 2 (every status constructor it exports, by number: `status`, `statusCode`,
// `expose`, `headers`). A tool wrapper gets these thrown. The careful reading of each status:
// RFC 9110 §15 and the registry's later statuses — 407 and 511 want credentials; 408 and 504 a
// timeout, retried; 421 is retried on another connection (§15.5.20); 425 Too Early is retried
// once the handshake is done (RFC 8470 §5.2); 507 is temporary (RFC 4918 §11.5); 508 loops the
// same way again; 509 is a hosting plan's spent bandwidth; 505, 510 and 426 the protocol's.
// ---------------------------------------------------------------------------------------------

const STATUS_CAREFUL: Readonly<Record<number, Careful>> = {
  400: no('validation'),
  401: no('auth'),
  402: no('quota'),
  403: no('permission'),
  404: no('not_found'),
  405: no('protocol'),
  406: no('validation'),
  407: no('auth'),
  408: wait('timeout'),
  409: no('conflict'),
  410: no('not_found'),
  411: no('validation'),
  412: no('conflict'),
  413: no('validation'),
  414: no('validation'),
  415: no('validation'),
  416: no('validation'),
  417: no('validation'),
  418: no('validation'),
  421: wait('unavailable'),
  422: no('validation'),
  423: no('conflict'),
  424: no('validation'),
  425: wait('unavailable'),
  426: no('protocol'),
  428: no('validation'),
  429: wait('rate_limit'),
  431: no('validation'),
  451: no('permission'),
  500: wait('internal'),
  501: no('protocol'),
  502: wait('unavailable'),
  503: wait('unavailable'),
  504: wait('timeout'),
  505: no('protocol'),
  506: no('internal'),
  507: wait('unavailable'),
  508: no('internal'),
  509: no('quota'),
  510: no('protocol'),
  511: no('auth'),
};
/** The careful reading of `status`; a status the table above lacks fails the test loudly. */
const carefulFor = (status: number): Careful => {
  const careful = STATUS_CAREFUL[status];
  if (careful === undefined) throw new TypeError(`no careful reading for status ${status}`);
  return careful;
};

/** Boom's helpers, each with the arguments it takes for a plain failure. */
const boomHelpers = Object.entries(BoomLib).filter(
  ([name, helper]) =>
    typeof helper === 'function' &&
    !['Boom', 'isBoom', 'boomify', 'unauthorized', 'methodNotAllowed'].includes(name),
) as [string, (message?: string) => Boom][];
/** A Boom helper's error and its status (read off the error the library built). */
const boomCases = boomHelpers.map(([name, helper]) => {
  const error = helper(`${name} from the tool`);
  return c(
    `Boom.${name}() (${error.output.statusCode})`,
    () => Promise.resolve(error),
    carefulFor(error.output.statusCode),
  );
});
/** A Boom error with a header set the way hapi's docs show (`output.headers`). */
const boomWithHeader = (error: Boom, name: string, value: string) => {
  error.output.headers[name] = value;
  return Promise.resolve(error);
};

describe('fresh @hapi/boom errors (every helper)', () => {
  it('reads at least the helpers hapi documents', () => {
    expect(boomHelpers.length).toBeGreaterThanOrEqual(30);
  });
  decodedCases('boom', [
    ...boomCases,
    c(
      'Boom.unauthorized with a Bearer challenge',
      () =>
        Promise.resolve(
          BoomLib.unauthorized('invalid token', 'Bearer', { error: 'invalid_token' }),
        ),
      no('auth'),
    ),
    c(
      'Boom.methodNotAllowed with Allow',
      () => Promise.resolve(BoomLib.methodNotAllowed('use POST', undefined, ['POST'])),
      no('protocol'),
    ),
    c(
      'Boom.tooManyRequests with Retry-After: 30 on output.headers',
      () => boomWithHeader(BoomLib.tooManyRequests('slow down'), 'Retry-After', '30'),
      wait('rate_limit', 30_000),
    ),
    c(
      'Boom.serverUnavailable with Retry-After: 120 on output.headers',
      () => boomWithHeader(BoomLib.serverUnavailable('maintenance'), 'Retry-After', '120'),
      wait('unavailable', 120_000),
    ),
    c(
      'Boom.boomify(err, { statusCode: 503 })',
      () => Promise.resolve(BoomLib.boomify(new Error('db down'), { statusCode: 503 })),
      wait('unavailable'),
    ),
    c(
      'Boom.boomify(err) (a plain error made a 500)',
      () => Promise.resolve(BoomLib.boomify(new Error('undefined is not a function'))),
      wait('internal'),
    ),
    c(
      'new Boom.Boom(message, { statusCode: 409 })',
      () => Promise.resolve(new Boom('version mismatch', { statusCode: 409 })),
      no('conflict'),
    ),
  ]);
});

/** http-errors' constructors by status, from its own exports. */
const httpErrorStatuses = Object.keys(createError)
  .filter((key) => /^\d{3}$/.test(key))
  .map(Number)
  .filter((status) => status >= 400);

describe('fresh http-errors errors (every status)', () => {
  it('reads every status http-errors exports', () => {
    expect(httpErrorStatuses.length).toBeGreaterThanOrEqual(40);
  });
  decodedCases('http-errors', [
    ...httpErrorStatuses.map((status) =>
      c(`createError(${status})`, () => Promise.resolve(createError(status)), carefulFor(status)),
    ),
    c(
      "createError(429, msg, { headers: { 'Retry-After': '5' } })",
      () =>
        Promise.resolve(
          createError(429, 'Rate limit exceeded', { headers: { 'Retry-After': '5' } }),
        ),
      wait('rate_limit', 5000),
    ),
    c(
      'new createError.ServiceUnavailable() with Retry-After: 45',
      () => {
        const ServiceUnavailable = createError.ServiceUnavailable as new (
          message?: string,
        ) => Error & { headers?: Record<string, string> };
        const error = new ServiceUnavailable('maintenance');
        error.headers = { 'Retry-After': '45' };
        return Promise.resolve(error);
      },
      wait('unavailable', 45_000),
    ),
    c(
      'createError(err) around a plain error (a 500)',
      () => Promise.resolve(createError(new Error('connection pool exhausted'))),
      wait('internal'),
    ),
    c(
      'createError(404, "No such repo", { expose: true })',
      () => Promise.resolve(createError(404, 'No such repo', { expose: true })),
      no('not_found'),
    ),
  ]);
});

/** Sanity: each builder's error is the library's own class, not a look-alike. */
describe('the fresh builders build their own classes', () => {
  it('graphql-request rejects with its ClientError', async () => {
    const error = await requestClient(coded('UNAUTHENTICATED', 'x'))();
    expect(error).toBeInstanceOf(ClientError);
    expect(decode(error).category).toBe('auth');
  });
});

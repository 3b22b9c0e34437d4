import type { Reader } from '../../core/reader.js';
import { fromGraphqlResponse, isGraphqlErrorBody, parsedJsonBody } from './response.js';

/**
 * A GraphQL response body with errors, as data: `{ errors: [{ message, extensions }], data? }`.
 * Plain data only: an `AggregateError` has `errors` too, and a client library's error carrying
 * such a body is read by the client-library rule.
 */
export const graphqlBodyReader: Reader = {
  name: 'graphql response',
  requires: ['errors'],
  hints: [undefined, 'http'],
  recognise(view) {
    if (view.instance || !isGraphqlErrorBody(view.input)) return undefined;
    return fromGraphqlResponse({ body: view.input });
  },
};

/**
 * An HTTP response as data whose body is a GraphQL response with errors (`{ status: 200,
 * headers, body: { errors } }`): the errors decide, the headers give the wait.
 */
export const graphqlHttpResponseReader: Reader = {
  name: 'graphql http response',
  requires: ['status', 'body'],
  hints: [undefined, 'http'],
  recognise(view) {
    if (view.instance || typeof view.status !== 'number') return undefined;
    // Text is parsed only when it can hold `errors`: the HTTP reader parses every other body.
    if (typeof view.body === 'string' && !view.body.includes('"errors"')) return undefined;
    const body = parsedJsonBody(view.body);
    if (!isGraphqlErrorBody(body)) return undefined;
    const headers = view.headers;
    return fromGraphqlResponse({
      body,
      status: view.status,
      ...(headers !== null && typeof headers === 'object'
        ? { headers: headers as Record<string, string> }
        : {}),
    });
  },
};

/**
 * A graphql-ws `error` message (github.com/enisdenjo/graphql-ws, PROTOCOL.md): `{ id, type:
 * 'error', payload: [{ message, extensions }] }`, the operation's GraphQL errors.
 */
export const graphqlWsErrorReader: Reader = {
  name: 'graphql-ws error message',
  requires: ['type'],
  recognise(view) {
    const input = view.input;
    if (view.instance || input.type !== 'error' || typeof input.id !== 'string') return undefined;
    const body = { errors: input.payload };
    return isGraphqlErrorBody(body) ? fromGraphqlResponse({ body }) : undefined;
  },
};

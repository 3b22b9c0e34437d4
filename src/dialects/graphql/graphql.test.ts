// Every row of the GraphQL code tables, read from a response body whose errors graphql-js itself
// formats (`GraphQLError#toJSON`, what a server puts in `errors`): by `extensions.code` (Apollo,
// Shopify, Hasura, GitHub's names), by `extensions.errorType` (DGS / graphql-java), and by the
// `type` member GitHub's API documents on each error. No server: test/graphql.test.ts serves the
// same rows over HTTP.
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { GRAPHQL_CODES, GRAPHQL_ERROR_TYPES } from 'agent-errors/http';
import type { GraphqlCodeMeaning } from 'agent-errors/http';
import { CATEGORIES } from '../../core/categories.js';

/** A response body with one error, formatted by graphql-js, at path `fail`. */
function body(extensions: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const error = new GraphQLError('failure', { path: ['fail'], extensions });
  return { errors: [{ ...error.toJSON(), ...extra }], data: { ok: true, fail: null } };
}

function expectMeaning(input: unknown, meaning: GraphqlCodeMeaning): void {
  const e = decode(input);
  expect([e.category, e.code, e.retryable]).toEqual([
    meaning.category,
    meaning.code,
    meaning.retryable ?? CATEGORIES[meaning.category].retryable,
  ]);
}

describe('GRAPHQL_CODES, by extensions.code', () => {
  it.each([...GRAPHQL_CODES.entries()])('%s', (code, meaning) => {
    const response = body({ code });
    expectMeaning(response, meaning);
    // The same body as the text a log or a client library holds.
    expectMeaning(JSON.stringify(response), meaning);
    expect(decode(response).details?.graphql).toMatchObject({
      errors: [{ code, path: ['fail'] }],
      partial: true,
    });
  });
});

describe('GRAPHQL_ERROR_TYPES, by extensions.errorType', () => {
  it.each([...GRAPHQL_ERROR_TYPES.entries()])('%s', (errorType, meaning) => {
    expectMeaning(body({ errorType, classification: 'DataFetchingException' }), meaning);
  });
});

describe("GitHub's type member", () => {
  const github = ['RATE_LIMITED', 'NOT_FOUND', 'FORBIDDEN', 'INSUFFICIENT_SCOPES', 'INTERNAL'];
  it.each([...GRAPHQL_CODES.entries()].filter(([code]) => github.includes(code)))(
    '%s',
    (type, meaning) => {
      expectMeaning(body({}, { type }), meaning);
    },
  );
});

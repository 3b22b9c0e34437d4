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

// The codes the families document whose words say what they mean: no table row, read by the
// code-words rule (src/dialects/http/code-words.ts), each as its server's docs describe it.
const BY_WORDS: readonly (readonly [string, GraphqlCodeMeaning])[] = [
  // Apollo Server's ApolloServerErrorCode
  ['GRAPHQL_PARSE_FAILED', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['GRAPHQL_VALIDATION_FAILED', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['BAD_USER_INPUT', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['BAD_REQUEST', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['UNAUTHENTICATED', { category: 'auth', code: 'AUTH_ERROR' }],
  ['FORBIDDEN', { category: 'permission', code: 'PERMISSION_DENIED' }],
  ['PERSISTED_QUERY_NOT_FOUND', { category: 'not_found', code: 'NOT_FOUND' }],
  ['INTERNAL_SERVER_ERROR', { category: 'internal', code: 'SERVER_ERROR', retryable: true }],
  // GitHub's types
  ['RATE_LIMITED', { category: 'rate_limit', code: 'RATE_LIMITED' }],
  ['NOT_FOUND', { category: 'not_found', code: 'NOT_FOUND' }],
  ['INSUFFICIENT_SCOPES', { category: 'permission', code: 'INSUFFICIENT_SCOPE' }],
  ['UNPROCESSABLE', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['INTERNAL', { category: 'internal', code: 'SERVER_ERROR', retryable: true }],
  // Shopify, Linear
  ['THROTTLED', { category: 'rate_limit', code: 'RATE_LIMITED' }],
  ['ACCESS_DENIED', { category: 'permission', code: 'PERMISSION_DENIED' }],
  ['RATELIMITED', { category: 'rate_limit', code: 'RATE_LIMITED' }],
  // Hasura's kebab-case codes
  ['access-denied', { category: 'permission', code: 'PERMISSION_DENIED' }],
  ['permission-denied', { category: 'permission', code: 'PERMISSION_DENIED' }],
  ['permission-error', { category: 'permission', code: 'PERMISSION_DENIED' }],
  ['invalid-jwt', { category: 'auth', code: 'INVALID_TOKEN' }],
  ['jwt-invalid-claims', { category: 'auth', code: 'INVALID_TOKEN' }],
  ['jwt-missing-role-claims', { category: 'auth', code: 'INVALID_TOKEN' }],
  ['validation-failed', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['parse-failed', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['bad-request', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['invalid-params', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['invalid-json', { category: 'validation', code: 'VALIDATION_ERROR' }],
  ['already-exists', { category: 'conflict', code: 'CONFLICT' }],
  ['not-exists', { category: 'not_found', code: 'NOT_FOUND' }],
  ['not-found', { category: 'not_found', code: 'NOT_FOUND' }],
  ['method-not-allowed', { category: 'protocol', code: 'METHOD_NOT_ALLOWED' }],
];

describe('codes read by their words, by extensions.code', () => {
  it.each(BY_WORDS)('%s', (code, meaning) => {
    expectMeaning(body({ code }), meaning);
    expect(decode(body({ code })).details?.graphql).toMatchObject({
      errors: [{ code, path: ['fail'] }],
    });
  });
});

describe("GitHub's type member", () => {
  const github = ['RATE_LIMITED', 'NOT_FOUND', 'FORBIDDEN', 'INSUFFICIENT_SCOPES', 'INTERNAL'];
  it.each(BY_WORDS.filter(([code]) => github.includes(code)))('%s', (type, meaning) => {
    expectMeaning(body({}, { type }), meaning);
  });
});

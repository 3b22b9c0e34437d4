import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { readMember } from '../../core/is.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import { isGraphqlErrorBody } from '../graphql/response.js';
import { saidBy } from './libraries.js';
import { responseOf } from './response-rule.js';

/**
 * The GraphQL clients' errors, which carry the response's GraphQL errors rather than the body:
 * Apollo Client 4's `CombinedGraphQLErrors` and `CombinedProtocolErrors` (`errors`, with the
 * result's `data` and `extensions`), urql's `CombinedError` and Apollo Client 3's `ApolloError`
 * (`graphQLErrors`, `networkError`, urql's fetch `Response` on `response`). The errors are read
 * as the GraphQL response they came in (their codes decide, by the graphql dialect's tables),
 * with the status and headers of a response the error still holds; with no GraphQL errors, a
 * 2xx answer the client could not read is a protocol failure, and otherwise the `networkError`
 * is what failed.
 */

type Classify = (value: unknown) => AgentError;

/**
 * The GraphQL errors `error` carries: `graphQLErrors`, else `errors` of Apollo Client's two
 * classes, or whose every item carries GraphQL's `extensions`, `path` or `locations`: an
 * `AggregateError`'s errors and Sequelize's `ValidationErrorItem`s are not.
 */
function graphqlErrorsOf(error: Error): unknown[] | undefined {
  const named = readMember(error, 'graphQLErrors');
  if (Array.isArray(named) && named.length > 0) return named as unknown[];
  const errors = readMember(error, 'errors');
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  if (error.name === 'CombinedGraphQLErrors' || error.name === 'CombinedProtocolErrors')
    return errors as unknown[];
  for (const item of errors) {
    // GraphQL's `path` and `locations` are lists (Sequelize's item has a string `path`).
    const graphql =
      readMember(item, 'extensions') !== undefined ||
      Array.isArray(readMember(item, 'path')) ||
      Array.isArray(readMember(item, 'locations'));
    if (!graphql) return undefined;
  }
  return errors as unknown[];
}

/**
 * The {@link AgentError} for a GraphQL client's error, or `undefined` when `error` carries no
 * GraphQL errors and no `networkError` that says more than a bare internal error.
 */
export function fromGraphqlClientError(error: Error, classify: Classify): AgentError | undefined {
  const errors = graphqlErrorsOf(error);
  if (errors !== undefined) {
    const body: Record<string, unknown> = { errors };
    const data = readMember(error, 'data');
    if (data !== undefined) body.data = data;
    const extensions = readMember(error, 'extensions');
    if (extensions !== null && typeof extensions === 'object') body.extensions = extensions;
    if (!isGraphqlErrorBody(body)) return undefined;
    const found = responseOf(error);
    return classifiedAs(
      error,
      classify(
        found?.status === undefined
          ? body
          : {
              status: found.status,
              ...(found.headers !== undefined ? { headers: found.headers } : {}),
              body,
            },
      ),
    );
  }
  // A failure before any GraphQL response: an error status is the response rule's to read; a
  // 2xx answer the client could not read as one (Apollo's `ServerParseError`, its `ServerError`
  // for a body with neither `data` nor `errors`, urql's parse failure) fails the same way again;
  // else what failed is the network error.
  const network = readMember(error, 'networkError');
  const apollo = error.name === 'ServerParseError' || error.name === 'ServerError';
  if (!apollo && (network === null || typeof network !== 'object')) return undefined;
  const status = responseOf(error)?.status;
  if (status !== undefined && status >= 300) return undefined;
  if (status !== undefined && status >= 200) {
    return made(error, m('protocol', 'PROTOCOL_ERROR'), { status });
  }
  const inner = apollo ? undefined : saidBy(classify(network));
  return inner && classifiedAs(error, inner);
}

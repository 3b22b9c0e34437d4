import type { ErrorCategory } from '../../core/categories.js';
import type { StableErrorCode } from '../../core/stable-codes.js';
import { meaning as m } from '../../core/meaning.js';

/**
 * What one GraphQL error's code says, by the table of the server family that sends it. Each
 * table is the family's own documented list:
 *
 * - Apollo Server 4/5 `ApolloServerErrorCode` (`@apollo/server/errors`, "Error handling" in the
 *   Apollo Server docs), read from `extensions.code`; `UNAUTHENTICATED` and `FORBIDDEN` are the
 *   codes its docs tell resolvers to throw.
 * - GitHub's GraphQL API (docs.github.com, "Rate limits and query limits for the GraphQL API",
 *   "Forming calls"): `type` on each error (`RATE_LIMITED`, `NOT_FOUND`, `FORBIDDEN`,
 *   `INSUFFICIENT_SCOPES`, `MAX_NODE_LIMIT_EXCEEDED`, `UNPROCESSABLE`, `INTERNAL`); its query
 *   validation errors carry graphql-ruby's lowerCamel `extensions.code` (`undefinedField`).
 * - Shopify Admin / Storefront GraphQL ("API rate limits", "GraphQL status and error codes"):
 *   `THROTTLED`, `MAX_COST_EXCEEDED`, `ACCESS_DENIED`, `SHOP_INACTIVE`,
 *   `INTERNAL_SERVER_ERROR`, in `extensions.code`.
 * - Hasura GraphQL Engine v2 (`Hasura.Base.Error`'s `Code`, "API error codes"): kebab-case
 *   `extensions.code`.
 * - Netflix DGS / graphql-java's typed errors (`extensions.errorType`, the "GraphQL Error
 *   Types" proposal): gRPC-like names.
 * - Linear (developers.linear.app, "Rate limiting"; `@linear/sdk`'s `LinearErrorType`, which
 *   maps `extensions.type`): `RATELIMITED` in `extensions.code`, sent with HTTP 400.
 * - Apollo Router (apollographql.com/docs/graphos/routing/errors, "Apollo Router error codes"):
 *   `extensions.code`; a limit its configuration sets (`COST_*_TOO_EXPENSIVE`, `MAX_*_LIMIT`)
 *   is the query's size, a subgraph's or connector's failure (`SUBREQUEST_HTTP_ERROR`) its
 *   outage.
 * - AWS AppSync (its developer guide, "Troubleshooting and common mistakes"; resolver errors):
 *   `errorType` on each error, a data source's exception as `DynamoDB:<name>`.
 */
export interface GraphqlCodeMeaning {
  readonly category: ErrorCategory;
  readonly code: StableErrorCode;
  /** Set where it differs from the category's default. */
  readonly retryable?: boolean;
}

/**
 * `extensions.code` (Apollo, Shopify, Hasura) and GitHub's `type`, by their exact spelling,
 * where the words say something else than the server means; the rest (`UNAUTHENTICATED`,
 * `BAD_USER_INPUT`, `THROTTLED`, `RATE_LIMITED`, Linear's `RATELIMITED`, Hasura's
 * `access-denied`, `invalid-jwt`, `not-found`, …) are read by their words (code-words.ts).
 */
export const GRAPHQL_CODES: ReadonlyMap<string, GraphqlCodeMeaning> = new Map([
  // Apollo Server
  ['PERSISTED_QUERY_NOT_SUPPORTED', m('protocol', 'NOT_IMPLEMENTED')],
  ['OPERATION_RESOLUTION_FAILURE', m('validation', 'VALIDATION_ERROR')],
  // GitHub `type`
  ['MAX_NODE_LIMIT_EXCEEDED', m('validation', 'REQUEST_TOO_LARGE')],
  // Shopify. The query alone costs more than the bucket holds: waiting cannot help.
  ['MAX_COST_EXCEEDED', m('validation', 'REQUEST_TOO_LARGE')],
  // Frozen or closed store (Shopify: repeated limit abuse, fraud risk): no retry brings it back.
  ['SHOP_INACTIVE', m('permission', 'PERMISSION_DENIED')],
  // Apollo Router (its limits are ROUTER_LIMIT below). A subgraph or connector that failed under
  // it may answer the next time.
  ['CANNOT_SEND_PQ_ID_AND_BODY', m('validation', 'VALIDATION_ERROR')],
  ['GRAPHQL_UNKNOWN_OPERATION_NAME', m('validation', 'VALIDATION_ERROR')],
  ['QUERY_NOT_IN_SAFELIST', m('permission', 'PERMISSION_DENIED')],
  ['UNAUTHORIZED_FIELD_OR_TYPE', m('permission', 'PERMISSION_DENIED')],
  ['PERSISTED_QUERY_NOT_IN_LIST', m('not_found', 'NOT_FOUND')],
  ['SUBREQUEST_HTTP_ERROR', m('unavailable', 'UNAVAILABLE')],
  ['CONNECTOR_FETCH', m('unavailable', 'UNAVAILABLE')],
  ['HTTP_CLIENT_ERROR', m('unavailable', 'UNAVAILABLE')],
  ['REQUEST_LIMIT_EXCEEDED', m('rate_limit', 'RATE_LIMITED')],
  ['RESPONSE_VALIDATION_FAILED', m('internal', 'INTERNAL_ERROR')],
  ['SUBREQUEST_MALFORMED_RESPONSE', m('internal', 'INTERNAL_ERROR')],
  // Hasura
  ['invalid-headers', m('auth', 'AUTH_ERROR')],
  ['data-exception', m('validation', 'VALIDATION_ERROR')],
  ['constraint-violation', m('conflict', 'CONFLICT')],
  // A serialization conflict of the transaction underneath: running it again may succeed.
  ['concurrent-update', m('conflict', 'CONFLICT', true)],
  ['not-supported', m('protocol', 'NOT_IMPLEMENTED')],
  ['postgres-max-connections-error', m('unavailable', 'UNAVAILABLE')],
  ['postgres-error', m('internal', 'SERVER_ERROR')],
  ['remote-schema-error', m('unavailable', 'UNAVAILABLE')],
  ['unexpected', m('internal', 'INTERNAL_ERROR')],
]);

/** Linear's `extensions.type`, as its SDK's `LinearErrorType` names them. */
export const LINEAR_TYPES: ReadonlyMap<string, GraphqlCodeMeaning> = new Map([
  ['authentication error', m('auth', 'AUTH_ERROR')],
  ['feature not accessible', m('permission', 'PERMISSION_DENIED')],
  ['invalid input', m('validation', 'VALIDATION_ERROR')],
  ['user error', m('validation', 'VALIDATION_ERROR')],
  ['usage limit exceeded', m('quota', 'QUOTA_EXCEEDED')],
  ['lock timeout', m('conflict', 'CONFLICT', true)],
  ['internal error', m('internal', 'SERVER_ERROR', true)],
]);

/** AppSync's own `errorType`s; a data source's `<Source>:<Exception>` is read by its AWS name. */
export const APPSYNC_TYPES: ReadonlyMap<string, GraphqlCodeMeaning> = new Map([
  // A field the caller's identity may not read (`@aws_auth`, an authorizer's deny).
  ['Unauthorized', m('permission', 'PERMISSION_DENIED')],
  // A resolver's template failed: the API's own fault, the same again.
  ['MappingTemplate', m('internal', 'INTERNAL_ERROR')],
]);

/** DGS / graphql-java `extensions.errorType`. */
export const GRAPHQL_ERROR_TYPES: ReadonlyMap<string, GraphqlCodeMeaning> = new Map([
  ['BAD_REQUEST', m('validation', 'VALIDATION_ERROR')],
  ['FAILED_PRECONDITION', m('conflict', 'PRECONDITION_FAILED')],
  ['INTERNAL', m('internal', 'SERVER_ERROR', true)],
  ['NOT_FOUND', m('not_found', 'NOT_FOUND')],
  ['PERMISSION_DENIED', m('permission', 'PERMISSION_DENIED')],
  ['UNAUTHENTICATED', m('auth', 'AUTH_ERROR')],
  ['UNAVAILABLE', m('unavailable', 'UNAVAILABLE')],
  ['UNKNOWN', m('internal', 'INTERNAL_ERROR')],
]);

/**
 * Apollo Router's limit codes (`COST_ESTIMATED_TOO_EXPENSIVE`, `SUBGRAPH_…`, `COST_ACTUAL_…`,
 * `MAX_DEPTH_LIMIT` and its siblings, `QUERY_PLAN_COMPLEXITY_EXCEEDED`): the query is over a
 * configured size, and the same query fails the same way again.
 */
export const ROUTER_LIMIT =
  /^(?:(?:SUBGRAPH_)?COST_(?:ESTIMATED|ACTUAL)_TOO_EXPENSIVE|MAX_[A-Z]+(?:_[A-Z]+)?_LIMIT|QUERY_PLAN_COMPLEXITY_EXCEEDED)$/;

/** graphql-ruby's static validation codes (`undefinedField`, `argumentNotAccepted`…). */
export const GRAPHQL_RUBY_VALIDATION = /^[a-z]+(?:[A-Z][a-z]*)+$/;

/**
 * Which of several errors decides, first to last: the failure whose remedy must come first.
 * Without credentials nothing else can be tried; a spent limit is waited out before anything
 * is corrected; a fault of the request is the caller's to fix; what is missing or broken in one
 * field comes last.
 */
export const DECIDING_ORDER: readonly ErrorCategory[] = [
  'auth',
  'permission',
  'quota',
  'rate_limit',
  'unavailable',
  'timeout',
  'protocol',
  'validation',
  'conflict',
  'not_found',
  'cancelled',
  'internal',
];

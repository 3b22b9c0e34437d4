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
 * - AWS AppSync (its developer guide, "Troubleshooting and common mistakes"; resolver errors):
 *   `errorType` on each error, a data source's exception as `DynamoDB:<name>`.
 */
export interface GraphqlCodeMeaning {
  readonly category: ErrorCategory;
  readonly code: StableErrorCode;
  /** Set where it differs from the category's default. */
  readonly retryable?: boolean;
}

/** `extensions.code` (Apollo, Shopify, Hasura) and GitHub's `type`, by their exact spelling. */
export const GRAPHQL_CODES: ReadonlyMap<string, GraphqlCodeMeaning> = new Map([
  // Apollo Server
  ['GRAPHQL_PARSE_FAILED', m('validation', 'VALIDATION_ERROR')],
  ['GRAPHQL_VALIDATION_FAILED', m('validation', 'VALIDATION_ERROR')],
  ['BAD_USER_INPUT', m('validation', 'VALIDATION_ERROR')],
  ['UNAUTHENTICATED', m('auth', 'AUTH_ERROR')],
  ['FORBIDDEN', m('permission', 'PERMISSION_DENIED')],
  // Automatic persisted queries: the server lacks the hash; resend with the query text.
  ['PERSISTED_QUERY_NOT_FOUND', m('not_found', 'NOT_FOUND')],
  ['PERSISTED_QUERY_NOT_SUPPORTED', m('protocol', 'NOT_IMPLEMENTED')],
  ['OPERATION_RESOLUTION_FAILURE', m('validation', 'VALIDATION_ERROR')],
  ['BAD_REQUEST', m('validation', 'VALIDATION_ERROR')],
  // As HTTP's 500: a server fault, worth one more try.
  ['INTERNAL_SERVER_ERROR', m('internal', 'SERVER_ERROR', true)],
  // GitHub `type`
  ['RATE_LIMITED', m('rate_limit', 'RATE_LIMITED')],
  ['NOT_FOUND', m('not_found', 'NOT_FOUND')],
  ['INSUFFICIENT_SCOPES', m('permission', 'INSUFFICIENT_SCOPE')],
  ['MAX_NODE_LIMIT_EXCEEDED', m('validation', 'REQUEST_TOO_LARGE')],
  ['UNPROCESSABLE', m('validation', 'VALIDATION_ERROR')],
  ['INTERNAL', m('internal', 'SERVER_ERROR', true)],
  // Shopify
  ['THROTTLED', m('rate_limit', 'RATE_LIMITED')],
  // The query alone costs more than the bucket holds: waiting cannot help.
  ['MAX_COST_EXCEEDED', m('validation', 'REQUEST_TOO_LARGE')],
  ['ACCESS_DENIED', m('permission', 'PERMISSION_DENIED')],
  // Frozen or closed store (Shopify: repeated limit abuse, fraud risk): no retry brings it back.
  ['SHOP_INACTIVE', m('permission', 'PERMISSION_DENIED')],
  // Hasura
  ['access-denied', m('permission', 'PERMISSION_DENIED')],
  ['permission-denied', m('permission', 'PERMISSION_DENIED')],
  ['permission-error', m('permission', 'PERMISSION_DENIED')],
  ['invalid-jwt', m('auth', 'INVALID_TOKEN')],
  ['jwt-invalid-claims', m('auth', 'INVALID_TOKEN')],
  ['jwt-missing-role-claims', m('auth', 'INVALID_TOKEN')],
  ['invalid-headers', m('auth', 'AUTH_ERROR')],
  ['validation-failed', m('validation', 'VALIDATION_ERROR')],
  ['parse-failed', m('validation', 'VALIDATION_ERROR')],
  ['bad-request', m('validation', 'VALIDATION_ERROR')],
  ['invalid-params', m('validation', 'VALIDATION_ERROR')],
  ['invalid-json', m('validation', 'VALIDATION_ERROR')],
  ['data-exception', m('validation', 'VALIDATION_ERROR')],
  ['constraint-violation', m('conflict', 'CONFLICT')],
  ['already-exists', m('conflict', 'CONFLICT')],
  // A serialization conflict of the transaction underneath: running it again may succeed.
  ['concurrent-update', m('conflict', 'CONFLICT', true)],
  ['not-exists', m('not_found', 'NOT_FOUND')],
  ['not-found', m('not_found', 'NOT_FOUND')],
  ['not-supported', m('protocol', 'NOT_IMPLEMENTED')],
  ['method-not-allowed', m('protocol', 'METHOD_NOT_ALLOWED')],
  ['postgres-max-connections-error', m('unavailable', 'UNAVAILABLE')],
  ['postgres-error', m('internal', 'SERVER_ERROR')],
  ['remote-schema-error', m('unavailable', 'UNAVAILABLE')],
  ['unexpected', m('internal', 'INTERNAL_ERROR')],
  // Linear
  ['RATELIMITED', m('rate_limit', 'RATE_LIMITED')],
]);

/** Linear's `extensions.type`, as its SDK's `LinearErrorType` names them. */
export const LINEAR_TYPES: ReadonlyMap<string, GraphqlCodeMeaning> = new Map([
  ['ratelimited', m('rate_limit', 'RATE_LIMITED')],
  ['authentication error', m('auth', 'AUTH_ERROR')],
  ['forbidden', m('permission', 'PERMISSION_DENIED')],
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
  ['ExecutionTimeout', m('timeout', 'TIMEOUT')],
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

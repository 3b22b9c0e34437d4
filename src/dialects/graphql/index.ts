export { fromGraphqlResponse, isGraphqlErrorBody } from './response.js';
export type { GraphqlErrorResponse } from './response.js';
export { GRAPHQL_CODES, GRAPHQL_ERROR_TYPES } from './codes.js';
export type { GraphqlCodeMeaning } from './codes.js';
export { graphqlBodyReader, graphqlHttpResponseReader, graphqlWsErrorReader } from './reader.js';
export { webSocketCloseReader } from './ws-close.js';

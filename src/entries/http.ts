/**
 * HTTP: statuses, retry headers, RFC 9457 problem documents, provider error bodies, GraphQL
 * responses with errors, fetch `Response`s.
 *
 * @module agent-errors/http
 */
export * from '../dialects/http/index.js';
export { toFetchResponse, toHttpResponse } from '../helpers/http.js';
// The readers of HTTP failures, of the LLM provider SDKs' and of the client libraries' errors,
// for `createDecoder` (the root `decode` has them all).
export {
  httpBodyReader,
  httpHintReader,
  httpResponseReader,
  webResponseReader,
} from '../dialects/http/reader.js';
export {
  agentsSdkReader,
  agentsStreamEventReader,
  aiSdkStreamPartReader,
  openAiFailedResponseReader,
  openAiResponsesEventReader,
  platformSdkReader,
  providerSdkReader,
} from '../dialects/provider-sdks/index.js';
export {
  clientLibraryReader,
  langChainReader,
  statusCodeReader,
  responseInstanceReader,
  wrappedErrorReader,
} from '../dialects/http-clients/index.js';
// GraphQL over HTTP: a response with `errors`, read by its `extensions.code`.
export {
  GRAPHQL_CODES,
  GRAPHQL_ERROR_TYPES,
  fromGraphqlResponse,
  graphqlBodyReader,
  graphqlHttpResponseReader,
  graphqlWsErrorReader,
  isGraphqlErrorBody,
  webSocketCloseReader,
} from '../dialects/graphql/index.js';
export type { GraphqlCodeMeaning, GraphqlErrorResponse } from '../dialects/graphql/index.js';

import type { Reader } from '../core/reader.js';
// Grouped by family, the bases first: a bundle then holds each family's code side by side,
// which gzip reads as one (0.4 KB less for the full decode than in alphabetical order).
import { toolErrorReader, toolTextReader } from '../dialects/tool/reader.js';
import { jsonRpcFromRpc } from '../dialects/jsonrpc/decode.js';
import { rpcFamilyReaders } from '../dialects/jsonrpc/family-readers.js';
import { acpRpcHooks } from '../dialects/acp/reader.js';
import { isRequestError } from '../dialects/acp/is-request-error.js';
import {
  mcpReasonReader,
  mcpRpcHooks,
  mcpSdkClientReader,
  mcpSdkErrorReader,
  mcpToolResponseReader,
  mcpToolResultReader,
} from '../dialects/mcp/reader.js';
import { lspRpcHooks } from '../dialects/lsp/reader.js';
import { a2aRpcHooks, a2aSdkReader } from '../dialects/a2a/reader.js';
import { arcpCodeReader, arcpReader } from '../dialects/arcp/reader.js';
import { grpcReader } from '../dialects/grpc/reader.js';
import {
  fromStatusAsRpcCode,
  httpBodyReader,
  httpHintReader,
  httpResponseReader,
  readHttpStatus,
  webResponseReader,
} from '../dialects/http/reader.js';
import {
  graphqlBodyReader,
  graphqlHttpResponseReader,
  graphqlWsErrorReader,
} from '../dialects/graphql/reader.js';
import { webSocketCloseReader } from '../dialects/graphql/ws-close.js';
import {
  clientLibraryReader,
  langChainReader,
  responseInstanceReader,
  wrappedErrorReader,
} from '../dialects/http-clients/reader.js';
import { statusCodeReader } from '../dialects/http-clients/status-code.js';
import {
  agentsSdkReader,
  agentsStreamEventReader,
  aiSdkStreamPartReader,
  openAiFailedResponseReader,
  openAiResponsesEventReader,
  platformSdkReader,
  providerSdkReader,
} from '../dialects/provider-sdks/reader.js';
import { domReader } from '../dialects/dom/reader.js';
import { nodeSystemReader, systemErrorReader } from '../dialects/node-system/reader.js';
import { schemaReader } from '../dialects/schema/reader.js';
import { postgresClientReader, postgresReader } from '../dialects/postgres/reader.js';
import { postgresJsReader } from '../dialects/postgres/postgres-js.js';
import { postgrestReader } from '../dialects/postgres/postgrest.js';
import { mysqlClientReader, mysqlReader } from '../dialects/mysql/reader.js';
import { vitessReader } from '../dialects/mysql/vitess.js';
import { mongodbReader, mongodbReplyReader } from '../dialects/mongodb/reader.js';
import { prismaReader } from '../dialects/prisma/reader.js';
import { redisReader } from '../dialects/redis-errors/reader.js';
import { neo4jReader } from '../dialects/neo4j/reader.js';
import { sqliteReader } from '../dialects/sqlite/reader.js';
import { clickhouseReader } from '../dialects/clickhouse/reader.js';
import { ormReader } from '../dialects/orm/reader.js';
import { mongooseReader } from '../dialects/orm/mongoose.js';
import { jsonRpcConnectionReader } from '../dialects/jsonrpc-connection/reader.js';

/**
 * The JSON-RPC family's two readers. Unhinted error objects are told apart by MCP's printed
 * prefix first, then A2A's wording or domain; SDK classes by name (ACP's `RequestError`,
 * `McpError`, LSP's `ResponseError`). An HTTP status carried as a code reads as that status.
 */
const rpc = rpcFamilyReaders({
  dialects: [mcpRpcHooks, a2aRpcHooks, acpRpcHooks, lspRpcHooks],
  fallback: { protocol: 'jsonrpc', fromRpc: jsonRpcFromRpc },
  byHttpStatus: fromStatusAsRpcCode,
});

/** A JSON-RPC response carrying an error object, read by the dialect it belongs to. */
export const jsonRpcResponseReader: Reader = rpc.response;
/**
 * A JSON-RPC error object (or an SDK instance shaped as one), read by its dialect; an ACP
 * `RequestError` of the upstream SDK among them is meant to be sent.
 */
export const jsonRpcErrorReader: Reader = { ...rpc.errorObject, meantToSend: isRequestError };
/** The MCP SDKs' client transport errors, an HTTP status they carry read by the http dialect. */
export const mcpSdkClientErrorReader: Reader = mcpSdkClientReader(readHttpStatus);

/**
 * Every reader, in the one order `decode` tries them: the first that recognises its input
 * decides. What runs before them all (text, JSON text, SSE, batches, AgentErrors and their
 * copies) and after them (the hub's own forms, aborts and aggregates, the never-throw guard)
 * is the decoder's own (src/front/create-decoder.ts). One line each: why it sits where it does.
 */
export const READERS: readonly Reader[] = [
  // An instance whose members are getters over a stream: read by status and headers alone.
  webResponseReader,
  // By name, before anything reads their numeric `code` (20, 23) as JSON-RPC's, and before
  // ARCP, whose own `TimeoutError` has the same name and the same meaning.
  domReader,
  // String codes (`REQUEST_TIMEOUT`, `CONNECTION_CLOSED`) that ARCP and ToolError would claim.
  mcpSdkErrorReader,
  // Database errors, before gRPC and JSON-RPC read their numbers (MongoDB's 13 Unauthorized is
  // gRPC's 13) and ToolError their string codes. Each tests a member only its family has first:
  // a SQLSTATE with a severity (PostgreSQL),
  postgresReader,
  // postgres.js's own string code, repeated as its `errno` or before its message,
  postgresJsReader,
  // PostgREST's `{ code, details, hint, message }` with no status (postgrest-js's `{ error }`),
  postgrestReader,
  // `errno` with `sqlState`, or a mysql2 client code with `fatal` (MySQL, MariaDB),
  mysqlReader,
  // Vitess's printed `(errno N) (sqlstate S)` in a message (PlanetScale),
  vitessReader,
  // a Mongoose class (its prototype chain reaches `MongooseError`), before its `Mongoose…`
  // names are read as the driver's `Mongo…` ones,
  mongooseReader,
  // a `Mongo…` class name, or a server reply's `codeName` with `ok: 0` (MongoDB),
  mongodbReader,
  mongodbReplyReader,
  // a `PrismaClient…` name (Prisma),
  prismaReader,
  // a node-redis or ioredis class (Redis replies by prefix, the clients' own errors),
  redisReader,
  // a `Neo4jError` (neo4j-driver: its `Neo.…` status code or the driver's own, which ToolError
  // would read as a string code),
  neo4jReader,
  // a `SQLITE_*` code, or a `LibsqlError`'s own (SQLite, libSQL),
  sqliteReader,
  // ClickHouse's numbered and named exception (`Code: 60. DB::Exception: … (UNKNOWN_TABLE)`),
  clickhouseReader,
  // an ORM's own class name (Sequelize's, knex's: their wrappers of a driver's error are read
  // through to it by the wrapped-error rule below),
  ormReader,
  // and the drivers' code-less errors, by their exact message (pg, pg-pool, mysql2's pool).
  postgresClientReader,
  mysqlClientReader,
  // vscode-jsonrpc's ConnectionError (codes 1, 2 on a class of that name): before gRPC reads 1, 2.
  jsonRpcConnectionReader,
  // Small positive codes (1–16) and Google's `error.status` names: before JSON-RPC, which would
  // read code 14 as an unknown local code and `{ error }` as a response.
  grpcReader,
  // The Agents SDK's errors by class name, before ToolError and the SDK readers guess from the
  // message (a misbehaving model's "Tool not found" is not a missing resource).
  agentsSdkReader,
  // A wrapper (`{ type: 'error', error }`): its `error` member is the failure, not a response's.
  aiSdkStreamPartReader,
  // The Agents SDK's relayed model event: the event it carries is the failure, not its `data`.
  agentsStreamEventReader,
  // The OpenAI Responses API's `error` and `response.failed` events and failed response objects:
  // before ToolError and ARCP claim their string `code`, and before `{ error }` is read as a body.
  openAiResponsesEventReader,
  openAiFailedResponseReader,
  // A JSON-RPC response: the error object inside decides, before the outer shape is guessed at.
  jsonRpcResponseReader,
  // A response whose result is a failed tool call carries no `error`: before HTTP's `status`.
  mcpToolResponseReader,
  // `{ status: 200, body: { errors } }`: GraphQL's failures come with 200, which the plain HTTP
  // reading below would refuse as no error.
  graphqlHttpResponseReader,
  // `{ status, headers | body }` with no code or name: before readers of `code` and `message`.
  httpResponseReader,
  // `{ errors: [{ message }], data? }` (plain data only): before `data` and `message` are read
  // as other shapes'; it has no `error`, `jsonrpc` or `code`, so no reader above claims it.
  graphqlBodyReader,
  // graphql-ws's `{ id, type: 'error', payload: [errors] }`: its `type` is no provider event's.
  graphqlWsErrorReader,
  // A WebSocket `CloseEvent` (`code`, `reason`, `wasClean`): before MCP reads `{ code, reason }`.
  webSocketCloseReader,
  // `{ code, reason }`: MCP's reason-carrying form, before plain JSON-RPC drops the reason.
  mcpReasonReader,
  // A system error stating `retryable` has ToolError's shape: its code (ECONNRESET) decides.
  nodeSystemReader,
  // ARCP envelopes and ARCPError shapes, before ToolError, whose string codes overlap ARCP's.
  arcpReader,
  // `{ isError: true, content }` under any hint: its text is ToolError text.
  mcpToolResultReader,
  // A ToolError or its fields (string code from its table), or anything hinted `tool`.
  toolErrorReader,
  // The caller's `protocol: 'http'` beats the guesses below (SDK classes, JSON-RPC codes).
  httpHintReader,
  // Client libraries' classes (AI SDK, @google/genai, AWS, axios, got, Octokit, Slack…) and
  // errors with a `.response`: before their `code` and `message` are read as a JSON-RPC error
  // object's, and before the provider SDKs' reader takes any `status` without its response.
  clientLibraryReader,
  // A response resolved whatever its status (needle's, an `IncomingMessage`): no error class.
  responseInstanceReader,
  // The MCP SDKs' transport errors (a `code` that is an HTTP status or -1): same reason.
  mcpSdkClientErrorReader,
  // The provider SDKs' `APIError`s: by their status, headers and body.
  providerSdkReader,
  // Pinecone's, Qdrant's and Hugging Face's classes, which carry no status: before the wrapped-
  // error rule reads a Pinecone error's cause alone.
  platformSdkReader,
  // After the provider SDKs: LangChain stamps the provider's own error, which says more.
  langChainReader,
  // `@a2a-js/sdk` errors by class name, `reason` or `envelopeCode`: before their numeric code
  // is read as plain JSON-RPC's.
  a2aSdkReader,
  // Any integer code with a string message (and the SDKs' JSON-RPC classes).
  jsonRpcErrorReader,
  // A bare ARCP payload: after JSON-RPC, since ARCP's code names are words others use too.
  arcpCodeReader,
  // An error that wraps the one that says it all (a `cause`, ToolCallError's `error`): after
  // every reader that knows the wrapper itself, before `error` is read as a body.
  wrappedErrorReader,
  // A failure returned as a value (Resend's `{ data: null, error }`) or thrown as no `Error`
  // (AirtableError), its status its own `statusCode`: before `error` is read as a body.
  statusCodeReader,
  // Last: the broadest shapes (any `error` member: provider bodies, problem documents).
  httpBodyReader,
  // Text only, after HTTP's reading of text under its hint: any text as ToolError text (and by
  // its keywords, the message of an error nothing above recognised).
  toolTextReader,
  // An `issues` array of `{ message }`: only a shape no protocol above claimed is a schema
  // library's (Zod, Valibot, Standard Schema); before the system codes, as a ZodError has none.
  schemaReader,
  // Any Node system code, or a cause chain reaching one (`fetch failed` → `ECONNREFUSED`): last,
  // since the client libraries' errors carry the same codes and their readers say more.
  systemErrorReader,
];

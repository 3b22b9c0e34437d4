/**
 * Text people paste into `explain`, read into the value it stands for before decoding: a
 * transcript of curl or wget (`transcripts.ts`) and the printed form
 * (`String(err)`) of the SDKs' and client libraries' errors, whose name prefix hides what the
 * decoder reads (`OverloadedError: 529 {…}`, `McpError: MCP error -32001: …`,
 * `ApiError: {"error":{…}}`, `AxiosError: Request failed with status code 429`).
 */

import { printedClientLibraryError } from '../dialects/http-clients/printed.js';
import { AGENTS_SDK_ERRORS } from '../dialects/provider-sdks/agents-sdk.js';
import { printedGrpcError } from '../dialects/grpc/printed.js';
import { printedMongoError } from '../dialects/mongodb/printed.js';
import { printedMysqlClientError, printedMysqlError } from '../dialects/mysql/printed.js';
import { printedErrorWithCause, printedLoggedError } from '../dialects/node-system/printed.js';
import type { LoggedError } from '../dialects/node-system/printed.js';
import { decode } from '../front/decode.js';
import { plainText, readTranscript } from './transcripts.js';
import {
  CLASS_CODES,
  JSON_RPC_MESSAGES,
  MCP_MESSAGES,
  ORM_CLASS_SQLSTATES,
  OTHER_ERROR_CLASSES,
  REASON_PHRASES,
} from './printed-tables.js';
import { isAwsTableName } from '../dialects/http/cloud-codes.js';
import { printedPostgresError, printedPsqlError } from '../dialects/postgres/printed.js';
import {
  headersForWait,
  printedPythonSdkError,
  printedSdkClientError,
} from '../dialects/provider-sdks/printed.js';
import { REDIS_PREFIXES, REDIS_REPLY_CLASSES } from '../dialects/redis-errors/prefixes.js';
import { NODE_REDIS_MESSAGES } from '../dialects/redis-errors/printed.js';
import { printedPrismaError } from '../dialects/prisma/printed.js';
import { readPrintedShape, withTransportMeta, withWreckHeaders } from './printed-shapes.js';

/** What the pasted text was read as: the value to decode, and its form in words. */
export interface PastedError {
  value: unknown;
  form: string;
}

// `Name: ` prefixes the printed form puts before the message: `Error: `, `OverloadedError: `,
// `McpError: `, `AxiosError [ERR_BAD_RESPONSE]: `, Apollo's `CombinedGraphQLErrors: `.
const NAME_PREFIX = /^((?:[A-Z][\w.$]*)?(?:Errors?|Exception)(?: \[[\w.-]+\])?): /;
// Class names without an `Error` suffix that print the same way: the OpenAI Agents SDK's
// tripwires (`InputGuardrailTripwireTriggered: …`), AWS's exceptions are suffixed already.
const OTHER_NAME = /^([A-Z]\w*): /;
// The provider SDKs' message: `<status> <message or JSON body>` (OpenAI, Anthropic).
const STATUS_MESSAGE = /^([45]\d\d) ([\s\S]*)$/;
// Client libraries that say the status in words: axios and ky ("Request failed with status
// code 429"), got ("Response code 429 (Too Many Requests)"), fetch wrappers ("HTTP 503").
// @slack/web-api says `statusCode = 503`, the MCP SDK's SSE transport `status code (503)`.
// graphql-request (Linear's `GraphQLClientError`) says `GraphQL Error (Code: 503)`.
const STATUS_IN_WORDS =
  /\b(?:status code|response code|status|statusCode|HTTP|GraphQL Error \(Code:)(?: =|:)? \(?([45]\d\d)\b/i;
// A message that is one of JSON-RPC's or ACP's fixed messages (ACP quotes it), or a reason phrase.
const FIXED_MESSAGE = /^"?([A-Za-z ]+?)"?(?:[.:]|$)/;

function jsonOf(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** The printed form of an SDK or client library error, or `undefined` for other text. */
function readPrinted(text: string): PastedError | undefined {
  const firstLine = text.trim().split('\n', 1)[0] ?? '';
  const other = OTHER_NAME.exec(firstLine);
  const named =
    NAME_PREFIX.exec(firstLine) ??
    (other !== null &&
    (Object.hasOwn(AGENTS_SDK_ERRORS, other[1]!) || OTHER_ERROR_CLASSES.has(other[1]!))
      ? other
      : null);
  if (named === null) return undefined;
  const name = named[1]!;
  const rest = text.trim().slice(named[0].length);
  const printed = `the printed form of ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
  const library = printedClientLibraryError(name, rest);
  if (library !== undefined) {
    return { value: library, form: `${printed} (its message names the service's answer)` };
  }
  const instance = printedNamedError(name, rest);
  if (instance !== undefined) return { value: instance, form: `${printed} (${instance.said})` };
  const mcp = MCP_MESSAGES[FIXED_MESSAGE.exec(rest.trim())?.[1]?.toLowerCase() ?? ''];
  if (mcp !== undefined) {
    return {
      value: Object.assign(new McpProtocolError(rest.trim()), { name: 'ProtocolError', code: mcp }),
      form: `${printed} with the MCP SDK's message for code ${mcp}`,
    };
  }
  // The MCP SDK's McpError keeps both prefixes: the MCP text decides.
  if (/^MCP error -?\d+:/.test(rest)) return { value: rest, form: `${printed} (MCP error text)` };
  const status = STATUS_MESSAGE.exec(rest);
  if (status !== null) {
    // The OpenAI SDK prints the provider's message alone: kept as the body's message.
    const body = jsonOf(status[2]!) ?? { error: { message: status[2]!.trim() } };
    return {
      value: { status: Number(status[1]), headers: headersForWait(status[2]!), body },
      form: `${printed} with HTTP status ${status[1]}`,
    };
  }
  const body = jsonOf(rest);
  if (body !== undefined) {
    // Google's error body carries the HTTP status as its `code` (AIP-193).
    const status = (body as { error?: { code?: unknown } }).error?.code;
    return typeof status === 'number' && status >= 400 && status < 600
      ? { value: { status, headers: {}, body }, form: `${printed} carrying a JSON error body` }
      : { value: body, form: `${printed} carrying a JSON error body` };
  }
  const fixed = FIXED_MESSAGE.exec(rest.trim())?.[1]?.toLowerCase();
  if (fixed !== undefined && JSON_RPC_MESSAGES[fixed] !== undefined) {
    return {
      value: { code: JSON_RPC_MESSAGES[fixed], message: rest.trim() },
      form: `${printed} with JSON-RPC's message for code ${JSON_RPC_MESSAGES[fixed]}`,
    };
  }
  const phrase = REASON_PHRASES[rest.trim().replace(/\.$/, '').toLowerCase()];
  if (phrase !== undefined) {
    return {
      value: { status: phrase, headers: {}, body: rest.trim() },
      form: `${printed} whose message is HTTP's reason phrase for status ${phrase}`,
    };
  }
  const inWords = STATUS_IN_WORDS.exec(rest);
  if (inWords !== null) {
    return {
      value: { status: Number(inWords[1]), headers: {}, body: rest.trim() },
      form: `${printed} naming HTTP status ${inWords[1]}`,
    };
  }
  const ending = statusAtTheEnd(rest.trim());
  if (ending !== undefined) {
    return {
      value: { status: ending, headers: {}, body: rest.trim() },
      form: `${printed} ending with HTTP's reason phrase for status ${ending}`,
    };
  }
  // Last, as names such as `InternalServerError` are other SDKs' too: an AWS SDK v3 service
  // exception prints its error name (`ThrottlingException: Rate exceeded`), which AWS's table
  // reads; the SDK marks each with `$fault` and `$metadata`. AWS's table only: a name read by
  // its words alone could be any library's (a DOMException's `NotFoundError`).
  if (isAwsTableName(name)) {
    const exception = Object.assign(new Error(rest.trim()), {
      name,
      $fault: 'client',
      $metadata: {},
    });
    return { value: exception, form: `${printed} (an AWS service exception's name)` };
  }
  return undefined;
}

// A message that ends with the status the server answered, as the AI SDK's `DownloadError`
// (`Failed to download <url>: 404 Not Found`) and the MCP SDK's `SdkHttpError` (`Failed to open
// SSE stream: Unauthorized`) print it: a reason phrase after a colon, or after its own status.
const ENDING_PHRASE = /(?:: |\b([45]\d\d) )([A-Za-z][A-Za-z -]*?)\.?$/;

/** The status a message's ending names, when the phrase is HTTP's (and agrees with the number). */
function statusAtTheEnd(message: string): number | undefined {
  const end = ENDING_PHRASE.exec(message);
  const status = end === null ? undefined : REASON_PHRASES[end[2]!.toLowerCase()];
  if (status === undefined) return undefined;
  return end![1] === undefined || Number(end![1]) === status ? status : undefined;
}

/**
 * The MCP SDK v2's `ProtocolError`, as the decoder knows it (its static `mcpBrand`): its codes are
 * MCP's. A printed `ProtocolError: Missing required client capabilities: …` stands for one.
 */
class McpProtocolError extends Error {
  static readonly mcpBrand = 'mcp.ProtocolError';
}

// LangChain appends `Troubleshooting URL: …/langchain/errors/<lc_error_code>/` to the message
// of every error it marks (`addLangChainErrorFields`).
const LANGCHAIN_TROUBLESHOOTING = /\/langchain\/errors\/([A-Z][A-Z_]+)\/?\s*$/;
// Node's and follow-redirects' printed form of an error with a code: `Error [ERR_…]: …`.
const BRACKETED_CODE = /^(\w*Error) \[([A-Z][A-Z0-9_]+)\]$/;

/**
 * The error a printed form stands for when its name or message says what the error carried:
 * LangChain's `lc_error_code` (its troubleshooting URL), a code in brackets, an OpenAI Agents
 * SDK class by its name (those errors always carry `state`). `said` says which, for the report.
 */
function printedNamedError(name: string, message: string): (Error & { said: string }) | undefined {
  const lc = LANGCHAIN_TROUBLESHOOTING.exec(message);
  if (lc !== null) {
    return Object.assign(new Error(message), {
      lc_error_code: lc[1],
      said: `LangChain's ${lc[1]!}`,
    });
  }
  const bracketed = BRACKETED_CODE.exec(name);
  if (bracketed !== null) {
    return Object.assign(new Error(message), {
      name: bracketed[1],
      code: bracketed[2],
      said: `code ${bracketed[2]!}`,
    });
  }
  const code = Object.hasOwn(CLASS_CODES, name) ? CLASS_CODES[name] : undefined;
  if (code !== undefined) {
    return Object.assign(new Error(message), typeof code === 'string' ? { code } : code, {
      name,
      said: `${name} stands for ${typeof code === 'string' ? code : String(code.code)}`,
    });
  }
  if (OTHER_ERROR_CLASSES.has(name)) {
    // Each is a GraphBubbleUp, which marks itself is_bubble_up (LangGraph's control flow).
    return Object.assign(new Error(message), {
      name,
      is_bubble_up: true,
      said: `LangGraph's ${name}`,
    });
  }
  if (Object.hasOwn(AGENTS_SDK_ERRORS, name)) {
    return Object.assign(new Error(message), {
      name,
      state: undefined,
      said: 'an OpenAI Agents SDK class',
    });
  }
  return undefined;
}

/**
 * The value pasted text stands for, when it is a `curl -i` response or an SDK error's printed
 * form; `undefined` for any other text (decoded as text).
 */
export function readPastedText(pasted: string): PastedError | undefined {
  const text = plainText(pasted);
  const trimmed = text.trim();
  const shaped =
    readTranscript(text) ??
    readPrintedDatabase(trimmed) ??
    readPrintedSdk(trimmed) ??
    readPrintedWithCause(trimmed);
  if (shaped !== undefined) return shaped;
  const logged = printedLoggedError(trimmed);
  if (logged === undefined) return readPrintedShape(trimmed) ?? readPrinted(text);
  withMongoLabels(logged.error);
  withTransportMeta(logged.error);
  withWreckHeaders(logged.error);
  // A logged error's own properties (a code, a status, labels) say more than its message.
  if (logged.members && saysSomething(logged.error))
    return fromLogged(logged, 'with its properties');
  // Its head alone (a stack trace's first line), read by the message's shape, else by the name.
  const head = logged.head;
  const byMessage =
    readPrintedShape(head) ??
    (head === trimmed
      ? readPrinted(text)
      : (readPrintedDatabase(head) ?? readPrintedSdk(head) ?? readPrinted(head)));
  if (byMessage !== undefined) return byMessage;
  const error = logged.error as Error & { code?: unknown };
  const code = CLASS_CODES[error.constructor.name] ?? CLASS_CODES[error.name];
  if (error.code === undefined && code !== undefined) {
    Object.assign(error, typeof code === 'string' ? { code } : code);
  }
  if (saysSomething(error)) return fromLogged(logged, 'by its class name');
  // Nothing but its words: the first line, as the stack frames' words are no part of the error.
  return head === trimmed
    ? undefined
    : { value: head, form: 'the first line of a logged error (its stack left out)' };
}

/**
 * Whether the decoder reads `error` as more than the default (an internal fault, not retried),
 * or a database family's table has a row for it (a driver's class its table calls internal: a
 * MongoDB `MongoMissingDependencyError` is internal, whatever its words say); `DB_ERROR` is the
 * families' "a database error, nothing more known".
 */
function saysSomething(error: Error): boolean {
  const d = decode(error);
  return (
    d.category !== 'internal' ||
    d.retryable ||
    (d.details?.database !== undefined && d.code !== 'DB_ERROR')
  );
}

// The mongodb driver keeps its labels in `errorLabelSet`, behind an `errorLabels` getter that a
// log does not print; a client bulk write's `[cause]` keeps its own.
function withMongoLabels(error: Error & { errorLabelSet?: unknown; errorLabels?: unknown }): void {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const labelled = e as Error & { errorLabelSet?: unknown; errorLabels?: unknown };
    if (labelled.errorLabels === undefined && Array.isArray(labelled.errorLabelSet)) {
      labelled.errorLabels = labelled.errorLabelSet;
    }
  }
}

const an = (name: string) => `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;

function fromLogged(logged: LoggedError, how: string): PastedError {
  const error = logged.error;
  // Sequelize prints `Error: ` and its class in a `name:` member, or `Class [name]: …`.
  const cls = error.name !== 'Error' && error.name !== '' ? error.name : error.constructor.name;
  const inner = innermost(error);
  const said =
    inner === undefined ? errorInWords(error) : `${an(cls)} wrapping ${errorInWords(inner)}`;
  return { value: error, form: `the logged form of ${said} (read ${how})` };
}

// Where a logged wrapper keeps the error under it: `new Error(msg, { cause })`, Sequelize's
// `parent` / `original`, TypeORM's `driverError`, the Agents SDK's `error`, the AI SDK's
// `lastError`, an `AggregateError`'s (or a `RetryError`'s) `errors`.
const INNER_KEYS = ['cause', 'parent', 'original', 'driverError', 'error', 'lastError'] as const;

/** The deepest error a logged wrapper nests, or `undefined` when it nests none. */
function innermost(error: Error): Error | undefined {
  let found: Error | undefined;
  let e: Error = error;
  for (let depth = 0; depth < 4; depth += 1) {
    const members = e as unknown as Record<string, unknown>;
    const errors = members.errors;
    const next =
      INNER_KEYS.map((key) => members[key]).find((v): v is Error => v instanceof Error) ??
      (Array.isArray(errors) ? errors.find((v): v is Error => v instanceof Error) : undefined);
    if (next === undefined) break;
    found = e = next;
  }
  return found;
}

// The members by which a nested error says what it is, in the words its family uses.
const SAYING_MEMBERS = ['code', 'errno', 'sqlState', 'status', 'statusCode'] as const;

/** A nested error in words: pg's by SQLSTATE, others by their class and code, errno or status. */
function errorInWords(error: Error): string {
  const members = error as unknown as Record<string, unknown>;
  const said = SAYING_MEMBERS.filter(
    (key) => typeof members[key] === 'string' || typeof members[key] === 'number',
  ).map((key) => `${key} ${String(members[key])}`);
  // pg's `DatabaseError` is named `error` and carries the server's severity.
  const name =
    error.name === 'error' && typeof members.severity === 'string'
      ? 'PostgreSQL error'
      : error.name;
  return `${an(name)}${said.length === 0 ? '' : ` (${said.join(', ')})`}`;
}

/**
 * The printed forms of the SDKs whose text has a shape of its own: grpc-js's `14 UNAVAILABLE:
 * …`, the Python provider SDKs' `Error code: 429 - {…}`, the provider SDKs' connection errors.
 */
function readPrintedSdk(text: string): PastedError | undefined {
  const grpc = printedGrpcError(text);
  if (grpc !== undefined) {
    return {
      value: grpc,
      form: 'the printed form of a grpc-js error (code, status name, details)',
    };
  }
  const python = printedPythonSdkError(text);
  if (python !== undefined) {
    const wait = python.headers['retry-after-ms'];
    return {
      value: python,
      form:
        `the printed form of a Python SDK error with HTTP status ${python.status}` +
        (wait === undefined ? '' : ` (its message asks to wait ${wait} ms)`),
    };
  }
  const client = printedSdkClientError(text);
  if (client !== undefined) {
    return { value: client, form: `the printed form of a provider SDK's ${client.name}` };
  }
  return undefined;
}

/** Node's printed error with its `[cause]` block (`TypeError: fetch failed` …). */
function readPrintedWithCause(text: string): PastedError | undefined {
  const error = printedErrorWithCause(text);
  if (error === undefined) return undefined;
  const causes: string[] = [];
  for (let e: unknown = error.cause; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    causes.push(typeof code === 'string' ? `${e.name} ${code}` : e.name);
  }
  return {
    value: error,
    form: `Node's printed "${error.name}: ${error.message}", caused by ${
      causes.length > 0 ? causes.join(', caused by ') : 'an object (its members read)'
    }`,
  };
}

// knex puts the query before the driver's message (`<sql> - <message>`,
// `lib/execution/internal/query-executioner.js`): the driver's message follows the first ` - `
// after a statement's first word.
const KNEX_QUERY =
  /^((?:error|Error): )(?:select|insert|update|delete|with|create|alter|drop|truncate|merge|call)\b.*? - (.*)$/is;
// An ORM's class printed with the driver's message (`SequelizeDatabaseError: deadlock detected`).
const ORM_HEAD = /^(Sequelize\w*Error): (.*)$/s;

/**
 * The printed form of a driver error under an ORM or query builder, whose message is still the
 * database's: Sequelize's classes keep the driver's message (the driver's error is on `.parent`),
 * knex puts its query before it. Read as the driver's error (by the PostgreSQL and MySQL message
 * tables), under the ORM's class where there is one; a Sequelize constraint class whose message
 * says nothing (`Validation error`) by the SQLSTATE it stands for.
 */
function readPrintedWrapper(text: string): PastedError | undefined {
  const firstLine = text.split('\n', 1)[0]!;
  const knex = KNEX_QUERY.exec(firstLine);
  if (knex !== null) {
    const driver =
      printedPostgresError(`${knex[1]!}${knex[2]!}`) ?? printedMysqlError(`${knex[1]!}${knex[2]!}`);
    return (
      driver && {
        value: driver,
        form: `the printed form of a knex query error (${driverInWords(driver)})`,
      }
    );
  }
  const listed = readSequelizeAggregate(text);
  if (listed !== undefined) return listed;
  const orm = ORM_HEAD.exec(firstLine);
  if (orm === null) return undefined;
  const [, name, message] = orm as unknown as [string, string, string];
  const read = ormDriverError(name, message);
  if (read === undefined) return undefined;
  const Orm = { [name]: class extends Error {} }[name]!;
  const value = Object.assign(new Orm(message), {
    name,
    parent: read.driver,
    original: read.driver,
  });
  return { value, form: `the printed form of ${an(name)} (${read.said})` };
}

/**
 * The driver's error under an ORM's printed class, as its message says: a PostgreSQL or MySQL
 * server message, Node's system-call message, else the SQLSTATE a constraint class stands for.
 */
function ormDriverError(
  name: string,
  message: string,
): { driver: object; said: string } | undefined {
  const pg = printedPostgresError(`error: ${message}`);
  if (pg !== undefined) return { driver: pg, said: driverInWords(pg) };
  const mysql = printedMysqlError(`Error: ${message}`);
  if (mysql !== undefined) return { driver: mysql, said: driverInWords(mysql) };
  const system = SYSTEM_MESSAGE.exec(message);
  if (system !== null) {
    const driver = Object.assign(new Error(message), { code: system[2], syscall: system[1] });
    return { driver, said: `its message is Node's for ${system[2]!}` };
  }
  const stands = ORM_CLASS_SQLSTATES[name];
  if (stands === undefined) return undefined;
  return {
    driver: { name: 'error', severity: 'ERROR', code: stands, message },
    said: `Sequelize raises it for SQLSTATE ${stands}`,
  };
}

// Node's message for a failed system call (`getaddrinfo ENOTFOUND db.internal`, `connect
// EHOSTUNREACH 10.0.0.9:5432`), which Sequelize's connection errors keep as their own.
const SYSTEM_MESSAGE = /^(getaddrinfo|connect|read|write|open|spawn|getsockopt) (E[A-Z]+)\b/;

/**
 * Sequelize's `AggregateError` prints `AggregateError of:` and each error it holds on a line of
 * its own (its `toString`): read as the errors it lists.
 */
function readSequelizeAggregate(text: string): PastedError | undefined {
  const [head, ...rest] = text.split('\n');
  if (head !== 'AggregateError of:') return undefined;
  const errors = rest
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => printedLoggedError(line.trim())?.error)
    .filter((e): e is Error => e !== undefined);
  if (errors.length === 0) return undefined;
  const value = Object.assign(new AggregateError(errors, text), { name: 'AggregateError' });
  return {
    value,
    form: `the printed form of Sequelize's AggregateError, listing ${errors.map((e) => an(e.name)).join(', ')}`,
  };
}

/** The driver's error a database message table read, in words. */
function driverInWords(driver: Record<string, unknown>): string {
  return driver.errno === undefined
    ? `its message is PostgreSQL's for SQLSTATE ${String(driver.code)}`
    : `its message is MySQL's for error ${driver.errno as number} ${String(driver.code)}`;
}

// A Redis error reply as the clients print it: ioredis `ReplyError: WRONGTYPE …`, node-redis
// `[ErrorReply: READONLY …]` (or `Error: …`), the reply's first word its prefix.
const PRINTED_REDIS = /^\[?(\w+): ([A-Z]+)\b(.*?)\]?$/s;

/**
 * The printed form of a database driver's error, whose message still names the condition: pg's
 * `error: duplicate key value violates unique constraint …` and mysql2's `Error: Deadlock found
 * when trying to get lock …` (their message tables), a Redis reply by its prefix, mongod's fixed
 * messages (`E11000 duplicate key`, `not primary`). The value is what the driver's error
 * carried, read by its reader.
 */
function readPrintedDatabase(text: string): PastedError | undefined {
  const wrapped = readPrintedWrapper(text);
  if (wrapped !== undefined) return wrapped;
  const psql = printedPsqlError(text);
  if (psql !== undefined) {
    return { value: psql, form: `psql's printed error (SQLSTATE ${String(psql.code)})` };
  }
  const mysqlClient = printedMysqlClientError(text);
  if (mysqlClient !== undefined) {
    const { errno, sqlState } = mysqlClient as Error & { errno: number; sqlState: string };
    return {
      value: mysqlClient,
      form: `the mysql client's printed error (error ${errno}, SQLSTATE ${sqlState})`,
    };
  }
  const pg = printedPostgresError(text);
  if (pg !== undefined) {
    return { value: pg, form: `the printed form of a pg error (SQLSTATE ${String(pg.code)})` };
  }
  const mysql = printedMysqlError(text);
  if (mysql !== undefined) {
    return { value: mysql, form: `the printed form of a mysql2 error (${String(mysql.code)})` };
  }
  const mongo = printedMongoError(text);
  if (mongo !== undefined) {
    return {
      value: mongo,
      form: `the printed form of a MongoDB error (its message is mongod's for code ${mongo.code})`,
    };
  }
  const prisma = printedPrismaError(text);
  if (prisma !== undefined) {
    return {
      value: prisma,
      form: `the printed form of a ${prisma.name} (its message is Prisma's for ${String(prisma.code ?? prisma.errorCode)})`,
    };
  }
  // node-redis's own classes print as `Error: <message>`.
  const nodeRedisClass = text.startsWith('Error: ')
    ? NODE_REDIS_MESSAGES.get(text.slice('Error: '.length).split('\n', 1)[0]!)
    : undefined;
  if (nodeRedisClass !== undefined) {
    const Client = { [nodeRedisClass]: class extends Error {} }[nodeRedisClass]!;
    return {
      value: new Client(text.slice('Error: '.length).split('\n', 1)[0]),
      form: `the printed form of node-redis's ${nodeRedisClass}`,
    };
  }
  const redis = PRINTED_REDIS.exec(text);
  const name = redis?.[1];
  if (
    redis !== null &&
    name !== undefined &&
    (name === 'Error' || REDIS_REPLY_CLASSES.has(name)) &&
    REDIS_PREFIXES.has(redis[2]!)
  ) {
    // The reply's class, as the Redis reader knows the clients' classes by name: node-redis's
    // `ErrorReply` prints as `Error: …`.
    const cls = name === 'Error' ? 'ErrorReply' : name;
    const Reply = { [cls]: class extends Error {} }[cls]!;
    return {
      value: new Reply(`${redis[2]!}${redis[3]!}`),
      form: `the printed form of a Redis error reply (${redis[2]!})`,
    };
  }
  return undefined;
}

/**
 * An error serialised as JSON (`JSON.stringify(err)` of a class with a `toJSON`, such as
 * supabase-js's `{ "name": "AuthSessionMissingError", "message": …, "status": 400 }`) whose
 * `name` is one of {@link CLASS_CODES}: the class, with the marks its library sets that the
 * JSON left out, so that it reads as the instance does. `undefined` for any other value.
 */
export function readSerializedClass(value: unknown): PastedError | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { name, message } = value as { name?: unknown; message?: unknown };
  if (typeof name !== 'string' || typeof message !== 'string') return undefined;
  const marks = Object.hasOwn(CLASS_CODES, name) ? CLASS_CODES[name] : undefined;
  if (marks === undefined) return undefined;
  const error = Object.assign(
    new Error(message),
    typeof marks === 'string' ? { code: marks } : marks,
    value,
  );
  return { value: error, form: `a serialised ${name} (the class its name stands for)` };
}

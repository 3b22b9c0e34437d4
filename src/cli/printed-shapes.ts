/**
 * Printed forms whose text has a shape of its own that says what the error carried, read into
 * the value the error stands for (for `readPastedText`, `pasted-text.ts`). Each rule reads a
 * shape a library or a server prints, never one message:
 *
 * - a SQL driver's message that names the server's error number and SQLSTATE: the mariadb
 *   connector's `(conn:12, no: 1062, SQLState: 23000) <message>` (`SqlError`,
 *   `lib/misc/errors.js`) and Vitess's `… (errno 1062) (sqlstate 23000) …` (vttablet's errors,
 *   which PlanetScale's `DatabaseError` prints);
 * - postgres.js's `PostgresError: <message>`, whose message is the server's (`src/errors.js`),
 *   and supabase-js's `PostgrestError: <message>`, the server's message PostgREST passes on;
 * - `@libsql/client`'s `LibsqlError: <CODE>: <message>` (@libsql/core `api.js`);
 * - ClickHouse's `Code: 60. DB::Exception: <message>. (UNKNOWN_TABLE) (version …)`, the text
 *   the server answers and `clickhouse-client` prints (`parseError` of `@clickhouse/client`
 *   reads the same three parts);
 * - Elasticsearch's `ResponseError: <type>` with its `\tCaused by:` and `\tRoot causes:` lines
 *   (`ResponseError` of `@elastic/transport`, `lib/errors.js`);
 * - the `HTTP-Code: <status>` block of OpenAPI Generator's TypeScript clients' `ApiException`
 *   (HubSpot's): the status, then `Message:`, `Body:` and `Headers:` lines, the last two JSON;
 * - axios's fixed message, which xior's `String(err)` prints with no name before it: `Request
 *   failed with status code 429` (axios `lib/core/settle.js`);
 * - airtable's `AirtableError`, no `Error`, whose `toString` prints `<message>(<TYPE>)[Http code
 *   <status>]` (`lib/airtable_error.js`);
 * - urql's `CombinedError`, whose `String(err)` is its message alone: each GraphQL error on a
 *   line of its own after `[GraphQL] ` (`generateErrorMessage` of `@urql/core`);
 * - Apollo Client 4's `CombinedProtocolErrors: `, then each error's message on a line of its own
 *   (`defaultFormatMessage` of `@apollo/client/errors`).
 */

import { MYSQL_PRINTED_MESSAGES } from '../dialects/mysql/printed.js';
import { printedPostgresError } from '../dialects/postgres/printed.js';

/** What the pasted text was read as: the value to decode, and its form in words. */
export interface ShapedError {
  value: unknown;
  form: string;
}

const MARIADB_NUMBERS = /^(\w*Error): \(conn:-?\d+, no: (\d+), SQLState: ([0-9A-Z]{5})\) (.*)$/;
const VITESS_NUMBERS = /\(errno (\d+)\) \(sqlstate ([0-9A-Z]{5})\)/;
// Vitess's `… desc = <the server's message> (errno …`: the message the number goes with.
const VITESS_MESSAGE = /desc = (.*?) \(errno \d+\)/;

/**
 * A driver's error whose message names the server's error number and SQLSTATE, as the driver's
 * own instance carries them (`errno`, `sqlState`, `sqlMessage`, the `ER_…` name where the
 * message is one MySQL fixes).
 */
function printedSqlNumbers(text: string): ShapedError | undefined {
  const firstLine = text.split('\n', 1)[0]!;
  const mariadb = MARIADB_NUMBERS.exec(firstLine);
  const vitess = mariadb === null ? VITESS_NUMBERS.exec(firstLine) : null;
  if (mariadb === null && vitess === null) return undefined;
  const [errno, sqlState] =
    mariadb === null ? [vitess![1]!, vitess![2]!] : [mariadb[2]!, mariadb[3]!];
  const message =
    mariadb === null ? (VITESS_MESSAGE.exec(firstLine)?.[1] ?? firstLine) : mariadb[4]!;
  const row = MYSQL_PRINTED_MESSAGES.find(([pattern]) => pattern.test(message));
  const value = Object.assign(new Error(message), {
    errno: Number(errno),
    sqlState,
    sqlMessage: message,
    ...(row === undefined ? {} : { code: row[3] }),
  });
  const said = `error ${errno}, SQLSTATE ${sqlState}`;
  return {
    value,
    form:
      mariadb === null
        ? `the printed form of a Vitess error (PlanetScale) naming ${said}`
        : `the printed form of a mariadb ${mariadb[1]!} naming ${said}`,
  };
}

// postgres.js's `PostgresError` and supabase-js's `PostgrestError` (PostgREST passes the server's
// message on unchanged): the class, then PostgreSQL's message.
const POSTGRES_CLASS = /^(Postgres|Postgrest)Error: /;

/** `PostgresError: <the server's message>`, read by PostgreSQL's message table. */
function printedPostgresJsError(text: string): ShapedError | undefined {
  const head = POSTGRES_CLASS.exec(text);
  if (head === null) return undefined;
  const name = `${head[1]!}Error`;
  const pg = printedPostgresError(`error: ${text.slice(head[0].length)}`);
  const client = name === 'PostgresError' ? 'postgres.js' : 'supabase-js';
  return (
    pg && {
      value: { ...pg, name },
      form: `the printed form of a ${client} ${name} (its message is PostgreSQL's for SQLSTATE ${String(pg.code)})`,
    }
  );
}

// `@libsql/client`'s `LibsqlError` prints its code before the message (`SQLITE_BUSY: database is
// locked`, `SERVER_ERROR: …`: @libsql/core `api.js`).
const LIBSQL = /^(Libsql(?:Batch)?Error): ([A-Z][A-Z0-9_]+): (.*)$/;

/** A `LibsqlError` with the code its text names, as the client built it. */
function printedLibsqlError(text: string): ShapedError | undefined {
  const match = LIBSQL.exec(text.split('\n', 1)[0]!);
  if (match === null) return undefined;
  const [, name, code, message] = match as unknown as [string, string, string, string];
  return {
    value: Object.assign(new Error(`${code}: ${message}`), { name, code }),
    form: `the printed form of a libSQL ${name} (code ${code})`,
  };
}

// `Code: 60. DB::Exception: <message>. (UNKNOWN_TABLE) (version 24.3.1.1)`; in cluster mode the
// server repeats the markers around the innermost exception, which decides.
const CLICKHOUSE =
  /(?:Code|Error): (\d+)\.[^\n]*Exception: (.+?)\(([A-Z0-9_]*[A-Z]{3}[A-Z0-9_]*)\)/s;

/** ClickHouse's exception text, as `@clickhouse/client`'s `ClickHouseError` carries it. */
function printedClickHouseError(text: string): ShapedError | undefined {
  const match = CLICKHOUSE.exec(text);
  if (match === null) return undefined;
  const [, code, message, type] = match as unknown as [string, string, string, string];
  const ClickHouseError = class extends Error {};
  Object.defineProperty(ClickHouseError, 'name', { value: 'ClickHouseError' });
  return {
    value: Object.assign(new ClickHouseError(message.trim()), { code, type }),
    form: `ClickHouse's exception text (code ${code}, ${type})`,
  };
}

const ELASTIC_HEAD = /^ResponseError: ([a-z_]+)\n\t(?:Caused by|Root causes):/;
const ELASTIC_CAUSE = /^\t\t([a-z_]+): (.*)$/;

/**
 * Elasticsearch's `ResponseError: <type>` and its cause lines, as the error body the client
 * kept (`meta.body`): the status is not in the text, the error's type is.
 */
function printedElasticsearchError(text: string): ShapedError | undefined {
  const head = ELASTIC_HEAD.exec(text);
  if (head === null) return undefined;
  const causes: { type: string; reason: string }[] = [];
  let section = '';
  let causedBy: { type: string; reason: string } | undefined;
  for (const line of text.split('\n').slice(1)) {
    if (/^\t\S/.test(line)) section = line.trim();
    const cause = ELASTIC_CAUSE.exec(line);
    if (cause === null) continue;
    const entry = { type: cause[1]!, reason: cause[2]! };
    if (section.startsWith('Caused by')) causedBy = entry;
    else causes.push(entry);
  }
  const error = {
    type: head[1]!,
    reason: causes[0]?.reason ?? causedBy?.reason ?? head[1]!,
    root_cause: causes,
    ...(causedBy === undefined ? {} : { caused_by: causedBy }),
  };
  const ResponseError = class extends Error {};
  Object.defineProperty(ResponseError, 'name', { value: 'ResponseError' });
  return {
    value: Object.assign(new ResponseError(head[1]), {
      name: 'ResponseError',
      meta: { body: { error } },
    }),
    form: `the printed form of an Elasticsearch ResponseError (error type ${head[1]!})`,
  };
}

const API_EXCEPTION =
  /^(?:\w+(?: \[\w+\])?: )?HTTP-Code: (\d{3})\nMessage: .*\nBody: (.*)\nHeaders: (.*)$/m;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** OpenAPI Generator's `ApiException` block, read as the response it printed. */
function printedApiException(text: string): ShapedError | undefined {
  const match = API_EXCEPTION.exec(text);
  if (match === null) return undefined;
  const headers = parsed(match[3]!);
  const value = {
    status: Number(match[1]),
    headers: typeof headers === 'object' && headers !== null ? headers : {},
    body: parsed(match[2]!),
  };
  const wait = (value.headers as Record<string, unknown>)['retry-after'];
  return {
    value,
    form:
      `the printed form of an OpenAPI client's ApiException: HTTP ${match[1]!}` +
      (typeof wait === 'string' ? ` with Retry-After: ${wait}` : ''),
  };
}

const AXIOS_MESSAGE = /^Request failed with status code ([45]\d\d)$/;

/** axios's fixed message alone (xior's `String(err)`), read as the status it names. */
function printedAxiosMessage(text: string): ShapedError | undefined {
  const match = AXIOS_MESSAGE.exec(text);
  if (match === null) return undefined;
  return {
    value: { status: Number(match[1]), headers: {}, body: text },
    form: `axios's message for HTTP status ${match[1]!} (as xior prints it)`,
  };
}

const AIRTABLE = /^([\s\S]*)\(([A-Z_]+)\)\[Http code (\d{3})\]$/;

/** airtable's printed error, read as the response it stands for (its status and error type). */
function printedAirtableError(text: string): ShapedError | undefined {
  const match = AIRTABLE.exec(text);
  if (match === null) return undefined;
  const [, message, type, status] = match as unknown as [string, string, string, string];
  return {
    value: { status: Number(status), headers: {}, body: { error: { type, message } } },
    form: `the printed form of an AirtableError: HTTP ${status} (${type})`,
  };
}

const URQL_GRAPHQL = /^\[GraphQL\] /;

/** urql's `CombinedError` message of GraphQL errors, as the error carries them. */
function printedUrqlError(text: string): ShapedError | undefined {
  if (!URQL_GRAPHQL.test(text)) return undefined;
  const messages = text.split('\n').map((line) => line.replace(URQL_GRAPHQL, ''));
  const value = Object.assign(new Error(text), {
    name: 'CombinedError',
    graphQLErrors: messages.map((message) => ({ message })),
  });
  return {
    value,
    form: `the message of urql's CombinedError (${messages.length} GraphQL error(s))`,
  };
}

// Apollo's `CombinedGraphQLErrors` is left to the message's words: its messages are the
// server's, often an HTTP reason phrase (`Forbidden`) standing for the code in `extensions`.
const APOLLO_ERRORS = /^(CombinedProtocolErrors): ([\s\S]+)$/;

/**
 * Apollo Client 4's `CombinedProtocolErrors` (a multipart subscription's transport errors), whose
 * message is its errors' messages, one a line (`defaultFormatMessage`), read as the errors.
 */
function printedApolloErrors(text: string): ShapedError | undefined {
  const match = APOLLO_ERRORS.exec(text);
  if (match === null) return undefined;
  const [, name, message] = match as unknown as [string, string, string];
  const messages = message.split('\n');
  return {
    value: Object.assign(new Error(message), {
      name,
      errors: messages.map((line) => ({ message: line })),
    }),
    form: `the printed form of Apollo Client's ${name} (${messages.length} error(s))`,
  };
}

/** The value a printed form of one of these shapes stands for, or `undefined`. */
export function readPrintedShape(text: string): ShapedError | undefined {
  return (
    printedSqlNumbers(text) ??
    printedPostgresJsError(text) ??
    printedClickHouseError(text) ??
    printedLibsqlError(text) ??
    printedElasticsearchError(text) ??
    printedApiException(text) ??
    printedAxiosMessage(text) ??
    printedAirtableError(text) ??
    printedUrqlError(text) ??
    printedApolloErrors(text)
  );
}

function isPlainRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `@elastic/transport`'s errors keep the response in `meta` and read their `statusCode`,
 * `headers` and `body` through getters, which a log does not print: put them back from the
 * logged `meta`, as the instance answers them.
 */
export function withTransportMeta(error: Error): void {
  const e = error as Error & { meta?: unknown; statusCode?: unknown };
  const meta = e.meta as { statusCode?: unknown; headers?: unknown; body?: unknown } | undefined;
  if (typeof meta !== 'object' || meta === null || e.statusCode !== undefined) return;
  if (typeof meta.statusCode !== 'number') return;
  // The body's `error` is nested past the printed depth (`error: [Object]`): its type and causes
  // are the message's lines, as `ResponseError` prints them.
  const body = meta.body as Record<string, unknown> | undefined;
  const printed =
    typeof body === 'object' && body !== null && !isPlainRecord(body.error)
      ? printedElasticsearchError(`ResponseError: ${error.message}`)
      : undefined;
  const printedError = (printed?.value as { meta?: { body?: { error?: unknown } } } | undefined)
    ?.meta?.body?.error;
  Object.assign(e, {
    statusCode: meta.statusCode,
    ...(typeof meta.headers === 'object' ? { headers: meta.headers } : {}),
    ...(meta.body === undefined
      ? {}
      : { body: printedError === undefined ? body : { ...body, error: printedError } }),
  });
}

/**
 * Wreck's Boom keeps the upstream's response on `data.res` and its headers on `data.headers`
 * (`_shortcut` of `@hapi/wreck`); a log prints the response without its headers (a getter over
 * a symbol) but prints `data.headers`: put them back on the response, as the instance answers.
 */
export function withWreckHeaders(error: Error): void {
  const data = (error as Error & { data?: unknown }).data as
    { res?: { statusCode?: unknown; headers?: unknown }; headers?: unknown } | undefined;
  const res = data?.res;
  if (typeof res !== 'object' || res === null || typeof res.statusCode !== 'number') return;
  if (res.headers !== undefined || typeof data!.headers !== 'object') return;
  res.headers = data!.headers;
}

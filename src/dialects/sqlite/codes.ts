import type { DatabaseMeaning } from '../database/meaning.js';
import { meaning as m } from '../database/meaning.js';

const BUSY = m('unavailable', 'DB_BUSY', true);
const DENIED = m('permission', 'DB_PERMISSION_DENIED');
const INVALID = m('validation', 'DB_INVALID_STATEMENT');
const STOPPED = m('cancelled', 'DB_QUERY_CANCELED');

/**
 * SQLite's result codes (sqlite.org/rescode.html), primary and the extended ones that say more
 * (`SQLITE_CONSTRAINT_UNIQUE`); an extended code no row names reads as its primary code
 * (`SQLITE_BUSY_SNAPSHOT` as `SQLITE_BUSY`), a code of neither (INTERNAL, IOERR, CORRUPT,
 * CANTOPEN, MISUSE, NOTADB: the file or the library) as SQLite's own fault. Retryable rows re-run the whole transaction: a busy
 * or locked database rolls back the statement, and a changed schema the prepared statements.
 */
export const SQLITE_CODES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    SQLITE_PERM: DENIED,
    SQLITE_ABORT: STOPPED,
    SQLITE_BUSY: BUSY,
    SQLITE_LOCKED: BUSY,
    SQLITE_NOMEM: m('unavailable', 'DB_OUT_OF_MEMORY', true),
    SQLITE_READONLY: m('permission', 'DB_READ_ONLY'),
    SQLITE_INTERRUPT: STOPPED,
    SQLITE_FULL: m('quota', 'DB_DISK_FULL'),
    SQLITE_PROTOCOL: m('protocol', 'DB_PROTOCOL_ERROR'),
    SQLITE_SCHEMA: m('conflict', 'DB_WRITE_CONFLICT', true),
    SQLITE_TOOBIG: m('validation', 'DB_PROGRAM_LIMIT'),
    SQLITE_CONSTRAINT: m('conflict', 'DB_CONSTRAINT_VIOLATION'),
    SQLITE_CONSTRAINT_UNIQUE: m('conflict', 'DB_UNIQUE_VIOLATION'),
    SQLITE_CONSTRAINT_PRIMARYKEY: m('conflict', 'DB_UNIQUE_VIOLATION'),
    SQLITE_CONSTRAINT_FOREIGNKEY: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'),
    SQLITE_CONSTRAINT_NOTNULL: m('validation', 'DB_NOT_NULL_VIOLATION'),
    SQLITE_CONSTRAINT_CHECK: m('validation', 'DB_CHECK_VIOLATION'),
    SQLITE_CONSTRAINT_TRIGGER: INVALID,
    SQLITE_CONSTRAINT_DATATYPE: m('validation', 'DB_WRONG_TYPE'),
    SQLITE_MISMATCH: m('validation', 'DB_WRONG_TYPE'),
    SQLITE_AUTH: DENIED,
    SQLITE_RANGE: INVALID,
  }),
);

/**
 * libSQL's own codes, on a `LibsqlError`: the server's (libsql-server `hrana` statement and
 * stream errors; BLOCKED is a database whose writes the plan blocks, docs.turso.tech "Usage
 * and billing") and the client's (`@libsql/client` over Hrana). SERVER_ERROR is none of them:
 * its cause holds the HTTP status, which decides.
 */
export const LIBSQL_CODES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    SQL_PARSE_ERROR: m('validation', 'DB_SYNTAX_ERROR'),
    RESPONSE_TOO_LARGE: m('validation', 'DB_PROGRAM_LIMIT'),
    TRANSACTION_TIMEOUT: m('timeout', 'DB_IDLE_TIMEOUT', true),
    TRANSACTION_BUSY: BUSY,
    STREAM_EXPIRED: m('unavailable', 'DB_CONNECTION_LOST', true),
    BLOCKED: m('quota', 'DB_QUOTA_EXCEEDED'),
    HRANA_PROTO_ERROR: m('protocol', 'DB_PROTOCOL_ERROR'),
    PROTOCOL_VERSION_ERROR: m('protocol', 'DB_PROTOCOL_ERROR'),
    HRANA_CLOSED_ERROR: m('unavailable', 'DB_CONNECTION_LOST', true),
    HRANA_WEBSOCKET_ERROR: m('unavailable', 'DB_CONNECTION_LOST', true),
    TRANSACTION_CLOSED: m('validation', 'DB_INVALID_TRANSACTION_STATE'),
    URL_INVALID: INVALID,
  }),
);

/** `SQLITE_ERROR`, the generic code: its message names what is missing or wrong. */
function genericError(message: string): DatabaseMeaning {
  return /no such table|no such view/.test(message)
    ? m('not_found', 'DB_UNDEFINED_TABLE')
    : /no such column/.test(message)
      ? m('not_found', 'DB_UNDEFINED_COLUMN')
      : /no such function/.test(message)
        ? m('not_found', 'DB_UNDEFINED_FUNCTION')
        : /already exists/.test(message)
          ? m('conflict', 'DB_ALREADY_EXISTS')
          : /syntax error|incomplete input/.test(message)
            ? m('validation', 'DB_SYNTAX_ERROR')
            : INVALID;
}

/** The row of a `SQLITE_*` code (its primary code's when the extended one has none). */
export function sqliteMeaning(code: string, message: string): DatabaseMeaning {
  const primary = code.split('_', 2).join('_');
  if (primary === 'SQLITE_ERROR') return genericError(message);
  return SQLITE_CODES.get(code) ?? SQLITE_CODES.get(primary) ?? m('internal', 'DB_INTERNAL_ERROR');
}

/** A `LibsqlError`'s own code: a statement or its arguments the server refused, else the row. */
export function libsqlMeaning(code: string): DatabaseMeaning | undefined {
  return LIBSQL_CODES.get(code) ?? (/^(SQL|ARGS)_/.test(code) ? INVALID : undefined);
}

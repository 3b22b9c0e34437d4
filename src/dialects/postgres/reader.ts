import type { Reader } from '../../core/reader.js';
import { VIEW_MEMBERS } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, meaning as m, text } from '../database/meaning.js';
import { isSqlState, sqlStateMeaning } from '../database/sqlstate.js';

/**
 * PostgreSQL's errors as its Node clients raise them: `pg`'s `DatabaseError` (and postgres.js's
 * `PostgresError`, and either one logged as JSON) carries the server's ErrorResponse fields —
 * `code` (the SQLSTATE), `severity`, `constraint`, `table`, `column`, `routine`, … — read by the
 * SQLSTATE table of the database base (Appendix A of the PostgreSQL documentation). The
 * client's own errors, which carry no code, are in {@link postgresClientReader}.
 *
 * `details.database` keeps the SQLSTATE and the names of the objects involved (`constraint`,
 * `table`, `column`, `schema`, `dataType`, `routine`, `severity`), never `detail`, `where` or
 * `internalQuery`, which quote row values and statements.
 */
export const postgresReader: Reader = {
  name: 'PostgreSQL error',
  requires: ['code'],
  recognise(view) {
    const code = view.code;
    if (!isSqlState(code)) return undefined;
    const e = view.input;
    // pg and postgres.js always send the severity (`ERROR`, `FATAL`, `PANIC`); postgres.js names
    // its class. A bare five-character code is anyone's.
    if (typeof e.severity !== 'string' && view.name !== 'PostgresError') return undefined;
    const message = typeof view.message === 'string' ? view.message : '';
    const row = sqlStateMeaning(code, message) ?? m('internal', 'DB_ERROR');
    return databaseError(e, row, 'postgresql', {
      code,
      severity: text(e.severity),
      constraint: text(e.constraint ?? e.constraint_name),
      table: text(e.table ?? e.table_name),
      column: text(e.column ?? e.column_name),
      schema: text(e.schema ?? e.schema_name),
      dataType: text(e.dataType ?? e.data_type_name),
      routine: text(e.routine),
    });
  },
};

/**
 * The errors `pg` and `pg-pool` raise themselves, with no SQLSTATE: a plain `Error` whose message
 * is fixed in their source (pg `lib/client.js`, `lib/query.js`; pg-pool `index.js`). A refused or
 * reset connection is a Node system error (`ECONNREFUSED`), read by its code elsewhere.
 */
export const PG_CLIENT_MESSAGES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // The server or the network closed the connection under a query: the transaction is gone.
    'Connection terminated unexpectedly': m('unavailable', 'DB_CONNECTION_LOST', true),
    // The client was ended while a query waited.
    'Connection terminated': m('cancelled', 'DB_CLIENT_CLOSED'),
    'Connection terminated due to connection timeout': m('timeout', 'DB_CONNECTION_ERROR', true),
    // `connectionTimeoutMillis` passed before the server answered the startup.
    'timeout expired': m('timeout', 'DB_CONNECTION_ERROR', true),
    // pg-pool: every client busy for `connectionTimeoutMillis`.
    'timeout exceeded when trying to connect': m('timeout', 'DB_POOL_TIMEOUT', true),
    // pg's `query_timeout`, measured by the client.
    'Query read timeout': m('timeout', 'DB_STATEMENT_TIMEOUT', true),
    'Client was closed and is not queryable': m('protocol', 'DB_CLIENT_CLOSED'),
    'Client has encountered a connection error and is not queryable': m(
      'unavailable',
      'DB_CONNECTION_LOST',
      true,
    ),
    'Cannot use a pool after calling end on the pool': m('protocol', 'DB_POOL_CLOSED'),
    'Called end on pool more than once': m('protocol', 'DB_POOL_CLOSED'),
  }),
);

/** `pg`'s and `pg-pool`'s own errors, by their exact message ({@link PG_CLIENT_MESSAGES}). */
export const postgresClientReader: Reader = {
  name: 'pg client error',
  requires: ['message'],
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || view.present & VIEW_MEMBERS.code) return undefined;
    const row = typeof view.message === 'string' ? PG_CLIENT_MESSAGES.get(view.message) : undefined;
    return row && databaseError(view.input, row, 'postgresql', { client: 'pg' });
  },
};

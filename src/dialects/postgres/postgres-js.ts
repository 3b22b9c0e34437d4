import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, meaning as m } from '../database/meaning.js';
import { isSqlState, sqlStateMeaning } from '../database/sqlstate.js';

/**
 * The codes postgres.js gives the errors it raises itself (its `src/errors.js`: `connection()`
 * with the code also as `errno`, `generic()` with `<code>: ` before the message; raised in
 * `src/connection.js`, `src/index.js`, `src/types.js`), and its README's "Errors" section.
 */
export const POSTGRES_JS_CODES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // The server or the network closed the connection (a restart, pg_terminate_backend): the
    // transaction is gone, a new connection runs it again.
    CONNECTION_CLOSED: m('unavailable', 'DB_CONNECTION_LOST', true),
    // `connect_timeout` passed before the server answered the startup.
    CONNECT_TIMEOUT: m('timeout', 'DB_CONNECTION_ERROR', true),
    // The caller ended the client (`sql.end()`) and then queried it.
    CONNECTION_ENDED: m('protocol', 'DB_CLIENT_CLOSED'),
    // The caller destroyed the client (`sql.end({ timeout })` ran out) under a query.
    CONNECTION_DESTROYED: m('cancelled', 'DB_CLIENT_CLOSED'),
    // The query as written cannot be sent: the same call fails the same way.
    MAX_PARAMETERS_EXCEEDED: m('validation', 'DB_PROGRAM_LIMIT'),
    UNDEFINED_VALUE: m('validation', 'DB_INVALID_STATEMENT'),
    NOT_TAGGED_CALL: m('validation', 'DB_INVALID_STATEMENT'),
    UNSAFE_TRANSACTION: m('validation', 'DB_INVALID_STATEMENT'),
    COPY_IN_PROGRESS: m('protocol', 'DB_PROTOCOL_ERROR'),
    MESSAGE_NOT_SUPPORTED: m('protocol', 'DB_PROTOCOL_ERROR'),
    // The server's SCRAM signature is not the one the password gives.
    SASL_SIGNATURE_MISMATCH: m('auth', 'DB_AUTH_FAILED'),
  }),
);

/**
 * postgres.js's own errors: a plain `Error` whose string `code` is also its `errno` (a connection
 * error) or starts its message (`57014: canceling statement due to user request`, a query
 * cancelled before it was sent). Read by {@link POSTGRES_JS_CODES}, or a SQLSTATE by its table.
 */
export const postgresJsReader: Reader = {
  name: 'postgres.js client error',
  requires: ['code', 'message'],
  instancesOnly: true,
  recognise(view) {
    const code = view.code;
    if (typeof code !== 'string' || typeof view.message !== 'string') return undefined;
    const e = view.input;
    if (e.errno !== code && !view.message.startsWith(`${code}: `)) return undefined;
    // A SQLSTATE only from `generic()`, which sets no `errno` (Node's `EPERM: …` sets one).
    const row =
      isSqlState(code) && e.errno === undefined
        ? sqlStateMeaning(code)
        : POSTGRES_JS_CODES.get(code);
    return row && databaseError(e, row, 'postgresql', { code, client: 'postgres.js' });
  },
};

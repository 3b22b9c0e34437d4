import type { DatabaseMeaning } from '../database/meaning.js';
import { meaning as m } from '../database/meaning.js';

export { MYSQL_ERRNOS } from '../database/mysql-errnos.js';

/**
 * MySQL's `ER_OPTION_PREVENTS_STATEMENT` (1290) names the option that refused the statement:
 * only `--read-only` / `--super-read-only` (a replica, or a primary being failed over) is worth
 * retrying on a new connection; `--secure-file-priv` and the rest are the statement's fault.
 */
export function optionPreventsStatement(message: string): DatabaseMeaning {
  return /read[-_]only/i.test(message)
    ? m('unavailable', 'DB_READ_ONLY', true)
    : m('validation', 'DB_INVALID_STATEMENT');
}

/**
 * `ER_USER_LIMIT_REACHED` (1226) names the account resource that refused: `max_user_connections`
 * counts open connections (one closing lets the next in, as with 1040), the hourly ones
 * (`max_queries_per_hour`, `max_updates_per_hour`, `max_connections_per_hour`) wait for the hour
 * to pass, a quota.
 */
export function accountLimitReached(message: string): DatabaseMeaning {
  return message.includes("'max_user_connections'")
    ? m('unavailable', 'DB_TOO_MANY_CONNECTIONS', true)
    : m('quota', 'DB_QUOTA_EXCEEDED');
}

/**
 * The string codes mysql2 gives the errors it raises itself (its `lib/base/connection.js` and
 * `lib/base/pool.js`), with no server number.
 */
export const MYSQL2_CLIENT_CODES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // The server closed the connection (a restart, `wait_timeout`, a kill): the transaction is gone.
    PROTOCOL_CONNECTION_LOST: m('unavailable', 'DB_CONNECTION_LOST', true),
    PROTOCOL_SEQUENCE_TIMEOUT: m('timeout', 'DB_STATEMENT_TIMEOUT', true),
    PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR: m('unavailable', 'DB_CONNECTION_LOST', true),
    PROTOCOL_ENQUEUE_AFTER_QUIT: m('protocol', 'DB_CLIENT_CLOSED'),
    PROTOCOL_ENQUEUE_HANDSHAKE_TWICE: m('protocol', 'DB_PROTOCOL_ERROR'),
    PROTOCOL_PACKETS_OUT_OF_ORDER: m('protocol', 'DB_PROTOCOL_ERROR'),
    PROTOCOL_UNEXPECTED_PACKET: m('protocol', 'DB_PROTOCOL_ERROR'),
    PROTOCOL_ERROR: m('protocol', 'DB_PROTOCOL_ERROR'),
    HANDSHAKE_NO_SSL_SUPPORT: m('protocol', 'DB_PROTOCOL_ERROR'),
    HANDSHAKE_SSL_ERROR: m('unavailable', 'DB_CONNECTION_ERROR'),
    HANDSHAKE_UNKNOWN_ERROR: m('unavailable', 'DB_CONNECTION_ERROR'),
    POOL_NOEXIST: m('protocol', 'DB_POOL_CLOSED'),
    POOL_NONEONLINE: m('unavailable', 'DB_CONNECTION_ERROR', true),
  }),
);

/** mysql2's pool errors, which carry neither a code nor a number: by their fixed message. */
export const MYSQL2_CLIENT_MESSAGES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    'Pool is closed.': m('protocol', 'DB_POOL_CLOSED'),
    // `waitForConnections: false` and every connection busy.
    'No connections available.': m('unavailable', 'DB_POOL_TIMEOUT', true),
    'Queue limit reached.': m('unavailable', 'DB_POOL_TIMEOUT', true),
    // A connection already closed, by its server (`wait_timeout`, a restart: the common case, a
    // stale connection a pool handed out) or by `end()`: a new connection runs it again.
    // `execute()` given `undefined` for a parameter (mysql2 `lib/commands/execute.js`).
    'Bind parameters must not contain undefined. To pass SQL NULL specify JS null': m(
      'validation',
      'DB_INVALID_STATEMENT',
    ),
    "Can't add new command when connection is in closed state": m(
      'unavailable',
      'DB_CONNECTION_LOST',
      true,
    ),
  }),
);

import type { Reader } from '../../core/reader.js';
import { VIEW_MEMBERS } from '../../core/reader.js';
import { databaseError, meaning as m, text } from '../database/meaning.js';
import { isSqlState, sqlStateMeaning } from '../database/sqlstate.js';
import {
  MYSQL2_CLIENT_CODES,
  MYSQL2_CLIENT_MESSAGES,
  MYSQL_ERRNOS,
  accountLimitReached,
  optionPreventsStatement,
} from './errors.js';
import { MARIADB_CONNECTOR_ERRNOS } from './mariadb-connector.js';

/**
 * MySQL and MariaDB errors as `mysql2` (and `mysql`, whose fields it copies) and the MariaDB
 * Connector/Node (`SqlError`: the same members, its own numbers 45001–45065) raise them: a
 * server error has `errno` (the server's number), `code` (its `ER_…` name), `sqlState` and
 * `sqlMessage`; the client's own have a `PROTOCOL_…` / `HANDSHAKE_…` code and `fatal`. Read by
 * the number's row ({@link MYSQL_ERRNOS}), else the SQLSTATE's class (the database base), else
 * the client code's ({@link MYSQL2_CLIENT_CODES}). A Node system error (`ECONNREFUSED`) that
 * mysql2 passes on is read by its code elsewhere.
 */
export const mysqlReader: Reader = {
  name: 'MySQL error',
  // Not `code`: mysql2 names only the numbers it knows (`ER_…`), and a newer server's number,
  // MariaDB's own (1927, 1969) or a client number (2013) comes with no code at all.
  requires: ['message'],
  recognise(view) {
    const code = view.code;
    // Plain data (a logged mysql2 error) keeps its `ER_…` code: anything else off the wire leaves
    // before a member outside the view is read.
    if (!view.instance && typeof code !== 'string') return undefined;
    const e = view.input;
    const errno = e.errno;
    // A negative `errno` is a Node system error the connector passed on (ECONNREFUSED: -111),
    // read by its code elsewhere.
    if (typeof errno === 'number' && errno > 0) {
      const sqlState = e.sqlState;
      if (typeof sqlState !== 'string') return undefined;
      const message = typeof view.message === 'string' ? view.message : '';
      const row =
        (errno === 1290
          ? optionPreventsStatement(message)
          : errno === 1226
            ? accountLimitReached(message)
            : (MYSQL_ERRNOS[errno] ?? MARIADB_CONNECTOR_ERRNOS[errno])) ??
        (isSqlState(sqlState) ? sqlStateMeaning(sqlState) : undefined) ??
        m('internal', 'DB_ERROR');
      return databaseError(e, row, 'mysql', {
        code: errno,
        name: text(code),
        sqlState: text(sqlState),
      });
    }
    if (typeof code !== 'string') return undefined;
    const client = typeof e.fatal === 'boolean' ? MYSQL2_CLIENT_CODES.get(code) : undefined;
    return client && databaseError(e, client, 'mysql', { name: code, fatal: e.fatal });
  },
};

/** mysql2's pool errors, which carry no code: by their fixed message. */
export const mysqlClientReader: Reader = {
  name: 'mysql2 client error',
  requires: ['message'],
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || view.present & VIEW_MEMBERS.code) return undefined;
    const row =
      typeof view.message === 'string' ? MYSQL2_CLIENT_MESSAGES.get(view.message) : undefined;
    return row && databaseError(view.input, row, 'mysql', { client: 'mysql2' });
  },
};

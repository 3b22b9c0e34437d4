import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, meaning as m } from '../database/meaning.js';
import { MYSQL_ERRNOS } from '../database/mysql-errnos.js';
import { isSqlState, sqlStateMeaning } from '../database/sqlstate.js';
import { optionPreventsStatement } from './errors.js';

/** Vitess's printed MySQL error: `… (errno 1062) (sqlstate 23000) …`. */
const VITESS = /\(errno (\d+)\) \(sqlstate ([0-9A-Z]{5})\)/;
/** The gRPC code Vitess printed before the MySQL text (`rpc error: code = Aborted desc = …`). */
const RPC_CODE = /code = (\w+) desc/;

/**
 * Vitess's codes (vtrpc `Code`, vitess.io/docs/reference/errors/query-serving), for a number
 * that is MySQL's catch-all 1105 or Vitess's own: `aborted` is a transaction Vitess ended
 * (killed past its timeout, a failover), to run again whole.
 */
const VTRPC: Readonly<Record<string, DatabaseMeaning>> = {
  aborted: m('conflict', 'DB_TRANSACTION_ROLLBACK', true),
  unavailable: m('unavailable', 'DB_CONNECTION_ERROR', true),
  resourceexhausted: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true),
  deadlineexceeded: m('timeout', 'DB_STATEMENT_TIMEOUT', true),
  canceled: m('cancelled', 'DB_QUERY_CANCELED'),
  clusterevent: m('unavailable', 'DB_NOT_PRIMARY', true),
  readonly: m('unavailable', 'DB_READ_ONLY', true),
};

/**
 * MySQL errors as Vitess (PlanetScale) prints them inside its own message: PlanetScale's
 * `DatabaseError` (`@planetscale/database`, whose `body.message` is Vitess's text), or any error
 * carrying that text. The number's row decides ({@link MYSQL_ERRNOS}); Vitess's own 10001 (the
 * row limit of one query) fails the same again; a catch-all number goes to Vitess's gRPC code,
 * then the SQLSTATE's class.
 */
export const vitessReader: Reader = {
  name: 'Vitess MySQL error',
  requires: ['message'],
  recognise(view) {
    const message = view.message;
    const printed = typeof message === 'string' ? VITESS.exec(message) : null;
    if (printed === null) return undefined;
    const errno = Number(printed[1]);
    const sqlState = printed[2]!;
    const rpc = RPC_CODE.exec(message as string)?.[1]?.toLowerCase();
    const row =
      (errno === 1290
        ? optionPreventsStatement(message as string)
        : errno === 10001
          ? m('validation', 'DB_PROGRAM_LIMIT')
          : errno === 1105
            ? undefined
            : MYSQL_ERRNOS[errno]) ??
      (rpc === undefined ? undefined : VTRPC[rpc]) ??
      (isSqlState(sqlState) ? sqlStateMeaning(sqlState) : undefined) ??
      m('internal', 'DB_ERROR');
    return databaseError(view.input, row, 'mysql', { code: errno, sqlState, vitess: rpc });
  },
};

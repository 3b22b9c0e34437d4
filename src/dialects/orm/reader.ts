import { asRecord } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, meaning as m } from '../database/meaning.js';

/**
 * The errors ORMs and query builders raise on their own, with no database error under them, by
 * class name. Where one wraps the driver's error (Sequelize's `DatabaseError` and
 * `ConnectionError` families on `.parent`, drizzle-orm's `DrizzleQueryError` on `.cause`), the
 * database's own code decides instead, read through the wrapper (the wrapped-error rule); knex
 * rethrows the driver's error itself.
 *
 * Sources: Sequelize 6 API reference, "errors" (`EmptyResultError`, `OptimisticLockError`,
 * `ValidationError`, `ConnectionAcquireTimeoutError`, `ConnectionTimedOutError`,
 * `ConnectionRefusedError`, `TimeoutError`); knex 3 source `lib/util/timeout.js` and
 * `lib/client.js` (`KnexTimeoutError`: a pool that gave no connection in
 * `acquireConnectionTimeout`, or a query past its `.timeout(ms)`). Retryable rows mean "re-run
 * the whole transaction": a stale instance is read again and changed again.
 */
export const ORM_ERRORS: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // The caller's values break the model's declared validation: no query was sent.
    SequelizeValidationError: m('validation', 'DB_CONSTRAINT_VIOLATION'),
    // `rejectOnEmpty`: the row asked for is not there.
    SequelizeEmptyResultError: m('not_found', 'DB_NO_DATA'),
    // A versioned row changed since this instance read it.
    SequelizeOptimisticLockError: m('conflict', 'DB_WRITE_CONFLICT', true),
    // Every pooled connection busy for `pool.acquire` ms.
    SequelizeConnectionAcquireTimeoutError: m('timeout', 'DB_POOL_TIMEOUT', true),
    SequelizeConnectionTimedOutError: m('timeout', 'DB_CONNECTION_ERROR', true),
    SequelizeConnectionRefusedError: m('unavailable', 'DB_CONNECTION_ERROR', true),
    // SQLite's SQLITE_BUSY: the database file is locked by another writer.
    SequelizeTimeoutError: m('timeout', 'DB_LOCK_TIMEOUT', true),
    KnexTimeoutError: m('timeout', 'DB_STATEMENT_TIMEOUT', true),
  }),
);

/**
 * Kysely's own errors, plain `Error`s by their fixed message (kysely 0.28 `kysely.js`,
 * `driver/runtime-driver.js`, `query-builder/no-result-error.js`: `NoResultError` sets no name).
 */
export const KYSELY_MESSAGES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // `executeTakeFirstOrThrow()`: the row asked for is not there.
    'no result': m('not_found', 'DB_NO_DATA'),
    // A controlled transaction used after its end, a Kysely after `destroy()`.
    'Transaction is already committed': m('protocol', 'DB_INVALID_TRANSACTION_STATE'),
    'Transaction is already rolled back': m('protocol', 'DB_INVALID_TRANSACTION_STATE'),
    'driver has already been destroyed': m('protocol', 'DB_CLIENT_CLOSED'),
  }),
);

/** knex's `KnexTimeoutError` when the pool, not a query, ran out of time. */
const KNEX_POOL_TIMEOUT = m('timeout', 'DB_POOL_TIMEOUT', true);

/**
 * ORMs' and query builders' own errors ({@link ORM_ERRORS}), instances by their class name;
 * Kysely's by their message ({@link KYSELY_MESSAGES}).
 */
export const ormReader: Reader = {
  name: 'ORM error',
  requires: ['name'],
  instancesOnly: true,
  recognise(view) {
    // Plain data never reaches it (`instancesOnly`); a name that is no string finds no row.
    const name = view.name as string;
    const message = String(view.message);
    // Kysely's `NoResultError` carries the query's operation node (`{ kind: 'SelectQueryNode' }`).
    const kysely =
      name === 'Error' &&
      (message !== 'no result' || typeof asRecord(view.input.node)?.kind === 'string')
        ? KYSELY_MESSAGES.get(message)
        : undefined;
    const row = kysely ?? ORM_ERRORS.get(name);
    if (row === undefined) return undefined;
    const pool = message.startsWith('Knex: Timeout acquiring');
    return databaseError(view.input, pool ? KNEX_POOL_TIMEOUT : row, 'orm', { class: name });
  },
};

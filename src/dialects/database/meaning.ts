import { decodedError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';

/**
 * The stable codes database errors decode to, one per condition whatever the database said it
 * with: PostgreSQL's `40P01`, MySQL's 1213 `ER_LOCK_DEADLOCK` are both `DB_DEADLOCK`; a unique
 * violation is `DB_UNIQUE_VIOLATION` from PostgreSQL's `23505`, MySQL's 1062, MongoDB's 11000
 * and Prisma's `P2002`. The database's own code stays in `details.database.code`.
 */
export type DatabaseErrorCode =
  // conflicts of the whole transaction: re-run it
  | 'DB_DEADLOCK'
  | 'DB_SERIALIZATION_FAILURE'
  | 'DB_WRITE_CONFLICT'
  | 'DB_TRANSACTION_ROLLBACK'
  | 'DB_SNAPSHOT_TOO_OLD'
  // locks and time
  | 'DB_LOCK_TIMEOUT'
  | 'DB_STATEMENT_TIMEOUT'
  | 'DB_IDLE_TIMEOUT'
  | 'DB_QUERY_CANCELED'
  // integrity
  | 'DB_UNIQUE_VIOLATION'
  | 'DB_FOREIGN_KEY_VIOLATION'
  | 'DB_NOT_NULL_VIOLATION'
  | 'DB_CHECK_VIOLATION'
  | 'DB_EXCLUSION_VIOLATION'
  | 'DB_CONSTRAINT_VIOLATION'
  // the statement itself
  | 'DB_SYNTAX_ERROR'
  | 'DB_DATA_EXCEPTION'
  | 'DB_DIVISION_BY_ZERO'
  | 'DB_VALUE_TOO_LONG'
  | 'DB_INVALID_STATEMENT'
  | 'DB_FEATURE_NOT_SUPPORTED'
  | 'DB_PROGRAM_LIMIT'
  | 'DB_WRONG_TYPE'
  | 'DB_INVALID_TRANSACTION_STATE'
  // what is (not) there
  | 'DB_UNDEFINED_TABLE'
  | 'DB_UNDEFINED_COLUMN'
  | 'DB_UNDEFINED_FUNCTION'
  | 'DB_UNDEFINED_OBJECT'
  | 'DB_UNKNOWN_DATABASE'
  | 'DB_NO_DATA'
  | 'DB_ALREADY_EXISTS'
  | 'DB_OBJECT_IN_USE'
  // who you are, what you may do
  | 'DB_AUTH_FAILED'
  | 'DB_PERMISSION_DENIED'
  // the server and the connection
  | 'DB_TOO_MANY_CONNECTIONS'
  | 'DB_QUOTA_EXCEEDED'
  | 'DB_INSUFFICIENT_RESOURCES'
  | 'DB_OUT_OF_MEMORY'
  | 'DB_DISK_FULL'
  | 'DB_CONNECTION_ERROR'
  | 'DB_CONNECTION_LOST'
  | 'DB_POOL_TIMEOUT'
  | 'DB_POOL_CLOSED'
  | 'DB_SHUTDOWN'
  | 'DB_STARTING_UP'
  | 'DB_READ_ONLY'
  | 'DB_NOT_PRIMARY'
  | 'DB_REDIRECT'
  | 'DB_BUSY'
  | 'DB_CLUSTER_DOWN'
  | 'DB_COMMIT_UNKNOWN'
  | 'DB_PROTOCOL_ERROR'
  | 'DB_CLIENT_CLOSED'
  | 'DB_SCRIPT_NOT_FOUND'
  | 'DB_INTERNAL_ERROR'
  | 'DB_ERROR';

/**
 * What a retryable database error asks to be run again. `transaction`: the database rolled back
 * (or may have rolled back) the whole transaction, so every statement since `BEGIN` runs again,
 * from the first read (a deadlock, a serialization failure, MongoDB's
 * `TransientTransactionError`, a lost connection mid-transaction). `commit`: only the commit
 * (MongoDB's `UnknownTransactionCommitResult`; the commit is idempotent there). `operation`: the
 * one command or statement, outside a transaction (a Redis command, a MongoDB retryable write).
 */
export type DatabaseRetryScope = 'transaction' | 'commit' | 'operation';

/** One row of a database's table: what its error means to a careful client. */
export interface DatabaseMeaning {
  readonly category: ErrorCategory;
  readonly code: DatabaseErrorCode;
  readonly retryable: boolean;
}

/** A table row, written on one line. */
export function meaning(
  category: ErrorCategory,
  code: DatabaseErrorCode,
  retryable = false,
): DatabaseMeaning {
  return { category, code, retryable };
}

/**
 * The database system an error came from, as `details.database.system` names it; `orm` for an
 * ORM's or query builder's own error, which no database raised.
 */
export type DatabaseSystem =
  | 'postgresql'
  | 'mysql'
  | 'mongodb'
  | 'prisma'
  | 'redis'
  | 'neo4j'
  | 'orm'
  | 'sqlite'
  | 'clickhouse';

/**
 * The {@link AgentError} for a database error `error` (an instance, or the plain data a log or a
 * server reply holds) whose row is `row`. `facts` are what the
 * database said about itself (its own code, the constraint, the table), kept in
 * `details.database`; never the row values a message or `detail` may quote. A retryable error
 * says in `details.retryScope` what to run again ({@link DatabaseRetryScope}). Marked unexpected:
 * a driver's error is never meant for our caller's peer.
 */
export function databaseError(
  error: { readonly message?: unknown },
  row: DatabaseMeaning,
  system: DatabaseSystem,
  facts: Record<string, unknown>,
  scope: DatabaseRetryScope = 'transaction',
): AgentError {
  const database: Record<string, unknown> = { system };
  for (const key of Object.keys(facts)) if (facts[key] !== undefined) database[key] = facts[key];
  const details: Record<string, unknown> = { database };
  if (row.retryable) details.retryScope = scope;
  return decodedError({
    message: typeof error.message === 'string' ? error.message : row.code,
    category: row.category,
    code: row.code,
    retryable: row.retryable,
    retryAfterMs: undefined,
    details,
    wire: undefined,
    cause: error,
    unexpected: true,
  });
}

/** `value` when it is a non-empty string, else `undefined`. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

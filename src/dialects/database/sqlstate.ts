import type { DatabaseMeaning } from './meaning.js';
import { meaning as m } from './meaning.js';

/**
 * SQLSTATE, the five-character error code of the SQL standard that PostgreSQL sends as its error
 * `code` and MySQL / MariaDB as `sqlState`: two characters of class, three of subclass.
 *
 * Source: PostgreSQL documentation, Appendix A "PostgreSQL Error Codes" (every class, 00 to XX,
 * and the conditions below), and the ODBC subclasses `42S01`–`42S22` MySQL sends for missing or
 * duplicate tables and columns (MySQL Reference Manual, "Server Error Message Reference").
 *
 * A class says most of it; the named conditions below are the ones whose meaning differs from
 * their class's. Retryable rows mean "re-run the whole transaction": the database has rolled it
 * back, or it never reached the server.
 */
export const SQLSTATE_CLASSES: Readonly<Record<string, DatabaseMeaning>> = {
  '00': m('internal', 'DB_ERROR'), // successful completion: not an error, nothing to act on
  '01': m('internal', 'DB_ERROR'), // warning
  '02': m('not_found', 'DB_NO_DATA'), // no data
  '03': m('validation', 'DB_INVALID_STATEMENT'), // SQL statement not yet complete
  '08': m('unavailable', 'DB_CONNECTION_ERROR', true), // connection exception
  '09': m('validation', 'DB_INVALID_STATEMENT'), // triggered action exception
  '0A': m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // feature not supported
  '0B': m('validation', 'DB_INVALID_TRANSACTION_STATE'), // invalid transaction initiation
  '0F': m('validation', 'DB_INVALID_STATEMENT'), // locator exception
  '0L': m('permission', 'DB_PERMISSION_DENIED'), // invalid grantor
  '0P': m('validation', 'DB_INVALID_STATEMENT'), // invalid role specification
  '0Z': m('validation', 'DB_INVALID_STATEMENT'), // diagnostics exception
  '20': m('validation', 'DB_INVALID_STATEMENT'), // case not found
  '21': m('validation', 'DB_DATA_EXCEPTION'), // cardinality violation
  '22': m('validation', 'DB_DATA_EXCEPTION'), // data exception
  '23': m('conflict', 'DB_CONSTRAINT_VIOLATION'), // integrity constraint violation
  '24': m('validation', 'DB_INVALID_STATEMENT'), // invalid cursor state
  '25': m('validation', 'DB_INVALID_TRANSACTION_STATE'), // invalid transaction state
  '26': m('validation', 'DB_INVALID_STATEMENT'), // invalid SQL statement name
  '27': m('validation', 'DB_INVALID_STATEMENT'), // triggered data change violation
  '28': m('auth', 'DB_AUTH_FAILED'), // invalid authorization specification
  '2B': m('conflict', 'DB_OBJECT_IN_USE'), // dependent privilege descriptors still exist
  '2D': m('validation', 'DB_INVALID_TRANSACTION_STATE'), // invalid transaction termination
  '2F': m('internal', 'DB_ERROR'), // SQL routine exception
  '34': m('validation', 'DB_INVALID_STATEMENT'), // invalid cursor name
  '38': m('internal', 'DB_ERROR'), // external routine exception
  '39': m('internal', 'DB_ERROR'), // external routine invocation exception
  '3B': m('validation', 'DB_INVALID_STATEMENT'), // savepoint exception
  '3D': m('not_found', 'DB_UNKNOWN_DATABASE'), // invalid catalog name
  '3F': m('not_found', 'DB_UNDEFINED_OBJECT'), // invalid schema name
  '40': m('conflict', 'DB_TRANSACTION_ROLLBACK', true), // transaction rollback
  '42': m('validation', 'DB_SYNTAX_ERROR'), // syntax error or access rule violation
  '44': m('validation', 'DB_CHECK_VIOLATION'), // WITH CHECK OPTION violation
  '53': m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true), // insufficient resources
  '54': m('validation', 'DB_PROGRAM_LIMIT'), // program limit exceeded
  '55': m('conflict', 'DB_OBJECT_IN_USE'), // object not in prerequisite state
  '57': m('unavailable', 'DB_SHUTDOWN', true), // operator intervention
  '58': m('internal', 'DB_INTERNAL_ERROR'), // system error (external to PostgreSQL)
  '70': m('cancelled', 'DB_QUERY_CANCELED'), // MySQL: query interrupted (70100)
  '72': m('conflict', 'DB_SNAPSHOT_TOO_OLD', true), // snapshot failure
  F0: m('internal', 'DB_INTERNAL_ERROR'), // configuration file error
  HV: m('internal', 'DB_ERROR'), // foreign data wrapper error
  P0: m('internal', 'DB_ERROR'), // PL/pgSQL error
  XX: m('internal', 'DB_INTERNAL_ERROR'), // internal error
};

/** The conditions whose meaning differs from their class's (Appendix A's names in comments). */
export const SQLSTATE_CONDITIONS: Readonly<Record<string, DatabaseMeaning>> = {
  '08P01': m('protocol', 'DB_PROTOCOL_ERROR'), // protocol_violation
  // invalid_grant_operation (a role granted to itself): the grant as written cannot be made.
  '0LP01': m('validation', 'DB_INVALID_STATEMENT'),
  '08007': m('unavailable', 'DB_COMMIT_UNKNOWN', true), // transaction_resolution_unknown
  '08004': m('unavailable', 'DB_CONNECTION_ERROR', true), // sqlserver_rejected_establishment_of_sqlconnection
  '22001': m('validation', 'DB_VALUE_TOO_LONG'), // string_data_right_truncation
  '22012': m('validation', 'DB_DIVISION_BY_ZERO'), // division_by_zero
  '23001': m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // restrict_violation
  '23502': m('validation', 'DB_NOT_NULL_VIOLATION'), // not_null_violation
  '23503': m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // foreign_key_violation
  '23505': m('conflict', 'DB_UNIQUE_VIOLATION'), // unique_violation
  '23514': m('validation', 'DB_CHECK_VIOLATION'), // check_violation
  '23P01': m('conflict', 'DB_EXCLUSION_VIOLATION'), // exclusion_violation
  // A write refused by a read-only transaction: on a standby after a failover, a new connection
  // reaches the primary.
  '25006': m('unavailable', 'DB_READ_ONLY', true), // read_only_sql_transaction
  '25P02': m('protocol', 'DB_INVALID_TRANSACTION_STATE'), // in_failed_sql_transaction
  '25P03': m('timeout', 'DB_IDLE_TIMEOUT', true), // idle_in_transaction_session_timeout
  '25P04': m('timeout', 'DB_STATEMENT_TIMEOUT', true), // transaction_timeout
  '28P01': m('auth', 'DB_AUTH_FAILED'), // invalid_password
  '40001': m('conflict', 'DB_SERIALIZATION_FAILURE', true), // serialization_failure
  '40002': m('conflict', 'DB_CONSTRAINT_VIOLATION'), // transaction_integrity_constraint_violation
  '40003': m('unavailable', 'DB_COMMIT_UNKNOWN', true), // statement_completion_unknown
  '40P01': m('conflict', 'DB_DEADLOCK', true), // deadlock_detected
  '42501': m('permission', 'DB_PERMISSION_DENIED'), // insufficient_privilege
  '42P01': m('not_found', 'DB_UNDEFINED_TABLE'), // undefined_table
  '42703': m('not_found', 'DB_UNDEFINED_COLUMN'), // undefined_column
  '42883': m('not_found', 'DB_UNDEFINED_FUNCTION'), // undefined_function
  '42704': m('not_found', 'DB_UNDEFINED_OBJECT'), // undefined_object
  '42P02': m('validation', 'DB_INVALID_STATEMENT'), // undefined_parameter
  '42P03': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_cursor
  '42P04': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_database
  '42P05': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_prepared_statement
  '42P06': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_schema
  '42P07': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_table
  '42701': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_column
  '42710': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_object
  '42712': m('validation', 'DB_INVALID_STATEMENT'), // duplicate_alias: one alias twice in a query
  '42723': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_function
  '42S01': m('conflict', 'DB_ALREADY_EXISTS'), // ODBC: base table or view already exists
  '42S02': m('not_found', 'DB_UNDEFINED_TABLE'), // ODBC: base table or view not found
  '42S11': m('conflict', 'DB_ALREADY_EXISTS'), // ODBC: index already exists
  '42S12': m('not_found', 'DB_UNDEFINED_OBJECT'), // ODBC: index not found
  '42S21': m('conflict', 'DB_ALREADY_EXISTS'), // ODBC: column already exists
  '42S22': m('not_found', 'DB_UNDEFINED_COLUMN'), // ODBC: column not found
  '53100': m('unavailable', 'DB_DISK_FULL', true), // disk_full
  '53200': m('unavailable', 'DB_OUT_OF_MEMORY', true), // out_of_memory
  '53300': m('unavailable', 'DB_TOO_MANY_CONNECTIONS', true), // too_many_connections
  '55006': m('conflict', 'DB_OBJECT_IN_USE', true), // object_in_use
  '55P02': m('validation', 'DB_INVALID_STATEMENT'), // cant_change_runtime_param (set at start)
  '55P03': m('timeout', 'DB_LOCK_TIMEOUT', true), // lock_not_available
  // query_canceled: a statement timeout or a cancel request; the message tells them apart.
  '57014': m('cancelled', 'DB_QUERY_CANCELED'),
  '57P01': m('unavailable', 'DB_SHUTDOWN', true), // admin_shutdown
  '57P02': m('unavailable', 'DB_SHUTDOWN', true), // crash_shutdown
  '57P03': m('unavailable', 'DB_STARTING_UP', true), // cannot_connect_now
  '57P04': m('not_found', 'DB_UNKNOWN_DATABASE'), // database_dropped
  '57P05': m('unavailable', 'DB_IDLE_TIMEOUT', true), // idle_session_timeout
  // Class 58 is the server's own fault, but for a file or object it was asked about, missing
  // or already there, the caller named it.
  '58P01': m('not_found', 'DB_UNDEFINED_OBJECT'), // undefined_file
  '58P02': m('conflict', 'DB_ALREADY_EXISTS'), // duplicate_file
  HV00N: m('unavailable', 'DB_CONNECTION_ERROR', true), // fdw_unable_to_establish_connection
  P0002: m('not_found', 'DB_NO_DATA'), // no_data_found
  P0003: m('validation', 'DB_DATA_EXCEPTION'), // too_many_rows
};

/** PostgreSQL's `57014` when a statement timeout (not a cancel request) ended the statement. */
const STATEMENT_TIMEOUT = m('timeout', 'DB_STATEMENT_TIMEOUT', true);

/** Five characters of digits and capitals: a SQLSTATE. */
export function isSqlState(value: unknown): value is string {
  return typeof value === 'string' && value.length === 5 && /^[0-9A-Z]{5}$/.test(value);
}

/**
 * The row for SQLSTATE `state`: its named condition, else its class, else `undefined` (a class
 * outside the standard's and PostgreSQL's table, such as MySQL's catch-all `HY000`).
 * `message` tells PostgreSQL's two `57014`s apart ("canceling statement due to statement
 * timeout" against "… due to user request").
 */
export function sqlStateMeaning(state: string, message = ''): DatabaseMeaning | undefined {
  if (state === '57014' && message.includes('timeout')) return STATEMENT_TIMEOUT;
  return SQLSTATE_CONDITIONS[state] ?? SQLSTATE_CLASSES[state.slice(0, 2)];
}

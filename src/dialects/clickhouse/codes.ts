import type { DatabaseMeaning } from '../database/meaning.js';
import { meaning as m } from '../database/meaning.js';

/**
 * ClickHouse's errors by the name its server prints beside the number (`Code: 60. DB::Exception:
 * … (UNKNOWN_TABLE)`). Source: ClickHouse `src/Common/ErrorCodes.cpp`, the one list of numbers
 * and names, read with clickhouse.com/docs ("Quotas": an interval's quota; "Restrictions on
 * query complexity": one query's limits fail it the same way again; "Replicated tables": a
 * table waits for its Keeper). The names its rows do not list are read by their words below.
 * Retryable rows retry the one query: ClickHouse has no multi-statement transactions here.
 */
export const CLICKHOUSE_NAMES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    UNKNOWN_TABLE: m('not_found', 'DB_UNDEFINED_TABLE'),
    UNKNOWN_DATABASE: m('not_found', 'DB_UNKNOWN_DATABASE'),
    UNKNOWN_IDENTIFIER: m('not_found', 'DB_UNDEFINED_COLUMN'),
    NO_SUCH_COLUMN_IN_TABLE: m('not_found', 'DB_UNDEFINED_COLUMN'),
    THERE_IS_NO_COLUMN: m('not_found', 'DB_UNDEFINED_COLUMN'),
    UNKNOWN_FUNCTION: m('not_found', 'DB_UNDEFINED_FUNCTION'),
    UNKNOWN_USER: m('auth', 'DB_AUTH_FAILED'),
    AUTHENTICATION_FAILED: m('auth', 'DB_AUTH_FAILED'),
    REQUIRED_PASSWORD: m('auth', 'DB_AUTH_FAILED'),
    WRONG_PASSWORD: m('auth', 'DB_AUTH_FAILED'),
    ACCESS_DENIED: m('permission', 'DB_PERMISSION_DENIED'),
    READONLY: m('permission', 'DB_PERMISSION_DENIED'),
    QUOTA_EXCEEDED: m('quota', 'DB_QUOTA_EXCEEDED'),
    QUERY_WAS_CANCELLED: m('cancelled', 'DB_QUERY_CANCELED'),
    QUERY_WAS_CANCELLED_BY_CLIENT: m('cancelled', 'DB_QUERY_CANCELED'),
    // The server's own limits on concurrency and on inserts outrunning merges: wait, retry.
    TOO_MANY_SIMULTANEOUS_QUERIES: m('rate_limit', 'DB_TOO_MANY_CONNECTIONS', true),
    TOO_MANY_PARTS: m('rate_limit', 'DB_INSUFFICIENT_RESOURCES', true),
    SERVER_OVERLOADED: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true),
    CANNOT_SCHEDULE_TASK: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true),
    // A replica in read-only mode until its Keeper session is back.
    TABLE_IS_READ_ONLY: m('unavailable', 'DB_READ_ONLY', true),
    // Whether the insert was written is unknown: insert again (deduplicated by its block).
    UNKNOWN_STATUS_OF_INSERT: m('unavailable', 'DB_COMMIT_UNKNOWN', true),
    DEADLOCK_AVOIDED: m('conflict', 'DB_DEADLOCK', true),
    UNKNOWN_EXCEPTION: m('internal', 'DB_ERROR'),
  }),
);

/** The names no row lists, by their words: `[pattern, row]`, the first match wins. */
export const CLICKHOUSE_WORDS: readonly (readonly [RegExp, DatabaseMeaning])[] = [
  [/TIMEOUT/, m('timeout', 'DB_STATEMENT_TIMEOUT', true)],
  [
    /NETWORK|SOCKET|CONNECTION|KEEPER|ZOOKEEPER|REPLICA|QUORUM|END_OF_FILE/,
    m('unavailable', 'DB_CONNECTION_LOST', true),
  ],
  [/ALREADY_EXISTS$/, m('conflict', 'DB_ALREADY_EXISTS')],
  [/^UNKNOWN_|^NO_SUCH_|DOESNT_EXIST|NOT_FOUND$/, m('not_found', 'DB_UNDEFINED_OBJECT')],
  [
    /LIMIT_EXCEEDED$|^TOO_(MANY|BIG|DEEP|LARGE|FEW)_|_TOO_(LARGE|BIG|LONG)$/,
    m('validation', 'DB_PROGRAM_LIMIT'),
  ],
  [
    /^(SYNTAX_ERROR|TYPE_MISMATCH|CANNOT_(PARSE|CONVERT|INSERT)|ILLEGAL_|INCORRECT_|BAD_|NUMBER_OF_|ARGUMENT_|VALUE_IS_|NOT_IMPLEMENTED|SUPPORT_IS_DISABLED)/,
    m('validation', 'DB_INVALID_STATEMENT'),
  ],
];

/**
 * The row of `name`; `MEMORY_LIMIT_EXCEEDED` by its message: the server's or a user's total
 * frees as other queries end, one query's own limit fails it again.
 */
export function clickhouseMeaning(name: string, message: string): DatabaseMeaning {
  if (name === 'MEMORY_LIMIT_EXCEEDED') {
    return message.includes('(for query)')
      ? m('validation', 'DB_PROGRAM_LIMIT')
      : m('unavailable', 'DB_OUT_OF_MEMORY', true);
  }
  const row = CLICKHOUSE_NAMES.get(name);
  if (row !== undefined) return row;
  for (const [pattern, meaning] of CLICKHOUSE_WORDS) if (pattern.test(name)) return meaning;
  return m('internal', 'DB_ERROR');
}

/**
 * What `String(err)` of a `mysql2` error still says once its fields are gone: `Error: ` and the
 * server's message, whose text for each error number is fixed (MySQL 8.4 Reference Manual and
 * MariaDB Knowledge Base, "Server Error Message Reference": each number's message template).
 * Each row is `[message pattern, errno, SQLSTATE, name]`, the first match wins. Read by
 * `agent-errors explain` on pasted text.
 */
export const MYSQL_PRINTED_MESSAGES: readonly (readonly [RegExp, number, string, string])[] = [
  [/^Duplicate entry '.*' for key/, 1062, '23000', 'ER_DUP_ENTRY'],
  [/^Deadlock found when trying to get lock/, 1213, '40001', 'ER_LOCK_DEADLOCK'],
  [/^Lock wait timeout exceeded/, 1205, 'HY000', 'ER_LOCK_WAIT_TIMEOUT'],
  [/^Table '.*' doesn't exist/, 1146, '42S02', 'ER_NO_SUCH_TABLE'],
  [/^Unknown column '.*' in/, 1054, '42S22', 'ER_BAD_FIELD_ERROR'],
  [/^Unknown database/, 1049, '42000', 'ER_BAD_DB_ERROR'],
  [/^Access denied for user .* \(using password/, 1045, '28000', 'ER_ACCESS_DENIED_ERROR'],
  [/^Access denied for user .* to database/, 1044, '42000', 'ER_DBACCESS_DENIED_ERROR'],
  [/^\w+ command denied to user/, 1142, '42000', 'ER_TABLEACCESS_DENIED_ERROR'],
  [/^Too many connections/, 1040, '08004', 'ER_CON_COUNT_ERROR'],
  [
    /^Cannot add or update a child row: a foreign key constraint fails/,
    1452,
    '23000',
    'ER_NO_REFERENCED_ROW_2',
  ],
  [
    /^Cannot delete or update a parent row: a foreign key constraint fails/,
    1451,
    '23000',
    'ER_ROW_IS_REFERENCED_2',
  ],
  [/^Column '.*' cannot be null/, 1048, '23000', 'ER_BAD_NULL_ERROR'],
  [/^Data too long for column/, 1406, '22001', 'ER_DATA_TOO_LONG'],
  [/^Out of range value for column/, 1264, '22003', 'ER_WARN_DATA_OUT_OF_RANGE'],
  [/^Incorrect \w+ value: .* for column/, 1366, 'HY000', 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD'],
  [/^You have an error in your SQL syntax/, 1064, '42000', 'ER_PARSE_ERROR'],
  [/^Table '.*' already exists/, 1050, '42S01', 'ER_TABLE_EXISTS_ERROR'],
  [
    /^Query execution was interrupted \(max_statement_time exceeded\)/,
    1969,
    '70100',
    'ER_STATEMENT_TIMEOUT',
  ],
  [
    /^Query execution was interrupted, maximum statement execution time exceeded/,
    3024,
    'HY000',
    'ER_QUERY_TIMEOUT',
  ],
  [/^Query execution was interrupted/, 1317, '70100', 'ER_QUERY_INTERRUPTED'],
  [
    /^Cannot execute statement in a READ ONLY transaction/,
    1792,
    '25006',
    'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION',
  ],
  [
    /^The (?:MySQL|MariaDB) server is running with the --read-only option/,
    1290,
    'HY000',
    'ER_OPTION_PREVENTS_STATEMENT',
  ],
  [/^Connection was killed/, 1927, '70100', 'ER_CONNECTION_KILLED'],
];

/**
 * The plain data a printed mysql2 server error (`Error: <message>`) stands for, as mysql2 logs
 * it (`code`, `errno`, `sqlState`, `message`), or `undefined` when the message is not one of
 * {@link MYSQL_PRINTED_MESSAGES}'.
 */
export function printedMysqlError(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('Error: ')) return undefined;
  const message = text.slice('Error: '.length).split('\n', 1)[0]!;
  const row = MYSQL_PRINTED_MESSAGES.find(([pattern]) => pattern.test(message));
  return row && { code: row[3], errno: row[1], sqlState: row[2], message };
}

/**
 * The `mysql` / `mariadb` command-line client's printed error: `ERROR 1213 (40001): Deadlock
 * found when …` — the number, the SQLSTATE in parentheses, the message (`put_error` in the
 * client's `mysql.cc`: `"ERROR %d (%s): %s"`); a script run adds ` at line N` after the
 * SQLSTATE. MariaDB's client shows the failed statement first, between lines of dashes, when its
 * output is not a terminal (`--show-query-on-error`).
 */
const SHOWN_QUERY = /^-{5,}\n[\s\S]*?\n-{5,}\n\s*/;
const MYSQL_CLIENT_ERROR = /^ERROR (\d{4,5}) \(([0-9A-Z]{5})\)(?: at line \d+)?: (.*)$/;

/**
 * The server error the mysql client's printed error stands for, as mysql2 raises it (`errno`,
 * `sqlState`, `sqlMessage`), or `undefined` for other text.
 */
export function printedMysqlClientError(text: string): Error | undefined {
  const printed = MYSQL_CLIENT_ERROR.exec(text.replace(SHOWN_QUERY, '').split('\n', 1)[0]!);
  if (printed === null) return undefined;
  const message = printed[3]!.trim();
  const row = MYSQL_PRINTED_MESSAGES.find(([pattern]) => pattern.test(message));
  return Object.assign(new Error(message), {
    errno: Number(printed[1]),
    sqlState: printed[2],
    sqlMessage: message,
    ...(row === undefined ? {} : { code: row[3] }),
  });
}

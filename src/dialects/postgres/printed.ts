/**
 * What `String(err)` of a `pg` `DatabaseError` still says once its fields are gone: `error: `
 * (the class's name) and the server's message. PostgreSQL's messages for its common conditions
 * are fixed English texts in its source (`errmsg` of each `ereport`, with the SQLSTATE of
 * Appendix A beside it), so the message names the SQLSTATE: each row is `[message pattern,
 * SQLSTATE]`, the first match wins. Read by `agent-errors explain` on pasted text.
 */
export const PG_PRINTED_MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/^duplicate key value violates unique constraint/, '23505'],
  [/violates foreign key constraint/, '23503'],
  [/violates not-null constraint/, '23502'],
  [/violates check constraint/, '23514'],
  [/violates exclusion constraint/, '23P01'],
  [/^deadlock detected/, '40P01'],
  [/^could not serialize access/, '40001'],
  [/^(?:relation|table) ".*" does not exist/, '42P01'],
  [/^column ".*" (?:of relation ".*" )?does not exist/, '42703'],
  [/^function .* does not exist/, '42883'],
  [/^schema ".*" does not exist/, '3F000'],
  [/^syntax error at or near/, '42601'],
  [/^permission denied for/, '42501'],
  [/^password authentication failed/, '28P01'],
  [/^role ".*" does not exist/, '28000'],
  [/^database ".*" does not exist/, '3D000'],
  [/^sorry, too many clients already|^remaining connection slots are reserved/, '53300'],
  [/^canceling statement due to lock timeout|^could not obtain lock/, '55P03'],
  // 57014's reading tells a statement timeout from a cancel request by the message.
  [/^canceling statement due to/, '57014'],
  [/^terminating connection due to administrator command/, '57P01'],
  [/^terminating connection due to idle-in-transaction timeout/, '25P03'],
  [/^the database system is (?:starting up|shutting down|in recovery mode)/, '57P03'],
  [/^current transaction is aborted/, '25P02'],
  [/^cannot execute .* in a read-only transaction/, '25006'],
  [/^value too long for type/, '22001'],
  [/^invalid input syntax for/, '22P02'],
  [/^division by zero/, '22012'],
  [/out of range/, '22003'],
];

/**
 * The plain data a printed pg error (`error: <message>`) stands for, as pg's `DatabaseError`
 * carries it (`code`, `severity`, `message`), or `undefined` when the message is not one of
 * {@link PG_PRINTED_MESSAGES}'.
 */
export function printedPostgresError(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('error: ')) return undefined;
  const message = text.slice('error: '.length).split('\n', 1)[0]!;
  const row = PG_PRINTED_MESSAGES.find(([pattern]) => pattern.test(message));
  return row && { name: 'error', severity: 'ERROR', code: row[1], message };
}

/**
 * psql's (libpq's) printed error: `ERROR:  <message>` — the severity, a colon and two spaces
 * (`pqBuildErrorMessage3` in libpq's `fe-protocol3.c`) — with `\set VERBOSITY verbose` the
 * SQLSTATE first (`ERROR:  40P01: deadlock detected`), then `DETAIL:  `, `HINT:  `,
 * `CONTEXT:  ` and `LOCATION:  ` lines; a script run with `psql -f` puts `psql:<file>:<line>: `
 * before it, and a refused connection reads `psql: error: connection to server … failed: FATAL:  …`. Without the SQLSTATE, the message is read by {@link PG_PRINTED_MESSAGES}.
 */
const PSQL_ERROR =
  /^(?:psql:[^\n]*?:\d+: |psql: error: .*? failed: )?(ERROR|FATAL|PANIC): {2}(?:([0-9A-Z]{5}): )?(.*)$/;
const PSQL_FIELD = /^(DETAIL|HINT): {2}(.*)$/;

/**
 * The plain data psql's printed error stands for, as pg's `DatabaseError` carries it (`code`,
 * `severity`, `message`, `detail`, `hint`), or `undefined` when the text is not psql's or names
 * no SQLSTATE it knows.
 */
export function printedPsqlError(text: string): Record<string, unknown> | undefined {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const head = PSQL_ERROR.exec(lines[0]!);
  if (head === null) return undefined;
  const message = head[3]!.trim();
  const code = head[2] ?? PG_PRINTED_MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
  if (code === undefined) return undefined;
  const fields: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const field = PSQL_FIELD.exec(line.trim());
    if (field !== null) fields[field[1]!.toLowerCase()] = field[2]!;
  }
  return { name: 'error', severity: head[1], code, message, ...fields };
}

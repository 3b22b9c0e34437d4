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

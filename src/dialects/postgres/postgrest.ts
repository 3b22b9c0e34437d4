import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, meaning as m } from '../database/meaning.js';
import { isSqlState, sqlStateMeaning } from '../database/sqlstate.js';

/**
 * PostgREST's own codes by group (postgrest.org/en/stable/references/errors.html): `PGRST0` the
 * database connection, `PGRST1` the request, `PGRST2` the schema cache (what was asked for is
 * not there), `PGRST3` the JWT; `PGRSTX` PostgREST's own fault.
 */
function pgrstMeaning(code: string, details: unknown): DatabaseMeaning {
  switch (code) {
    case 'PGRST003':
      return m('timeout', 'DB_POOL_TIMEOUT', true);
    case 'PGRST116':
      // `.single()` on no row, else on many.
      return /\b0 rows\b/.test(String(details))
        ? m('not_found', 'DB_NO_DATA')
        : m('validation', 'DB_DATA_EXCEPTION');
    case 'PGRST125':
    case 'PGRST126':
    case 'PGRST200':
      return m('not_found', 'DB_UNDEFINED_OBJECT');
    case 'PGRST202':
      return m('not_found', 'DB_UNDEFINED_FUNCTION');
    case 'PGRST204':
      return m('not_found', 'DB_UNDEFINED_COLUMN');
    case 'PGRST205':
      return m('not_found', 'DB_UNDEFINED_TABLE');
    case 'PGRST300':
      return m('internal', 'DB_ERROR');
  }
  const group = code[5];
  return group === '0'
    ? m('unavailable', 'DB_CONNECTION_ERROR', true)
    : group === '1' || group === '2'
      ? m('validation', 'DB_INVALID_STATEMENT')
      : group === '3'
        ? m('auth', 'DB_AUTH_FAILED')
        : m('internal', 'DB_ERROR');
}

/**
 * PostgREST's error object, `{ code, details, hint, message }`, as `@supabase/postgrest-js`
 * returns it (`{ error }`, no status beside it) or throws it (`PostgrestError`, after
 * `.throwOnError()`): a SQLSTATE read by PostgreSQL's table (P0001, a function's `RAISE`, is
 * the function refusing its input: PostgREST answers it 400), a `PGRST` code by PostgREST's.
 * The client's own failures have an empty `code`: an aborted request says so in its `hint`,
 * a fetch that failed in its `details`.
 */
export const postgrestReader: Reader = {
  name: 'PostgREST error',
  requires: ['code', 'message'],
  recognise(view) {
    const e = view.input;
    if (
      typeof view.code !== 'string' ||
      !('details' in e && 'hint' in e) ||
      view.status !== undefined
    )
      return undefined;
    const code: string = view.code;
    const row =
      code === 'P0001'
        ? m('validation', 'DB_ERROR')
        : isSqlState(view.code)
          ? sqlStateMeaning(code, String(view.message))
          : code.startsWith('PGRST')
            ? pgrstMeaning(code, e.details)
            : code !== ''
              ? undefined
              : /^Request was aborted/.test(String(e.hint))
                ? m('cancelled', 'DB_QUERY_CANCELED')
                : typeof e.details === 'string' && e.details !== ''
                  ? m('unavailable', 'DB_CONNECTION_ERROR', true)
                  : undefined;
    return row && databaseError(e, row, 'postgresql', { code, postgrest: true });
  },
};

import type { Reader } from '../../core/reader.js';
import { databaseError } from '../database/meaning.js';
import { libsqlMeaning, sqliteMeaning } from './codes.js';

/**
 * SQLite's errors wherever a `SQLITE_*` code comes: `@libsql/client`'s `LibsqlError` (local or
 * from a libSQL server over Hrana), better-sqlite3's `SqliteError`, `sqlite3`'s errors. A
 * `LibsqlError` with one of libSQL's own codes reads by {@link libsqlMeaning}.
 */
export const sqliteReader: Reader = {
  name: 'SQLite error',
  requires: ['code'],
  recognise(view) {
    const code = view.code;
    if (typeof code !== 'string') return undefined;
    const message = typeof view.message === 'string' ? view.message : '';
    const row = code.startsWith('SQLITE_')
      ? sqliteMeaning(code, message)
      : /^Libsql(Batch)?Error$/.test(String(view.name))
        ? libsqlMeaning(code)
        : undefined;
    return row && databaseError(view.input, row, 'sqlite', { code });
  },
};

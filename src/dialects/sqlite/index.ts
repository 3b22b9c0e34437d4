export { LIBSQL_CODES, SQLITE_CODES, libsqlMeaning, sqliteMeaning } from './codes.js';
export { sqliteReader } from './reader.js';

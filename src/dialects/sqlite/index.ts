export { LIBSQL_CODES, SQLITE_CODES, sqliteMeaning } from './codes.js';
export { sqliteReader } from './reader.js';

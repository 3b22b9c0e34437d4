export { PG_CLIENT_MESSAGES, postgresClientReader, postgresReader } from './reader.js';
export { POSTGRES_JS_CODES, postgresJsReader } from './postgres-js.js';
export { postgrestReader } from './postgrest.js';

export { PG_CLIENT_MESSAGES, postgresClientReader, postgresReader } from './reader.js';
export { postgrestReader } from './postgrest.js';

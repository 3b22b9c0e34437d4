export { PG_CLIENT_MESSAGES, postgresClientReader, postgresReader } from './reader.js';

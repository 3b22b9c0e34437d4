export {
  MYSQL2_CLIENT_CODES,
  MYSQL2_CLIENT_MESSAGES,
  MYSQL_ERRNOS,
  optionPreventsStatement,
} from './errors.js';
export { mysqlClientReader, mysqlReader } from './reader.js';

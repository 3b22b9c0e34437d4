export {
  MYSQL2_CLIENT_CODES,
  MYSQL2_CLIENT_MESSAGES,
  MYSQL_ERRNOS,
  accountLimitReached,
  optionPreventsStatement,
} from './errors.js';
export { mysqlClientReader, mysqlReader } from './reader.js';
export { MARIADB_CONNECTOR_ERRNOS } from './mariadb-connector.js';
export { vitessReader } from './vitess.js';

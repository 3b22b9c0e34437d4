import type { DatabaseMeaning } from './meaning.js';
import { meaning as m } from './meaning.js';

/**
 * Errors the server reports under the catch-all `HY000` whose text in the Server Error Message
 * Reference says the statement as written cannot run (a prepared statement's arguments, a view,
 * trigger or partitioning definition, an operand type, a table's column limit): the same
 * statement fails the same way.
 */
const STATEMENT_REFUSED = [
  1117, 1210, 1221, 1243, 1328, 1349, 1350, 1351, 1352, 1353, 1361, 1363, 1368, 1369, 1393, 1395,
  1423, 1462, 1499, 1503, 1505, 1563, 1564, 4078, 4079,
  // a key or a foreign key the definition cannot have or change (1089 ER_WRONG_SUB_KEY, 1553
  // ER_DROP_INDEX_FK, 1822–1833 ER_FK_NO_INDEX_PARENT … ER_FK_COLUMN_CANNOT_CHANGE_CHILD)
  1089, 1553, 1822, 1825, 1828, 1829, 1830, 1832, 1833,
];

/**
 * MySQL and MariaDB server errors by number, where the number says more than the SQLSTATE (most
 * of them arrive as the catch-all `HY000`, and `23000` is both a duplicate key and a missing
 * value). Everything else is read by its SQLSTATE class (the database base's table).
 *
 * Sources: MySQL 8.4 Reference Manual, "Server Error Message Reference" and "Client Error Message
 * Reference" (the 2xxx numbers); MariaDB Knowledge Base, "MariaDB Error Codes" (1927, 1969, 4025).
 * It sits in the databases' base because an ORM relays these numbers too (Prisma's P2010).
 * Retryable rows mean "re-run the whole transaction": InnoDB rolls back the whole transaction on
 * a deadlock, and a transaction cut off by a lost connection is rolled back by the server.
 */
export const MYSQL_ERRNOS: Readonly<Record<number, DatabaseMeaning>> = {
  ...Object.fromEntries(
    STATEMENT_REFUSED.map((errno) => [errno, m('validation', 'DB_INVALID_STATEMENT')]),
  ),
  // transaction conflicts
  1213: m('conflict', 'DB_DEADLOCK', true), // ER_LOCK_DEADLOCK (40001)
  1205: m('timeout', 'DB_LOCK_TIMEOUT', true), // ER_LOCK_WAIT_TIMEOUT (HY000)
  3572: m('timeout', 'DB_LOCK_TIMEOUT', true), // ER_LOCK_NOWAIT (NOWAIT / SKIP LOCKED)
  1020: m('conflict', 'DB_WRITE_CONFLICT', true), // ER_CHECKREAD: record changed since last read
  1412: m('conflict', 'DB_WRITE_CONFLICT', true), // ER_TABLE_DEF_CHANGED: re-run the transaction
  1614: m('conflict', 'DB_DEADLOCK', true), // ER_XA_RBDEADLOCK
  1637: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true), // ER_TOO_MANY_CONCURRENT_TRXS
  1180: m('unavailable', 'DB_COMMIT_UNKNOWN', true), // ER_ERROR_DURING_COMMIT
  1792: m('unavailable', 'DB_READ_ONLY', true), // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION (25006)
  // integrity
  1062: m('conflict', 'DB_UNIQUE_VIOLATION'), // ER_DUP_ENTRY (23000)
  1586: m('conflict', 'DB_UNIQUE_VIOLATION'), // ER_DUP_ENTRY_WITH_KEY_NAME
  1022: m('conflict', 'DB_UNIQUE_VIOLATION'), // ER_DUP_KEY
  1169: m('conflict', 'DB_UNIQUE_VIOLATION'), // ER_DUP_UNIQUE (23000)
  1557: m('conflict', 'DB_UNIQUE_VIOLATION'), // ER_FOREIGN_DUPLICATE_KEY (23000)
  1859: m('conflict', 'DB_UNIQUE_VIOLATION'), // ER_DUP_UNKNOWN_IN_INDEX (23000)
  // 23000 is also an ambiguous column name: the statement's fault, no integrity at stake.
  1052: m('validation', 'DB_INVALID_STATEMENT'), // ER_NON_UNIQ_ERROR (23000)
  1048: m('validation', 'DB_NOT_NULL_VIOLATION'), // ER_BAD_NULL_ERROR (23000)
  1364: m('validation', 'DB_NOT_NULL_VIOLATION'), // ER_NO_DEFAULT_FOR_FIELD (HY000)
  1451: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // ER_ROW_IS_REFERENCED_2 (23000)
  1452: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // ER_NO_REFERENCED_ROW_2 (23000)
  1216: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // ER_NO_REFERENCED_ROW
  1217: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // ER_ROW_IS_REFERENCED
  3819: m('validation', 'DB_CHECK_VIOLATION'), // ER_CHECK_CONSTRAINT_VIOLATED (MySQL)
  4025: m('validation', 'DB_CHECK_VIOLATION'), // ER_CONSTRAINT_FAILED (MariaDB, 23000)
  1406: m('validation', 'DB_VALUE_TOO_LONG'), // ER_DATA_TOO_LONG (22001)
  1365: m('validation', 'DB_DIVISION_BY_ZERO'), // ER_DIVISION_BY_ZERO (22012)
  1366: m('validation', 'DB_DATA_EXCEPTION'), // ER_TRUNCATED_WRONG_VALUE_FOR_FIELD (HY000)
  1264: m('validation', 'DB_DATA_EXCEPTION'), // ER_WARN_DATA_OUT_OF_RANGE (22003)
  // Warnings that strict mode raises as errors keep their warning SQLSTATE (01000).
  1265: m('validation', 'DB_DATA_EXCEPTION'), // WARN_DATA_TRUNCATED (01000)
  1261: m('validation', 'DB_DATA_EXCEPTION'), // ER_WARN_TOO_FEW_RECORDS (01000)
  1262: m('validation', 'DB_DATA_EXCEPTION'), // ER_WARN_TOO_MANY_RECORDS (01000)
  1411: m('validation', 'DB_DATA_EXCEPTION'), // ER_WRONG_VALUE_FOR_TYPE (HY000)
  1525: m('validation', 'DB_DATA_EXCEPTION'), // ER_WRONG_VALUE (HY000)
  // what is (not) there
  1146: m('not_found', 'DB_UNDEFINED_TABLE'), // ER_NO_SUCH_TABLE (42S02)
  1051: m('not_found', 'DB_UNDEFINED_TABLE'), // ER_BAD_TABLE_ERROR (42S02)
  1109: m('not_found', 'DB_UNDEFINED_TABLE'), // ER_UNKNOWN_TABLE (42S02)
  1054: m('not_found', 'DB_UNDEFINED_COLUMN'), // ER_BAD_FIELD_ERROR (42S22)
  1049: m('not_found', 'DB_UNKNOWN_DATABASE'), // ER_BAD_DB_ERROR (42000)
  1305: m('not_found', 'DB_UNDEFINED_FUNCTION'), // ER_SP_DOES_NOT_EXIST (42000)
  1128: m('not_found', 'DB_UNDEFINED_FUNCTION'), // ER_FUNCTION_NOT_DEFINED
  1050: m('conflict', 'DB_ALREADY_EXISTS'), // ER_TABLE_EXISTS_ERROR (42S01)
  1007: m('conflict', 'DB_ALREADY_EXISTS'), // ER_DB_CREATE_EXISTS
  1060: m('conflict', 'DB_ALREADY_EXISTS'), // ER_DUP_FIELDNAME (42S21)
  1061: m('conflict', 'DB_ALREADY_EXISTS'), // ER_DUP_KEYNAME (42000)
  1304: m('conflict', 'DB_ALREADY_EXISTS'), // ER_SP_ALREADY_EXISTS (42000)
  1359: m('conflict', 'DB_ALREADY_EXISTS'), // ER_TRG_ALREADY_EXISTS (HY000)
  1396: m('conflict', 'DB_ALREADY_EXISTS'), // ER_CANNOT_USER: CREATE / DROP USER (HY000)
  1826: m('conflict', 'DB_ALREADY_EXISTS'), // ER_FK_DUP_NAME (HY000)
  1091: m('not_found', 'DB_UNDEFINED_COLUMN'), // ER_CANT_DROP_FIELD_OR_KEY (42000)
  1072: m('not_found', 'DB_UNDEFINED_COLUMN'), // ER_KEY_COLUMN_DOES_NOT_EXITS (42000)
  1176: m('not_found', 'DB_UNDEFINED_OBJECT'), // ER_KEY_DOES_NOT_EXITS: USE INDEX (42000)
  1360: m('not_found', 'DB_UNDEFINED_OBJECT'), // ER_TRG_DOES_NOT_EXIST (HY000)
  1094: m('not_found', 'DB_UNDEFINED_OBJECT'), // ER_NO_SUCH_THREAD: KILL of an unknown id (HY000)
  1449: m('not_found', 'DB_UNDEFINED_OBJECT'), // ER_NO_SUCH_USER: a DEFINER (HY000)
  1141: m('not_found', 'DB_UNDEFINED_OBJECT'), // ER_NONEXISTING_GRANT (42000)
  1147: m('not_found', 'DB_UNDEFINED_OBJECT'), // ER_NONEXISTING_TABLE_GRANT (42000)
  4092: m('not_found', 'DB_UNDEFINED_TABLE'), // ER_UNKNOWN_VIEW (MariaDB, 42S02)
  1347: m('validation', 'DB_WRONG_TYPE'), // ER_WRONG_OBJECT: not a VIEW / not BASE TABLE (HY000)
  1064: m('validation', 'DB_SYNTAX_ERROR'), // ER_PARSE_ERROR (42000)
  1099: m('validation', 'DB_INVALID_STATEMENT'), // ER_TABLE_NOT_LOCKED_FOR_WRITE (HY000)
  1100: m('validation', 'DB_INVALID_STATEMENT'), // ER_TABLE_NOT_LOCKED (HY000)
  // The statement or a setting it names is wrong; the server says so under the catch-all HY000.
  1005: m('validation', 'DB_INVALID_STATEMENT'), // ER_CANT_CREATE_TABLE: e.g. a bad foreign key
  1215: m('validation', 'DB_INVALID_STATEMENT'), // ER_CANNOT_ADD_FOREIGN (HY000)
  1046: m('validation', 'DB_INVALID_STATEMENT'), // ER_NO_DB_ERROR: no database selected (3D000)
  1093: m('validation', 'DB_INVALID_STATEMENT'), // ER_UPDATE_TABLE_USED (HY000)
  1111: m('validation', 'DB_INVALID_STATEMENT'), // ER_INVALID_GROUP_FUNC_USE (HY000)
  1175: m('validation', 'DB_INVALID_STATEMENT'), // ER_UPDATE_WITHOUT_KEY_IN_SAFE_MODE (HY000)
  // what a stored program, a trigger, a view or a partitioning may not do (HY000)
  1288: m('validation', 'DB_INVALID_STATEMENT'), // ER_NON_UPDATABLE_TABLE
  1348: m('validation', 'DB_INVALID_STATEMENT'), // ER_NONUPDATEABLE_COLUMN
  1362: m('validation', 'DB_INVALID_STATEMENT'), // ER_TRG_CANT_CHANGE_ROW
  1422: m('validation', 'DB_INVALID_STATEMENT'), // ER_COMMIT_NOT_ALLOWED_IN_SF_OR_TRG
  1424: m('validation', 'DB_INVALID_STATEMENT'), // ER_SP_NO_RECURSION
  1442: m('validation', 'DB_INVALID_STATEMENT'), // ER_CANT_UPDATE_USED_TABLE_IN_SF_OR_TRG
  1471: m('validation', 'DB_INVALID_STATEMENT'), // ER_NON_INSERTABLE_TABLE
  1526: m('validation', 'DB_INVALID_STATEMENT'), // ER_NO_PARTITION_FOR_GIVEN_VALUE
  1193: m('validation', 'DB_INVALID_STATEMENT'), // ER_UNKNOWN_SYSTEM_VARIABLE (HY000)
  1228: m('validation', 'DB_INVALID_STATEMENT'), // ER_LOCAL_VARIABLE: SESSION only (HY000)
  1229: m('validation', 'DB_INVALID_STATEMENT'), // ER_GLOBAL_VARIABLE: GLOBAL only (HY000)
  1238: m('validation', 'DB_INVALID_STATEMENT'), // ER_INCORRECT_GLOBAL_LOCAL_VAR: read-only (HY000)
  1267: m('validation', 'DB_INVALID_STATEMENT'), // ER_CANT_AGGREGATE_2COLLATIONS (HY000)
  1270: m('validation', 'DB_INVALID_STATEMENT'), // ER_CANT_AGGREGATE_3COLLATIONS (HY000)
  1271: m('validation', 'DB_INVALID_STATEMENT'), // ER_CANT_AGGREGATE_NCOLLATIONS (HY000)
  1356: m('validation', 'DB_INVALID_STATEMENT'), // ER_VIEW_INVALID: references a missing table
  1149: m('validation', 'DB_SYNTAX_ERROR'), // ER_SYNTAX_ERROR (42000)
  1153: m('validation', 'DB_PROGRAM_LIMIT'), // ER_NET_PACKET_TOO_LARGE (08S01): waiting cannot help
  // who you are, what you may do (42000 is also a syntax error: the number decides)
  1045: m('auth', 'DB_AUTH_FAILED'), // ER_ACCESS_DENIED_ERROR (28000)
  1698: m('auth', 'DB_AUTH_FAILED'), // ER_ACCESS_DENIED_NO_PASSWORD_ERROR (28000)
  1251: m('auth', 'DB_AUTH_FAILED'), // ER_NOT_SUPPORTED_AUTH_MODE (08004)
  1820: m('auth', 'DB_AUTH_FAILED'), // ER_MUST_CHANGE_PASSWORD
  1862: m('auth', 'DB_AUTH_FAILED'), // ER_MUST_CHANGE_PASSWORD_LOGIN
  3118: m('auth', 'DB_AUTH_FAILED'), // ER_ACCOUNT_HAS_BEEN_LOCKED
  4151: m('auth', 'DB_AUTH_FAILED'), // ER_ACCOUNT_HAS_BEEN_LOCKED (MariaDB)
  1044: m('permission', 'DB_PERMISSION_DENIED'), // ER_DBACCESS_DENIED_ERROR (42000)
  1142: m('permission', 'DB_PERMISSION_DENIED'), // ER_TABLEACCESS_DENIED_ERROR (42000)
  1143: m('permission', 'DB_PERMISSION_DENIED'), // ER_COLUMNACCESS_DENIED_ERROR (42000)
  1227: m('permission', 'DB_PERMISSION_DENIED'), // ER_SPECIFIC_ACCESS_DENIED_ERROR (42000)
  1370: m('permission', 'DB_PERMISSION_DENIED'), // ER_PROCACCESS_DENIED_ERROR (42000)
  1130: m('permission', 'DB_PERMISSION_DENIED'), // ER_HOST_NOT_PRIVILEGED
  1095: m('permission', 'DB_PERMISSION_DENIED'), // ER_KILL_DENIED_ERROR: another user's thread
  // time and interruption
  3024: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // ER_QUERY_TIMEOUT (MySQL max_execution_time)
  1969: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
  1317: m('cancelled', 'DB_QUERY_CANCELED'), // ER_QUERY_INTERRUPTED (70100): KILL QUERY
  1927: m('unavailable', 'DB_CONNECTION_LOST', true), // ER_CONNECTION_KILLED (MariaDB, 70100)
  // the server and its resources
  1040: m('unavailable', 'DB_TOO_MANY_CONNECTIONS', true), // ER_CON_COUNT_ERROR (08004)
  1203: m('unavailable', 'DB_TOO_MANY_CONNECTIONS', true), // ER_TOO_MANY_USER_CONNECTIONS (42000)
  1226: m('quota', 'DB_QUOTA_EXCEEDED'), // ER_USER_LIMIT_REACHED: see accountLimitReached
  1129: m('unavailable', 'DB_CONNECTION_ERROR'), // ER_HOST_IS_BLOCKED: until FLUSH HOSTS
  1021: m('unavailable', 'DB_DISK_FULL', true), // ER_DISK_FULL
  1114: m('unavailable', 'DB_DISK_FULL', true), // ER_RECORD_FILE_FULL
  1037: m('unavailable', 'DB_OUT_OF_MEMORY', true), // ER_OUTOFMEMORY
  1038: m('unavailable', 'DB_OUT_OF_MEMORY', true), // ER_OUT_OF_SORTMEMORY
  1041: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true), // ER_OUT_OF_RESOURCES
  1053: m('unavailable', 'DB_SHUTDOWN', true), // ER_SERVER_SHUTDOWN (08S01)
  1077: m('unavailable', 'DB_SHUTDOWN', true), // ER_NORMAL_SHUTDOWN
  1079: m('unavailable', 'DB_SHUTDOWN', true), // ER_SHUTDOWN_COMPLETE
  1836: m('unavailable', 'DB_READ_ONLY', true), // ER_READ_ONLY_MODE
  1223: m('unavailable', 'DB_READ_ONLY', true), // ER_CANT_UPDATE_WITH_READLOCK (FLUSH … READ LOCK)
  1043: m('unavailable', 'DB_CONNECTION_ERROR', true), // ER_HANDSHAKE_ERROR (08S01)
  1047: m('protocol', 'DB_PROTOCOL_ERROR'), // ER_UNKNOWN_COM_ERROR (08S01)
  1105: m('internal', 'DB_INTERNAL_ERROR'), // ER_UNKNOWN_ERROR
  // client errors (the C client's numbers, which some drivers and proxies reuse)
  2002: m('unavailable', 'DB_CONNECTION_ERROR', true), // CR_CONNECTION_ERROR
  2003: m('unavailable', 'DB_CONNECTION_ERROR', true), // CR_CONN_HOST_ERROR
  2006: m('unavailable', 'DB_CONNECTION_LOST', true), // CR_SERVER_GONE_ERROR
  2013: m('unavailable', 'DB_CONNECTION_LOST', true), // CR_SERVER_LOST
  2055: m('unavailable', 'DB_CONNECTION_LOST', true), // CR_SERVER_LOST_EXTENDED
};

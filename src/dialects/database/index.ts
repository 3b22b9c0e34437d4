export type {
  DatabaseErrorCode,
  DatabaseMeaning,
  DatabaseRetryScope,
  DatabaseSystem,
} from './meaning.js';
export { SQLSTATE_CLASSES, SQLSTATE_CONDITIONS, isSqlState, sqlStateMeaning } from './sqlstate.js';

/**
 * The database families' readers and tables: PostgreSQL (`pg`, postgres.js), MySQL and MariaDB
 * (`mysql2`, the MariaDB connector), MongoDB (the `mongodb` driver), Prisma, Redis (node-redis,
 * ioredis), Neo4j (neo4j-driver) and the ORMs' own errors (Sequelize, knex, Kysely, Mongoose). `decode` already runs these readers; import them to build a
 * smaller decoder with `createDecoder`, or to read a table. A retryable database error says in `details.retryScope` what to run again
 * (docs/databases.md).
 *
 * @module agent-errors/databases
 */
export type {
  DatabaseErrorCode,
  DatabaseMeaning,
  DatabaseRetryScope,
  DatabaseSystem,
} from '../dialects/database/index.js';
export {
  SQLSTATE_CLASSES,
  SQLSTATE_CONDITIONS,
  isSqlState,
  sqlStateMeaning,
} from '../dialects/database/index.js';
export * from '../dialects/postgres/index.js';
export * from '../dialects/mysql/index.js';
export * from '../dialects/mongodb/index.js';
export * from '../dialects/prisma/index.js';
export * from '../dialects/orm/index.js';
export * from '../dialects/redis-errors/index.js';
export * from '../dialects/neo4j/index.js';
export * from '../dialects/sqlite/index.js';
export * from '../dialects/clickhouse/index.js';

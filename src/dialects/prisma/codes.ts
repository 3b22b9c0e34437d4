import type { DatabaseMeaning } from '../database/meaning.js';
import { meaning as m } from '../database/meaning.js';

/**
 * Prisma's error codes. Source: Prisma ORM documentation, "Error message reference"
 * (reference/error-reference: common errors P1000–P1017, Prisma Client query engine errors
 * P2000–P2037, Prisma Data Proxy P5000–P5013) and Prisma Accelerate's "Errors" reference
 * (P6000–P6010). Retryable rows mean
 * "re-run the whole transaction" (`$transaction`), as the reference says of P2034.
 */
export const PRISMA_CODES: Readonly<Record<string, DatabaseMeaning>> = {
  P1000: m('auth', 'DB_AUTH_FAILED'), // Authentication failed against database server
  P1001: m('unavailable', 'DB_CONNECTION_ERROR', true), // Can't reach database server
  P1002: m('timeout', 'DB_CONNECTION_ERROR', true), // The database server was reached but timed out
  P1003: m('not_found', 'DB_UNKNOWN_DATABASE'), // Database does not exist
  P1008: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // Operations timed out
  P1009: m('conflict', 'DB_ALREADY_EXISTS'), // Database already exists
  P1010: m('permission', 'DB_PERMISSION_DENIED'), // User was denied access on the database
  P1011: m('unavailable', 'DB_CONNECTION_ERROR'), // Error opening a TLS connection
  P1012: m('validation', 'DB_INVALID_STATEMENT'), // Schema validation error
  P1013: m('validation', 'DB_INVALID_STATEMENT'), // The provided database string is invalid
  P1014: m('not_found', 'DB_UNDEFINED_TABLE'), // The underlying table for the model does not exist
  P1015: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // Features not supported by the database version
  P1016: m('validation', 'DB_INVALID_STATEMENT'), // Raw query: incorrect number of parameters
  P1017: m('unavailable', 'DB_CONNECTION_LOST', true), // Server has closed the connection
  P2000: m('validation', 'DB_VALUE_TOO_LONG'), // Value too long for the column's type
  P2001: m('not_found', 'DB_NO_DATA'), // The record searched for in the where condition does not exist
  P2002: m('conflict', 'DB_UNIQUE_VIOLATION'), // Unique constraint failed
  P2003: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // Foreign key constraint failed
  P2004: m('conflict', 'DB_CONSTRAINT_VIOLATION'), // A constraint failed on the database
  P2005: m('validation', 'DB_DATA_EXCEPTION'), // Stored value invalid for the field's type
  P2006: m('validation', 'DB_DATA_EXCEPTION'), // Provided value not valid for the field
  P2007: m('validation', 'DB_DATA_EXCEPTION'), // Data validation error
  P2008: m('validation', 'DB_SYNTAX_ERROR'), // Failed to parse the query
  P2009: m('validation', 'DB_INVALID_STATEMENT'), // Failed to validate the query
  P2010: m('internal', 'DB_ERROR'), // Raw query failed (meta.code: the database's own code)
  P2011: m('validation', 'DB_NOT_NULL_VIOLATION'), // Null constraint violation
  P2012: m('validation', 'DB_NOT_NULL_VIOLATION'), // Missing a required value
  P2013: m('validation', 'DB_INVALID_STATEMENT'), // Missing a required argument
  P2014: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // Would violate a required relation
  P2015: m('not_found', 'DB_NO_DATA'), // A related record could not be found
  P2016: m('validation', 'DB_INVALID_STATEMENT'), // Query interpretation error
  P2017: m('conflict', 'DB_FOREIGN_KEY_VIOLATION'), // Records for a relation are not connected
  P2018: m('not_found', 'DB_NO_DATA'), // Required connected records were not found
  P2019: m('validation', 'DB_INVALID_STATEMENT'), // Input error
  P2020: m('validation', 'DB_DATA_EXCEPTION'), // Value out of range for the type
  P2021: m('not_found', 'DB_UNDEFINED_TABLE'), // The table does not exist
  P2022: m('not_found', 'DB_UNDEFINED_COLUMN'), // The column does not exist
  P2023: m('validation', 'DB_DATA_EXCEPTION'), // Inconsistent column data
  P2024: m('timeout', 'DB_POOL_TIMEOUT', true), // Timed out fetching a connection from the pool
  P2025: m('not_found', 'DB_NO_DATA'), // Depends on records that were required but not found
  P2026: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // Feature the database does not support
  P2027: m('internal', 'DB_ERROR'), // Multiple errors during query execution
  // Transaction API error: an interactive transaction that expired or was already closed.
  P2028: m('timeout', 'DB_STATEMENT_TIMEOUT', true),
  P2029: m('validation', 'DB_PROGRAM_LIMIT'), // Query parameter limit exceeded
  P2030: m('not_found', 'DB_UNDEFINED_OBJECT'), // Cannot find a fulltext index
  P2031: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // MongoDB transactions need a replica set
  P2033: m('validation', 'DB_DATA_EXCEPTION'), // A number does not fit in a 64-bit integer
  P2034: m('conflict', 'DB_WRITE_CONFLICT', true), // Write conflict or deadlock: retry the transaction
  P2035: m('internal', 'DB_INTERNAL_ERROR'), // Assertion violation on the database
  P2036: m('internal', 'DB_ERROR'), // Error in an external connector
  P2037: m('unavailable', 'DB_TOO_MANY_CONNECTIONS', true), // Too many database connections opened
  P5000: m('validation', 'DB_INVALID_STATEMENT'), // Data Proxy: request not understood
  P5001: m('unavailable', 'DB_BUSY', true), // Data Proxy: this request must be retried
  P5002: m('validation', 'DB_INVALID_STATEMENT'), // Data Proxy: the datasource is invalid
  P5003: m('not_found', 'DB_UNDEFINED_OBJECT'), // Data Proxy: requested resource does not exist
  P5004: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // Data Proxy: feature not yet implemented
  P5005: m('validation', 'DB_INVALID_STATEMENT'), // Data Proxy: schema needs to be uploaded
  P5006: m('internal', 'DB_INTERNAL_ERROR', true), // Data Proxy: unknown server error
  P5007: m('auth', 'DB_AUTH_FAILED'), // Data Proxy: unauthorized, check the connection string
  P5008: m('rate_limit', 'DB_QUOTA_EXCEEDED', true), // Data Proxy: usage exceeded, retry later
  P5009: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // Data Proxy: request timed out
  P5010: m('unavailable', 'DB_CONNECTION_ERROR', true), // Data Proxy: cannot fetch data
  P5011: m('validation', 'DB_INVALID_STATEMENT'), // Data Proxy: request parameters are invalid
  P5012: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // Data Proxy: engine version not supported
  P5013: m('unavailable', 'DB_STARTING_UP', true), // Data Proxy: engine not started (healthcheck)
  P6000: m('internal', 'DB_INTERNAL_ERROR', true), // Accelerate: ServerError
  P6001: m('validation', 'DB_INVALID_STATEMENT'), // Accelerate: InvalidDataSource
  P6002: m('auth', 'DB_AUTH_FAILED'), // Accelerate: Unauthorized
  P6003: m('quota', 'DB_QUOTA_EXCEEDED'), // Accelerate: PlanLimitReached
  P6004: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // Accelerate: QueryTimeout
  P6005: m('validation', 'DB_INVALID_STATEMENT'), // Accelerate: InvalidParameters
  P6006: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // Accelerate: VersionNotSupported
  P6008: m('unavailable', 'DB_CONNECTION_ERROR', true), // Accelerate: ConnectionError / EngineStartError
  P6009: m('validation', 'DB_PROGRAM_LIMIT'), // Accelerate: ResponseSizeLimitExceeded
  P6010: m('permission', 'DB_PERMISSION_DENIED'), // Accelerate: ProjectDisabledError
};

/** A code the table does not name: by its family (P1 connection, P2 query, P3 migrations, …). */
export const PRISMA_FAMILIES: Readonly<Record<string, DatabaseMeaning>> = {
  P1: m('unavailable', 'DB_CONNECTION_ERROR'),
  P2: m('internal', 'DB_ERROR'),
  P3: m('internal', 'DB_ERROR'),
  P4: m('internal', 'DB_ERROR'),
  P5: m('internal', 'DB_ERROR'),
  P6: m('internal', 'DB_ERROR'),
};

/** Prisma's error classes (`@prisma/client/runtime/library`) that carry no code of their own. */
export const PRISMA_CLASSES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    PrismaClientValidationError: m('validation', 'DB_INVALID_STATEMENT'),
    // The query engine crashed: the process must restart it; repeating the query cannot help.
    PrismaClientRustPanicError: m('internal', 'DB_INTERNAL_ERROR'),
    PrismaClientUnknownRequestError: m('internal', 'DB_ERROR'),
    // No `errorCode`: the engine could not start or reach the database.
    PrismaClientInitializationError: m('unavailable', 'DB_CONNECTION_ERROR'),
    PrismaClientKnownRequestError: m('internal', 'DB_ERROR'),
  }),
);

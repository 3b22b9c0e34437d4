import type { DatabaseMeaning } from '../database/meaning.js';
import { meaning as m } from '../database/meaning.js';

/**
 * MongoDB server error codes. Sources: the server's `src/mongo/base/error_codes.yml` (names and
 * numbers), and the driver specifications the Node driver implements in its `src/error.ts`:
 * "Retryable Reads" and "Retryable Writes" (the codes in `RETRYABLE_READ_ERROR_CODES` /
 * `RETRYABLE_WRITE_ERROR_CODES`, marked "driver retryable" below) and "Server Discovery and
 * Monitoring" (the not-primary and node-is-recovering codes).
 */
export const MONGODB_CODES: Readonly<Record<number, DatabaseMeaning>> = {
  // driver retryable (RETRYABLE_READ_ERROR_CODES = RETRYABLE_WRITE_ERROR_CODES)
  6: m('unavailable', 'DB_CONNECTION_ERROR', true), // HostUnreachable
  7: m('unavailable', 'DB_CONNECTION_ERROR', true), // HostNotFound
  89: m('timeout', 'DB_CONNECTION_ERROR', true), // NetworkTimeout
  91: m('unavailable', 'DB_SHUTDOWN', true), // ShutdownInProgress
  189: m('unavailable', 'DB_NOT_PRIMARY', true), // PrimarySteppedDown
  262: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // ExceededTimeLimit
  9001: m('unavailable', 'DB_CONNECTION_LOST', true), // SocketException
  10107: m('unavailable', 'DB_NOT_PRIMARY', true), // NotWritablePrimary
  11600: m('unavailable', 'DB_SHUTDOWN', true), // InterruptedAtShutdown
  11602: m('unavailable', 'DB_NOT_PRIMARY', true), // InterruptedDueToReplStateChange
  13435: m('unavailable', 'DB_NOT_PRIMARY', true), // NotPrimaryNoSecondaryOk
  13436: m('unavailable', 'DB_NOT_PRIMARY', true), // NotPrimaryOrSecondary
  134: m('unavailable', 'DB_STARTING_UP', true), // ReadConcernMajorityNotAvailableYet
  // not primary / stale routing (SDAM, sharding): a new server selection helps
  10058: m('unavailable', 'DB_NOT_PRIMARY', true), // LegacyNotPrimary
  63: m('unavailable', 'DB_REDIRECT', true), // StaleShardVersion
  150: m('unavailable', 'DB_REDIRECT', true), // StaleEpoch
  13388: m('unavailable', 'DB_REDIRECT', true), // StaleConfig
  133: m('unavailable', 'DB_CONNECTION_ERROR', true), // FailedToSatisfyReadPreference
  202: m('timeout', 'DB_CONNECTION_ERROR', true), // NetworkInterfaceExceededTimeLimit
  462: m('rate_limit', 'DB_BUSY', true), // IngressRequestRateLimitExceeded
  402: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true), // ResourceExhausted (RetriableError)
  407: m('timeout', 'DB_POOL_TIMEOUT', true), // PooledConnectionAcquisitionExceededTimeLimit
  261: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true), // TooManyLogicalSessions
  365: m('unavailable', 'DB_BUSY', true), // TemporarilyUnavailable
  94: m('unavailable', 'DB_STARTING_UP', true), // NotYetInitialized
  14031: m('unavailable', 'DB_DISK_FULL', true), // OutOfDiskSpace
  // transactions and concurrency
  112: m('conflict', 'DB_WRITE_CONFLICT', true), // WriteConflict
  251: m('conflict', 'DB_TRANSACTION_ROLLBACK', true), // NoSuchTransaction
  225: m('conflict', 'DB_TRANSACTION_ROLLBACK', true), // TransactionTooOld
  239: m('conflict', 'DB_SNAPSHOT_TOO_OLD', true), // SnapshotTooOld
  246: m('conflict', 'DB_SNAPSHOT_TOO_OLD', true), // SnapshotUnavailable
  24: m('timeout', 'DB_LOCK_TIMEOUT', true), // LockTimeout
  46: m('conflict', 'DB_OBJECT_IN_USE', true), // LockBusy
  // another operation of its kind (an index build, a resharding) holds the collection for now
  117: m('conflict', 'DB_OBJECT_IN_USE', true), // ConflictingOperationInProgress
  // the transaction it names is already committed: the caller's sequence of commands is wrong
  256: m('validation', 'DB_INVALID_TRANSACTION_STATE'), // TransactionCommitted
  50: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // MaxTimeMSExpired
  290: m('timeout', 'DB_STATEMENT_TIMEOUT', true), // TransactionExceededLifetimeLimitSeconds
  // the write may have been applied: not safe to repeat blindly
  64: m('timeout', 'DB_COMMIT_UNKNOWN'), // WriteConcernTimeout (WriteConcernFailed before 8.1)
  11601: m('cancelled', 'DB_QUERY_CANCELED'), // Interrupted (killOp)
  276: m('cancelled', 'DB_QUERY_CANCELED'), // IndexBuildAborted
  237: m('cancelled', 'DB_QUERY_CANCELED'), // CursorKilled
  279: m('cancelled', 'DB_QUERY_CANCELED'), // ClientDisconnect
  // integrity and input
  11000: m('conflict', 'DB_UNIQUE_VIOLATION'), // DuplicateKey
  11001: m('conflict', 'DB_UNIQUE_VIOLATION'), // DuplicateKey (legacy)
  121: m('validation', 'DB_CHECK_VIOLATION'), // DocumentValidationFailure
  2: m('validation', 'DB_DATA_EXCEPTION'), // BadValue
  9: m('validation', 'DB_SYNTAX_ERROR'), // FailedToParse
  14: m('validation', 'DB_DATA_EXCEPTION'), // TypeMismatch
  20: m('validation', 'DB_INVALID_STATEMENT'), // IllegalOperation
  72: m('validation', 'DB_INVALID_STATEMENT'), // InvalidOptions
  79: m('validation', 'DB_INVALID_STATEMENT'), // UnknownReplWriteConcern
  100: m('validation', 'DB_INVALID_STATEMENT'), // UnsatisfiableWriteConcern
  59: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // CommandNotFound
  115: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // CommandNotSupported
  10334: m('validation', 'DB_PROGRAM_LIMIT'), // BSONObjectTooLarge
  146: m('validation', 'DB_PROGRAM_LIMIT'), // ExceededMemoryLimit
  292: m('validation', 'DB_PROGRAM_LIMIT'), // QueryExceededMemoryLimitNoDiskUseAllowed
  257: m('validation', 'DB_PROGRAM_LIMIT'), // TransactionTooLarge
  17280: m('validation', 'DB_PROGRAM_LIMIT'), // KeyTooLong
  // the command or document is malformed: the same request fails the same way
  4: m('validation', 'DB_INVALID_STATEMENT'), // NoSuchKey
  15: m('validation', 'DB_DATA_EXCEPTION'), // Overflow
  16: m('validation', 'DB_DATA_EXCEPTION'), // InvalidLength
  22: m('validation', 'DB_DATA_EXCEPTION'), // InvalidBSON
  28: m('validation', 'DB_INVALID_STATEMENT'), // PathNotViable
  29: m('validation', 'DB_INVALID_STATEMENT'), // NonExistentPath
  30: m('validation', 'DB_INVALID_STATEMENT'), // InvalidPath
  40: m('validation', 'DB_INVALID_STATEMENT'), // ConflictingUpdateOperators
  52: m('validation', 'DB_INVALID_STATEMENT'), // DollarPrefixedFieldName
  53: m('validation', 'DB_INVALID_STATEMENT'), // InvalidIdField
  54: m('validation', 'DB_INVALID_STATEMENT'), // NotSingleValueField
  55: m('validation', 'DB_INVALID_STATEMENT'), // InvalidDBRef
  56: m('validation', 'DB_INVALID_STATEMENT'), // EmptyFieldName
  57: m('validation', 'DB_INVALID_STATEMENT'), // DottedFieldName
  61: m('validation', 'DB_INVALID_STATEMENT'), // ShardKeyNotFound
  66: m('validation', 'DB_INVALID_STATEMENT'), // ImmutableField
  67: m('validation', 'DB_INVALID_STATEMENT'), // CannotCreateIndex
  73: m('validation', 'DB_INVALID_STATEMENT'), // InvalidNamespace
  166: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // CommandNotSupportedOnView
  168: m('validation', 'DB_INVALID_STATEMENT'), // InvalidPipelineOperator
  197: m('validation', 'DB_INVALID_STATEMENT'), // InvalidIndexSpecificationOption
  263: m('validation', 'DB_FEATURE_NOT_SUPPORTED'), // OperationNotSupportedInTransaction
  // what is (not) there
  26: m('not_found', 'DB_UNDEFINED_TABLE'), // NamespaceNotFound
  27: m('not_found', 'DB_UNDEFINED_OBJECT'), // IndexNotFound
  11: m('not_found', 'DB_UNDEFINED_OBJECT'), // UserNotFound
  31: m('not_found', 'DB_UNDEFINED_OBJECT'), // RoleNotFound
  43: m('not_found', 'DB_UNDEFINED_OBJECT'), // CursorNotFound
  48: m('conflict', 'DB_ALREADY_EXISTS'), // NamespaceExists
  68: m('conflict', 'DB_ALREADY_EXISTS'), // IndexAlreadyExists
  85: m('conflict', 'DB_ALREADY_EXISTS'), // IndexOptionsConflict
  86: m('conflict', 'DB_ALREADY_EXISTS'), // IndexKeySpecsConflict
  285: m('conflict', 'DB_ALREADY_EXISTS'), // IndexBuildAlreadyInProgress
  13297: m('conflict', 'DB_ALREADY_EXISTS'), // DatabaseDifferCase: the name exists in another case
  211: m('not_found', 'DB_UNDEFINED_OBJECT'), // KeyNotFound
  // who you are, what you may do
  13: m('permission', 'DB_PERMISSION_DENIED'), // Unauthorized
  18: m('auth', 'DB_AUTH_FAILED'), // AuthenticationFailed
  391: m('auth', 'DB_AUTH_FAILED'), // ReauthenticationRequired
  // the server itself
  1: m('internal', 'DB_INTERNAL_ERROR'), // InternalError
  8: m('internal', 'DB_INTERNAL_ERROR'), // UnknownError
};

/**
 * The error labels the server (or the driver, for a network error) attaches so that clients need
 * not guess (specifications "Transactions", "Retryable Writes", "Change Streams", "Client
 * Backpressure"). They decide before the code: the retry and what it covers.
 */
export const MONGODB_LABELS: ReadonlyMap<
  string,
  { readonly scope: 'transaction' | 'commit' | 'operation'; readonly fallback: DatabaseMeaning }
> = new Map(
  Object.entries({
    // The whole transaction failed and can be run again from `startTransaction`.
    TransientTransactionError: {
      scope: 'transaction',
      fallback: m('conflict', 'DB_TRANSACTION_ROLLBACK', true),
    },
    // The commit's outcome is unknown; `commitTransaction` is safe to call again.
    UnknownTransactionCommitResult: {
      scope: 'commit',
      fallback: m('unavailable', 'DB_COMMIT_UNKNOWN', true),
    },
    RetryableWriteError: {
      scope: 'operation',
      fallback: m('unavailable', 'DB_CONNECTION_ERROR', true),
    },
    ResumableChangeStreamError: {
      scope: 'operation',
      fallback: m('unavailable', 'DB_CONNECTION_ERROR', true),
    },
    // The server is overloaded and asks for a retry after a backoff.
    SystemOverloadedError: { scope: 'operation', fallback: m('rate_limit', 'DB_BUSY', true) },
    RetryableError: { scope: 'operation', fallback: m('unavailable', 'DB_BUSY', true) },
    PoolRequestedRetry: {
      scope: 'operation',
      fallback: m('unavailable', 'DB_CONNECTION_ERROR', true),
    },
  }),
);

/**
 * MongoDB Atlas refuses with its own code 8000 (`AtlasError`) and says why in the message only
 * (Atlas documentation, "Atlas M0 (Free Cluster) Limits" and "Troubleshoot Connection Issues"):
 * a refused login, an action the database user's role lacks, a plan's storage or collection
 * limit. Anything else it says stays the generic server error.
 */
export const ATLAS_MESSAGES: readonly (readonly [RegExp, DatabaseMeaning])[] = [
  [/^bad auth/i, m('auth', 'DB_AUTH_FAILED')],
  [/not allowed to do action/i, m('permission', 'DB_PERMISSION_DENIED')],
  [
    /over your space quota|already using \d+ (?:collections|databases)/i,
    m('quota', 'DB_QUOTA_EXCEEDED'),
  ],
];

/** The row of Atlas's code 8000 for its `message` ({@link ATLAS_MESSAGES}), if any. */
export function atlasMeaning(message: unknown): DatabaseMeaning | undefined {
  if (typeof message !== 'string') return undefined;
  for (const [pattern, meaning] of ATLAS_MESSAGES) if (pattern.test(message)) return meaning;
  return undefined;
}

/**
 * The driver's own error classes, by name (the `name` getter of each class in the driver's
 * `src/error.ts`), for errors that carry no server code.
 */
export const MONGODB_DRIVER_CLASSES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    MongoNetworkError: m('unavailable', 'DB_CONNECTION_LOST', true),
    MongoNetworkTimeoutError: m('timeout', 'DB_CONNECTION_ERROR', true),
    MongoServerSelectionError: m('unavailable', 'DB_CONNECTION_ERROR', true),
    MongoSystemError: m('unavailable', 'DB_CONNECTION_ERROR', true),
    MongoStalePrimaryError: m('unavailable', 'DB_NOT_PRIMARY', true),
    MongoServerClosedError: m('unavailable', 'DB_CONNECTION_LOST', true),
    MongoOperationTimeoutError: m('timeout', 'DB_STATEMENT_TIMEOUT', true),
    MongoTopologyClosedError: m('protocol', 'DB_CLIENT_CLOSED'),
    MongoClientClosedError: m('protocol', 'DB_CLIENT_CLOSED'),
    MongoNotConnectedError: m('protocol', 'DB_CLIENT_CLOSED'),
    MongoExpiredSessionError: m('protocol', 'DB_INVALID_TRANSACTION_STATE'),
    MongoTransactionError: m('protocol', 'DB_INVALID_TRANSACTION_STATE'),
    MongoCursorInUseError: m('protocol', 'DB_PROTOCOL_ERROR'),
    MongoCursorExhaustedError: m('protocol', 'DB_PROTOCOL_ERROR'),
    MongoTailableCursorError: m('protocol', 'DB_PROTOCOL_ERROR'),
    MongoBatchReExecutionError: m('protocol', 'DB_PROTOCOL_ERROR'),
    MongoUnexpectedServerResponseError: m('protocol', 'DB_PROTOCOL_ERROR'),
    MongoDecompressionError: m('protocol', 'DB_PROTOCOL_ERROR'),
    MongoInvalidArgumentError: m('validation', 'DB_INVALID_STATEMENT'),
    MongoParseError: m('validation', 'DB_INVALID_STATEMENT'),
    MongoAPIError: m('validation', 'DB_INVALID_STATEMENT'),
    MongoCompatibilityError: m('validation', 'DB_FEATURE_NOT_SUPPORTED'),
    MongoMissingCredentialsError: m('auth', 'DB_AUTH_FAILED'),
    MongoAWSError: m('auth', 'DB_AUTH_FAILED'),
    MongoOIDCError: m('auth', 'DB_AUTH_FAILED'),
    MongoAzureError: m('auth', 'DB_AUTH_FAILED'),
    MongoGCPError: m('auth', 'DB_AUTH_FAILED'),
    MongoKerberosError: m('auth', 'DB_AUTH_FAILED'),
    MongoMissingDependencyError: m('internal', 'DB_INTERNAL_ERROR'),
    // Client-side encryption (`src/client-side-encryption/errors.ts`): a bad argument to the
    // encryption API, and a KMS request that timed out on the network.
    MongoCryptInvalidArgumentError: m('validation', 'DB_INVALID_STATEMENT'),
    MongoCryptKMSRequestNetworkTimeoutError: m('timeout', 'DB_CONNECTION_ERROR', true),
  }),
);

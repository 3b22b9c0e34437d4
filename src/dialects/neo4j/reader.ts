import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, meaning as m } from '../database/meaning.js';

/**
 * Neo4j's status codes, `Neo.<classification>.<category>.<title>` (Neo4j Status Codes
 * reference): the classification says whether to retry — a `TransientError` is retried by
 * documentation (the driver's `retryable`, which re-runs the whole transaction function), a
 * `ClientError` wants the request changed, a `DatabaseError` is the server's own failure. The
 * rules below, first match, read the category and title; the last row of each classification is
 * its default.
 */
export const NEO4J_STATUS_RULES: readonly (readonly [RegExp, DatabaseMeaning])[] = [
  [
    /^Neo\.TransientError\.Transaction\.(?:Deadlock|Outdated|ConstraintsChanged)/,
    m('conflict', 'DB_DEADLOCK', true),
  ],
  [/^Neo\.TransientError\..*Timeout/, m('timeout', 'DB_LOCK_TIMEOUT', true)],
  [/^Neo\.TransientError\./, m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true)],
  // The driver retries it with a fresh token (`_isAuthorizationExpired`).
  [/^Neo\.ClientError\.Security\.AuthorizationExpired$/, m('auth', 'DB_AUTH_FAILED', true)],
  [
    /^Neo\.ClientError\.Security\.(?:Forbidden|.*Permission)/,
    m('permission', 'DB_PERMISSION_DENIED'),
  ],
  [/^Neo\.ClientError\.Security\./, m('auth', 'DB_AUTH_FAILED')],
  // Written to a follower or a read-only database: the routing driver reads these as
  // SessionExpired and sends the work again to the leader.
  [
    /^Neo\.ClientError\.(?:Cluster\.NotALeader|General\.ForbiddenOnReadOnlyDatabase)$/,
    m('unavailable', 'DB_NOT_PRIMARY', true),
  ],
  [/NotFound$/, m('not_found', 'DB_UNDEFINED_OBJECT')],
  [
    /^Neo\.ClientError\.Schema\.(?:ConstraintValidationFailed|.*AlreadyExists)/,
    m('conflict', 'DB_ALREADY_EXISTS'),
  ],
  [/^Neo\.ClientError\.Transaction\.TransactionTimedOut/, m('timeout', 'DB_STATEMENT_TIMEOUT')],
  [
    /^Neo\.ClientError\.Transaction\.(?:Terminated|LockClientStopped)$/,
    m('cancelled', 'DB_QUERY_CANCELED'),
  ],
  [/^Neo\.ClientError\.Request\./, m('protocol', 'DB_PROTOCOL_ERROR')],
  [/^Neo\.ClientError\./, m('validation', 'DB_INVALID_STATEMENT')],
  [/^Neo\.DatabaseError\./, m('internal', 'DB_INTERNAL_ERROR')],
];

/**
 * The driver's own codes (neo4j-driver-core `error.js`) and its errors with no code (`N/A`), by
 * their fixed message (neo4j-driver-core `internal/pool/pool.js`, bolt-connection
 * `bolt/handshake.js`, `channel/node/node-channel.js`).
 */
function driverMeaning(code: string, message: string): DatabaseMeaning | undefined {
  if (/timed out|Failed to establish connection in|didn't respond in/.test(message))
    return m('timeout', 'DB_CONNECTION_ERROR', true);
  if (code === 'ServiceUnavailable') return m('unavailable', 'DB_CONNECTION_ERROR', true);
  if (code === 'SessionExpired') return m('unavailable', 'DB_CONNECTION_LOST', true);
  if (code === 'ProtocolError' || message.startsWith('Server responded HTTP'))
    return m('protocol', 'DB_PROTOCOL_ERROR');
  return undefined;
}

/**
 * neo4j-driver's `Neo4jError`: a server failure by its status code ({@link NEO4J_STATUS_RULES}),
 * the driver's own by its code or message. `details.database` keeps the code and the GQL status.
 */
export const neo4jReader: Reader = {
  name: 'Neo4j error',
  requires: ['name'],
  instancesOnly: true,
  recognise(view) {
    if (view.name !== 'Neo4jError') return undefined;
    const e = view.input;
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof view.message === 'string' ? view.message : '';
    const row = code.startsWith('Neo.')
      ? NEO4J_STATUS_RULES.find(([pattern]) => pattern.test(code))?.[1]
      : driverMeaning(code, message);
    return (
      row &&
      databaseError(e, row, 'neo4j', {
        code,
        gqlStatus: typeof e.gqlStatus === 'string' ? e.gqlStatus : undefined,
      })
    );
  },
};

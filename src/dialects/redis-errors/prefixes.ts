import type { DatabaseMeaning } from '../database/meaning.js';
import { meaning as m } from '../database/meaning.js';

/**
 * Redis error replies by their first word, the error prefix. Sources: Redis documentation,
 * "Redis serialization protocol specification" (simple errors: "the first word after the `-`, up
 * to the first space or newline, represents the kind of error returned") and the prefixes the
 * server sends (`src/server.c` shared objects and `src/cluster.c`; the command pages for
 * `SCRIPT KILL`, `RESTORE`, `XGROUP`, `CLIENT UNBLOCK`). Retryable rows are retried as the one
 * command ({@link DatabaseRetryScope} `operation`), after the wait or reconnection the row names.
 */
export const REDIS_PREFIXES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    WRONGTYPE: m('validation', 'DB_WRONG_TYPE'), // operation against a key holding the wrong kind of value
    NOSCRIPT: m('not_found', 'DB_SCRIPT_NOT_FOUND'), // EVALSHA of an unknown script: EVAL it instead
    NOAUTH: m('auth', 'DB_AUTH_FAILED'), // authentication required
    WRONGPASS: m('auth', 'DB_AUTH_FAILED'), // invalid username-password pair or user disabled
    NOPERM: m('permission', 'DB_PERMISSION_DENIED'), // ACL: no permission for the command or key
    DENIED: m('permission', 'DB_PERMISSION_DENIED'), // protected mode refuses the connection
    READONLY: m('unavailable', 'DB_READ_ONLY', true), // a replica: reconnect to the primary (failover)
    LOADING: m('unavailable', 'DB_STARTING_UP', true), // loading the dataset in memory
    BUSY: m('unavailable', 'DB_BUSY', true), // a script or function is running
    UNKILLABLE: m('unavailable', 'DB_BUSY'), // the running script wrote: SHUTDOWN NOSAVE only
    MASTERDOWN: m('unavailable', 'DB_NOT_PRIMARY', true), // link with the primary is down
    TRYAGAIN: m('unavailable', 'DB_BUSY', true), // cluster: multi-key request during resharding
    CLUSTERDOWN: m('unavailable', 'DB_CLUSTER_DOWN', true), // cluster: hash slot not served
    MOVED: m('unavailable', 'DB_REDIRECT', true), // cluster: the slot is served by another node
    ASK: m('unavailable', 'DB_REDIRECT', true), // cluster: the slot is migrating
    CROSSSLOT: m('validation', 'DB_INVALID_STATEMENT'), // keys in different hash slots
    OOM: m('unavailable', 'DB_OUT_OF_MEMORY', true), // used memory > maxmemory
    NOREPLICAS: m('unavailable', 'DB_INSUFFICIENT_RESOURCES', true), // min-replicas-to-write not met
    MISCONF: m('unavailable', 'DB_DISK_FULL'), // RDB snapshots failing: writes refused until fixed
    EXECABORT: m('validation', 'DB_INVALID_STATEMENT'), // MULTI discarded: a queued command was bad
    BUSYKEY: m('conflict', 'DB_ALREADY_EXISTS'), // RESTORE / COPY target key exists
    BUSYGROUP: m('conflict', 'DB_ALREADY_EXISTS'), // XGROUP CREATE: consumer group exists
    NOGROUP: m('not_found', 'DB_UNDEFINED_OBJECT'), // no such stream consumer group
    NOTBUSY: m('validation', 'DB_INVALID_STATEMENT'), // SCRIPT KILL with no script running
    NOPROTO: m('protocol', 'DB_PROTOCOL_ERROR'), // HELLO: unsupported protocol version
    UNBLOCKED: m('cancelled', 'DB_QUERY_CANCELED'), // CLIENT UNBLOCK … ERROR
    ERR: m('internal', 'DB_ERROR'), // the generic prefix: its text decides (below)
  }),
);

/**
 * `ERR` replies whose text is fixed in the server's source and says more than the prefix:
 * `[pattern, row]`, the first match wins.
 */
export const REDIS_ERR_TEXTS: readonly (readonly [RegExp, DatabaseMeaning])[] = [
  [/^ERR max number of clients reached/, m('unavailable', 'DB_TOO_MANY_CONNECTIONS', true)],
  // Upstash's limits (upstash.com/docs/redis/troubleshooting): the plan's monthly or daily
  // request count and its storage are spent until the plan changes; concurrent connections
  // free up; a request, record or key over its size fails the same way again.
  [
    /^ERR max (daily )?requests? limit exceeded|^ERR DB capacity quota/,
    m('quota', 'DB_QUOTA_EXCEEDED'),
  ],
  [/^ERR max concurrent connections/, m('unavailable', 'DB_TOO_MANY_CONNECTIONS', true)],
  [/^ERR max .*size exceeded/, m('validation', 'DB_PROGRAM_LIMIT')],
  [/^ERR (unknown command|unknown subcommand)/, m('validation', 'DB_INVALID_STATEMENT')],
  [/^ERR wrong number of arguments/, m('validation', 'DB_INVALID_STATEMENT')],
  [/^ERR syntax error/, m('validation', 'DB_SYNTAX_ERROR')],
  [
    /^ERR (value is not|.* is not an integer|.* is not a (valid )?float)/,
    m('validation', 'DB_DATA_EXCEPTION'),
  ],
  // Stream IDs out of order or malformed (`XADD`, `XSETID`: "The ID specified in XADD …").
  [/^ERR The ID specified/, m('validation', 'DB_DATA_EXCEPTION')],
  // `proto-max-bulk-len` and the other size limits: the same command fails the same way.
  [/^ERR .*exceeds (the )?maximum/i, m('validation', 'DB_PROGRAM_LIMIT')],
  // A command the server's configuration turns off ("This instance has cluster support
  // disabled", `enable-debug-command`, …) or a context refuses (RESP2 subscriber mode).
  [
    /^ERR .*(?:support disabled|not allowed|only .* are allowed in this context)/,
    m('validation', 'DB_FEATURE_NOT_SUPPORTED'),
  ],
  [/^ERR (invalid password|AUTH .* called without any password)/, m('auth', 'DB_AUTH_FAILED')],
  [/^ERR no such key/, m('not_found', 'DB_NO_DATA')],
  // The server's shared replies for an argument out of its range or of the wrong form
  // (`shared.outofrangeerr`, "DB index is out of range", "invalid expire time in '…' command",
  // "increment or decrement would overflow", "timeout is not a float or out of range", …).
  [
    /^ERR .*(?:out of range|invalid|would overflow|is negative)/i,
    m('validation', 'DB_DATA_EXCEPTION'),
  ],
  // MULTI / EXEC / DISCARD / WATCH used out of order.
  [
    /^ERR .*(?:without MULTI|can not be nested|inside MULTI)/,
    m('validation', 'DB_INVALID_STATEMENT'),
  ],
  [/^ERR Protocol error/, m('protocol', 'DB_PROTOCOL_ERROR')],
  // A Lua script or function that cannot run as written (`src/eval.c`, `src/script_lua.c`):
  // it does not compile, calls an unknown command or a command with the wrong arguments, reads
  // an undeclared global, or names more keys than it passes.
  [
    /^ERR (?:Error compiling script|.* from script|.*Script attempted|Number of keys can't)/,
    m('validation', 'DB_INVALID_STATEMENT'),
  ],
  // FCALL of a function no library defines (`src/functions.c`): like NOSCRIPT.
  [/^ERR Function not found/, m('not_found', 'DB_SCRIPT_NOT_FOUND')],
];

/**
 * The client libraries' own errors, by class (node-redis `@redis/client` `lib/errors.js`;
 * ioredis `built/errors` and `redis-errors`). Their `name` is often `Error`: the constructor's
 * name is what tells them apart. Names other libraries use too (`AbortError`, `TimeoutError`)
 * are left to the readers of those names.
 */
export const REDIS_CLIENT_CLASSES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // WATCH saw a key change: the optimistic transaction (WATCH … MULTI … EXEC) runs again.
    WatchError: m('conflict', 'DB_WRITE_CONFLICT', true),
    ConnectionTimeoutError: m('timeout', 'DB_CONNECTION_ERROR', true),
    SocketTimeoutError: m('timeout', 'DB_CONNECTION_LOST', true),
    SocketTimeoutDuringMaintenanceError: m('timeout', 'DB_CONNECTION_LOST', true),
    CommandTimeoutDuringMaintenanceError: m('timeout', 'DB_STATEMENT_TIMEOUT', true),
    SocketClosedUnexpectedlyError: m('unavailable', 'DB_CONNECTION_LOST', true),
    ClientOfflineError: m('unavailable', 'DB_CONNECTION_LOST', true),
    RootNodesUnavailableError: m('unavailable', 'DB_CLUSTER_DOWN', true),
    // The reconnect strategy gave up: the client will not reconnect by itself.
    ReconnectStrategyError: m('unavailable', 'DB_CONNECTION_ERROR'),
    ClientClosedError: m('protocol', 'DB_CLIENT_CLOSED'),
    DisconnectsClientError: m('cancelled', 'DB_CLIENT_CLOSED'),
    // node-redis's `AbortError` (named `Error`, so the web platform's reader of the name does not
    // see it): the command's `AbortSignal` fired, the caller's cancel.
    AbortError: m('cancelled', 'DB_QUERY_CANCELED'),
    // ioredis: the command waited through `maxRetriesPerRequest` reconnections.
    MaxRetriesPerRequestError: m('unavailable', 'DB_CONNECTION_ERROR', true),
    ClusterAllFailedError: m('unavailable', 'DB_CLUSTER_DOWN', true),
  }),
);

/**
 * ioredis's own errors that are a plain `Error`, by their fixed message (its `built/redis` and
 * `built/cluster` sources).
 */
export const IOREDIS_MESSAGES: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // The connection is down and ioredis will not (or not yet) reconnect.
    'Connection is closed.': m('unavailable', 'DB_CONNECTION_LOST', true),
    "Stream isn't writeable and enableOfflineQueue options is false": m(
      'unavailable',
      'DB_CONNECTION_LOST',
      true,
    ),
    'None of startup nodes is available': m('unavailable', 'DB_CLUSTER_DOWN', true),
    // `commandTimeout` passed with no reply: the command may still run; a read is safe to repeat.
    'Command timed out': m('timeout', 'DB_STATEMENT_TIMEOUT', true),
  }),
);

/** The classes whose message is a server's error reply (node-redis, ioredis). */
export const REDIS_REPLY_CLASSES: ReadonlySet<string> = new Set([
  'ErrorReply',
  'SimpleError',
  'BlobError',
  'ReplyError',
]);

/** The row of an error reply's text: its prefix, and for `ERR` its fixed text. */
export function replyMeaning(message: string): DatabaseMeaning | undefined {
  const end = message.search(/[\s]/);
  const prefix = end < 0 ? message : message.slice(0, end);
  const row = REDIS_PREFIXES.get(prefix);
  if (prefix !== 'ERR') return row;
  for (const [pattern, meaning] of REDIS_ERR_TEXTS) if (pattern.test(message)) return meaning;
  return row;
}

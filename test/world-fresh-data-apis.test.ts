// The ninth fresh case set for issue 36: hosted data services an agent's tools reach over HTTP —
// Supabase (PostgREST, Auth, Storage, Edge Functions through @supabase/supabase-js), libSQL /
// Turso (the Hrana-over-HTTP pipeline), PlanetScale's HTTP driver, Upstash Redis's REST client,
// Elasticsearch's official client and ClickHouse's. Each error is built by the client itself
// against a 127.0.0.1 server answering as the service documents (the client's retries off, one
// request per case), and each expectation is what a careful client of that service does, from
// the reference cited above its family. No case here is built by another test: earlier sets sent
// PostgREST's and Elasticsearch's bodies through got, ky or fetch; these are each client's own
// error classes and its own ways out (a returned `{ error }`, a thrown class, a wrapped cause).
// 59/177 were right before this set's fixes, 174 after; the three known misses are errors whose
// client dropped what would tell (a code, a status, a timeout's reason). FRESH_SCORE=1 prints
// the score.
import { Client as ElasticClient } from '@elastic/elasticsearch';
import { ClickHouseLogLevel, createClient as createClickHouse } from '@clickhouse/client';
import { createClient as createLibsql } from '@libsql/client';
import { connect as planetscale } from '@planetscale/database';
import { createClient as createSupabase } from '@supabase/supabase-js';
import { Redis as Upstash } from '@upstash/redis';
import { beforeAll, describe } from 'vitest';
import WebSocket from 'ws';
import { freshCases, no, rejected, wait } from './helpers/fresh-cases.js';
import { again } from './helpers/database-cases.js';
import { freshServer, json, silent, freshCase as c } from './helpers/fresh-http.js';
import { closedPort } from './helpers/reply-server.js';
import type { Reply } from './helpers/reply-server.js';

const { answer, at, base } = freshServer('f9');

/** The server's clock on each reply that states an HTTP date, so the wait is exact. */
const DATE = 'Sat, 28 Nov 2026 00:00:00 GMT';
const DATE_S = Date.parse(DATE) / 1000;
/** An HTTP date `s` seconds after {@link DATE}. */
const dateIn = (s: number) => new Date((DATE_S + s) * 1000).toUTCString();
/** A plain-text or HTML reply (a gateway's page, not the service's JSON). */
const text = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/html', ...headers },
  body,
});
const BAD_GATEWAY = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
/** A base URL nothing listens on, for the refused connections. */
let refused = '';
beforeAll(async () => {
  refused = `http://127.0.0.1:${await closedPort()}`;
});
/** A result whose `error` member is the failure (an SDK that returns `{ data, error }`). */
const returned = async (call: PromiseLike<{ error: unknown }>): Promise<unknown> => {
  const { error } = await call;
  if (error === null || error === undefined) throw new Error('expected a returned error');
  return error;
};
/** The whole returned result (`{ data, error, status, … }`), as a caller passes it on. */
const whole = async (call: PromiseLike<{ error: unknown }>): Promise<unknown> => {
  const result = await call;
  if (result.error === null || result.error === undefined) throw new Error('expected an error');
  return result;
};
/** The client libraries log their failures: the cases keep the test output for vitest. */
const quietly = async <T>(run: () => Promise<T>): Promise<T> => {
  const saved = console.error;
  console.error = () => undefined;
  try {
    return await run();
  } finally {
    console.error = saved;
  }
};

// ---------------------------------------------------------------------------------------------
// Supabase (@supabase/supabase-js 2.109). PostgREST: postgrest.org/en/stable/references/
// errors.html (the PGRST codes and the SQLSTATE → status table; a SQLSTATE decides as
// PostgreSQL's own table does, class 40 re-runs the transaction); the client returns the parsed
// body as `{ error }` (a plain object, no status) and `.throwOnError()` throws `PostgrestError`.
// Auth: supabase.com/docs/guides/auth/debugging/error-codes (`over_request_rate_limit` 429 "wait a
// few minutes", `conflict` 409 "back off exponentially", `weak_password` 422, …) and auth-js's
// `handleError` (5xx and network failures are `AuthRetryableFetchError`, `session_not_found` is
// `AuthSessionMissingError`). Storage: supabase.com/docs/guides/storage/debugging/error-codes
// (NoSuchKey 404, KeyAlreadyExists 409, EntityTooLarge 413, InvalidJWT 401, AccessDenied 403,
// SlowDown 503, DatabaseTimeout 544). Edge Functions: supabase.com/docs/guides/functions/
// debugging (`FunctionsHttpError` carries the Response, `FunctionsRelayError` the relay's,
// `FunctionsFetchError` the fetch failure; 546 WORKER_LIMIT "not enough compute resources").
// ---------------------------------------------------------------------------------------------

const supabase = (url: string) =>
  createSupabase(url, 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket of its own; realtime is never connected here.
    realtime: { transport: WebSocket as never },
  });
/** PostgREST's error body. */
const pgrst = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
) => json(status, { code, details, hint, message }, headers);
/** A select on `notes`, retries off: what the client returns. */
const selectNotes = (reply: Reply) =>
  supabase(base('/rest/v1/notes', reply)).from('notes').select('*').retry(false);
const restReturned = (reply: Reply) => () => returned(selectNotes(reply));
const restWhole = (reply: Reply) => () => whole(selectNotes(reply));
const restThrown = (reply: Reply) => () =>
  rejected(async () => await selectNotes(reply).throwOnError());
const rpcReturned = (reply: Reply) => () =>
  returned(supabase(base('/rest/v1/rpc/report', reply)).rpc('report', { week: 1 }));
const insertReturned = (reply: Reply) => () =>
  returned(supabase(base('/rest/v1/notes', reply)).from('notes').insert({ id: 1 }));

describe('fresh Supabase PostgREST errors', () => {
  freshCases('postgrest', [
    c(
      'PostgREST 409 23503 foreign key violation, returned',
      insertReturned(
        pgrst(
          409,
          '23503',
          'insert or update on table "notes" violates foreign key constraint "notes_user_id_fkey"',
          'Key (user_id)=(7) is not present in table "users".',
        ),
      ),
      no('conflict'),
    ),
    c(
      'PostgREST 400 23502 not-null violation, thrown',
      () =>
        rejected(async () =>
          supabase(
            base(
              '/rest/v1/notes',
              pgrst(400, '23502', 'null value in column "title" violates not-null constraint'),
            ),
          )
            .from('notes')
            .insert({ id: 1 })
            .throwOnError(),
        ),
      no('validation'),
    ),
    c(
      'PostgREST 400 23514 check violation, whole result',
      restWhole(
        pgrst(400, '23514', 'new row for relation "notes" violates check constraint "len"'),
      ),
      no('validation'),
    ),
    c(
      'PostgREST 400 22001 value too long, returned',
      restReturned(pgrst(400, '22001', 'value too long for type character varying(20)')),
      no('validation'),
    ),
    c(
      'PostgREST 400 42703 undefined column, thrown',
      restThrown(pgrst(400, '42703', 'column notes.titel does not exist')),
      no('not_found'),
    ),
    c(
      'PostgREST 404 PGRST202 function not in the schema cache, returned',
      rpcReturned(
        pgrst(
          404,
          'PGRST202',
          'Could not find the function public.report(week) in the schema cache',
          'Searched for the function public.report with parameter week',
          'Perhaps you meant to call the function public.reports',
        ),
      ),
      no('not_found'),
    ),
    c(
      'PostgREST 400 PGRST204 column not in the schema cache, returned',
      insertReturned(
        pgrst(400, 'PGRST204', "Could not find the 'titel' column of 'notes' in the schema cache"),
      ),
      no('not_found'),
    ),
    c(
      'PostgREST 400 PGRST100 unparsable filter, whole result',
      restWhole(
        pgrst(
          400,
          'PGRST100',
          '"failed to parse filter (eqq.1)" (line 1, column 4)',
          'unexpected "q" expecting "("',
        ),
      ),
      no('validation'),
    ),
    c(
      'PostgREST 401 PGRST301 JWT cannot be decoded, thrown',
      restThrown(pgrst(401, 'PGRST301', 'JWSError JWSInvalidSignature')),
      no('auth'),
    ),
    c(
      'PostgREST 401 PGRST302 anonymous access disabled, returned',
      restReturned(pgrst(401, 'PGRST302', 'Anonymous access is disabled')),
      no('auth'),
    ),
    c(
      'PostgREST 503 PGRST000 database unreachable, returned',
      restReturned(
        pgrst(
          503,
          'PGRST000',
          'Could not connect with the database due to an incorrect db-uri or due to the PostgreSQL service not running.',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'PostgREST 503 PGRST001 internal connection error, thrown',
      restThrown(
        pgrst(503, 'PGRST001', 'Could not connect due to an internal error in the database.'),
      ),
      wait('unavailable'),
    ),
    c(
      'PostgREST 416 PGRST103 range not satisfiable, returned',
      restReturned(
        pgrst(
          416,
          'PGRST103',
          'Requested range not satisfiable',
          'An offset of 100 was requested, but there are only 4 rows.',
        ),
      ),
      no('validation'),
    ),
    c(
      'PostgREST 406 PGRST106 schema not exposed, returned',
      restReturned(
        pgrst(
          406,
          'PGRST106',
          'Invalid schema: private',
          null,
          'Only the following schemas are exposed: public',
        ),
      ),
      no('validation'),
    ),
    c(
      'PostgREST 500 40P01 deadlock in an rpc, returned (re-run the transaction)',
      rpcReturned(
        pgrst(
          500,
          '40P01',
          'deadlock detected',
          'Process 81 waits for ShareLock on transaction 904; blocked by process 82.',
        ),
      ),
      again('conflict', 'transaction'),
    ),
    c(
      'PostgREST 503 53300 too many connections, whole result',
      restWhole(pgrst(503, '53300', 'sorry, too many clients already')),
      wait('unavailable'),
    ),
    c(
      'PostgREST 403 42501 permission denied for table, thrown',
      restThrown(pgrst(403, '42501', 'permission denied for table notes')),
      no('permission'),
    ),
    c(
      'PostgREST 400 P0001 raise exception in a function, returned',
      rpcReturned(pgrst(400, 'P0001', 'week must be positive')),
      no('validation'),
    ),
    c(
      'PostgREST 500 57014 statement timeout in an rpc, thrown',
      () =>
        rejected(async () =>
          supabase(
            base(
              '/rest/v1/rpc/slow',
              pgrst(500, '57014', 'canceling statement due to statement timeout'),
            ),
          )
            .rpc('slow')
            .throwOnError(),
        ),
      wait('timeout'),
    ),
    c(
      'PostgREST 502 an HTML page from the gateway, whole result',
      restWhole(text(502, BAD_GATEWAY)),
      wait('unavailable'),
    ),
    c(
      'PostgREST connection refused, returned (status 0)',
      () => returned(supabase(refused).from('notes').select('*').retry(false)),
      wait('unavailable'),
    ),
    c(
      'PostgREST an aborted request, returned',
      () =>
        returned(
          supabase(base('/rest/v1/notes', silent(5000)))
            .from('notes')
            .select('*')
            .retry(false)
            .abortSignal(AbortSignal.abort()),
        ),
      no('cancelled'),
    ),
  ]);
});

/** Auth's error body, the 2024-01-01 API version (`code`) or the legacy one (`error_code`). */
const authError = (status: number, code: string, msg: string, legacy = false): Reply =>
  json(
    status,
    legacy ? { code: status, error_code: code, msg } : { code, msg },
    legacy ? {} : { 'x-supabase-api-version': '2024-01-01' },
  );
const signIn = (reply: Reply) => () =>
  quietly(() =>
    returned(
      supabase(base('/auth/v1/token', reply)).auth.signInWithPassword({
        email: 'a@example.com',
        password: 'pw-123456',
      }),
    ),
  );
const signUp = (reply: Reply) => () =>
  quietly(() =>
    returned(
      supabase(base('/auth/v1/signup', reply)).auth.signUp({
        email: 'a@example.com',
        password: 'pw',
      }),
    ),
  );
const getUser = (reply: Reply) => () =>
  quietly(() => returned(supabase(base('/auth/v1/user', reply)).auth.getUser('jwt.x.y')));

describe('fresh Supabase Auth errors', () => {
  freshCases('supabase-auth', [
    c(
      'Auth 429 over_request_rate_limit',
      signIn(authError(429, 'over_request_rate_limit', 'Request rate limit reached')),
      wait('rate_limit'),
    ),
    c(
      'Auth 429 over_sms_send_rate_limit (legacy error_code)',
      signUp(authError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded', true)),
      wait('rate_limit'),
    ),
    c(
      'Auth 422 weak_password (AuthWeakPasswordError)',
      () =>
        quietly(() =>
          returned(
            supabase(
              base(
                '/auth/v1/signup',
                json(
                  422,
                  {
                    code: 'weak_password',
                    msg: 'Password should be at least 6 characters.',
                    weak_password: { reasons: ['length'] },
                  },
                  { 'x-supabase-api-version': '2024-01-01' },
                ),
              ),
            ).auth.signUp({ email: 'a@example.com', password: 'pw' }),
          ),
        ),
      no('validation'),
    ),
    c(
      'Auth 422 user_already_exists',
      signUp(authError(422, 'user_already_exists', 'User already registered')),
      no('conflict'),
    ),
    c(
      'Auth 404 user_not_found',
      getUser(authError(404, 'user_not_found', 'User from sub claim in JWT does not exist')),
      no('not_found'),
    ),
    c(
      'Auth 403 bad_jwt',
      getUser(authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature')),
      no('auth'),
    ),
    c(
      'Auth 403 session_not_found (AuthSessionMissingError)',
      getUser(
        authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
      ),
      no('auth'),
    ),
    c(
      'Auth 401 no_authorization',
      getUser(authError(401, 'no_authorization', 'This endpoint requires a Bearer token')),
      no('auth'),
    ),
    c(
      'Auth 400 validation_failed',
      signUp(
        authError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
      ),
      no('validation'),
    ),
    c(
      'Auth 400 email_address_invalid (legacy error_code)',
      signUp(authError(400, 'email_address_invalid', 'Email address "a@example" is invalid', true)),
      no('validation'),
    ),
    c(
      'Auth 409 conflict (back off and retry)',
      signIn(authError(409, 'conflict', 'Request conflicts with another request in progress')),
      wait('conflict'),
    ),
    c(
      'Auth 503 (AuthRetryableFetchError)',
      signIn(json(503, { message: 'upstream connect error' })),
      wait('unavailable'),
    ),
    c(
      'Auth 504 (AuthRetryableFetchError)',
      signIn(text(504, '<html>504 Gateway Time-out</html>')),
      wait('timeout'),
    ),
    c(
      'Auth connection refused (AuthRetryableFetchError, status 0)',
      () =>
        quietly(() =>
          returned(
            supabase(refused).auth.signInWithPassword({ email: 'a@example.com', password: 'pw' }),
          ),
        ),
      wait('unavailable'),
    ),
  ]);
});

/** Storage's error body: the new `code` and the old `error`, `statusCode` as a string. */
const storageError = (status: number, code: string, error: string, message: string) =>
  json(status, { statusCode: String(status), code, error, message });
const download = (reply: Reply) => () =>
  returned(
    supabase(base('/storage/v1/object/avatars/a.png', reply))
      .storage.from('avatars')
      .download('a.png'),
  );
const upload = (reply: Reply) => () =>
  returned(
    supabase(base('/storage/v1/object/avatars/a.png', reply))
      .storage.from('avatars')
      .upload('a.png', 'bytes'),
  );

describe('fresh Supabase Storage errors', () => {
  freshCases('supabase-storage', [
    c(
      'Storage 404 NoSuchKey',
      download(storageError(404, 'NoSuchKey', 'not_found', 'Object not found')),
      no('not_found'),
    ),
    c(
      'Storage 409 KeyAlreadyExists',
      upload(storageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists')),
      no('conflict'),
    ),
    c(
      'Storage 413 EntityTooLarge',
      upload(
        storageError(
          413,
          'EntityTooLarge',
          'Payload too large',
          'The object exceeded the maximum allowed size',
        ),
      ),
      no('validation'),
    ),
    c(
      'Storage 401 InvalidJWT',
      download(
        storageError(401, 'InvalidJWT', 'Unauthorized', '"exp" claim timestamp check failed'),
      ),
      no('auth'),
    ),
    c(
      'Storage 403 AccessDenied (row-level security)',
      upload(
        storageError(
          403,
          'AccessDenied',
          'Unauthorized',
          'new row violates row-level security policy',
        ),
      ),
      no('permission'),
    ),
    c(
      'Storage 503 SlowDown',
      upload(storageError(503, 'SlowDown', 'Slow Down', 'Please reduce your request rate')),
      wait('rate_limit'),
      "storage-js keeps the status (503) and the message, not Storage's code SlowDown",
    ),
    c(
      'Storage 544 DatabaseTimeout',
      download(
        storageError(
          544,
          'DatabaseTimeout',
          'Database Timeout',
          'Timeout acquiring a connection to the database',
        ),
      ),
      wait('timeout'),
    ),
    c(
      'Storage connection refused (StorageUnknownError)',
      () => returned(supabase(refused).storage.from('avatars').download('a.png')),
      wait('unavailable'),
    ),
  ]);
});

const invoke =
  (reply: Reply, options: { timeout?: number } = {}) =>
  () =>
    returned(supabase(base('/functions/v1/hello', reply)).functions.invoke('hello', options));

describe('fresh Supabase Edge Functions errors', () => {
  freshCases('supabase-functions', [
    c(
      'Functions 429 with Retry-After: 3 (FunctionsHttpError)',
      invoke(json(429, { error: 'slow down' }, { 'retry-after': '3' })),
      wait('rate_limit', 3000),
    ),
    c(
      'Functions 429 with Retry-After as an HTTP date',
      invoke(json(429, { error: 'slow down' }, { date: DATE, 'retry-after': dateIn(20) })),
      wait('rate_limit', 20_000),
    ),
    c(
      'Functions 404 NOT_FOUND',
      invoke(json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })),
      no('not_found'),
    ),
    c(
      'Functions 401 invalid JWT',
      invoke(json(401, { code: 401, message: 'Invalid JWT' })),
      no('auth'),
    ),
    c(
      'Functions 400 the function refuses its input',
      invoke(json(400, { error: 'name is required' })),
      no('validation'),
    ),
    c(
      'Functions 546 WORKER_LIMIT',
      invoke(
        json(546, {
          code: 'WORKER_LIMIT',
          message: 'Function failed due to not having enough compute resources (please check logs)',
        }),
      ),
      wait('unavailable'),
    ),
    c(
      'Functions 504 wall-clock limit',
      invoke(text(504, 'upstream request timeout')),
      wait('timeout'),
    ),
    c(
      'Functions relay error (x-relay-error: true, FunctionsRelayError)',
      invoke(json(502, { message: 'relay error' }, { 'x-relay-error': 'true' })),
      wait('unavailable'),
    ),
    c(
      'Functions connection refused (FunctionsFetchError)',
      () => returned(supabase(refused).functions.invoke('hello')),
      wait('unavailable'),
    ),
    c(
      'Functions client timeout (FunctionsFetchError)',
      invoke(silent(5000), { timeout: 40 }),
      wait('timeout'),
      "functions-js aborts its own controller with no reason on a timeout: a bare AbortError, the caller's abort's twin",
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// libSQL / Turso (@libsql/client 0.18 over HTTP: the Hrana pipeline, `LibsqlError` with `code`
// and the hrana-client error as `cause`). Codes: SQLite's result codes (sqlite.org/rescode.html:
// SQLITE_BUSY and SQLITE_LOCKED are retried, the constraint family is the caller's data, …),
// which libsql-server sends as the Hrana error `code`, extended codes included
// (`SQLITE_CONSTRAINT_UNIQUE`); libsql-server's own codes (TRANSACTION_TIMEOUT, STREAM_EXPIRED,
// BLOCKED — writes blocked by the plan's quota, docs.turso.tech "Usage and billing");
// hrana-client's `HttpServerError` for an HTTP status (mapped to `SERVER_ERROR`).
// ---------------------------------------------------------------------------------------------

/** Answer the version probe, and the pipeline with `reply`. */
const libsql = (reply: Reply) => () => {
  const path = answer(json(200, {})).replace(/^http:\/\/[^/]+/, '');
  // The client probes `v3` then falls back to `v2`: both pipelines answer alike.
  const url = at(`${path}/v3/pipeline`, reply) + path + '/';
  at(`${path}/v2/pipeline`, reply);
  at(`${path}/v3`, json(200, {}));
  return rejected(createLibsql({ url }).execute('INSERT INTO t VALUES (1)'));
};
const hrana = (code: string, message: string): Reply =>
  json(200, {
    baton: null,
    base_url: null,
    results: [
      { type: 'error', error: { message, code } },
      { type: 'ok', response: { type: 'close' } },
    ],
  });

describe('fresh libSQL errors', () => {
  freshCases('libsql', [
    c(
      'libSQL SQLITE_CONSTRAINT_UNIQUE',
      libsql(hrana('SQLITE_CONSTRAINT_UNIQUE', 'SQLite error: UNIQUE constraint failed: t.id')),
      no('conflict'),
    ),
    c(
      'libSQL SQLITE_CONSTRAINT_PRIMARYKEY',
      libsql(
        hrana('SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLite error: UNIQUE constraint failed: t.rowid'),
      ),
      no('conflict'),
    ),
    c(
      'libSQL SQLITE_CONSTRAINT_FOREIGNKEY',
      libsql(hrana('SQLITE_CONSTRAINT_FOREIGNKEY', 'SQLite error: FOREIGN KEY constraint failed')),
      no('conflict'),
    ),
    c(
      'libSQL SQLITE_CONSTRAINT_NOTNULL',
      libsql(
        hrana('SQLITE_CONSTRAINT_NOTNULL', 'SQLite error: NOT NULL constraint failed: t.name'),
      ),
      no('validation'),
    ),
    c(
      'libSQL SQLITE_CONSTRAINT_CHECK',
      libsql(hrana('SQLITE_CONSTRAINT_CHECK', 'SQLite error: CHECK constraint failed: len')),
      no('validation'),
    ),
    c(
      'libSQL SQLITE_BUSY (database is locked: re-run the transaction)',
      libsql(hrana('SQLITE_BUSY', 'SQLite error: database is locked')),
      again('unavailable', 'transaction'),
    ),
    c(
      'libSQL SQLITE_LOCKED',
      libsql(hrana('SQLITE_LOCKED', 'SQLite error: database table is locked')),
      again('unavailable', 'transaction'),
    ),
    c(
      'libSQL SQLITE_ERROR no such table',
      libsql(hrana('SQLITE_ERROR', 'SQLite error: no such table: t')),
      no('not_found'),
    ),
    c(
      'libSQL SQL_PARSE_ERROR',
      libsql(
        hrana(
          'SQL_PARSE_ERROR',
          'SQL string could not be parsed: near SELEC, "None": syntax error at (1, 6)',
        ),
      ),
      no('validation'),
    ),
    c(
      'libSQL SQLITE_READONLY',
      libsql(hrana('SQLITE_READONLY', 'SQLite error: attempt to write a readonly database')),
      no('permission'),
    ),
    c(
      'libSQL SQLITE_TOOBIG',
      libsql(hrana('SQLITE_TOOBIG', 'SQLite error: string or blob too big')),
      no('validation'),
    ),
    c(
      'libSQL SQLITE_AUTH',
      libsql(hrana('SQLITE_AUTH', 'SQLite error: not authorized')),
      no('permission'),
    ),
    c(
      'libSQL SQLITE_INTERRUPT',
      libsql(hrana('SQLITE_INTERRUPT', 'SQLite error: interrupted')),
      no('cancelled'),
    ),
    c(
      'libSQL SQLITE_FULL',
      libsql(hrana('SQLITE_FULL', 'SQLite error: database or disk is full')),
      no('quota'),
    ),
    c(
      'libSQL BLOCKED (writes blocked by the plan)',
      libsql(hrana('BLOCKED', 'Operation was blocked: writes are blocked, upgrade your plan')),
      no('quota'),
    ),
    c(
      'libSQL TRANSACTION_TIMEOUT',
      libsql(hrana('TRANSACTION_TIMEOUT', 'Transaction timed-out')),
      again('timeout', 'transaction'),
    ),
    c(
      'libSQL HTTP 401 (SERVER_ERROR)',
      libsql({ status: 401, headers: { 'content-type': 'text/plain' }, body: 'Unauthorized' }),
      no('auth'),
    ),
    c(
      'libSQL HTTP 429 (SERVER_ERROR)',
      libsql({ status: 429, headers: { 'content-type': 'text/plain' }, body: 'Too many requests' }),
      wait('rate_limit'),
    ),
    c(
      'libSQL HTTP 503 (SERVER_ERROR)',
      libsql({
        status: 503,
        headers: { 'content-type': 'text/plain' },
        body: 'Service Unavailable',
      }),
      wait('unavailable'),
    ),
    c(
      'libSQL a 200 whose body is not the pipeline (HRANA_PROTO_ERROR)',
      libsql(json(200, { unexpected: true })),
      no('protocol'),
    ),
    c(
      'libSQL connection refused',
      () => rejected(createLibsql({ url: refused }).execute('SELECT 1')),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// PlanetScale (@planetscale/database 1.20: `DatabaseError` with `status` and `body` { code,
// message }; `UnknownError` with `context` { status, headers, body } for a body that is not the
// API's). A statement's error arrives in a 200 as `error` (status 400 set by the driver) in
// Vitess's form "… rpc error: code = X desc = <MySQL text> (errno N) (sqlstate S) …": the MySQL
// errno decides (dev.mysql.com "Server Error Message Reference"; vitess.io/docs/reference/
// errors/query-serving for Vitess's own numbers and gRPC codes). planetscale.com/docs/
// reference/planetscale-errors; the HTTP API's own errors are Connect errors (lowercase codes).
// ---------------------------------------------------------------------------------------------

const vitess = (grpc: string, text: string, errno: number, sqlstate: string) =>
  `target: app.-.primary: vttablet: rpc error: code = ${grpc} desc = ${text} (errno ${errno}) (sqlstate ${sqlstate}) (CallerID: planetscale-admin): Sql: "insert into t(id) values (:vtg1 /* INT64 */)", BindVars: {REDACTED}`;
/** A statement's failure: 200 with `error`. */
const statement = (code: string, message: string): Reply =>
  json(200, { session: { signedSession: 's' }, error: { code, message } });
const ps = (reply: Reply) => () =>
  rejected(
    planetscale({
      // The driver posts to an absolute path: the cases take turns at it.
      url: at('/psdb.v1alpha1.Database/Execute', reply).replace('http://', 'http://u:p@'),
    }).execute('insert into t(id) values (1)'),
  );

describe('fresh PlanetScale errors', () => {
  freshCases('planetscale', [
    c(
      'PlanetScale errno 1062 duplicate entry',
      ps(
        statement(
          'ALREADY_EXISTS',
          vitess('AlreadyExists', "Duplicate entry '1' for key 't.PRIMARY'", 1062, '23000'),
        ),
      ),
      no('conflict'),
    ),
    c(
      'PlanetScale errno 1213 deadlock (re-run the transaction)',
      ps(
        statement(
          'ABORTED',
          vitess(
            'Aborted',
            'Deadlock found when trying to get lock; try restarting transaction',
            1213,
            '40001',
          ),
        ),
      ),
      again('conflict', 'transaction'),
    ),
    c(
      'PlanetScale errno 1205 lock wait timeout',
      ps(
        statement(
          'DEADLINE_EXCEEDED',
          vitess(
            'DeadlineExceeded',
            'Lock wait timeout exceeded; try restarting transaction',
            1205,
            'HY000',
          ),
        ),
      ),
      again('timeout', 'transaction'),
    ),
    c(
      'PlanetScale errno 1146 table does not exist',
      ps(statement('NOT_FOUND', vitess('NotFound', "Table 'app.t' doesn't exist", 1146, '42S02'))),
      no('not_found'),
    ),
    c(
      'PlanetScale errno 1054 unknown column',
      ps(
        statement(
          'INVALID_ARGUMENT',
          vitess('InvalidArgument', "Unknown column 'nme' in 'field list'", 1054, '42S22'),
        ),
      ),
      no('not_found'),
    ),
    c(
      'PlanetScale errno 1064 syntax error',
      ps(
        statement(
          'INVALID_ARGUMENT',
          vitess(
            'InvalidArgument',
            "You have an error in your SQL syntax; check the manual near 'selec' at line 1",
            1064,
            '42000',
          ),
        ),
      ),
      no('validation'),
    ),
    c(
      'PlanetScale errno 1406 data too long',
      ps(
        statement(
          'INVALID_ARGUMENT',
          vitess('InvalidArgument', "Data too long for column 'name' at row 1", 1406, '22001'),
        ),
      ),
      no('validation'),
    ),
    c(
      'PlanetScale errno 1048 column cannot be null',
      ps(
        statement(
          'INVALID_ARGUMENT',
          vitess('InvalidArgument', "Column 'name' cannot be null", 1048, '23000'),
        ),
      ),
      no('validation'),
    ),
    c(
      'PlanetScale errno 1452 foreign key',
      ps(
        statement(
          'FAILED_PRECONDITION',
          vitess(
            'FailedPrecondition',
            'Cannot add or update a child row: a foreign key constraint fails',
            1452,
            '23000',
          ),
        ),
      ),
      no('conflict'),
    ),
    c(
      'PlanetScale errno 3024 query timeout',
      ps(
        statement(
          'DEADLINE_EXCEEDED',
          vitess(
            'DeadlineExceeded',
            'Query execution was interrupted, maximum statement execution time exceeded',
            3024,
            'HY000',
          ),
        ),
      ),
      wait('timeout'),
    ),
    c(
      'PlanetScale Vitess row limit (errno 10001)',
      ps(statement('ABORTED', vitess('Aborted', 'Row count exceeded 100000', 10001, 'HY000'))),
      no('validation'),
    ),
    c(
      'PlanetScale errno 1105 transaction pool full (RESOURCE_EXHAUSTED)',
      ps(
        statement(
          'RESOURCE_EXHAUSTED',
          vitess('ResourceExhausted', 'transaction pool connection limit exceeded', 1105, 'HY000'),
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'PlanetScale errno 1105 tablet not serving (UNAVAILABLE)',
      ps(
        statement(
          'UNAVAILABLE',
          vitess('Unavailable', 'operation not allowed in state NOT_SERVING', 1105, 'HY000'),
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'PlanetScale errno 1290 read-only (super_read_only during a failover)',
      ps(
        statement(
          'FAILED_PRECONDITION',
          vitess(
            'FailedPrecondition',
            'The MySQL server is running with the --super-read-only option so it cannot execute this statement',
            1290,
            'HY000',
          ),
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'PlanetScale errno 1142 command denied',
      ps(
        statement(
          'PERMISSION_DENIED',
          vitess(
            'PermissionDenied',
            "INSERT command denied to user 'ro'@'%' for table 't'",
            1142,
            '42000',
          ),
        ),
      ),
      no('permission'),
    ),
    c(
      'PlanetScale HTTP 401 unauthenticated',
      ps(
        json(401, {
          error: { code: 'unauthenticated', message: 'invalid authorization credentials' },
        }),
      ),
      no('auth'),
    ),
    c(
      'PlanetScale HTTP 403 permission_denied',
      ps(json(403, { error: { code: 'permission_denied', message: 'password is read-only' } })),
      no('permission'),
    ),
    c(
      'PlanetScale HTTP 429 resource_exhausted with Retry-After: 2',
      ps(
        json(
          429,
          { error: { code: 'resource_exhausted', message: 'rate limit exceeded' } },
          { 'retry-after': '2' },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'PlanetScale HTTP 503 unavailable',
      ps(json(503, { error: { code: 'unavailable', message: 'database is unavailable' } })),
      wait('unavailable'),
    ),
    c(
      'PlanetScale HTTP 522 a Cloudflare page (UnknownError)',
      ps(text(522, '<html><title>522: Connection timed out</title></html>')),
      wait('timeout'),
    ),
    c(
      'PlanetScale HTTP 502 an HTML page with Retry-After: 9 (UnknownError)',
      ps(text(502, BAD_GATEWAY, { 'retry-after': '9' })),
      wait('unavailable', 9000),
    ),
    c(
      'PlanetScale connection refused',
      () =>
        rejected(
          planetscale({ url: refused.replace('http://', 'http://u:p@') }).execute('select 1'),
        ),
      wait('unavailable'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Upstash Redis (@upstash/redis 1.39 REST client, retries off: `UpstashError` whose message is
// the Redis error text, then ", command was: […]"; "Command N [ cmd ] failed: …" from a
// pipeline; `UpstashJSONParseError` for a body that is not JSON). The Redis prefixes decide
// (redis.io "Redis serialization protocol specification": the first word is the kind of error);
// Upstash's own texts: upstash.com/docs/redis/troubleshooting (max requests limit: the monthly
// or daily count of the plan, not retried; max concurrent connections: retried; max request /
// record / key size: the command itself; DB capacity quota: the plan; WRONGPASS / NOAUTH: the
// token).
// ---------------------------------------------------------------------------------------------

const redis = (url: string, enableAutoPipelining = false) =>
  new Upstash({ url, token: 't', retry: false, enableTelemetry: false, enableAutoPipelining });
const upstash =
  (error: string, status = 400) =>
  () =>
    rejected(redis(answer(json(status, { error }))).incr('k'));

describe('fresh Upstash Redis errors', () => {
  freshCases('upstash', [
    c(
      'Upstash WRONGTYPE',
      upstash('WRONGTYPE Operation against a key holding the wrong kind of value'),
      no('validation'),
    ),
    c(
      'Upstash ERR max requests limit exceeded (monthly)',
      upstash('ERR max requests limit exceeded. Limit: 500000, Usage: 500000'),
      no('quota'),
    ),
    c(
      'Upstash ERR max daily request limit exceeded',
      upstash(
        'ERR max daily request limit exceeded. Limit: 10000, Usage: 10000. See https://upstash.com/docs/redis/troubleshooting/max_daily_request_limit for details',
      ),
      no('quota'),
    ),
    c(
      'Upstash ERR max concurrent connections exceeded',
      upstash('ERR max concurrent connections exceeded'),
      wait('unavailable'),
    ),
    c(
      'Upstash ERR max request size exceeded',
      upstash('ERR max request size exceeded. Limit: 1048576 bytes, Actual: 2097152 bytes'),
      no('validation'),
    ),
    c(
      'Upstash ERR max single record size exceeded',
      upstash('ERR max single record size exceeded. Limit: 104857600 bytes'),
      no('validation'),
    ),
    c(
      'Upstash ERR max key size exceeded',
      upstash('ERR max key size exceeded. Limit: 32768 bytes'),
      no('validation'),
    ),
    c(
      'Upstash ERR DB capacity quota exceeded',
      upstash('ERR DB capacity quota exceeded'),
      no('quota'),
    ),
    c('Upstash 401 Unauthorized', upstash('Unauthorized', 401), no('auth')),
    c(
      'Upstash WRONGPASS invalid or missing auth token',
      upstash('WRONGPASS invalid or missing auth token', 401),
      no('auth'),
    ),
    c(
      'Upstash NOPERM',
      upstash("NOPERM this user has no permissions to run the 'incr' command", 403),
      no('permission'),
    ),
    c('Upstash ERR unknown command', upstash("ERR unknown command 'incrx'"), no('validation')),
    c(
      'Upstash ERR value is not an integer',
      upstash('ERR value is not an integer or out of range'),
      no('validation'),
    ),
    c(
      'Upstash READONLY (a read region)',
      upstash("READONLY You can't write against a read only replica."),
      wait('unavailable'),
    ),
    c(
      'Upstash NOSCRIPT',
      () =>
        rejected(
          redis(
            answer(json(400, { error: 'NOSCRIPT No matching script. Please use EVAL.' })),
          ).evalsha('abc', [], []),
        ),
      no('not_found'),
    ),
    c(
      'Upstash BUSYGROUP',
      () =>
        rejected(
          redis(
            answer(json(400, { error: 'BUSYGROUP Consumer Group name already exists' })),
          ).xgroup('s', { type: 'CREATE', group: 'g', id: '$' }),
        ),
      no('conflict'),
    ),
    c(
      'Upstash an error in a 200 reply',
      () => rejected(redis(answer(json(200, { error: 'ERR syntax error' }))).set('k', 'v')),
      no('validation'),
    ),
    c(
      'Upstash a pipeline command fails',
      () => {
        const p = redis(
          base(
            '/pipeline',
            json(200, [{ result: 'OK' }, { error: 'ERR value is not an integer or out of range' }]),
          ),
        ).pipeline();
        p.set('k', 'v');
        p.incr('k');
        return rejected(p.exec());
      },
      no('validation'),
    ),
    c(
      'Upstash a command of an automatic pipeline fails',
      () =>
        rejected(
          redis(
            base('/pipeline', json(200, [{ error: 'NOPERM this user has no permissions' }])),
            true,
          ).get('k'),
        ),
      no('permission'),
    ),
    c(
      'Upstash an HTML 502 (UpstashJSONParseError)',
      () => rejected(redis(answer(text(502, BAD_GATEWAY))).get('k')),
      wait('unavailable'),
    ),
    c('Upstash connection refused', () => rejected(redis(refused).get('k')), wait('unavailable')),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Elasticsearch (@elastic/elasticsearch 9.4, maxRetries 0: `ResponseError` with `statusCode`,
// `body` and `headers`; `ConnectionError`, `TimeoutError`, `RequestAbortedError`,
// `DeserializationError`, `ProductNotSupportedError`). Reference: elastic.co/guide/en/
// elasticsearch/reference/current (the `error.type` of each API; "Circuit breaker settings":
// `durability` TRANSIENT is retried, PERMANENT is the request alone; "Thread pools": 429
// es_rejected_execution_exception is retried with backoff; "Optimistic concurrency control";
// "Fix watermark errors": the flood-stage block is lifted when disk frees; cluster blocks with
// SERVICE_UNAVAILABLE while the cluster recovers; "Security privileges").
// ---------------------------------------------------------------------------------------------

const PRODUCT = { 'x-elastic-product': 'Elasticsearch' };
const esError = (
  status: number,
  type: string,
  reason: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Reply =>
  json(
    status,
    { error: { root_cause: [{ type, reason }], type, reason, ...extra }, status },
    { ...PRODUCT, ...headers },
  );
const elastic = (url: string, requestTimeout = 10_000) =>
  new ElasticClient({ node: url, maxRetries: 0, requestTimeout });
const esGet = (reply: Reply) => () =>
  rejected(elastic(base('/logs/_doc/1', reply)).get({ index: 'logs', id: '1' }));
const esIndex = (reply: Reply) => () =>
  rejected(
    elastic(base('/logs/_doc/1', reply)).index({ index: 'logs', id: '1', document: { a: 1 } }),
  );
const esSearch = (reply: Reply) => () =>
  rejected(
    elastic(base('/logs/_search', reply)).search({ index: 'logs', query: { match_all: {} } }),
  );

describe('fresh Elasticsearch client errors', () => {
  freshCases('elasticsearch', [
    c(
      'ES 404 document_missing_exception (update)',
      () =>
        rejected(
          elastic(
            base(
              '/logs/_update/1',
              esError(404, 'document_missing_exception', '[1]: document missing', {
                index: 'logs',
              }),
            ),
          ).update({ index: 'logs', id: '1', doc: { a: 1 } }),
        ),
      no('not_found'),
    ),
    c(
      'ES 400 resource_already_exists_exception (create index)',
      () =>
        rejected(
          elastic(
            base(
              '/logs',
              esError(400, 'resource_already_exists_exception', 'index [logs/abc] already exists', {
                index: 'logs',
              }),
            ),
          ).indices.create({ index: 'logs' }),
        ),
      no('conflict'),
    ),
    c(
      'ES 409 version_conflict_engine_exception on index with if_seq_no',
      esIndex(
        esError(
          409,
          'version_conflict_engine_exception',
          '[1]: version conflict, required seqNo [5], primary term [1]. current document has seqNo [6] and primary term [1]',
          { index: 'logs', shard: '0' },
        ),
      ),
      wait('conflict'),
    ),
    c(
      'ES 429 es_rejected_execution_exception (search queue)',
      esSearch(
        esError(
          429,
          'es_rejected_execution_exception',
          'rejected execution of TimedRunnable on QueueResizingEsThreadPoolExecutor[name = node-1/search, queue capacity = 1000]',
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'ES 429 es_rejected_execution_exception with Retry-After: 4 (a proxy in front)',
      esIndex(
        esError(
          429,
          'es_rejected_execution_exception',
          'rejected execution of primary operation',
          {},
          { 'retry-after': '4' },
        ),
      ),
      wait('rate_limit', 4000),
    ),
    c(
      'ES 429 circuit_breaking_exception [parent] TRANSIENT',
      esSearch(
        esError(
          429,
          'circuit_breaking_exception',
          '[parent] Data too large, data for [<http_request>] would be [1023mb], which is larger than the limit of [1020mb]',
          { bytes_wanted: 1, bytes_limit: 1, durability: 'TRANSIENT' },
        ),
      ),
      wait('rate_limit'),
    ),
    c(
      'ES 429 circuit_breaking_exception [request] PERMANENT',
      esSearch(
        esError(
          429,
          'circuit_breaking_exception',
          '[request] Data too large, data for [<reused_arrays>] would be [600mb], which is larger than the limit of [500mb]',
          { bytes_wanted: 2, bytes_limit: 1, durability: 'PERMANENT' },
        ),
      ),
      no('validation'),
    ),
    c(
      'ES 429 cluster_block_exception flood-stage watermark',
      esIndex(
        esError(
          429,
          'cluster_block_exception',
          'index [logs] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'ES 503 cluster_block_exception state not recovered',
      esSearch(
        esError(
          503,
          'cluster_block_exception',
          'blocked by: [SERVICE_UNAVAILABLE/1/state not recovered / initialized];',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'ES 503 no_shard_available_action_exception',
      esGet(
        esError(
          503,
          'no_shard_available_action_exception',
          'No shard available for [get [logs][1]: routing [null]]',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'ES 503 unavailable_shards_exception',
      esIndex(
        esError(
          503,
          'unavailable_shards_exception',
          '[logs][0] primary shard is not active Timeout: [1m]',
        ),
      ),
      wait('unavailable'),
    ),
    c(
      'ES 503 process_cluster_event_timeout_exception',
      () =>
        rejected(
          elastic(
            base(
              '/logs2',
              esError(
                503,
                'process_cluster_event_timeout_exception',
                'failed to process cluster event (create-index [logs2], cause [api]) within 30s',
              ),
            ),
          ).indices.create({ index: 'logs2' }),
        ),
      wait('timeout'),
    ),
    c(
      'ES 401 security_exception (missing credentials)',
      esGet(
        esError(
          401,
          'security_exception',
          'missing authentication credentials for REST request [/logs/_doc/1]',
          { header: { 'WWW-Authenticate': 'Basic realm="security"' } },
          { 'www-authenticate': 'Basic realm="security" charset="UTF-8"' },
        ),
      ),
      no('auth'),
    ),
    c(
      'ES 403 security_exception (action unauthorized)',
      esIndex(
        esError(
          403,
          'security_exception',
          'action [indices:data/write/index] is unauthorized for user [reader] with effective roles [viewer] on indices [logs]',
        ),
      ),
      no('permission'),
    ),
    c(
      'ES 400 mapper_parsing_exception',
      esIndex(
        esError(
          400,
          'mapper_parsing_exception',
          "failed to parse field [a] of type [long] in document with id '1'. Preview of field's value: 'x'",
        ),
      ),
      no('validation'),
    ),
    c(
      'ES 400 document_parsing_exception',
      esIndex(
        esError(
          400,
          'document_parsing_exception',
          '[1:6] failed to parse field [a] of type [long]',
        ),
      ),
      no('validation'),
    ),
    c(
      'ES 400 strict_dynamic_mapping_exception',
      esIndex(
        esError(
          400,
          'strict_dynamic_mapping_exception',
          '[1:2] mapping set to strict, dynamic introduction of [b] within [_doc] is not allowed',
        ),
      ),
      no('validation'),
    ),
    c(
      'ES 400 parsing_exception (query)',
      esSearch(esError(400, 'parsing_exception', 'unknown query [matchall]', { line: 1, col: 20 })),
      no('validation'),
    ),
    c(
      'ES 400 illegal_argument_exception (result window too large)',
      esSearch(
        esError(
          400,
          'illegal_argument_exception',
          'Result window is too large, from + size must be less than or equal to: [10000] but was [20000].',
        ),
      ),
      no('validation'),
    ),
    c(
      'ES 400 search_phase_execution_exception caused by too_many_buckets',
      esSearch(
        esError(400, 'search_phase_execution_exception', 'all shards failed', {
          phase: 'query',
          grouped: true,
          caused_by: {
            type: 'too_many_buckets_exception',
            reason: 'Trying to create too many buckets. Must be less than or equal to: [65536].',
            max_buckets: 65536,
          },
        }),
      ),
      no('validation'),
    ),
    c(
      'ES 404 index_not_found_exception on search',
      esSearch(
        esError(404, 'index_not_found_exception', 'no such index [logs]', {
          'resource.type': 'index_or_alias',
          'resource.id': 'logs',
          index: 'logs',
        }),
      ),
      no('not_found'),
    ),
    c(
      'ES 500 an exception of the node',
      esSearch(
        esError(
          500,
          'null_pointer_exception',
          'Cannot invoke "Object.toString()" because "value" is null',
        ),
      ),
      wait('internal'),
    ),
    c('ES 502 an HTML page from a proxy', esGet(text(502, BAD_GATEWAY)), wait('unavailable')),
    c('ES 504 from a proxy, no body', esGet({ status: 504, headers: {} }), wait('timeout')),
    c(
      'ES connection refused (ConnectionError)',
      () => rejected(elastic(refused).get({ index: 'logs', id: '1' })),
      wait('unavailable'),
    ),
    c(
      'ES client timeout (TimeoutError)',
      () =>
        rejected(elastic(base('/logs/_doc/1', silent(5000)), 40).get({ index: 'logs', id: '1' })),
      wait('timeout'),
    ),
    c(
      'ES an aborted request (RequestAbortedError)',
      () =>
        rejected(
          elastic(base('/logs/_doc/1', silent(5000))).get(
            { index: 'logs', id: '1' },
            { signal: AbortSignal.abort() },
          ),
        ),
      no('cancelled'),
    ),
    c(
      'ES a 200 whose JSON is cut (DeserializationError)',
      esGet({
        status: 200,
        headers: { ...PRODUCT, 'content-type': 'application/json' },
        body: '{"_index":"logs","found":tr',
      }),
      no('protocol'),
    ),
    c(
      'ES a server that is not Elasticsearch (ProductNotSupportedError)',
      esGet(json(200, { _index: 'logs', found: true })),
      no('protocol'),
    ),
  ]);
});

// ---------------------------------------------------------------------------------------------
// ClickHouse (@clickhouse/client 1.23: `ClickHouseError` with `code` — the number of
// "Code: N. DB::Exception: … (NAME)" — and `type`, the name; the HTTP status and the
// X-ClickHouse-Exception-Code header are not kept). The documented table: ClickHouse's
// src/Common/ErrorCodes.cpp, each number's name, read with the server's own retry rules
// (clickhouse.com/docs/interfaces/http; "Quotas": an interval's quota ends at the time it
// names; "Settings: Query complexity": the limits of one query fail the same again; the
// Keeper / replica errors are a replicated table waiting for its coordinator).
// ---------------------------------------------------------------------------------------------

const chException = (code: number, name: string, text: string) =>
  `Code: ${code}. DB::Exception: ${text}. (${name}) (version 25.3.2.39 (official build))\n`;
const ch =
  (status: number, code: number, name: string, message: string) => (): Promise<unknown> => {
    const reply: Reply = {
      status,
      headers: {
        'content-type': 'text/plain; charset=UTF-8',
        'x-clickhouse-exception-code': String(code),
      },
      body: chException(code, name, message),
    };
    return chQuery(reply);
  };
const chQuery = (reply: Reply, requestTimeout = 10_000) => {
  const path = answer(reply).replace(/^http:\/\/[^/]+/, '');
  // The client reads a URL's path as the database: the case's path goes in `pathname`.
  const client = createClickHouse({
    url: at('/unused', json(200, {})),
    pathname: path,
    request_timeout: requestTimeout,
    log: { level: ClickHouseLogLevel.OFF },
  });
  return rejected(client.query({ query: 'SELECT * FROM events', format: 'JSONEachRow' }));
};

describe('fresh ClickHouse client errors', () => {
  freshCases('clickhouse', [
    c(
      'ClickHouse 60 UNKNOWN_TABLE',
      ch(404, 60, 'UNKNOWN_TABLE', 'Table default.events does not exist'),
      no('not_found'),
    ),
    c(
      'ClickHouse 81 UNKNOWN_DATABASE',
      ch(404, 81, 'UNKNOWN_DATABASE', 'Database analytics does not exist'),
      no('not_found'),
    ),
    c(
      'ClickHouse 47 UNKNOWN_IDENTIFIER',
      ch(404, 47, 'UNKNOWN_IDENTIFIER', "Missing columns: 'usr' while processing query"),
      no('not_found'),
    ),
    c(
      'ClickHouse 62 SYNTAX_ERROR',
      ch(
        400,
        62,
        'SYNTAX_ERROR',
        "Syntax error: failed at position 1 ('SELEC'): SELEC 1. Expected one of: Query",
      ),
      no('validation'),
    ),
    c(
      'ClickHouse 46 UNKNOWN_FUNCTION',
      ch(
        400,
        46,
        'UNKNOWN_FUNCTION',
        "Unknown function toDateTim. Maybe you meant: ['toDateTime']",
      ),
      no('not_found'),
    ),
    c(
      'ClickHouse 53 TYPE_MISMATCH',
      ch(400, 53, 'TYPE_MISMATCH', 'Cannot convert string abc to type UInt32'),
      no('validation'),
    ),
    c(
      'ClickHouse 27 CANNOT_PARSE_INPUT_ASSERTION_FAILED',
      ch(
        400,
        27,
        'CANNOT_PARSE_INPUT_ASSERTION_FAILED',
        "Cannot parse input: expected ',' before: 'x'",
      ),
      no('validation'),
    ),
    c(
      'ClickHouse 57 TABLE_ALREADY_EXISTS',
      ch(500, 57, 'TABLE_ALREADY_EXISTS', 'Table default.events already exists'),
      no('conflict'),
    ),
    c(
      'ClickHouse 159 TIMEOUT_EXCEEDED',
      ch(500, 159, 'TIMEOUT_EXCEEDED', 'Timeout exceeded: elapsed 30.0 seconds, maximum: 30'),
      wait('timeout'),
    ),
    c(
      'ClickHouse 164 READONLY',
      ch(403, 164, 'READONLY', 'default: Cannot execute query in readonly mode'),
      no('permission'),
    ),
    c(
      'ClickHouse 202 TOO_MANY_SIMULTANEOUS_QUERIES',
      ch(500, 202, 'TOO_MANY_SIMULTANEOUS_QUERIES', 'Too many simultaneous queries. Maximum: 100'),
      wait('rate_limit'),
    ),
    c(
      'ClickHouse 241 MEMORY_LIMIT_EXCEEDED (total)',
      ch(
        500,
        241,
        'MEMORY_LIMIT_EXCEEDED',
        'Memory limit (total) exceeded: would use 28.00 GiB (attempt to allocate chunk of 4194304 bytes), maximum: 27.94 GiB',
      ),
      wait('unavailable'),
    ),
    c(
      'ClickHouse 241 MEMORY_LIMIT_EXCEEDED (for query)',
      ch(
        500,
        241,
        'MEMORY_LIMIT_EXCEEDED',
        'Memory limit (for query) exceeded: would use 9.31 GiB (attempt to allocate chunk of 4194304 bytes), maximum: 9.31 GiB',
      ),
      no('validation'),
    ),
    c(
      'ClickHouse 252 TOO_MANY_PARTS',
      ch(
        500,
        252,
        'TOO_MANY_PARTS',
        'Too many parts (3001 with average size of 1.2 MiB) in table default.events. Merges are processing significantly slower than inserts',
      ),
      wait('rate_limit'),
    ),
    c(
      'ClickHouse 516 AUTHENTICATION_FAILED',
      ch(
        401,
        516,
        'AUTHENTICATION_FAILED',
        'default: Authentication failed: password is incorrect, or there is no user with such name',
      ),
      no('auth'),
    ),
    c(
      'ClickHouse 192 UNKNOWN_USER',
      ch(401, 192, 'UNKNOWN_USER', 'There is no user `bob` in user directories'),
      no('auth'),
    ),
    c(
      'ClickHouse 497 ACCESS_DENIED',
      ch(
        403,
        497,
        'ACCESS_DENIED',
        'reader: Not enough privileges. To execute this query, it is necessary to have the grant INSERT ON default.events',
      ),
      no('permission'),
    ),
    c(
      'ClickHouse 201 QUOTA_EXCEEDED',
      ch(
        429,
        201,
        'QUOTA_EXCEEDED',
        'Quota for user `default` for 3600s has been exceeded: queries = 101/100. Interval will end at 2026-11-28 01:00:00',
      ),
      no('quota'),
    ),
    c(
      'ClickHouse 158 TOO_MANY_ROWS',
      ch(
        500,
        158,
        'TOO_MANY_ROWS',
        'Limit for rows (controlled by max_rows_to_read setting) exceeded, max rows: 1.00 million, current rows: 8.19 million',
      ),
      no('validation'),
    ),
    c(
      'ClickHouse 209 SOCKET_TIMEOUT',
      ch(
        500,
        209,
        'SOCKET_TIMEOUT',
        'Timeout exceeded while reading from socket (10.0.0.3:9000, 300000 ms)',
      ),
      wait('timeout'),
    ),
    c(
      'ClickHouse 210 NETWORK_ERROR',
      ch(
        500,
        210,
        'NETWORK_ERROR',
        'Connection reset by peer, while writing to socket (10.0.0.3:9000)',
      ),
      wait('unavailable'),
    ),
    c(
      'ClickHouse 394 QUERY_WAS_CANCELLED',
      ch(500, 394, 'QUERY_WAS_CANCELLED', 'Query was cancelled'),
      no('cancelled'),
    ),
    c(
      'ClickHouse 242 TABLE_IS_READ_ONLY (replica lost Keeper)',
      ch(
        500,
        242,
        'TABLE_IS_READ_ONLY',
        'Table is in readonly mode since table metadata was not found in zookeeper',
      ),
      wait('unavailable'),
    ),
    c(
      'ClickHouse 999 KEEPER_EXCEPTION',
      ch(500, 999, 'KEEPER_EXCEPTION', 'Session expired (Session expired)'),
      wait('unavailable'),
    ),
    c(
      'ClickHouse 439 CANNOT_SCHEDULE_TASK',
      ch(
        500,
        439,
        'CANNOT_SCHEDULE_TASK',
        'Cannot schedule a task: no free thread (timeout=0) (threads=10000, jobs=10000)',
      ),
      wait('unavailable'),
    ),
    c(
      'ClickHouse 36 BAD_ARGUMENTS',
      ch(400, 36, 'BAD_ARGUMENTS', 'Unknown setting max_exection_time'),
      no('validation'),
    ),
    c(
      'ClickHouse a 502 HTML page from a proxy',
      () => chQuery(text(502, BAD_GATEWAY)),
      wait('unavailable'),
      "the client keeps neither the status nor the headers of an answer that is not ClickHouse's: a plain Error holding the page",
    ),
    c(
      'ClickHouse connection refused',
      () =>
        rejected(
          createClickHouse({ url: refused, request_timeout: 10_000 }).query({ query: 'SELECT 1' }),
        ),
      wait('unavailable'),
    ),
    c(
      'ClickHouse client timeout ("Timeout error.")',
      () => chQuery(silent(5000), 40),
      wait('timeout'),
    ),
    c(
      'ClickHouse an aborted query',
      () => {
        // Aborted once the server has the query: the client listens for the signal's event.
        const abort = new AbortController();
        const path = answer((_req, res) => {
          res.on('close', () => res.destroy());
          abort.abort();
        }).replace(/^http:\/\/[^/]+/, '');
        const client = createClickHouse({
          url: at('/unused', json(200, {})),
          pathname: path,
          request_timeout: 10_000,
        });
        return rejected(client.query({ query: 'SELECT 1', abort_signal: abort.signal }));
      },
      no('cancelled'),
    ),
  ]);
});

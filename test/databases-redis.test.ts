// Redis error replies raised by a real redis-server (started here on 127.0.0.1) through the two
// clients agents use, node-redis and ioredis, and the clients' own errors.
import { Redis as IoRedis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { freePort, skipRedisTests, startRedisServer } from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';
import { failure } from './helpers/sql-servers.js';

const PASSWORD = 'redis-secret';
// Generous: a loaded machine can hold a test's event loop for seconds, and a client that gives up
// connecting reports a lost connection instead of the server reply under test.
const CONNECT_TIMEOUT_MS = 20_000;

function reading(error: unknown) {
  const d = decode(error);
  const database = d.details?.database as { code?: unknown; class?: unknown } | undefined;
  return { category: d.category, code: d.code, retryable: d.retryable, prefix: database?.code };
}

describe.skipIf(skipRedisTests())('Redis errors from a real server, node-redis and ioredis', () => {
  let primary: RedisServer;
  let replica: RedisServer;
  const closers: (() => Promise<unknown>)[] = [];

  async function nodeRedis(port: number, password: string | undefined = PASSWORD) {
    // `''`: no password at all.
    const client = createClient({
      url: `redis://127.0.0.1:${port}`,
      ...(password ? { password } : {}),
      socket: { reconnectStrategy: false, connectTimeout: CONNECT_TIMEOUT_MS },
    });
    client.on('error', () => {});
    await client.connect();
    closers.push(() => Promise.resolve().then(() => client.destroy()));
    return client;
  }
  function ioRedis(
    port: number,
    password: string | undefined = PASSWORD,
    options: { lazyConnect?: boolean; protocol?: 2 | 3 } = {},
  ) {
    // `''`: no password at all.
    const client = new IoRedis({
      host: '127.0.0.1',
      port,
      ...(password ? { password } : {}),
      enableReadyCheck: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: CONNECT_TIMEOUT_MS,
      ...options,
    });
    client.on('error', () => {});
    closers.push(() => Promise.resolve(client.disconnect()));
    return client;
  }
  /**
   * An ioredis client whose connection (and its handshake) is done before the test sends
   * anything: a command sent earlier waits in ioredis's queue and, if the handshake then fails,
   * fails as "Connection is closed." instead of carrying the server's reply.
   */
  async function connectedIoRedis(
    port: number,
    password: string | undefined = PASSWORD,
    options: { lazyConnect?: boolean; protocol?: 2 | 3 } = {},
  ) {
    const client = ioRedis(port, password, { ...options, lazyConnect: true });
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    primary = await startRedisServer({
      args: () => ['--requirepass', PASSWORD, '--busy-reply-threshold', '50'],
    });
    replica = await startRedisServer({
      args: () => [
        '--requirepass',
        PASSWORD,
        '--masterauth',
        PASSWORD,
        '--replicaof',
        '127.0.0.1',
        String(primary.port),
      ],
    });
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(closers.map((close) => close()));
    await Promise.allSettled([primary?.dispose(), replica?.dispose()]);
  });

  it('WRONGTYPE, NOSCRIPT and a bad command in MULTI (EXECABORT)', async () => {
    const n = await nodeRedis(primary.port);
    const io = await connectedIoRedis(primary.port);
    await n.set('text', 'v');
    for (const error of [await failure(n.lPush('text', 'x')), await failure(io.lpush('text', 'x'))])
      expect(reading(error)).toEqual({
        category: 'validation',
        code: 'DB_WRONG_TYPE',
        retryable: false,
        prefix: 'WRONGTYPE',
      });
    const sha = 'ffffffffffffffffffffffffffffffffffffffff';
    for (const error of [await failure(n.evalSha(sha)), await failure(io.evalsha(sha, 0))])
      expect(reading(error)).toMatchObject({
        category: 'not_found',
        code: 'DB_SCRIPT_NOT_FOUND',
        prefix: 'NOSCRIPT',
      });
    const aborted = await failure(io.multi().set('a', '1').call('NOSUCHCOMMAND').exec());
    expect(reading(aborted)).toMatchObject({ category: 'validation', prefix: 'EXECABORT' });
  });

  it('NOAUTH without a password, WRONGPASS with a wrong one', async () => {
    const n = await nodeRedis(primary.port, '');
    // ioredis speaks RESP3 unless told otherwise and opens with HELLO 3, which a server that wants
    // a password refuses with NOAUTH; ioredis then closes the connection. Over RESP2 there is no
    // HELLO, and the command itself gets NOAUTH. (Sending the command while the RESP3 handshake
    // was in flight made its reply a race with that close, lost on a loaded machine.)
    const resp2 = await connectedIoRedis(primary.port, '', { protocol: 2 });
    for (const error of [await failure(n.get('k')), await failure(resp2.get('k'))])
      expect(reading(error), String(error)).toMatchObject({
        category: 'auth',
        code: 'DB_AUTH_FAILED',
        prefix: 'NOAUTH',
      });
    const resp3 = ioRedis(primary.port, '', { lazyConnect: true });
    const refusal = new Promise<unknown>((resolve) => resp3.once('error', resolve));
    await failure(resp3.connect());
    expect(reading(await refusal), String(await refusal)).toMatchObject({
      category: 'auth',
      code: 'DB_AUTH_FAILED',
      prefix: 'NOAUTH',
    });
    const authed = await nodeRedis(primary.port);
    const ioAuthed = await connectedIoRedis(primary.port);
    for (const error of [
      await failure(authed.auth({ password: 'wrong' })),
      await failure(ioAuthed.auth('wrong')),
    ])
      expect(reading(error)).toMatchObject({
        category: 'auth',
        code: 'DB_AUTH_FAILED',
        prefix: 'WRONGPASS',
      });
  });

  it('READONLY from a replica', async () => {
    const n = await nodeRedis(replica.port);
    const io = await connectedIoRedis(replica.port);
    for (const error of [await failure(n.set('k', 'v')), await failure(io.set('k', 'v'))])
      expect(reading(error)).toEqual({
        category: 'unavailable',
        code: 'DB_READ_ONLY',
        retryable: true,
        prefix: 'READONLY',
      });
  });

  it('OOM over maxmemory', async () => {
    const n = await nodeRedis(primary.port);
    const io = await connectedIoRedis(primary.port);
    await n.configSet('maxmemory', '1');
    const errors = [await failure(n.set('k', 'v')), await failure(io.set('k', 'v'))];
    await n.configSet('maxmemory', '0');
    for (const error of errors)
      expect(reading(error)).toMatchObject({
        category: 'unavailable',
        code: 'DB_OUT_OF_MEMORY',
        retryable: true,
        prefix: 'OOM',
      });
  });

  it('BUSY while a script runs', async () => {
    const n = await nodeRedis(primary.port);
    const io = await connectedIoRedis(primary.port);
    const runner = await nodeRedis(primary.port);
    const script = failure(runner.eval('local i = 0 while true do i = i + 1 end'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const errors = [await failure(n.ping()), await failure(io.ping())];
    await io.call('SCRIPT', 'KILL').catch(() => {});
    await script;
    for (const error of errors)
      expect(reading(error)).toEqual({
        category: 'unavailable',
        code: 'DB_BUSY',
        retryable: true,
        prefix: 'BUSY',
      });
  });

  it('ERR max number of clients reached', async () => {
    const admin = await nodeRedis(primary.port);
    const count = (await admin.clientList()).length;
    await admin.configSet('maxclients', String(count));
    const error = await failure(nodeRedis(primary.port));
    await admin.configSet('maxclients', '10000');
    expect(reading(error)).toMatchObject({
      category: 'unavailable',
      code: 'DB_TOO_MANY_CONNECTIONS',
      retryable: true,
    });
  });

  it("node-redis's WatchError and ClientClosedError; ioredis's MaxRetriesPerRequestError", async () => {
    const watcher = await nodeRedis(primary.port);
    const other = await nodeRedis(primary.port);
    await watcher.watch('watched');
    await other.set('watched', 'changed');
    const conflict = decode(await failure(watcher.multi().set('watched', 'mine').exec()));
    expect([
      conflict.category,
      conflict.code,
      conflict.retryable,
      conflict.details?.retryScope,
    ]).toEqual(['conflict', 'DB_WRITE_CONFLICT', true, 'transaction']);
    other.destroy();
    expect(reading(await failure(other.get('k')))).toMatchObject({
      code: 'DB_CLIENT_CLOSED',
      retryable: false,
    });
    // ioredis: no server, no reconnection ("Connection is closed."), or retries spent.
    const closed = ioRedis(await freePort());
    expect(reading(await failure(closed.get('k')))).toMatchObject({
      code: 'DB_CONNECTION_LOST',
      retryable: true,
    });
    const retrying = new IoRedis({
      host: '127.0.0.1',
      port: await freePort(),
      maxRetriesPerRequest: 1,
    });
    retrying.on('error', () => {});
    closers.push(() => Promise.resolve(retrying.disconnect()));
    expect(reading(await failure(retrying.get('k')))).toMatchObject({
      category: 'unavailable',
      code: 'DB_CONNECTION_ERROR',
      retryable: true,
    });
  });
});

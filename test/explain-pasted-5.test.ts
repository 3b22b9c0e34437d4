// Fresh printed forms, fifth set: the database clients' error classes no earlier set pastes, each
// built by its library (the `mongodb` driver against a 127.0.0.1 wire peer, node-redis and ioredis
// against a real redis-server), then pasted three ways — `String(err)`, `util.inspect(err)` (what
// `console.log` prints) and the stack trace — into `agent-errors explain`. The expectation is what
// `decode` says of the instance itself. Prisma's classes are built by their documented shape (its
// engines download at install). Run with FRESH_SCORE=1 to print the score per family.
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  closeEach,
  failFastIoRedis,
  failFastNodeRedis,
  PrismaClientKnownRequestError,
} from './helpers/case-clients.js';
import { silentServer } from './helpers/database-cases.js';
import { printedCases, rejected } from './helpers/fresh-cases.js';
import type { PrintedCase } from './helpers/fresh-cases.js';
import { startMongoWirePeer } from './helpers/mongo-wire.js';
import type { MongoWirePeer } from './helpers/mongo-wire.js';
import { skipRedisTests, startRedisServer } from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';

// Known misses, each with what is missing.
// node-redis prints `Error: The client is closed`, which undici's ClientClosedError prints too.
const SHARED_TEXT = "node-redis's and undici's ClientClosedError print the same text";

describe('mongodb: the driver against a 127.0.0.1 wire peer', () => {
  let peer: MongoWirePeer;
  let db: MongoClient;
  let replyWith: (command: Document) => Document | undefined = () => ({ ok: 1 });
  const clients: MongoClient[] = [];
  const closers: (() => void)[] = [];
  beforeAll(async () => {
    peer = await startMongoWirePeer((command) =>
      'endSessions' in command ? { ok: 1 } : replyWith(command),
    );
    db = new MongoClient(peer.url, { serverSelectionTimeoutMS: 1_000 });
    clients.push(db);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    closers.forEach((close) => close());
    peer?.close();
  });
  /** What a `find` (an `insert`, with `write`) rejects with when the server answers `reply`. */
  const answered =
    (reply: Document, write = false) =>
    async () => {
      replyWith = () => reply;
      const c = db.db('app').collection('c');
      return rejected(write ? c.insertOne({ a: 1 }) : c.findOne({}));
    };
  const refusal = (code: number, codeName: string, errmsg: string, errorLabels?: string[]) => ({
    ok: 0,
    code,
    codeName,
    errmsg,
    ...(errorLabels === undefined ? {} : { errorLabels }),
  });
  const cases: PrintedCase[] = [
    {
      label: 'MongoServerError 11000 (insert)',
      build: answered(
        refusal(11000, 'DuplicateKey', 'E11000 duplicate key error collection: app.c index: _id_'),
        true,
      ),
    },
    {
      label: 'MongoServerError 112 WriteConflict (TransientTransactionError)',
      build: answered(
        refusal(112, 'WriteConflict', 'WriteConflict error: this operation conflicted', [
          'TransientTransactionError',
        ]),
        true,
      ),
    },
    {
      label: 'MongoServerError 13 Unauthorized',
      build: answered(refusal(13, 'Unauthorized', 'command find requires authentication')),
    },
    {
      label: 'MongoServerError 50 MaxTimeMSExpired',
      build: answered(refusal(50, 'MaxTimeMSExpired', 'operation exceeded time limit')),
    },
    {
      label: 'MongoServerError 26 NamespaceNotFound',
      build: answered(refusal(26, 'NamespaceNotFound', 'ns does not exist: app.c')),
    },
    {
      label: 'MongoServerError 462 IngressRequestRateLimitExceeded (SystemOverloadedError)',
      build: answered(
        refusal(462, 'IngressRequestRateLimitExceeded', 'ingress request rate limit exceeded', [
          'SystemOverloadedError',
          'RetryableError',
        ]),
      ),
    },
    {
      label: 'MongoWriteConcernError 64 (insert)',
      build: answered(
        {
          ok: 1,
          n: 1,
          writeConcernError: {
            code: 64,
            codeName: 'WriteConcernTimeout',
            errmsg: 'waiting for replication timed out',
          },
        },
        true,
      ),
    },
    {
      label: 'MongoBulkWriteError (insertMany, write error 11000)',
      build: async () => {
        replyWith = () => ({
          ok: 1,
          n: 0,
          writeErrors: [{ index: 0, code: 11000, errmsg: 'E11000 duplicate key error' }],
        });
        return rejected(
          db
            .db('app')
            .collection('c')
            .insertMany([{ a: 1 }, { a: 2 }]),
        );
      },
    },
    {
      label: 'MongoExpiredSessionError',
      build: async () => {
        const session = db.startSession();
        await session.endSession();
        return rejected(db.db('app').collection('c').findOne({}, { session }));
      },
    },
    {
      label: 'MongoServerSelectionError (a silent peer)',
      build: async () => {
        const { port, close } = await silentServer();
        closers.push(close);
        const c = new MongoClient(`mongodb://127.0.0.1:${port}/?directConnection=true`, {
          serverSelectionTimeoutMS: 100,
        });
        clients.push(c);
        return rejected(c.connect());
      },
    },
    {
      label: 'MongoParseError (a malformed URL)',
      build: () => rejected(async () => new MongoClient('mongodb://a:b:c@/x')),
    },
  ];
  printedCases('mongodb-5', cases);
});

describe.skipIf(skipRedisTests())('node-redis and ioredis against a real redis-server', () => {
  let server: RedisServer;
  const closers: (() => unknown)[] = [];
  beforeAll(async () => {
    server = await startRedisServer({ args: () => ['--maxmemory', '2mb'] });
  }, 30_000);
  afterAll(async () => {
    closeEach(closers);
    await server?.dispose();
  });
  const nodeRedis = () => failFastNodeRedis(server.port, closers);
  const ioRedis = (extra: Record<string, unknown> = {}) =>
    failFastIoRedis(server.port, closers, extra);
  printedCases('redis-5', [
    {
      label: 'node-redis ErrorReply WRONGTYPE',
      build: async () => {
        const c = await nodeRedis();
        await c.set('p5-s', 'v');
        return rejected(c.lPush('p5-s', 'x'));
      },
    },
    {
      label: 'node-redis ErrorReply NOSCRIPT',
      build: async () => rejected((await nodeRedis()).evalSha('0'.repeat(40))),
    },
    {
      label: 'node-redis ErrorReply ERR a script that does not compile',
      build: async () => rejected((await nodeRedis()).eval('return (')),
    },
    {
      label: 'node-redis ClientClosedError (a command after destroy)',
      miss: { String: SHARED_TEXT, stack: SHARED_TEXT },
      build: async () => {
        const c = await nodeRedis();
        c.destroy();
        return rejected(c.get('k'));
      },
    },
    {
      label: 'node-redis SocketClosedUnexpectedlyError (CLIENT KILL under a BLPOP)',
      build: async () => {
        const c = await nodeRedis();
        const id = await c.clientId();
        const waiting = rejected(c.blPop('p5-never', 5));
        await sleep(30);
        await ioRedis().call('CLIENT', 'KILL', 'ID', String(id));
        return waiting;
      },
    },
    {
      label: 'ioredis ReplyError EXECABORT',
      build: async () =>
        rejected(ioRedis().multi().set('a', '1').call('NOSUCHCOMMAND').exec() as Promise<unknown>),
    },
    {
      label: 'ioredis ReplyError ERR value is not an integer',
      build: async () => {
        const c = ioRedis();
        await c.set('p5-t', 'text');
        return rejected(c.incr('p5-t'));
      },
    },
    {
      label: 'ioredis: Connection is closed.',
      build: async () => {
        const c = ioRedis({ enableOfflineQueue: false });
        await new Promise((resolve) => c.once('ready', resolve));
        c.disconnect();
        return rejected(c.get('k'));
      },
    },
    {
      label: 'ioredis: Command timed out',
      build: async () => rejected(ioRedis({ commandTimeout: 50 }).blpop('p5-slow', 2)),
    },
  ]);
});

describe('Prisma: the documented PrismaClientKnownRequestError', () => {
  const known = (code: string, message: string) => () =>
    new PrismaClientKnownRequestError(message, { code, clientVersion: '6.19.0' });
  printedCases('prisma-5', [
    {
      label: 'P2002 unique constraint failed',
      build: known(
        'P2002',
        '\nInvalid `prisma.user.create()` invocation:\n\n\nUnique constraint failed on the fields: (`email`)',
      ),
    },
    {
      label: 'P2025 record to update not found',
      build: known(
        'P2025',
        '\nInvalid `prisma.user.update()` invocation:\n\n\nAn operation failed because it depends on one or more records that were required but not found. Record to update not found.',
      ),
    },
    {
      label: 'P2034 write conflict or deadlock',
      build: known(
        'P2034',
        'Transaction failed due to a write conflict or a deadlock. Please retry your transaction',
      ),
    },
    {
      label: 'P1001 cannot reach the database server',
      build: known(
        'P1001',
        "Can't reach database server at `127.0.0.1:5432`\n\nPlease make sure your database server is running at `127.0.0.1:5432`.",
      ),
    },
  ]);
});

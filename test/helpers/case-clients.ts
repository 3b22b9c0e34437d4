// What the fifth fresh database sets share: node-redis and ioredis clients that fail fast (no
// reconnection, no retry per request), each closed at the end; the closing of clients already
// closed; and Prisma's error classes, written from their documented shape (Prisma's engines
// download at install, so `@prisma/client` is not a devDependency).
import { Redis as IoRedis } from 'ioredis';
import { createClient } from 'redis';

/** Call each of `closers`; a client already closed may throw, which changes nothing. */
export function closeEach(closers: readonly (() => unknown)[]): void {
  for (const close of closers) {
    try {
      close();
    } catch {
      // already closed
    }
  }
}

/** A connected node-redis client on 127.0.0.1:`port` that never reconnects, closed by `closers`. */
export async function failFastNodeRedis(
  port: number,
  closers: (() => unknown)[],
  extra: Record<string, unknown> = {},
) {
  const c = createClient({
    url: `redis://127.0.0.1:${port}`,
    socket: { reconnectStrategy: false },
    ...extra,
  });
  c.on('error', () => {});
  closers.push(() => c.destroy());
  await c.connect();
  return c;
}

/** An ioredis client on 127.0.0.1:`port` that never retries, closed by `closers`. */
export function failFastIoRedis(
  port: number,
  closers: (() => unknown)[],
  extra: Record<string, unknown> = {},
): IoRedis {
  const c = new IoRedis({
    host: '127.0.0.1',
    port,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    ...extra,
  });
  c.on('error', () => {});
  closers.push(() => c.disconnect());
  return c;
}

/**
 * Prisma Client's known request error, as `@prisma/client/runtime/library` defines it:
 * `new PrismaClientKnownRequestError(message, { code, clientVersion, meta })`, a `name` of its own.
 */
export class PrismaClientKnownRequestError extends Error {
  readonly code: string;
  readonly meta: Record<string, unknown> | undefined;
  readonly clientVersion: string;
  constructor(
    message: string,
    options: { code: string; clientVersion: string; meta?: Record<string, unknown> | undefined },
  ) {
    super(message);
    this.code = options.code;
    this.meta = options.meta;
    this.clientVersion = options.clientVersion;
  }
  override get name(): string {
    return 'PrismaClientKnownRequestError';
  }
}

/** Prisma's initialization error: `new PrismaClientInitializationError(message, clientVersion, errorCode)`. */
export class PrismaClientInitializationError extends Error {
  constructor(
    message: string,
    readonly clientVersion: string,
    readonly errorCode?: string,
  ) {
    super(message);
  }
  override get name(): string {
    return 'PrismaClientInitializationError';
  }
}

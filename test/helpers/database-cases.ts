// What the fresh database case sets share: the careful readings they expect, MongoDB's server
// replies turned into the driver's errors, and the TCP peers that fail a client's connect.
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { MongoServerError } from 'mongodb';
import type { Careful } from './fresh-cases.js';

/** A careful reading that is not retried. */
export const no = (category: string): Careful => ({ category, retryable: false });

/**
 * `error`, after checking that the database named it `member` = `expected` (its SQLSTATE, its
 * errno), so that a case cannot drift into testing something else.
 */
export function saying(error: unknown, member: string, expected: unknown): unknown {
  const said = (error as Record<string, unknown> | undefined)?.[member];
  if (said !== expected)
    throw new Error(
      `expected ${member} ${String(expected)}, got ${String(said)}: ${String(error)}`,
    );
  return error;
}

/** A careful reading retried, running `scope` again (`details.retryScope`). */
export const again = (
  category: string,
  scope: 'transaction' | 'commit' | 'operation',
): Careful => ({
  category,
  retryable: true,
  scope,
});

/**
 * MongoDB has no Debian package: a case builder whose error is the server's reply with `code`,
 * `codeName` and `errorLabels` (mongodb/mongo `src/mongo/base/error_codes.yml`), turned into an
 * error by the driver's own class as the driver does with every reply with `ok: 0`.
 */
export const mongoReply =
  (code: number, codeName: string, errorLabels: string[] = []) =>
  (): Promise<unknown> =>
    Promise.resolve(
      new MongoServerError({
        ok: 0,
        code,
        codeName,
        errmsg: `${codeName} from the server`,
        errorLabels,
      }),
    );

/** A TCP server on 127.0.0.1 (a free port) that does `onSocket` with every connection. */
export async function rawServer(
  onSocket: (socket: Socket) => void,
): Promise<{ port: number; server: Server }> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, server };
}

/**
 * A TCP peer on 127.0.0.1 that accepts connections and never answers (a client's connect
 * timeout), and the function that closes it and its connections.
 */
export async function silentServer(): Promise<{ port: number; close: () => void }> {
  const held: Socket[] = [];
  const { port, server } = await rawServer((socket) => held.push(socket));
  return {
    port,
    close: () => {
      held.forEach((socket) => socket.destroy());
      server.close();
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const { port, server } = await rawServer(() => {});
  await new Promise((resolve) => server.close(resolve));
  return port;
}

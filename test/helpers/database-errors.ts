// Database errors built by the database libraries' own code, for the readers' table tests beside
// src/dialects/{postgres,mysql,mongodb,prisma,redis-errors}: PostgreSQL's through pg-protocol's
// parser from an ErrorResponse message, MySQL's through mysql2's Packet.asError from an ERR
// packet. No server: these are the bytes a server sends, read by the code that reads them.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect } from 'vitest';
import type { decode } from 'agent-errors';
import type { DatabaseMeaning } from 'agent-errors/databases';

const require = createRequire(import.meta.url);
const { parse } = require('pg-protocol') as {
  parse: (stream: PassThrough, callback: (message: unknown) => void) => Promise<void>;
};
const Packet = require(`${dirname(require.resolve('mysql2'))}/lib/packets/packet.js`) as new (
  id: number,
  buffer: Buffer,
  start: number,
  end: number,
) => { asError(encoding?: string): Error };

/** A PostgreSQL ErrorResponse message ('E'), parsed by pg-protocol into pg's DatabaseError. */
export async function pgError(fields: Record<string, string>): Promise<Error> {
  const body = Buffer.concat([
    ...Object.entries(fields).map(([type, value]) => Buffer.from(`${type}${value}\0`)),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(body.length + 4, 1);
  const stream = new PassThrough();
  let error: Error | undefined;
  const done = parse(stream, (message) => {
    if (message instanceof Error) error = message;
  });
  stream.end(Buffer.concat([header, body]));
  await done;
  if (!error) throw new Error('pg-protocol gave no DatabaseError');
  return error;
}

/** A MySQL ERR packet (0xff, errno, '#', SQLSTATE, message), read by mysql2's Packet.asError. */
export function mysqlError(errno: number, sqlState: string, message: string): Error {
  const payload = Buffer.concat([
    Buffer.from([0xff, errno & 0xff, errno >> 8]),
    Buffer.from(`#${sqlState}${message}`),
  ]);
  const header = Buffer.alloc(4);
  header.writeUIntLE(payload.length, 0, 3);
  const buffer = Buffer.concat([header, payload]);
  return new Packet(0, buffer, 0, buffer.length).asError('utf8');
}

/** `decoded` reads as the table's `row` says; a database error is never exposed as it came. */
export function expectRow(decoded: ReturnType<typeof decode>, row: DatabaseMeaning): void {
  expect({ category: decoded.category, code: decoded.code, retryable: decoded.retryable }).toEqual(
    row,
  );
  expect(decoded.unexpected).toBe(true);
  if (row.retryable) expect(decoded.details?.retryScope).toBeTypeOf('string');
}

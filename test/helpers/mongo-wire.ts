// A MongoDB peer on 127.0.0.1 small enough to read in one sitting: it answers the driver's wire
// messages (MongoDB Wire Protocol: OP_QUERY for the legacy handshake, OP_MSG for everything
// else) as a standalone primary, and every command other than the handshake with the reply the
// test gives. MongoDB has no Debian package; with this peer the `mongodb` driver builds its
// errors itself, from the server reply, as it does against a real server.
import type { Socket } from 'node:net';
import { BSON } from 'mongodb';
import type { Document } from 'mongodb';
import { rawServer } from './database-cases.js';

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

/** What a standalone primary says of itself (the `hello` reply the driver needs to select it). */
const HELLO: Document = {
  ismaster: true,
  isWritablePrimary: true,
  helloOk: true,
  maxBsonObjectSize: 16 * 1024 * 1024,
  maxMessageSizeBytes: 48_000_000,
  maxWriteBatchSize: 100_000,
  logicalSessionTimeoutMinutes: 30,
  connectionId: 1,
  minWireVersion: 0,
  // MongoDB 8.0: client bulk writes and every command the driver sends.
  maxWireVersion: 25,
  ok: 1,
};

const HANDSHAKES = new Set(['hello', 'ismaster', 'isMaster']);

/** A wire message: the 16-byte header, then `body`. */
function message(requestId: number, opCode: number, body: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + body.length, 0);
  header.writeInt32LE(requestId + 1_000_000, 4);
  header.writeInt32LE(requestId, 8);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, body]);
}

/** The reply to one request: OP_REPLY to an OP_QUERY, OP_MSG (flags 0, one body section) else. */
function answer(requestId: number, opCode: number, reply: Document): Buffer {
  const doc = Buffer.from(BSON.serialize(reply));
  if (opCode === OP_QUERY) {
    const head = Buffer.alloc(20);
    head.writeInt32LE(1, 16); // numberReturned; flags, cursorID and startingFrom stay 0
    return message(requestId, OP_REPLY, Buffer.concat([head, doc]));
  }
  return message(requestId, OP_MSG, Buffer.concat([Buffer.alloc(5), doc]));
}

/** The command document of an OP_QUERY or an OP_MSG body (`body` after the header). */
function command(opCode: number, body: Buffer): Document {
  // OP_MSG: flags, then the body section (kind 0, one document); the document sequences after
  // it (kind 1: `insert`'s documents, `bulkWrite`'s ops) are not needed to answer.
  if (opCode === OP_MSG) return BSON.deserialize(body.subarray(5, 5 + body.readInt32LE(5)));
  // OP_QUERY: flags, the collection's name (a C string), skip and return counts, the query.
  const nameEnd = body.indexOf(0, 4);
  return BSON.deserialize(body.subarray(nameEnd + 9, nameEnd + 9 + body.readInt32LE(nameEnd + 9)));
}

/** A running peer: its URL for `MongoClient`, and how to stop it. */
export interface MongoWirePeer {
  readonly url: string;
  close(): void;
}

/**
 * A peer answering the handshake as a primary and every other command with `reply(command)`
 * (the command's name is its first key); `undefined` leaves the command unanswered.
 */
export async function startMongoWirePeer(
  reply: (command: Document) => Document | undefined,
): Promise<MongoWirePeer> {
  const sockets = new Set<Socket>();
  const { port, server } = await rawServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 16 && pending.length >= pending.readInt32LE(0)) {
        const length = pending.readInt32LE(0);
        const requestId = pending.readInt32LE(4);
        const opCode = pending.readInt32LE(12);
        const cmd = command(opCode, pending.subarray(16, length));
        pending = pending.subarray(length);
        const name = Object.keys(cmd)[0] ?? '';
        const said = HANDSHAKES.has(name) ? HELLO : reply(cmd);
        if (said !== undefined) socket.write(answer(requestId, opCode, said));
      }
    });
  });
  return {
    url: `mongodb://127.0.0.1:${port}/?directConnection=true`,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    },
  };
}

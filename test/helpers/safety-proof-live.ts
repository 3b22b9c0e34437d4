// The ways out of the safety proof that need a live peer: each starts its server or connection
// the first time it is used (so a sampled run pays only for the ways it meets) and sends the
// planted error through it; `closeLiveWays` ends them all. What is scanned is what the far side
// received: the bytes that crossed a TCP socket, the messages the MCP and ACP SDK clients were
// handed by their transport, the raw value a real redis-server keeps for an idempotency key.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as acp from '@agentclientprotocol/sdk';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { createPeer, ndjson } from 'agent-errors/jsonrpc';
import type { RpcProtocol } from 'agent-errors/jsonrpc';
import { nodeStreamTransport } from 'agent-errors/node';
import { withAcpErrors } from 'agent-errors/acp';
import { withMcpErrors, withToolErrors } from 'agent-errors/mcp';
import { withIdempotency } from 'agent-errors/retry';
import { RedisIdempotencyStore } from 'agent-errors/redis';
import { connectAcp } from './acp-connect.js';
import {
  MISSING_REDIS_MESSAGE,
  connectRedis,
  findRedisServer,
  isCi,
  startRedisServer,
} from './redis-server.js';
import type { RedisServer, RedisTestClient } from './redis-server.js';

const quiet = { onError: () => {} };
const closers: (() => Promise<void> | void)[] = [];
const forgetters: (() => void)[] = [];

/**
 * End every live way started so far, and forget them: the test files share this module when their
 * worker keeps its module cache, so the next file to use a way starts it again.
 */
export async function closeLiveWays(): Promise<void> {
  for (const close of closers.splice(0)) await close();
  for (const forget of forgetters) forget();
}

/** `start` once, on first use; later uses share what it gave, until {@link closeLiveWays}. */
function lazily<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  forgetters.push(() => {
    started = undefined;
  });
  return () => (started ??= start());
}

/** The error the live servers throw next: each sends one error at a time. */
let current: unknown;
function throwCurrent(): never {
  throw current;
}

// The JSON-RPC peer over TCP ----------------------------------------------------------------------

const peerPorts = new Map<RpcProtocol, () => Promise<number>>();

function peerPort(protocol: RpcProtocol): Promise<number> {
  let port = peerPorts.get(protocol);
  if (port === undefined) {
    port = lazily(async () => {
      const server = net.createServer((socket) => {
        createPeer({
          transport: nodeStreamTransport({ input: socket, output: socket, framing: ndjson }),
          protocol,
          methods: { fail: () => Promise.resolve().then(throwCurrent) },
          ...quiet,
        }).start();
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      return (server.address() as AddressInfo).port;
    });
    peerPorts.set(protocol, port);
  }
  return port();
}

/** Every byte a raw client reads back from the peer for one request to the throwing method. */
export async function peerOverTcp(protocol: RpcProtocol, error: unknown): Promise<string> {
  const port = await peerPort(protocol);
  current = error;
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let bytes = '';
  try {
    await new Promise<void>((resolve, reject) => {
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.toString('utf8');
        if (bytes.includes('\n')) resolve();
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no reply over TCP; got: ${bytes}`)), 10_000).unref();
      socket.write('{"jsonrpc":"2.0","id":1,"method":"fail"}\n');
    });
  } finally {
    socket.destroy();
  }
  return bytes;
}

// The MCP SDKs' servers, wrapped ------------------------------------------------------------------

interface LooseServer {
  registerTool(name: string, config: object, callback: (...args: never[]) => unknown): unknown;
  registerResource(name: string, uri: string, config: object, read: () => unknown): unknown;
  registerPrompt(name: string, config: object, get: () => unknown): unknown;
  connect(transport: never): Promise<void>;
  close(): Promise<void>;
}
interface LooseClient {
  connect(transport: unknown): Promise<void>;
  callTool(request: { name: string }): Promise<unknown>;
  readResource(request: { uri: string }): Promise<unknown>;
  getPrompt(request: { name: string }): Promise<unknown>;
  close(): Promise<void>;
}
interface TappedTransport {
  onmessage?: (message: unknown, extra?: unknown) => void;
}

/** A wrapped MCP server of `sdk` and its SDK client; `received` is what the client was handed. */
const mcpClients = {
  v1: lazily(() =>
    openMcp(
      new McpServerV1({ name: 's', version: '1.0.0' }) as unknown as LooseServer,
      new ClientV1({ name: 'c', version: '1.0.0' }) as unknown as LooseClient,
      InMemoryV1.createLinkedPair(),
    ),
  ),
  v2: lazily(() =>
    openMcp(
      new McpServerV2({ name: 's', version: '1.0.0' }) as unknown as LooseServer,
      new ClientV2({ name: 'c', version: '1.0.0' }) as unknown as LooseClient,
      InMemoryV2.createLinkedPair(),
    ),
  ),
};

async function openMcp(raw: LooseServer, client: LooseClient, pair: [unknown, unknown]) {
  const server = withMcpErrors(raw, quiet);
  server.registerTool('fail', {}, throwCurrent);
  server.registerResource('doc', 'docs://fail', {}, throwCurrent);
  server.registerPrompt('greet', {}, throwCurrent);
  // A tool wrapped on its own, on the same server (its own options win over the server's).
  server.registerTool('wrapped', {}, withToolErrors(throwCurrent, quiet));
  const [serverSide, clientSide] = pair;
  await server.connect(serverSide as never);
  await client.connect(clientSide);
  // What the client's transport hands the client, before the SDK reads it.
  const received: string[] = [];
  const tapped = clientSide as TappedTransport;
  const deliver = tapped.onmessage;
  tapped.onmessage = (message, extra) => {
    received.push(JSON.stringify(message));
    deliver?.(message, extra);
  };
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return { client, received };
}

export type McpRoad = 'tool' | 'wrapped tool' | 'resource' | 'prompt';

/** What an MCP SDK client received when the server's tool, resource or prompt threw `error`. */
export async function mcpWrapped(sdk: 'v1' | 'v2', road: McpRoad, error: unknown): Promise<string> {
  const { client, received } = await mcpClients[sdk]();
  received.length = 0;
  current = error;
  const call =
    road === 'tool'
      ? client.callTool({ name: 'fail' })
      : road === 'wrapped tool'
        ? client.callTool({ name: 'wrapped' })
        : road === 'resource'
          ? client.readResource({ uri: 'docs://fail' })
          : client.getPrompt({ name: 'greet' });
  await call.catch(() => undefined);
  return received.join('\n');
}

// The ACP SDK's agent, wrapped ---------------------------------------------------------------------

const acpPeer = lazily(() => {
  const peer = connectAcp(
    withAcpErrors(acp.agent(), acp.RequestError, quiet).onRequest('*', throwCurrent),
  );
  closers.push(() => peer.close());
  return Promise.resolve(peer);
});

/** The bytes the ACP SDK client read when the wrapped agent's handler threw `error`. */
export async function acpWrapped(error: unknown): Promise<string> {
  const peer = await acpPeer();
  peer.clear();
  current = error;
  await peer.agent.request('x/fail', {}).catch(() => undefined);
  return peer.wire();
}

// Idempotency records in a real redis-server ---------------------------------------------------------

const redis = lazily(async () => {
  if (findRedisServer() === undefined) {
    if (isCi(process.env)) throw new Error(MISSING_REDIS_MESSAGE);
    return undefined;
  }
  const server: RedisServer = await startRedisServer();
  const client: RedisTestClient = await connectRedis(server.url);
  closers.push(async () => {
    client.destroy();
    await server.dispose();
  });
  return client;
});

/** Whether the Redis way runs here (redis-server on PATH); without it outside CI it is skipped. */
export async function redisAvailable(): Promise<boolean> {
  return (await redis()) !== undefined;
}

/**
 * Every raw value redis-server keeps under a fresh prefix after a handler wrapped with
 * `withIdempotency` (the Redis store) threw `error` and a duplicate call was answered from it.
 */
export async function idempotencyRecord(error: unknown): Promise<string> {
  const client = await redis();
  if (client === undefined) return '';
  const prefix = `proof:${randomUUID()}:`;
  const call = withIdempotency(
    new RedisIdempotencyStore(client, { prefix }),
    (_params: { n: number }) => Promise.resolve().then(throwCurrent),
  );
  current = error;
  // A first call settles the key; a duplicate is answered from the record.
  for (const requestId of ['r1', 'r2']) {
    await call({ n: 1 }, { idempotencyKey: 'k', requestId }).catch(() => undefined);
  }
  const raw: string[] = [];
  for (const key of await client.keys(`${prefix}*`)) {
    const type = await client.type(key);
    if (type === 'string') raw.push((await client.get(key)) ?? '');
    else if (type === 'hash') raw.push(JSON.stringify(await client.hGetAll(key)));
    else if (type === 'list') raw.push(JSON.stringify(await client.lRange(key, 0, -1)));
    else raw.push(`${key}: ${type}`);
  }
  return raw.join('\n');
}

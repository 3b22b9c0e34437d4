// Leaks scanned on the bytes that really cross a transport. Secrets are planted in messages,
// details, causes and headers; a peer (createPeer over a TCP socket at 127.0.0.1) and a handler
// (createHandler behind an HTTP server) answer with them for every JSON-RPC protocol; HTTP
// responses go through a real HTTP server; ARCP envelopes, tool text, MCP tool results and gRPC
// statuses are written as the bytes a transport would carry. Every byte is scanned.
import { once } from 'node:events';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentError, encode, toAgentError } from 'agent-errors';
import { contentLength, createHandler, createPeer, ndjson } from 'agent-errors/jsonrpc';
import { nodeStreamTransport } from 'agent-errors/node';
import type { Framing } from 'agent-errors/jsonrpc';
import { retry } from 'agent-errors/retry';

// Each planted secret has one marker that no redaction marker or generic text contains.
const KEY = 'sk-ant-api03-LEAKMARKa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7';
const GH = 'ghp_LEAKMARKghABCDEFGHIJKLMNOPQRSTUVWXYZ0123';
const AWS = 'AKIALEAKMARK7EXAMPLE';
const PASSWORD = 'LEAKMARK-hunter2';
const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJMRUFLTUFSSyJ9.LEAKMARKsignatureABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PATH = '/home/leakmark/.config/app/credentials.json';
const DSN = `postgres://admin:${PASSWORD}@db.internal:5432/app`;

function fsError(): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${PATH}'`), {
    code: 'ENOENT',
    errno: -2,
    syscall: 'open',
    path: PATH,
  });
}

async function retryError(): Promise<unknown> {
  return retry(() => Promise.reject(new Error(`pool failed ${DSN} ${KEY}`)), {
    maxAttempts: 1,
  }).catch((e: unknown) => e);
}

/**
 * The methods every server serves, each failing with planted secrets. `pathOk` methods send an
 * error the code meant to send: its message keeps paths (they may be resource names), only
 * secrets go; every other method's error is unexpected and must lose its paths too.
 */
const FAILURES: Record<string, () => unknown> = {
  plainThrow: () => new Error(`query failed: ${DSN} token=${KEY} at ${PATH}`),
  fsThrow: () => fsError(),
  launderedFs: () => toAgentError(fsError()),
  clonedLaundered: () => structuredClone(toAgentError(new Error(`boom ${KEY} ${PATH}`))),
  stringThrow: () => `thrown string ${GH} ${PATH}`,
  aggregate: () => new AggregateError([fsError(), new Error(`second ${AWS}`)], `many ${KEY}`),
  messageSecrets: () =>
    AgentError.validation(`bad credentials Bearer ${JWT} key ${KEY} aws ${AWS} pw ${DSN}`),
  detailSecrets: () =>
    AgentError.notFound('no such channel', {
      details: {
        apiKey: KEY,
        note: `Authorization: Bearer ${JWT}`,
        nested: { password: PASSWORD, list: [{ secret: GH }], url: DSN },
        headers: { authorization: `Bearer ${KEY}`, cookie: `session=${GH}`, 'x-api-key': AWS },
      },
    }),
  causeSecrets: () =>
    AgentError.unavailable('upstream down', {
      cause: Object.assign(new Error(`socket ${DSN} ${PATH}`), { secret: KEY }),
      details: { reason: 'maintenance' },
    }),
  rateLimitedUpstream: () =>
    Object.assign(new Error(`429 from https://api.example/v1?api_key=${KEY}`), {
      status: 429,
      headers: { 'retry-after': '3', authorization: `Bearer ${JWT}` },
    }),
  // Third-party errors whose fields look like ours or a protocol's: unexpected all the same.
  // The AWS SDK v2 builds its errors by copying fields onto an Error (AWS.util.error).
  awsSdkV2: () =>
    Object.assign(new Error(`Rate exceeded for ${PATH} ${KEY}`), {
      code: 'ThrottlingException',
      retryable: true,
      statusCode: 400,
      time: new Date(),
      requestId: 'req-1',
    }),
  integerCodeThrow: () => Object.assign(new Error(`bad params ${KEY} ${PATH}`), { code: -32602 }),
  libraryTimeout: () =>
    Object.assign(new Error(`waiting for locator ${PATH} ${KEY}`), { name: 'TimeoutError' }),
};
const UNEXPECTED = new Set([
  'awsSdkV2',
  'integerCodeThrow',
  'libraryTimeout',
  'plainThrow',
  'fsThrow',
  'launderedFs',
  'clonedLaundered',
  'stringThrow',
  'aggregate',
  'rateLimitedUpstream',
]);

function scan(bytes: string, what: string): void {
  expect(bytes.length, what).toBeGreaterThan(0);
  expect(bytes, what).not.toContain('LEAKMARK');
  // The JWT's middle segment is base64 of a payload holding the marker.
  expect(bytes, what).not.toContain('eyJzdWIiOiJMRUFLTUFSSyJ9');
  expect(bytes, what).not.toMatch(/TEFLTU|at .*\.[jt]s:\d+|\bstack\b/);
}

function scanUnexpected(bytes: string, what: string): void {
  scan(bytes, what);
  expect(bytes, what).not.toContain('leakmark');
  expect(bytes, what).not.toMatch(/syscall|errno|db\.internal/);
}

const RPC_PROTOCOLS = ['jsonrpc', 'acp', 'mcp', 'lsp', 'a2a'] as const;
type RpcProtocol = (typeof RPC_PROTOCOLS)[number];

const servers: (net.Server | http.Server)[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.close();
    if ('closeAllConnections' in s) s.closeAllConnections();
  }
  await Promise.all(servers.map((s) => once(s, 'close').catch(() => undefined)));
});

function methodsThrowing(): Record<string, () => Promise<never>> {
  const methods: Record<string, () => Promise<never>> = {};
  for (const [name, make] of Object.entries(FAILURES)) {
    methods[name] = async () => {
      await Promise.resolve();
      throw make();
    };
  }
  methods.retried = async () => {
    throw await retryError();
  };
  return methods;
}

async function listen<S extends net.Server | http.Server>(server: S): Promise<number> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** A peer server on a TCP socket at 127.0.0.1. */
async function peerServer(protocol: RpcProtocol, framing: Framing): Promise<number> {
  const server = net.createServer((socket) => {
    const peer = createPeer({
      transport: nodeStreamTransport({ input: socket, output: socket, framing }),
      protocol,
      methods: methodsThrowing(),
      onError: () => {},
    });
    peer.start();
  });
  return listen(server);
}

function frame(framing: Framing, text: string): string {
  if (framing === ndjson) return `${text}\n`;
  return `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}

/** Send `requests` over a raw socket and collect every byte until `expected` replies came. */
async function exchange(
  port: number,
  framing: Framing,
  requests: string[],
  expected: number,
): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let bytes = '';
  const done = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.toString('utf8');
      if ((bytes.match(/"jsonrpc"/g) ?? []).length >= expected) resolve();
    });
    socket.on('error', reject);
    setTimeout(() => reject(new Error(`only got: ${bytes}`)), 10_000).unref();
  });
  for (const r of requests) socket.write(frame(framing, r));
  await done;
  socket.destroy();
  return bytes;
}

function request(id: number, method: string, params: unknown = {}): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

/** Split the collected bytes into the replies, by id. */
function repliesById(bytes: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of bytes.matchAll(
    /\{"jsonrpc":"2\.0","id":(\d+),"error":.*?\}(?=\n|Content-Length|$)/gs,
  ))
    out.set(Number(m[1]), m[0]);
  return out;
}

const METHOD_NAMES = [...Object.keys(FAILURES), 'retried'];

describe('bytes written by the peer over TCP at 127.0.0.1', () => {
  for (const protocol of RPC_PROTOCOLS) {
    it(protocol, async () => {
      const framing = protocol === 'lsp' ? contentLength : ndjson;
      const port = await peerServer(protocol, framing);
      const requests = METHOD_NAMES.map((m, i) => request(i + 1, m, { token: KEY }));
      // An unknown method whose name is a secret, and a request that is not JSON-RPC at all.
      requests.push(request(900, `Bearer ${JWT}`));
      requests.push(request(901, `open /home/leakmark/${GH}`));
      requests.push(request(902, 'tools/unknown.method'));
      const bytes = await exchange(port, framing, requests, requests.length);
      scan(bytes, `${protocol}: all bytes`);
      const replies = repliesById(bytes);
      METHOD_NAMES.forEach((name, i) => {
        const reply = replies.get(i + 1);
        expect(reply, `${protocol} ${name}`).toBeDefined();
        if (UNEXPECTED.has(name) || name === 'retried')
          scanUnexpected(reply as string, `${protocol} ${name}`);
      });
      scanUnexpected(replies.get(900) ?? '', `${protocol} unknown method`);
      scanUnexpected(replies.get(901) ?? '', `${protocol} unknown method`);
      // Only a short, plain name is echoed.
      expect(replies.get(901)).toContain('"Method not found"');
      expect(replies.get(902)).toContain('Method not found: tools/unknown.method');
    });
  }
});

describe('bytes written by createHandler behind an HTTP server at 127.0.0.1', () => {
  for (const protocol of RPC_PROTOCOLS) {
    it(protocol, async () => {
      const handler = createHandler({ protocol, methods: methodsThrowing(), onError: () => {} });
      const port = await listen(
        http.createServer((req, res) => {
          let body = '';
          req.setEncoding('utf8');
          req.on('data', (c: string) => (body += c));
          req.on('end', () => {
            void handler.handle(body).then((reply) => {
              res.setHeader('content-type', 'application/json');
              res.end(reply ?? '');
            });
          });
        }),
      );
      const batch = `[${METHOD_NAMES.map((m, i) => request(i + 1, m, { password: PASSWORD })).join(',')}]`;
      const bytes = await rawHttp(port, 'POST', batch);
      scan(bytes, `${protocol} handler`);
      let replies = 0;
      for (const m of bytes.matchAll(/\{"jsonrpc":"2\.0","id":(\d+),"error":\{.*?\}\}/g)) {
        replies++;
        const name = METHOD_NAMES[Number(m[1]) - 1] as string;
        if (UNEXPECTED.has(name)) scanUnexpected(m[0], `${protocol} handler ${name}`);
      }
      expect(replies).toBe(METHOD_NAMES.length);
    });
  }
});

/** One HTTP request on a raw socket; every byte of the response, status line and headers too. */
async function rawHttp(port: number, method: string, body: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    `${method} / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  let bytes = '';
  socket.on('data', (c: Buffer) => (bytes += c.toString('utf8')));
  await once(socket, 'close');
  return bytes;
}

describe('HTTP responses written by a real server at 127.0.0.1', () => {
  it('every planted failure, status line, headers and body', async () => {
    const port = await listen(
      http.createServer((req, res) => {
        const name = (req.url ?? '/').slice(1);
        const make = FAILURES[name];
        const out = encode(make ? make() : new Error(`no such route ${KEY}`), 'http');
        res.writeHead(out.status, out.headers);
        res.end(JSON.stringify(out.body));
      }),
    );
    for (const name of Object.keys(FAILURES)) {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`GET /${name} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      let bytes = '';
      socket.on('data', (c: Buffer) => (bytes += c.toString('utf8')));
      await once(socket, 'close');
      expect(bytes).toMatch(/^HTTP\/1\.1 \d{3}/);
      if (UNEXPECTED.has(name)) scanUnexpected(bytes, `http ${name}`);
      else scan(bytes, `http ${name}`);
      if (name === 'rateLimitedUpstream') {
        expect(bytes).toMatch(/^HTTP\/1\.1 429/);
        expect(bytes.toLowerCase()).toContain('retry-after: 3');
      }
    }
  });
});

describe('bytes of the other wire forms', () => {
  const forms: [string, (e: unknown) => unknown][] = [
    ['arcp payload', (e) => encode(e, 'arcp')],
    ['arcp session.error', (e) => encode(e, 'arcp', { envelope: 'session.error' })],
    ['arcp job.error', (e) => encode(e, 'arcp', { envelope: 'job.error' })],
    ['arcp tool_result', (e) => encode(e, 'arcp', { envelope: 'tool_result', callId: 'c1' })],
    ['tool text', (e) => encode(e, 'tool')],
    ['mcp tool result', (e) => encode(e, 'mcp', { as: 'toolResult' })],
    ['grpc status', (e) => encode(e, 'grpc')],
  ];
  for (const [form, write] of forms) {
    it(form, async () => {
      const failures: [string, unknown][] = Object.entries(FAILURES).map(([n, make]) => [
        n,
        make(),
      ]);
      failures.push(['retried', await retryError()]);
      for (const [name, error] of failures) {
        const out = write(error);
        const bytes = Buffer.from(typeof out === 'string' ? out : JSON.stringify(out)).toString();
        if (UNEXPECTED.has(name) || name === 'retried') scanUnexpected(bytes, `${form} ${name}`);
        else scan(bytes, `${form} ${name}`);
      }
    });
  }
});

import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';

// grpc-js raises RESOURCE_EXHAUSTED itself, on either side, for a message over its size limit:
// nothing is rate-limited and the same call fails the same way. A real server and client on
// 127.0.0.1, each with its limits.

const LIMIT = 1024;
const json = {
  serialize: (value: unknown) => Buffer.from(JSON.stringify(value ?? null)),
  deserialize: (bytes: Buffer) => JSON.parse(bytes.toString()) as unknown,
};
type Ask = { pad: string; reply: number; limited?: boolean };
const service = {
  echo: {
    path: '/agent_errors.test.Sized/Echo',
    requestStream: false,
    responseStream: false,
    requestSerialize: json.serialize,
    requestDeserialize: json.deserialize,
    responseSerialize: json.serialize,
    responseDeserialize: json.deserialize,
  },
} satisfies grpc.ServiceDefinition;

type Client = grpc.Client & {
  echo(request: Ask, callback: (error: grpc.ServiceError | null) => void): void;
};

let server: grpc.Server;
let port = 0;
const clients: Client[] = [];

beforeAll(async () => {
  server = new grpc.Server({
    'grpc.max_receive_message_length': LIMIT,
    'grpc.max_send_message_length': LIMIT,
  });
  server.addService(service, {
    echo: (call: grpc.ServerUnaryCall<Ask, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      if (call.request.limited) {
        callback({
          code: grpc.status.RESOURCE_EXHAUSTED,
          details: 'Quota exceeded for quota metric requests per minute',
        });
        return;
      }
      callback(null, { text: 'x'.repeat(call.request.reply) });
    },
  });
  port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
});

afterAll(() => {
  for (const client of clients) client.close();
  server.forceShutdown();
});

function client(options: grpc.ChannelOptions): Client {
  const Ctor = grpc.makeGenericClientConstructor(service, 'Sized');
  const made = new Ctor(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
    options,
  ) as unknown as Client;
  clients.push(made);
  return made;
}

function failure(on: Client, request: Ask): Promise<grpc.ServiceError> {
  return new Promise((resolve, reject) =>
    on.echo(request, (error) => (error ? resolve(error) : reject(new Error('no error')))),
  );
}

describe("grpc-js's own RESOURCE_EXHAUSTED for a message over its size limit", () => {
  const big = 'x'.repeat(4 * LIMIT);
  const cases = [
    [
      'the client refuses to send it',
      { 'grpc.max_send_message_length': LIMIT },
      { pad: big, reply: 1 },
    ],
    ['the server refuses to receive it', {}, { pad: big, reply: 1 }],
    [
      'the client refuses to receive the reply',
      { 'grpc.max_receive_message_length': LIMIT },
      { pad: '', reply: LIMIT / 2 + LIMIT },
    ],
    [
      'the server refuses to send the reply',
      { 'grpc.max_receive_message_length': 16 * LIMIT },
      { pad: '', reply: 2 * LIMIT },
    ],
  ] as const;

  it.each(cases)('%s: REQUEST_TOO_LARGE, not retried', async (_side, options, request) => {
    const error = await failure(client(options), request);
    expect(error.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    const e = decode(error);
    expect([error.details, e.category, e.code, e.retryable]).toEqual([
      error.details,
      'validation',
      'REQUEST_TOO_LARGE',
      false,
    ]);
  });

  it("a handler's own RESOURCE_EXHAUSTED stays a rate limit", async () => {
    const error = await failure(client({}), { pad: '', reply: 1, limited: true });
    const e = decode(error);
    expect([e.category, e.code]).toEqual(['rate_limit', 'RATE_LIMITED']);
  });
});

import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { decode, toAgentError } from '../../front/decode.js';
import { encode } from '../../front/encode.js';
import { GRPC_STATUS_CODES } from './index.js';

// A real @grpc/grpc-js server and client on 127.0.0.1: the ServiceError a failed call rejects
// with is built by the SDK itself, trailers and all.
const json = {
  serialize: (value: unknown) => Buffer.from(JSON.stringify(value ?? null)),
  deserialize: (bytes: Buffer) => JSON.parse(bytes.toString()) as unknown,
};
const service = {
  fail: {
    path: '/agent_errors.test.Svc/Fail',
    requestStream: false,
    responseStream: false,
    requestSerialize: json.serialize,
    requestDeserialize: json.deserialize,
    responseSerialize: json.serialize,
    responseDeserialize: json.deserialize,
  },
} satisfies grpc.ServiceDefinition;

type Failure = { code: number; details: string; pushback?: string; statusBin?: string };

let server: grpc.Server;
let client: grpc.Client & {
  fail(request: Failure, callback: (error: grpc.ServiceError | null) => void): void;
};

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(service, {
    fail: (call: grpc.ServerUnaryCall<Failure, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      const metadata = new grpc.Metadata();
      if (call.request.pushback !== undefined) {
        metadata.set('grpc-retry-pushback-ms', call.request.pushback);
      }
      if (call.request.statusBin !== undefined) {
        metadata.set('grpc-status-details-bin', Buffer.from(call.request.statusBin, 'base64'));
      }
      callback({ code: call.request.code, details: call.request.details, metadata });
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  const Client = grpc.makeGenericClientConstructor(service, 'Svc');
  client = new Client(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  ) as unknown as typeof client;
});

afterAll(() => {
  client.close();
  server.forceShutdown();
});

function call(request: Failure): Promise<grpc.ServiceError> {
  return new Promise((resolve, reject) =>
    client.fail(request, (error) => (error ? resolve(error) : reject(new Error('no error')))),
  );
}

describe('gRPC dialect against @grpc/grpc-js', () => {
  it('reads a ServiceError: only UNAVAILABLE retries (AIP-194), the pushback is the delay', async () => {
    const down = await call({ code: grpc.status.UNAVAILABLE, details: 'backend down' });
    expect(down.code).toBe(GRPC_STATUS_CODES.UNAVAILABLE);
    const e = toAgentError(down);
    expect([e.category, e.code, e.retryable, e.message]).toEqual([
      'unavailable',
      'UNAVAILABLE',
      true,
      'backend down',
    ]);
    expect(e.cause).toBe(down);

    const slow = await call({ code: grpc.status.DEADLINE_EXCEEDED, details: 'too slow' });
    expect([decode(slow).category, decode(slow).retryable]).toEqual(['timeout', false]);

    const exhausted = await call({
      code: grpc.status.RESOURCE_EXHAUSTED,
      details: 'slow down',
      pushback: '250',
    });
    expect([decode(exhausted).retryable, decode(exhausted).retryAfterMs]).toEqual([true, 250]);

    // A negative pushback means "do not retry", whatever the code.
    const refused = await call({ code: grpc.status.UNAVAILABLE, details: 'no', pushback: '-1' });
    expect(decode(refused).retryable).toBe(false);
  });

  it('reads a QuotaFailure in grpc-status-details-bin: a spent quota, as in JSON', async () => {
    const field = (n: number, bytes: Buffer) =>
      Buffer.concat([Buffer.from([(n << 3) | 2, bytes.length]), bytes]);
    const violation = Buffer.concat([
      field(1, Buffer.from('project:1')),
      field(2, Buffer.from('daily')),
    ]);
    const any = Buffer.concat([
      field(1, Buffer.from('type.googleapis.com/google.rpc.QuotaFailure')),
      field(2, field(1, violation)),
    ]);
    const status = Buffer.concat([Buffer.from([0x08, 8]), field(3, any)]);
    const error = await call({
      code: grpc.status.RESOURCE_EXHAUSTED,
      details: 'Quota exceeded',
      statusBin: status.toString('base64'),
    });
    const e = toAgentError(error);
    expect([e.category, e.code, e.retryable]).toEqual(['quota', 'QUOTA_EXCEEDED', false]);
  });

  it('reads google.rpc.Status details: RetryInfo, QuotaFailure, BadRequest, RequestInfo', () => {
    const quota = decode({
      code: 8,
      message: 'Daily quota used up',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [{ subject: 'project:p', description: 'daily limit' }],
        },
        { '@type': 'type.googleapis.com/google.rpc.RequestInfo', requestId: 'req-7' },
      ],
    });
    expect([quota.category, quota.code, quota.retryable, quota.details?.requestId]).toEqual([
      'quota',
      'QUOTA_EXCEEDED',
      false,
      'req-7',
    ]);
    const invalid = decode({
      code: 3,
      message: 'bad request',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field: 'config.limit', description: 'must be <= 100' }],
        },
      ],
    });
    expect(invalid.details?.issues).toEqual([
      { path: ['config', 'limit'], message: 'must be <= 100' },
    ]);
  });

  it('reads a Google API error body by its status name, with RetryInfo (Gemini 429)', () => {
    const e = decode({
      error: {
        code: 429,
        message: 'Resource has been exhausted (e.g. check quota).',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '13s' }],
      },
    });
    expect([e.category, e.retryable, e.retryAfterMs]).toEqual(['rate_limit', true, 13_000]);
  });

  it('gives each status the one stable code of its condition, as a Google API body does', () => {
    const names = Object.keys(GRPC_STATUS_CODES) as (keyof typeof GRPC_STATUS_CODES)[];
    const codes = names.map((name) => {
      const e = decode({ code: GRPC_STATUS_CODES[name], message: 'm', details: [] });
      expect(e.details?.grpcStatus).toBe(name);
      return [name, e.code];
    });
    expect(Object.fromEntries(codes)).toEqual({
      CANCELLED: 'CANCELLED',
      UNKNOWN: 'SERVER_ERROR',
      INVALID_ARGUMENT: 'VALIDATION_ERROR',
      DEADLINE_EXCEEDED: 'TIMEOUT',
      NOT_FOUND: 'NOT_FOUND',
      ALREADY_EXISTS: 'CONFLICT',
      PERMISSION_DENIED: 'PERMISSION_DENIED',
      RESOURCE_EXHAUSTED: 'RATE_LIMITED',
      FAILED_PRECONDITION: 'PRECONDITION_FAILED',
      ABORTED: 'CONFLICT',
      OUT_OF_RANGE: 'VALIDATION_ERROR',
      UNIMPLEMENTED: 'NOT_IMPLEMENTED',
      INTERNAL: 'SERVER_ERROR',
      UNAVAILABLE: 'UNAVAILABLE',
      DATA_LOSS: 'SERVER_ERROR',
      UNAUTHENTICATED: 'AUTH_ERROR',
    });
    // The same status in a Google API body over HTTP (with the HTTP status Google pairs it
    // with): the same code and category.
    const httpStatus = [
      499, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503, 500, 401,
    ];
    for (const name of names) {
      const grpcError = decode({ code: GRPC_STATUS_CODES[name], message: 'm', details: [] });
      const status = httpStatus[GRPC_STATUS_CODES[name] - 1];
      const body = decode({
        status,
        body: { error: { code: status, message: 'm', status: name } },
      });
      expect([name, body.code, body.category]).toEqual([name, grpcError.code, grpcError.category]);
    }
  });

  it('reads Connect-RPC errors (lower-case names) when told the protocol', () => {
    const e = decode({ code: 'canceled', message: 'client went away' }, { from: 'grpc' });
    expect([e.category, e.code]).toEqual(['cancelled', 'CANCELLED']);
  });

  it('reads a Connect-RPC error untold when it is one and nothing else', () => {
    const down = decode({ code: 'unavailable', message: 'backend down' });
    expect([down.category, down.code, down.retryable, down.wire?.protocol]).toEqual([
      'unavailable',
      'UNAVAILABLE',
      true,
      'grpc',
    ]);
    expect(decode({ code: 'not_found', message: 'no such doc', details: [] }).category).toBe(
      'not_found',
    );
    // More members, or our own upper-case codes: not Connect's form, left to the other readers.
    expect(decode({ code: 'not_found', message: 'x', status: 'gone' }).wire?.protocol).not.toBe(
      'grpc',
    );
    expect(decode({ code: 'ENOENT', message: 'x' }).code).toBe('ENOENT');
  });

  it('a Google body with a string code of its own still reads its RetryInfo', () => {
    const e = decode({
      code: 'E123',
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'q',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '9s' }],
      },
    });
    expect([e.category, e.retryAfterMs, e.wire?.protocol]).toEqual(['rate_limit', 9_000, 'grpc']);
  });

  it("takes only the members it reads from a Connect detail's debug object", () => {
    const big: Record<string, unknown> = { reason: 'QUOTA', domain: 'example.com' };
    for (let i = 0; i < 1_000; i++) big[`k${i}`] = i;
    const e = decode({
      code: 14,
      message: 'x',
      details: Array.from({ length: 100 }, () => ({ type: 'google.rpc.ErrorInfo', debug: big })),
    });
    expect([e.details?.reason, e.details?.domain]).toEqual(['QUOTA', 'example.com']);
    const kept = (e.wire?.data as Record<string, unknown>[])[0];
    expect(Object.keys(kept ?? {}).sort()).toEqual(['@type', 'domain', 'reason']);
  });

  it("reads Connect's details: the JSON debug form, else the base64 message", () => {
    // RetryInfo { retry_delay { seconds: 2 } }, serialised: 0a 02 08 02.
    const retryInfo = { type: 'google.rpc.RetryInfo', value: 'CgIIAg' };
    const withDebug = decode(
      {
        code: 'resource_exhausted',
        message: 'slow down',
        details: [{ ...retryInfo, debug: { retryDelay: '3s' } }],
      },
      { from: 'grpc' },
    );
    expect([withDebug.category, withDebug.retryable, withDebug.retryAfterMs]).toEqual([
      'rate_limit',
      true,
      3_000,
    ]);
    const bytesOnly = decode({ code: 'resource_exhausted', message: 'slow', details: [retryInfo] });
    expect([bytesOnly.retryable, bytesOnly.retryAfterMs]).toEqual([true, 2_000]);
    const spent = decode({
      code: 'resource_exhausted',
      message: 'daily quota',
      details: [{ type: 'google.rpc.QuotaFailure', value: '' }],
    });
    expect([spent.category, spent.code, spent.retryable]).toEqual([
      'quota',
      'QUOTA_EXCEEDED',
      false,
    ]);
    // A value that is no base64 says nothing: the status decides.
    const garbled = decode({
      code: 'resource_exhausted',
      message: 'slow',
      details: [{ type: 'google.rpc.RetryInfo', value: '%%%' }],
    });
    expect([garbled.category, garbled.retryable, garbled.retryAfterMs]).toEqual([
      'rate_limit',
      false,
      undefined,
    ]);
  });

  it('encodes to a google.rpc.Status (AIP-193) that decodes back', () => {
    for (const error of [
      AgentError.rateLimited('Slow down', { retryAfterMs: 1500 }),
      AgentError.notFound('No such file'),
      AgentError.validation('Bad input', {
        details: { issues: [{ path: ['a', 'b'], message: 'Required' }] },
      }),
      AgentError.quotaExceeded('Budget used up'),
    ]) {
      const status = encode(error, 'grpc');
      expect(status.details[0]).toMatchObject({
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: error.code,
        domain: 'agent-errors.dev',
      });
      const back = decode(JSON.parse(JSON.stringify(status)));
      expect([back.code, back.category, back.retryable, back.retryAfterMs]).toEqual([
        error.code,
        error.category,
        error.retryable,
        error.retryAfterMs,
      ]);
    }
    expect(encode(new Error('db password=hunter2'), 'grpc')).toMatchObject({
      code: GRPC_STATUS_CODES.INTERNAL,
      message: 'Internal error',
    });
  });
});

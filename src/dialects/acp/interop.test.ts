import * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as v from 'valibot';
import { AgentError, encode } from '../../index.js';
import { RequestError } from './index.js';
import { toRequestError, toSdkRequestError } from '../../entries/acp.js';
import { decodeAcpError, issuesFromZodFormat } from './decode.js';
import { encodeAcpError } from './convert.js';

/** An agent and a client of the real SDK, talking newline-delimited JSON over in-memory streams. */
function connect(handler: (method: string) => unknown) {
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const toClient = new TransformStream<Uint8Array, Uint8Array>();
  const agentApp = acp.agent().onRequest('*', ({ method }) => handler(method));
  const agentConnection = agentApp.connect(acp.ndJsonStream(toClient.writable, toAgent.readable));
  const clientConnection = acp
    .client()
    .connect(acp.ndJsonStream(toAgent.writable, toClient.readable));
  return {
    request: (method: string) => clientConnection.agent.request(method, {}),
    close() {
      clientConnection.close();
      agentConnection.close();
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the request to fail');
}

describe('ACP interop with @agentclientprotocol/sdk', () => {
  it('our RequestError, thrown as the SDK class, reaches its client with the same code, message and data', async () => {
    const ours = [
      RequestError.authRequired({ authMethods: ['oauth'] }, 'log in first'),
      RequestError.resourceNotFound('file:///a.txt'),
      RequestError.sessionNotFound('s-1'),
      RequestError.unsupportedProtocolVersion(9, [1]),
      RequestError.requestCancelled(),
      new RequestError(-32050, 'Vendor error', [1, 'two']),
    ];
    let next = 0;
    const peer = connect(() => {
      throw toSdkRequestError(ours[next++], acp.RequestError);
    });
    try {
      for (const expected of ours) {
        const got = await rejection(peer.request('x/y'));
        expect(got).toBeInstanceOf(acp.RequestError);
        expect({ code: got.code, message: got.message, data: got.data }).toStrictEqual({
          code: expected.code,
          message: expected.message,
          data: expected.data,
        });
        expect(decodeAcpError(got).wire).toMatchObject({ protocol: 'acp', code: expected.code });
      }
    } finally {
      peer.close();
    }
  });

  it('an AgentError sent through the SDK comes back with its category, code and retry hint', async () => {
    const sent = AgentError.rateLimited('Slow down', { code: 'UPSTREAM_429', retryAfterMs: 250 });
    const peer = connect(() => {
      throw toSdkRequestError(sent, acp.RequestError);
    });
    try {
      const back = decodeAcpError(await rejection(peer.request('x/y')));
      expect(back).toMatchObject({
        message: 'Slow down',
        category: 'rate_limit',
        code: 'UPSTREAM_429',
        retryable: true,
        retryAfterMs: 250,
      });
    } finally {
      peer.close();
    }
  });

  it('SDK limitation: our class thrown as-is is not recognised (instanceof) and becomes Internal error', async () => {
    const peer = connect(() => {
      throw RequestError.authRequired();
    });
    try {
      const got = await rejection(peer.request('x/y'));
      expect(got.code).toBe(-32603);
      expect(got.data).toEqual({ details: 'Authentication required' });
    } finally {
      peer.close();
    }
  });

  it('a Zod failure in an SDK handler arrives as invalidParams(format()); we read its issues', async () => {
    const toAgent = new TransformStream<Uint8Array, Uint8Array>();
    const toClient = new TransformStream<Uint8Array, Uint8Array>();
    const agentConnection = acp
      .agent()
      .onRequest('x/open', z.object({ cwd: z.string(), depth: z.number() }), () => ({}))
      .connect(acp.ndJsonStream(toClient.writable, toAgent.readable));
    const clientConnection = acp
      .client()
      .connect(acp.ndJsonStream(toAgent.writable, toClient.readable));
    try {
      const got = await rejection(clientConnection.agent.request('x/open', { depth: 'deep' }));
      expect(got.code).toBe(-32602);
      expect(got.data).toHaveProperty('_errors');
      const decoded = decodeAcpError(got);
      expect(decoded.category).toBe('validation');
      expect(decoded.details?.issues).toEqual([
        { path: ['cwd'], message: expect.any(String) },
        { path: ['depth'], message: expect.any(String) },
      ]);
    } finally {
      clientConnection.close();
      agentConnection.close();
    }
  });

  it("every error the SDK's own factories make decodes to the right category", () => {
    const S = acp.RequestError;
    const cases: [RequestError | InstanceType<typeof S>, string, string][] = [
      [S.parseError(), 'protocol', 'PARSE_ERROR'],
      [S.invalidRequest(), 'protocol', 'INVALID_REQUEST'],
      [S.methodNotFound('a/b'), 'protocol', 'METHOD_NOT_FOUND'],
      [S.invalidParams({ x: 1 }), 'validation', 'INVALID_PARAMS'],
      [S.internalError(), 'internal', 'INTERNAL_ERROR'],
      [S.requestCancelled(), 'cancelled', 'REQUEST_CANCELLED'],
      [S.authRequired(), 'auth', 'AUTH_REQUIRED'],
      [S.resourceNotFound('file:///x'), 'not_found', 'RESOURCE_NOT_FOUND'],
      [S.sessionNotFound('s'), 'not_found', 'SESSION_NOT_FOUND'],
      [S.unsupportedProtocolVersion(2, [1]), 'protocol', 'UNSUPPORTED_PROTOCOL_VERSION'],
    ];
    for (const [sdkError, category, code] of cases) {
      const decoded = decodeAcpError(sdkError);
      expect([decoded.category, decoded.code]).toEqual([category, code]);
      expect(decoded.retryable).toBe(false);
      expect(decoded.cause).toBe(sdkError);
      // And back: the SDK's error re-encodes to exactly what it would have sent.
      expect(encodeAcpError(decoded)).toStrictEqual(
        JSON.parse(JSON.stringify(sdkError.toErrorResponse())),
      );
    }
  });

  it('deviation on record: the SDK quotes "Method not found", the seed does not', () => {
    expect(acp.RequestError.methodNotFound('test/method').message).toBe(
      '"Method not found": test/method',
    );
    expect(RequestError.methodNotFound('test/method').message).toBe(
      'Method not found: test/method',
    );
  });
});

describe('ACP conversions', () => {
  it('RequestError ⇄ AgentError both ways', () => {
    const agentError = decodeAcpError(RequestError.resourceNotFound('file:///x'));
    expect(agentError).toMatchObject({
      category: 'not_found',
      code: 'RESOURCE_NOT_FOUND',
      message: 'Resource not found: file:///x',
      details: { uri: 'file:///x' },
    });
    const back = toRequestError(agentError);
    expect(back).toBeInstanceOf(RequestError);
    expect(back.toErrorResponse()).toStrictEqual(
      RequestError.resourceNotFound('file:///x').toErrorResponse(),
    );
    const fromHub = toRequestError(
      AgentError.cancelled('user hit stop', { code: 'REQUEST_CANCELLED' }),
    );
    expect(fromHub.toErrorResponse()).toStrictEqual({
      code: -32800,
      message: 'user hit stop',
      data: undefined,
    });
    // A code ACP cannot express travels in data.agentError and comes back.
    const custom = toRequestError(AgentError.cancelled('user hit stop'));
    expect(custom.data).toEqual({
      agentError: { code: 'CANCELLED', category: 'cancelled', retryable: false },
    });
    expect(decodeAcpError(custom).code).toBe('CANCELLED');
  });

  // "SDK validates params using Zod schema. If validation fails, automatically throws:
  // RequestError.invalidParams(zodError.format())" — and agentclientprotocol/typescript-sdk does
  // exactly that in src/core/jsonrpc.ts (`errorToResult`).
  it('a Zod failure becomes RequestError.invalidParams(zodError.format()), as the SDK sends it', () => {
    const schema = z.object({ sessionId: z.string(), items: z.array(z.string()) });
    const zodFailure = schema.safeParse({ items: ['a', 2] }).error;
    const sdk = acp.RequestError.invalidParams(zodFailure?.format()).toErrorResponse();
    expect(encodeAcpError(zodFailure)).toStrictEqual(JSON.parse(JSON.stringify(sdk)));
    expect(toRequestError(zodFailure).toErrorResponse()).toStrictEqual(
      JSON.parse(JSON.stringify(sdk)),
    );
    // And through the front door, which the peer and createHandler use.
    expect(encode(zodFailure, 'acp')).toStrictEqual(JSON.parse(JSON.stringify(sdk)));
    expect(decodeAcpError(encode(zodFailure, 'acp'))).toMatchObject({
      category: 'validation',
      message: 'Invalid params',
      details: {
        issues: [
          { path: ['sessionId'], message: expect.any(String) },
          { path: ['items', 1], message: expect.any(String) },
        ],
      },
    });
  });

  it('a Valibot or Standard Schema failure gets the same tree; the issues list is an option', () => {
    const valibotFailure = v.safeParse(v.object({ cwd: v.string() }), { cwd: 1 }).issues;
    const tree = encodeAcpError({ issues: valibotFailure });
    expect(tree).toStrictEqual({
      code: -32602,
      message: 'Invalid params',
      data: { _errors: [], cwd: { _errors: [expect.any(String)] } },
    });
    expect(encodeAcpError({ issues: [{ message: 'Required', path: [] }] }).data).toEqual({
      _errors: ['Required'],
    });

    const list = encode({ issues: valibotFailure }, 'acp', { issues: 'list' });
    expect(list).toStrictEqual({
      code: -32602,
      message: 'Invalid params',
      data: { issues: [{ path: ['cwd'], message: expect.any(String) }] },
    });
    // Both forms decode to the same issues.
    for (const wire of [tree, list]) {
      expect(decodeAcpError(wire)).toMatchObject({
        category: 'validation',
        details: { issues: [{ path: ['cwd'], message: expect.any(String) }] },
      });
    }
    expect(() => encode({ issues: valibotFailure }, 'acp', { issues: 'flat' as never })).toThrow(
      /options\.issues must be 'tree' or 'list'; received "flat"/,
    );
  });

  it('the tree keeps a path step named like an Object.prototype member as an own key', () => {
    const data = encodeAcpError({
      issues: [{ message: 'bad', path: ['__proto__', 'x'] }],
    }).data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['_errors', '__proto__']);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
  });

  it('reads a Zod format() tree as issues, array indexes as numbers', () => {
    const tree = z
      .object({ items: z.array(z.string()) })
      .safeParse({ items: ['a', 2] })
      .error?.format();
    expect(issuesFromZodFormat(tree)).toEqual([
      { path: ['items', 1], message: expect.any(String) },
    ]);
    expect(issuesFromZodFormat({ _errors: [] })).toBeUndefined();
    expect(issuesFromZodFormat({ issues: [], _errors: ['x'] })).toBeUndefined();
    expect(issuesFromZodFormat('nope')).toBeUndefined();
  });

  it('never echoes an unexpected thrown error; redacts data', () => {
    const wire = encodeAcpError(new Error('ENOENT /home/me/.ssh/id_rsa'));
    expect(wire.code).toBe(-32603);
    expect(JSON.stringify(wire)).not.toContain('.ssh');
    const redacted = encodeAcpError(RequestError.authRequired({ password: 'hunter2' }));
    expect(redacted.data).toEqual({ password: '[REDACTED]' });
    // The message is redacted too, as every other class's is.
    const leaky = encodeAcpError(RequestError.internalError(undefined, 'token=abc123secret'));
    expect(leaky.message).toBe('Internal error: token=[REDACTED]');
  });

  // JSON-RPC codes are integers: a RequestError built with another number is sent as -32603.
  it.each([Number.NaN, 1.5, Number.POSITIVE_INFINITY])(
    'sends new RequestError(%s) with an integer code',
    (code) => {
      const wire = encodeAcpError(new RequestError(code, 'odd'));
      expect(wire).toStrictEqual({ code: -32603, message: 'odd' });
      expect(encode(new RequestError(code, 'odd'), 'acp')).toStrictEqual(wire);
    },
  );

  it('rejects bad input with a typed error naming the problem', () => {
    expect(() => decodeAcpError({ message: 'x' })).toThrow(
      /decodeAcpError: error\.code must be an integer/,
    );
    expect(() => toSdkRequestError(RequestError.authRequired(), null as never)).toThrow(
      /RequestErrorClass must be a constructor/,
    );
  });
});

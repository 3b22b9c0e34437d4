import * as acp from '@agentclientprotocol/sdk';
import OpenAI from 'openai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AgentError, decode } from '../index.js';
import { RequestError } from '../dialects/acp/index.js';
import { withAcpErrors } from './acp.js';
import { connectAcp } from '../../test/helpers/acp-connect.js';

const connect = connectAcp;

function failWith(thrown: () => unknown) {
  return ({ method }: { method: string }) => {
    if (method === 'x/ok') return { ok: true };
    throw thrown();
  };
}

async function rejection(promise: Promise<unknown>): Promise<acp.RequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(acp.RequestError);
  return error as acp.RequestError;
}

const SECRET = 'sk-proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0F';

describe('what the ACP SDK does with a throw, unwrapped (why withAcpErrors exists)', () => {
  it('an AgentError becomes -32603 with its message in data.details; a raw Error ships its message', async () => {
    const errors: unknown[] = [
      AgentError.rateLimited('Slow down', { retryAfterMs: 2000 }),
      RequestError.authRequired(),
      new Error(`token ${SECRET} in /home/bob/.env`),
    ];
    let i = 0;
    const peer = connect(
      acp.agent().onRequest(
        '*',
        failWith(() => errors[i++]),
      ),
    );
    try {
      const limited = await rejection(peer.agent.request('x/fail', {}));
      expect([limited.code, limited.message, limited.data]).toEqual([
        -32603,
        'Internal error',
        { details: 'Slow down' },
      ]);
      expect(decode(limited, { from: 'acp' }).category).toBe('internal');
      // Our own RequestError is not the SDK's class: its code is lost too.
      expect((await rejection(peer.agent.request('x/fail', {}))).code).toBe(-32603);
      const raw = await rejection(peer.agent.request('x/fail', {}));
      expect(JSON.stringify(raw.data)).toContain(SECRET);
      expect(peer.wire()).toContain('/home/bob/.env');
    } finally {
      peer.close();
    }
  });
});

describe('withAcpErrors', () => {
  it('wrapping the app converts every handler registered after it', async () => {
    const onError = vi.fn();
    const thrown: unknown[] = [
      AgentError.rateLimited('Slow down', { retryAfterMs: 2000 }),
      RequestError.authRequired({ authMethods: ['oauth'] }),
      new acp.RequestError(-32002, 'Resource not found', { uri: 'file:///a', token: SECRET }),
      new Error(`token ${SECRET} in /home/bob/.env`),
    ];
    let i = 0;
    const app = withAcpErrors(acp.agent(), acp.RequestError, { onError }).onRequest(
      '*',
      failWith(() => thrown[i++]),
    );
    const peer = connect(app);
    try {
      expect(await peer.agent.request('x/ok', {})).toEqual({ ok: true });
      const limited = await rejection(peer.agent.request('x/fail', {}));
      expect(decode(limited, { from: 'acp' })).toMatchObject({
        category: 'rate_limit',
        retryable: true,
        retryAfterMs: 2000,
      });
      const auth = await rejection(peer.agent.request('x/fail', {}));
      expect([auth.code, auth.message, auth.data]).toEqual([
        -32000,
        'Authentication required',
        { authMethods: ['oauth'] },
      ]);
      // The SDK's own class keeps its code and message; its data is redacted.
      const missing = await rejection(peer.agent.request('x/fail', {}));
      expect([missing.code, missing.data]).toEqual([
        -32002,
        { uri: 'file:///a', token: '[REDACTED]' },
      ]);
      const raw = await rejection(peer.agent.request('x/fail', {}));
      expect([raw.code, raw.message]).toEqual([-32603, 'Internal error']);
      const { errorId } = raw.data as { errorId: string };
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]?.[0]).toBe(thrown[3]);
      expect(onError.mock.calls[0]?.[1]).toBe(errorId);
      expect(peer.wire()).not.toContain(SECRET);
      expect(peer.wire()).not.toContain('/home/bob');
    } finally {
      peer.close();
    }
  });

  it('wraps one handler, keeping its typed params', async () => {
    const handler = withAcpErrors(
      ({ params }: { params: acp.NewSessionRequest }): acp.NewSessionResponse => {
        if (params.cwd === '/') throw AgentError.permissionDenied('Not in the root directory');
        return { sessionId: 's-1' };
      },
      acp.RequestError,
    );
    const peer = connect(acp.agent().onRequest('session/new', handler));
    try {
      expect(await peer.agent.request('session/new', { cwd: '/tmp', mcpServers: [] })).toEqual({
        sessionId: 's-1',
      });
      const denied = await rejection(
        peer.agent.request('session/new', { cwd: '/', mcpServers: [] }),
      );
      expect(decode(denied, { from: 'acp' })).toMatchObject({
        category: 'permission',
        message: 'Not in the root directory',
      });
    } finally {
      peer.close();
    }
  });

  it('classifies what the handler did not mean to throw with the one classifier: an upstream 429 says wait', async () => {
    const upstream = OpenAI.APIError.generate(
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      undefined,
      new Headers({ 'retry-after-ms': '1200' }),
    );
    const onError = vi.fn();
    const peer = connect(
      withAcpErrors(acp.agent(), acp.RequestError, { onError }).onRequest(
        '*',
        failWith(() => upstream),
      ),
    );
    try {
      const error = await rejection(peer.agent.request('x/fail', {}));
      expect(decode(error, { from: 'acp' })).toMatchObject({
        category: 'rate_limit',
        retryable: true,
        retryAfterMs: 1200,
      });
    } finally {
      peer.close();
    }
  });

  it('a schema failure becomes invalidParams(zodError.format()), as the SDK sends its own', async () => {
    const peer = connect(
      withAcpErrors(acp.agent(), acp.RequestError).onRequest(
        '*',
        failWith(() => z.object({ cwd: z.string() }).safeParse({}).error),
      ),
    );
    try {
      const error = await rejection(peer.agent.request('x/fail', {}));
      expect(error.code).toBe(-32602);
      expect(decode(error, { from: 'acp' }).details?.issues).toEqual([
        { path: ['cwd'], message: expect.any(String) },
      ]);
    } finally {
      peer.close();
    }
  });

  it('wraps a client app too: a Node ENOENT in fs/read_text_file is -32002, its path masked', async () => {
    const client = withAcpErrors(acp.client(), acp.RequestError).onRequest(
      'fs/read_text_file',
      () => {
        throw Object.assign(
          new Error("ENOENT: no such file or directory, open '/home/bob/x.txt'"),
          {
            code: 'ENOENT',
            errno: -2,
            syscall: 'open',
            path: '/home/bob/x.txt',
          },
        );
      },
    );
    const agentApp = acp.agent();
    const peer = connect(agentApp, client);
    try {
      const error = await rejection(
        peer.agentSide.client.request('fs/read_text_file', { sessionId: 's', path: '/x.txt' }),
      );
      expect(error.code).toBe(-32002);
      expect(error.message).not.toContain('/home/bob');
      expect(decode(error, { from: 'acp' }).category).toBe('not_found');
    } finally {
      peer.close();
    }
  });

  it("wraps an extension method's params parser too: its message never reaches the peer", async () => {
    const onError = vi.fn();
    const app = withAcpErrors(acp.agent(), acp.RequestError, { onError })
      .onRequest(
        '_vendor/echo',
        (params: unknown) => {
          if (typeof params !== 'object')
            throw new Error(`bad params ${JSON.stringify(params)} ${SECRET}`);
          return params as { text: string };
        },
        ({ params }) => ({ echoed: params.text }),
      )
      .onRequest('_vendor/strict', z.object({ n: z.number() }), ({ params }) => ({ n: params.n }));
    const peer = connect(app);
    try {
      expect(await peer.agent.request('_vendor/echo', { text: 'hi' })).toEqual({ echoed: 'hi' });
      const bad = await rejection(peer.agent.request('_vendor/echo', 'oops'));
      expect([bad.code, bad.message]).toEqual([-32603, 'Internal error']);
      expect(onError).toHaveBeenCalledTimes(1);
      const invalid = await rejection(peer.agent.request('_vendor/strict', { n: 'x' }));
      expect(invalid.code).toBe(-32602);
      expect(decode(invalid, { from: 'acp' }).details?.issues).toEqual([
        { path: ['n'], message: expect.any(String) },
      ]);
      expect(peer.wire()).not.toContain(SECRET);
    } finally {
      peer.close();
    }
  });

  it('rejects what it cannot wrap with a TypeError naming the argument', () => {
    expect(() => withAcpErrors({} as never, acp.RequestError)).toThrow(
      /withAcpErrors: target must be an ACP app/,
    );
    expect(() => withAcpErrors(acp.agent(), undefined as never)).toThrow(
      /RequestErrorClass must be a constructor/,
    );
  });
});

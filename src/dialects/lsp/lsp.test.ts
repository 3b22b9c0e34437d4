import { PassThrough } from 'node:stream';
import {
  ErrorCodes,
  ResponseError as VsResponseError,
  createMessageConnection,
} from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentError } from '../../index.js';
import { LSP_ERROR_CODES, ResponseError, isResponseError } from './index.js';
import { toResponseError, toSdkResponseError } from '../../entries/lsp.js';
import { decodeLspError } from './decode.js';
import { encodeLspError } from './convert.js';

const connections: MessageConnection[] = [];
afterEach(() => {
  for (const c of connections.splice(0)) c.dispose();
});

/** Two vscode-jsonrpc connections joined by in-memory streams. */
function pair(): [MessageConnection, MessageConnection] {
  const aToB = new PassThrough();
  const bToA = new PassThrough();
  const a = createMessageConnection(bToA, aToB);
  const b = createMessageConnection(aToB, bToA);
  a.listen();
  b.listen();
  connections.push(a, b);
  return [a, b];
}

async function rejection(promise: Promise<unknown>): Promise<VsResponseError> {
  try {
    await promise;
  } catch (error) {
    return error as VsResponseError;
  }
  throw new Error('expected the request to fail');
}

describe('LSP codes', () => {
  it('match vscode-jsonrpc and the LSP spec', () => {
    expect(LSP_ERROR_CODES).toMatchObject({
      ParseError: ErrorCodes.ParseError,
      InvalidRequest: ErrorCodes.InvalidRequest,
      MethodNotFound: ErrorCodes.MethodNotFound,
      InvalidParams: ErrorCodes.InvalidParams,
      InternalError: ErrorCodes.InternalError,
      ServerNotInitialized: ErrorCodes.ServerNotInitialized,
      UnknownErrorCode: ErrorCodes.UnknownErrorCode,
      MessageWriteError: ErrorCodes.MessageWriteError,
      MessageReadError: ErrorCodes.MessageReadError,
      PendingResponseRejected: ErrorCodes.PendingResponseRejected,
      ConnectionInactive: ErrorCodes.ConnectionInactive,
      // LSPErrorCodes live in vscode-languageserver-protocol; these are the LSP 3.17 values.
      RequestFailed: -32803,
      ServerCancelled: -32802,
      ContentModified: -32801,
      RequestCancelled: -32800,
    });
  });
});

describe('ResponseError', () => {
  it('behaves as vscode-jsonrpc’s', () => {
    const cases: [[number, string, unknown?], object][] = [
      [[-32801, 'Content modified'], { code: -32801, message: 'Content modified' }],
      [[-32603, 'x', { a: 1 }], { code: -32603, message: 'x', data: { a: 1 } }],
      [['nope' as never, 'y'], { code: -32001, message: 'y' }],
    ];
    for (const [args, json] of cases) {
      const ours = new ResponseError(...args);
      const theirs = new VsResponseError(...args);
      expect(ours.toJson()).toStrictEqual(json);
      expect(theirs.toJson()).toStrictEqual(json);
      expect([ours.code, ours.message, ours.data]).toEqual([
        theirs.code,
        theirs.message,
        theirs.data,
      ]);
    }
    expect(isResponseError(new VsResponseError(1, 'x'))).toBe(true);
    expect(isResponseError(new ResponseError(1, 'x'))).toBe(true);
    expect(isResponseError({ code: 1, message: 'x' })).toBe(false);
  });
});

describe('LSP mapping', () => {
  it('reads each LSP code per the mapping table', () => {
    const table: [number, string, boolean][] = [
      [-32800, 'cancelled', false],
      [-32801, 'conflict', true],
      [-32802, 'cancelled', true],
      [-32803, 'internal', false],
      [-32002, 'protocol', false],
      [-32097, 'unavailable', true],
    ];
    for (const [code, category, retryable] of table) {
      const e = decodeLspError(new VsResponseError(code, 'm'));
      expect([code, e.category, e.retryable]).toEqual([code, category, retryable]);
    }
  });

  it('encodes by category; retryable cancel is ServerCancelled', () => {
    expect(encodeLspError(AgentError.cancelled('stop', { retryable: true })).code).toBe(-32802);
    expect(encodeLspError(AgentError.conflict('stale', { retryable: true })).code).toBe(-32801);
    expect(encodeLspError(AgentError.notFound('gone')).code).toBe(-32803);
    expect(toResponseError(AgentError.validation('bad')).code).toBe(-32602);
    expect(() => decodeLspError([])).toThrow(/decodeLspError: expected a JSON-RPC error object/);
    expect(() => toSdkResponseError(AgentError.internal('x'), undefined as never)).toThrow(
      /ResponseErrorClass must be a constructor/,
    );
  });
});

describe('LSP interop with vscode-jsonrpc', () => {
  it('its ResponseErrors keep code, message and data, server → client and client → server', async () => {
    const [client, server] = pair();
    const sent = new VsResponseError(LSP_ERROR_CODES.ContentModified, 'Content modified', {
      version: 3,
    });
    server.onRequest('textDocument/hover', () => {
      throw sent;
    });
    client.onRequest('workspace/configuration', () => {
      throw new VsResponseError(ErrorCodes.InvalidParams, 'bad section', ['a']);
    });

    const atClient = await rejection(client.sendRequest('textDocument/hover', {}));
    expect(atClient).toBeInstanceOf(VsResponseError);
    const decoded = decodeLspError(atClient);
    expect(decoded).toMatchObject({
      category: 'conflict',
      retryable: true,
      code: 'CONTENT_MODIFIED',
      message: 'Content modified',
      details: { version: 3 },
    });
    expect(encodeLspError(decoded)).toStrictEqual(sent.toJson());

    const atServer = await rejection(server.sendRequest('workspace/configuration', {}));
    const back = decodeLspError(atServer);
    expect(back).toMatchObject({ category: 'validation', message: 'bad section' });
    expect(encodeLspError(back)).toStrictEqual({
      code: -32602,
      message: 'bad section',
      data: ['a'],
    });
  });

  it('our errors, as its class, arrive with the same code, message and data', async () => {
    const [client, server] = pair();
    const ours = AgentError.rateLimited('Too many hovers', {
      retryAfterMs: 100,
      details: { n: 5 },
    });
    server.onRequest('textDocument/hover', () => {
      throw toSdkResponseError(ours, VsResponseError);
    });
    const expected = encodeLspError(ours);
    const got = await rejection(client.sendRequest('textDocument/hover', {}));
    expect(got.toJson()).toStrictEqual(expected);
    expect(decodeLspError(got)).toMatchObject({
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 100,
      details: { n: 5 },
    });
  });

  it('vscode-jsonrpc limitation: our ResponseError thrown as-is fails its instanceof check', async () => {
    const [client, server] = pair();
    server.onRequest('x', () => {
      throw new ResponseError(-32801, 'Content modified');
    });
    const got = await rejection(client.sendRequest('x', {}));
    expect(got.code).toBe(ErrorCodes.InternalError);
    expect(got.message).toBe('Request x failed with message: Content modified');
  });
});

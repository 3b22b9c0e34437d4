import * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { RequestError, isRequestError } from './index.js';

// Every example output printed in seeds 000 and 001, character for character.
describe('RequestError: seed parity', () => {
  it('methodNotFound("test/method").toResult() (seed 001)', () => {
    expect(JSON.stringify(RequestError.methodNotFound('test/method').toResult())).toBe(
      '{"error":{"code":-32601,"message":"Method not found: test/method","data":{"method":"test/method"}}}',
    );
  });

  it('invalidParams({ field }).toErrorResponse() (seed 001)', () => {
    expect(RequestError.invalidParams({ field: 'sessionId' }).toErrorResponse()).toStrictEqual({
      code: -32602,
      message: 'Invalid params',
      data: { field: 'sessionId' },
    });
  });

  it('resourceNotFound(uri) as in the error response example (seed 000)', () => {
    const response = {
      jsonrpc: '2.0',
      id: 123,
      error: RequestError.resourceNotFound('file:///path/to/file.txt').toErrorResponse(),
    };
    expect(JSON.stringify(response, null, 2)).toBe(`{
  "jsonrpc": "2.0",
  "id": 123,
  "error": {
    "code": -32002,
    "message": "Resource not found: file:///path/to/file.txt",
    "data": {
      "uri": "file:///path/to/file.txt"
    }
  }
}`);
  });

  it('has the code table of seed 000 on its factories', () => {
    expect(
      [
        RequestError.parseError(),
        RequestError.invalidRequest(),
        RequestError.methodNotFound('m'),
        RequestError.invalidParams(),
        RequestError.internalError(),
        RequestError.authRequired(),
        RequestError.resourceNotFound(),
      ].map((e) => [e.code, e.message]),
    ).toEqual([
      [-32700, 'Parse error'],
      [-32600, 'Invalid request'],
      [-32601, 'Method not found: m'],
      [-32602, 'Invalid params'],
      [-32603, 'Internal error'],
      [-32000, 'Authentication required'],
      [-32002, 'Resource not found'],
    ]);
  });

  it('appends additionalMessage as ": " + text and keeps data', () => {
    const e = RequestError.invalidParams(
      { missing: 'mcpServers' },
      'mcpServers parameter is required',
    );
    expect(e.message).toBe('Invalid params: mcpServers parameter is required');
    expect(e.data).toEqual({ missing: 'mcpServers' });
    expect(RequestError.parseError(undefined, 'x').message).toBe('Parse error: x');
    expect(RequestError.invalidRequest(undefined, 'y').message).toBe('Invalid request: y');
    expect(RequestError.internalError({}, 'z').message).toBe('Internal error: z');
    expect(RequestError.authRequired(undefined, 'w').message).toBe('Authentication required: w');
    expect(RequestError.requestCancelled(undefined, 'v').message).toBe('Request cancelled: v');
  });

  it('constructor (code, message, data?) as in seed 000', () => {
    const e = new RequestError(-32001, 'Custom error', { detail: 'explanation' });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({
      name: 'RequestError',
      code: -32001,
      message: 'Custom error',
      data: { detail: 'explanation' },
    });
    expect(e.toResult()).toStrictEqual({
      error: { code: -32001, message: 'Custom error', data: { detail: 'explanation' } },
    });
    expect(new RequestError(1, 'no data').toErrorResponse()).toStrictEqual({
      code: 1,
      message: 'no data',
      data: undefined,
    });
    // As the SDK's class: JSON.stringify writes its own fields, not the error response.
    expect(JSON.parse(JSON.stringify(e))).toStrictEqual({
      code: -32001,
      data: { detail: 'explanation' },
      name: 'RequestError',
    });
  });

  it('has the newer SDK factories', () => {
    expect(RequestError.requestCancelled().toErrorResponse()).toStrictEqual({
      code: -32800,
      message: 'Request cancelled',
      data: undefined,
    });
    expect(RequestError.sessionNotFound('s-1').toErrorResponse()).toStrictEqual({
      code: -32002,
      message: 'Resource not found',
      data: { sessionId: 's-1' },
    });
    const supported = [1];
    const e = RequestError.unsupportedProtocolVersion(3, supported);
    expect(e.toErrorResponse()).toStrictEqual({
      code: -32022,
      message: 'Unsupported protocol version',
      data: { requested: 3, supported: [1] },
    });
    expect((e.data as { supported: unknown }).supported).not.toBe(supported);
  });

  it('is recognised by brand across copies and by shape', () => {
    expect(isRequestError(RequestError.authRequired())).toBe(true);
    const foreign = Object.assign(new Error('x'), { name: 'RequestError', code: -32000 });
    expect(isRequestError(foreign)).toBe(true);
    expect(isRequestError(new Error('x'))).toBe(false);
    expect(isRequestError(null)).toBe(false);
  });
});

// `toResult(): Result<T>` and `toErrorResponse(): ErrorResponse` ("an ErrorResponse object with
// code, message, and optional data"), and `resourceNotFound(uri?)` ("URI in data (if provided)"),
// as agentclientprotocol/typescript-sdk writes them in src/core/jsonrpc.ts:
// `{ code: this.code, message: this.message, data: this.data }` and `uri && { uri }`.
describe('RequestError: the same objects as @agentclientprotocol/sdk', () => {
  const pairs: [string, RequestError, acp.RequestError][] = [
    [
      'new RequestError(1, "no data")',
      new RequestError(1, 'no data'),
      new acp.RequestError(1, 'no data'),
    ],
    ['authRequired()', RequestError.authRequired(), acp.RequestError.authRequired()],
    [
      'invalidParams({ field })',
      RequestError.invalidParams({ field: 'sessionId' }),
      acp.RequestError.invalidParams({ field: 'sessionId' }),
    ],
    ['resourceNotFound()', RequestError.resourceNotFound(), acp.RequestError.resourceNotFound()],
    [
      "resourceNotFound('')",
      RequestError.resourceNotFound(''),
      acp.RequestError.resourceNotFound(''),
    ],
    [
      "resourceNotFound('file:///a')",
      RequestError.resourceNotFound('file:///a'),
      acp.RequestError.resourceNotFound('file:///a'),
    ],
    ['requestCancelled()', RequestError.requestCancelled(), acp.RequestError.requestCancelled()],
    [
      "sessionNotFound('s')",
      RequestError.sessionNotFound('s'),
      acp.RequestError.sessionNotFound('s'),
    ],
  ];
  it.each(pairs)(
    '%s: toResult() and toErrorResponse() keep data exactly as the SDK',
    (_, ours, sdk) => {
      expect(ours.toErrorResponse()).toStrictEqual(sdk.toErrorResponse());
      expect(ours.toResult()).toStrictEqual(sdk.toResult());
      expect(Object.keys(ours.toErrorResponse())).toEqual(Object.keys(sdk.toErrorResponse()));
      expect(JSON.stringify(ours)).toBe(JSON.stringify(sdk));
    },
  );

  it("resourceNotFound(''): the message alone, and data '' as the SDK gives", () => {
    const e = RequestError.resourceNotFound('');
    expect([e.message, e.data]).toEqual(['Resource not found', '']);
  });
});

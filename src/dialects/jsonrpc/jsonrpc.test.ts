import { decode, defaultDecoder } from '../../front/decode.js';
import { AgentError } from '../../index.js';
import {
  JSONRPC_ERROR_CODES,
  WIRE_HINTS_KEY,
  createErrorObject,
  createErrorResponse,
  isJsonRpcErrorResponse,
} from './index.js';
import { describe, expect, it, vi } from 'vitest';
import { classifyJsonRpcError } from './classify.js';
import { decodeJsonRpcError } from './decode.js';
import { encodeJsonRpcError, encodeJsonRpcErrorResponse } from './encode.js';
import { isReservedErrorCode, isServerErrorCode } from './codes.js';

describe('codes and error objects', () => {
  it('names the five standard codes and the reserved ranges', () => {
    expect(JSONRPC_ERROR_CODES).toEqual({
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
    });
    expect(isReservedErrorCode(-32768)).toBe(true);
    expect(isReservedErrorCode(-32769)).toBe(false);
    expect(isServerErrorCode(-32099)).toBe(true);
    expect(isServerErrorCode(-32100)).toBe(false);
  });

  it('builds error objects and responses, with id null when unknown', () => {
    expect(createErrorObject(-32601, 'Method not found')).toStrictEqual({
      code: -32601,
      message: 'Method not found',
    });
    expect(createErrorResponse(undefined, createErrorObject(-32700, 'Parse error'))).toStrictEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    expect(isJsonRpcErrorResponse(createErrorResponse(3, { code: 1, message: 'x' }))).toBe(true);
  });

  it('rejects bad input with a TypeError naming the field', () => {
    expect(() => createErrorObject(1.5, 'x')).toThrow(
      /code must be an integer; received number 1.5/,
    );
    expect(() => createErrorObject(1, 2 as never)).toThrow(/message must be a string/);
    expect(() => createErrorResponse({} as never, { code: 1, message: 'x' })).toThrow(/id must be/);
    expect(() => decodeJsonRpcError('oops')).toThrow(TypeError);
    expect(() => decodeJsonRpcError({ code: '1', message: 'x' })).toThrow(
      /decodeJsonRpcError: error\.code must be an integer; received "1"/,
    );
    expect(() => decodeJsonRpcError({ jsonrpc: '2.0', id: 1, error: { code: 1 } })).toThrow(
      /response\.error\.message must be a string/,
    );
  });
});

describe('decodeJsonRpcError', () => {
  it('reads the standard codes per the mapping table and keeps the wire', () => {
    const err = decodeJsonRpcError({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'Invalid params', data: { field: 'x' } },
    });
    expect(err).toBeInstanceOf(AgentError);
    expect(err).toMatchObject({ category: 'validation', code: 'INVALID_PARAMS', retryable: false });
    expect(err.details).toEqual({ field: 'x' });
    expect(err.wire).toEqual({
      protocol: 'jsonrpc',
      code: -32602,
      message: 'Invalid params',
      data: { field: 'x' },
    });
  });

  it("tells ACP's -32000 from MCP's -32000 by message and data, else internal", () => {
    expect(classifyJsonRpcError(-32000, 'Authentication required').category).toBe('auth');
    expect(classifyJsonRpcError(-32000, 'MCP error -32000: x', { authMethods: [] }).category).toBe(
      'auth',
    );
    const closed = decodeJsonRpcError({ code: -32000, message: 'Connection closed' });
    expect(closed).toMatchObject({ category: 'unavailable', retryable: true });
    expect(decodeJsonRpcError({ code: -32000, message: 'Kaput' })).toMatchObject({
      category: 'internal',
      code: 'SERVER_ERROR',
    });
    expect(decodeJsonRpcError({ code: 12, message: 'Kaput' }).category).toBe('internal');
    // The SDK's prefix names the protocol: the front door reads it as MCP.
    expect(
      decode(
        { code: -32000, message: 'MCP error -32000: Connection closed' },
        {
          protocol: 'jsonrpc',
        },
      ).category,
    ).toBe('unavailable');
    expect(classifyJsonRpcError(-32001, 'Request timed out').category).toBe('timeout');
    expect(classifyJsonRpcError(-32099, 'x', { timeout: 5 }).category).toBe('timeout');
    expect(classifyJsonRpcError(-32801, 'x')).toMatchObject({
      category: 'conflict',
      retryable: true,
    });
  });

  it('wraps non-object data as details.data', () => {
    expect(decodeJsonRpcError({ code: -32603, message: 'x', data: 'text' }).details).toEqual({
      data: 'text',
    });
  });
});

describe('encodeJsonRpcError', () => {
  it('re-encodes a decoded error exactly as received', () => {
    const received = { code: -32050, message: 'Vendor thing', data: { a: [1, 2] } };
    expect(encodeJsonRpcError(decodeJsonRpcError(received))).toStrictEqual(received);
  });

  it('carries what the code cannot in data.agentError, and decode restores it', () => {
    const err = AgentError.rateLimited('Slow down', {
      code: 'SLACK_RATE_LIMITED',
      retryAfterMs: 1500,
      details: { channel: 'general' },
    });
    const wire = encodeJsonRpcError(err);
    expect(wire).toStrictEqual({
      code: -32000,
      message: 'Slow down',
      data: {
        channel: 'general',
        [WIRE_HINTS_KEY]: {
          code: 'SLACK_RATE_LIMITED',
          category: 'rate_limit',
          retryable: true,
          retryAfterMs: 1500,
        },
      },
    });
    const back = decodeJsonRpcError(JSON.parse(JSON.stringify(wire)));
    expect(back).toMatchObject({
      message: 'Slow down',
      code: 'SLACK_RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 1500,
      details: { channel: 'general' },
    });
  });

  it('leaves the hints out when the code says it all', () => {
    const err = AgentError.protocol('Method not found', { code: 'METHOD_NOT_FOUND' });
    expect(encodeJsonRpcErrorResponse(5, err)).toStrictEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32601, message: 'Method not found' },
    });
  });

  it('redacts secrets in data by default, and not when asked', () => {
    const err = AgentError.validation('bad', {
      details: { apiKey: 'abc', note: 'Bearer abcdefgh' },
    });
    expect(encodeJsonRpcError(err).data).toMatchObject({
      apiKey: '[REDACTED]',
      note: 'Bearer [REDACTED]',
    });
    expect(encodeJsonRpcError(err, { redact: false }).data).toMatchObject({ apiKey: 'abc' });
  });

  it('never exposes an unexpected error: generic internal with an errorId', () => {
    const onError = vi.fn();
    const thrown = new Error('db password=hunter2 at /srv/app.js');
    const wire = encodeJsonRpcError(thrown, { onError });
    expect(wire.code).toBe(-32603);
    expect(wire.message).toBe('Internal error');
    const errorId = (wire.data as { errorId: string }).errorId;
    expect(errorId).toMatch(/\S{8,}/);
    expect(onError).toHaveBeenCalledWith(thrown, errorId);
    expect(JSON.stringify(wire)).not.toContain('hunter2');
  });

  it('sends schema failures as invalid params with the issues', () => {
    // A schema failure is read by the schema reader: the encoder sees it through a decoder.
    const wire = encodeJsonRpcError(
      { issues: [{ message: 'Required', path: ['name'] }] },
      { decoder: defaultDecoder },
    );
    expect(wire).toMatchObject({
      code: -32602,
      data: { issues: [{ path: ['name'], message: 'Required' }] },
    });
  });
});

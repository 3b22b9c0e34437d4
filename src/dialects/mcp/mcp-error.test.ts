import { describe, expect, it } from 'vitest';
import { toJsonSafe } from '../../core/serialize.js';
import { AgentError } from '../../index.js';
import { McpError, isMcpError, stripMcpErrorPrefix } from './index.js';
import { toMcpError } from '../../entries/mcp.js';
import { decodeMcpError } from './decode.js';
import { encodeMcpError } from './convert.js';

/** The struct Hermes prints: `%Hermes.MCP.Error{code, reason, data}`. */
const struct = (e: McpError) => ({ code: e.code, reason: e.reason, data: e.data });

// Every example printed in seed 003, Elixir atoms as strings and maps as objects.
describe('McpError: seed 003 examples', () => {
  it('client_error(:request_timeout, %{elapsed_ms: 30000})', () => {
    expect(struct(McpError.clientError('request_timeout', { elapsed_ms: 30000 }))).toStrictEqual({
      code: -32000,
      reason: 'request_timeout',
      data: { type: 'client', elapsed_ms: 30000 },
    });
  });

  it('domain_error(%{"message" => "Resource not found"})', () => {
    expect(struct(McpError.domainError({ message: 'Resource not found' }))).toStrictEqual({
      code: -32000,
      reason: 'domain_error',
      data: { message: 'Resource not found' },
    });
  });

  it('from_json_rpc(%{"code" => -32700, "message" => "Parse error"})', () => {
    expect(struct(McpError.fromJsonRpc({ code: -32700, message: 'Parse error' }))).toStrictEqual({
      code: -32700,
      reason: 'parse_error',
      data: { original_message: 'Parse error' },
    });
  });

  it('internal_error()', () => {
    expect(struct(McpError.internalError())).toStrictEqual({
      code: -32603,
      reason: 'internal_error',
      data: {},
    });
  });

  it('invalid_params(%{param: "name"})', () => {
    expect(struct(McpError.invalidParams({ param: 'name' }))).toStrictEqual({
      code: -32602,
      reason: 'invalid_params',
      data: { param: 'name' },
    });
  });

  it('invalid_request()', () => {
    expect(struct(McpError.invalidRequest())).toStrictEqual({
      code: -32600,
      reason: 'invalid_request',
      data: {},
    });
  });

  it('method_not_found(%{method: "unknown_method"})', () => {
    expect(struct(McpError.methodNotFound({ method: 'unknown_method' }))).toStrictEqual({
      code: -32601,
      reason: 'method_not_found',
      data: { method: 'unknown_method' },
    });
  });

  it('parse_error()', () => {
    expect(struct(McpError.parseError())).toStrictEqual({
      code: -32700,
      reason: 'parse_error',
      data: {},
    });
  });

  it('to_tuple(parse_error())', () => {
    const error = McpError.parseError();
    const tuple = error.toTuple();
    expect(tuple).toStrictEqual(['error', error]);
    expect(tuple[0]).toBe('error');
    expect(struct(tuple[1])).toStrictEqual({ code: -32700, reason: 'parse_error', data: {} });
  });

  it('transport_error(:connection_refused)', () => {
    expect(struct(McpError.transportError('connection_refused'))).toStrictEqual({
      code: -32000,
      reason: 'connection_refused',
      data: { type: 'transport' },
    });
  });
});

describe('McpError', () => {
  it('gives readable messages, naming the missing method', () => {
    expect(McpError.methodNotFound({ method: 'tools/frob' }).message).toBe(
      'Method not found: tools/frob',
    );
    expect(McpError.transportError('connection_refused').message).toBe('Connection refused');
    expect(McpError.domainError({ message: 'No such row' }).message).toBe('No such row');
    const exec = McpError.execution('tool crashed', { tool: 'grep' });
    expect(struct(exec)).toStrictEqual({
      code: -32000,
      reason: 'execution_error',
      data: { tool: 'grep' },
    });
    expect(exec.message).toBe('tool crashed');
    expect(McpError.resourceNotFound({ uri: 'file:///x' })).toMatchObject({
      code: -32002,
      reason: 'resource_not_found',
    });
  });

  it('keeps type over a caller-supplied type', () => {
    expect(McpError.clientError('x', { type: 'other' }).data.type).toBe('client');
  });

  it('fromJsonRpc: unknown codes are server_error; prefixes stripped; data kept', () => {
    const e = McpError.fromJsonRpc({
      code: -32099,
      message: 'MCP error -32099: MCP error -32099: odd',
      data: { a: 1 },
    });
    expect(struct(e)).toStrictEqual({
      code: -32099,
      reason: 'server_error',
      data: { a: 1, original_message: 'odd' },
    });
    expect(e.message).toBe('odd');
  });

  // cloudwalk/hermes-mcp v0.3.12, lib/hermes/mcp/error.ex: `reason_for_code` knows the five
  // JSON-RPC codes (`defp reason_for_code(_), do: :server_error`), and `from_json_rpc` keeps
  // `original_message` only `if message != ""`.
  it('fromJsonRpc reads only the five JSON-RPC codes and keeps no empty message, as Hermes', () => {
    for (const code of [-32001, -32002, -32000, -32042]) {
      expect(McpError.fromJsonRpc({ code, message: 'x' }).reason).toBe('server_error');
    }
    const empty = McpError.fromJsonRpc({ code: -32603, message: '' });
    expect(struct(empty)).toStrictEqual({ code: -32603, reason: 'internal_error', data: {} });
    expect(empty.message).toBe('Internal error');
    expect(McpError.fromJsonRpc({ code: -32099, message: 'MCP error -32099: ' }).data).toEqual({});
    // MCP's own codes are the MCP dialect's to read.
    const timedOut = McpError.fromJsonRpc({ code: -32001, message: 'Request timed out' });
    expect(decodeMcpError(timedOut)).toMatchObject({
      category: 'timeout',
      code: 'REQUEST_TIMEOUT',
      retryable: true,
    });
    expect(decodeMcpError(McpError.fromJsonRpc({ code: -32002, message: 'gone' }))).toMatchObject({
      category: 'not_found',
      code: 'RESOURCE_NOT_FOUND',
    });
  });

  it('rejects bad input with a TypeError naming the field', () => {
    expect(() => McpError.invalidParams([] as never)).toThrow(
      /invalidParams: data must be a plain object; received an array/,
    );
    expect(() => new McpError({ code: 1.5, reason: 'x' })).toThrow(/code must be an integer/);
    expect(() => new McpError({ code: 1, reason: '' })).toThrow(
      /reason must be a non-empty string/,
    );
    expect(() => decodeMcpError(42)).toThrow(/decodeMcpError: expected a JSON-RPC error object/);
  });

  // Hermes' from_json_rpc reads any code it does not know as :server_error; a JSON-RPC code is an
  // integer, so an odd one is kept in data.original_code and the error sends -32603.
  it.each([1.5, Number.NaN, 'x', null])('fromJsonRpc with code %s: server_error', (code) => {
    const e = McpError.fromJsonRpc({ code, message: 'odd' } as never);
    expect([e.reason, e.code, e.message]).toEqual(['server_error', -32603, 'odd']);
    expect(e.data).toStrictEqual({ original_message: 'odd', original_code: toJsonSafe(code) });
    expect(Number.isInteger(e.toJsonRpc().code)).toBe(true);
  });

  it('copies the data a factory is given, as Hermes keeps its own map', () => {
    const data = { param: 'name' };
    for (const e of [
      McpError.invalidParams(data),
      McpError.domainError(data),
      McpError.execution('failed', data),
      new McpError({ code: -32000, reason: 'server_error', data }),
    ]) {
      expect(e.data).not.toBe(data);
      e.data.param = 'changed';
    }
    expect(data).toStrictEqual({ param: 'name' });
  });

  it('is recognised by brand or shape, and serialises to its struct', () => {
    const e = McpError.invalidParams({ param: 'name' });
    expect(isMcpError(e)).toBe(true);
    expect(isMcpError(structuredClone({ ...e.toJSON() }))).toBe(true);
    expect(isMcpError(new Error('x'))).toBe(false);
    expect(JSON.parse(JSON.stringify(e))).toStrictEqual({
      code: -32602,
      reason: 'invalid_params',
      message: 'Invalid params',
      data: { param: 'name' },
    });
    expect(e.toJsonRpc()).toStrictEqual({
      code: -32602,
      message: 'Invalid params',
      data: { param: 'name' },
    });
    expect(McpError.parseError().toJsonRpc()).toStrictEqual({
      code: -32700,
      message: 'Parse error',
    });
  });
});

describe('MCP conversions', () => {
  it('decodes our McpError by its reason', () => {
    expect(decodeMcpError(McpError.transportError('connection_refused'))).toMatchObject({
      category: 'unavailable',
      retryable: true,
      code: 'CONNECTION_REFUSED',
      details: { type: 'transport' },
    });
    expect(decodeMcpError(McpError.clientError('request_timeout'))).toMatchObject({
      category: 'timeout',
      retryable: true,
    });
    expect(decodeMcpError(McpError.execution('boom')).category).toBe('internal');
    expect(decodeMcpError(McpError.invalidParams()).category).toBe('validation');
  });

  it('strips the SDK prefix however many times it repeats, and keeps the code', () => {
    expect(stripMcpErrorPrefix('MCP error -32602: MCP error -32602: bad')).toBe('bad');
    const e = decodeMcpError({ code: -32602, message: 'MCP error -32602: MCP error -32602: bad' });
    expect(e.message).toBe('bad');
    expect(e.wire).toEqual({ protocol: 'mcp', code: -32602, message: 'bad' });
    expect(encodeMcpError(e)).toStrictEqual({ code: -32602, message: 'bad' });
  });

  it('AgentError ⇄ McpError', () => {
    const hub = AgentError.unavailable('peer gone', { code: 'CONNECTION_REFUSED' });
    const mcp = toMcpError(hub);
    expect(mcp).toBeInstanceOf(McpError);
    expect(mcp).toMatchObject({ code: -32000, reason: 'connection_refused', message: 'peer gone' });
    expect(decodeMcpError(mcp)).toMatchObject({
      category: 'unavailable',
      code: 'CONNECTION_REFUSED',
      message: 'peer gone',
    });
    const timeout = toMcpError(AgentError.timeout('slow'));
    expect(timeout).toMatchObject({ code: -32001, reason: 'request_timeout' });
  });

  it('never sends an unexpected error message', () => {
    const wire = encodeMcpError(new TypeError('x is undefined at /srv/app/index.js:12'));
    expect(wire).toMatchObject({ code: -32603, message: 'Internal error' });
    expect(JSON.stringify(wire)).not.toContain('/srv');
  });
});

describe('MCP refinements read by the dialect', () => {
  it('an abort by AbortSignal.timeout is a timeout, a caller abort a cancel', async () => {
    const { decode } = await import('../../front/decode.js');
    // What `client.callTool(…, { signal: AbortSignal.timeout(300) })` rejects with (MCP SDK 1.x).
    const timedOut = decode(
      {
        code: -32001,
        message: 'MCP error -32001: TimeoutError: The operation was aborted due to timeout',
      },
      { from: 'mcp' },
    );
    expect([timedOut.category, timedOut.retryable]).toEqual(['timeout', true]);
    const aborted = decode(
      { code: -32001, message: 'MCP error -32001: AbortError: This operation was aborted' },
      { from: 'mcp' },
    );
    expect([aborted.category, aborted.retryable]).toEqual(['cancelled', false]);
  });

  it('MCP 2026-07-28: resource not found is -32602 with data.uri', async () => {
    const { decode } = await import('../../front/decode.js');
    const missing = decode(
      { code: -32602, message: 'Resource not found', data: { uri: 'file:///nope' } },
      { from: 'mcp' },
    );
    expect([missing.category, missing.code]).toEqual(['not_found', 'RESOURCE_NOT_FOUND']);
    expect(decode({ code: -32602, message: 'bad' }, { from: 'mcp' }).category).toBe('validation');
  });
});

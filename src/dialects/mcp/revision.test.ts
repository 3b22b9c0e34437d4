// MCP's codes per negotiated revision, and MCP SDK v2's error classes read by decode.
import {
  ProtocolError,
  ResourceNotFoundError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { AgentError, decode, encode } from 'agent-errors';
import { toMcpError } from 'agent-errors/mcp';

/** `encode(error, 'mcp')` as a JSON-RPC error object (it is one unless `as: 'toolResult'`). */
function wire(error: AgentError, protocolVersion?: string) {
  return encode(error, 'mcp', protocolVersion === undefined ? {} : { protocolVersion });
}

const missing = AgentError.notFound('No document docs://a', {
  code: 'RESOURCE_NOT_FOUND',
  details: { uri: 'docs://a' },
});

describe('MCP codes per revision (protocolVersion)', () => {
  it('a missing resource is -32002 before 2026-07-28 and -32602 with data.uri from it on', () => {
    expect(wire(missing, '2025-11-25')).toEqual({
      code: -32002,
      message: 'No document docs://a',
      data: { uri: 'docs://a' },
    });
    const modern = wire(missing, '2026-07-28');
    expect(modern).toEqual({
      code: -32602,
      message: 'No document docs://a',
      data: { uri: 'docs://a' },
    });
    expect(decode(modern, { from: 'mcp' }).category).toBe('not_found');
  });

  it('without a uri, -32602 carries hints so it still reads as not_found', () => {
    const sent = wire(
      AgentError.notFound('No such prompt', { code: 'RESOURCE_NOT_FOUND' }),
      '2026-07-28',
    );
    expect(sent.code).toBe(-32602);
    expect(decode(sent, { from: 'mcp' }).category).toBe('not_found');
  });

  it('-32020…-32022 exist from 2026-07-28 on; before, they are sent as -32600 / -32602 with hints', () => {
    const mismatch = AgentError.protocol('Mcp-Method header does not match the body', {
      code: 'HEADER_MISMATCH',
    });
    const version = AgentError.protocol('Unsupported protocol version', {
      code: 'UNSUPPORTED_PROTOCOL_VERSION',
    });
    expect(toMcpError(mismatch, { protocolVersion: '2026-07-28' }).code).toBe(-32020);
    expect(toMcpError(version, { protocolVersion: '2026-07-28' }).code).toBe(-32022);
    const old = wire(mismatch, '2025-11-25');
    expect(old.code).toBe(-32600);
    expect(wire(version, '2025-11-25').code).toBe(-32602);
    expect([decode(old, { from: 'mcp' }).category, decode(old, { from: 'mcp' }).code]).toEqual([
      'protocol',
      'HEADER_MISMATCH',
    ]);
    // No revision given: the table's codes, as before.
    expect(wire(mismatch).code).toBe(-32020);
    expect(wire(missing).code).toBe(-32002);
  });
});

describe('MCP SDK v2 error classes, as the SDK builds them', () => {
  it('SdkError REQUEST_TIMEOUT: a timeout, an AbortSignal.timeout, a caller abort', () => {
    const timedOut = decode(
      new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: 100 }),
    );
    expect([timedOut.category, timedOut.retryable]).toEqual(['timeout', true]);
    const signal = decode(
      new SdkError(
        SdkErrorCode.RequestTimeout,
        'TimeoutError: The operation was aborted due to timeout',
      ),
    );
    expect([signal.category, signal.retryable]).toEqual(['timeout', true]);
    const aborted = decode(
      new SdkError(SdkErrorCode.RequestTimeout, 'AbortError: This operation was aborted'),
    );
    expect([aborted.category, aborted.retryable]).toEqual(['cancelled', false]);
    const reason = decode(new SdkError(SdkErrorCode.RequestTimeout, 'Error: user gave up'));
    expect(reason.category).toBe('cancelled');
  });

  it('connection and HTTP failures', () => {
    expect(decode(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')).category).toBe(
      'unavailable',
    );
    expect(decode(new SdkError(SdkErrorCode.NotConnected, 'Not connected')).retryable).toBe(true);
    expect(
      decode(
        new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'Unauthorized', { status: 401 }),
      ).category,
    ).toBe('auth');
    expect(
      decode(new SdkHttpError(SdkErrorCode.ClientHttpForbidden, 'Forbidden', { status: 403 }))
        .category,
    ).toBe('permission');
  });

  it('ProtocolError and ResourceNotFoundError read with MCP codes', () => {
    const missingError = decode(new ResourceNotFoundError('docs://a'));
    expect([missingError.category, missingError.code]).toEqual(['not_found', 'RESOURCE_NOT_FOUND']);
    // The SDK's answer to an unknown tool: not_found, told apart from bad arguments.
    const unknownTool = decode(new ProtocolError(-32602, 'Tool nope not found'));
    expect([unknownTool.category, unknownTool.code]).toEqual(['not_found', 'TOOL_NOT_FOUND']);
    expect(decode(new ProtocolError(-32602, 'Invalid arguments for tool nope')).category).toBe(
      'validation',
    );
    expect(decode(new ProtocolError(-32001, 'Request timed out', { timeout: 5 })).category).toBe(
      'timeout',
    );
  });
});

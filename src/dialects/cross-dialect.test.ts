/**
 * Seed classes convert through the hub: core's toAgentError and every other dialect's encoder
 * read them by the AS_AGENT_ERROR method, with no dialect importing another.
 */
import { describe, expect, it } from 'vitest';
import { AS_AGENT_ERROR, AgentError, toAgentError } from '../index.js';

import { RequestError } from './acp/index.js';

import { ResponseError } from './lsp/index.js';
import { McpError } from './mcp/index.js';
import { decodeA2aError, encodeA2aError } from './a2a/convert.js';
import { decodeAcpError } from './acp/decode.js';
import { encodeAcpError } from './acp/convert.js';
import { encodeJsonRpcError } from './jsonrpc/encode.js';
import { decodeLspError } from './lsp/decode.js';
import { encodeLspError } from './lsp/convert.js';
import { decodeMcpError } from './mcp/decode.js';
import { encodeMcpError } from './mcp/convert.js';

describe('seed classes through the hub', () => {
  it("core's toAgentError reads each seed class by its own protocol", () => {
    expect(toAgentError(RequestError.authRequired())).toMatchObject({
      category: 'auth',
      code: 'AUTH_REQUIRED',
      wire: { protocol: 'acp', code: -32000 },
    });
    expect(toAgentError(McpError.transportError('connection_refused'))).toMatchObject({
      category: 'unavailable',
      retryable: true,
      wire: { protocol: 'mcp' },
    });
    expect(toAgentError(new ResponseError(-32801, 'Content modified'))).toMatchObject({
      category: 'conflict',
      retryable: true,
      wire: { protocol: 'lsp' },
    });
  });

  it('an ACP error sent to an MCP, LSP, A2A or plain JSON-RPC peer keeps its meaning', () => {
    const acp = RequestError.resourceNotFound('file:///gone.txt');
    const mcp = decodeMcpError(encodeMcpError(acp));
    expect(mcp).toMatchObject({
      category: 'not_found',
      code: 'RESOURCE_NOT_FOUND',
      message: 'Resource not found: file:///gone.txt',
      details: { uri: 'file:///gone.txt' },
    });
    expect(encodeMcpError(acp).code).toBe(-32002);
    expect(decodeLspError(encodeLspError(acp))).toMatchObject({
      category: 'not_found',
      code: 'RESOURCE_NOT_FOUND',
    });
    expect(decodeA2aError(encodeA2aError(acp))).toMatchObject({
      category: 'not_found',
      code: 'RESOURCE_NOT_FOUND',
    });
    expect(encodeJsonRpcError(acp).message).toBe('Resource not found: file:///gone.txt');
  });

  it('an MCP timeout sent to an ACP peer and back stays a retryable timeout', () => {
    const fromMcp = McpError.clientError('request_timeout', { elapsed_ms: 30000 });
    const acpWire = encodeAcpError(fromMcp);
    expect(acpWire.code).toBe(-32603); // ACP has no timeout code…
    expect(decodeAcpError(acpWire)).toMatchObject({
      category: 'timeout', // …so the hints carry it.
      retryable: true,
      details: { type: 'client', elapsed_ms: 30000 },
    });
  });

  it('a seed class whose conversion throws is sent as an unexpected error', () => {
    const broken = Object.assign(new Error('secret stuff'), {
      [AS_AGENT_ERROR]() {
        throw new Error('nope');
      },
    });
    expect(encodeJsonRpcError(broken)).toMatchObject({ code: -32603, message: 'Internal error' });
    const custom = Object.assign(new Error('x'), {
      [AS_AGENT_ERROR]: () => AgentError.quotaExceeded('Budget spent'),
    });
    expect(decodeAcpError(encodeAcpError(custom)).category).toBe('quota');
  });
});

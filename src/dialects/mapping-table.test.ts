/**
 * Every row of DESIGN.md's mapping table for the JSON-RPC family, checked against each
 * dialect's decoder: `[code, message, data?] → category (retryable)`.
 */
import { describe, expect, it } from 'vitest';
import type { AgentError, ErrorCategory } from '../index.js';
import { defaultDecoder } from '../front/decode.js';
import { decodeA2aError } from './a2a/convert.js';
import { decodeAcpError } from './acp/decode.js';
import { decodeJsonRpcError } from './jsonrpc/decode.js';
import { decodeLspError } from './lsp/decode.js';
import { decodeMcpError } from './mcp/decode.js';

type Row = [code: number, message: string, category: ErrorCategory, retryable: boolean];

const ROWS: Record<string, [(value: unknown) => AgentError, Row[]]> = {
  // | JSON-RPC -32700, -32600, -32601 | protocol (no) |  -32602 validation (no) | -32603 internal (no)
  jsonrpc: [
    decodeJsonRpcError,
    [
      [-32700, 'Parse error', 'protocol', false],
      [-32600, 'Invalid Request', 'protocol', false],
      [-32601, 'Method not found', 'protocol', false],
      [-32602, 'Invalid params', 'validation', false],
      [-32603, 'Internal error', 'internal', false],
    ],
  ],
  // | ACP -32000 auth required / -32002 resource not found / -32800 cancelled / -32022 unsupported version |
  acp: [
    decodeAcpError,
    [
      [-32000, 'Authentication required', 'auth', false],
      [-32002, 'Resource not found', 'not_found', false],
      [-32800, 'Request cancelled', 'cancelled', false],
      [-32022, 'Unsupported protocol version', 'protocol', false],
    ],
  ],
  // | MCP -32000 connection closed / -32001 request timeout / -32002 resource not found / -32042 URL elicitation required |
  mcp: [
    decodeMcpError,
    [
      [-32000, 'Connection closed', 'unavailable', true],
      [-32001, 'Request timed out', 'timeout', true],
      [-32002, 'Resource not found', 'not_found', false],
      [-32042, 'URL elicitation required', 'auth', false],
    ],
  ],
  // | LSP -32800 / -32801 content modified / -32802 server cancelled / -32803 request failed / -32002 not initialized |
  lsp: [
    decodeLspError,
    [
      [-32800, 'Request cancelled', 'cancelled', false],
      [-32801, 'Content modified', 'conflict', true],
      [-32802, 'Server cancelled', 'cancelled', true],
      [-32803, 'Request failed', 'internal', false],
      [-32002, 'Server not initialized', 'protocol', false],
    ],
  ],
  // | A2A -32001 task not found / -32002 not cancelable / -32003, -32004, -32007, -32008, -32009 / -32005 / -32006 |
  a2a: [
    decodeA2aError,
    [
      [-32001, 'Task not found', 'not_found', false],
      [-32002, 'Task cannot be canceled', 'conflict', false],
      [-32003, 'Push Notification is not supported', 'protocol', false],
      [-32004, 'This operation is not supported', 'protocol', false],
      [-32007, 'Extended Agent Card not configured', 'protocol', false],
      [-32008, 'Extension support required', 'protocol', false],
      [-32009, 'Version not supported', 'protocol', false],
      [-32005, 'Incompatible content types', 'validation', false],
      [-32006, 'Invalid agent response type', 'internal', false],
    ],
  ],
};

describe('DESIGN.md mapping table, JSON-RPC family', () => {
  for (const [protocol, [decode, rows]] of Object.entries(ROWS)) {
    for (const [code, message, category, retryable] of rows) {
      it(`${protocol} ${code} ${message} → ${category}${retryable ? ' (retry)' : ''}`, () => {
        const e = decode({ jsonrpc: '2.0', id: 1, error: { code, message } });
        expect([e.category, e.retryable]).toEqual([category, retryable]);
        expect(e.wire).toEqual({ protocol, code, message });
      });
    }
  }

  it('the JSON-RPC standard codes read the same in every dialect', () => {
    for (const [decode] of Object.values(ROWS)) {
      for (const [code, message, category, retryable] of ROWS.jsonrpc![1]) {
        const e = decode({ code, message });
        expect([code, e.category, e.retryable]).toEqual([code, category, retryable]);
      }
    }
  });

  it('a colliding code means what its protocol says (-32000, -32002)', () => {
    const m32000 = { code: -32000, message: 'x' };
    expect(decodeAcpError(m32000).category).toBe('auth');
    expect(decodeMcpError(m32000).category).toBe('unavailable');
    const m32002 = { code: -32002, message: 'x' };
    expect(decodeAcpError(m32002).category).toBe('not_found');
    expect(decodeMcpError(m32002).category).toBe('not_found');
    expect(decodeLspError(m32002).category).toBe('protocol');
    expect(decodeA2aError(m32002).category).toBe('conflict');
    // Without a protocol, the message decides, else internal.
    expect(decodeJsonRpcError({ code: -32000, message: 'Authentication required' }).category).toBe(
      'auth',
    );
    expect(decodeJsonRpcError({ code: -32000, message: 'Connection closed' }).category).toBe(
      'unavailable',
    );
    expect(decodeJsonRpcError(m32000).category).toBe('internal');
    expect(decodeJsonRpcError(m32002).category).toBe('internal');
  });

  it('schema failures: validation with details.issues [{ path, message }]', async () => {
    const { encodeAcpError } = await import('./acp/convert.js');
    const { encodeMcpError } = await import('./mcp/convert.js');
    const failure = { issues: [{ message: 'Expected string', path: [{ key: 'cwd' }] }] };
    for (const [encode, decode] of [
      [encodeAcpError, decodeAcpError],
      [encodeMcpError, decodeMcpError],
    ] as const) {
      // A schema failure is read by the schema reader: the encoders see it through a decoder.
      const e = decode(encode(failure, { decoder: defaultDecoder }));
      expect(e.category).toBe('validation');
      expect(e.details?.issues).toEqual([{ path: ['cwd'], message: 'Expected string' }]);
    }
  });
});

describe('every reading states its retryability', () => {
  it("each table row, each classifier's own readings and the unknown code: the row's, else the category's default", async () => {
    const { CATEGORIES } = await import('../core/categories.js');
    const { A2A_CODE_TABLE } = await import('./a2a/codes.js');
    const { ACP_CODE_TABLE } = await import('./acp/codes.js');
    const { JSONRPC_CODE_TABLE } = await import('./jsonrpc/codes.js');
    const { LSP_CODE_TABLE } = await import('./lsp/codes.js');
    const { MCP_CODE_TABLE } = await import('./mcp/codes.js');
    const { classifyA2aError } = await import('./a2a/convert.js');
    const { classifyAcpError } = await import('./acp/decode.js');
    const { classifyJsonRpcError } = await import('./jsonrpc/classify.js');
    const { classifyLspError } = await import('./lsp/decode.js');
    const { classifyMcpError } = await import('./mcp/decode.js');
    let rows = 0;
    for (const table of [
      A2A_CODE_TABLE,
      ACP_CODE_TABLE,
      JSONRPC_CODE_TABLE,
      LSP_CODE_TABLE,
      MCP_CODE_TABLE,
    ]) {
      for (const row of table.rows) {
        rows++;
        expect(table.classify(row.wire)).toEqual({
          category: row.category,
          code: row.code,
          retryable: row.retryable ?? CATEGORIES[row.category].retryable,
        });
      }
    }
    expect(rows).toBeGreaterThan(40);
    // Readings the classifiers make beside their tables, and a code none of them knows.
    const readings = [
      classifyAcpError(-32002, 'x', { sessionId: 's-1' }),
      classifyAcpError(-32800, 'x', { name: 'TimeoutError' }),
      classifyMcpError(-32001, 'AbortError: This operation was aborted'),
      classifyMcpError(-32001, 'TimeoutError: The operation was aborted due to timeout'),
      classifyMcpError(-32602, 'x', { uri: 'file:///a' }),
      classifyJsonRpcError(-32000, 'Connection closed'),
      classifyJsonRpcError(-32001, 'x', { timeout: 5 }),
      classifyJsonRpcError(-32050, 'x'),
      classifyJsonRpcError(-1, 'x'),
      ...[classifyAcpError, classifyMcpError, classifyLspError, classifyA2aError].map((c) => c(-1)),
    ];
    for (const reading of readings) {
      expect(reading.retryable).toBe(CATEGORIES[reading.category].retryable);
      // Shared by every caller: nobody's change can reach the next caller.
      expect(Object.isFrozen(reading)).toBe(true);
    }
    expect(Object.isFrozen(ACP_CODE_TABLE.classify(-32000))).toBe(true);
    expect(readings.map((r) => `${r.category} ${r.code}`)).toEqual([
      'not_found SESSION_NOT_FOUND',
      'timeout TIMEOUT',
      'cancelled REQUEST_CANCELLED',
      'timeout REQUEST_TIMEOUT',
      'not_found RESOURCE_NOT_FOUND',
      'unavailable CONNECTION_CLOSED',
      'timeout REQUEST_TIMEOUT',
      'internal SERVER_ERROR',
      'internal INTERNAL_ERROR',
      'internal INTERNAL_ERROR',
      'internal INTERNAL_ERROR',
      'internal INTERNAL_ERROR',
      'internal INTERNAL_ERROR',
    ]);
  });
});

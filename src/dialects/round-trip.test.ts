/**
 * decode(encode(error)) restores an AgentError's code, category, retryable, retryAfterMs,
 * message and details, in every dialect of the JSON-RPC family (and survives a JSON hop).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError, ERROR_CATEGORIES } from '../index.js';
import type { AgentErrorLike } from '../index.js';
import { decodeA2aError, encodeA2aError } from './a2a/convert.js';
import { decodeAcpError } from './acp/decode.js';
import { encodeAcpError } from './acp/convert.js';
import { decodeJsonRpcError } from './jsonrpc/decode.js';
import { encodeJsonRpcError } from './jsonrpc/encode.js';
import { decodeLspError } from './lsp/decode.js';
import { encodeLspError } from './lsp/convert.js';
import { decodeMcpError } from './mcp/decode.js';
import { encodeMcpError } from './mcp/convert.js';

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const agentError = fc
  .record(
    {
      message: fc.string({ maxLength: 40 }),
      category: fc.constantFrom(...ERROR_CATEGORIES),
      code: fc.oneof(
        fc.stringMatching(/^[A-Z][A-Z_]{0,20}$/),
        fc.constantFrom(
          'METHOD_NOT_FOUND',
          'AUTH_REQUIRED',
          'CONNECTION_CLOSED',
          'TASK_NOT_FOUND',
          'CONTENT_MODIFIED',
          'REQUEST_CANCELLED',
        ),
      ),
      retryable: fc.boolean(),
      retryAfterMs: fc.nat({ max: 600_000 }),
      details: fc.dictionary(
        fc.constantFrom('count', 'name', 'items', 'where'),
        fc.oneof(fc.integer(), word, fc.array(word, { maxLength: 3 })),
        { maxKeys: 3 },
      ),
    },
    { requiredKeys: ['message', 'category', 'code', 'retryable'] },
  )
  .map(
    ({ message, category, ...rest }) =>
      new AgentError(message, { category, ...rest, captureStack: false }),
  );

const DIALECTS: [string, (e: unknown) => unknown, (v: unknown) => AgentErrorLike][] = [
  ['jsonrpc', encodeJsonRpcError, decodeJsonRpcError],
  ['acp', encodeAcpError, decodeAcpError],
  ['mcp', encodeMcpError, decodeMcpError],
  ['lsp', encodeLspError, decodeLspError],
  ['a2a', encodeA2aError, decodeA2aError],
  ['a2a v0.3', (e) => encodeA2aError(e, { version: '0.3' }), decodeA2aError],
];

const view = (e: AgentErrorLike) => ({
  message: e.message,
  code: e.code,
  category: e.category,
  retryable: e.retryable,
  retryAfterMs: e.retryAfterMs,
  details: e.details && Object.keys(e.details).length > 0 ? e.details : undefined,
});

describe('decode(encode(e)) restores the hub fields', () => {
  for (const [name, encode, decode] of DIALECTS) {
    it(name, () => {
      fc.assert(
        fc.property(agentError, (e) => {
          const back = decode(JSON.parse(JSON.stringify(encode(e))));
          expect(view(back)).toEqual(view(e));
          // And re-encoding the decoded error gives the same wire again.
          expect(encode(back)).toEqual(JSON.parse(JSON.stringify(encode(e))));
        }),
        { numRuns: 200 },
      );
    });
  }
});

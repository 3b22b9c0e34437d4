import { RequestError, encodeAcpError } from '../dialects/acp/index.js';
import { decodeA2aError, encodeA2aError } from '../dialects/a2a/index.js';
import { decodeJsonRpcError, encodeJsonRpcError } from '../dialects/jsonrpc/index.js';
import { decodeLspError, encodeLspError } from '../dialects/lsp/index.js';
import { decodeMcpError, encodeMcpError, toMcpError } from '../dialects/mcp/index.js';
import type { RpcEncodeOptions, RpcErrorObject } from '../core/rpc-error.js';
import type { ErrorCodec } from './error-codec.js';
import { jsonRpcCodec } from './jsonrpc-codec.js';

/** The protocols whose errors are JSON-RPC error objects, each with its own dialect. */
export type RpcProtocol = 'jsonrpc' | 'acp' | 'mcp' | 'lsp' | 'a2a';

const DIALECTS: Record<
  RpcProtocol,
  {
    encode(error: unknown, options: RpcEncodeOptions): RpcErrorObject;
    decode(error: RpcErrorObject): Error;
  }
> = {
  jsonrpc: { encode: encodeJsonRpcError, decode: decodeJsonRpcError },
  // Seed 000's catch example: the calling side gets a RequestError with what was sent.
  acp: {
    encode: encodeAcpError,
    decode: (e) => new RequestError(e.code, e.message, e.data),
  },
  // Seed 003: an McpError, the SDK's prefixes stripped, code and data as received.
  mcp: { encode: encodeMcpError, decode: (e) => toMcpError(decodeMcpError(e)) },
  lsp: { encode: encodeLspError, decode: decodeLspError },
  a2a: { encode: encodeA2aError, decode: decodeA2aError },
};

/**
 * The codec `createPeer` and `createHandler` use when given none: plain JSON-RPC gets the
 * generic {@link jsonRpcCodec}; ACP, MCP, LSP and A2A get their own dialect.
 */
export function defaultCodec(protocol: RpcProtocol): ErrorCodec {
  return protocol === 'jsonrpc' ? jsonRpcCodec({ protocol }) : dialectCodec(protocol);
}

/**
 * The error codec of a JSON-RPC dialect: what a handler throws is encoded by that dialect
 * (its codes, the hub's fields in `data.agentError`, secrets redacted, unexpected errors as a
 * generic internal error with an `errorId`), and an error response becomes the dialect's class
 * where a seed defines one (`RequestError` for ACP, `McpError` for MCP), else an `AgentError`.
 * Cancel notifications follow the protocol. The peer and the handler use it by default.
 *
 * @example
 * const peer = createPeer({ transport, codec: dialectCodec('acp') });
 */
export function dialectCodec(protocol: RpcProtocol): ErrorCodec {
  const dialect = DIALECTS[protocol];
  if (dialect === undefined) {
    throw new TypeError(
      `dialectCodec: protocol must be one of ${Object.keys(DIALECTS).join(', ')}; received ${String(protocol)}`,
    );
  }
  const base = jsonRpcCodec({ protocol });
  return {
    ...base,
    encode(error, ctx) {
      return dialect.encode(error, { onError: (thrown, errorId) => ctx.report(thrown, errorId) });
    },
    decode(error) {
      return dialect.decode(error);
    },
  };
}

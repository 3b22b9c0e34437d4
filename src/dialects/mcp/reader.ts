import { isRecord } from '../../core/is.js';
import type { ErrorView, Reader } from '../../core/reader.js';
import { markUnexpected } from '../../core/unexpected.js';
import type { RpcDialectHooks } from '../jsonrpc/family-readers.js';
import { hasMcpErrorPrefix } from '../tool/mcp-prefix.js';
import { fromCallToolResult } from './call-tool-result.js';
import { MCP_ERROR_CODES } from './codes.js';
import { decodeMcpError, mcpFromRpc } from './decode.js';
import { isMcpError } from './is-mcp-error.js';
import { fromMcpSdkClientError, fromMcpSdkError, isMcpSdkProtocolError } from './sdk-error.js';
import type { ByHttpStatus } from './sdk-error.js';

/**
 * MCP SDK v2's local failures (`SdkError`), by their string codes (`REQUEST_TIMEOUT`,
 * `CONNECTION_CLOSED`, …), and their copies.
 */
export const mcpSdkErrorReader: Reader = {
  name: 'mcp SdkError',
  requires: ['name', 'code'],
  recognise(view) {
    return view.name === 'SdkError' && typeof view.code === 'string'
      ? fromMcpSdkError(view.input)
      : undefined;
  },
};

/** Hermes-style MCP errors: `{ code, reason, data }` (a reason, no A2A `envelopeCode`). */
export const mcpReasonReader: Reader = {
  name: 'mcp reason error',
  requires: ['code', 'reason'],
  meantToSend: isMcpError,
  hints: [undefined, 'mcp'],
  recognise(view) {
    const { code, reason, protocol } = view;
    if (!Number.isInteger(code) || typeof reason !== 'string' || view.hasEnvelopeCode) {
      return undefined;
    }
    if (protocol !== undefined && protocol !== 'mcp') return undefined;
    return decodeMcpError({
      code,
      reason,
      message: typeof view.message === 'string' ? view.message : reason,
      data: isRecord(view.data) ? view.data : {},
    });
  },
};

/** A JSON-RPC response whose result is a failed MCP tool call. */
export const mcpToolResponseReader: Reader = {
  name: 'mcp tool call response',
  requires: ['result', 'jsonrpc'],
  recognise(view) {
    const result = view.result;
    // An error object itself is read as one, whatever its `result` member holds.
    if (Number.isInteger(view.code) && typeof view.message === 'string') return undefined;
    return view.hasJsonrpc && isRecord(result) && result.isError === true
      ? fromCallToolResult(result)
      : undefined;
  },
};

/** A failed MCP tool result (`isError: true`, `content`), whatever protocol hint came with it. */
export const mcpToolResultReader: Reader = {
  name: 'mcp CallToolResult',
  requires: ['isError', 'content'],
  recognise(view) {
    return view.isError === true && Array.isArray(view.content)
      ? fromCallToolResult(view.input)
      : undefined;
  },
};

/**
 * The MCP SDKs' client failures (v2's `SdkHttpError`, v1's `StreamableHTTPError`, `SseError`,
 * `UnauthorizedError`): thrown by a client library, never meant for our caller's peer, so marked
 * unexpected. An HTTP status they carry is read by `byHttpStatus` (the http dialect's reader,
 * which the registry passes in).
 */
export function mcpSdkClientReader(byHttpStatus: ByHttpStatus): Reader {
  return {
    name: 'mcp SDK client error',
    instancesOnly: true,
    recognise(view) {
      if (!view.instance || !(view.input instanceof Error)) return undefined;
      const decoded = fromMcpSdkClientError(view.input, byHttpStatus);
      return decoded && markUnexpected(decoded);
    },
  };
}

/**
 * MCP in the JSON-RPC family: the SDKs' printed prefix (`MCP error -32001: …`) tells an error
 * object without a hint; v1's `McpError` and v2's branded `ProtocolError` classes carry MCP codes.
 */
export const mcpRpcHooks: RpcDialectHooks = {
  dialect: { protocol: 'mcp', fromRpc: mcpFromRpc },
  // The SDK's printed prefix, or the draft's wire forms: the rate-limit code -32023 and the
  // error taxonomy's `data.mcpError`, which no other protocol of the family sends.
  sniff: (error) =>
    hasMcpErrorPrefix(error.message) ||
    error.code === MCP_ERROR_CODES.RateLimited ||
    (error.data !== null &&
      typeof error.data === 'object' &&
      (error.data as { mcpError?: unknown }).mcpError !== undefined),
  sdkClass: (view: ErrorView) =>
    view.name === 'McpError' || (view.instance && isMcpSdkProtocolError(view.input))
      ? 'routed'
      : undefined,
};

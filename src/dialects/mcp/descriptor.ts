import { carryDecoded } from '../../core/classified.js';
import { encodeCallToolResult } from './call-tool-result.js';
import type { AgentError } from '../../core/agent-error.js';
import type { RpcDialect } from '../jsonrpc/rpc-dialect.js';
import type { RpcErrorObject } from '../jsonrpc/rpc-error.js';
import { stripMcpErrorPrefix } from './codes.js';
import { asMcpData, encodeMcpError, mcpReasonFor } from './convert.js';
import type { ToMcpErrorOptions } from './convert.js';
import { decodeMcpError, mcpFromRpc } from './decode.js';
import { McpError } from './mcp-error.js';

/** What `encode(error, 'mcp', options)` reads. */
export interface McpEncodeOptions extends ToMcpErrorOptions {
  /** `'toolResult'` gives a `CallToolResult` with `isError: true` instead of a JSON-RPC error. */
  as?: 'error' | 'toolResult';
}

/**
 * The `McpError` a failed call rejects with: the received code, message (the official SDK's
 * `MCP error <code>: ` prefixes stripped) and data as they came, never re-encoded or redacted,
 * with the classification it was decoded with.
 */
function mcpRejection(decoded: AgentError, received: RpcErrorObject): McpError {
  const error = new McpError({
    code: received.code,
    reason: mcpReasonFor(decoded.code, received.code, received.message),
    message: stripMcpErrorPrefix(received.message),
    data: asMcpData(received.data),
  });
  return carryDecoded(error, decoded);
}

/**
 * MCP in the registry. A failed call rejects with an `McpError`; a tool failure can be encoded
 * as a `CallToolResult` (`{ as: 'toolResult' }`), which is what MCP wants for errors the model
 * should read.
 */
export const mcpDialect: RpcDialect<McpEncodeOptions> = {
  protocol: 'mcp',
  encode: (error, options) =>
    options.as === 'toolResult'
      ? encodeCallToolResult(error, options)
      : encodeMcpError(error, options),
  decode: decodeMcpError,
  fromRpc: mcpFromRpc,
  rejection: mcpRejection,
  // `notifications/cancelled`: the receiver does not answer a request it was told to cancel.
  cancel: { method: 'notifications/cancelled', idKey: 'requestId', reason: true, answered: false },
};

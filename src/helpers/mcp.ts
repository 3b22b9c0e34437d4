import { McpError } from '../dialects/mcp/mcp-error.js';
import { asMcpData, mcpReasonFor } from '../dialects/mcp/convert.js';
import type { ToMcpErrorOptions } from '../dialects/mcp/convert.js';
import type {
  CallToolErrorResult,
  ToCallToolResultOptions,
} from '../dialects/mcp/call-tool-result.js';
import { readWireHints } from '../dialects/jsonrpc/rpc-error.js';
import { encode } from '../front/encode.js';

/**
 * Any error as an {@link McpError}, built from `encode(error, 'mcp')`; the reason comes from our
 * code when it names one (`'CONNECTION_REFUSED'` → `connection_refused`), else from the MCP
 * code. An `McpError` is returned as it is.
 *
 * @example
 * toMcpError(AgentError.unavailable('peer gone', { code: 'CONNECTION_REFUSED' })).reason; // 'connection_refused'
 */
export function toMcpError(error: unknown, options?: ToMcpErrorOptions): McpError {
  if (error instanceof McpError) return error;
  const { code, message, data } = encode(error, 'mcp', options);
  const agentCode =
    readWireHints(data)?.code ??
    (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);
  return new McpError({
    code,
    reason: mcpReasonFor(typeof agentCode === 'string' ? agentCode : '', code, message),
    message,
    data: asMcpData(data),
  });
}

/**
 * An MCP tool result (`isError: true`) for any error, as `encode(error, 'mcp', { as:
 * 'toolResult' })` writes it: text a model can read and a program can parse
 * (`formatToolErrorText`). An `AgentError`, a `ToolError` or anything with their fields is
 * written as it is (message sanitised, details redacted). Anything else is classified by the
 * decoder (by default the full classifier); what it cannot name goes out as `Internal error`
 * with a random `details.errorId`, the error going to `onError`.
 *
 * @example
 * server.registerTool('post', { inputSchema: { channel: z.string() } }, async ({ channel }) => {
 *   try { return await post(channel); }
 *   catch (err) { return toCallToolResult(err); }
 * });
 */
export function toCallToolResult(
  error: unknown,
  options?: ToCallToolResultOptions,
): CallToolErrorResult {
  return encode(error, 'mcp', { ...options, as: 'toolResult' });
}

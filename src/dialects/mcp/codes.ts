import { JSONRPC_STANDARD_ROWS, codesByName, rpcCodeTable } from '../jsonrpc/rpc-code-table.js';
import type { RpcCodeRow } from '../jsonrpc/rpc-code-table.js';

/**
 * Every code MCP (Model Context Protocol) uses, read in both directions: JSON-RPC's five, the
 * official TypeScript SDK's (`ErrorCode` in `@modelcontextprotocol/sdk/types`: connection
 * closed, request timeout, URL elicitation required), resource not found, and the codes the
 * specification reserves in -32020…-32099 so far. `auth` is never sent as -32042, which
 * promises `data.elicitations`; `cancelled` has no MCP code (MCP cancels by notification).
 */
const ROWS = [
  ...JSONRPC_STANDARD_ROWS,
  {
    name: 'ConnectionClosed',
    wire: -32000,
    code: 'CONNECTION_CLOSED',
    category: 'unavailable',
    sentFor: ['unavailable'],
  },
  {
    name: 'RequestTimeout',
    wire: -32001,
    code: 'REQUEST_TIMEOUT',
    category: 'timeout',
    sentFor: ['timeout'],
  },
  {
    name: 'ResourceNotFound',
    wire: -32002,
    code: 'RESOURCE_NOT_FOUND',
    category: 'not_found',
    sentFor: ['not_found'],
  },
  { name: 'HeaderMismatch', wire: -32020, code: 'HEADER_MISMATCH', category: 'protocol' },
  {
    name: 'MissingRequiredClientCapability',
    wire: -32021,
    code: 'MISSING_REQUIRED_CLIENT_CAPABILITY',
    category: 'protocol',
  },
  {
    name: 'UnsupportedProtocolVersion',
    wire: -32022,
    code: 'UNSUPPORTED_PROTOCOL_VERSION',
    category: 'protocol',
  },
  {
    name: 'UrlElicitationRequired',
    wire: -32042,
    code: 'URL_ELICITATION_REQUIRED',
    category: 'auth',
  },
  // The draft's rate limit (SEP-3304), with `data.retryAfterMs`: read whenever received, sent
  // only to a peer speaking the draft (`protocolVersion: 'draft'`).
  {
    name: 'RateLimited',
    wire: -32023,
    code: 'RATE_LIMITED',
    category: 'rate_limit',
    receiveOnly: true,
  },
  // Not an MCP code, but the JSON-RPC convention LSP and ACP share, and what a peer that
  // cancelled a request may answer with.
  { wire: -32800, code: 'REQUEST_CANCELLED', category: 'cancelled', receiveOnly: true },
] as const satisfies readonly RpcCodeRow[];

/** MCP's code table, for the dialect's decoder and encoder. */
export const MCP_CODE_TABLE = rpcCodeTable(ROWS, -32603);

/**
 * The error codes MCP uses, by the names the official SDK gives them.
 *
 * @example
 * MCP_ERROR_CODES.RequestTimeout; // -32001
 */
export const MCP_ERROR_CODES = /* @__PURE__ */ codesByName(ROWS); // pure: left out of a bundle that never reads it

/** One of {@link MCP_ERROR_CODES}. */
export type McpErrorCode = (typeof MCP_ERROR_CODES)[keyof typeof MCP_ERROR_CODES];

// The prefix is read in core (tool-result text carries it too); MCP's entry names it.
export { stripMcpErrorPrefix } from '../tool/mcp-prefix.js';

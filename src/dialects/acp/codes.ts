import {
  JSONRPC_STANDARD_ROWS,
  REQUEST_LIFECYCLE_ROWS,
  codesByName,
  rpcCodeTable,
} from '../jsonrpc/rpc-code-table.js';
import type { RpcCodeRow } from '../jsonrpc/rpc-code-table.js';

/**
 * Every code ACP (Agent Client Protocol) uses, read in both directions: JSON-RPC's five plus
 * its own, as `@agentclientprotocol/sdk` defines them (`RequestError`'s factories).
 */
const ROWS = [
  ...JSONRPC_STANDARD_ROWS,
  {
    name: 'AuthRequired',
    wire: -32000,
    code: 'AUTH_REQUIRED',
    category: 'auth',
    sentFor: ['auth'],
  },
  {
    name: 'ResourceNotFound',
    wire: -32002,
    code: 'RESOURCE_NOT_FOUND',
    category: 'not_found',
    sentFor: ['not_found'],
    alsoSentFor: ['SESSION_NOT_FOUND'],
  },
  {
    name: 'UnsupportedProtocolVersion',
    wire: -32022,
    code: 'UNSUPPORTED_PROTOCOL_VERSION',
    category: 'protocol',
  },
  { ...REQUEST_LIFECYCLE_ROWS[0], sentFor: ['cancelled'] },
] as const satisfies readonly RpcCodeRow[];

/** ACP's code table, for the dialect's decoder and encoder. */
export const ACP_CODE_TABLE = rpcCodeTable(ROWS, -32603);

/**
 * The error codes ACP uses, by the names its SDK gives them.
 *
 * @example
 * ACP_ERROR_CODES.AuthRequired; // -32000
 */
export const ACP_ERROR_CODES = /* @__PURE__ */ codesByName(ROWS); // pure: left out of a bundle that never reads it

/** One of {@link ACP_ERROR_CODES}. */
export type AcpErrorCode = (typeof ACP_ERROR_CODES)[keyof typeof ACP_ERROR_CODES];

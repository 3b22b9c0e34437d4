import { JSONRPC_STANDARD_ROWS, codesByName, rpcCodeTable } from './rpc-code-table.js';
import type { RpcCodeRow } from './rpc-code-table.js';

/**
 * The code policy for plain JSON-RPC 2.0, whose specification defines only five codes. Those
 * five are sent where they fit exactly; every other failure an application reports (auth, not
 * found, rate limit, timeout, cancel, …) is sent as -32000, the first of the codes the
 * specification reserves for "implementation-defined server-errors", with our fields in
 * `data.agentError`. Not -32603: "Internal JSON-RPC error" tells a generic client the server has
 * a bug, which a rate limit is not. Not -32800: that is LSP's and ACP's cancel code, which a
 * plain JSON-RPC peer has no reason to know.
 */
const ROWS = [
  ...JSONRPC_STANDARD_ROWS,
  {
    wire: -32000,
    code: 'SERVER_ERROR',
    category: 'internal',
    sentFor: [
      'auth',
      'permission',
      'not_found',
      'rate_limit',
      'quota',
      'timeout',
      'cancelled',
      'conflict',
      'unavailable',
    ],
  },
] as const satisfies readonly RpcCodeRow[];

/** Plain JSON-RPC's code table (see the policy above). */
export const JSONRPC_CODE_TABLE = rpcCodeTable(ROWS, -32603);

/**
 * The five error codes JSON-RPC 2.0 defines, by name.
 *
 * @example
 * JSONRPC_ERROR_CODES.MethodNotFound; // -32601
 */
export const JSONRPC_ERROR_CODES = /* @__PURE__ */ codesByName(ROWS); // pure: left out of a bundle that never reads it

/** One of {@link JSONRPC_ERROR_CODES}. */
export type JsonRpcErrorCode = (typeof JSONRPC_ERROR_CODES)[keyof typeof JSONRPC_ERROR_CODES];

/**
 * The message the JSON-RPC 2.0 specification gives each standard code.
 *
 * @example
 * JSONRPC_ERROR_MESSAGES[-32600]; // 'Invalid Request'
 */
export const JSONRPC_ERROR_MESSAGES = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid Request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
} as const satisfies Record<JsonRpcErrorCode, string>;

/**
 * The code ranges JSON-RPC 2.0 reserves, inclusive: `predefined` for the specification itself,
 * and within it `serverError` for implementation-defined server errors (where ACP, MCP, LSP
 * and A2A all put their own codes, and collide).
 *
 * @example
 * const { min, max } = JSONRPC_RESERVED_RANGES.serverError; // -32099, -32000
 */
export const JSONRPC_RESERVED_RANGES = {
  predefined: { min: -32768, max: -32000 },
  serverError: { min: -32099, max: -32000 },
} as const;

/**
 * Whether `code` lies in the range JSON-RPC 2.0 reserves (-32768 to -32000).
 *
 * @example
 * isReservedErrorCode(-32601); // true
 * isReservedErrorCode(42); // false
 */
export function isReservedErrorCode(code: number): boolean {
  const { min, max } = JSONRPC_RESERVED_RANGES.predefined;
  return Number.isInteger(code) && code >= min && code <= max;
}

/**
 * Whether `code` is an implementation-defined server error (-32099 to -32000): its meaning
 * depends on the protocol that sent it.
 *
 * @example
 * isServerErrorCode(-32000); // true
 */
export function isServerErrorCode(code: number): boolean {
  const { min, max } = JSONRPC_RESERVED_RANGES.serverError;
  return Number.isInteger(code) && code >= min && code <= max;
}

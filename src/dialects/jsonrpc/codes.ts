/**
 * The five error codes JSON-RPC 2.0 defines, by name.
 *
 * @example
 * JSONRPC_ERROR_CODES.MethodNotFound; // -32601
 */
export const JSONRPC_ERROR_CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

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

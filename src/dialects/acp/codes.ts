/**
 * The error codes ACP (Agent Client Protocol) uses: JSON-RPC's five, plus its own.
 *
 * @example
 * ACP_ERROR_CODES.AuthRequired; // -32000
 */
export const ACP_ERROR_CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  AuthRequired: -32000,
  ResourceNotFound: -32002,
  UnsupportedProtocolVersion: -32022,
  RequestCancelled: -32800,
} as const;

/** One of {@link ACP_ERROR_CODES}. */
export type AcpErrorCode = (typeof ACP_ERROR_CODES)[keyof typeof ACP_ERROR_CODES];

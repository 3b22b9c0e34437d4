/**
 * The error codes LSP (Language Server Protocol) uses, with `vscode-jsonrpc`'s names:
 * JSON-RPC's five, LSP's own -32800…-32803, `ServerNotInitialized` and `UnknownErrorCode`
 * (kept in JSON-RPC's reserved range for backwards compatibility), and the four codes
 * `vscode-jsonrpc` raises locally for transport failures.
 *
 * @example
 * LSP_ERROR_CODES.ContentModified; // -32801
 */
export const LSP_ERROR_CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerNotInitialized: -32002,
  UnknownErrorCode: -32001,
  RequestFailed: -32803,
  ServerCancelled: -32802,
  ContentModified: -32801,
  RequestCancelled: -32800,
  MessageWriteError: -32099,
  MessageReadError: -32098,
  PendingResponseRejected: -32097,
  ConnectionInactive: -32096,
} as const;

/** One of {@link LSP_ERROR_CODES}. */
export type LspErrorCode = (typeof LSP_ERROR_CODES)[keyof typeof LSP_ERROR_CODES];

/**
 * The code ranges LSP reserves, inclusive: `jsonrpc` (-32099…-32000, no new application codes
 * belong there) and `lsp` (-32899…-32800, LSP's own).
 *
 * @example
 * LSP_RESERVED_RANGES.lsp; // { min: -32899, max: -32800 }
 */
export const LSP_RESERVED_RANGES = {
  jsonrpc: { min: -32099, max: -32000 },
  lsp: { min: -32899, max: -32800 },
} as const;

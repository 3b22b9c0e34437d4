import {
  JSONRPC_STANDARD_ROWS,
  REQUEST_LIFECYCLE_ROWS,
  codesByName,
  rpcCodeTable,
} from '../jsonrpc/rpc-code-table.js';
import type { RpcCodeRow } from '../jsonrpc/rpc-code-table.js';

const [requestCancelled, contentModified, serverCancelled, requestFailed] = REQUEST_LIFECYCLE_ROWS;
const lifecycle = [requestCancelled, serverCancelled, requestFailed] as const;

/**
 * Every code LSP (Language Server Protocol) uses, with `vscode-jsonrpc`'s names
 * (`ErrorCodes` / `LSPErrorCodes`): JSON-RPC's five, LSP's own -32800…-32803,
 * `ServerNotInitialized` and `UnknownErrorCode` (kept in JSON-RPC's reserved range for backwards
 * compatibility), and the four codes `vscode-jsonrpc` raises locally for transport failures,
 * which are read but never sent.
 */
const ROWS = [
  ...JSONRPC_STANDARD_ROWS,
  {
    name: 'ServerNotInitialized',
    wire: -32002,
    code: 'SERVER_NOT_INITIALIZED',
    category: 'protocol',
  },
  { name: 'UnknownErrorCode', wire: -32001, code: 'UNKNOWN_ERROR_CODE', category: 'internal' },
  ...lifecycle,
  { ...contentModified, sentFor: ['conflict'] },
  {
    name: 'MessageWriteError',
    wire: -32099,
    code: 'MESSAGE_WRITE_ERROR',
    category: 'unavailable',
    receiveOnly: true,
  },
  {
    name: 'MessageReadError',
    wire: -32098,
    code: 'MESSAGE_READ_ERROR',
    category: 'unavailable',
    receiveOnly: true,
  },
  {
    name: 'PendingResponseRejected',
    wire: -32097,
    code: 'PENDING_RESPONSE_REJECTED',
    category: 'unavailable',
    receiveOnly: true,
  },
  {
    name: 'ConnectionInactive',
    wire: -32096,
    code: 'CONNECTION_INACTIVE',
    category: 'unavailable',
    receiveOnly: true,
  },
] as const satisfies readonly RpcCodeRow[];

/**
 * LSP's code table. An error no row names is sent as `RequestFailed` (-32803): a request that
 * was valid but failed.
 */
export const LSP_CODE_TABLE = rpcCodeTable(ROWS, -32803);

/**
 * The error codes LSP uses, by `vscode-jsonrpc`'s names.
 *
 * @example
 * LSP_ERROR_CODES.ContentModified; // -32801
 */
export const LSP_ERROR_CODES = /* @__PURE__ */ codesByName(ROWS); // pure: left out of a bundle that never reads it

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

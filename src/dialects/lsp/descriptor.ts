import type { RpcDialect } from '../jsonrpc/rpc-dialect.js';
import { encodeLspError } from './convert.js';
import { decodeLspError, lspFromRpc } from './decode.js';

/** LSP in the registry. A failed call rejects with the `AgentError` itself. */
export const lspDialect: RpcDialect = {
  protocol: 'lsp',
  encode: encodeLspError,
  decode: decodeLspError,
  fromRpc: lspFromRpc,
  rejection: (decoded) => decoded,
  // `$/cancelRequest`; the server still answers the request, with -32800.
  cancel: { method: '$/cancelRequest', idKey: 'id', reason: false, answered: true },
};

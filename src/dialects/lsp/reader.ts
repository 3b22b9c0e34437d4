import type { RpcDialectHooks } from '../jsonrpc/family-readers.js';
import { lspFromRpc } from './decode.js';

/** LSP in the JSON-RPC family: vscode-jsonrpc's `ResponseError` states LSP's code as it was sent. */
export const lspRpcHooks: RpcDialectHooks = {
  dialect: { protocol: 'lsp', fromRpc: lspFromRpc },
  sdkClass: (view) => (view.name === 'ResponseError' ? 'as-sent' : undefined),
};

import type { RpcDialectHooks } from '../jsonrpc/family-readers.js';
import { lspDialect } from './descriptor.js';

/** LSP in the JSON-RPC family: vscode-jsonrpc's `ResponseError` states LSP's code as it was sent. */
export const lspRpcHooks: RpcDialectHooks = {
  dialect: lspDialect,
  sdkClass: (view) => (view.name === 'ResponseError' ? 'as-sent' : undefined),
};

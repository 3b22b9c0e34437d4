import type { RpcDialectHooks } from '../jsonrpc/family-readers.js';
import { acpDialect } from './descriptor.js';

/** ACP in the JSON-RPC family: the SDK's `RequestError` states ACP's code as it was sent. */
export const acpRpcHooks: RpcDialectHooks = {
  dialect: acpDialect,
  sdkClass: (view) => (view.name === 'RequestError' ? 'as-sent' : undefined),
};

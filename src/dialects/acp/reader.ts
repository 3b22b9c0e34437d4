import type { RpcDialectHooks } from '../jsonrpc/family-readers.js';
import { acpFromRpc } from './decode.js';

/** ACP in the JSON-RPC family: the SDK's `RequestError` states ACP's code as it was sent. */
export const acpRpcHooks: RpcDialectHooks = {
  dialect: { protocol: 'acp', fromRpc: acpFromRpc },
  sdkClass: (view) => (view.name === 'RequestError' ? 'as-sent' : undefined),
};

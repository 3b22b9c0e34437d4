import type { RpcDialect } from './rpc-dialect.js';
import { decodeJsonRpcError, jsonRpcFromRpc } from './decode.js';
import { encodeJsonRpcError } from './encode.js';

/** Plain JSON-RPC 2.0 in the registry: no compatibility class, no cancel notification. */
export const jsonRpcDialect: RpcDialect = {
  protocol: 'jsonrpc',
  encode: encodeJsonRpcError,
  decode: decodeJsonRpcError,
  fromRpc: jsonRpcFromRpc,
  rejection: (decoded) => decoded,
};

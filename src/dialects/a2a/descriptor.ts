import type { RpcDialect } from '../jsonrpc/rpc-dialect.js';
import { a2aFromRpc, decodeA2aError, encodeA2aError } from './convert.js';
import type { A2aEncodeOptions } from './convert.js';

/** A2A in the registry. A failed call rejects with the `AgentError` itself; A2A cancels by method. */
export const a2aDialect: RpcDialect<A2aEncodeOptions> = {
  protocol: 'a2a',
  encode: encodeA2aError,
  decode: decodeA2aError,
  fromRpc: a2aFromRpc,
  rejection: (decoded) => decoded,
};

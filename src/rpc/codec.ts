import { decode } from '../front/decode.js';
import { encode } from '../front/encode.js';
import { RPC_DIALECTS, rpcDialectOf } from '../registry/dialects.js';
import type { RpcProtocol } from '../registry/dialects.js';
import { cancelNotification, cancelledRequestId } from './cancel.js';
import type { ErrorCodec } from './error-codec.js';

/**
 * The error codec of a JSON-RPC protocol, built from its dialect in the registry: what a handler
 * throws is encoded by `encode(error, protocol)` (so the peer, `createHandler`, `encode` and the
 * CLI send the same bytes), an error response is decoded once by `decode(error, { from: protocol })`
 * and becomes what the call rejects with (ACP's `RequestError`, MCP's `McpError`, else the
 * `AgentError`), and cancel notifications follow the protocol. `createPeer` and `createHandler`
 * use it by default.
 *
 * @example
 * const peer = createPeer({ transport, codec: codecFor('acp') });
 */
export function codecFor(protocol: RpcProtocol): ErrorCodec {
  const dialect = rpcDialectOf(protocol);
  if (dialect === undefined) {
    throw new TypeError(
      `codecFor: protocol must be one of ${Object.keys(RPC_DIALECTS).join(', ')}; received ${typeof protocol === 'string' ? JSON.stringify(protocol) : String(protocol)}`,
    );
  }
  const { cancel } = dialect;
  return {
    protocol,
    answersCancelled: cancel?.answered ?? true,
    encode(error, ctx) {
      return encode(error, protocol, {
        onError: (thrown, errorId) => ctx.report(thrown, errorId),
      });
    },
    decode(error) {
      return dialect.rejection(decode(error, { from: protocol }), error);
    },
    cancelNotification: (id, reason) => cancelNotification(cancel, id, reason),
    cancelledRequestId: (method, params) => cancelledRequestId(cancel, method, params),
  };
}

import { carryDecoded } from '../../core/classified.js';
import type { RpcDialect } from '../jsonrpc/rpc-dialect.js';
import { encodeAcpError } from './convert.js';
import type { AcpEncodeOptions } from './convert.js';
import { acpFromRpc, decodeAcpError } from './decode.js';
import { RequestError } from './request-error.js';

/**
 * ACP in the registry. A failed call rejects with a `RequestError` exactly as received (ACP
 * callers `switch (error.code)` on its numeric code), carrying its classification.
 */
export const acpDialect: RpcDialect<AcpEncodeOptions> = {
  protocol: 'acp',
  encode: encodeAcpError,
  decode: decodeAcpError,
  fromRpc: acpFromRpc,
  rejection: (decoded, received) =>
    carryDecoded(new RequestError(received.code, received.message, received.data), decoded),
  // `$/cancel_request` (ACP's protocol/cancellation); the cancelled request is answered -32800.
  cancel: { method: '$/cancel_request', idKey: 'requestId', reason: false, answered: true },
};

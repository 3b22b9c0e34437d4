export { READERS } from './readers.js';
export { DIALECTS, RPC_DIALECTS, dialectOf, rpcDialectOf } from './dialects.js';
export type { RpcProtocol } from './dialects.js';

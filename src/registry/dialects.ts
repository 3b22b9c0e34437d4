import type { Protocol } from '../core/categories.js';
import type { Dialect } from '../core/dialect.js';
import type { RpcDialect } from '../dialects/jsonrpc/rpc-dialect.js';
import { a2aDialect } from '../dialects/a2a/descriptor.js';
import { acpDialect } from '../dialects/acp/descriptor.js';
import { arcpDialect } from '../dialects/arcp/descriptor.js';
import { grpcDialect } from '../dialects/grpc/descriptor.js';
import { httpDialect } from '../dialects/http/descriptor.js';
import { jsonRpcDialect } from '../dialects/jsonrpc/descriptor.js';
import { lspDialect } from '../dialects/lsp/descriptor.js';
import { mcpDialect } from '../dialects/mcp/descriptor.js';
import { toolDialect } from '../dialects/tool/descriptor.js';

/** The protocols whose errors are JSON-RPC error objects, each with its own dialect. */
export type RpcProtocol = RpcDialect['protocol'];

/**
 * Every JSON-RPC dialect, by protocol: what the front door's `decode` hands a JSON-RPC error
 * object to, and what the peer's codec is built from. One line per protocol.
 */
export const RPC_DIALECTS: { readonly [P in RpcProtocol]: RpcDialect } = {
  jsonrpc: jsonRpcDialect,
  acp: acpDialect,
  mcp: mcpDialect,
  lsp: lspDialect,
  a2a: a2aDialect,
};

/** Every dialect, by protocol: what `encode`, `decode` with a protocol hint and the CLI read. */
export const DIALECTS: { readonly [P in Protocol]: Dialect } = {
  ...RPC_DIALECTS,
  arcp: arcpDialect,
  tool: toolDialect,
  http: httpDialect,
  grpc: grpcDialect,
};

/**
 * The dialect of `protocol`, or `undefined` when `protocol` names none (a caller's typo, or a
 * value that came from outside the type system).
 */
export function dialectOf(protocol: unknown): Dialect | undefined {
  return BY_NAME.get(protocol);
}

/** The JSON-RPC dialect of `protocol`, or `undefined` when it is not one of the family. */
export function rpcDialectOf(protocol: unknown): RpcDialect | undefined {
  return RPC_BY_NAME.get(protocol);
}

// Maps: a lookup by any value, own entries only (no `Object.prototype` member is a protocol).
const BY_NAME: ReadonlyMap<unknown, Dialect> = new Map(Object.entries(DIALECTS));
const RPC_BY_NAME: ReadonlyMap<unknown, RpcDialect> = new Map(Object.entries(RPC_DIALECTS));

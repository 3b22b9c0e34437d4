import type { AgentErrorLike } from '../../core/agent-error.js';
import { encodeRpcError, exposableError, redactMessage } from '../jsonrpc/rpc-error.js';
import type { RpcEncodeOptions } from '../jsonrpc/rpc-error.js';
import { toJsonSafe } from '../../core/serialize.js';
import { codeTable } from '../../core/code-table.js';
import { MCP_CODE_TABLE, MCP_ERROR_CODES } from './codes.js';
import { classifyMcpError, decodeMcpError, hermesWireObject } from './decode.js';
import { isMcpError } from './is-mcp-error.js';
import { MCP_ERROR_REASONS, McpError } from './mcp-error.js';
import type { McpErrorObject, McpErrorReason } from './mcp-error.js';

/**
 * The MCP code for an {@link AgentError}: by our code where MCP has one, else by category,
 * else -32603. (`auth` is not sent as -32042, which promises `data.elicitations`.)
 *
 * @example
 * mcpCodeFor(AgentError.timeout('slow')); // -32001
 */
export function mcpCodeFor(error: AgentErrorLike): number {
  return MCP_CODE_TABLE.wireFor(error);
}

/** Options of {@link toMcpError} (and of `encode(error, 'mcp')`). */
export interface ToMcpErrorOptions extends RpcEncodeOptions {
  /**
   * The MCP revision the session negotiated (`'2025-11-25'`, `'2026-07-28'`, …), when the codes
   * differ between revisions: from 2026-07-28 on, a missing resource is -32602 with `data.uri`
   * (put the URI in `details.uri`) instead of -32002; before it, the header-mismatch,
   * missing-capability and unsupported-version errors (-32020…-32022) do not exist and are sent
   * as -32600 and -32602. Without it, the codes are the table's (-32002, -32020…-32022).
   * `'draft'` (the revision in progress) speaks 2026-07-28's codes and the draft's rate limit:
   * -32023 with `data.retryAfterMs` (SEP-3304), which no dated revision has.
   */
  protocolVersion?: string | undefined;
}

const REVISION = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_MODERN_REVISION = '2026-07-28';
/** The name the MCP specification gives the revision in progress. */
const DRAFT = 'draft';

/** The wire code for `code` in the negotiated revision (see `protocolVersion`). */
function codeForRevision(code: number, version: string | undefined): number {
  if (version === DRAFT) return codeForRevision(code, FIRST_MODERN_REVISION);
  if (version === undefined || !REVISION.test(version)) return code;
  if (version >= FIRST_MODERN_REVISION) {
    return code === MCP_ERROR_CODES.ResourceNotFound ? MCP_ERROR_CODES.InvalidParams : code;
  }
  if (code === MCP_ERROR_CODES.UnsupportedProtocolVersion) return MCP_ERROR_CODES.InvalidParams;
  if (
    code === MCP_ERROR_CODES.HeaderMismatch ||
    code === MCP_ERROR_CODES.MissingRequiredClientCapability
  ) {
    return MCP_ERROR_CODES.InvalidRequest;
  }
  return code;
}

/**
 * Encode an error for an MCP peer as `{ code, message, data? }`, never with the SDK's
 * `MCP error <code>: ` prefix (the receiving SDK adds it once). An {@link McpError} goes out as
 * its {@link McpError.toJsonRpc}; the official SDK's `McpError` without its prefixes; an
 * {@link AgentError} by code or category with `data.agentError` hints where needed; anything
 * else as `Internal error` with a random `data.errorId`. `data` is JSON-safe and redacted.
 *
 * @example
 * encodeMcpError(AgentError.timeout('upstream slow', { code: 'REQUEST_TIMEOUT' }));
 * // { code: -32001, message: 'upstream slow' }
 */
export function encodeMcpError(error: unknown, options?: ToMcpErrorOptions): McpErrorObject {
  if (isMcpError(error)) {
    // Also a clone or a copy from another package copy, which may have lost its methods.
    const wire = hermesWireObject(error);
    const out: McpErrorObject = { code: wire.code, message: redactMessage(wire.message) };
    const data = wire.data === undefined ? undefined : toJsonSafe(wire.data, options);
    if (data !== undefined) out.data = data;
    return out;
  }
  if (
    error instanceof Error &&
    error.name === 'McpError' &&
    Number.isInteger((error as { code?: unknown }).code)
  ) {
    return encodeMcpError(decodeMcpError(error), options);
  }
  const e = exposableError(error, options);
  if (options?.protocolVersion === DRAFT && e.category === 'rate_limit') {
    // The draft's rate limit carries its wait as `data.retryAfterMs`, beside any hints.
    const out = encodeRpcError('mcp', e, MCP_ERROR_CODES.RateLimited, classifyMcpError, options);
    if (e.retryAfterMs === undefined) return out;
    return { ...out, data: { ...asMcpData(out.data), retryAfterMs: e.retryAfterMs } };
  }
  const code = codeForRevision(mcpCodeFor(e), options?.protocolVersion);
  return encodeRpcError('mcp', e, code, classifyMcpError, options);
}

const KNOWN_REASONS: ReadonlySet<string> = new Set(MCP_ERROR_REASONS);

// The reasons MCP's own codes stand for. Hermes' `from_json_rpc` knows only JSON-RPC's five
// (`McpError.fromJsonRpc` keeps to that); the MCP dialect names the rest.
const REASON_BY_MCP_CODE = codeTable<McpErrorReason>({
  [MCP_ERROR_CODES.RequestTimeout]: 'request_timeout',
  [MCP_ERROR_CODES.ResourceNotFound]: 'resource_not_found',
  [MCP_ERROR_CODES.HeaderMismatch]: 'header_mismatch',
  [MCP_ERROR_CODES.MissingRequiredClientCapability]: 'missing_required_client_capability',
  [MCP_ERROR_CODES.UnsupportedProtocolVersion]: 'unsupported_protocol_version',
  [MCP_ERROR_CODES.UrlElicitationRequired]: 'url_elicitation_required',
});

/**
 * The Hermes-style reason for an MCP error: our code when it names one (`'CONNECTION_REFUSED'` →
 * `connection_refused`), else what the wire code means in MCP, else Hermes' reading of it.
 */
export function mcpReasonFor(agentCode: string, code: number, message: string): McpErrorReason {
  const named = agentCode.toLowerCase();
  if (KNOWN_REASONS.has(named)) return named;
  return REASON_BY_MCP_CODE.get(code) ?? McpError.fromJsonRpc({ code, message }).reason;
}

/** Received `data` as an `McpError`'s, which is always an object: anything else wrapped as `{ data }`. */
export function asMcpData(data: unknown): Record<string, unknown> {
  if (data !== null && typeof data === 'object' && !Array.isArray(data))
    return data as Record<string, unknown>;
  return data === undefined ? {} : { data };
}

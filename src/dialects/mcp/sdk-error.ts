import { decodedError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import { mcpFromRpc } from './decode.js';

/**
 * The local failures of the MCP TypeScript SDK v2 (`SdkError` from
 * `@modelcontextprotocol/client` / `server`), by their string `code` (`SdkErrorCode`). Its
 * `SdkHttpError` (the `CLIENT_HTTP_*` codes) is read by its HTTP status with the other client
 * libraries' errors (dialects/http/client-errors.ts). v1
 * reported the same failures as an `McpError` with a JSON-RPC code; v2 never sends these on the
 * wire. The two that v1 had codes for are read through MCP's code table (so a timeout is told
 * from a caller's abort exactly as v1's -32001 is); the others by category.
 */
const RPC_CODE_OF: Readonly<Record<string, number>> = {
  REQUEST_TIMEOUT: -32001,
  CONNECTION_CLOSED: -32000,
};

const CATEGORY_OF: Readonly<Record<string, ErrorCategory>> = {
  NOT_CONNECTED: 'unavailable',
  SEND_FAILED: 'unavailable',
  ALREADY_CONNECTED: 'protocol',
  NOT_INITIALIZED: 'protocol',
  CAPABILITY_NOT_SUPPORTED: 'protocol',
  INVALID_RESULT: 'protocol',
  UNSUPPORTED_RESULT_TYPE: 'protocol',
  METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION: 'protocol',
  ERA_NEGOTIATION_FAILED: 'protocol',
  INPUT_REQUIRED_ROUNDS_EXCEEDED: 'internal',
  LIST_PAGINATION_EXCEEDED: 'internal',
};

const RETRYABLE: ReadonlySet<ErrorCategory> = new Set(['unavailable']);

/**
 * The {@link AgentError} for an MCP SDK v2 `SdkError` (recognised by name and
 * a string code the SDK defines), or `undefined` for anything else. Internal: `decode` reaches
 * it by the error's name.
 */
export function fromMcpSdkError(value: {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  data?: unknown;
}): AgentError | undefined {
  const { code, message, data } = value;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const cause = value instanceof Error ? value : undefined;
  const rpc = RPC_CODE_OF[code];
  if (rpc !== undefined) {
    return mcpFromRpc(
      data === undefined ? { code: rpc, message } : { code: rpc, message, data },
      cause,
    );
  }
  const category = Object.hasOwn(CATEGORY_OF, code) ? CATEGORY_OF[code] : undefined;
  if (category === undefined) return undefined;
  return decodedError({
    message: sanitizeMessage(message),
    category,
    code,
    retryable: RETRYABLE.has(category),
    retryAfterMs: undefined,
    details: undefined,
    wire: undefined,
    cause,
  });
}

const PROTOCOL_BRANDS: ReadonlySet<string> = new Set([
  'mcp.ProtocolError',
  'mcp.ResourceNotFoundError',
  'mcp.UrlElicitationRequiredError',
  'mcp.UnsupportedProtocolVersionError',
  'mcp.MissingRequiredClientCapabilityError',
]);

/**
 * Whether `value` is one of MCP SDK v2's JSON-RPC error classes (`ProtocolError` and its
 * subclasses), which the SDK brands with a static `mcpBrand`: their codes are MCP's. Internal:
 * `decode` reads them with MCP's code table, as it reads v1's `McpError`.
 */
export function isMcpSdkProtocolError(value: object): boolean {
  try {
    const brand = (value.constructor as { mcpBrand?: unknown } | undefined)?.mcpBrand;
    return typeof brand === 'string' && PROTOCOL_BRANDS.has(brand);
  } catch {
    return false;
  }
}

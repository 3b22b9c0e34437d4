import { decodedError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import { classifiedAs } from '../../core/classified.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import { mcpFromRpc } from './decode.js';

/**
 * The error classes of the official MCP TypeScript SDKs, read in this one place: v2's `SdkError`
 * and `SdkHttpError` (`@modelcontextprotocol/client` / `server`), its branded JSON-RPC classes
 * (`ProtocolError` and subclasses), and v1's transport errors (`UnauthorizedError`,
 * `StreamableHTTPError`, `SseError`). Failures an SDK reports by HTTP status are read by the
 * status through `byHttpStatus`, which the front door passes in (a dialect never imports
 * another).
 */

/** How an HTTP status reads (the front door passes the http dialect's reader). */
export type ByHttpStatus = (status: number, message: string) => AgentError;

/**
 * v2's `SdkErrorCode`s: local failures, never sent on the wire. v1 reported the same failures
 * as an `McpError` with a JSON-RPC code; the two it had codes for are read through MCP's code
 * table (so a timeout is told from a caller's abort exactly as v1's -32001 is).
 */
const RPC_CODE_OF: Readonly<Record<string, number>> = {
  REQUEST_TIMEOUT: -32001,
  CONNECTION_CLOSED: -32000,
};

/** The others, by category, with the SDK's code. */
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

/**
 * A client's HTTP transport failure (an `SdkHttpError`, or an `SdkError` with a code the table
 * above does not hold, such as the `CLIENT_HTTP_*` ones) that carries no HTTP error status: by
 * its code, as the other client libraries' failures are read (stable codes, the SDK's code in
 * `details.mcpSdkCode`).
 */
const CLIENT_FAILURE_OF: ReadonlyMap<string, Meaning> = new Map([
  ['NOT_CONNECTED', m('unavailable', 'CONNECTION_ERROR')],
  ['CONNECTION_CLOSED', m('unavailable', 'CONNECTION_ERROR')],
  ['SEND_FAILED', m('unavailable', 'CONNECTION_ERROR')],
  ['CLIENT_HTTP_FAILED_TO_OPEN_STREAM', m('unavailable', 'CONNECTION_ERROR')],
  ['CLIENT_HTTP_FAILED_TO_TERMINATE_SESSION', m('unavailable', 'CONNECTION_ERROR')],
  ['REQUEST_TIMEOUT', m('timeout', 'TIMEOUT')],
  ['CLIENT_HTTP_AUTHENTICATION', m('auth', 'AUTH_ERROR')],
  ['CLIENT_HTTP_FORBIDDEN', m('permission', 'PERMISSION_DENIED')],
  ['CAPABILITY_NOT_SUPPORTED', m('protocol', 'NOT_IMPLEMENTED')],
  ['UNSUPPORTED_RESULT_TYPE', m('protocol', 'NOT_IMPLEMENTED')],
  ['METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION', m('protocol', 'NOT_IMPLEMENTED')],
  ['CLIENT_HTTP_NOT_IMPLEMENTED', m('protocol', 'NOT_IMPLEMENTED')],
]);

const RETRYABLE: ReadonlySet<ErrorCategory> = new Set(['unavailable']);

type Rec = Record<string, unknown>;

function httpErrorStatus(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 400 && value <= 599 ? value : undefined;
}

/**
 * The {@link AgentError} for an MCP SDK v2 `SdkError` or `SdkHttpError` (or a copy of one) by
 * its string code (`SdkErrorCode`), or `undefined` for a code it does not define. Internal:
 * `decode` reaches it by the error's name.
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

/**
 * An error instance one of the MCP SDKs' clients threw, or `undefined`: v2's `SdkHttpError` (by
 * its HTTP status, the SDK's code kept in `details.mcpSdkCode`) and an `SdkError` whose code
 * {@link fromMcpSdkError} does not define; v1's
 * `UnauthorizedError` (auth) and `StreamableHTTPError` / `SseError` (`code` is the HTTP
 * status, or -1 when there was none: the connection failed). Internal: `decode` calls it for
 * instances with the other client libraries' errors.
 */
export function fromMcpSdkClientError(
  error: Error,
  readStatus: ByHttpStatus,
): AgentError | undefined {
  const e = error as Error & Rec;
  const className = (error.constructor as { name?: unknown } | undefined)?.name;
  if (typeof className !== 'string') return undefined;
  if (className === 'UnauthorizedError') return made(error, m('auth', 'AUTH_ERROR'));
  if (e.name === 'SdkError' || e.name === 'SdkHttpError') {
    const status = httpErrorStatus((e.data as Rec | null | undefined)?.status);
    if (status !== undefined) {
      return classifiedAs(error, readStatus(status, error.message), { mcpSdkCode: e.code });
    }
    const known = typeof e.code === 'string' ? CLIENT_FAILURE_OF.get(e.code) : undefined;
    // The other codes (NOT_INITIALIZED, INVALID_RESULT, …) say the two sides disagree.
    return made(error, known ?? m('protocol', 'PROTOCOL_ERROR'), { mcpSdkCode: e.code });
  }
  if (className !== 'StreamableHTTPError' && className !== 'SseError') return undefined;
  const status = httpErrorStatus(e.code);
  if (status !== undefined) return classifiedAs(error, readStatus(status, error.message));
  return made(error, m('unavailable', 'CONNECTION_ERROR'));
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

import { AgentError, isAgentError } from '../core/agent-error.js';
import type { Protocol } from '../core/categories.js';
import { fromCallToolResult } from '../core/call-tool-result.js';
import { isRpcErrorObject } from '../core/rpc-error.js';
import { AS_AGENT_ERROR, toAgentError } from '../core/to-agent-error.js';
import { fromToolErrorText } from '../core/tool-text-decode.js';
import { A2A_ERROR_NAMES, decodeA2aError } from '../dialects/a2a/index.js';
import { decodeAcpError } from '../dialects/acp/index.js';
import { decodeArcpError, isARCPError, isArcpErrorCode } from '../dialects/arcp/index.js';
import { decodeHttpError, fromHttpResponse } from '../dialects/http/index.js';
import { isWebResponse } from '../dialects/http/web-globals.js';
import { decodeJsonRpcError } from '../dialects/jsonrpc/index.js';
import { decodeLspError } from '../dialects/lsp/index.js';
import { decodeMcpError } from '../dialects/mcp/index.js';
import { decodeToolError, isToolError } from '../dialects/tool/index.js';

/** Options for {@link decode}. */
export interface DecodeOptions {
  /**
   * The protocol the input came from, when the caller knows it. It settles numeric codes that
   * mean different things in different protocols (-32000 is "auth required" in ACP and
   * "connection closed" in MCP). Without it, the shape, message and data decide.
   */
  protocol?: Protocol;
}

type Rec = Record<string, unknown>;

type A2aEntry = { name: string; reason: string; message: string };
const A2A_ENTRIES = Object.entries(A2A_ERROR_NAMES as Readonly<Record<string, A2aEntry>>);
const A2A_CODE_BY_NAME = new Map(A2A_ENTRIES.map(([code, e]) => [e.name, Number(code)]));
// By `reason`, only A2A's own codes (the standard JSON-RPC ones share reasons with others).
const A2A_CODE_BY_REASON = new Map(
  A2A_ENTRIES.filter(([code]) => Number(code) > -32100).map(([code, e]) => [
    e.reason,
    Number(code),
  ]),
);
/** The A2A code of an `@a2a-js/sdk` error instance, by class name, else by `reason`. */
function a2aCodeOf(name: string, reason: unknown): number | undefined {
  return (
    A2A_CODE_BY_NAME.get(name) ??
    (typeof reason === 'string' ? A2A_CODE_BY_REASON.get(reason) : undefined)
  );
}
const MCP_PREFIX = /^\s*MCP error -?\d+:/;
const A2A_WORDING =
  /^(?:task not (?:found|cancel)|task cannot be cancel|push notification|unsupported operation|this operation is not supported|incompatible content type|content type not supported|invalid agent response|extended agent card|(?:authenticated )?extended card|extension support required|version not supported)/i;
const LOOKS_LIKE_JSON = /^(?:\{\s*["}]|\[\s*(?:[[{"\]\d-]|true|false|null))/;
const ERROR_ENVELOPES = new Set(['session.error', 'job.error', 'tool_result']);

function isRecord(value: unknown): value is Rec {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The dialect decoder for a numeric JSON-RPC error, by protocol. */
function rpcDecoder(protocol: Protocol | undefined): (value: unknown) => AgentError {
  switch (protocol) {
    case 'acp':
      return decodeAcpError;
    case 'mcp':
      return decodeMcpError;
    case 'lsp':
      return decodeLspError;
    case 'a2a':
      return decodeA2aError;
    default:
      return decodeJsonRpcError;
  }
}

/** Which JSON-RPC dialect an error object without a protocol hint most likely came from. */
function sniffRpcProtocol(error: {
  code: number;
  message: string;
  data?: unknown;
}): Protocol | undefined {
  if (MCP_PREFIX.test(error.message)) return 'mcp';
  // A2A's own codes (-32001 to -32009) with A2A's own wording ("Task not cancelable: t-1").
  if (error.code >= -32009 && error.code <= -32001 && A2A_WORDING.test(error.message)) return 'a2a';
  const data = error.data;
  // A2A v1.0 sends google.rpc.ErrorInfo details with its own domain.
  if (
    Array.isArray(data) &&
    data.some(
      (d) => isRecord(d) && typeof d['@type'] === 'string' && d.domain === 'a2a-protocol.org',
    )
  ) {
    return 'a2a';
  }
  return undefined;
}

function decodeRpc(error: unknown, protocol: Protocol | undefined): AgentError {
  const e = error as { code: number; message: string; data?: unknown };
  // Some SDKs copy any integer `code` through: an HTTP status in a JSON-RPC error means that status.
  if (e.code >= 400 && e.code <= 599) return fromHttpStatusCode(e, protocol);
  const hint = protocol === 'jsonrpc' || protocol === undefined ? sniffRpcProtocol(e) : protocol;
  const decoded = rpcDecoder(hint ?? protocol)(error);
  // A code outside JSON-RPC's reserved range (a local error such as vscode-jsonrpc's
  // "Connection is disposed." code 2) says nothing; its message may.
  const reserved = e.code >= -32768 && e.code <= -32000;
  return !reserved && decoded.category === 'internal' ? byKeywords(decoded, e) : decoded;
}

function fromHttpStatusCode(
  error: { code: number; message: string; data?: unknown },
  protocol: Protocol | undefined,
): AgentError {
  const meaning = fromHttpResponse({ status: error.code, body: { message: error.message } });
  return new AgentError(error.message, {
    category: meaning.category,
    code: meaning.code,
    retryable: meaning.retryable,
    wire: {
      protocol: protocol ?? 'jsonrpc',
      code: error.code,
      message: error.message,
      ...(error.data !== undefined ? { data: error.data } : {}),
    },
    captureStack: false,
  });
}

function decodeBatch(batch: readonly unknown[], options: DecodeOptions | undefined): AgentError {
  const errors = batch.filter((item) => isRecord(item) && isRecord(item.error));
  const [first] = errors;
  if (first === undefined) {
    return AgentError.protocol('A JSON-RPC batch with no error response in it', {
      code: 'NOT_AN_ERROR',
      captureStack: false,
      cause: batch,
    });
  }
  const primary = decode(first, options);
  if (errors.length === 1) return primary;
  const summary = errors.slice(0, 20).map((item) => {
    const e = decode(item, options);
    return {
      id: (item as Rec).id ?? null,
      code: e.code,
      category: e.category,
      retryable: e.retryable,
    };
  });
  return new AgentError(primary.message, {
    category: primary.category,
    code: primary.code,
    retryable: primary.retryable,
    ...(primary.retryAfterMs !== undefined ? { retryAfterMs: primary.retryAfterMs } : {}),
    details: { ...primary.details, batch: summary, batchErrors: errors.length },
    ...(primary.wire !== undefined ? { wire: primary.wire } : {}),
    cause: batch,
    captureStack: false,
  });
}

function decodeText(text: string, options: DecodeOptions | undefined): AgentError {
  const trimmed = text.trim();
  // Only what can be JSON is parsed: a failed JSON.parse throws, and a throw costs more than
  // the whole decode (`[ERROR code=…]` text starts with a bracket too).
  if (LOOKS_LIKE_JSON.test(trimmed)) {
    try {
      return decodeValue(JSON.parse(trimmed) as unknown, options);
    } catch {
      // Not JSON after all: read it as text.
    }
  }
  if (options?.protocol === 'http') return decodeHttpError(text);
  return fromToolErrorText(text);
}

/** Errors thrown by the official SDKs and the AI SDK, recognised by name and shape. */
function decodeSdkInstance(value: Rec, options: DecodeOptions | undefined): AgentError | undefined {
  const name = typeof value.name === 'string' ? value.name : '';
  // AI SDK APICallError, OpenAI / Anthropic SDK APIError: an HTTP failure wrapped in an Error.
  const status = value.statusCode ?? value.status;
  if (typeof status === 'number' && status >= 100 && status <= 599 && value instanceof Error) {
    const headers = value.responseHeaders ?? value.headers;
    const body = value.responseBody ?? value.error;
    return fromHttpResponse({
      status,
      ...(isRecord(headers) ? { headers: headers as Record<string, string> } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  }
  if (typeof value.message !== 'string') return undefined;
  // @a2a-js/sdk errors carry `reason` (and, from its client, the wire code in `envelopeCode`).
  const a2aCode = Number.isInteger(value.envelopeCode)
    ? (value.envelopeCode as number)
    : a2aCodeOf(name, value.reason);
  if (
    a2aCode !== undefined &&
    (typeof value.reason === 'string' || a2aCodeOf(name, undefined) !== undefined)
  ) {
    return decodeA2aError({
      code: a2aCode,
      message: value.message,
      ...(value.data !== undefined ? { data: value.data } : {}),
    });
  }
  if (!Number.isInteger(value.code)) return undefined;
  if (name === 'RequestError') return decodeAcpError(value);
  if (name === 'McpError') return decodeRpc(value, 'mcp');
  if (name === 'ResponseError') return decodeLspError(value);
  return value instanceof Error ? decodeRpc(value, options?.protocol) : undefined;
}

function decodeValue(input: unknown, options: DecodeOptions | undefined): AgentError {
  if (typeof input === 'string') return decodeText(input, options);
  if (input === null || typeof input !== 'object') return toAgentError(input);
  if (Array.isArray(input)) return decodeBatch(input, options);
  // What arrives off the wire is a plain object: the class checks apply only to instances.
  const proto: unknown = Object.getPrototypeOf(input);
  if (proto !== Object.prototype && proto !== null) {
    // Our seed classes convert themselves (RequestError, McpError, ResponseError…).
    if (
      input instanceof AgentError ||
      typeof (input as { [AS_AGENT_ERROR]?: unknown })[AS_AGENT_ERROR] === 'function'
    ) {
      return toAgentError(input);
    }
    if (isWebResponse(input)) {
      // decode is synchronous: status and headers only. `await fromHttpResponse(res)` reads the body.
      return fromHttpResponse({ status: input.status, headers: input.headers });
    }
    // Branded by another copy of this package.
    if (isAgentError(input)) return toAgentError(input);
  }
  return decodeRecord(input as Rec, options);
}

/** Every other object: each member read once, the shapes tried from the most specific. */
function decodeRecord(input: Rec, options: DecodeOptions | undefined): AgentError {
  const protocol = options?.protocol;
  const { name, code, message } = input;
  // A copy of an AgentError (JSON, structured clone): its code is a string, never a number.
  if (typeof code === 'string' && typeof message === 'string' && isAgentError(input)) {
    return toAgentError(input);
  }
  // DOM and Node errors by name before anything reads their numeric `code` (20, 23) as JSON-RPC.
  if (name === 'AbortError' || name === 'TimeoutError') return toAgentError(input);
  const inputIsErrorObject = Number.isInteger(code) && typeof message === 'string';
  if (!inputIsErrorObject) {
    // A JSON-RPC response, or ACP's `toResult()` form, carrying an error.
    const error = input.error;
    if (isRpcErrorObject(error)) return decodeRpc(error, protocol);
    // A JSON-RPC response whose result is a failed MCP tool call.
    const result = input.result;
    if (isRecord(result) && result.isError === true && 'jsonrpc' in input) {
      return fromCallToolResult(result);
    }
    // An HTTP response as data: `{ status, headers?, body? }`.
    if (
      code === undefined &&
      name === undefined &&
      typeof input.status === 'number' &&
      ('headers' in input || 'body' in input) &&
      protocol === undefined
    ) {
      return fromHttpData(input);
    }
  }
  // Hermes-style MCP errors: `{ code, reason, data }`.
  const reason = input.reason;
  if (
    Number.isInteger(code) &&
    typeof reason === 'string' &&
    (protocol === undefined || protocol === 'mcp') &&
    !('envelopeCode' in input)
  ) {
    const data = input.data;
    return decodeMcpError({
      code,
      reason,
      message: typeof message === 'string' ? message : reason,
      data: isRecord(data) ? data : {},
    });
  }
  const type = input.type;
  if (
    protocol === 'arcp' ||
    (typeof type === 'string' && ERROR_ENVELOPES.has(type)) ||
    (typeof code === 'string' && isARCPError(input))
  ) {
    return decodeArcpError(input);
  }
  if (protocol === 'tool' || (typeof code === 'string' && isToolError(input))) {
    return decodeToolError(input);
  }
  if (input.isError === true && Array.isArray(input.content)) return fromCallToolResult(input);
  if (protocol === 'http') return decodeHttpError(input);

  const fromSdk = decodeSdkInstance(input, options);
  if (fromSdk) return fromSdk;
  if (inputIsErrorObject) return decodeRpc(input, protocol);
  if (isArcpErrorCode(code) && typeof message === 'string') return decodeArcpError(input);
  return fromHttpData(input);
}

/**
 * HTTP responses, problem documents, provider bodies; anything else is normalised, and what
 * nothing recognised is read by its message's keywords.
 */
function fromHttpData(input: Rec): AgentError {
  const decoded = decodeHttpError(input);
  return decoded.category === 'internal' && decoded.code === 'INTERNAL_ERROR'
    ? byKeywords(decoded, input)
    : decoded;
}

/**
 * An error nothing recognised: its message may still say what happened ("Not connected",
 * "connection closed"). The same conservative keywords as text-only tool errors decide; the
 * error keeps everything else.
 */
function byKeywords(decoded: AgentError, input: { message?: unknown }): AgentError {
  if (typeof input.message !== 'string' || input.message === '') return decoded;
  const guess = fromToolErrorText(input.message);
  if (guess.category === 'internal') return decoded;
  return new AgentError(decoded.message, {
    category: guess.category,
    code: guess.code,
    retryable: guess.retryable,
    ...(decoded.details !== undefined ? { details: decoded.details } : {}),
    cause: input,
    captureStack: false,
  });
}

/**
 * Turn whatever error arrived — from any protocol, in any form — into an {@link AgentError}
 * that says what to do next. Recognises JSON-RPC error objects and responses (and batches),
 * MCP tool results with `isError: true`, ToolError text (also inside other text), ARCP
 * payloads and envelopes, A2A errors, RFC 9457 problem documents, HTTP responses
 * (`{ status, headers, body }` or a fetch `Response`'s status and headers), provider error
 * bodies, the official SDKs' error instances, our seed classes, JSON text of any of these, and
 * anything {@link toAgentError} accepts. Never throws; what was received stays in `wire` (or
 * `cause`).
 *
 * @example
 * decode({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'Authentication required' } }, { protocol: 'acp' })
 *   .category; // 'auth'
 * decode('MCP error -32001: Request timed out').retryable; // true
 */
export function decode(input: unknown, options?: DecodeOptions): AgentError {
  try {
    return decodeValue(input, options);
  } catch (failure) {
    // A dialect refused the input (a TypeError naming the field): normalise what we can.
    try {
      return toAgentError(input);
    } catch {
      return AgentError.internal('An undecodable error was received', {
        captureStack: false,
        cause: failure,
      });
    }
  }
}

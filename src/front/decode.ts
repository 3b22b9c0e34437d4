import { AgentError, decodedError, isAgentError } from '../core/agent-error.js';
import type { Protocol } from '../core/categories.js';
import { fromCallToolResult } from '../dialects/mcp/call-tool-result.js';
import { isRpcErrorObject } from '../dialects/jsonrpc/rpc-error.js';
import { AS_AGENT_ERROR, normalizeError } from '../core/normalize-error.js';
import { fromToolErrorText } from '../dialects/tool/tool-text-decode.js';
import { hasMcpErrorPrefix } from '../dialects/tool/mcp-prefix.js';
import { A2A_ERROR_NAMES } from '../dialects/a2a/index.js';
import { a2aFromRpc } from '../dialects/a2a/convert.js';
import { acpFromRpc } from '../dialects/acp/decode.js';
import { jsonRpcDialect } from '../dialects/jsonrpc/descriptor.js';
import { rpcDialectOf } from './registry.js';
import { fromProviderSdkError } from '../dialects/http/provider-sdk.js';
import { fromClientLibraryError, fromLangChainError } from '../dialects/http/client-errors.js';
import { grpcDialect } from '../dialects/grpc/descriptor.js';
import { isConnectCode } from '../dialects/grpc/codes.js';
import { looksLikeGrpc } from '../dialects/grpc/status.js';
import { isArcpError } from '../dialects/arcp/index.js';
import { fromHttpResponse } from '../dialects/http/index.js';
import { fromHttpParts } from '../dialects/http/response.js';
import { statusMeaning } from '../dialects/http/status.js';
import { isWebResponse } from '../dialects/http/web-globals.js';
import { lspFromRpc } from '../dialects/lsp/decode.js';
import { decodeMcpError } from '../dialects/mcp/decode.js';
import {
  fromMcpSdkClientError,
  fromMcpSdkError,
  isMcpSdkProtocolError,
} from '../dialects/mcp/sdk-error.js';
import { isToolError } from '../dialects/tool/index.js';
import { copyRecord } from '../core/copy-record.js';
import { markUnexpected } from '../core/unexpected.js';
import { realElements } from '../core/real-elements.js';
import { isSystemErrorCode } from '../core/system-errors.js';
import { decodeArcpError } from '../dialects/arcp/convert.js';
import { isArcpErrorCode } from '../dialects/arcp/codes.js';
import { decodeHttpError } from '../dialects/http/response.js';
import { decodeToolError } from '../dialects/tool/convert.js';

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
const A2A_WORDING =
  /^(?:task not (?:found|cancel)|task cannot be cancel|push notification|unsupported operation|this operation is not supported|incompatible content type|content type not supported|invalid agent response|extended agent card|(?:authenticated )?extended card|extension support required|version not supported)/i;
const LOOKS_LIKE_JSON = /^(?:\{\s*["}]|\[\s*(?:[[{"\]\d-]|true|false|null))/;
// ARCP's error envelopes; a failed tool call is a `job.event` (of kind `tool_result`).
const ERROR_ENVELOPES = new Set(['session.error', 'job.error', 'job.event', 'tool_result']);

function isRecord(value: unknown): value is Rec {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON-RPC error already read, by the dialect of `protocol` (plain JSON-RPC when none). */
function rpcByDialect(protocol: Protocol | undefined, error: RpcError, cause: unknown): AgentError {
  return (rpcDialectOf(protocol) ?? jsonRpcDialect).fromRpc(error, cause);
}

/** Which JSON-RPC dialect an error object without a protocol hint most likely came from. */
function sniffRpcProtocol(error: {
  code: number;
  message: string;
  data?: unknown;
}): Protocol | undefined {
  if (hasMcpErrorPrefix(error.message)) return 'mcp';
  // A2A's own codes (-32001 to -32009) with A2A's own wording ("Task not cancelable: t-1").
  if (error.code >= -32009 && error.code <= -32001 && A2A_WORDING.test(error.message)) return 'a2a';
  const data = error.data;
  // A2A v1.0 sends google.rpc.ErrorInfo details with its own domain.
  if (
    Array.isArray(data) &&
    realElements(data, 100).some(
      (d) => isRecord(d) && typeof d['@type'] === 'string' && d.domain === 'a2a-protocol.org',
    )
  ) {
    return 'a2a';
  }
  return undefined;
}

/**
 * A JSON-RPC error object: `e` is its members, read once; `received` what came in (an error
 * instance becomes the decoded error's cause).
 */
function decodeRpc(e: RpcError, protocol: Protocol | undefined, received: object): AgentError {
  // Some SDKs copy any integer `code` through: an HTTP status in a JSON-RPC error means that status.
  if (e.code >= 400 && e.code <= 599) return fromHttpStatusCode(e, protocol);
  const hint = protocol === 'jsonrpc' || protocol === undefined ? sniffRpcProtocol(e) : protocol;
  const decoded = rpcByDialect(
    hint ?? protocol,
    e,
    received instanceof Error ? received : undefined,
  );
  // A code outside JSON-RPC's reserved range (a local error such as vscode-jsonrpc's
  // "Connection is disposed." code 2) says nothing; its message may.
  const reserved = e.code >= -32768 && e.code <= -32000;
  return !reserved && decoded.category === 'internal' ? byKeywords(decoded, e, received) : decoded;
}

function fromHttpStatusCode(
  error: { code: number; message: string; data?: unknown },
  protocol: Protocol | undefined,
): AgentError {
  // The status alone says it, but for a 403 whose message may be a rate limit (GitHub's secondary
  // limit): a whole HTTP error for every status made these entries slower by half (bench).
  const meaning =
    error.code === 403
      ? fromHttpResponse({ status: error.code, body: { message: error.message } })
      : statusMeaning(error.code);
  const wireProtocol = protocol ?? 'jsonrpc';
  return decodedError({
    message: error.message,
    category: meaning.category,
    code: meaning.code,
    retryable: meaning.retryable,
    retryAfterMs: undefined,
    details: undefined,
    wire:
      error.data === undefined
        ? { protocol: wireProtocol, code: error.code, message: error.message }
        : { protocol: wireProtocol, code: error.code, message: error.message, data: error.data },
    cause: undefined,
  });
}

const MAX_BATCH_ITEMS = 10_000;

function decodeBatch(batch: readonly unknown[], options: DecodeOptions | undefined): AgentError {
  // Its real elements, bounded: a sparse batch of length 2^32 − 1 costs what it holds.
  const errors = realElements(batch, MAX_BATCH_ITEMS).filter(
    (item) => isRecord(item) && isRecord(item.error),
  );
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
  const summary: { id: unknown; code: string; category: string; retryable: boolean }[] = [];
  for (let k = 0; k < errors.length && k < 20; k++) {
    const item = errors[k] as Rec;
    const e = k === 0 ? primary : decode(item, options);
    summary.push({
      id: item.id ?? null,
      code: e.code,
      category: e.category,
      retryable: e.retryable,
    });
  }
  // Copied key by key: members added to a spread copy go through the runtime on Node 20.
  const details = primary.details === undefined ? {} : copyRecord(primary.details);
  details.batch = summary;
  details.batchErrors = errors.length;
  return decodedError({
    message: primary.message,
    category: primary.category,
    code: primary.code,
    retryable: primary.retryable,
    retryAfterMs: primary.retryAfterMs,
    details,
    wire: primary.wire,
    cause: batch,
    unexpected: primary.unexpected,
  });
}

/**
 * The JSON an SSE `event: error` (or any event whose data is JSON) carries: its `data:` lines
 * joined, as the EventSource specification joins them. `undefined` when it is no such event.
 */
function sseData(text: string): unknown {
  let data: string | undefined;
  let event: string | undefined;
  // Line by line (CRLF, CR or LF ends one), the first 64 lines, each end found by indexOf: a
  // split by pattern cost a fifth of decoding such an event (bench: the corpus's SSE payloads).
  let start = 0;
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  for (let n = 0; n < 64 && start <= text.length; n++) {
    if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
    if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
    const end = lf === -1 ? (cr === -1 ? text.length : cr) : cr === -1 ? lf : Math.min(lf, cr);
    if (text.startsWith('data:', start)) {
      const value = text.slice(start + (text.startsWith('data: ', start) ? 6 : 5), end);
      data = data === undefined ? value : `${data}\n${value}`;
    } else if (text.startsWith('event:', start)) event = text.slice(start + 6, end).trim();
    start = end + (end === cr && lf === cr + 1 ? 2 : 1);
  }
  if (data === undefined || (event !== undefined && event !== 'error' && !data.includes('error'))) {
    return undefined;
  }
  const trimmed = data.trim();
  if (!LOOKS_LIKE_JSON.test(trimmed)) return event === 'error' ? trimmed : undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

function decodeText(text: string, options: DecodeOptions | undefined): AgentError {
  const trimmed = text.trim();
  // A server-sent event: an error after a 200 (`event: error`, Anthropic's overloaded_error).
  if (trimmed.startsWith('event:') || trimmed.startsWith('data:')) {
    const data = sseData(trimmed);
    if (data !== undefined) return decodeValue(data, options);
  }
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
  const decoded = fromToolErrorText(text);
  // Text nothing recognised (no ToolError header, no keyword) may be anything: a thrown string.
  return decoded.category === 'internal' && decoded.code === 'INTERNAL_ERROR'
    ? markUnexpected(decoded)
    : decoded;
}

/** How an MCP SDK's HTTP failure reads: by its status, as the http dialect reads one. */
function mcpSdkHttpStatus(status: number, message: string): AgentError {
  return fromHttpResponse({ status, body: { message } });
}

/**
 * Errors thrown by the official SDKs and the AI SDK, recognised by name and shape (and their
 * JSON copies, by name). The members are those decodeRecord read; `rpc` is the error object the
 * dialect decoders read (its code, message and data in one shape), when it is one.
 */
function decodeSdkInstance(
  value: Rec,
  instance: boolean,
  name: unknown,
  message: unknown,
  reason: unknown,
  envelopeCode: unknown,
  data: unknown,
  rpc: RpcError | undefined,
  protocol: Protocol | undefined,
): AgentError | undefined {
  // Client libraries (AI SDK, @google/genai, AWS SDK, axios, the MCP SDKs), then the provider
  // SDKs' HTTP and client-side failures, then LangChain (which marks the provider's own error).
  // Instances only: nothing off the wire reaches these.
  if (instance && value instanceof Error) {
    // Thrown by a client library, never meant for our own caller's peer: marked unexpected.
    const decoded =
      fromClientLibraryError(value, classifyWrapped) ??
      fromMcpSdkClientError(value, mcpSdkHttpStatus) ??
      fromProviderSdkError(value) ??
      fromLangChainError(value);
    if (decoded) return markUnexpected(decoded);
  }
  if (typeof message !== 'string') return undefined;
  const className = typeof name === 'string' ? name : '';
  // @a2a-js/sdk errors carry `reason` (and, from its client, the wire code in `envelopeCode`).
  // (Most wire objects have neither a class name nor a reason, and the JSON-RPC SDKs' class
  // names are no A2A names: no lookup then.)
  const named =
    className !== '' &&
    className !== 'McpError' &&
    className !== 'RequestError' &&
    className !== 'ResponseError';
  const a2aCode = Number.isInteger(envelopeCode)
    ? (envelopeCode as number)
    : named || typeof reason === 'string'
      ? a2aCodeOf(className, reason)
      : undefined;
  if (
    a2aCode !== undefined &&
    (typeof reason === 'string' || (named && a2aCodeOf(className, undefined) !== undefined))
  ) {
    return a2aFromRpc(rpcError(a2aCode, message, data));
  }
  if (rpc === undefined) return undefined;
  const cause = instance && value instanceof Error ? value : undefined;
  if (className === 'RequestError') return acpFromRpc(rpc, cause);
  if (className === 'McpError' || isMcpSdkProtocolError(value)) return decodeRpc(rpc, 'mcp', value);
  if (className === 'ResponseError') return lspFromRpc(rpc, cause);
  return cause ? decodeRpc(rpc, protocol, value) : undefined;
}

function decodeValue(input: unknown, options: DecodeOptions | undefined): AgentError {
  if (typeof input === 'string') return decodeText(input, options);
  if (input === null || typeof input !== 'object') return normalizeError(input);
  if (Array.isArray(input)) return decodeBatch(input, options);
  // What arrives off the wire is a plain object: the class checks apply only to instances.
  const proto: unknown = Object.getPrototypeOf(input);
  if (proto === Object.prototype || proto === null)
    return decodeRecord(input as Rec, true, options);
  // The compatibility classes convert themselves (RequestError, McpError, ResponseError…).
  if (
    input instanceof AgentError ||
    typeof (input as { [AS_AGENT_ERROR]?: unknown })[AS_AGENT_ERROR] === 'function'
  ) {
    return normalizeError(input);
  }
  if (isWebResponse(input)) {
    // decode is synchronous: status and headers only. `await fromFetchResponse(res)` reads the body.
    return fromHttpResponse({ status: input.status, headers: input.headers });
  }
  // Branded by another copy of this package.
  if (isAgentError(input)) return normalizeError(input);
  return decodeRecord(input as Rec, false, options);
}

/** A JSON-RPC error object, as the dialect decoders read it. */
type RpcError = { code: number; message: string; data?: unknown };

/**
 * `value`'s `code`, `message` and `data` in one fixed shape when it is a JSON-RPC error object,
 * else `undefined`. A plain object is read by walking its own keys once (see decodeRecord); the
 * dialect decoders then read a single shape instead of every shape the wire brings.
 */
function rpcErrorOf(value: unknown): RpcError | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  let code: unknown;
  let message: unknown;
  let data: unknown;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    if (!isRpcErrorObject(value)) return undefined;
    ({ code, message, data } = value);
  } else {
    for (const key in value) {
      if (key === 'code') code = (value as Rec)[key];
      else if (key === 'message') message = (value as Rec)[key];
      else if (key === 'data') data = (value as Rec)[key];
    }
  }
  if (!Number.isInteger(code) || typeof message !== 'string') return undefined;
  return rpcError(code as number, message, data);
}

/** A JSON-RPC error object in the one shape the dialect decoders see. */
function rpcError(code: number, message: string, data: unknown): RpcError {
  return data === undefined ? { code, message } : { code, message, data };
}

/**
 * Every other object, its members read once and the shapes tried from the most specific.
 *
 * A plain object is read by walking its own keys once rather than by a named read of each
 * member: the wire brings a hundred object shapes, and reading them all by name at one place is
 * slow (the decode benchmark shows it).
 */
function decodeRecord(input: Rec, plain: boolean, options: DecodeOptions | undefined): AgentError {
  const protocol = options?.protocol;
  let name: unknown;
  let code: unknown;
  let message: unknown;
  let error: unknown;
  let result: unknown;
  let status: unknown;
  let reason: unknown;
  let type: unknown;
  let data: unknown;
  let envelopeCode: unknown;
  let isError: unknown;
  let content: unknown;
  let headers: unknown;
  let body: unknown;
  let statusText: unknown;
  let hasHeadersOrBody = false;
  let hasJsonrpc = false;
  let hasEnvelopeCode = false;
  // A member only an HTTP body is read by (a problem document's, AWS's `__type`).
  let hasBodyMember = false;
  if (plain) {
    for (const key in input) {
      switch (key) {
        case 'name':
          name = input[key];
          break;
        case 'code':
          code = input[key];
          break;
        case 'message':
          message = input[key];
          break;
        case 'error':
          error = input[key];
          break;
        case 'result':
          result = input[key];
          break;
        case 'status':
          status = input[key];
          break;
        case 'reason':
          reason = input[key];
          break;
        case 'type':
          type = input[key];
          break;
        case 'data':
          data = input[key];
          break;
        case 'headers':
          headers = input[key];
          hasHeadersOrBody = true;
          break;
        case 'body':
          body = input[key];
          hasHeadersOrBody = true;
          break;
        case 'statusText':
          statusText = input[key];
          break;
        case 'jsonrpc':
          hasJsonrpc = true;
          break;
        case 'isError':
          isError = input[key];
          break;
        case 'content':
          content = input[key];
          break;
        case 'envelopeCode':
          envelopeCode = input[key];
          hasEnvelopeCode = true;
          break;
        case 'title':
        case 'detail':
        case '__type':
          hasBodyMember = true;
          break;
      }
    }
  } else {
    name = input.name;
    code = input.code;
    message = input.message;
    error = input.error;
    result = input.result;
    status = input.status;
    reason = input.reason;
    type = input.type;
    data = input.data;
    hasHeadersOrBody = 'headers' in input || 'body' in input;
    headers = input.headers;
    body = input.body;
    statusText = input.statusText;
    hasJsonrpc = 'jsonrpc' in input;
    isError = input.isError;
    content = input.content;
    envelopeCode = input.envelopeCode;
    hasEnvelopeCode = 'envelopeCode' in input;
  }
  // A copy of an AgentError (JSON, structured clone): its code is a string, never a number.
  if (typeof code === 'string' && typeof message === 'string' && isAgentError(input)) {
    return normalizeError(input);
  }
  // DOM and Node errors by name before anything reads their numeric `code` (20, 23) as JSON-RPC.
  if (name !== undefined && (name === 'AbortError' || name === 'TimeoutError')) {
    return normalizeError(input);
  }
  // MCP SDK v2's local failures carry string codes (`REQUEST_TIMEOUT`, `CONNECTION_CLOSED`, …);
  // its SdkHttpError is read by its HTTP status with the other client libraries' errors.
  // Both readers are in dialects/mcp/sdk-error.ts.
  if (name === 'SdkError' && typeof code === 'string') {
    const sdk = fromMcpSdkError(input);
    if (sdk) return sdk;
  }
  // gRPC: a google.rpc.Status, a grpc-js ServiceError, a Google API error body (the small codes
  // and the body's `status` name tell it from JSON-RPC, whose codes are large and negative).
  if (
    protocol === 'grpc' ||
    (protocol === undefined &&
      ((typeof code === 'number' && code >= 1 && code <= 16) ||
        (typeof code === 'string' && isConnectCode(code)) ||
        (!hasJsonrpc && error !== null && typeof error === 'object')) &&
      looksLikeGrpc(input))
  ) {
    return grpcDialect.decode(input);
  }
  // An AI SDK stream part `{ type: 'error', error }` decodes as the error it carries (Anthropic's
  // body has the same outer shape, with its own `{ type }` inside: that is a provider body).
  if (
    type === 'error' &&
    error !== undefined &&
    error !== null &&
    !(isRecord(error) && typeof error.type === 'string' && error.type !== 'error')
  ) {
    return decodeValue(error, options);
  }
  const inputIsErrorObject = Number.isInteger(code) && typeof message === 'string';
  if (!inputIsErrorObject) {
    // A JSON-RPC response, or ACP's `toResult()` form, carrying an error.
    const inner = rpcErrorOf(error);
    if (inner) return decodeRpc(inner, protocol, error as object);
    // A JSON-RPC response whose result is a failed MCP tool call.
    if (isRecord(result) && result.isError === true && hasJsonrpc) {
      return fromCallToolResult(result);
    }
    // An HTTP response as data: `{ status, headers?, body? }`.
    if (
      code === undefined &&
      name === undefined &&
      typeof status === 'number' &&
      hasHeadersOrBody &&
      protocol === undefined
    ) {
      // Read straight from the members already in hand.
      let decoded: AgentError;
      try {
        decoded = fromHttpParts(status, statusText, headers, body);
      } catch {
        return normalizeError(input);
      }
      return withKeywords(decoded, input);
    }
  }
  // Hermes-style MCP errors: `{ code, reason, data }`.
  if (
    Number.isInteger(code) &&
    typeof reason === 'string' &&
    (protocol === undefined || protocol === 'mcp') &&
    !hasEnvelopeCode
  ) {
    return decodeMcpError({
      code,
      reason,
      message: typeof message === 'string' ? message : reason,
      data: isRecord(data) ? data : {},
    });
  }
  // A system error (`ECONNRESET`) that states its own `retryable` is still a system error, not
  // a ToolError (whose shape it would match): its category comes from its code, and it stays
  // unexpected (never exposed).
  if (isSystemErrorCode(code) && protocol !== 'arcp' && looksLikeStatedSystemError(input)) {
    return normalizeError(input);
  }
  if (
    protocol === 'arcp' ||
    (typeof type === 'string' && ERROR_ENVELOPES.has(type)) ||
    (typeof code === 'string' && isArcpError(input))
  ) {
    return decodeArcpError(input);
  }
  // A failed MCP tool result, whichever protocol hint came with it (its text is ToolError text).
  if (isError === true && Array.isArray(content)) return fromCallToolResult(input);
  if (protocol === 'tool' || (typeof code === 'string' && isToolError(input))) {
    return decodeToolError(input);
  }
  if (protocol === 'http') return decodeHttpError(input);

  // The error object the dialects read, in one shape whatever came in.
  const rpc = inputIsErrorObject ? rpcError(code as number, message as string, data) : undefined;
  const fromSdk = decodeSdkInstance(
    input,
    !plain,
    name,
    message,
    reason,
    envelopeCode,
    data,
    rpc,
    protocol,
  );
  if (fromSdk) return fromSdk;
  if (rpc) return decodeRpc(rpc, protocol, input);
  if (isArcpErrorCode(code) && typeof message === 'string') return decodeArcpError(input);
  // Plain data without `error`, `status` or a body member is no response body (a Node system
  // error, a schema library's error): the HTTP readers would find nothing.
  if (plain && error === undefined && status === undefined && !hasBodyMember) {
    return withKeywords(normalizeError(input), input);
  }
  const decoded = fromHttpData(input);
  // An error instance read as an HTTP failure was thrown by some client: unexpected. (What the
  // general normaliser read, it has marked or not itself.)
  return !plain && decoded.wire?.protocol === 'http' ? markUnexpected(decoded) : decoded;
}

/**
 * HTTP responses, problem documents, provider bodies; anything else is normalised, and what
 * nothing recognised is read by its message's keywords.
 */
function fromHttpData(input: Rec): AgentError {
  return withKeywords(decodeHttpError(input), input);
}

/** `decoded`, or when it recognised nothing, what `input`'s message says ({@link byKeywords}). */
function withKeywords(decoded: AgentError, input: Rec): AgentError {
  return unrecognised(decoded) ? byKeywords(decoded, input) : decoded;
}

/**
 * Whether `input` states a boolean `retryable` without a category of its own (a ToolError or
 * an AgentError-alike names one).
 */
function looksLikeStatedSystemError(input: Rec): boolean {
  try {
    return typeof input.retryable === 'boolean' && input.category === undefined;
  } catch {
    return false;
  }
}

/** Whether the HTTP decoder found nothing but its fallback. */
function unrecognised(decoded: AgentError): boolean {
  return decoded.category === 'internal' && decoded.code === 'INTERNAL_ERROR';
}

/**
 * An error nothing recognised: its message may still say what happened ("Not connected",
 * "connection closed"). The same conservative keywords as text-only tool errors decide; the
 * error keeps everything else.
 */
function byKeywords(
  decoded: AgentError,
  input: { message?: unknown },
  received: unknown = input,
): AgentError {
  if (typeof input.message !== 'string' || input.message === '') return decoded;
  const guess = fromToolErrorText(input.message);
  if (guess.category === 'internal') return decoded;
  return decodedError({
    message: decoded.message,
    category: guess.category,
    code: guess.code,
    retryable: guess.retryable,
    retryAfterMs: undefined,
    details: decoded.details,
    wire: undefined,
    cause: received,
    unexpected: decoded.unexpected,
  });
}

/**
 * Turn whatever error arrived — from any protocol, in any form — into an {@link AgentError}
 * that says what to do next. Recognises JSON-RPC error objects and responses (and batches),
 * MCP tool results with `isError: true`, ToolError text (also inside other text), ARCP
 * payloads and envelopes, A2A errors, RFC 9457 problem documents, HTTP responses
 * (`{ status, headers, body }` or a fetch `Response`'s status and headers), provider error
 * bodies, the official SDKs' error instances, our compatibility classes, JSON text of any of these, and
 * anything else that was thrown. Never throws; what was received stays in `wire` (or
 * `cause`).
 *
 * @example
 * decode({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'Authentication required' } }, { protocol: 'acp' })
 *   .category; // 'auth'
 * decode('MCP error -32001: Request timed out').retryable; // true
 */
export function decode(input: unknown, options?: DecodeOptions): AgentError {
  return classifyAnything(input, options);
}

/**
 * {@link decode}, except that what carries no error gives `undefined`: a JSON-RPC success
 * response, an MCP tool result whose `isError` is not `true`, an HTTP response (or fetch
 * `Response`) below 400, a gRPC status with code 0 (`OK`), `null` and `undefined`. Use it where
 * a response may or may not be a failure; `decode` always returns an `AgentError`.
 *
 * @example
 * tryDecode({ jsonrpc: '2.0', id: 1, result: {} }); // undefined
 * tryDecode({ status: 503, headers: {} })?.retryable; // true
 */
export function tryDecode(input: unknown, options?: DecodeOptions): AgentError | undefined {
  return carriesNoError(input) ? undefined : classifyAnything(input, options);
}

function carriesNoError(input: unknown): boolean {
  if (input === null || input === undefined) return true;
  if (typeof input !== 'object') return false;
  try {
    if (Array.isArray(input)) return false;
    if (isWebResponse(input)) return input.status < 400;
    const v = input as Rec;
    if ('jsonrpc' in v && 'result' in v && !('error' in v)) return true;
    if (Array.isArray(v.content) && !('error' in v)) return v.isError !== true;
    if (typeof v.status === 'number' && ('headers' in v || 'body' in v)) {
      // Slack answers its failures with 200 and `{ ok: false, error }`.
      const body = v.body as { ok?: unknown } | null | undefined;
      return v.status < 400 && !(typeof body === 'object' && body !== null && body.ok === false);
    }
    if (v.ok === false && typeof v.error === 'string') return false;
    return v.code === 0 && 'details' in v && !('error' in v);
  } catch {
    return false;
  }
}

/**
 * Normalise anything that was thrown into an {@link AgentError} that says what to do next. It is
 * {@link decode} under the name a `catch` block reads best with: the same engine, so the two never
 * disagree. An `AgentError` comes back as it is; the official SDKs' errors (MCP, ACP, LSP, A2A,
 * the LLM providers' `APIError`s), ARCP and ToolError classes, `AbortError` / `TimeoutError`,
 * Node system errors (`ECONNREFUSED` → `unavailable`), Zod / Valibot / Standard Schema failures
 * (→ `validation` with `details.issues`) and `AggregateError`s are classified; anything else is
 * `internal`. The original is kept as `cause`. Never throws.
 *
 * @example
 * try {
 *   await client.callTool({ name: 'search', arguments: {} });
 * } catch (thrown) {
 *   const err = toAgentError(thrown);
 *   if (err.retryable) scheduleRetry(err.retryAfterMs);
 * }
 */
export function toAgentError(thrown: unknown): AgentError {
  return classifyAnything(thrown, undefined);
}

/** What an error wraps (a retry's last error, a cause), through the one classifier. */
function classifyWrapped(value: unknown): AgentError {
  return classifyAnything(value, undefined);
}

/** The one classifier behind {@link decode} and {@link toAgentError}. */
function classifyAnything(input: unknown, options: DecodeOptions | undefined): AgentError {
  try {
    return decodeValue(input, options);
  } catch (failure) {
    // A dialect refused the input (a TypeError naming the field): normalise what we can.
    try {
      return normalizeError(input);
    } catch {
      return AgentError.internal('An undecodable error was received', {
        captureStack: false,
        cause: failure,
      });
    }
  }
}

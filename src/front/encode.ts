import type { Protocol } from '../core/categories.js';
import { isProtocol, PROTOCOLS } from '../core/categories.js';
import { toCallToolResult } from '../core/call-tool-result.js';
import { toExposableError } from '../core/expose.js';
import type { CallToolErrorResult } from '../core/call-tool-result.js';
import type { RpcEncodeOptions, RpcErrorObject } from '../core/rpc-error.js';
import { encodeA2aError } from '../dialects/a2a/index.js';
import { encodeAcpError } from '../dialects/acp/index.js';
import {
  encodeArcpError,
  jobError,
  sessionError,
  toArcpError,
  toolResultError,
} from '../dialects/arcp/index.js';
import type {
  EnvelopeIds,
  ErrorPayload,
  JobErrorEnvelope,
  SessionErrorEnvelope,
  ToolResultErrorEnvelope,
} from '../dialects/arcp/index.js';
import { encodeHttpError } from '../dialects/http/index.js';
import type { HttpErrorResponse } from '../dialects/http/index.js';
import { encodeJsonRpcError } from '../dialects/jsonrpc/index.js';
import { encodeLspError } from '../dialects/lsp/index.js';
import { encodeMcpError } from '../dialects/mcp/index.js';
import { encodeToolError } from '../dialects/tool/index.js';

/** Options for {@link encode}; each protocol reads the ones that concern it. */
export interface EncodeOptions extends RpcEncodeOptions {
  /** `mcp` only: `'toolResult'` gives a `CallToolResult` with `isError: true` instead of a JSON-RPC error. */
  as?: 'error' | 'toolResult';
  /** `a2a` only: the data form, `'1.0'` (default, ErrorInfo array) or `'0.3'` (free-form object). */
  version?: '1.0' | '0.3';
  /** `arcp` only: wrap the payload in an envelope instead of returning the bare `ErrorPayload`. */
  envelope?: 'session.error' | 'job.error' | 'tool_result';
  /** `arcp` envelopes: ids to put on the envelope. */
  ids?: EnvelopeIds;
  /** `arcp` `tool_result` envelopes: the tool call this error answers. */
  callId?: string;
}

/** What {@link encode} returns for each protocol. */
export interface EncodedForms {
  jsonrpc: RpcErrorObject;
  acp: RpcErrorObject;
  mcp: RpcErrorObject | CallToolErrorResult;
  lsp: RpcErrorObject;
  a2a: RpcErrorObject;
  arcp: ErrorPayload | SessionErrorEnvelope | JobErrorEnvelope | ToolResultErrorEnvelope;
  tool: string;
  http: HttpErrorResponse;
}

function encodeArcp(error: unknown, options: EncodeOptions = {}): EncodedForms['arcp'] {
  switch (options.envelope) {
    case undefined:
      return encodeArcpError(error);
    case 'session.error':
      return sessionError(toArcpError(error), options.ids);
    case 'job.error':
      return jobError(toArcpError(error), options.ids);
    case 'tool_result':
      if (options.callId === undefined) {
        throw new TypeError("encode: options.callId is required with envelope 'tool_result'");
      }
      return toolResultError(options.callId, toArcpError(error), options.ids);
    default:
      throw new TypeError(
        `encode: options.envelope must be 'session.error', 'job.error' or 'tool_result'; received ${JSON.stringify(options.envelope)}`,
      );
  }
}

/**
 * The wire form of `error` for `protocol`: a JSON-RPC error object for `jsonrpc`, `acp`, `lsp`,
 * `a2a` and `mcp` (or an MCP `CallToolResult` with `{ as: 'toolResult' }`), an ARCP
 * `ErrorPayload` (or envelope), ToolError text for `tool`, and `{ status, headers, body }` with
 * a problem+json body for `http`. Where the target has no exact code, the closest one is used
 * and our `code`, `category`, `retryable` and `retryAfterMs` ride in the target's free-form
 * data, so `decode(encode(e, p), { protocol: p })` gives them back. Secrets are redacted; an
 * error the code did not mean to expose goes out as a generic internal error (see `onError`).
 *
 * @example
 * encode(AgentError.rateLimited('slow down', { retryAfterMs: 2000 }), 'http').headers['retry-after']; // '2'
 * encode(AgentError.auth('log in'), 'acp').code; // -32000
 */
export function encode<P extends Protocol>(
  error: unknown,
  protocol: P,
  options?: EncodeOptions,
): EncodedForms[P];
export function encode(
  error: unknown,
  protocol: Protocol,
  options?: EncodeOptions,
): EncodedForms[Protocol] {
  const rpc: RpcEncodeOptions = options?.onError ? { onError: options.onError } : {};
  switch (protocol) {
    case 'jsonrpc':
      return encodeJsonRpcError(error, rpc);
    case 'acp':
      return encodeAcpError(error, rpc);
    case 'mcp':
      return options?.as === 'toolResult'
        ? toCallToolResult(error, rpc)
        : encodeMcpError(error, rpc);
    case 'lsp':
      return encodeLspError(error, rpc);
    case 'a2a':
      return encodeA2aError(error, {
        ...rpc,
        ...(options?.version ? { version: options.version } : {}),
      });
    case 'arcp':
      // ARCP's own boundary sends an unexpected error's sanitised message (seed 004); the front
      // door holds every protocol to the same rule: an unexpected error is only an errorId.
      return encodeArcp(toExposableError(error, rpc), options);
    case 'tool':
      return encodeToolError(error, rpc);
    case 'http':
      return encodeHttpError(error, rpc);
    default:
      throw new TypeError(
        `encode: protocol must be one of ${PROTOCOLS.join(', ')}; received ${isProtocol(protocol) ? protocol : JSON.stringify(protocol)}`,
      );
  }
}

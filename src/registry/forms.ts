import type { Protocol } from '../core/categories.js';
import type { CallToolErrorResult } from '../dialects/mcp/call-tool-result.js';
import type { RpcErrorObject } from '../dialects/jsonrpc/rpc-error.js';
import type { A2aEncodeOptions } from '../dialects/a2a/convert.js';
import type { AcpEncodeOptions } from '../dialects/acp/convert.js';
import type { ArcpEncodeOptions } from '../dialects/arcp/descriptor.js';
import type {
  ErrorPayload,
  JobErrorEnvelope,
  SessionErrorEnvelope,
  ToolResultErrorEnvelope,
} from '../dialects/arcp/index.js';
import type { HttpErrorResponse } from '../dialects/http/index.js';
import type { GrpcStatus } from '../dialects/grpc/status.js';
import type { McpEncodeOptions } from '../dialects/mcp/descriptor.js';

// The form each dialect's encoder gives, by protocol: the types `encode`'s overloads return.

/** Options for `encode`; each protocol reads the ones that concern it. */
export interface EncodeOptions
  extends McpEncodeOptions, A2aEncodeOptions, ArcpEncodeOptions, AcpEncodeOptions {}

/** What `encode` returns for each protocol. */
export interface EncodedForms {
  jsonrpc: RpcErrorObject;
  acp: RpcErrorObject;
  mcp: RpcErrorObject | CallToolErrorResult;
  lsp: RpcErrorObject;
  a2a: RpcErrorObject;
  arcp: ErrorPayload | SessionErrorEnvelope | JobErrorEnvelope | ToolResultErrorEnvelope;
  tool: string;
  http: HttpErrorResponse;
  grpc: GrpcStatus;
}

/**
 * What `encode` returns for `protocol` when the options choose no other form: a JSON-RPC
 * error object for MCP (not a tool result) and a bare `ErrorPayload` for ARCP (no envelope).
 */
export type EncodedForm<P extends Protocol> = P extends 'mcp'
  ? RpcErrorObject
  : P extends 'arcp'
    ? ErrorPayload
    : EncodedForms[P];

/** The ARCP envelope each `envelope` option gives. */
export interface ArcpEnvelopes {
  'session.error': SessionErrorEnvelope;
  'job.error': JobErrorEnvelope;
  tool_result: ToolResultErrorEnvelope;
}
export type { CallToolErrorResult };

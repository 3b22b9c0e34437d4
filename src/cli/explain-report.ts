import { nextAction } from '../core/agent-error.js';
import { QUIET } from './quiet.js';
import type { AgentError } from '../core/agent-error.js';
import { PROTOCOLS } from '../core/categories.js';
import { isRecord } from '../core/is.js';
import type { NextAction, Protocol } from '../core/categories.js';
import { encode } from '../front/encode.js';
import { redactString } from '../core/redact.js';
import type { EncodedForms } from '../front/encode.js';

/** What `explain` found, as `--json` prints it. */
export interface ExplainReport {
  recognised: {
    protocol: Protocol | null;
    form: string;
    wireCode?: number | string;
    /** Whether the form came from reading pasted text by its shape (it names its family). */
    pasted?: true;
  };
  code: string;
  category: string;
  retryable: boolean;
  retryAfterMs?: number;
  next: NextAction;
  message: string;
  /** The error in each other protocol, as `encode` gives it. */
  equivalents: Partial<{ [P in Protocol]: EncodedForms[P] }>;
}

// ARCP's error envelopes; a failed tool call is a `job.event` (of kind `tool_result`).
const ENVELOPES = new Set(['session.error', 'job.error', 'job.event', 'tool_result']);

function describeText(text: string): string {
  if (/^\s*MCP error -?\d+:/.test(text)) return 'MCP error text';
  if (/^\s*Tool dispatch error:/.test(text)) return 'tool dispatch error text';
  if (/\[ERROR\b/.test(text)) return 'ToolError text';
  return 'plain text';
}

/** What kind of thing the input was, from its shape (the protocol comes from the decoder). */
export function describeForm(input: unknown, error: AgentError): string {
  if (typeof input === 'string') return describeText(input);
  if (Array.isArray(input)) return 'JSON-RPC batch';
  if (!isRecord(input)) return 'JSON value';
  if (isRecord(input.error) && ('jsonrpc' in input || 'id' in input)) {
    return 'JSON-RPC error response';
  }
  if (input.isError === true && Array.isArray(input.content)) return 'MCP tool result (isError)';
  if (typeof input.type === 'string' && ENVELOPES.has(input.type)) {
    return `ARCP ${input.type} envelope`;
  }
  if (typeof input.status === 'number') {
    return 'title' in input || 'detail' in input ? 'RFC 9457 problem document' : 'HTTP response';
  }
  if (typeof input.message === 'string' && Number.isInteger(input.code)) {
    return 'JSON-RPC error object';
  }
  if (typeof input.message === 'string' && typeof input.code === 'string') {
    if (error.wire?.protocol === 'arcp') return 'ARCP error payload';
    if (error.wire?.protocol === 'tool') return 'ToolError object';
    return 'error object';
  }
  if (isRecord(input.error)) {
    return typeof input.error.status === 'string'
      ? 'Google API error body'
      : 'provider API error body';
  }
  return typeof input.message === 'string' ? 'error-like object' : 'JSON object';
}

/** Every protocol's wire form for `error`, except the one it came from. */
export function equivalents(
  error: AgentError,
  except: Protocol | null,
): ExplainReport['equivalents'] {
  const out: ExplainReport['equivalents'] = {};
  for (const protocol of PROTOCOLS) {
    if (protocol !== except) Object.assign(out, { [protocol]: encode(error, protocol, QUIET) });
  }
  return out;
}

/**
 * Everything `explain` says about `error`, decoded from `input`; `form` says what the input was
 * when the caller knows better than its shape (pasted text read into a value).
 */
export function explainError(input: unknown, error: AgentError, form?: string): ExplainReport {
  const protocol = error.wire?.protocol ?? null;
  return {
    recognised: {
      protocol,
      form: form ?? describeForm(input, error),
      ...(form !== undefined ? { pasted: true as const } : {}),
      ...(error.wire !== undefined ? { wireCode: error.wire.code } : {}),
    },
    code: error.code,
    category: error.category,
    retryable: error.retryable,
    ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
    next: nextAction(error),
    // Shown on a terminal and in logs: secrets go, as in every equivalent form below.
    message: redactString(error.message),
    equivalents: equivalents(error, protocol),
  };
}

import type { AgentError } from '../../core/agent-error.js';
import { decodedError, isAgentError } from '../../core/agent-error.js';
import type { AgentErrorLike } from '../../core/agent-error.js';
import { isErrorCategory } from '../../core/categories.js';
import type { ExposeOptions } from '../../core/expose.js';
import { pathsAsAsked, toExposableError } from '../../core/expose.js';
import {
  BAD_REQUEST_TYPE,
  ERROR_INFO_TYPE,
  PRECONDITION_FAILURE_TYPE,
  QUOTA_FAILURE_TYPE,
  REQUEST_INFO_TYPE,
  RETRY_INFO_TYPE,
  detailIn,
  errorInfoIn,
  formatRetryDelay,
  parseRetryDelay,
  typedEntries,
} from '../google-rpc/google-rpc.js';
import type { TypedDetail } from '../google-rpc/google-rpc.js';
import { normalizeError } from '../../core/normalize-error.js';
import { redactString } from '../../core/redact.js';
import type { SchemaIssue } from '../schema/issues.js';
import { toJsonSafe } from '../../core/serialize.js';
import { grpcRow, grpcStatusFor, isConnectCode } from './codes.js';
import { readStatusDetails, retryInfoDelay } from './status-details-bin.js';
import { asRecord, isPlainObject } from '../../core/is.js';

/**
 * A `google.rpc.Status` in JSON (AIP-193): what gRPC's rich error model and Google APIs send.
 *
 * @example
 * const status: GrpcStatus = { code: 14, message: 'Backend down', details: [] };
 */
export interface GrpcStatus {
  code: number;
  message: string;
  details: TypedDetail[];
}

/** The `domain` of the `ErrorInfo` in which {@link encodeGrpcError} carries our own fields. */
export const AGENT_ERRORS_DOMAIN = 'agent-errors.dev';

/** What the decoder needs of a status, whatever form it came in. */
interface ReadStatus {
  /** The numeric code or the status name (any case: Connect writes `not_found`). */
  code: unknown;
  message: string;
  details: unknown;
  /** `grpc-retry-pushback-ms` from the trailers, when the status came with them. */
  pushback: string | undefined;
  /** The serialised status in the `grpc-status-details-bin` trailer, when there is one. */
  statusBin: Uint8Array | undefined;
  cause: unknown;
}

/** The issues in a `google.rpc.BadRequest`'s field violations. */
function issuesOf(detail: TypedDetail | undefined): SchemaIssue[] | undefined {
  const violations = detail?.fieldViolations;
  if (!Array.isArray(violations)) return undefined;
  const issues: SchemaIssue[] = [];
  for (const v of violations as unknown[]) {
    const r = asRecord(v);
    if (r === undefined) continue;
    const field = typeof r.field === 'string' ? r.field : '';
    issues.push({
      path: field === '' ? [] : field.split('.'),
      message: typeof r.description === 'string' ? r.description : 'Invalid value',
    });
  }
  return issues.length > 0 ? issues : undefined;
}

// RESOURCE_EXHAUSTED is also what gRPC libraries say for a message over their size limit,
// raised by the client or the server, not a rate limit: grpc-js "Received message larger than
// max (N vs M)", "Sent message larger than max", "Received message that decompresses to a size
// larger than N", "Attempted to send message with a size larger than N"; grpc-go "grpc: received
// message larger than max", "trying to send message larger than max"; grpc-java "gRPC message
// exceeds maximum size".
const MESSAGE_TOO_LARGE =
  /message larger than max\b|message .*a size larger than \d|message exceeds maximum size/i;

/**
 * The AgentError for a gRPC status. Retry follows AIP-194: only UNAVAILABLE retries, unless a
 * `RetryInfo` detail (or `grpc-retry-pushback-ms`) says when; a `QuotaFailure` without one is a
 * spent quota, not a rate limit, and one whose text says a message is over the size limit is
 * `REQUEST_TOO_LARGE`; `BadRequest` field violations become `details.issues`. Our own
 * `ErrorInfo` (domain `agent-errors.dev`) gives back the code, category and retryability
 * {@link encodeGrpcError} sent.
 */
function fromStatus(read: ReadStatus): AgentError | undefined {
  const row = grpcRow(read.code);
  if (row === undefined) return undefined;
  const connect = connectDetails(read.details);
  const details = connect === undefined ? typedEntries(read.details) : connect.details;
  const bin = read.statusBin === undefined ? undefined : readStatusDetails(read.statusBin);
  const retryDelay =
    parseRetryDelay(detailIn(details, RETRY_INFO_TYPE)?.retryDelay) ??
    connect?.retryDelayMs ??
    bin?.retryDelayMs;
  // gRFC A6: a pushback that is not a non-negative integer means "do not retry".
  const pushback =
    read.pushback !== undefined && /^\d{1,15}$/.test(read.pushback)
      ? Number(read.pushback)
      : undefined;
  const refused = read.pushback !== undefined && pushback === undefined;
  const retryAfterMs = retryDelay ?? (refused ? undefined : pushback);
  let category = row.category;
  let code: string = row.stable;
  let retryable = !refused && (row.retryable || retryAfterMs !== undefined);
  const out: Record<string, unknown> = { grpcStatus: row.name };
  const quota = detailIn(details, QUOTA_FAILURE_TYPE);
  if (
    row.name === 'RESOURCE_EXHAUSTED' &&
    (quota !== undefined || bin?.quotaFailure === true) &&
    retryAfterMs === undefined
  ) {
    category = 'quota';
    code = 'QUOTA_EXCEEDED';
    retryable = false;
  }
  if (row.name === 'RESOURCE_EXHAUSTED' && MESSAGE_TOO_LARGE.test(read.message)) {
    // The message is over a size limit: the same call fails the same way.
    category = 'validation';
    code = 'REQUEST_TOO_LARGE';
    retryable = false;
  }
  if (quota?.violations !== undefined) out.quotaViolations = quota.violations;
  const info = errorInfoIn(details);
  if (info !== undefined && info.domain === AGENT_ERRORS_DOMAIN) {
    // Our own fields, as encodeGrpcError wrote them: read, not kept in details (never added and
    // then deleted, which turns the record into a slow dictionary on V8).
    code = info.reason;
    const carried = info.metadata?.category;
    if (isErrorCategory(carried)) category = carried;
    const again = info.metadata?.retryable;
    if (again === 'true' || again === 'false') retryable = again === 'true';
    if (typeof info.metadata?.errorId === 'string') out.errorId = info.metadata.errorId;
  } else if (info !== undefined) {
    out.reason = info.reason;
    out.domain = info.domain;
    if (info.metadata !== undefined) out.metadata = info.metadata;
    if (info.reason === 'API_KEY_INVALID' && info.domain === 'googleapis.com') {
      // Google sends a bad API key as INVALID_ARGUMENT: a credential to fix, not the input.
      category = 'auth';
      code = 'INVALID_API_KEY';
      retryable = false;
    }
  }
  const issues = issuesOf(detailIn(details, BAD_REQUEST_TYPE));
  if (issues !== undefined) out.issues = issues;
  const precondition = detailIn(details, PRECONDITION_FAILURE_TYPE)?.violations;
  if (precondition !== undefined) out.preconditionViolations = precondition;
  const requestId = detailIn(details, REQUEST_INFO_TYPE)?.requestId;
  if (typeof requestId === 'string') out.requestId = requestId;
  return decodedError({
    message: read.message,
    category,
    code,
    retryable,
    retryAfterMs,
    details: out,
    wire:
      details.length > 0
        ? { protocol: 'grpc', code: row.code, message: read.message, data: details }
        : { protocol: 'grpc', code: row.code, message: read.message },
    cause: read.cause,
  });
}

const GOOGLE_TYPE_PREFIX = 'type.googleapis.com/';
const MAX_CONNECT_DETAILS = 100;

/**
 * A Connect-RPC error's details (`{ type: 'google.rpc.RetryInfo', value: <base64 protobuf>,
 * debug?: <the message as JSON> }`) as the typed details the rest reads, and a `RetryInfo`'s
 * delay read from its bytes when no `debug` form says it. `undefined` when the details are not
 * in Connect's form.
 */
function connectDetails(
  list: unknown,
): { details: TypedDetail[]; retryDelayMs: number | undefined } | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  try {
    return readConnectDetails(list as unknown[]);
  } catch {
    // A detail whose getter or trap throws: the list is read as typed details, or as none.
    return undefined;
  }
}

function readConnectDetails(
  list: unknown[],
): { details: TypedDetail[]; retryDelayMs: number | undefined } | undefined {
  const details: TypedDetail[] = [];
  let retryDelayMs: number | undefined;
  for (const item of list.slice(0, MAX_CONNECT_DETAILS)) {
    const d = asRecord(item);
    if (d === undefined || '@type' in d) return undefined;
    const { type: name, value, debug } = d;
    if (typeof name !== 'string') return undefined;
    const type = name.startsWith(GOOGLE_TYPE_PREFIX) ? name : `${GOOGLE_TYPE_PREFIX}${name}`;
    details.push({ ...debugFields(debug), '@type': type });
    if (type === RETRY_INFO_TYPE && retryDelayMs === undefined && typeof value === 'string') {
      const bytes = base64Bytes(value);
      if (bytes !== undefined) retryDelayMs = retryInfoDelay(bytes);
    }
  }
  return { details, retryDelayMs };
}

// The members of the detail messages that fromStatus reads (RetryInfo, QuotaFailure, ErrorInfo,
// BadRequest, PreconditionFailure, RequestInfo): only these are taken from a `debug` object,
// which may be of any size.
const DEBUG_FIELDS = [
  'retryDelay',
  'violations',
  'reason',
  'domain',
  'metadata',
  'fieldViolations',
  'requestId',
] as const;

function debugFields(debug: unknown): Record<string, unknown> {
  const from = asRecord(debug);
  const out: Record<string, unknown> = {};
  if (from === undefined) return out;
  for (const key of DEBUG_FIELDS) {
    const value = from[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Connect writes binary values as base64 (padding may be left off). */
function base64Bytes(text: string): Uint8Array | undefined {
  if (text.length > 4_096 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  const padded = text
    .replace(/=+$/, '')
    .padEnd(Math.ceil(text.replace(/=+$/, '').length / 4) * 4, '=');
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return undefined;
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The first value of `key` in `@grpc/grpc-js` `Metadata` (`get` returns a list), if present. */
function metadataValue(metadata: unknown, key: string): unknown {
  const m = asRecord(metadata);
  if (m === undefined || typeof m.get !== 'function') return undefined;
  try {
    const values: unknown = (m.get as (k: string) => unknown).call(metadata, key);
    return Array.isArray(values) ? (values as unknown[])[0] : undefined;
  } catch {
    return undefined;
  }
}

function metadataString(metadata: unknown, key: string): string | undefined {
  const value = metadataValue(metadata, key);
  return typeof value === 'string' ? value.trim() : undefined;
}

function metadataBytes(metadata: unknown, key: string): Uint8Array | undefined {
  const value = metadataValue(metadata, key);
  return value instanceof Uint8Array ? value : undefined;
}

/**
 * Whether `value` is a Connect-RPC error and nothing else: `{ code: 'not_found', message?,
 * details? }`. Its codes are gRPC's names in Connect's spelling, which no other form the decoder
 * reads uses; an object with more members is left to the other readers.
 */
function isConnectError(value: Record<string, unknown>, code: string): boolean {
  if (!isConnectCode(code)) return false;
  // Off the wire, as JSON: plain data. An error instance with such a `code` was thrown here, and
  // its own `message` (not enumerable) is no peer's to expose.
  if (!isPlainObject(value)) return false;
  const { message, details } = value;
  if (message !== undefined && typeof message !== 'string') return false;
  if (details !== undefined && !Array.isArray(details)) return false;
  return Object.keys(value).every((k) => k === 'code' || k === 'message' || k === 'details');
}

/**
 * Whether `value` is shaped as one of the gRPC error forms {@link decodeGrpcError} reads without
 * being told the protocol: a `google.rpc.Status` with a `details` array, an `@grpc/grpc-js`
 * `ServiceError` (numeric `code`, `metadata` with `get`), a Connect-RPC error, or a Google API
 * error body whose `error.status` names a gRPC status.
 */
export function looksLikeGrpc(value: Record<string, unknown>): boolean {
  const code = value.code;
  if (typeof code === 'string' && isConnectError(value, code)) return true;
  if (typeof code === 'number' && code >= 1 && code <= 16) {
    if (Array.isArray(value.details)) return true;
    const metadata = asRecord(value.metadata);
    if (metadata !== undefined && typeof metadata.get === 'function') return true;
  }
  const inner = asRecord(value.error);
  return (
    inner !== undefined &&
    typeof inner.status === 'string' &&
    grpcRow(inner.status) !== undefined &&
    Array.isArray(inner.details)
  );
}

/**
 * Decode a gRPC error into an {@link AgentError}: a `google.rpc.Status` in JSON (`{ code,
 * message, details }`), an `@grpc/grpc-js` `ServiceError` (its `details` string is the message;
 * `grpc-retry-pushback-ms` read from its metadata), a Connect-RPC error (`{ code: 'not_found',
 * message, details }`), or a Google API error body (`{ error: { code, message, status,
 * details } }`, read by its status name). Throws a `TypeError` when `value` is none of these.
 *
 * @example
 * decodeGrpcError({ code: 8, message: 'Slow down', details: [
 *   { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' },
 * ] }).retryAfterMs; // 2000
 */
export function decodeGrpcError(value: unknown): AgentError {
  const v = asRecord(value);
  const google = asRecord(v?.error);
  const decoded =
    v === undefined
      ? undefined
      : google !== undefined && typeof google.status === 'string'
        ? fromStatus({
            code: google.status,
            message: typeof google.message === 'string' ? google.message : '',
            details: google.details,
            pushback: undefined,
            statusBin: undefined,
            cause: undefined,
          })
        : fromStatus({
            code: v.code,
            // A ServiceError's `message` is `<code> <NAME>: <details>`; `details` is the text.
            message:
              typeof v.details === 'string'
                ? v.details
                : typeof v.message === 'string'
                  ? v.message
                  : '',
            details: Array.isArray(v.details) ? v.details : undefined,
            pushback: metadataString(v.metadata, 'grpc-retry-pushback-ms'),
            statusBin: metadataBytes(v.metadata, 'grpc-status-details-bin'),
            cause: value instanceof Error ? value : undefined,
          });
  if (decoded === undefined) {
    throw new TypeError(
      'decodeGrpcError: expected a google.rpc.Status { code, message, details }, a gRPC ServiceError, a Connect error or a Google API error body',
    );
  }
  return decoded;
}

/**
 * Encode an error as a `google.rpc.Status` (AIP-193): the status for its category, its message
 * (redacted), and details — an `ErrorInfo` whose `reason` is our code (domain
 * `agent-errors.dev`, our category and retryability in `metadata`), a `RetryInfo` when there is
 * a delay, a `BadRequest` for validation issues. `decodeGrpcError` of it restores the code,
 * category, retryability and delay. An error decoded from gRPC goes back as it came.
 *
 * @example
 * encodeGrpcError(AgentError.unavailable('Backend down')).code; // 14
 */
export function encodeGrpcError(error: unknown, options?: ExposeOptions): GrpcStatus {
  const exposable = toExposableError(error, options);
  const e: AgentErrorLike = isAgentError(exposable) ? exposable : normalizeError(exposable);
  const wire = e.wire;
  if (wire?.protocol === 'grpc' && typeof wire.code === 'number') {
    return {
      code: wire.code,
      message: pathsAsAsked(redactString(wire.message), options),
      details: (toJsonSafe(typedEntries(wire.data)) ?? []) as TypedDetail[],
    };
  }
  const metadata: Record<string, string> = {
    category: e.category,
    retryable: String(e.retryable),
  };
  // The id under which an unexpected error was logged: what joins the log to this reply.
  const errorId = e.errorId;
  if (typeof errorId === 'string') metadata.errorId = errorId;
  const details: TypedDetail[] = [
    { '@type': ERROR_INFO_TYPE, reason: e.code, domain: AGENT_ERRORS_DOMAIN, metadata },
  ];
  if (e.retryAfterMs !== undefined) {
    details.push({ '@type': RETRY_INFO_TYPE, retryDelay: formatRetryDelay(e.retryAfterMs) });
  }
  const issues = e.details?.issues;
  if (Array.isArray(issues)) {
    const fieldViolations = (issues as SchemaIssue[]).map((issue) => ({
      field: Array.isArray(issue.path) ? issue.path.join('.') : '',
      description: String(issue.message),
    }));
    details.push({ '@type': BAD_REQUEST_TYPE, fieldViolations });
  }
  return {
    code: grpcStatusFor(e.category).code,
    message: pathsAsAsked(redactString(e.message), options),
    details: (toJsonSafe(details) ?? []) as TypedDetail[],
  };
}

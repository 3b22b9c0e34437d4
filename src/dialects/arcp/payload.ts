import { isAgentError } from '../../core/agent-error.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import { toJsonSafe } from '../../core/serialize.js';
import { describeValue, isRecord } from '../../core/is.js';
import { createARCPError } from './arcp-error.js';
import { isArcpError } from './is-arcp-error.js';
import type { ARCPError, ARCPErrorLike } from './arcp-error.js';
import { ARCP_ERROR_CODES, arcpEntry, effectiveRetryable, isArcpErrorCode } from './codes.js';
import type { ArcpErrorCode } from './codes.js';

/**
 * The wire shape of every ARCP error: `session.error.payload`, `job.error.payload` and the
 * `error` of a `tool_result` event.
 */
export interface ErrorPayload {
  code: ArcpErrorCode;
  message: string;
  retryable?: boolean;
  details?: Record<string, unknown>;
}

/** What {@link validateErrorPayload} says. */
export type PayloadCheck = { ok: true; payload: ErrorPayload } | { ok: false; problems: string[] };

/**
 * {@link validateErrorPayload}'s rule; `emptyMessage` lets `message: ""` through, for the readers
 * that never refuse (`decode`) and the writers that replace it (the encoders). Internal.
 */
export function checkErrorPayload(
  value: unknown,
  path: string,
  emptyMessage: boolean,
): PayloadCheck {
  if (!isRecord(value)) {
    return { ok: false, problems: [`${path} must be an object; received ${describeValue(value)}`] };
  }
  const problems: string[] = [];
  const v = value;
  if (!isArcpErrorCode(v.code))
    problems.push(
      `${path}.code must be one of ${ARCP_ERROR_CODES.join(', ')}; received ${describeValue(v.code)}`,
    );
  if (typeof v.message !== 'string' || (v.message === '' && !emptyMessage))
    problems.push(
      `${path}.message must be a non-empty string; received ${describeValue(v.message)}`,
    );
  if (v.retryable !== undefined && typeof v.retryable !== 'boolean')
    problems.push(
      `${path}.retryable must be a boolean when present; received ${describeValue(v.retryable)}`,
    );
  if (v.details !== undefined && !isRecord(v.details))
    problems.push(
      `${path}.details must be an object when present; received ${describeValue(v.details)}`,
    );
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, payload: value as unknown as ErrorPayload };
}

/**
 * Check that `value` is an {@link ErrorPayload}, naming every problem (`path` is how the caller
 * refers to it, default `'payload'`). Extra keys are allowed. An empty `message` is refused, as
 * ARCP's schema refuses it.
 *
 * @example
 * validateErrorPayload({ code: 'NOPE', message: '' });
 * // { ok: false, problems: ['payload.code must be one of INVALID_REQUEST, …; received "NOPE"',
 * //                         'payload.message must be a non-empty string; received ""'] }
 */
export function validateErrorPayload(value: unknown, path = 'payload'): PayloadCheck {
  return checkErrorPayload(value, path, false);
}

/**
 * Whether `value` has an {@link ErrorPayload}'s shape, `message: ""` allowed: what the decoders
 * read (they never refuse) and the encoders carry (replacing the empty message). Without the
 * list of problems, so it allocates nothing. Internal.
 *
 * @example
 * isErrorPayloadShape({ code: 'TIMEOUT', message: '' }); // true
 */
export function isErrorPayloadShape(value: unknown): value is ErrorPayload {
  if (!isRecord(value)) return false;
  const { retryable, details } = value;
  return (
    isArcpErrorCode(value.code) &&
    typeof value.message === 'string' &&
    (retryable === undefined || typeof retryable === 'boolean') &&
    (details === undefined || isRecord(details))
  );
}

/**
 * A payload the caller built and chose to send (ARCP §12's `ctx.toolResult({ call_id, error })`):
 * an object of {@link ErrorPayload}'s shape that is no error object (nor a copy of an
 * `AgentError`, which says more). Internal.
 */
export function isPlainErrorPayload(value: unknown): value is ErrorPayload {
  return isErrorPayloadShape(value) && !(value instanceof Error) && !isAgentError(value);
}

/** Options for {@link toPayload}. */
export interface ToPayloadOptions {
  /** Longest message written (default 2,000 characters). */
  maxMessageLength?: number;
  /** Mask absolute local file paths in the message (default `false`: the message as written). */
  maskPaths?: boolean | undefined;
}

/** The message to send: sanitised, and §12's meaning of the code when it is empty. */
function messageToSend(code: ArcpErrorCode, message: string, options?: ToPayloadOptions): string {
  const safe = sanitizeMessage(message, {
    maxLength: options?.maxMessageLength ?? 2_000,
    maskPaths: options?.maskPaths === true,
  });
  return safe === '' ? arcpEntry(code).meaning : safe;
}

function detailsToSend(details: Record<string, unknown> | undefined) {
  if (details === undefined) return undefined;
  const safe = toJsonSafe(details);
  return isRecord(safe) ? safe : undefined;
}

/**
 * The wire payload for an ARCP error: message sanitised (secrets, credentials and file paths
 * masked, bounded; an empty one replaced by the code's meaning, as ARCP refuses `""`), details
 * redacted, and `retryable` always written — ARCP §12 says error payloads carry it, and
 * upstream's schema requires it. A per-error override rides there (ARCP §12: "per-error
 * overrides ride on the payload"), except on the codes the protocol pins.
 *
 * @example
 * toPayload(new PermissionDeniedError('net.fetch denied', { details: { capability: 'net.fetch' } }));
 * // { code: 'PERMISSION_DENIED', message: 'net.fetch denied', retryable: false, details: { capability: 'net.fetch' } }
 */
export function toPayload(error: ARCPErrorLike, options?: ToPayloadOptions): ErrorPayload {
  if (!isArcpError(error)) {
    throw new TypeError(
      'toPayload: error must be an ARCPError ({ code, message, retryable, details? })',
    );
  }
  const payload: ErrorPayload = {
    code: error.code,
    message: messageToSend(error.code, error.message, options),
    retryable: effectiveRetryable(error.code, error.retryable),
  };
  const details = detailsToSend(error.details);
  // As upstream: empty details are left out.
  if (details !== undefined && Object.keys(details).length > 0) payload.details = details;
  return payload;
}

/**
 * A payload the caller built, sent as it is: the same fields (no `retryable` added when it has
 * none), message sanitised (an empty one replaced by the code's meaning), details redacted, and a
 * pinned code's `retryable` as the protocol pins it. Internal: the envelope builders and
 * `encode(payload, 'arcp')` send a caller's payload this way.
 */
export function sendPayload(payload: ErrorPayload, options?: ToPayloadOptions): ErrorPayload {
  const out: ErrorPayload = {
    code: payload.code,
    message: messageToSend(payload.code, payload.message, options),
  };
  if (payload.retryable !== undefined)
    out.retryable = effectiveRetryable(payload.code, payload.retryable);
  const details = detailsToSend(payload.details);
  if (details !== undefined) out.details = details;
  return out;
}

/**
 * The payload to send for what an envelope builder was given: an ARCP error ({@link toPayload})
 * or a payload the caller built ({@link sendPayload}). Throws a `TypeError` for anything else.
 * Internal.
 */
export function payloadToSend(
  error: ARCPErrorLike | ErrorPayload,
  fn: string,
  options?: ToPayloadOptions,
): ErrorPayload {
  if (isPlainErrorPayload(error)) return sendPayload(error, options);
  if (isArcpError(error)) return toPayload(error, options);
  throw new TypeError(
    `${fn}: error must be an ARCPError or an ErrorPayload ({ code, message, retryable?, details? })`,
  );
}

/**
 * The {@link ARCPError} subclass for a payload received from the wire (`instanceof TimeoutError`
 * works on the receiving side), without a local stack. Throws a `TypeError` listing the problems
 * when `value` is not an {@link ErrorPayload}.
 *
 * @example
 * const err = fromPayload({ code: 'TIMEOUT', message: 'max_runtime_sec exceeded' });
 * err instanceof TimeoutError; // true
 * err.retryable; // true
 */
export function fromPayload(value: unknown): ARCPError {
  const check = validateErrorPayload(value);
  if (!check.ok) throw new TypeError(`fromPayload: ${check.problems.join('; ')}`);
  const { code, message, retryable, details } = check.payload;
  // A stack would only point at this decoder; skipping it makes wire errors cheap.
  // (`stackTraceLimit` is V8's; elsewhere setting it does nothing.)
  const engine = Error as { stackTraceLimit?: number | undefined };
  const limit = engine.stackTraceLimit;
  engine.stackTraceLimit = 0;
  try {
    return createARCPError(code, message, {
      ...(retryable !== undefined ? { retryable } : {}),
      ...(details !== undefined ? { details: { ...details } } : {}),
    });
  } finally {
    engine.stackTraceLimit = limit;
  }
}

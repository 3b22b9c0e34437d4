import { sanitizeMessage } from '../../core/sanitize-message.js';
import { toJsonSafe } from '../../core/serialize.js';
import { createARCPError, isARCPError } from './arcp-error.js';
import type { ARCPError, ARCPErrorLike } from './arcp-error.js';
import { ARCP_ERROR_CODES, isArcpErrorCode, isRetryableByDefault } from './codes.js';
import type { ArcpErrorCode } from './codes.js';

/**
 * The wire shape of every ARCP error: `session.error.payload`, `job.error.payload` and the
 * `error` of a `tool_result`.
 */
export interface ErrorPayload {
  code: ArcpErrorCode;
  message: string;
  retryable?: boolean;
  details?: Record<string, unknown>;
}

/** What {@link validateErrorPayload} says. */
export type PayloadCheck = { ok: true; payload: ErrorPayload } | { ok: false; problems: string[] };

function shown(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/**
 * Check that `value` is an {@link ErrorPayload}, naming every problem (`path` is how the caller
 * refers to it, default `'payload'`). Extra keys are allowed.
 *
 * @example
 * validateErrorPayload({ code: 'NOPE', message: 1 });
 * // { ok: false, problems: ['payload.code must be one of INVALID_REQUEST, …; received "NOPE"',
 * //                         'payload.message must be a string; received number'] }
 */
export function validateErrorPayload(value: unknown, path = 'payload'): PayloadCheck {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problems: [`${path} must be an object; received ${shown(value)}`] };
  }
  const problems: string[] = [];
  const v = value as Record<string, unknown>;
  if (!isArcpErrorCode(v.code))
    problems.push(
      `${path}.code must be one of ${ARCP_ERROR_CODES.join(', ')}; received ${shown(v.code)}`,
    );
  if (typeof v.message !== 'string')
    problems.push(`${path}.message must be a string; received ${shown(v.message)}`);
  if (v.retryable !== undefined && typeof v.retryable !== 'boolean')
    problems.push(
      `${path}.retryable must be a boolean when present; received ${shown(v.retryable)}`,
    );
  if (
    v.details !== undefined &&
    (v.details === null || typeof v.details !== 'object' || Array.isArray(v.details))
  )
    problems.push(`${path}.details must be an object when present; received ${shown(v.details)}`);
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, payload: value as ErrorPayload };
}

/**
 * Whether `value` is an {@link ErrorPayload}: {@link validateErrorPayload}'s rule as a predicate,
 * for decoders that do not need the list of problems.
 *
 * @example
 * isErrorPayload({ code: 'TIMEOUT', message: 'slow' }); // true
 */
export function isErrorPayload(value: unknown): value is ErrorPayload {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const { retryable, details } = v;
  return (
    isArcpErrorCode(v.code) &&
    typeof v.message === 'string' &&
    (retryable === undefined || typeof retryable === 'boolean') &&
    (details === undefined ||
      (details !== null && typeof details === 'object' && !Array.isArray(details)))
  );
}

/** Options for {@link toPayload}. */
export interface ToPayloadOptions {
  /** Longest message written (default 2,000 characters). */
  maxMessageLength?: number;
}

/**
 * The wire payload for an ARCP error: message sanitised (secrets, credentials and file paths
 * masked, bounded), details redacted, and `retryable` written only when it differs from the
 * code's default (ARCP §12: "per-error overrides ride on the payload").
 *
 * @example
 * toPayload(new PermissionDeniedError('net.fetch denied', { details: { capability: 'net.fetch' } }));
 * // { code: 'PERMISSION_DENIED', message: 'net.fetch denied', details: { capability: 'net.fetch' } }
 */
export function toPayload(error: ARCPErrorLike, options?: ToPayloadOptions): ErrorPayload {
  if (!isARCPError(error)) {
    throw new TypeError(
      'toPayload: error must be an ARCPError ({ code, message, retryable, details? })',
    );
  }
  const payload: ErrorPayload = {
    code: error.code,
    message: sanitizeMessage(error.message, { maxLength: options?.maxMessageLength ?? 2_000 }),
  };
  if (error.retryable !== isRetryableByDefault(error.code)) payload.retryable = error.retryable;
  if (error.details !== undefined) {
    const safe = toJsonSafe(error.details);
    if (safe !== null && typeof safe === 'object' && !Array.isArray(safe)) payload.details = safe;
  }
  return payload;
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

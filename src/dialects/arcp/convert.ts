import { isAgentError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import { AS_AGENT_ERROR, normalizeError } from '../../core/normalize-error.js';
import { classifyWith } from '../../core/expose.js';
import type { Classifier } from '../../core/expose.js';
import { ARCPError, createARCPError, isArcpError } from './arcp-error.js';
import type { ARCPErrorLike } from './arcp-error.js';
import { ARCP_ERRORS, effectiveRetryable, isArcpErrorCode } from './codes.js';
import type { ArcpErrorCode } from './codes.js';
import { arcpFieldsToAgentError, decodeArcpValue } from './decode.js';
import { isPlainErrorPayload, sendPayload, toPayload } from './payload.js';
import type { ErrorPayload, ToPayloadOptions } from './payload.js';
import { copyRecord, isTooWideToCopy } from '../../core/copy-record.js';
import { wireDetails } from '../../core/unexpected.js';

/**
 * The ARCP code for each hub category when the error's own code is not an ARCP code. ARCP has no
 * rate-limit or overload code: those become the retryable `INTERNAL_ERROR`, with the hub fields
 * kept in `details` (see {@link HUB_DETAIL_KEYS}).
 *
 * @example
 * ARCP_CODE_BY_CATEGORY.quota; // 'BUDGET_EXHAUSTED'
 */
export const ARCP_CODE_BY_CATEGORY = {
  auth: 'UNAUTHENTICATED',
  permission: 'PERMISSION_DENIED',
  not_found: 'JOB_NOT_FOUND',
  validation: 'INVALID_REQUEST',
  rate_limit: 'INTERNAL_ERROR',
  quota: 'BUDGET_EXHAUSTED',
  timeout: 'TIMEOUT',
  cancelled: 'CANCELLED',
  conflict: 'DUPLICATE_KEY',
  unavailable: 'INTERNAL_ERROR',
  protocol: 'INVALID_REQUEST',
  internal: 'INTERNAL_ERROR',
} as const satisfies Record<ErrorCategory, ArcpErrorCode>;

/**
 * The `details` keys that carry hub fields ARCP cannot say natively, written only when needed:
 * `agentCode` (the hub code, when it is not the ARCP code), `agentCategory` (when the ARCP code's
 * category differs), `agentRetryable` (when the protocol pins the code the other way) and
 * `retryAfterMs`. Decoding reads them back and removes them from the hub's `details`.
 *
 * @example
 * encodeArcpError(AgentError.rateLimited('slow')).details;
 * // { agentCode: 'RATE_LIMITED', agentCategory: 'rate_limit' }
 */
export const HUB_DETAIL_KEYS = [
  'agentCode',
  'agentCategory',
  'agentRetryable',
  'retryAfterMs',
] as const;

/**
 * The hub error for an ARCP error: category per the mapping table, `retryable` as carried, the
 * hub fields kept in `details` restored, and the payload in `wire` (`protocol: 'arcp'`).
 *
 * @example
 * arcpErrorToAgentError(new HeartbeatLostError('two pongs missed')).category; // 'unavailable'
 */
export function arcpErrorToAgentError(error: ARCPErrorLike, received?: unknown): AgentError {
  if (!isArcpError(error)) {
    throw new TypeError(
      'arcpErrorToAgentError: error must be an ARCPError ({ code, message, retryable, details? })',
    );
  }
  return arcpFieldsToAgentError(error, received ?? toPayload(error));
}

/** Options for {@link toArcpError}. */
export interface ToArcpErrorOptions {
  /**
   * What classifies an error that is no ARCP error (a Node system error, an SDK's 429). The
   * `toArcpError` of `agent-errors/arcp` passes the library's full classifier when none is
   * given; without one, only the hub's own forms are read.
   */
  decoder?: Classifier | undefined;
}

/**
 * An {@link ARCPError} (the right subclass) for any error: an ARCP error as it is, and an
 * `ErrorPayload` with its own code, message, `retryable` and details; anything else through the
 * hub, using its code when it is an ARCP code, else the code it was received with,
 * else the ARCP code for its category, and keeping in `details` what ARCP cannot say, so that
 * `decodeArcpError` gives back `code`, `category`, `retryable` and `retryAfterMs`.
 *
 * @example
 * const err = toArcpError(AgentError.rateLimited('slow down', { retryAfterMs: 500 }));
 * [err.code, err.details]; // ['INTERNAL_ERROR', { agentCode: 'RATE_LIMITED', agentCategory: 'rate_limit', retryAfterMs: 500 }]
 */
export function toArcpError(error: unknown, options?: ToArcpErrorOptions): ARCPError {
  if (error instanceof ARCPError) return error as ARCPError;
  // A copy of an ARCP error, or a payload the caller built: its own code, message and details.
  if (!isAgentError(error) && (isArcpError(error) || isPlainErrorPayload(error))) {
    const { code, message, retryable, details } = error;
    return createARCPError(code, message, {
      ...(retryable !== undefined ? { retryable } : {}),
      ...(details !== undefined ? { details } : {}),
    });
  }
  const hub = classifyWith(options?.decoder, error);
  const wireCode = hub.wire?.protocol === 'arcp' ? hub.wire.code : undefined;
  const code: ArcpErrorCode = isArcpErrorCode(hub.code)
    ? hub.code
    : isArcpErrorCode(wireCode)
      ? wireCode
      : ARCP_CODE_BY_CATEGORY[hub.category];
  const sent = wireDetails(hub);
  // Details too wide to copy go as they are: the serialiser cuts them at maxKeys, and what would
  // be added here (after them) with them.
  if (sent !== undefined && isTooWideToCopy(sent)) {
    return createARCPError(code, hub.message, {
      retryable: hub.retryable,
      details: sent,
      cause: error,
    });
  }
  const details = sent === undefined ? {} : copyRecord(sent);
  if (hub.code !== code) details.agentCode = hub.code;
  if (hub.category !== ARCP_ERRORS[code].category) details.agentCategory = hub.category;
  if (effectiveRetryable(code, hub.retryable) !== hub.retryable)
    details.agentRetryable = hub.retryable;
  if (hub.retryAfterMs !== undefined) details.retryAfterMs = hub.retryAfterMs;
  return createARCPError(code, hub.message, {
    retryable: hub.retryable,
    ...(Object.keys(details).length > 0 ? { details } : {}),
    cause: error,
  });
}

/**
 * Decode an ARCP error in any form into the hub: an `ARCPError` (or a copy), an `ErrorPayload`,
 * or a `session.error` / `job.error` envelope or failed tool call (a `job.event` of kind
 * `tool_result`, or the `tool_result` forms `readErrorEnvelope` reads). Anything else goes to `fallback` (a decoder's
 * fallback readers, by default the hub's own reading). Never throws.
 *
 * @example
 * decodeArcpError({ type: 'job.error', payload: { code: 'TIMEOUT', message: 'slow', final_status: 'timed_out' } })
 *   .retryable; // true
 */
export function decodeArcpError(
  input: unknown,
  fallback: (value: unknown) => AgentError = normalizeError,
): AgentError {
  try {
    if (input instanceof ARCPError && !isAgentError(input)) return arcpErrorToAgentError(input);
  } catch {
    return fallback(input);
  }
  return decodeArcpValue(input, fallback);
}

/**
 * The ARCP wire payload for any error (see {@link toArcpError}), message sanitised and details
 * redacted; a payload the caller built is sent as it is (redacted), with nothing added.
 *
 * @example
 * encodeArcpError(AgentError.timeout('slow')); // { code: 'TIMEOUT', message: 'slow', retryable: true }
 */
export function encodeArcpError(error: unknown, options?: ToPayloadOptions): ErrorPayload {
  if (isPlainErrorPayload(error)) return sendPayload(error, options);
  return toPayload(toArcpError(error), options);
}

// Every ARCP class classifies itself through the hub's hook, so `toAgentError`, `retry` and
// `withIdempotency` read `HEARTBEAT_LOST` as unavailable and retryable, `DUPLICATE_KEY` as a
// conflict, whatever path the error took. (Defined here, beside the conversion it calls.)
Object.defineProperty(ARCPError.prototype, AS_AGENT_ERROR, {
  value(this: ARCPError): AgentError {
    return arcpErrorToAgentError(this);
  },
  configurable: true,
});

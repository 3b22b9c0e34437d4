import { decodedError, isAgentError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import { isErrorCategory } from '../../core/categories.js';
import { isRecord } from '../../core/is.js';
import { validDelayMs } from '../../core/lenient-options.js';
import { normalizeError } from '../../core/normalize-error.js';
import { arcpEntry, effectiveRetryable } from './codes.js';
import type { ArcpErrorCode } from './codes.js';
import { locateEnvelopePayload } from './envelopes.js';
import { isArcpError } from './is-arcp-error.js';
import type { ARCPErrorLike } from './is-arcp-error.js';
import { isErrorPayloadShape } from './payload.js';
import type { ErrorPayload } from './payload.js';

// ARCP's readings into the hub, apart from the classes (convert.ts): the readers import this
// module, so a decoder carries none of the fifteen classes.

/**
 * The hub error for an ARCP error's fields; `received` is kept as the wire data (the payload
 * form of an instance, or the value as it came).
 */
export function arcpFieldsToAgentError(error: ARCPErrorLike, received: unknown): AgentError {
  return hubError(
    error.code,
    error.message,
    error.retryable,
    error.details,
    received,
    error instanceof Error ? error : undefined,
  );
}

/**
 * The hub error for ARCP's fields: what {@link arcpFieldsToAgentError} and the payload decoder
 * share. The hub fields ride in `details` (convert.ts's `HUB_DETAIL_KEYS`); the rest stays there.
 */
function hubError(
  code: ArcpErrorCode,
  message: string,
  retryable: boolean,
  received: Record<string, unknown> | undefined,
  wireData: unknown,
  cause: Error | undefined,
): AgentError {
  let agentCode: unknown, agentCategory: unknown, agentRetryable: unknown, retryAfterMs: unknown;
  let details: Record<string, unknown> | undefined;
  if (received !== undefined) {
    // Copied key by key (a spread then `delete` would leave the copy in slow dictionary mode).
    for (const key of Object.keys(received)) {
      const value = received[key];
      if (key === 'agentCode') agentCode = value;
      else if (key === 'agentCategory') agentCategory = value;
      else if (key === 'agentRetryable') agentRetryable = value;
      else if (key === 'retryAfterMs') retryAfterMs = value;
      else (details ??= {})[key] = value;
    }
  }
  return decodedError({
    message,
    category: isErrorCategory(agentCategory) ? agentCategory : arcpEntry(code).category,
    code: typeof agentCode === 'string' && agentCode !== '' ? agentCode : code,
    retryable: typeof agentRetryable === 'boolean' ? agentRetryable : retryable,
    retryAfterMs: validDelayMs(retryAfterMs),
    details,
    wire: { protocol: 'arcp', code, message, data: wireData },
    cause,
  });
}

/** The hub error for a checked wire payload, without building the ARCPError in between. */
function payloadToAgentError(payload: ErrorPayload, received: unknown): AgentError {
  return hubError(
    payload.code,
    payload.message,
    effectiveRetryable(payload.code, payload.retryable),
    payload.details,
    received,
    undefined,
  );
}

/**
 * What `decodeArcpError` makes of anything but an instance of our classes (which convert
 * themselves, and which a decoder hands to the hub before any reader sees them): a copy of an
 * `ARCPError`, an `ErrorPayload`,
 * or a `session.error` / `job.error` envelope or failed tool call (a `job.event` of kind
 * `tool_result`, or the `tool_result` forms `readErrorEnvelope` reads). Anything else goes to `fallback` (a decoder's
 * fallback readers, by default the hub's own reading). Never throws.
 *
 * @example
 * decodeArcpValue({ type: 'job.error', payload: { code: 'TIMEOUT', message: 'slow', final_status: 'timed_out' } })
 *   .retryable; // true
 */
export function decodeArcpValue(
  input: unknown,
  fallback: (value: unknown) => AgentError = normalizeError,
): AgentError {
  try {
    if (input !== null && typeof input === 'object' && !isAgentError(input)) {
      const type = (input as { type?: unknown }).type;
      if (
        type === 'session.error' ||
        type === 'job.error' ||
        type === 'job.event' ||
        type === 'tool_result'
      ) {
        // A decoder reads what it can: an empty message (which ARCP refuses) still has a code.
        const found = locateEnvelopePayload(input, true);
        if (found.ok) return payloadToAgentError(found.payload, input);
        // A code ARCP's table does not list (a newer peer's): the payload is read as the same
        // bare payload is, keeping its code and its `retryable` (per-error overrides ride on it).
        const payload = (input as { payload?: unknown }).payload;
        if (
          (type === 'session.error' || type === 'job.error') &&
          isRecord(payload) &&
          typeof payload.code === 'string' &&
          typeof payload.message === 'string'
        ) {
          return fallback(payload);
        }
      } else if (isErrorPayloadShape(input)) {
        return payloadToAgentError(input, input);
      } else if (isArcpError(input)) {
        return arcpFieldsToAgentError(input, input);
      }
    }
  } catch {
    // Fall through to the general normaliser.
  }
  return fallback(input);
}

import { decodedError } from './agent-error.js';
import type { AgentError } from './agent-error.js';
import type { ErrorCategory } from './categories.js';

/**
 * The key, in an error's `details`, of the exposure mark: `details.unexpected === true` says
 * the error was classified from something nobody meant to send (a plain `Error`, a Node system
 * error, an aggregate, a provider SDK's error), so its message, details and cause must never go
 * out. It lives in `details` because `details` is what every copy keeps: `structuredClone` (an
 * `AgentError` is an ordinary object, cloned member by member), `serializeError` /
 * `deserializeError`, JSON, `RetryError` and the decoders that rebuild an error from another.
 * Setting it by hand only makes an error safer, so a forged mark harms nothing.
 */
export const UNEXPECTED_KEY = 'unexpected';

/** Whether `error` carries the exposure mark. Never throws (hostile getters read as unmarked). */
export function isUnexpected(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  try {
    const details = (error as { details?: unknown }).details;
    return (
      details !== null &&
      typeof details === 'object' &&
      (details as Record<string, unknown>)[UNEXPECTED_KEY] === true
    );
  } catch {
    return false;
  }
}

/** `details` with the exposure mark added: a fresh object, `details` itself is left alone. */
export function withUnexpectedMark(
  details: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (details !== undefined) for (const key of Object.keys(details)) out[key] = details[key];
  out[UNEXPECTED_KEY] = true;
  return out;
}

/**
 * The fixed text an unexpected error of each category is sent with: what the category says,
 * nothing of what the error said.
 */
export const GENERIC_MESSAGES: Readonly<Record<ErrorCategory, string>> = {
  auth: 'Authentication required',
  permission: 'Permission denied',
  not_found: 'Not found',
  validation: 'Invalid input',
  rate_limit: 'Rate limited',
  quota: 'Quota exceeded',
  timeout: 'Timed out',
  cancelled: 'Cancelled',
  conflict: 'Conflict',
  unavailable: 'Service unavailable',
  protocol: 'Protocol error',
  internal: 'Internal error',
};

/** `error` with the exposure mark: itself when it has it, else a copy that has it. */
export function markUnexpected(error: AgentError): AgentError {
  if (isUnexpected(error)) return error;
  return decodedError({
    message: error.message,
    category: error.category,
    code: error.code,
    retryable: error.retryable,
    retryAfterMs: error.retryAfterMs,
    details: withUnexpectedMark(error.details),
    wire: error.wire,
    cause: error.cause,
  });
}

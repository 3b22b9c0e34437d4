import { decodedError } from './agent-error.js';
import { copyRecord, isTooWideToCopy } from './copy-record.js';
import type { AgentError } from './agent-error.js';
import type { ErrorCategory } from './categories.js';

/**
 * Whether `error` carries the exposure mark, `unexpected: true` (see `AgentError.unexpected`):
 * it was classified from something nobody meant to send, so its message, details and cause must
 * never go out. Read from the hub's own field only: no key a user puts in `details` changes what
 * is sent. Never throws (hostile getters read as unmarked).
 */
export function isUnexpected(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  try {
    return (error as { unexpected?: unknown }).unexpected === true;
  } catch {
    return false;
  }
}

/**
 * The `details` an encoder puts on the wire for `error`: its own `details`, plus the hub's
 * `errorId` under `details.errorId` when it has one (the wire shape a client quotes). `details`
 * itself is left alone.
 *
 * @example
 * wireDetails(AgentError.internal('Internal error', { errorId: 'a1' })); // { errorId: 'a1' }
 */
export function wireDetails(error: {
  readonly details?: Record<string, unknown> | undefined;
  readonly errorId?: string | undefined;
}): Record<string, unknown> | undefined {
  const details = error.details;
  const errorId = error.errorId;
  if (typeof errorId !== 'string') return details;
  // Details too wide to copy go as they are: the serialiser would cut the errorId added after
  // their first maxKeys members anyway.
  if (details !== undefined && isTooWideToCopy(details)) return details;
  const out = details === undefined ? {} : copyRecord(details);
  out.errorId = errorId;
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
    details: error.details,
    wire: error.wire,
    cause: error.cause,
    unexpected: true,
    errorId: error.errorId,
  });
}

import { AgentError, isAgentError } from './agent-error.js';
import type { AgentErrorLike } from './agent-error.js';
import { isErrorCategory } from './categories.js';
import type { ErrorCategory } from './categories.js';
import { toAgentError } from './to-agent-error.js';

/** Options for {@link toExposableError}. */
export interface ExposeOptions {
  /**
   * Called with an error that was not meant for the peer and the `errorId` the peer was shown
   * instead, so logs can be joined to what the client saw. A hook that throws is ignored.
   */
  onError?: (error: unknown, errorId: string) => void;
}

/**
 * What {@link toExposableError} returns: an `AgentError`, or an object carrying its fields
 * where `category` may be missing (a `ToolError` made with the bare constructor).
 */
export type ExposableError =
  | AgentErrorLike
  | {
      readonly message: string;
      readonly code: string;
      readonly retryable: boolean;
      readonly category?: ErrorCategory | undefined;
      readonly retryAfterMs?: number | undefined;
      readonly details?: Record<string, unknown> | undefined;
    };

/** A `ToolError`-like object (or a copy of one): string message and code, boolean retryable. */
function isCarrier(value: unknown): value is ExposableError {
  if (value === null || typeof value !== 'object') return false;
  try {
    const v = value as Record<string, unknown>;
    return (
      typeof v.message === 'string' &&
      typeof v.code === 'string' &&
      v.code !== '' &&
      typeof v.retryable === 'boolean' &&
      (v.category === undefined || isErrorCategory(v.category))
    );
  } catch {
    return false;
  }
}

function randomId(): string {
  // Core has no platform crypto; the id only joins a log line to a reply, it guards nothing.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The error to put on the wire for `error`, per the safety defaults: an `AgentError` or anything
 * carrying its fields (a `ToolError`, a copy) as it is; anything else classified with
 * `toAgentError`, and when that can say no more than `internal`, a generic
 * `Internal error` with a random `details.errorId` (the original goes to `onError`), because its
 * message may hold anything. Never throws.
 *
 * @example
 * toExposableError(new Error('db password=hunter2'), { onError: (e, id) => log(id, e) }).message;
 * // 'Internal error'
 */
export function toExposableError(error: unknown, options?: ExposeOptions): ExposableError {
  if (isAgentError(error) || isCarrier(error)) return error;
  const classified = toAgentError(error);
  if (classified.category !== 'internal') return classified;
  const errorId = randomId();
  try {
    options?.onError?.(error, errorId);
  } catch {
    // A failing log hook must not turn one error into two.
  }
  return AgentError.internal('Internal error', { details: { errorId }, captureStack: false });
}

import { newErrorId, reportUnexpectedError } from '../../core/expose.js';
import { isAgentError } from '../../core/agent-error.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import { InternalError, isArcpError } from './arcp-error.js';
import type { ARCPError } from './arcp-error.js';
import type { ArcpErrorCode } from './codes.js';
import { toArcpError } from './convert.js';
import { checkEnvelopeIds, jobError, toolResultError } from './envelopes.js';
import type { EnvelopeIds, JobErrorEnvelope, ToolResultErrorEnvelope } from './envelopes.js';
import { describeValue } from '../../core/is.js';

/** Options for {@link errorBoundary}. */
export interface ErrorBoundaryOptions<A extends unknown[]> extends EnvelopeIds {
  /**
   * The tool call this handler answers. When set, errors whose code is in `asToolResult` become a
   * `tool_result` error (the job stays alive) instead of a `job.error`.
   */
  callId?: string | ((...args: A) => string | undefined);
  /** Codes returned as `tool_result` errors (default `PERMISSION_DENIED`, `LEASE_SUBSET_VIOLATION`). */
  asToolResult?: readonly ArcpErrorCode[];
  /** Called with an unexpected error (not an `ARCPError` or `AgentError`) and the id the peer saw. */
  onError?: (error: unknown, info: { errorId: string }) => void;
}

/** What a handler wrapped by {@link errorBoundary} resolves to. */
export type BoundaryOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: ARCPError; envelope: JobErrorEnvelope | ToolResultErrorEnvelope };

const DEFAULT_TOOL_RESULT_CODES: readonly ArcpErrorCode[] = [
  'PERMISSION_DENIED',
  'LEASE_SUBSET_VIOLATION',
];

/**
 * Wrap agent code so that every failure becomes the right ARCP envelope: an `ARCPError` thrown
 * becomes a `job.error` with its code (an `AgentError` is converted with `toArcpError`); anything
 * else becomes `INTERNAL_ERROR` with a sanitised message and an `errorId` in `details`, and is
 * reported to `onError`. With a `callId`, permission and lease-subset failures come back as a
 * `tool_result` error instead, as ARCP's specification (§12) recommends. Never rejects.
 *
 * @example
 * const run = errorBoundary(async (input: { url?: string }) => {
 *   if (!input.url) throw new ARCPError('INVALID_REQUEST', 'url is required');
 *   return fetchIt(input.url);
 * }, { job_id: 'j1', onError: (err, { errorId }) => log.error({ err, errorId }) });
 * const outcome = await run({});
 * if (!outcome.ok) send(outcome.envelope);
 */
export function errorBoundary<A extends unknown[], T>(
  handler: (...args: A) => T | PromiseLike<T>,
  options?: ErrorBoundaryOptions<A>,
): (...args: A) => Promise<BoundaryOutcome<Awaited<T>>> {
  if (typeof handler !== 'function') {
    throw new TypeError(
      `errorBoundary: handler must be a function; received ${describeValue(handler)}`,
    );
  }
  const toolResultCodes = options?.asToolResult ?? DEFAULT_TOOL_RESULT_CODES;
  // The envelope builders read only the ids from the options; checked now, so that building an
  // envelope cannot throw later.
  const ids: EnvelopeIds | undefined = options;
  checkEnvelopeIds(ids, 'errorBoundary', 'options');

  return async (...args: A): Promise<BoundaryOutcome<Awaited<T>>> => {
    try {
      return { ok: true, value: await handler(...args) };
    } catch (thrown) {
      let error: ARCPError;
      // By brand or shape, not `instanceof`: an error from upstream's @arcp/core, from another
      // copy of this package or a structured clone is as much an ARCP error as our own.
      if (isArcpError(thrown) || isAgentError(thrown)) {
        error = toArcpError(thrown);
      } else {
        const id = newErrorId();
        const message =
          thrown instanceof Error
            ? thrown.message
            : typeof thrown === 'string'
              ? thrown
              : 'Unhandled runtime error';
        error = new InternalError(sanitizeMessage(message || 'Unhandled runtime error'), {
          details: { errorId: id },
          cause: thrown,
        });
        try {
          if (options?.onError) options.onError(thrown, { errorId: id });
          else reportUnexpectedError(thrown, id);
        } catch {
          // A failing logger must not turn one error into two.
        }
      }
      const callId =
        typeof options?.callId === 'function' ? options.callId(...args) : options?.callId;
      if (callId !== undefined && toolResultCodes.includes(error.code)) {
        return { ok: false, error, envelope: toolResultError(callId, error, ids) };
      }
      return { ok: false, error, envelope: jobError(error, ids) };
    }
  };
}

import { AgentError } from '../core/agent-error.js';

/**
 * The error for an idempotency key reused with a different input (ARCP `DUPLICATE_KEY`):
 * category `conflict`, not retryable, naming the request that holds the key.
 *
 * @example
 * throw idempotencyKeyReusedError('weekly-report-2026-W19', 'job_01H…');
 */
export function idempotencyKeyReusedError(idempotencyKey: string, requestId: string): AgentError {
  return AgentError.conflict('This idempotency key was already used with a different input', {
    code: 'DUPLICATE_KEY',
    retryable: false,
    details: { idempotencyKey, requestId },
    captureStack: false,
  });
}

/**
 * The error for a duplicate that waited for the first request longer than allowed:
 * category `conflict`, retryable (retrying later returns the first request's outcome).
 *
 * @example
 * throw requestInProgressError('weekly-report-2026-W19', 'job_01H…');
 */
export function requestInProgressError(idempotencyKey: string, requestId: string): AgentError {
  return AgentError.conflict('A request with this idempotency key is still in progress', {
    code: 'REQUEST_IN_PROGRESS',
    retryable: true,
    details: { idempotencyKey, requestId },
    captureStack: false,
  });
}

/**
 * The error for a run that finished after its claim on the key was lost — its lease ran out
 * (the process or Redis stalled longer than `leaseMs`) and another run claimed the key — so its
 * result was refused and not recorded: category `conflict`, not retryable (this run's result is
 * not the key's; asking again with the same key returns the outcome that stands).
 *
 * @example
 * throw leaseLostError('weekly-report-2026-W19', 'job_01H…');
 */
export function leaseLostError(idempotencyKey: string, requestId: string): AgentError {
  return AgentError.conflict(
    'The claim on this idempotency key was lost before the result was recorded',
    {
      code: 'LEASE_LOST',
      retryable: false,
      details: { idempotencyKey, requestId },
      captureStack: false,
    },
  );
}

/**
 * The error for an idempotency key that is not a non-empty string of at most 255 characters.
 * @internal
 */
export function invalidKeyError(): AgentError {
  return AgentError.validation(
    'The idempotency key must be a non-empty string of at most 255 characters',
    { code: 'INVALID_IDEMPOTENCY_KEY', captureStack: false },
  );
}

import { isAgentError } from '../core/agent-error.js';
import type { AgentError } from '../core/agent-error.js';
import { isRetryableCategory } from '../core/categories.js';
import { retryStopOf } from './retry-error.js';

/**
 * The questions {@link retry} asks of a failed attempt besides "is it retryable": each reads the
 * classified error (and, for other libraries' retry errors, what was thrown).
 * @internal
 */

// Failures that can happen after the request was written: the server may have acted on it.
const CONNECTION_LOST: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
  // MCP's -32000 "Connection closed", ARCP's HEARTBEAT_LOST.
  'CONNECTION_CLOSED',
  'HEARTBEAT_LOST',
]);

/**
 * Whether the attempt may have reached the server before it failed: any timeout (the request
 * was probably sent; nobody knows whether it ran) except HTTP 408 (the server says it never got
 * the whole request), and a connection lost mid-request. A refused connection, an unknown host
 * or an answer such as 429 or 503 says the work was not done.
 * @internal
 */
export function mayHaveReachedServer(error: AgentError): boolean {
  if (error.category === 'timeout') {
    return !(error.wire?.protocol === 'http' && error.wire.code === 408);
  }
  return CONNECTION_LOST.has(error.code);
}

/**
 * Whether the failure says the target itself is unhealthy, so that it counts for the circuit
 * breaker: unavailable, timed out, or a retryable internal error (HTTP 5xx). Never a verdict on
 * the request (validation, auth, not found, conflict), a cancel, a rate limit or quota (the wait
 * handles those), or the failure an MCP tool reported in its result (`isError`, protocol `tool`):
 * the server that relayed it is fine.
 * @internal
 */
export function isUnhealthy(error: AgentError): boolean {
  if (error.wire?.protocol === 'tool') return false;
  return (
    error.category === 'unavailable' ||
    error.category === 'timeout' ||
    (error.category === 'internal' && error.retryable)
  );
}

/**
 * Whether the failure is throttling — a rate limit, or a server that says it is overloaded (HTTP
 * 529, `overloaded_error`) — rather than a transient fault: it backs off from
 * `throttledBaseDelayMs`.
 * @internal
 */
export function isThrottling(error: AgentError): boolean {
  return error.category === 'rate_limit' || error.code === 'OVERLOADED';
}

/**
 * Whether the failure says the target refused because too many of our requests run at once (a
 * 429 or 503 with "too many concurrent requests"), as the classifier marks it
 * (`details.limit === 'concurrency'`): it lowers the target's concurrency limit.
 * @internal
 */
export function isConcurrencyLimit(error: AgentError): boolean {
  if (error.category !== 'rate_limit' && error.category !== 'unavailable') return false;
  const details = error.details as { readonly limit?: unknown } | undefined;
  return details?.limit === 'concurrency';
}

/**
 * Whether the source said "do not retry" against its category's default (a 429 with
 * `x-should-retry: false`, `AgentError.rateLimited(m, { retryable: false })`): that wins over
 * `shouldRetry`.
 * @internal
 */
export function saysDoNotRetry(error: AgentError): boolean {
  return !error.retryable && isRetryableCategory(error.category);
}

const AI_RETRY_ERROR = Symbol.for('vercel.ai.error.AI_RetryError');

/**
 * Whether what an attempt threw already went through a retry loop: a {@link RetryError} (also a
 * copy of one, by `details.retry`), the AI SDK's `RetryError` (`AI_RetryError`, with `reason`
 * and `errors`), or an error p-retry up to version 6 gave up on (it adds `attemptNumber` and
 * `retriesLeft`; p-retry 7 throws the last error unmarked, so it cannot be told).
 * @internal
 */
export function alreadyRetried(thrown: unknown): boolean {
  if (thrown === null || typeof thrown !== 'object') return false;
  try {
    if (isAgentError(thrown) && retryStopOf(thrown) !== undefined) return true;
    const t = thrown as Record<PropertyKey, unknown>;
    if (t[AI_RETRY_ERROR] === true) return true;
    if (t.name === 'AI_RetryError' && Array.isArray(t.errors)) return true;
    return typeof t.attemptNumber === 'number' && typeof t.retriesLeft === 'number';
  } catch {
    return false;
  }
}

import { optionError } from './check-option.js';
import type { RetryAttempt } from './attempt.js';

// gRPC's TimeoutValue is at most 8 digits; each unit is tried from the finest that fits.
const MAX_TIMEOUT_VALUE = 99_999_999;
const GRPC_UNITS: readonly (readonly [string, number])[] = [
  ['m', 1],
  ['S', 1_000],
  ['M', 60_000],
  ['H', 3_600_000],
];

/**
 * The value of gRPC's `grpc-timeout` request header for `ms` milliseconds (PROTOCOL-HTTP2:
 * a positive integer of at most 8 digits and a unit), rounded up: the server learns the
 * deadline the caller is working to and can stop when nobody waits for its answer any longer.
 * Throws a `TypeError` for a time that is not a finite number (a call without a deadline sends
 * no `grpc-timeout`).
 *
 * @example
 * await retry(({ remainingMs, signal }) =>
 *   fetch(url, { method: 'POST', signal, headers: { 'grpc-timeout': grpcTimeout(remainingMs) } }),
 * );
 * grpcTimeout(1500); // '1500m'
 */
export function grpcTimeout(ms: number): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms))
    throw optionError('grpcTimeout', 'ms', 'a finite number of milliseconds', ms);
  const wanted = Math.max(1, Math.ceil(ms));
  for (const [unit, size] of GRPC_UNITS) {
    const value = Math.ceil(wanted / size);
    if (value <= MAX_TIMEOUT_VALUE) return `${value}${unit}`;
  }
  return `${MAX_TIMEOUT_VALUE}H`;
}

/** Options of {@link mcpRequestOptions}. */
export interface McpTimeoutOptions {
  /**
   * The MCP SDK's per-request `timeout`: how long the client waits without an answer (or, with
   * `resetTimeoutOnProgress`, without a progress notification). Clamped to what is left of the
   * call. Default: all that is left.
   */
  timeoutMs?: number;
  /**
   * Restart `timeoutMs` on each progress notification, as the MCP specification allows, while
   * the call's deadline stays the hard cap (`maxTotalTimeout`). The SDK only asks the server for
   * progress when the request has an `onprogress` handler: give one. Default `false`.
   */
  resetTimeoutOnProgress?: boolean;
}

/** The part of the MCP SDK's `RequestOptions` that {@link mcpRequestOptions} fills. */
export interface McpRequestTimeouts {
  /** Aborts with the attempt (the caller's signal, the attempt timeout, the deadline). */
  readonly signal: AbortSignal;
  /** Per-request timeout in ms; absent when the call has no deadline and none was given. */
  readonly timeout?: number;
  /** The hard cap, progress or not: what is left of the call. Absent without a deadline. */
  readonly maxTotalTimeout?: number;
  /** Whether progress notifications restart `timeout`. */
  readonly resetTimeoutOnProgress?: boolean;
}

/**
 * The MCP SDK request options that carry an attempt's deadline: its `signal`, a `timeout` no
 * longer than what is left of the call, and that as `maxTotalTimeout`, so that a long tool call
 * whose timeout restarts on progress still ends when the caller stops waiting. Spread them into
 * the options of `client.callTool`, `client.request`, ….
 *
 * @example
 * await retry((attempt) =>
 *   client.callTool({ name: 'crawl', arguments: { url } }, undefined, {
 *     ...mcpRequestOptions(attempt, { timeoutMs: 30_000, resetTimeoutOnProgress: true }),
 *     onprogress: (p) => console.log(p.progress),
 *   }),
 *   { maxElapsedMs: 300_000 },
 * );
 */
export function mcpRequestOptions(
  attempt: RetryAttempt,
  options: McpTimeoutOptions = {},
): McpRequestTimeouts {
  const { timeoutMs, resetTimeoutOnProgress } = options;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !(timeoutMs > 0)))
    throw optionError('mcpRequestOptions', 'timeoutMs', 'a number of milliseconds > 0', timeoutMs);
  // The SDK's timers take whole, positive milliseconds.
  const left = Math.max(1, Math.ceil(attempt.remainingMs));
  const timeout = Math.min(timeoutMs ?? Infinity, left);
  return {
    signal: attempt.signal,
    ...(Number.isFinite(timeout) ? { timeout } : {}),
    ...(Number.isFinite(left) ? { maxTotalTimeout: left } : {}),
    ...(resetTimeoutOnProgress === true ? { resetTimeoutOnProgress: true } : {}),
  };
}

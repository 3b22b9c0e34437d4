import type { AgentError } from '../core/agent-error.js';
import { toAgentError } from '../front/decode.js';
import { backoffDelay } from './backoff.js';
import { isThrottling, saysDoNotRetry } from './failure-kinds.js';

/**
 * What the OpenAI Agents SDK passes a `ModelRetrySettings.policy` (the part read). Declared
 * here so that this library imports nothing from the SDK.
 */
export interface ModelRetryContextLike {
  /** What the failed model call threw. */
  readonly error: unknown;
  /** The failed attempt, 1-based. */
  readonly attempt: number;
  /** The retries the settings allow after the first call. */
  readonly maxRetries: number;
}

/** What the policy answers: the SDK's `RetryDecision` object form. */
export interface ModelRetryDecisionLike {
  /** Whether the SDK calls the model again. */
  readonly retry: boolean;
  /** How long it waits first. */
  readonly delayMs?: number;
  /** Why, for its logs. */
  readonly reason?: string;
}

/** Options of {@link agentsRetryPolicy}; the defaults are `retry`'s (from `agent-errors/retry`). */
export interface AgentsRetryPolicyOptions {
  /** A server that asks for a longer wait is obeyed by not retrying. Default `30_000`. */
  maxDelayMs?: number;
  /** Backoff base after a transient fault. Default `200`. */
  baseDelayMs?: number;
  /** Backoff base after throttling without a wait of its own. Default `1_000`. */
  throttledBaseDelayMs?: number;
  /** Turns what the model call threw into an AgentError. Default: the library's classifier. */
  classify?: (error: unknown) => AgentError;
  /** Numbers in [0, 1) for the jitter (tests). Default `Math.random`. */
  random?: () => number;
}

/**
 * A `ModelRetrySettings.policy` for the OpenAI Agents SDK built on this library's
 * classification: the SDK's own loop retries exactly what `retry` would — a rate limit after
 * the server's `Retry-After`, an overload or outage with backoff — and never a quota, an auth
 * failure, a context too long, or a source that said "do not retry". A wait longer than
 * `maxDelayMs` is obeyed by not retrying. Give the OpenAI client `maxRetries: 0`, so that this is
 * the one loop.
 *
 * @example
 * const agent = new Agent({
 *   name: 'assistant',
 *   model: new OpenAIChatCompletionsModel(new OpenAI({ maxRetries: 0 }), 'gpt-4.1'),
 *   modelSettings: { retry: { maxRetries: 4, policy: agentsRetryPolicy() } },
 * });
 */
export function agentsRetryPolicy(
  options: AgentsRetryPolicyOptions = {},
): (context: ModelRetryContextLike) => ModelRetryDecisionLike {
  const {
    maxDelayMs = 30_000,
    baseDelayMs = 200,
    throttledBaseDelayMs = 1_000,
    classify = toAgentError,
    random = Math.random,
  } = options;
  return (context) => {
    const error = classify(context.error);
    if (saysDoNotRetry(error) || !error.retryable)
      return { retry: false, reason: `not_retryable: ${error.code}` };
    if (context.attempt > context.maxRetries)
      return { retry: false, reason: `attempts_exhausted: ${error.code}` };
    const waitMs = error.retryAfterMs;
    if (waitMs !== undefined && waitMs > maxDelayMs)
      return { retry: false, reason: `retry_after_too_long: ${error.code} (${waitMs} ms)` };
    const base = isThrottling(error) ? throttledBaseDelayMs : baseDelayMs;
    const delayMs =
      waitMs ?? backoffDelay(context.attempt, { baseDelayMs: base, maxDelayMs, random });
    return { retry: true, delayMs, reason: error.code };
  };
}

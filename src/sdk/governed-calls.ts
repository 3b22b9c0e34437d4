import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { withFallback } from '../retry/fallback.js';
import type { RetryOptions } from '../retry/options.js';
import { retry } from '../retry/retry.js';

/** The options the agent-SDK adapters share: `retry`'s, and when to fall back. @internal */
export interface GovernedCallOptions extends Omit<RetryOptions, 'signal' | 'idempotent'> {
  idempotent?: boolean;
  fallbackOn?: readonly ErrorCategory[] | ((error: AgentError) => boolean);
}

/**
 * Call `calls[0]` under `retry`; once retrying it has stopped in a `fallbackOn` category, the
 * next, and so on. Each call receives its attempt's signal (`attemptTimeoutMs`, the deadline)
 * joined to the caller's, so that a result still being read (a stream) aborts with the caller
 * after its attempt has ended. Model calls are idempotent unless the options say otherwise: a
 * generation changes nothing on the provider's side.
 * @internal
 */
export function retryWithFallbacks<R>(
  calls: readonly ((signal: AbortSignal) => PromiseLike<R>)[],
  options: GovernedCallOptions,
  callerSignal: AbortSignal | undefined,
): Promise<R> {
  const { fallbackOn, idempotent = true, ...retryOptions } = options;
  const signal = callerSignal ? { signal: callerSignal } : {};
  const governed = (call: (signal: AbortSignal) => PromiseLike<R>) => () =>
    retry(
      (attempt) =>
        call(callerSignal ? AbortSignal.any([callerSignal, attempt.signal]) : attempt.signal),
      { ...retryOptions, idempotent, ...signal },
    );
  const [primary, ...others] = calls.map(governed);
  if (primary === undefined) throw new TypeError('retryWithFallbacks: no call given');
  if (others.length === 0) return primary();
  return withFallback(primary, others, {
    ...(fallbackOn === undefined ? {} : { on: fallbackOn }),
    ...(retryOptions.onEvent ? { onEvent: retryOptions.onEvent } : {}),
    ...signal,
  });
}

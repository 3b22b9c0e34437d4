export { createRetry, retry } from './retry.js';
export type { RetryFunction } from './retry.js';
export { rateBreaker } from './rate-breaker.js';
export { bulkhead } from './bulkhead.js';
export type {
  AttemptFunction,
  CreateRetryOptions,
  RetryFeature,
  CircuitBreakerOptions,
  ConcurrencyOptions,
  RetryBudgetOptions,
  RetryDecisionContext,
  GovernorEvent,
  RetryDecoder,
  RetryEvent,
  RetryOptions,
} from './options.js';
export { DEFAULT_MAX_ELAPSED_MS } from './options.js';
export { HedgeBudget, hedge } from './hedge.js';
export type { HedgeAttempt, HedgeOptions } from './hedge.js';
export { FALLBACK_CATEGORIES, withFallback } from './fallback.js';
export type { FallbackOptions } from './fallback.js';
export { grpcTimeout, mcpRequestOptions } from './deadline.js';
export type { McpRequestTimeouts, McpTimeoutOptions } from './deadline.js';
export { RETRY_ATTEMPT_HEADER } from './attempt.js';
export type { RetryAttempt } from './attempt.js';
export { RetryError, isRetryError, retryStopOf } from './retry-error.js';
export type { RetryErrorLike, RetryStop, RetryStopReason } from './retry-error.js';
export type {
  Admission,
  AttemptReport,
  BreakerChange,
  BreakerChangeListener,
  BreakerChangeReason,
  BreakerState,
  RetryStateStore,
  TargetPolicy,
} from './retry-state.js';
export { backoffDelay, decorrelatedDelay } from './backoff.js';
export type { BackoffDelayOptions, DecorrelatedDelayOptions } from './backoff.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';

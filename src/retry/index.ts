export { createRetry, retry } from './retry.js';
export type { RetryFunction } from './retry.js';
export type {
  AttemptFunction,
  CircuitBreakerOptions,
  RetryBudgetOptions,
  RetryDecisionContext,
  RetryDecoder,
  RetryEvent,
  RetryOptions,
} from './options.js';
export { RETRY_ATTEMPT_HEADER } from './attempt.js';
export type { RetryAttempt } from './attempt.js';
export { RetryError, isRetryError, retryStopOf } from './retry-error.js';
export type { RetryErrorLike, RetryStop, RetryStopReason } from './retry-error.js';
export type { Admission, AttemptReport, RetryStateStore, TargetPolicy } from './retry-state.js';
export { backoffDelay } from './backoff.js';
export type { BackoffDelayOptions } from './backoff.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';

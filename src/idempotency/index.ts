export { withIdempotency, cacheableFailure } from './with-idempotency.js';
export type {
  IdempotencyContext,
  MethodHandler,
  WithIdempotencyOptions,
} from './with-idempotency.js';
export { MemoryIdempotencyStore } from './memory-idempotency-store.js';
export type { MemoryIdempotencyStoreOptions } from './memory-idempotency-store.js';
export type {
  ClaimHolder,
  ClaimResult,
  IdempotencyClaim,
  IdempotencyOutcome,
  IdempotencyRecord,
  IdempotencyState,
  IdempotencyStore,
} from './idempotency-store.js';
export {
  idempotencyKeyReusedError,
  leaseLostError,
  requestInProgressError,
} from './idempotency-errors.js';
export { fingerprint } from './fingerprint.js';

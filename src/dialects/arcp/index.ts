export { ARCP_ERROR_CODES, isRetryableByDefault } from './codes.js';
export type { ArcpErrorCode, ErrorCode } from './codes.js';
export {
  ARCPError,
  AgentNotAvailableError,
  AgentVersionNotAvailableError,
  BudgetExhaustedError,
  CancelledError,
  DuplicateKeyError,
  HeartbeatLostError,
  InternalError,
  InvalidRequestError,
  JobNotFoundError,
  LeaseExpiredError,
  LeaseSubsetViolationError,
  PermissionDeniedError,
  ResumeWindowExpiredError,
  TimeoutError,
  UnauthenticatedError,
  createARCPError,
  isArcpError,
} from './arcp-error.js';
export type { ARCPErrorLike, ARCPErrorOptions } from './arcp-error.js';
export { fromPayload, toPayload, validateErrorPayload } from './payload.js';
export type { ErrorPayload, PayloadCheck, ToPayloadOptions } from './payload.js';
export {
  finalStatusFor,
  jobError,
  readErrorEnvelope,
  sessionError,
  toolResultError,
} from './envelopes.js';
export type {
  EnvelopeIds,
  EnvelopeKind,
  ErrorEnvelope,
  JobErrorEnvelope,
  JobFinalStatus,
  ReadEnvelope,
  SessionErrorEnvelope,
  ToolResultErrorEnvelope,
} from './envelopes.js';
export type { ToArcpErrorOptions } from './convert.js';
export { errorBoundary } from './error-boundary.js';
export type { BoundaryOutcome, ErrorBoundaryOptions } from './error-boundary.js';
export { ARCP_ATTEMPT_FIELD, arcpIdempotencyKeyOf } from './idempotency-key.js';

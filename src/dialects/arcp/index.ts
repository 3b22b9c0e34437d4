export {
  ARCP_ERRORS,
  ARCP_ERROR_CODES,
  effectiveRetryable,
  isArcpErrorCode,
  isRetryableByDefault,
} from './codes.js';
export type { ArcpErrorCode, ErrorCode } from './codes.js';
export {
  ARCPError,
  ARCP_ERROR_CLASSES,
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
  isARCPError,
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
  ErrorEnvelope,
  JobErrorEnvelope,
  JobFinalStatus,
  ReadEnvelope,
  SessionErrorEnvelope,
  ToolResultErrorEnvelope,
} from './envelopes.js';
export {
  ARCP_CODE_BY_CATEGORY,
  HUB_DETAIL_KEYS,
  arcpErrorToAgentError,
  decodeArcpError,
  encodeArcpError,
  toArcpError,
} from './convert.js';
export { errorBoundary } from './error-boundary.js';
export type { BoundaryOutcome, ErrorBoundaryOptions } from './error-boundary.js';

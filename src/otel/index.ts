export { toLogFields } from './log-fields.js';
export type { ErrorAttributes, ErrorLogFields } from './log-fields.js';
export { recordError, recordGovernorEvent, recordRetry, recordToolResult } from './span.js';
export type { GovernorEventLike, RecordErrorOptions, RetryEventLike, SpanLike } from './span.js';
export { emitErrorLog } from './log.js';
export type { EmitErrorLogOptions, ErrorLogRecord, LoggerLike } from './log.js';

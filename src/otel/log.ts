import type { AgentError } from '../core/agent-error.js';
import { toAgentError } from '../front/decode.js';
import { fieldsOf } from './log-fields.js';
import type { ErrorAttributes } from './log-fields.js';

/** The log record {@link emitErrorLog} emits. */
export interface ErrorLogRecord {
  /** `SeverityNumber.ERROR` (17), `WARN` (13) for a handled error, `INFO` (9) for a cancel. */
  severityNumber: number;
  severityText: 'ERROR' | 'WARN' | 'INFO';
  /** The sanitised message. */
  body: string;
  /** `toLogFields(error)`. */
  attributes: ErrorAttributes;
}

/**
 * The part of an OpenTelemetry `Logger` (from `@opentelemetry/api-logs`) this entry uses;
 * declared here so that this entry neither loads nor type-imports that package.
 */
export interface LoggerLike {
  /** Emit one log record. */
  emit(record: ErrorLogRecord): void;
}

/** Options of {@link emitErrorLog}. */
export interface EmitErrorLogOptions {
  /** The operation recovered from the error: severity `WARN` instead of `ERROR`. */
  handled?: boolean;
}

/**
 * Emit `error` as one OpenTelemetry log record: the sanitised message as body and
 * `toLogFields(error)` as attributes (`error.type` is the stable code). Severity `ERROR`, or
 * `WARN` when the operation recovered (`{ handled: true }`), or `INFO` for a cancel, which is not
 * a failure. Nothing else of the error is emitted: no `details`, `cause` or stack. Returns the
 * error as `toAgentError` classifies it.
 *
 * @example
 * import { logs } from '@opentelemetry/api-logs';
 * emitErrorLog(logs.getLogger('my-agent'), err);
 */
export function emitErrorLog(
  logger: LoggerLike,
  error: unknown,
  options?: EmitErrorLogOptions,
): AgentError {
  const err = toAgentError(error);
  const fields = fieldsOf(err);
  const [severityNumber, severityText] =
    err.category === 'cancelled'
      ? ([9, 'INFO'] as const)
      : options?.handled === true
        ? ([13, 'WARN'] as const)
        : ([17, 'ERROR'] as const);
  logger.emit({
    severityNumber,
    severityText,
    body: fields['error.message'],
    attributes: { ...fields },
  });
  return err;
}

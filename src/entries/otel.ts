/**
 * Errors on OpenTelemetry spans and logs, per the semantic conventions; `toLogFields` for any
 * logger. It takes your span or logger and never loads `@opentelemetry/api` itself.
 *
 * @module agent-errors/otel
 */
export * from '../otel/index.js';

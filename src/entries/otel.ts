// agent-errors/otel: errors on OpenTelemetry spans and logs. It takes the caller's span or logger
// and never loads @opentelemetry/api itself (an optional peer dependency).
export * from '../otel/index.js';

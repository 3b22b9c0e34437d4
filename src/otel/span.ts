import type { AgentError } from '../core/agent-error.js';
import { decode, toAgentError } from '../front/decode.js';
import { fieldsOf } from './log-fields.js';
import type { ErrorAttributes, ErrorLogFields } from './log-fields.js';

/**
 * The part of an OpenTelemetry `Span` this entry uses. A span from `@opentelemetry/api` is one;
 * declared here so that this entry neither loads nor type-imports that package.
 */
export interface SpanLike {
  /** Set attributes on the span. */
  setAttributes(attributes: ErrorAttributes): unknown;
  /** `code` 2 is `SpanStatusCode.ERROR`. */
  setStatus(status: { code: number; message?: string }): unknown;
  /** Add an event, with attributes, to the span. */
  addEvent(name: string, attributes?: ErrorAttributes): unknown;
  /** When present and `false` (an ended or unsampled span), nothing is recorded. */
  isRecording?(): boolean;
}

/** Options of {@link recordError}. */
export interface RecordErrorOptions {
  /**
   * The operation recovered from the error (a fallback answered, a retry follows): record a
   * `handled_error` event and leave the span's status alone. Default `false`.
   */
  handled?: boolean;
}

/** `SpanStatusCode.ERROR` in `@opentelemetry/api`. */
const STATUS_ERROR = 2;

function recording(span: SpanLike): boolean {
  return typeof span.isRecording !== 'function' || span.isRecording();
}

/** A failure: `error.type` and the other fields on the span, status Error with the message. */
function fail(span: SpanLike, fields: ErrorLogFields): void {
  const { 'error.message': message, ...attributes } = fields;
  span.setAttributes(attributes);
  span.setStatus({ code: STATUS_ERROR, message });
}

/** What is not a failure of the span's operation: an event, the status untouched. */
function note(span: SpanLike, name: string, attributes: ErrorAttributes): void {
  span.addEvent(name, attributes);
}

function record(span: SpanLike, error: AgentError, handled: boolean, type?: string): AgentError {
  if (!recording(span)) return error;
  const fields = fieldsOf(error);
  if (type !== undefined) fields['error.type'] = type;
  // A cancel is somebody's decision, not a failure of the operation.
  if (error.category === 'cancelled') note(span, 'cancellation', { ...fields });
  else if (handled) note(span, 'handled_error', { ...fields });
  else fail(span, fields);
  return error;
}

/**
 * Record on `span` the error its operation ended with, as OpenTelemetry's conventions for
 * errors say: `error.type` set to the error's stable code, status Error with the sanitised
 * message as its description, plus `error.category`, `error.retryable`, `error.retry_after_ms`
 * and `error.id` when known. A cancel is not a failure: it becomes a `cancellation` event and
 * the status is left unset, as it is for an error the caller handled (`{ handled: true }`, a
 * `handled_error` event). `details`, `cause` and the stack are never recorded. Returns the error
 * as `toAgentError` classifies it. Never throws (unless the span does).
 *
 * @example
 * tracer.startActiveSpan('tools/call search', async (span) => {
 *   try {
 *     return await callTool();
 *   } catch (err) {
 *     throw recordError(span, err);
 *   } finally {
 *     span.end();
 *   }
 * });
 */
export function recordError(
  span: SpanLike,
  error: unknown,
  options?: RecordErrorOptions,
): AgentError {
  return record(span, toAgentError(error), options?.handled === true);
}

/**
 * Record an MCP tool result on the span of its `tools/call`. A result with `isError: true` is a
 * failed call, although it arrives as a successful JSON-RPC response: the span gets `error.type`
 * `tool_error` (as the conventions for MCP say), status Error with the sanitised text, and the
 * category, retryability and wait that `decode` reads from it. Returns that error, or
 * `undefined` (recording nothing) for any other result.
 *
 * @example
 * const result = await client.callTool({ name: 'search', arguments: { q } });
 * recordToolResult(span, result);
 */
export function recordToolResult(span: SpanLike, result: unknown): AgentError | undefined {
  if (
    result === null ||
    typeof result !== 'object' ||
    (result as { isError?: unknown }).isError !== true
  )
    return undefined;
  return record(span, decode(result), false, 'tool_error');
}

/** What {@link recordRetry} reads: `retry()`'s `onRetry` event, or any object like it. */
export interface RetryEventLike {
  /** The error of the attempt that failed. */
  readonly error: unknown;
  /** The attempt that failed (1 for the first call). */
  readonly attempt: number;
  /** How long the caller waits before the next attempt. */
  readonly delayMs: number;
}

/**
 * Record a failed attempt that will be retried as a `retry` event on the span of the whole
 * operation: the error's fields (`error.type`, sanitised `error.message`, …) plus
 * `retry.attempt` and `retry.delay_ms`. The status is left alone: an attempt that is retried
 * is handled, and only the operation's outcome may fail the span.
 *
 * @example
 * await retry(callTool, { onRetry: (event) => recordRetry(span, event) });
 */
export function recordRetry(span: SpanLike, event: RetryEventLike): void {
  if (!recording(span)) return;
  const attributes: ErrorAttributes = { ...fieldsOf(toAgentError(event.error)) };
  attributes['retry.attempt'] = event.attempt;
  attributes['retry.delay_ms'] = event.delayMs;
  note(span, 'retry', attributes);
}

/**
 * What {@link recordGovernorEvent} reads: an event of `retry()`'s `onEvent` (or `withFallback`'s),
 * or any object like it. Declared here so that this entry does not load the retry entry.
 */
export interface GovernorEventLike {
  /**
   * `'retry'`, `'hedge'`, `'fallback'`, `'breaker'`, `'breaker_change'` or `'concurrency'`; any
   * other type is not recorded.
   */
  readonly type: string;
  /** The error behind a retry or a fallback. */
  readonly error?: unknown;
  /** A retry: the attempt that failed. */
  readonly attempt?: number;
  /** A retry: the wait before the next attempt. */
  readonly delayMs?: number;
  /** A fallback: the alternative given up (0 is the primary). */
  readonly from?: number;
  /** A fallback: the alternative called next. */
  readonly to?: number;
  /** A breaker: its target. */
  readonly target?: string;
  /** A breaker: the state it was found in (or, for a change, the state it went to). */
  readonly state?: string;
  /** A breaker: how long it stays so. */
  readonly waitMs?: number;
  /** A change: the breaker's state before, or the concurrency limit before. */
  readonly previous?: string | number;
  /** A change: why it happened. */
  readonly reason?: string;
  /** A concurrency change: the target's limit now. */
  readonly limit?: number;
}

/**
 * Record what the retry governor did as an event on the span of the whole operation, status
 * untouched (only the operation's outcome may fail the span): `retry` (as {@link recordRetry}),
 * `hedge` (`hedge.attempt`, `hedge.delay_ms`), `fallback` (the error's fields, `fallback.from`,
 * `fallback.to`), `circuit_breaker` (`breaker.target`, `breaker.state`, `breaker.wait_ms`),
 * `circuit_breaker.state_change` (`breaker.target`, `breaker.state`, `breaker.previous_state`,
 * `breaker.reason`) and `concurrency_limit` (`concurrency.target`, `concurrency.limit`,
 * `concurrency.previous_limit`, `concurrency.reason`). Pass it as `onEvent`.
 *
 * @example
 * await retry(callModel, { target: 'openai', onEvent: (event) => recordGovernorEvent(span, event) });
 */
export function recordGovernorEvent(span: SpanLike, event: GovernorEventLike): void {
  if (!recording(span)) return;
  if (event.type === 'retry') {
    recordRetry(span, {
      error: event.error,
      attempt: event.attempt ?? 0,
      delayMs: event.delayMs ?? 0,
    });
  } else if (event.type === 'fallback') {
    const attributes: ErrorAttributes = { ...fieldsOf(toAgentError(event.error)) };
    attributes['fallback.from'] = event.from ?? 0;
    attributes['fallback.to'] = event.to ?? 0;
    note(span, 'fallback', attributes);
  } else if (event.type === 'hedge') {
    const attributes: ErrorAttributes = {};
    if (typeof event.attempt === 'number') attributes['hedge.attempt'] = event.attempt;
    if (typeof event.delayMs === 'number') attributes['hedge.delay_ms'] = event.delayMs;
    note(span, 'hedge', attributes);
  } else if (event.type === 'breaker') {
    const attributes: ErrorAttributes = {};
    if (typeof event.target === 'string') attributes['breaker.target'] = event.target;
    if (typeof event.state === 'string') attributes['breaker.state'] = event.state;
    if (typeof event.waitMs === 'number') attributes['breaker.wait_ms'] = event.waitMs;
    note(span, 'circuit_breaker', attributes);
  } else if (event.type === 'breaker_change') {
    const attributes: ErrorAttributes = {};
    if (typeof event.target === 'string') attributes['breaker.target'] = event.target;
    if (typeof event.state === 'string') attributes['breaker.state'] = event.state;
    if (typeof event.previous === 'string') attributes['breaker.previous_state'] = event.previous;
    if (typeof event.reason === 'string') attributes['breaker.reason'] = event.reason;
    note(span, 'circuit_breaker.state_change', attributes);
  } else if (event.type === 'concurrency') {
    const attributes: ErrorAttributes = {};
    if (typeof event.target === 'string') attributes['concurrency.target'] = event.target;
    if (typeof event.limit === 'number') attributes['concurrency.limit'] = event.limit;
    if (typeof event.previous === 'number')
      attributes['concurrency.previous_limit'] = event.previous;
    if (typeof event.reason === 'string') attributes['concurrency.reason'] = event.reason;
    note(span, 'concurrency_limit', attributes);
  }
}

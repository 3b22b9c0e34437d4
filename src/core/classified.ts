import { decodedError } from './agent-error.js';
import type { AgentError } from './agent-error.js';
import { AS_AGENT_ERROR } from './normalize-error.js';
import { copyRecord } from './copy-record.js';

// Where a compatibility instance keeps the AgentError it was decoded as. A symbol key: JSON,
// structured clones and `Object.keys` never see it, so the instance's JSON stays what the
// protocol's SDK writes.
const DECODED = Symbol('agent-errors.decoded');

type Carrier = { [DECODED]?: AgentError };

/**
 * Give a compatibility instance (an ACP `RequestError`, an `McpError`) built from a received
 * error the classification it was decoded with, so that classifying it again (`decode`,
 * `toAgentError`, `retry`) returns that classification instead of reading the wire again.
 *
 * @example
 * const rejection = carryDecoded(new RequestError(code, message, data), decoded);
 */
export function carryDecoded<T extends object>(instance: T, decoded: AgentError): T {
  (instance as Carrier)[DECODED] = decoded;
  return instance;
}

/**
 * A client library's `error` as the error it wraps was classified (`inner`: its cause, its HTTP
 * status, its last retry), with `error` as the cause and `extra` laid over the details. The
 * wrapper's own message is kept when it has one.
 */
export function classifiedAs(
  error: Error,
  inner: AgentError,
  extra?: Record<string, unknown>,
): AgentError {
  return decodedError({
    message: error.message || inner.message,
    category: inner.category,
    code: inner.code,
    retryable: inner.retryable,
    retryAfterMs: inner.retryAfterMs,
    // Copied member by member: a spread that gains members makes a new hidden class per call (V8).
    details:
      extra === undefined
        ? inner.details
        : copyRecord(
            extra,
            undefined,
            inner.details === undefined ? {} : copyRecord(inner.details),
          ),
    wire: inner.wire,
    cause: error,
    unexpected: inner.unexpected,
  });
}

/** The classification {@link carryDecoded} gave `instance`, if any. */
export function carriedDecoded(instance: object): AgentError | undefined {
  return (instance as Carrier)[DECODED];
}

/**
 * Define `category`, `retryable` and `retryAfterMs` on a compatibility class's prototype as
 * getters that read the instance's classification (its `AS_AGENT_ERROR` method). They are not
 * enumerable, so the instance's JSON stays byte-identical to what the protocol's SDK writes,
 * while callers can still ask `err.retryable` without converting it first.
 *
 * @example
 * defineClassificationGetters(RequestError.prototype);
 * RequestError.authRequired().category; // 'auth'
 */
export function defineClassificationGetters(prototype: object): void {
  const classification = (self: object): AgentError =>
    (self as { [AS_AGENT_ERROR](): AgentError })[AS_AGENT_ERROR]();
  Object.defineProperties(prototype, {
    category: {
      get(this: object) {
        return classification(this).category;
      },
      configurable: true,
    },
    retryable: {
      get(this: object) {
        return classification(this).retryable;
      },
      configurable: true,
    },
    retryAfterMs: {
      get(this: object) {
        return classification(this).retryAfterMs;
      },
      configurable: true,
    },
  });
}

import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { redactString } from '../core/redact.js';
import { sanitizeMessage } from '../core/sanitize-message.js';
import { toAgentError } from '../front/decode.js';

/**
 * An error as flat, low-cardinality, secret-free fields, named after OpenTelemetry's semantic
 * conventions: `error.type` and `error.message` are the conventions' own attributes; the others
 * extend the same `error.` namespace with the conventions' naming rules (lower-case, `snake_case`).
 */
export interface ErrorLogFields {
  /** The stable machine code (`'RATE_LIMITED'`, `'METHOD_NOT_FOUND'`, …), or `'_OTHER'`. */
  'error.type': string;
  /** The message, sanitised: secrets masked, local paths masked, at most 1,000 characters. */
  'error.message': string;
  /** One of the twelve categories. */
  'error.category': ErrorCategory;
  'error.retryable': boolean;
  /** How long the error's source asked to wait, when it said so. */
  'error.retry_after_ms'?: number;
  /** The id an unexpected error was sent out with (`details.errorId`), to join logs to replies. */
  'error.id'?: string;
}

/** The attribute values this entry writes: what every OpenTelemetry attribute accepts. */
export type ErrorAttributes = Record<string, string | number | boolean>;

const MAX_MESSAGE = 1_000;
// A code worth grouping by: short, plain, and no secret in it once redacted.
const PLAIN_CODE = /^[\w.:-]{1,64}$/;
const PLAIN_ID = /^[\w-]{1,64}$/;

/**
 * `error.type` for `code`: the code when it is short and plain, else the conventions' fallback
 * `_OTHER`, so a code read off the wire can neither blow up cardinality nor carry a secret.
 */
export function errorType(code: string): string {
  return PLAIN_CODE.test(code) && redactString(code) === code ? code : '_OTHER';
}

/** The fields of an already classified error. */
export function fieldsOf(error: AgentError): ErrorLogFields {
  const fields: ErrorLogFields = {
    'error.type': errorType(error.code),
    'error.message': sanitizeMessage(error.message, { maxLength: MAX_MESSAGE }),
    'error.category': error.category,
    'error.retryable': error.retryable,
  };
  if (error.retryAfterMs !== undefined) fields['error.retry_after_ms'] = error.retryAfterMs;
  // Only the one detail that is an id made for logs; other details may hold anything.
  let id: unknown;
  try {
    // The hub's own field on an error this side sent; a received one carries it in details.
    id = error.errorId ?? error.details?.errorId;
  } catch {
    // Details behind a throwing getter or Proxy trap: no id to log.
  }
  if (typeof id === 'string' && PLAIN_ID.test(id)) fields['error.id'] = id;
  return fields;
}

/**
 * Flat fields for a structured logger (pino, bunyan, `console.log`): the error classified as
 * `toAgentError` does, with its code as `error.type`, a sanitised message, category,
 * retryability, the wait its source asked for and the `errorId` it was sent out with. `details`,
 * `cause` and the stack are never included. Never throws.
 *
 * @example
 * logger.warn(toLogFields(err), 'tool call failed');
 * // { 'error.type': 'RATE_LIMITED', 'error.message': 'slow down', 'error.category': 'rate_limit',
 * //   'error.retryable': true, 'error.retry_after_ms': 2000 }
 */
export function toLogFields(error: unknown): ErrorLogFields {
  return fieldsOf(toAgentError(error));
}

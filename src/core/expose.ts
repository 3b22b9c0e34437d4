import { AgentError, isAgentError } from './agent-error.js';
import type { AgentErrorLike } from './agent-error.js';
import { isErrorCategory } from './categories.js';
import type { ErrorCategory } from './categories.js';
import { maskPaths, sanitizeMessage } from './sanitize-message.js';
import { AS_AGENT_ERROR, isWellFormed, normalizeError } from './normalize-error.js';
import { GENERIC_MESSAGES, isUnexpected } from './unexpected.js';
import { carriesOwnBrand, isDomException, ownsToolErrorFields } from './intent.js';
import { isPlainObject, readMember } from './is.js';
import { validDelayMs } from './lenient-options.js';

/** Options for {@link toExposableError}. */
export interface ExposeOptions {
  /**
   * Called with an error that was not meant for the peer and the `errorId` the peer was shown
   * instead, so logs can be joined to what the client saw. A hook that throws is ignored.
   * Without it, one sanitised line goes to `console.error` (stderr in Node, never stdout, which
   * stdio transports own): pass `() => {}` to silence it.
   */
  onError?: (error: unknown, errorId: string) => void;
  /**
   * What classifies an error nobody meant to send, so that it keeps its category, code,
   * retryability and delay on the wire (an upstream 429 still says "wait"). Default: the
   * library's full classifier (`toAgentError`), or one built by `createDecoder(readers)` to pay
   * only for the readers you use.
   *
   * @example
   * toHttpResponse(err, { decoder: createDecoder([providerSdkReader]) });
   */
  decoder?: Classifier | undefined;
  /**
   * Mask absolute local file paths (`[PATH]`) in the messages sent. Default `false`: an error the
   * code meant to send goes out with its message as written (secrets redacted), the same text on
   * every protocol, so a file tool can name the file it did not find. Unexpected errors never
   * send their text at all.
   */
  maskPaths?: boolean | undefined;
}

/** Something that classifies any value as an error: `{ toAgentError }`, as `createDecoder` gives. */
export interface Classifier {
  /** Any thrown or received value as an error with our fields. Never throws. */
  toAgentError(error: unknown): AgentErrorLike;
  /**
   * What of `error` its readers say is meant for the caller as it is (a schema failure with its
   * issues), else `undefined`; without it, nothing foreign is. Never throws.
   */
  exposable?(error: object): AgentErrorLike | undefined;
}

/**
 * What {@link toExposableError} returns: an `AgentError`, or an object carrying its fields
 * where `category` may be missing (a `ToolError` made with the bare constructor).
 */
export type ExposableError =
  | AgentErrorLike
  | {
      readonly message: string;
      readonly code: string;
      readonly retryable: boolean;
      readonly category?: ErrorCategory | undefined;
      readonly retryAfterMs?: number | undefined;
      readonly details?: Record<string, unknown> | undefined;
      readonly errorId?: string | undefined;
    };

/**
 * Whether `value` carries our fields and is meant to be sent as it is: an `AgentError` or a
 * `ToolError` (either of which converts itself), or one shaped as opentabs' own `ToolError`; or,
 * as plain data, a copy of either (what a dispatch chain passes on). A third-party error with the
 * same fields (the AWS SDK v2's `{ message, code, retryable }`) is not one: an instance is taken
 * by its brand or its upstream class's documented shape, never by fields alone.
 */
function isCarrier(value: unknown): value is ExposableError {
  if (value === null || typeof value !== 'object') return false;
  if (!isPlainObject(value) && !carriesOwnBrand(value) && !ownsToolErrorFields(value)) return false;
  try {
    const v = value as Record<string, unknown>;
    const code = v.code;
    const category = v.category;
    return (
      typeof v.message === 'string' &&
      typeof code === 'string' &&
      code !== '' &&
      typeof v.retryable === 'boolean' &&
      // A delay no timer can use (NaN, negative, infinite; a ToolError stores any number, as
      // upstream does) is no field to send: the error goes through its own conversion instead.
      (v.retryAfterMs === undefined || validDelayMs(v.retryAfterMs) !== undefined) &&
      (category === undefined || isErrorCategory(category))
    );
  } catch {
    return false;
  }
}

/**
 * `value` as an {@link AgentError}, classified by `decoder` when one is given (its readers know
 * the protocols and error families), else by the hub's own reading. Never throws.
 *
 * @example
 * classifyWith(createDecoder(READERS), enoent).category; // 'not_found'
 */
export function classifyWith(decoder: Classifier | undefined, value: unknown): AgentError {
  if (decoder === undefined) return normalizeError(value);
  try {
    return normalizeError(decoder.toAgentError(value));
  } catch {
    return normalizeError(value);
  }
}

/**
 * Whether `value` is an instance of this copy's `AgentError`, whose constructor checked every
 * field: the common case, told before the shape checks. Never throws (a proxy's
 * `getPrototypeOf` trap may).
 */
function isOwnInstance(value: unknown): value is AgentError {
  try {
    return value instanceof AgentError;
  } catch {
    return false;
  }
}

/**
 * `text` with its local file paths masked when `options.maskPaths` is `true`, else as it is: the
 * path rule every encoder applies to a message it has already redacted.
 *
 * @example
 * pathsAsAsked('no /home/ana/x.txt', { maskPaths: true }); // 'no [PATH]'
 */
export function pathsAsAsked(
  text: string,
  options: { readonly maskPaths?: boolean | undefined } | undefined,
): string {
  return options?.maskPaths === true ? maskPaths(text) : text;
}

/**
 * A random id for an error that is logged in full but sent out only as "internal": a UUID where
 * `crypto.randomUUID` exists. It only joins a log line to a reply; it guards nothing.
 *
 * @example
 * newErrorId(); // e.g. '3f2b…'
 */
export function newErrorId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The error to put on the wire for `error`, per the safety defaults: an `AgentError` or anything
 * carrying its fields (a `ToolError`, a copy) as it is; a seed class of any dialect (one with an
 * `AS_AGENT_ERROR` method) as it converts itself; a schema failure as `validation` with its
 * issues; an `AbortError`/`TimeoutError` as `cancelled`/`timeout`; a protocol payload passed on
 * with its category and its message sanitised (secrets, credentials and paths masked). Anything
 * else — an error the code did not mean to expose, or an `AgentError` carrying the exposure mark
 * (`unexpected: true`, set by `toAgentError` on such errors and kept by every copy) — keeps
 * its category, code, retryability and `retryAfterMs` (an upstream 429 still says "wait") but
 * is sent with its category's fixed text (`'Rate limited'`, `'Internal error'`) and a random
 * `errorId` (which encoders send as `details.errorId`); the original goes to `onError`, because
 * its message may hold anything. Errors nobody meant to send are classified by
 * `options.decoder`; core, which sees no dialect, falls back to its own part of the classifier:
 * the public `toExposableError` (`src/front/expose.ts`) passes the full one.
 * Never throws.
 *
 * @example
 * toExposableError(new Error('db password=hunter2'), { onError: (e, id) => log(id, e) }).message;
 * // 'Internal error'
 */
export function toExposableError(error: unknown, options?: ExposeOptions): ExposableError {
  // Ours, by brand; copies of ours as plain data. A third-party instance carrying the same
  // fields is not (the one rule for intent, `core/intent.ts`).
  if (
    isOwnInstance(error) ||
    isCarrier(error) ||
    (isAgentError(error) && (isPlainObject(error) || carriesOwnBrand(error)))
  ) {
    // Made from an unexpected error (by toAgentError, decode, retry, or a copy of one of those),
    // or a forged brand whose fields do not hold up.
    return isUnexpected(error) || (isAgentError(error) && !isWellFormed(error))
      ? generic(error, error, options)
      : error;
  }
  if (error !== null && typeof error === 'object') {
    const own = readMember(error, AS_AGENT_ERROR);
    if (typeof own === 'function') {
      try {
        const converted: unknown = (own as () => unknown).call(error);
        if (isWellFormed(converted) && !isUnexpected(converted)) return converted;
      } catch {
        // A compatibility class whose conversion throws is sent as any unexpected error is.
      }
    }
    // A schema failure is meant for the caller: its issues say what to fix (never its cause).
    const meant = exposableOf(options?.decoder, error);
    if (meant !== undefined) return meant;
    const name = readMember(error, 'name');
    // A cancel or a platform timeout says what it is, in its own words, sanitised as any text
    // sent is. Only the DOM's `TimeoutError` is exempt: a library's own (Playwright's, with its
    // call log) may say anything.
    if (name === 'AbortError' || (name === 'TimeoutError' && isDomException(error))) {
      return sanitized(normalizeError(error), options);
    }
  }
  // Core cannot see the dialects: without a decoder (the front door always passes one), it
  // classifies with the part of the classifier that needs none.
  const decoder = options?.decoder;
  const classified = decoder ? decoder.toAgentError(error) : normalizeError(error);
  // What the classifier can name (a refused connection, a missing file) keeps its category,
  // code and retryability, so the agent still knows what to do; its text is sanitised.
  if (classified.category !== 'internal' && !isUnexpected(classified))
    return sanitized(classified, options);
  return generic(classified, error, options);
}

/** What `decoder`'s readers say of `error` is meant to be sent as it is; never throws. */
function exposableOf(decoder: Classifier | undefined, error: object): ExposableError | undefined {
  try {
    const meant = decoder?.exposable?.(error);
    return meant !== undefined && isWellFormed(meant) ? meant : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `classified`'s category, code, retryability and delay, with its message sanitised (secrets
 * redacted; paths masked only when `options.maskPaths` asks).
 */
function sanitized(classified: AgentErrorLike, options: ExposeOptions | undefined): AgentError {
  const maskPaths = options?.maskPaths === true;
  return new AgentError(sanitizeMessage(classified.message, { maskPaths }), {
    category: classified.category,
    code: classified.code,
    retryable: classified.retryable,
    ...(classified.retryAfterMs !== undefined ? { retryAfterMs: classified.retryAfterMs } : {}),
    captureStack: false,
  });
}

const PLAIN_CODE = /^[\w.:-]{1,64}$/;

/**
 * What an unexpected error is sent as: its category's fixed text and a random `errorId`;
 * category, retryability and delay kept (an upstream 429 still says "wait"), and its code when
 * it is a plain identifier. The original goes to `onError`.
 */
function generic(
  classified: ExposableError,
  original: unknown,
  options: ExposeOptions | undefined,
): AgentError {
  const errorId = newErrorId();
  try {
    (options?.onError ?? reportUnexpectedError)(original, errorId);
  } catch {
    // A failing log hook must not turn one error into two.
  }
  try {
    const category = classified.category;
    if (category !== undefined && category !== 'internal' && isErrorCategory(category)) {
      const code = classified.code;
      const retryable = classified.retryable;
      const delay = classified.retryAfterMs;
      return new AgentError(GENERIC_MESSAGES[category], {
        category,
        ...(typeof code === 'string' && PLAIN_CODE.test(code) ? { code } : {}),
        ...(typeof retryable === 'boolean' ? { retryable } : {}),
        ...(typeof delay === 'number' && delay >= 0 && delay !== Infinity
          ? { retryAfterMs: delay }
          : {}),
        errorId,
        captureStack: false,
      });
    }
  } catch {
    // A copy whose getters throw is sent as an internal error.
  }
  return AgentError.internal(GENERIC_MESSAGES.internal, { errorId, captureStack: false });
}

/**
 * What happens to an unexpected error when nobody passed `onError`: one line on
 * `console.error` (stderr in Node; never stdout, which a stdio transport owns) with the
 * `errorId` the peer was shown and the error's name and message, sanitised like anything else
 * the library writes (secrets, credentials and paths masked; no stack). Nothing vanishes, and
 * nothing secret reaches a log that the caller did not choose. Never throws.
 *
 * @example
 * reportUnexpectedError(new Error('db down'), 'a1b2');
 * // stderr: agent-errors: unexpected error (errorId a1b2): Error: db down
 */
export function reportUnexpectedError(error: unknown, errorId: string): void {
  try {
    const name = error instanceof Error ? readMember(error, 'name') : undefined;
    const message =
      error !== null && typeof error === 'object'
        ? readMember(error, 'message')
        : typeof error === 'string'
          ? error
          : undefined;
    const what = `${typeof name === 'string' ? name : 'Error'}: ${typeof message === 'string' ? message : String(typeof error)}`;
    const line = sanitizeMessage(what, { maxLength: 500 }).replace(/\r\n|[\r\n]/g, ' ');
    const log = (globalThis as { console?: { error?: (text: string) => void } }).console;
    log?.error?.(`agent-errors: unexpected error (errorId ${errorId}): ${line}`);
  } catch {
    // Logging is best effort: a broken console must not turn one error into two.
  }
}

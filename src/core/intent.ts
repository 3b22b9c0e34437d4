import { AGENT_ERROR_BRAND } from './agent-error.js';
import { isPlainObject, readMember } from './is.js';
import { AS_AGENT_ERROR } from './normalize-error.js';

/**
 * Whether `value` carries this library's brand: an `AgentError` (of any copy of the package), or
 * an instance of one of its compatibility classes, which all convert themselves through
 * `AS_AGENT_ERROR` (a `Symbol.for` key every copy shares). Never throws.
 *
 * @example
 * carriesOwnBrand(AgentError.notFound('no such file')); // true
 * carriesOwnBrand(Object.assign(new Error('x'), { code: 'E', retryable: true })); // false
 */
export function carriesOwnBrand(value: unknown): boolean {
  return (
    readMember(value, AGENT_ERROR_BRAND) === true ||
    typeof readMember(value, AS_AGENT_ERROR) === 'function'
  );
}

/**
 * The one rule for intent: whether a thrown value that is not plain data was meant to be sent
 * with its own words. Only when it carries this library's brand ({@link carriesOwnBrand}) or
 * `isCompatibilityInstance` says it is an instance of a supported compatibility class as its
 * upstream package builds it. Any other instance is unexpected, whatever fields it carries (an
 * AWS SDK v2 error's `{ code, retryable }` say how to retry, not that its text may leave). Plain
 * data answers `false`: an object literal is a protocol payload only where a decoder reads it as
 * one, never by itself. The platform's own cancel and timeout (a `DOMException` named
 * `AbortError` or `TimeoutError`) say what they are in the platform's words. Never throws.
 *
 * @example
 * isMeantToSend(new Error('boom'), () => false); // false
 */
export function isMeantToSend(
  value: unknown,
  isCompatibilityInstance: (value: unknown) => boolean,
): boolean {
  if (value === null || typeof value !== 'object' || isPlainObject(value)) return false;
  if (carriesOwnBrand(value) || isPlatformCancel(value)) return true;
  try {
    return isCompatibilityInstance(value);
  } catch {
    return false;
  }
}

/** A `DOMException` named `AbortError` or `TimeoutError`: the platform's cancel or timeout. */
function isPlatformCancel(value: object): boolean {
  const name = readMember(value, 'name');
  return (name === 'AbortError' || name === 'TimeoutError') && isDomException(value);
}

/**
 * Whether an instance has the shape opentabs documents for its `ToolError` (the hub's own
 * fields): its constructor always sets all four of `code`, `retryable`, `retryAfterMs` and
 * `category`, so an instance owns each of them even when `undefined`. Another library's error
 * with a string `code` and a boolean `retryable` (the AWS SDK v2's) owns no `retryAfterMs` or
 * `category`. Only the keys are asked here; their types are the caller's to check. Never throws.
 *
 * @example
 * ownsToolErrorFields(Object.assign(new Error('x'), { code: 'E', retryable: true })); // false
 */
export function ownsToolErrorFields(value: object): boolean {
  try {
    return TOOL_ERROR_FIELDS.every((key) => Object.prototype.hasOwnProperty.call(value, key));
  } catch {
    return false;
  }
}

const TOOL_ERROR_FIELDS = ['code', 'retryable', 'retryAfterMs', 'category'] as const;

/**
 * Whether `value` is a `DOMException`, the only `TimeoutError` / `AbortError` whose text the
 * platform wrote (a library's own `TimeoutError`, such as Playwright's with its call log, is not
 * one). By class where the runtime has it, else by its tag. Never throws.
 */
export function isDomException(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  try {
    const DomException = (globalThis as { DOMException?: unknown }).DOMException;
    if (typeof DomException === 'function' && value instanceof DomException) return true;
    return Object.prototype.toString.call(value) === '[object DOMException]';
  } catch {
    return false;
  }
}

import { CATEGORIES, ERROR_CATEGORIES, isErrorCategory, isProtocol } from './categories.js';
import { validDelayMs } from './lenient-options.js';
import type { ErrorCategory, NextAction, Protocol } from './categories.js';
import { serializeError } from './serialize.js';
import type { SerializedError } from './serialize.js';
import { describeValue, isPlainObject } from './is.js';

/** What was received on the wire, kept so that decoding and re-encoding for the same protocol is lossless. */
export interface WireInfo {
  readonly protocol: Protocol;
  readonly code: number | string;
  readonly message: string;
  readonly data?: unknown;
}

/** Options every {@link AgentError} factory accepts. */
export interface AgentErrorOptions {
  /** Stable machine code, e.g. `'CHANNEL_NOT_FOUND'`. Defaults to the category's code. */
  code?: string;
  /** Overrides the category's default retryability. */
  retryable?: boolean;
  /** How long the source asked us to wait before retrying. Never invented. */
  retryAfterMs?: number;
  /** Structured, JSON-safe context. Redacted whenever it is serialised. */
  details?: Record<string, unknown>;
  cause?: unknown;
  wire?: WireInfo;
  /**
   * Send this error the way an error nobody meant to send is sent (see {@link AgentError.unexpected}).
   * Setting it only makes an error safer.
   */
  unexpected?: boolean;
  /** The id the error was reported under (see {@link AgentError.errorId}). */
  errorId?: string;
  /**
   * Record a stack trace (default `true`). Errors built from wire data pass `false`: the stack
   * would only point at the decoder, and capturing it costs most of an error's price.
   */
  captureStack?: boolean;
}

/** Options for the {@link AgentError} constructor: the factory options plus the category. */
export interface AgentErrorInit extends AgentErrorOptions {
  category: ErrorCategory;
}

/**
 * The fields of an {@link AgentError}, as they survive a second copy of this package, a
 * `structuredClone` or a JSON hop. {@link isAgentError} narrows to this.
 */
export interface AgentErrorLike {
  readonly message: string;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  details?: Record<string, unknown>;
  readonly wire?: WireInfo;
  readonly cause?: unknown;
  readonly unexpected?: boolean;
  readonly errorId?: string;
}

/** Brands an `AgentError` across copies of this package (read by {@link isAgentError} and core/intent.ts). */
export const AGENT_ERROR_BRAND: unique symbol = Symbol.for('agent-errors.AgentError') as never;
const BRAND = AGENT_ERROR_BRAND;
const CATEGORY_DEFAULTS: ReadonlyMap<
  string,
  { readonly code: string; readonly retryable: boolean }
> = new Map(Object.entries(CATEGORIES));
const CAUSE = Symbol('agent-errors.cause');
/**
 * The mark of an init built by {@link decodedError}, whose caller has already checked every
 * field: no copy of it leaves this module, so nobody else can skip the checks.
 */
const VOUCHED: object = Object.freeze({});
/**
 * Every init the package builds has this one shape, every member present (`undefined` when not
 * given), so the constructor's reads see one hidden class whatever was given. (A
 * given-but-undefined `cause` reads as no cause.)
 */
type Init = Required<Omit<DecodedParts, 'message'>> & {
  captureStack: boolean | undefined;
  vouched: object | undefined;
  /** Where a recorded stack is cut (see {@link StackTop}); the class constructed when not given. */
  stackTop: StackTop | undefined;
};

/** The function whose frame, and every frame above it, a recorded stack leaves out. */
type StackTop = (abstract new (...args: never) => unknown) | ((...args: never) => unknown);
type CaptureStackTrace = (target: object, constructorOpt?: StackTop) => void;
const captureStackTrace = (Error as unknown as { captureStackTrace?: CaptureStackTrace })
  .captureStackTrace;

/**
 * A base that puts `Error.prototype` in the chain without allocating a native error. A native
 * error costs about three times a plain object even without a stack, and `structuredClone` drops
 * every field of a native error but `message`; an ordinary object keeps them all.
 */
function ErrorBase(): void {}
ErrorBase.prototype = Error.prototype;

/**
 * The factories' options plus their category, in the one init shape (see {@link Init}). A stack
 * is cut at the factory: its frame says nothing about where the failure was (http-errors and
 * Boom leave theirs out too). (Copied member by member: a spread followed by a property is a slow
 * path on V8.)
 */
function withCategory(
  options: AgentErrorOptions | undefined,
  category: ErrorCategory,
): AgentErrorInit {
  const o = options ?? {};
  const init: Init = {
    category,
    code: o.code,
    retryable: o.retryable,
    retryAfterMs: o.retryAfterMs,
    details: o.details,
    wire: o.wire,
    cause: o.cause,
    unexpected: o.unexpected,
    errorId: o.errorId,
    captureStack: o.captureStack,
    vouched: undefined,
    stackTop: FACTORY_OF[category],
  };
  return init as AgentErrorInit;
}

/** The fields a decoder read off the wire, for {@link decodedError}: every member is named. */
export interface DecodedParts {
  message: string;
  category: ErrorCategory;
  /** Our stable code; `undefined` takes the category's. */
  code: string | undefined;
  /** `undefined` takes the category's default. */
  retryable: boolean | undefined;
  retryAfterMs: number | undefined;
  details: Record<string, unknown> | undefined;
  /** What was received, for a lossless re-encode to the same protocol. */
  wire: WireInfo | undefined;
  /** What the error was read from (an SDK instance, a received object), if worth keeping. */
  cause: unknown;
  /** The exposure mark (see {@link AgentError.unexpected}); left out, unmarked. */
  unexpected?: boolean | undefined;
  /** See {@link AgentError.errorId}. */
  errorId?: string | undefined;
}

/**
 * An {@link AgentError} from fields a decoder has read off the wire and checked: the category
 * is one of ours, the code a non-empty string, the wire's protocol one of ours. No stack (it
 * would only point at the decoder), and the one init shape every decoder shares; the
 * constructor then skips the category and protocol lookups. Internal: the public way is
 * `new AgentError(message, init)`.
 */
export function decodedError(parts: DecodedParts): AgentError {
  const init: Init = {
    category: parts.category,
    code: parts.code,
    retryable: parts.retryable,
    retryAfterMs: parts.retryAfterMs,
    details: parts.details,
    wire: parts.wire,
    cause: parts.cause,
    unexpected: parts.unexpected,
    errorId: parts.errorId,
    captureStack: false,
    vouched: VOUCHED,
    stackTop: undefined,
  };
  return new AgentError(parts.message, init as AgentErrorInit);
}

const EXPECTED: Readonly<Record<string, string>> = {
  message: 'a string',
  options: 'an object with a category',
  'options.category': `one of ${ERROR_CATEGORIES.join(', ')}`,
  'options.code': 'a non-empty string',
  'options.retryable': 'a boolean',
  'options.retryAfterMs': 'a finite number of milliseconds >= 0',
  'options.details': 'a plain object',
  'options.wire': 'an object { protocol, code, message, data? }',
  'options.unexpected': 'a boolean',
  'options.errorId': 'a non-empty string',
};

function invalid(option: string, received: unknown): never {
  throw new TypeError(
    `AgentError: ${option} must be ${EXPECTED[option] ?? 'valid'}; received ${describeValue(received)}`,
  );
}

/** Throws unless `delay` is a finite number of milliseconds >= 0 (kept out of the constructor). */
function checkDelay(delay: unknown): void {
  if (typeof delay !== 'number' || !(delay >= 0) || delay === Infinity)
    invalid('options.retryAfterMs', delay);
}

/** Throws unless `wire` is a {@link WireInfo} (kept out of the constructor, as `invalid` is). */
function checkWire(wire: unknown): void {
  if (
    wire === null ||
    typeof wire !== 'object' ||
    !isProtocol((wire as { protocol?: unknown }).protocol)
  ) {
    invalid('options.wire', wire);
  }
}

/**
 * Sets `unexpected` and `errorId` from `init`, checked. Kept out of the constructor, which most
 * errors pass through without either: its bytecode stays within what V8 inlines.
 */
function setHubState(error: AgentError, init: AgentErrorOptions): void {
  const target = error as { unexpected?: true; errorId?: string };
  const unexpected = init.unexpected;
  if (unexpected !== undefined && unexpected !== false) {
    if (unexpected !== true) invalid('options.unexpected', unexpected);
    target.unexpected = true;
  }
  const errorId = init.errorId;
  if (errorId !== undefined) {
    if (typeof errorId !== 'string' || errorId === '') invalid('options.errorId', errorId);
    target.errorId = errorId;
  }
}

/** A stack for engines without `Error.captureStackTrace` (it then shows this frame too). */
function recordStackWithoutV8(error: object): void {
  Object.defineProperty(error, 'stack', {
    value: new Error((error as { message?: string }).message).stack,
    writable: true,
    configurable: true,
  });
}

/**
 * Records an error's stack, leaving out the frames from `top`'s up (the constructor's, or the
 * factory's). On V8 this is `Error.captureStackTrace` itself: a helper around it is one more
 * frame for every capture to walk (each thrown error about 5% dearer).
 */
const recordStack: CaptureStackTrace = captureStackTrace ?? recordStackWithoutV8;

/**
 * The one error model every protocol converts to and from: a stable `code`, a `category` that
 * says what kind of failure it is, whether retrying can help, and how long to wait.
 *
 * Instances are ordinary objects with `Error.prototype` in their chain (`instanceof Error` holds),
 * branded with `Symbol.for('agent-errors.AgentError')` so that {@link isAgentError} recognises
 * them across copies of the package.
 *
 * @example
 * throw new AgentError('Slack says slow down', {
 *   category: 'rate_limit',
 *   code: 'SLACK_RATE_LIMITED',
 *   retryAfterMs: 2000,
 * });
 */
export class AgentError extends (ErrorBase as unknown as ErrorConstructor) {
  declare readonly code: string;
  declare readonly category: ErrorCategory;
  declare readonly retryable: boolean;
  declare readonly retryAfterMs?: number;
  declare details?: Record<string, unknown>;
  declare readonly wire?: WireInfo;
  declare readonly cause?: unknown;
  /**
   * The exposure mark: `true` when this error was classified from something nobody meant to
   * send (a plain `Error`, a Node system error, a provider SDK's error), by `toAgentError` /
   * `decode`. Every encoder then sends it as such an error is sent: its category's fixed text,
   * category, code, retryability and delay, and an `errorId`; never its message, details or
   * cause. An own field, so `structuredClone`, JSON (`toJSON` → `deserializeError`) and
   * `serializeError` keep it; nothing in `details` stands for it.
   */
  declare readonly unexpected?: true;
  /**
   * The id an unexpected error was reported under (to `onError`, or on stderr), on the error
   * sent in its place: encoders put it on the wire as `details.errorId`, so a client can quote it.
   */
  declare readonly errorId?: string;

  constructor(message: string, init: AgentErrorInit) {
    super();
    // The failure paths live in `invalid` and `recordStack`: kept out, they leave the constructor
    // small enough for V8 to inline where errors are built in bulk (decoders).
    if (typeof message !== 'string') invalid('message', message);
    if (init === null || typeof init !== 'object') invalid('options', init);
    const category = init.category;
    let code = init.code;
    let retryable = init.retryable;
    const vouched = (init as Init).vouched === VOUCHED;
    if (!vouched || code === undefined || retryable === undefined) {
      // One lookup both checks the category and gives its defaults.
      const defaults = typeof category === 'string' ? CATEGORY_DEFAULTS.get(category) : undefined;
      if (defaults === undefined) invalid('options.category', category);
      if (code === undefined) code = defaults.code;
      else if (typeof code !== 'string' || code === '') invalid('options.code', code);
      if (retryable === undefined) retryable = defaults.retryable;
      else if (typeof retryable !== 'boolean') invalid('options.retryable', retryable);
    }
    this.message = message;
    this.code = code;
    this.category = category;
    this.retryable = retryable;
    const retryAfterMs = init.retryAfterMs;
    if (retryAfterMs !== undefined) {
      checkDelay(retryAfterMs);
      this.retryAfterMs = retryAfterMs;
    }
    const details = init.details;
    if (details !== undefined) {
      if (details === null || typeof details !== 'object' || Array.isArray(details))
        invalid('options.details', details);
      this.details = details;
    }
    const wire = init.wire;
    if (wire !== undefined) {
      if (!vouched) checkWire(wire);
      this.wire = wire;
    }
    if (init.unexpected !== undefined || init.errorId !== undefined) setHubState(this, init);
    // Kept under a symbol and read through a `cause` accessor: like a native error's cause it is
    // never listed, cloned or shipped by accident, and it costs a plain property write (a
    // defineProperty per error cost five times the whole constructor).
    const cause = init.cause;
    if (cause !== undefined) (this as unknown as Record<symbol, unknown>)[CAUSE] = cause;
    if (init.captureStack !== false) recordStack(this, (init as Init).stackTop ?? new.target);
  }

  /**
   * A safe, redacted, JSON-ready form of this error (what `JSON.stringify` uses).
   *
   * @example
   * JSON.stringify(AgentError.timeout('slow upstream'));
   */
  toJSON(): SerializedError {
    return serializeError(this);
  }

  /** Authentication is missing or expired: log in again. */
  static auth(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'auth'));
  }

  /** Authenticated, but not allowed to do this. */
  static permissionDenied(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'permission'));
  }

  /** The thing asked for does not exist. */
  static notFound(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'not_found'));
  }

  /** The input is wrong: fix it before trying again. */
  static validation(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'validation'));
  }

  /**
   * Too many requests: wait, then retry.
   *
   * @example
   * AgentError.rateLimited('Too many requests', { retryAfterMs: 2000 });
   */
  static rateLimited(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'rate_limit'));
  }

  /** A budget or quota is used up: stop, retrying will not help. */
  static quotaExceeded(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'quota'));
  }

  /** The operation took too long. */
  static timeout(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'timeout'));
  }

  /** Somebody cancelled the operation: do not retry a cancel. */
  static cancelled(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'cancelled'));
  }

  /** The state changed underneath, or the request clashes with an earlier one. */
  static conflict(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'conflict'));
  }

  /** The peer or the transport is down or overloaded. */
  static unavailable(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'unavailable'));
  }

  /** The peers disagree on the protocol itself. */
  static protocol(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'protocol'));
  }

  /** A bug or an unexpected failure on the other side. */
  static internal(message: string, options?: AgentErrorOptions): AgentError {
    return new this(message, withCategory(options, 'internal'));
  }
}

/**
 * Each category's factory as defined here, where an error it makes has its stack cut: the
 * function is on the stack whatever the class it was called on lists under that name (a
 * subclass's own version, a getter, a bound copy).
 */
/* eslint-disable @typescript-eslint/unbound-method -- compared with stack frames, never called */
const FACTORY_OF: Readonly<Record<ErrorCategory, StackTop>> = {
  auth: AgentError.auth,
  permission: AgentError.permissionDenied,
  not_found: AgentError.notFound,
  validation: AgentError.validation,
  rate_limit: AgentError.rateLimited,
  quota: AgentError.quotaExceeded,
  timeout: AgentError.timeout,
  cancelled: AgentError.cancelled,
  conflict: AgentError.conflict,
  unavailable: AgentError.unavailable,
  protocol: AgentError.protocol,
  internal: AgentError.internal,
};
/* eslint-enable @typescript-eslint/unbound-method */

Object.defineProperties(AgentError.prototype, {
  // The class's own name, so that `class SlackError extends AgentError {}` is 'SlackError'
  // (`new.target.name`, read through `constructor`): an accessor costs the constructor nothing.
  // A name set on a subclass's prototype, by a class field or on an instance wins (the setter
  // defines it where it was assigned).
  name: {
    get(this: object) {
      const ctor = (this as { constructor?: unknown }).constructor;
      return typeof ctor === 'function' && ctor.name !== '' ? ctor.name : 'AgentError';
    },
    set(this: object, value: unknown) {
      Object.defineProperty(this, 'name', {
        value,
        writable: true,
        enumerable: false,
        configurable: true,
      });
    },
    configurable: true,
  },
  [BRAND]: { value: true },
  cause: {
    get(this: Record<symbol, unknown>) {
      return this[CAUSE];
    },
    set(this: Record<symbol, unknown>, value: unknown) {
      this[CAUSE] = value;
    },
    configurable: true,
  },
  // Errors built without a stack still print a useful first line.
  stack: {
    get(this: AgentError) {
      return `${this.name} [${this.code}]: ${this.message}`;
    },
    set(this: AgentError, value: unknown) {
      Object.defineProperty(this, 'stack', { value, writable: true, configurable: true });
    },
    configurable: true,
  },
});

/**
 * Whether `value` is an {@link AgentError}: made by this copy of the package, by another copy
 * (checked by brand), or a `structuredClone` or JSON copy of one (plain data, checked by shape).
 * An instance of another class (a third-party `Error`) is one only by the brand, whatever fields
 * it carries: the one rule for intent (`core/intent.ts`).
 *
 * @example
 * try { await callTool(); } catch (err) {
 *   if (isAgentError(err) && err.retryable) scheduleRetry(err.retryAfterMs);
 * }
 */
export function isAgentError(value: unknown): value is AgentErrorLike {
  if (value === null || typeof value !== 'object') return false;
  try {
    if ((value as { [BRAND]?: unknown })[BRAND] === true) return true;
    const v = value as Record<string, unknown>;
    return (
      typeof v.message === 'string' &&
      isPlainObject(value) &&
      typeof v.code === 'string' &&
      typeof v.retryable === 'boolean' &&
      isErrorCategory(v.category) &&
      // A delay no timer can use (a ToolError stores any number, as upstream does) is not ours.
      (v.retryAfterMs === undefined || validDelayMs(v.retryAfterMs) !== undefined)
    );
  } catch {
    // A Proxy whose traps throw is not an AgentError.
    return false;
  }
}

/**
 * What an agent should do next about `error`.
 *
 * @example
 * nextAction(AgentError.rateLimited('slow down', { retryAfterMs: 500 })); // 'wait_and_retry'
 * nextAction(AgentError.validation('bad path')); // 'fix_input'
 */
export function nextAction(error: AgentErrorLike): NextAction {
  switch (error.category) {
    case 'auth':
      return 'reauthenticate';
    case 'permission':
      return 'request_permission';
    case 'validation':
      return 'fix_input';
    // A spent quota stays spent until its reset, hours or a billing period away: the reset time
    // is for the user, even when the sender marks it retryable. A limit short enough to wait
    // through is a rate limit, and the readers classify it so.
    case 'quota':
      return 'give_up';
    default:
      if (!error.retryable) return 'give_up';
      return error.retryAfterMs !== undefined || error.category === 'rate_limit'
        ? 'wait_and_retry'
        : 'retry';
  }
}

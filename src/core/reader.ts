import type { AgentError } from './agent-error.js';
import type { Protocol } from './categories.js';

type Rec = Record<string, unknown>;

/**
 * The members of one error-shaped object, read once for every reader: `decode` walks a plain
 * object's own keys a single time (reading a hundred wire shapes member by member, reader by
 * reader, is what made decoding slow) and hands the same view to each reader in turn.
 */
export interface ErrorView {
  /** The object itself, for a reader that needs more than the members below. */
  readonly input: Rec;
  /** An instance of some class (an SDK's error), not plain data off the wire. */
  readonly instance: boolean;
  /** The protocol the caller said the input came from, if any. */
  readonly protocol: Protocol | undefined;
  readonly name: unknown;
  readonly code: unknown;
  readonly message: unknown;
  readonly error: unknown;
  readonly result: unknown;
  readonly status: unknown;
  readonly reason: unknown;
  readonly type: unknown;
  readonly data: unknown;
  readonly envelopeCode: unknown;
  readonly isError: unknown;
  readonly content: unknown;
  readonly headers: unknown;
  readonly body: unknown;
  readonly statusText: unknown;
  readonly hasHeadersOrBody: boolean;
  readonly hasJsonrpc: boolean;
  readonly hasEnvelopeCode: boolean;
  /** A member only an HTTP body has (a problem document's `title` / `detail`, AWS's `__type`). */
  readonly hasBodyMember: boolean;
}

/** What the decoder running a reader lends it: its own way to read what an error wraps. */
export interface ReadContext {
  /** Decode `value` with this decoder under `protocol` (a wrapper's inner error, its hint). */
  readonly decode: (value: unknown, protocol: Protocol | undefined) => AgentError;
  /** Classify `value` with this decoder and no protocol hint (a cause, a retry's last error). */
  readonly classify: (value: unknown) => AgentError;
  /**
   * `decoded` when it says something; when it is a bare internal error, what `input`'s message
   * says by the conservative keywords ("Not connected", "connection closed"). `received` becomes
   * the cause (default: `input`).
   */
  readonly byKeywords: (
    decoded: AgentError,
    input: { message?: unknown },
    received?: unknown,
  ) => AgentError;
}

/**
 * One error family's way of recognising its own errors: a protocol's wire shapes, an SDK's
 * classes, the system errors of a runtime. `recognise` is a cheap shape test first (one or two
 * members of the view), then the reading: an {@link AgentError}, or `undefined` when the input
 * is not its own. It may throw a `TypeError` on an input it claimed and could not read (the
 * decoder turns that into its safe fallback). A reader is a plain object: `createDecoder` takes
 * a list of them, and `src/registry/` holds every one in the order `decode` tries them. Its
 * functions are called alone, never as methods: they use no `this`.
 */
export interface Reader {
  /** What it reads, for people and for error messages ("grpc status", "openai APIError"). */
  readonly name: string;
  recognise(this: void, view: ErrorView, context: ReadContext): AgentError | undefined;
  /** Set when it reads error instances only (an SDK's classes): plain data never reaches it. */
  readonly instancesOnly?: boolean;
  /**
   * The protocol hints under which it can recognise anything (`undefined` standing for no hint);
   * omitted, every hint. The decoder leaves it out of the list it tries under any other.
   */
  readonly hints?: readonly (Protocol | undefined)[];
  /** Text that came with a protocol hint (HTTP's plain-text body): its reading, or `undefined`. */
  recogniseText?(this: void, text: string, protocol: Protocol | undefined): AgentError | undefined;
}

/**
 * The {@link ErrorView} of `input`. A plain object (`plain`) is read by one walk of its own keys;
 * an instance member by member by name (its members may be getters on its prototype).
 */
export function readView(input: Rec, plain: boolean, protocol: Protocol | undefined): ErrorView {
  let name: unknown;
  let code: unknown;
  let message: unknown;
  let error: unknown;
  let result: unknown;
  let status: unknown;
  let reason: unknown;
  let type: unknown;
  let data: unknown;
  let envelopeCode: unknown;
  let isError: unknown;
  let content: unknown;
  let headers: unknown;
  let body: unknown;
  let statusText: unknown;
  let hasHeadersOrBody = false;
  let hasJsonrpc = false;
  let hasEnvelopeCode = false;
  let hasBodyMember = false;
  if (plain) {
    for (const key in input) {
      switch (key) {
        case 'name':
          name = input[key];
          break;
        case 'code':
          code = input[key];
          break;
        case 'message':
          message = input[key];
          break;
        case 'error':
          error = input[key];
          break;
        case 'result':
          result = input[key];
          break;
        case 'status':
          status = input[key];
          break;
        case 'reason':
          reason = input[key];
          break;
        case 'type':
          type = input[key];
          break;
        case 'data':
          data = input[key];
          break;
        case 'headers':
          headers = input[key];
          hasHeadersOrBody = true;
          break;
        case 'body':
          body = input[key];
          hasHeadersOrBody = true;
          break;
        case 'statusText':
          statusText = input[key];
          break;
        case 'jsonrpc':
          hasJsonrpc = true;
          break;
        case 'isError':
          isError = input[key];
          break;
        case 'content':
          content = input[key];
          break;
        case 'envelopeCode':
          envelopeCode = input[key];
          hasEnvelopeCode = true;
          break;
        case 'title':
        case 'detail':
        case '__type':
          hasBodyMember = true;
          break;
      }
    }
  } else {
    name = input.name;
    code = input.code;
    message = input.message;
    error = input.error;
    result = input.result;
    status = input.status;
    reason = input.reason;
    type = input.type;
    data = input.data;
    hasHeadersOrBody = 'headers' in input || 'body' in input;
    headers = input.headers;
    body = input.body;
    statusText = input.statusText;
    hasJsonrpc = 'jsonrpc' in input;
    isError = input.isError;
    content = input.content;
    envelopeCode = input.envelopeCode;
    hasEnvelopeCode = 'envelopeCode' in input;
  }
  // One literal, every member in the same order: every view has the same hidden class, so the
  // readers' member reads stay monomorphic.
  return {
    input,
    instance: !plain,
    protocol,
    name,
    code,
    message,
    error,
    result,
    status,
    reason,
    type,
    data,
    envelopeCode,
    isError,
    content,
    headers,
    body,
    statusText,
    hasHeadersOrBody,
    hasJsonrpc,
    hasEnvelopeCode,
    hasBodyMember,
  };
}

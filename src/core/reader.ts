import type { AgentError } from './agent-error.js';
import type { Protocol } from './categories.js';
import { readMember } from './is.js';

type Rec = Record<string, unknown>;

// One bit each, as constants: the key walk below sets them on every decode. The decoder tests a
// reader's `requires` bits before calling it: measured, decode over the corpus is 3.3% slower
// without that test (`node bench/decode.js`, medians of three alternating runs).
const HAS_NAME = 1;
const HAS_CODE = 2;
const HAS_MESSAGE = 4;
const HAS_ERROR = 8;
const HAS_RESULT = 16;
const HAS_STATUS = 32;
const HAS_REASON = 64;
const HAS_TYPE = 128;
const HAS_DATA = 256;
const HAS_ENVELOPE_CODE = 512;
const HAS_IS_ERROR = 1024;
const HAS_CONTENT = 2048;
const HAS_HEADERS = 4096;
const HAS_BODY = 8192;
const HAS_STATUS_TEXT = 16384;
const HAS_JSONRPC = 32768;
const HAS_ERRORS = 65536;

// How many keys of plain data the view walks before reading its members by name instead.
const MAX_VIEW_KEYS = 64;

/**
 * The members a reader may require (see {@link Reader.requires}), each a bit of
 * {@link ErrorView.present}.
 */
export const VIEW_MEMBERS = {
  name: HAS_NAME,
  code: HAS_CODE,
  message: HAS_MESSAGE,
  error: HAS_ERROR,
  result: HAS_RESULT,
  status: HAS_STATUS,
  reason: HAS_REASON,
  type: HAS_TYPE,
  data: HAS_DATA,
  envelopeCode: HAS_ENVELOPE_CODE,
  isError: HAS_IS_ERROR,
  content: HAS_CONTENT,
  headers: HAS_HEADERS,
  body: HAS_BODY,
  statusText: HAS_STATUS_TEXT,
  jsonrpc: HAS_JSONRPC,
  errors: HAS_ERRORS,
} as const;

/** A member of `VIEW_MEMBERS`: a name a reader may list in `requires`. */
export type ViewMember = keyof typeof VIEW_MEMBERS;

/** The bits of `members`: what {@link ErrorView.present} must hold for a reader to be called. */
export function memberMask(members: readonly ViewMember[] | undefined): number {
  let mask = 0;
  for (const member of members ?? []) mask |= VIEW_MEMBERS[member];
  return mask;
}

/**
 * The members of one error-shaped object, read once for every reader: `decode` walks a plain
 * object's own keys a single time (reading a hundred wire shapes member by member, reader by
 * reader, is what made decoding slow) and hands the same view to each reader in turn.
 */
export interface ErrorView {
  /** The object itself, for a reader that needs more than the members below. */
  readonly input: Record<string, unknown>;
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
  /** A GraphQL response's `errors` list (or anything under that name). */
  readonly errors: unknown;
  readonly hasHeadersOrBody: boolean;
  readonly hasJsonrpc: boolean;
  readonly hasEnvelopeCode: boolean;
  /** A member only an HTTP body has (a problem document's `title` / `detail`, AWS's `__type`). */
  readonly hasBodyMember: boolean;
  /** The `VIEW_MEMBERS` bits of the members it has (set, or not `undefined`). */
  readonly present: number;
}

/** What the decoder running a reader lends it: its own way to read what an error wraps. */
export interface ReadContext {
  /** Decode `value` with this decoder under `protocol` (a wrapper's inner error, its hint). */
  readonly decode: (value: unknown, protocol: Protocol | undefined) => AgentError;
  /** Classify `value` with this decoder and no protocol hint (a cause, a retry's last error). */
  readonly classify: (value: unknown) => AgentError;
  /**
   * What this decoder makes of `value` when no protocol's reading fits it: its fallback readers
   * (an error family such as Node's system errors, a schema failure), then the hub's own forms.
   * For a reader that claims everything under its protocol's hint and finds no protocol payload.
   */
  readonly fallback: (value: unknown) => AgentError;
  /**
   * `decoded`, unless this decoder's text readers recognise `input`'s message (by the ToolError
   * text reader's conservative keywords: "Not connected", "connection closed"): then that
   * reading's category and code. `received` becomes the cause (default: `input`).
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
  /**
   * The reading of `view` when the input is this reader's own, else `undefined`. A reader of
   * text alone has none (it has {@link Reader.recogniseText}).
   */
  recognise?(this: void, view: ErrorView, context: ReadContext): AgentError | undefined;
  /**
   * Members it cannot recognise anything without: the decoder calls it only on views that have
   * them all (an integer test per reader, where a call would cost more than most readings).
   */
  readonly requires?: readonly ViewMember[];
  /** Set when it reads error instances only (an SDK's classes): plain data never reaches it. */
  readonly instancesOnly?: boolean;
  /**
   * Set for an error family that is read only after every other reader has declined (and by
   * `ReadContext.fallback`): a shape others carry too, which their readers read better (a Node
   * system `code` on an axios error, a schema's `issues`).
   */
  readonly fallback?: boolean;
  /**
   * The protocol hints under which it can recognise anything (`undefined` standing for no hint);
   * omitted, every hint. The decoder leaves it out of the list it tries under any other.
   */
  readonly hints?: readonly (Protocol | undefined)[];
  /**
   * The reading of text (HTTP's plain-text body under its hint, ToolError text), or `undefined`.
   * The decoder tries text readers in order on text that is no JSON or server-sent event, and on
   * the message of an error no reader recognised (with no hint).
   */
  recogniseText?(this: void, text: string, protocol: Protocol | undefined): AgentError | undefined;
  /**
   * What of `error` is meant for the caller as it is, wherever it was thrown (a schema failure:
   * its issues say what to fix), or `undefined`. The exposure rule (`toExposableError`, every
   * encoder) asks the decoder's readers this before sending anything else as unexpected.
   */
  exposable?(this: void, error: object): AgentError | undefined;
  /**
   * Whether an instance is one of the compatibility classes this reader reads (ACP's
   * `RequestError`, opentabs' `ToolError`…), as its upstream package builds it: such an error was
   * meant to be sent with its own words. A decoder trusts an instance's words only when it
   * carries this library's brand or one of its readers says so here; it marks any other instance
   * unexpected. So a decoder that reads no ARCP carries no ARCP class test either.
   */
  meantToSend?(this: void, value: object): boolean;
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
  let errors: unknown;
  let hasHeadersOrBody = false;
  let hasJsonrpc = false;
  let hasEnvelopeCode = false;
  let hasBodyMember = false;
  let present = 0;
  // Plain data is walked key by key, at most MAX_VIEW_KEYS of them: past that (a 30k-key object,
  // or a proxy posing as one) its members are read by name instead, so the work stays bounded by
  // what a view needs, not by the object's width.
  let byName = !plain;
  if (plain) {
    let walked = 0;
    for (const key in input) {
      if (++walked > MAX_VIEW_KEYS) {
        byName = true;
        break;
      }
      switch (key) {
        case 'name':
          name = input[key];
          present |= HAS_NAME;
          break;
        case 'code':
          code = input[key];
          present |= HAS_CODE;
          break;
        case 'message':
          message = input[key];
          present |= HAS_MESSAGE;
          break;
        case 'error':
          error = input[key];
          present |= HAS_ERROR;
          break;
        case 'result':
          result = input[key];
          present |= HAS_RESULT;
          break;
        case 'status':
          status = input[key];
          present |= HAS_STATUS;
          break;
        case 'reason':
          reason = input[key];
          present |= HAS_REASON;
          break;
        case 'type':
          type = input[key];
          present |= HAS_TYPE;
          break;
        case 'data':
          data = input[key];
          present |= HAS_DATA;
          break;
        case 'headers':
          headers = input[key];
          present |= HAS_HEADERS;
          hasHeadersOrBody = true;
          break;
        case 'body':
          body = input[key];
          present |= HAS_BODY;
          hasHeadersOrBody = true;
          break;
        case 'statusText':
          statusText = input[key];
          present |= HAS_STATUS_TEXT;
          break;
        case 'errors':
          errors = input[key];
          present |= HAS_ERRORS;
          break;
        case 'jsonrpc':
          hasJsonrpc = true;
          present |= HAS_JSONRPC;
          break;
        case 'isError':
          isError = input[key];
          present |= HAS_IS_ERROR;
          break;
        case 'content':
          content = input[key];
          present |= HAS_CONTENT;
          break;
        case 'envelopeCode':
          envelopeCode = input[key];
          present |= HAS_ENVELOPE_CODE;
          hasEnvelopeCode = true;
          break;
        case 'title':
        case 'detail':
        case '__type':
          hasBodyMember = true;
          break;
      }
    }
  }
  if (byName) {
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
    errors = input.errors;
    hasJsonrpc = 'jsonrpc' in input;
    isError = input.isError;
    content = input.content;
    envelopeCode = input.envelopeCode;
    hasEnvelopeCode = 'envelopeCode' in input;
    present =
      (name !== undefined ? HAS_NAME : 0) |
      (code !== undefined ? HAS_CODE : 0) |
      (message !== undefined ? HAS_MESSAGE : 0) |
      (error !== undefined ? HAS_ERROR : 0) |
      (result !== undefined ? HAS_RESULT : 0) |
      (status !== undefined ? HAS_STATUS : 0) |
      (reason !== undefined ? HAS_REASON : 0) |
      (type !== undefined ? HAS_TYPE : 0) |
      (data !== undefined ? HAS_DATA : 0) |
      (envelopeCode !== undefined ? HAS_ENVELOPE_CODE : 0) |
      (isError !== undefined ? HAS_IS_ERROR : 0) |
      (content !== undefined ? HAS_CONTENT : 0) |
      (headers !== undefined ? HAS_HEADERS : 0) |
      (body !== undefined ? HAS_BODY : 0) |
      (statusText !== undefined ? HAS_STATUS_TEXT : 0) |
      (errors !== undefined ? HAS_ERRORS : 0) |
      (hasJsonrpc ? HAS_JSONRPC : 0);
    if (plain) hasBodyMember = 'title' in input || 'detail' in input || '__type' in input;
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
    errors,
    hasHeadersOrBody,
    hasJsonrpc,
    hasEnvelopeCode,
    hasBodyMember,
    present,
  };
}

// The members a view reads, and those whose presence alone it notes.
const VIEW_KEYS = [
  'name',
  'code',
  'message',
  'error',
  'result',
  'status',
  'reason',
  'type',
  'data',
  'envelopeCode',
  'isError',
  'content',
  'headers',
  'body',
  'statusText',
  'errors',
  'jsonrpc',
  'title',
  'detail',
  '__type',
] as const;

/**
 * {@link readView} for an input whose members may throw when read (a getter, a Proxy trap): each
 * member read once through a guard, a throwing one read as missing. For the decoder's never-throw
 * path, after a plain {@link readView} of the same input threw; `input` is still the original.
 */
export function guardedView(input: Rec, plain: boolean, protocol: Protocol | undefined): ErrorView {
  const members: Rec = {};
  for (const key of VIEW_KEYS) {
    const value = readMember(input, key);
    if (value !== undefined) members[key] = value;
  }
  return { ...readView(members, plain, protocol), input, instance: !plain };
}

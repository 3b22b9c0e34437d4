import { describeValue, isPlainObject, isRecord, readMember } from '../core/is.js';
import { AgentError, decodedError, isAgentError } from '../core/agent-error.js';
import type { Protocol } from '../core/categories.js';
import { copyRecord } from '../core/copy-record.js';
import { carriesOwnBrand, isMeantToSend } from '../core/intent.js';
import { normalizeError } from '../core/normalize-error.js';
import { guardedView, memberMask, readView } from '../core/reader.js';
import type { ErrorView, ReadContext, Reader } from '../core/reader.js';
import { realElements } from '../core/real-elements.js';
import { markUnexpected } from '../core/unexpected.js';
import { isWebResponse } from '../registry/generic.js';

/** Options for {@link Decoder.decode} (and the root `decode`). */
export interface DecodeOptions {
  /**
   * The protocol the input came from, when the caller knows it: `decode(x, { from: 'mcp' })`. It
   * settles numeric codes that mean different things in different protocols (-32000 is "auth
   * required" in ACP and "connection closed" in MCP). Without it, the shape, message and data
   * decide.
   */
  from?: Protocol;
  /**
   * {@link DecodeOptions.from} under its former name, read when `from` is not given.
   * @deprecated Use `from`: `protocol` is also an error category (`AgentError.protocol()`). This
   * spelling goes in the next minor version.
   */
  protocol?: Protocol;
}

/**
 * A classifier built from a list of readers by {@link createDecoder}: the root `decode`,
 * `tryDecode` and `toAgentError` are the one built from every reader.
 */
export interface Decoder {
  /** Any error, in any form, as an {@link AgentError}. Never throws. */
  decode(input: unknown, options?: DecodeOptions): AgentError;
  /** {@link Decoder.decode}, except that what carries no error gives `undefined`. */
  tryDecode(input: unknown, options?: DecodeOptions): AgentError | undefined;
  /** {@link Decoder.decode} with no protocol hint: what a `catch` block reads best with. */
  toAgentError(thrown: unknown): AgentError;
  /**
   * What its readers say of `error` is meant for the caller as it is, wherever it was thrown (a
   * schema failure with its issues), else `undefined`: the exposure rule asks this first.
   */
  exposable(error: object): AgentError | undefined;
  /** The readers it tries, in order. */
  readonly readers: readonly Reader[];
}

type Rec = Record<string, unknown>;

const LOOKS_LIKE_JSON = /^(?:\{\s*["}]|\[\s*(?:[[{"\]\d-]|true|false|null))/;
const MAX_BATCH_ITEMS = 10_000;
/** What ends a line of a server-sent event, and how many of its lines are read. */
const LINE_END = /\r\n|\r|\n/;
const MAX_SSE_LINES = 64;

/**
 * A decoder that tries `readers` in the order given (the first that recognises an input
 * decides), around the steps every decoder has: text, JSON text and server-sent events are
 * parsed first, batches read by their first error, `AgentError`s and their copies taken as they
 * are; what no reader recognises goes to the general normaliser (the hub's own forms, aborts,
 * aggregates, whose members this decoder reads) and then to its message's keywords. Node system
 * errors and schema failures are readers like any other (`systemErrorReader`, `schemaReader`),
 * so a decoder built without them reads neither. Throws a
 * `TypeError` when a reader is not `{ name, recognise }`.
 *
 * @example
 * import { createDecoder } from 'agent-errors';
 * import { providerSdkReader } from 'agent-errors/http';
 * const { toAgentError } = createDecoder([providerSdkReader]);
 * toAgentError(openAiRateLimitError).category; // 'rate_limit'
 */
export function createDecoder(readers: readonly Reader[]): Decoder {
  if (!Array.isArray(readers)) {
    throw new TypeError(
      `createDecoder: readers must be an array of readers; received ${describeValue(readers)}`,
    );
  }
  const list: readonly Reader[] = Object.freeze(
    readers.map((reader: unknown, index) => checkedReader(reader, index)),
  );
  const textReaders = list.filter((reader) => typeof reader.recogniseText === 'function');
  const exposing = list.filter((reader) => typeof reader.exposable === 'function');
  // The compatibility classes this decoder's readers read: the only instances, besides this
  // library's own, whose words it trusts.
  const classTests = list.flatMap((reader) =>
    typeof reader.meantToSend === 'function' ? [reader.meantToSend] : [],
  );
  const isCompatibilityInstance = (value: unknown): boolean =>
    classTests.some((meantToSend) => meantToSend(value as object));
  /** What the text readers make of `text`: the first reading, or `undefined`. */
  function readText(text: string, protocol: Protocol | undefined): AgentError | undefined {
    for (const reader of textReaders) {
      const decoded = reader.recogniseText?.(text, protocol);
      if (decoded !== undefined) return decoded;
    }
    return undefined;
  }
  /**
   * What the text readers make of `input`'s message (the ToolError text reader's keywords: "Not
   * connected") when they recognise it, else `decoded`; `received` becomes the cause.
   */
  function byKeywords(
    decoded: AgentError,
    input: { message?: unknown },
    received: unknown = input,
  ): AgentError {
    const message = input.message;
    if (typeof message !== 'string' || message === '') return decoded;
    const guess = readText(message, undefined);
    if (guess === undefined || guess.category === 'internal') return decoded;
    return decodedError({
      message: decoded.message,
      category: guess.category,
      code: guess.code,
      retryable: guess.retryable,
      retryAfterMs: undefined,
      details: decoded.details,
      wire: undefined,
      cause: received,
      unexpected: decoded.unexpected,
    });
  }
  // The readers that can recognise anything, by kind of input and protocol hint, each list
  // filtered once: plain data never calls a reader of instances, an unhinted input never one
  // that reads only under a hint.
  // Their `recognise` functions alone, in an array: one call site that loads no method off
  // twenty differently shaped reader objects (a megamorphic load per reader, per decode).
  // Beside each, the bits of the members it requires (an integer test before any call).
  type Recognise = NonNullable<Reader['recognise']>;
  type Tried = { readonly recognise: readonly Recognise[]; readonly masks: readonly number[] };
  const forPlain = new Map<Protocol | undefined, Tried>();
  const forInstances = new Map<Protocol | undefined, Tried>();
  let plainUnhinted: Tried | undefined;
  let instancesUnhinted: Tried | undefined;
  function filtered(plain: boolean, protocol: Protocol | undefined): Tried {
    const tried = list.filter(
      (reader): reader is Reader & { recognise: Recognise } =>
        typeof reader.recognise === 'function' &&
        reader.fallback !== true &&
        !(plain && reader.instancesOnly === true) &&
        (reader.hints === undefined || reader.hints.includes(protocol)),
    );
    return {
      recognise: tried.map((reader) => reader.recognise),
      masks: tried.map((reader) => memberMask(reader.requires)),
    };
  }
  function readersFor(plain: boolean, protocol: Protocol | undefined): Tried {
    // Most inputs come with no hint: their two lists are found without a lookup.
    if (protocol === undefined) {
      if (plain) return (plainUnhinted ??= filtered(true, undefined));
      return (instancesUnhinted ??= filtered(false, undefined));
    }
    const cache = plain ? forPlain : forInstances;
    let found = cache.get(protocol);
    if (found === undefined) {
      found = filtered(plain, protocol);
      // Bounded, for hints that name no protocol (they come from outside the type system too).
      if (cache.size < 64) cache.set(protocol, found);
    }
    return found;
  }

  // The error families read last, in their order: a shape other readers' inputs carry too.
  const fallbacks = list.filter(
    (reader): reader is Reader & { recognise: Recognise } =>
      reader.fallback === true && typeof reader.recognise === 'function',
  );
  const fallbackMasks = fallbacks.map((reader) => memberMask(reader.requires));

  const context: ReadContext = {
    decode: (value, protocol) => decodeValue(value, protocol),
    classify: (value) => classifyAnything(value, undefined),
    fallback: (value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return normalizeError(value);
      }
      const plain = isPlainObject(value);
      return readFallback(value as Rec, readView(value as Rec, plain, undefined));
    },
    byKeywords,
  };

  /** What the fallback readers make of `input`, else the hub's reading of it. */
  function readFallback(input: Rec, view: ErrorView): AgentError {
    const present = view.present;
    for (let i = 0; i < fallbacks.length; i++) {
      const mask = fallbackMasks[i] as number;
      if ((present & mask) !== mask) continue;
      const decoded = (fallbacks[i] as Reader & { recognise: Recognise }).recognise(view, context);
      if (decoded !== undefined) return decoded;
    }
    // The hub's own forms; an aggregate's members read by this decoder.
    return normalizeError(input, context.classify);
  }

  /** A non-null, non-array object: read once into a view, then by each reader in turn. */
  function decodeRecord(input: Rec, plain: boolean, protocol: Protocol | undefined): AgentError {
    const decoded = readRecord(input, plain, protocol);
    // The one rule for intent: an instance (a thrown error) that is neither ours nor a supported
    // compatibility class is unexpected, whatever its fields made a reader read it as.
    return plain || isMeantToSend(input, isCompatibilityInstance)
      ? decoded
      : markUnexpected(decoded);
  }

  function readRecord(input: Rec, plain: boolean, protocol: Protocol | undefined): AgentError {
    const view = readView(input, plain, protocol);
    // A copy of an AgentError (JSON, structured clone): its code is a string, never a number.
    if (typeof view.code === 'string' && typeof view.message === 'string' && isAgentError(input)) {
      return normalizeError(input);
    }
    const { recognise, masks } = readersFor(plain, protocol);
    const present = view.present;
    for (let i = 0; i < recognise.length; i++) {
      const mask = masks[i] as number;
      if ((present & mask) !== mask) continue;
      const decoded = (recognise[i] as Recognise)(view, context);
      if (decoded !== undefined) return decoded;
    }
    const normalized = readFallback(input, view);
    return isBareInternal(normalized) ? byKeywords(normalized, input) : normalized;
  }

  function decodeValue(input: unknown, protocol: Protocol | undefined): AgentError {
    if (typeof input === 'string') return decodeText(input, protocol);
    if (input === null || typeof input !== 'object') return normalizeError(input);
    if (Array.isArray(input)) return decodeBatch(input, protocol);
    // What arrives off the wire is a plain object: the class checks apply only to instances.
    const proto: unknown = Object.getPrototypeOf(input);
    if (proto === Object.prototype || proto === null)
      return decodeRecord(input as Rec, true, protocol);
    // The compatibility classes convert themselves (RequestError, McpError, ResponseError…);
    // what another copy of this package branded is taken at its (checked) word.
    if (input instanceof AgentError || carriesOwnBrand(input)) return normalizeError(input);
    return decodeRecord(input as Rec, false, protocol);
  }

  function decodeText(text: string, protocol: Protocol | undefined): AgentError {
    const trimmed = text.trim();
    // A server-sent event: an error after a 200 (`event: error`, Anthropic's overloaded_error).
    if (trimmed.startsWith('event:') || trimmed.startsWith('data:')) {
      const data = sseData(trimmed);
      if (data !== undefined) return decodeValue(data, protocol);
    }
    // Only what can be JSON is parsed: a failed JSON.parse throws, and a throw costs more than
    // the whole decode (`[ERROR code=…]` text starts with a bracket too).
    if (LOOKS_LIKE_JSON.test(trimmed)) {
      try {
        return decodeValue(JSON.parse(trimmed) as unknown, protocol);
      } catch {
        // Not JSON after all: read it as text.
      }
    }
    const decoded = readText(text, protocol);
    // Text nothing recognised (no ToolError header, no keyword) may be anything: a thrown string.
    if (decoded === undefined) return normalizeError(text);
    return isBareInternal(decoded) ? markUnexpected(decoded) : decoded;
  }

  function decodeBatch(batch: readonly unknown[], protocol: Protocol | undefined): AgentError {
    // Its real elements, bounded: a sparse batch of length 2^32 − 1 costs what it holds.
    const errors = realElements(batch, MAX_BATCH_ITEMS).filter(
      (item) => isRecord(item) && isRecord(item.error),
    );
    const [first] = errors;
    if (first === undefined) {
      // A list of `{ message }` errors, no batch (what graphql-ws hands its sink for an
      // operation's `error` message): read as the response that would carry it.
      const items = realElements(batch, MAX_BATCH_ITEMS);
      if (
        items.length > 0 &&
        items.every((item) => typeof readMember(item, 'message') === 'string')
      )
        return decodeRecord({ errors: items }, true, protocol);
      return AgentError.protocol('A JSON-RPC batch with no error response in it', {
        code: 'NOT_AN_ERROR',
        captureStack: false,
        cause: batch,
      });
    }
    const primary = decodeValue(first, protocol);
    if (errors.length === 1) return primary;
    const summary: { id: unknown; code: string; category: string; retryable: boolean }[] = [];
    for (let k = 0; k < errors.length && k < 20; k++) {
      const item = errors[k] as Rec;
      const e = k === 0 ? primary : decodeValue(item, protocol);
      summary.push({
        id: item.id ?? null,
        code: e.code,
        category: e.category,
        retryable: e.retryable,
      });
    }
    const details = primary.details === undefined ? {} : copyRecord(primary.details);
    details.batch = summary;
    details.batchErrors = errors.length;
    return decodedError({
      message: primary.message,
      category: primary.category,
      code: primary.code,
      retryable: primary.retryable,
      retryAfterMs: primary.retryAfterMs,
      details,
      wire: primary.wire,
      cause: batch,
      unexpected: primary.unexpected,
    });
  }

  /** The one classifier behind decode and toAgentError: the never-throw guard. */
  function classifyAnything(input: unknown, protocol: Protocol | undefined): AgentError {
    try {
      return decodeValue(input, protocol);
    } catch (failure) {
      // A reader refused the input (a TypeError naming the field), or a member threw when read:
      // the fallback readers and the hub read what they can, each member through a guard.
      try {
        if (input === null || typeof input !== 'object' || Array.isArray(input)) {
          return normalizeError(input);
        }
        const plain = isPlainObject(input);
        return readFallback(input as Rec, guardedView(input as Rec, plain, protocol));
      } catch {
        return AgentError.internal('An undecodable error was received', {
          captureStack: false,
          cause: failure,
        });
      }
    }
  }

  return Object.freeze({
    decode: (input: unknown, options?: DecodeOptions) =>
      classifyAnything(input, options?.from ?? options?.protocol),
    tryDecode: (input: unknown, options?: DecodeOptions) =>
      carriesNoError(input)
        ? undefined
        : classifyAnything(input, options?.from ?? options?.protocol),
    toAgentError: (thrown: unknown) => classifyAnything(thrown, undefined),
    exposable: (error: object) => {
      for (const reader of exposing) {
        const meant = reader.exposable?.(error);
        if (meant !== undefined) return meant;
      }
      return undefined;
    },
    readers: list,
  });
}

function checkedReader(reader: unknown, index: number): Reader {
  const r = reader as Partial<Reader> | null | undefined;
  if (
    r === null ||
    typeof r !== 'object' ||
    typeof r.name !== 'string' ||
    (r.recognise !== undefined && typeof r.recognise !== 'function') ||
    (r.recogniseText !== undefined && typeof r.recogniseText !== 'function') ||
    (r.meantToSend !== undefined && typeof r.meantToSend !== 'function') ||
    (r.exposable !== undefined && typeof r.exposable !== 'function') ||
    (r.fallback !== undefined && typeof r.fallback !== 'boolean') ||
    (r.recognise === undefined && r.recogniseText === undefined)
  ) {
    throw new TypeError(
      `createDecoder: readers[${index}] must be a reader ({ name: string, recognise(view, context) and/or recogniseText(text, protocol), optional meantToSend(value), exposable(error), fallback: boolean }); received ${describeValue(reader)}`,
    );
  }
  return r as Reader;
}

/** An internal error with the default code: one nothing recognised. */
function isBareInternal(decoded: AgentError): boolean {
  return decoded.category === 'internal' && decoded.code === 'INTERNAL_ERROR';
}

/**
 * The JSON an SSE `event: error` (or any event whose data is JSON) carries: its `data:` lines
 * joined, as the EventSource specification joins them. `undefined` when it is no such event.
 */
function sseData(text: string): unknown {
  let data: string | undefined;
  let event: string | undefined;
  for (const line of text.split(LINE_END, MAX_SSE_LINES)) {
    if (line.startsWith('data:')) {
      const value = line.slice(line.startsWith('data: ') ? 6 : 5);
      data = data === undefined ? value : `${data}\n${value}`;
    } else if (line.startsWith('event:')) event = line.slice(6).trim();
  }
  if (data === undefined || (event !== undefined && event !== 'error' && !data.includes('error'))) {
    return undefined;
  }
  const trimmed = data.trim();
  if (!LOOKS_LIKE_JSON.test(trimmed)) return event === 'error' ? trimmed : undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether `input` carries no error: a JSON-RPC success response, an MCP tool result whose
 * `isError` is not `true`, an HTTP response (or fetch `Response`) below 400, a gRPC status with
 * code 0, `null` and `undefined`.
 */
function carriesNoError(input: unknown): boolean {
  if (input === null || input === undefined) return true;
  if (typeof input !== 'object') return false;
  try {
    if (Array.isArray(input)) return false;
    if (isWebResponse(input)) return input.status < 400;
    const v = input as Rec;
    if ('jsonrpc' in v && 'result' in v && !('error' in v)) return true;
    if (Array.isArray(v.content) && !('error' in v)) return v.isError !== true;
    if (typeof v.status === 'number' && ('headers' in v || 'body' in v)) {
      // Slack answers its failures with 200 and `{ ok: false, error }`.
      const body = v.body as { ok?: unknown } | null | undefined;
      return v.status < 400 && !(typeof body === 'object' && body !== null && body.ok === false);
    }
    if (v.ok === false && typeof v.error === 'string') return false;
    return v.code === 0 && 'details' in v && !('error' in v);
  } catch {
    return false;
  }
}

import { isErrorCategory, isProtocol } from './categories.js';
import type { ErrorCategory, Protocol } from './categories.js';
import {
  REDACTED,
  isSensitiveKey,
  mightContainSecret,
  normaliseKey,
  redactString,
} from './redact.js';
import { isCountKey } from './sensitive-keys.js';
import type { RedactOptions } from './redact.js';

/** A value `JSON.stringify` writes as it is. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Bounds and redaction for {@link toJsonSafe} and {@link serializeError}. */
export interface SafeJsonOptions extends RedactOptions {
  /** Redact secrets by key name and by value pattern (default `true`). */
  redact?: boolean;
  /** Nesting deeper than this becomes `'[MaxDepth]'` (default 10). */
  maxDepth?: number;
  /** Longer strings are cut and marked (default 10,000 characters). */
  maxStringLength?: number;
  /** Longer arrays are cut and marked (default 100 items). */
  maxArrayLength?: number;
  /** Objects with more keys are cut and marked (default 100 keys). */
  maxKeys?: number;
  /**
   * At most this many objects and arrays are visited in all; the rest become `'[Truncated]'`
   * (default 5,000). String values are read up to 4 million characters in all, likewise.
   */
  maxNodes?: number;
}

/** Options for {@link serializeError}. */
export interface SerializeErrorOptions extends SafeJsonOptions {
  /** Include `stack` (default `false`: stacks never belong on the wire). */
  includeStack?: boolean;
  /**
   * Include the `cause` chain and `AggregateError.errors`, sanitised like the rest (default
   * `false`: a cause is not an error the code meant to send, and may hold anything). For logs.
   *
   * @example
   * serializeError(err, { cause: true });
   */
  cause?: boolean;
  /** The same as {@link SerializeErrorOptions.cause}: `true` includes causes (default `false`). */
  includeCause?: boolean;
  /** Causes nested deeper than this become `'[MaxCauseDepth]'` (default 5). */
  maxCauseDepth?: number;
}

/** The JSON-safe form of an error that {@link serializeError} returns. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string | number;
  category?: ErrorCategory;
  retryable?: boolean;
  retryAfterMs?: number;
  details?: { [key: string]: JsonValue };
  wire?: { protocol: Protocol; code: number | string; message: string; data?: JsonValue };
  /** An `AgentError`'s exposure mark (`AgentError.unexpected`), when set. */
  unexpected?: true;
  /** An `AgentError`'s `errorId`, when set. */
  errorId?: string;
  cause?: SerializedError | JsonValue;
  errors?: (SerializedError | JsonValue)[];
  stack?: string;
  [key: string]: JsonValue | SerializedError | (SerializedError | JsonValue)[] | undefined;
}

/** Markers left where a value could not be written as it was. */
export const MARKERS = {
  circular: '[Circular]',
  maxDepth: '[MaxDepth]',
  maxCauseDepth: '[MaxCauseDepth]',
  truncated: '[Truncated]',
  toJsonThrew: '[toJSON threw]',
  getterThrew: '[Getter threw]',
  unreadable: '[Unreadable]',
} as const;

/**
 * How deep `toJsonSafe` / `serializeError` may be re-entered (from a `toJSON` or getter that calls
 * back in): each call brings its own budget, so unbounded re-entry would be unbounded work.
 */
const MAX_NESTING = 8;
let nesting = 0;

/** Characters of string values read in one serialisation, at most (redaction is linear). */
const MAX_CHARS = 4_000_000;

function bound(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new TypeError(
      `serializeError: ${option} must be a number >= 0; received ${String(value)}`,
    );
  }
  return value;
}

/** One serialisation's settings and running state. A class: this is the hot path of every encoder. */
class Ctx {
  readonly redact: boolean;
  /** The caller's redaction rules, as `redactString` and `isSensitiveKey` take them. */
  readonly rules: RedactOptions | undefined;
  readonly maxDepth: number;
  readonly maxStringLength: number;
  readonly maxArrayLength: number;
  readonly maxKeys: number;
  readonly includeStack: boolean;
  readonly includeCause: boolean;
  readonly maxCauseDepth: number;
  nodes: number;
  /** The characters of strings still to read (each is redacted whole before it is cut). */
  chars = MAX_CHARS;
  /**
   * The objects on the current path, the first `pathLength` of the list. Depth is bounded, so a
   * list beats a Set here. A slot is cleared on the way out, not popped: popping the last item
   * gives the list's storage back, and the next object walked paid to grow it again.
   */
  readonly path: (object | undefined)[] = [];
  pathLength = 0;

  constructor(o: SerializeErrorOptions | undefined, maxNodes: number) {
    if (o === undefined) {
      this.redact = true;
      this.rules = undefined;
      this.maxDepth = 10;
      this.maxStringLength = 10_000;
      this.maxArrayLength = 100;
      this.maxKeys = 100;
      this.includeStack = false;
      this.includeCause = false;
      this.maxCauseDepth = 5;
      this.nodes = maxNodes;
      return;
    }
    this.redact = o.redact !== false;
    this.rules =
      o.redactKeys === undefined && o.redactPatterns === undefined && o.allowKeys === undefined
        ? undefined
        : {
            ...(o.redactKeys !== undefined ? { redactKeys: o.redactKeys } : {}),
            ...(o.redactPatterns !== undefined ? { redactPatterns: o.redactPatterns } : {}),
            ...(o.allowKeys !== undefined ? { allowKeys: o.allowKeys } : {}),
          };
    this.maxDepth = bound(o.maxDepth, 10, 'maxDepth');
    this.maxStringLength = bound(o.maxStringLength, 10_000, 'maxStringLength');
    this.maxArrayLength = bound(o.maxArrayLength, 100, 'maxArrayLength');
    this.maxKeys = bound(o.maxKeys, 100, 'maxKeys');
    this.includeStack = o.includeStack === true;
    this.includeCause = o.cause === true || o.includeCause === true;
    this.maxCauseDepth = bound(o.maxCauseDepth, 5, 'maxCauseDepth');
    this.nodes = bound(o.maxNodes, maxNodes, 'maxNodes');
  }

  /** Whether `obj` is on the current path: reached again, it is a cycle. */
  onPath(obj: object): boolean {
    for (let i = 0; i < this.pathLength; i++) if (this.path[i] === obj) return true;
    return false;
  }

  enter(obj: object): void {
    this.path[this.pathLength++] = obj;
  }

  leave(): void {
    this.path[--this.pathLength] = undefined;
  }
}

function safeString(text: string, ctx: Ctx): string {
  // Redact the whole text, then cut: a cut made first can hide the end of a secret (a PEM
  // block's END line, the rest of a key) from the redactor and send its beginning. Redaction
  // is linear in the text, so the whole of it costs no more than reading it.
  let out = ctx.redact ? redactString(text, ctx.rules) : text;
  if (out.length > ctx.maxStringLength) {
    out = `${out.slice(0, ctx.maxStringLength)}…[${out.length - ctx.maxStringLength} more characters]`;
  }
  return out;
}

function asText(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

function get(target: object, key: PropertyKey): unknown {
  return (target as Record<PropertyKey, unknown>)[key];
}

function isErrorLike(value: object): boolean {
  if (value instanceof Error) return true;
  try {
    return Object.prototype.toString.call(value) === '[object Error]';
  } catch {
    return false;
  }
}

/** `value` made safe. Strings and objects, nearly everything a walk meets, are tested first. */
function walk(value: unknown, depth: number, ctx: Ctx, key?: string): JsonValue | undefined {
  if (typeof value === 'string') {
    // Redaction reads the whole of each string: past the budget, the rest is not read.
    if ((ctx.chars -= value.length) < 0) return MARKERS.truncated;
    // Most strings are short and hold nothing to redact: they go out as they are.
    return value.length <= ctx.maxStringLength && !(ctx.redact && mightHoldSecret(value, ctx))
      ? value
      : safeString(value, ctx);
  }
  if (typeof value === 'object' && value !== null) return walkNode(value, depth, ctx, key);
  return walkPrimitive(value, ctx);
}

/** An object or array: counted against the budget, checked for cycles and depth, then copied. */
function walkNode(obj: object, depth: number, ctx: Ctx, key?: string): JsonValue | undefined {
  // The budget counts objects and arrays (primitives are bounded by the lengths per level).
  if (ctx.nodes-- <= 0) return MARKERS.truncated;
  if (ctx.onPath(obj)) return MARKERS.circular;
  if (depth >= ctx.maxDepth) return MARKERS.maxDepth;
  ctx.enter(obj);
  try {
    return walkObject(obj, depth, ctx, key);
  } catch {
    // A Proxy whose traps throw, or an exotic object that refuses to be read.
    return MARKERS.unreadable;
  } finally {
    ctx.leave();
  }
}

/** Everything but strings and objects. */
function walkPrimitive(value: unknown, ctx: Ctx): JsonValue | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
      return value;
    case 'bigint':
      return `${value.toString()}n`;
    case 'symbol':
      return safeString(value.toString(), ctx);
    case 'function': {
      let name: unknown;
      try {
        name = value.name;
      } catch {
        // A Proxy of a function whose get trap throws.
      }
      return `[Function${typeof name === 'string' && name !== '' ? ` ${safeString(name, ctx)}` : ''}]`;
    }
    case 'undefined':
      return undefined;
  }
  return null;
}

/** Bytes are never sent as themselves, only as their kind and size. */
function byteSummary(obj: ArrayBufferView | ArrayBuffer): string {
  let name = 'Bytes';
  try {
    const own: unknown = (obj.constructor as { name?: unknown } | undefined)?.name;
    if (typeof own === 'string') name = own;
  } catch {
    // A constructor getter that throws: the generic name will do.
  }
  return `[${name} ${obj.byteLength} bytes]`;
}

function walkObject(obj: object, depth: number, ctx: Ctx, key?: string): JsonValue | undefined {
  if (Array.isArray(obj)) return walkList(obj, depth, ctx, key);
  // Before `toJSON`: a Buffer's would send its bytes (`{ type: 'Buffer', data: […] }`).
  if (ArrayBuffer.isView(obj) || obj instanceof ArrayBuffer) return byteSummary(obj);
  const hasToJson = 'toJSON' in obj;
  const proto: unknown = Object.getPrototypeOf(obj);
  const plain = proto === Object.prototype || proto === null;
  // Plain data (what JSON.parse gives), the common case: copied key by key.
  if (plain && !hasToJson) return walkPlain(obj, depth, ctx, true);
  if (!plain && isErrorLike(obj)) return serializeInto(obj, depth, ctx, 0) as unknown as JsonValue;
  let toJSON: unknown;
  try {
    toJSON = get(obj, 'toJSON');
  } catch {
    return MARKERS.getterThrew;
  }
  if (typeof toJSON === 'function') {
    let replaced: unknown;
    try {
      replaced = (toJSON as (this: object, key: string) => unknown).call(obj, key ?? '');
    } catch {
      return MARKERS.toJsonThrew;
    }
    return replaced === obj ? MARKERS.circular : walk(replaced, depth + 1, ctx, key);
  }
  if (plain) return walkPlain(obj, depth, ctx, true);
  if (obj instanceof Map) return walkMap(obj as Map<unknown, unknown>, depth, ctx);
  if (obj instanceof Set) return walkList([...obj].slice(0, ctx.maxArrayLength + 1), depth, ctx);
  if (obj instanceof RegExp) return safeString(String(obj), ctx);
  if (obj instanceof Promise || obj instanceof WeakMap || obj instanceof WeakSet) {
    return `[${obj.constructor.name}]`;
  }
  return walkPlain(obj, depth, ctx, false);
}

/**
 * A Map as `[key, value]` pairs, a value under a sensitive string key redacted as an object's
 * would be (`new Map([['password', …]])`). Stops reading past `maxArrayLength` entries.
 */
function walkMap(map: Map<unknown, unknown>, depth: number, ctx: Ctx): JsonValue[] {
  const out: JsonValue[] = [];
  for (const [key, value] of map) {
    if (out.length >= ctx.maxArrayLength) {
      out.push(`[${map.size - out.length} more entries]`);
      break;
    }
    const hidden =
      ctx.redact && typeof key === 'string' && isSecretHolder(value, keyInfo(key, ctx));
    out.push([
      walk(key, depth + 2, ctx) ?? null,
      hidden ? REDACTED : (walk(value, depth + 2, ctx) ?? null),
    ]);
  }
  return out;
}

/**
 * `obj`'s own enumerable members, made safe. `plain`: its prototype is `Object.prototype` or
 * `null` (what JSON.parse and literals make), so a `for…in` over it walks no prototype chain
 * worth the name; any other object's keys are listed by {@link boundedKeys}, at most `maxKeys`
 * of them (a prototype can hold any number of enumerable keys, or be a proxy).
 */
function walkPlain(
  obj: object,
  depth: number,
  ctx: Ctx,
  plain: boolean,
): { [key: string]: JsonValue } {
  if (plain && !isWide(obj)) return copyNarrow(obj, depth, ctx);
  const { keys, more } = boundedKeys(obj, ctx.maxKeys);
  if (keys.length > WIDE && more === 0) {
    const copy = wideCopy(obj, depth, ctx);
    if (copy !== undefined) return copy;
  }
  return copyByKey(obj, keys, more, depth, ctx);
}

/**
 * `obj`'s first `max` own enumerable string keys, in `Object.keys` order, with the work bounded
 * by `max`, not by the object's width: the one `ownKeys` list (no prototype is asked, and a
 * proxy's own word on each key's descriptor is asked only for the keys looked at, where
 * `Object.keys` asks about every one). At most `4 * max + 16` keys are looked at, so a crowd of
 * non-enumerable keys cannot stretch the walk either. `more`: how many string keys were not
 * looked at or not taken for lack of room (0 when none). A throwing trap ends the walk there.
 */
function boundedKeys(obj: object, max: number): { keys: string[]; more: number } {
  const keys: string[] = [];
  let more = 0;
  try {
    const own = Reflect.ownKeys(obj);
    const lookAt = 4 * max + 16;
    let looked = 0;
    for (let i = 0; i < own.length; i++) {
      const key = own[i];
      if (typeof key !== 'string') continue;
      if (keys.length === max || looked === lookAt) {
        more++;
        continue;
      }
      looked++;
      if (Object.getOwnPropertyDescriptor(obj, key)?.enumerable === true) keys.push(key);
    }
  } catch {
    // What was listed before the trap threw is what is copied.
  }
  return { keys, more };
}

/** Whether `obj` lists more than {@link WIDE} enumerable keys, counted without listing them. */
function isWide(obj: object): boolean {
  let n = 0;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only counted
  for (const _ in obj) if (++n > WIDE) return true;
  return false;
}

// Called with `.call` (an own-key test V8 reads from the for…in's cache).
// eslint-disable-next-line @typescript-eslint/unbound-method
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * {@link copyByKey} for a narrow object, its own keys walked by `for…in`. Inherited keys (a polluted `Object.prototype`) are skipped, as `Object.keys` skips them. A
 * proxy posing as plain data has its traps asked more often than `Object.keys` asks them (its
 * prototype, each key's descriptor twice): one that then throws reads as `[Unreadable]`, as a
 * throwing trap does anywhere else.
 */
function copyNarrow(from: object, depth: number, ctx: Ctx): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {};
  let n = 0;
  for (const key in from) {
    if (!hasOwn.call(from, key)) continue;
    // A proxy may list more keys than when they were counted: the limit still holds.
    if (n++ < ctx.maxKeys) writeProperty(out, from, key, depth, ctx);
  }
  if (n > ctx.maxKeys) out['…'] = `[${n - ctx.maxKeys} more keys]`;
  return out;
}

/** A new object with `from`'s first `maxKeys` keys, each read once and made safe. */
function copyByKey(
  from: object,
  keys: readonly string[],
  more: number,
  depth: number,
  ctx: Ctx,
): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {};
  const n = Math.min(keys.length, ctx.maxKeys);
  for (let i = 0; i < n; i++) writeProperty(out, from, keys[i] as string, depth, ctx);
  const left = keys.length - n + more;
  if (left > 0) out['…'] = `[${left} more keys]`;
  return out;
}

// Past this many keys, an object is cloned and edited in place rather than copied key by key:
// one clone costs less than adding a hundred keys to a new object one at a time.
const WIDE = 16;

/**
 * {@link walkPlain} for a wide object: one spread reads each own enumerable property once (a
 * getter runs once) into a plain clone, whose values are then made safe in place. The clone's
 * own keys are walked, not the object's (a proxy may list other keys the second time).
 * `undefined` when a getter or trap throws: the key-by-key copy then marks where.
 */
function wideCopy(obj: object, depth: number, ctx: Ctx): { [key: string]: JsonValue } | undefined {
  let copy: Record<PropertyKey, unknown>;
  try {
    copy = { ...obj };
  } catch {
    return undefined;
  }
  const keys = Object.keys(copy);
  if (keys.length > ctx.maxKeys) return copyByKey(copy, keys, 0, depth, ctx);
  // Symbol-keyed members are no JSON, and a logger would still show them.
  for (const symbol of Object.getOwnPropertySymbols(copy)) delete copy[symbol];
  for (const key of keys) {
    const value = copy[key];
    let outKey = key;
    let safe: JsonValue | undefined;
    if (ctx.redact) {
      const info = keyInfo(key, ctx);
      outKey = info.out;
      if (isSecretHolder(value, info) || isPairValue(copy, key, ctx)) safe = REDACTED;
    }
    safe ??= walk(value, depth + 1, ctx, key);
    if (outKey !== key) {
      // A key that is itself a secret leaves under its redacted name.
      delete copy[key];
      if (safe !== undefined) put(copy as { [key: string]: JsonValue }, outKey, safe);
    } else if (safe !== value) copy[key] = safe;
  }
  return copy as { [key: string]: JsonValue };
}

/**
 * Whether a value under a key goes: under a sensitive key, everything but absence and flags,
 * and numbers too (`pin: 4821`, `password: 84736251`) unless the key names a count
 * (`max_tokens: 100`).
 */
function isSecretHolder(value: unknown, info: KeyInfo): boolean {
  if (!info.sensitive || value === null || value === undefined || typeof value === 'boolean') {
    return false;
  }
  return typeof value !== 'number' || !info.count;
}

// Names a pair of fields uses for "which" and "what": HAR's and fetch's `{ name, value }`,
// Postman's `{ key, value }`.
const PAIR_NAMES = ['name', 'key', 'header'] as const;

/**
 * Whether `key` is the `value` of a secret split over two fields (`{ name: 'Authorization',
 * value: 'Bearer …' }`): its sibling names a secret.
 */
function isPairValue(from: object, key: string, ctx: Ctx): boolean {
  if (key !== 'value') return false;
  for (const nameKey of PAIR_NAMES) {
    let name: unknown;
    try {
      name = get(from, nameKey);
    } catch {
      return true;
    }
    if (typeof name === 'string') return keyInfo(name, ctx).sensitive;
  }
  return false;
}

function writeProperty(
  out: { [key: string]: JsonValue },
  from: object,
  key: string,
  depth: number,
  ctx: Ctx,
): void {
  const info = ctx.redact ? keyInfo(key, ctx) : undefined;
  const outKey = info?.out ?? key;
  let v: unknown;
  try {
    v = get(from, key);
  } catch {
    put(out, outKey, MARKERS.getterThrew);
    return;
  }
  if (info !== undefined && (isSecretHolder(v, info) || isPairValue(from, key, ctx))) {
    put(out, outKey, REDACTED);
    return;
  }
  const safe = walk(v, depth + 1, ctx, key);
  if (safe !== undefined) put(out, outKey, safe);
}

/**
 * `out[key] = value`, except that an own `__proto__` (JSON.parse makes one) stays an own key:
 * assigned, it would set the copy's prototype instead.
 */
function put(out: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  if (key === '__proto__') {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else out[key] = value;
}

function mightHoldSecret(text: string, ctx: Ctx): boolean {
  return ctx.rules !== undefined || mightContainSecret(text);
}

/**
 * `value`'s safe copy. Always a copy, each member read once: what was checked is what is sent,
 * so a getter or a proxy that answers differently on a second read (when `JSON.stringify` reads
 * the result) has nothing to answer to. A proxy or getter that throws is marked.
 */
function safeValue(value: unknown, depth: number, ctx: Ctx, key?: string): JsonValue | undefined {
  try {
    return walk(value, depth, ctx, key);
  } catch {
    return MARKERS.unreadable;
  }
}

interface KeyInfo {
  readonly sensitive: boolean;
  /** Whether a number under the key is a count (`max_tokens`), shown although the key is sensitive. */
  readonly count: boolean;
  readonly out: string;
}

// Keys repeat across errors far more than values do: remember what the default rules said of each.
const KEY_CACHE = new Map<string, KeyInfo>();
const KEY_CACHE_LIMIT = 2_000;
const KEY_CACHE_MAX_LENGTH = 64;

function keyInfo(key: string, ctx: Ctx): KeyInfo {
  const cacheable = ctx.rules === undefined && key.length <= KEY_CACHE_MAX_LENGTH;
  if (cacheable) {
    const hit = KEY_CACHE.get(key);
    if (hit !== undefined) return hit;
  }
  const sensitive = isSensitiveKey(key, ctx.rules);
  const info = {
    sensitive,
    count: sensitive && isCountKey(normaliseKey(key)),
    out: safeString(key, ctx),
  };
  if (cacheable) {
    if (KEY_CACHE.size >= KEY_CACHE_LIMIT) KEY_CACHE.clear();
    KEY_CACHE.set(key, info);
  }
  return info;
}

function walkList(list: readonly unknown[], depth: number, ctx: Ctx, key?: string): JsonValue[] {
  const n = Math.min(list.length, ctx.maxArrayLength);
  const pairs = ctx.redact && holdsNamedValues(list, key);
  // Pushed, not preallocated: a packed array is what JSON.stringify writes fastest.
  const out: JsonValue[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      pairs && i % 2 === 1 && isNamedSecret(list, i, ctx)
        ? REDACTED
        : (walk(list[i], depth + 1, ctx, LIST_ITEM) ?? null),
    );
  }
  if (list.length > n) out.push(`[${list.length - n} more items]`);
  return out;
}

/**
 * Whether `list` holds names and values, each odd item named by the one before it: a
 * `[name, value]` pair (`['Authorization', 'Bearer …']`) in a list of pairs (what
 * `Object.entries` and `Headers` give), or a list under a headers key (a pair, or a flat
 * name, value, name, value… list: Node's `rawHeaders`, `rawTrailers`). A two-item list anywhere
 * else is a list, not a pair: a validation error's missing fields `['password', 'email']` are
 * names, and names are not secrets.
 */
function holdsNamedValues(list: readonly unknown[], key: string | undefined): boolean {
  if (key === undefined) return false;
  return (list.length === 2 && key === LIST_ITEM) || namesHeaderList(key);
}

/**
 * Whether `key` names a list of headers or trailers. Both words end in "rs" (the regexp folds
 * ASCII case only): looking at those two letters first spares nearly every key the regexp.
 */
function namesHeaderList(key: string): boolean {
  const n = key.length;
  return (
    (key.charCodeAt(n - 1) | 0x20) === 0x73 &&
    (key.charCodeAt(n - 2) | 0x20) === 0x72 &&
    HEADER_LIST.test(key)
  );
}

/** Whether `list[i]` is a secret by the name the item before it gives. */
function isNamedSecret(list: readonly unknown[], i: number, ctx: Ctx): boolean {
  const name = list[i - 1];
  if (typeof name !== 'string' || name.length > KEY_CACHE_MAX_LENGTH) return false;
  return isSecretHolder(list[i], keyInfo(name, ctx));
}

const HEADER_LIST = /(?:headers|trailers)$/i;

/**
 * The key a list's item is walked under (what its `toJSON` is given): it tells a pair inside a
 * list of pairs from a two-item list elsewhere. A property named `''` reads the same; it is no
 * list of pairs either way but may hold one, and then is read as one, which only redacts more.
 */
const LIST_ITEM = '';

// Fields written in this order first; every other own enumerable property follows.
const ERROR_FIELDS = new Set([
  'name',
  'message',
  'code',
  'category',
  'retryable',
  'retryAfterMs',
  'details',
  'wire',
  'unexpected',
  'errorId',
  'cause',
  'errors',
  'stack',
]);

function readField(error: object, key: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: get(error, key) };
  } catch {
    return { ok: false };
  }
}

function serializeInto(
  error: object,
  depth: number,
  ctx: Ctx,
  causeDepth: number,
): SerializedError {
  const name = readField(error, 'name');
  const message = readField(error, 'message');
  const out: SerializedError = {
    name: name.ok && typeof name.value === 'string' ? safeString(name.value, ctx) : 'Error',
    message: !message.ok
      ? MARKERS.getterThrew
      : typeof message.value === 'string'
        ? safeString(message.value, ctx)
        : message.value === undefined
          ? ''
          : safeString(asText(walk(message.value, depth + 1, ctx)), ctx),
  };
  const code = readField(error, 'code');
  if (code.ok && (typeof code.value === 'string' || typeof code.value === 'number')) {
    out.code = typeof code.value === 'string' ? safeString(code.value, ctx) : code.value;
  }
  const category = readField(error, 'category');
  if (category.ok && isErrorCategory(category.value)) out.category = category.value;
  const retryable = readField(error, 'retryable');
  if (retryable.ok && typeof retryable.value === 'boolean') out.retryable = retryable.value;
  const retryAfterMs = readField(error, 'retryAfterMs');
  if (
    retryAfterMs.ok &&
    typeof retryAfterMs.value === 'number' &&
    Number.isFinite(retryAfterMs.value)
  ) {
    out.retryAfterMs = retryAfterMs.value;
  }
  const details = readField(error, 'details');
  if (details.ok && details.value !== undefined) {
    const safe = safeValue(details.value, depth + 1, ctx, 'details');
    if (safe !== null && typeof safe === 'object' && !Array.isArray(safe)) out.details = safe;
    else if (safe !== undefined) out.details = { value: safe };
  }
  const wire = readField(error, 'wire');
  if (wire.ok && wire.value !== null && typeof wire.value === 'object') {
    const w = wire.value as Record<string, unknown>;
    // Each field read once: a getter could pass the check and then answer something else.
    const { protocol, code, message } = w;
    if (isProtocol(protocol) && (typeof code === 'number' || typeof code === 'string')) {
      const safeWire: NonNullable<SerializedError['wire']> = {
        protocol,
        code: typeof code === 'string' ? safeString(code, ctx) : code,
        message: typeof message === 'string' ? safeString(message, ctx) : '',
      };
      const rawData = w.data;
      const data = rawData === undefined ? undefined : safeValue(rawData, depth + 1, ctx, 'data');
      if (data !== undefined) safeWire.data = data;
      out.wire = safeWire;
    }
  }
  // The hub's own state (AgentError.unexpected, AgentError.errorId): a copy must keep the mark.
  const unexpected = readField(error, 'unexpected');
  if (unexpected.ok && unexpected.value === true) out.unexpected = true;
  const errorId = readField(error, 'errorId');
  if (errorId.ok && typeof errorId.value === 'string') out.errorId = safeString(errorId.value, ctx);
  // Bounded before any copy: the error's own fields come first among its keys, so room for
  // them plus maxKeys others. (Unreadable keys: the fields above are all we can say.)
  const { keys, more } = boundedKeys(error, ctx.maxKeys + ERROR_FIELDS.size);
  let extra = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (ERROR_FIELDS.has(key)) continue;
    if (extra++ >= ctx.maxKeys) {
      out['…'] = `[${keys.length - i + more} more keys]`;
      break;
    }
    writeProperty(out as { [key: string]: JsonValue }, error, key, depth, ctx);
  }
  if (more > 0 && out['…'] === undefined) out['…'] = `[${more} more keys]`;
  if (ctx.includeCause) {
    const cause = readField(error, 'cause');
    if (cause.ok && cause.value !== undefined) {
      out.cause = serializeNested(cause.value, depth, ctx, causeDepth);
    }
    const errors = readField(error, 'errors');
    if (errors.ok && Array.isArray(errors.value)) {
      const list = errors.value as unknown[];
      const n = Math.min(list.length, ctx.maxArrayLength);
      const items: (SerializedError | JsonValue)[] = [];
      for (let i = 0; i < n; i++) items.push(serializeNested(list[i], depth, ctx, causeDepth));
      if (list.length > n) items.push(`[${list.length - n} more errors]`);
      out.errors = items;
    }
  }
  if (ctx.includeStack) {
    const stack = readField(error, 'stack');
    if (stack.ok && typeof stack.value === 'string') out.stack = safeString(stack.value, ctx);
  }
  return out;
}

function serializeNested(
  value: unknown,
  depth: number,
  ctx: Ctx,
  causeDepth: number,
): SerializedError | JsonValue {
  if (causeDepth + 1 > ctx.maxCauseDepth) return MARKERS.maxCauseDepth;
  if (value !== null && typeof value === 'object') {
    if (ctx.onPath(value)) return MARKERS.circular;
    if (ctx.nodes-- <= 0) return MARKERS.truncated;
    if (depth + 1 >= ctx.maxDepth) return MARKERS.maxDepth;
    if (isErrorLike(value)) {
      ctx.enter(value);
      try {
        return serializeInto(value, depth + 1, ctx, causeDepth + 1);
      } catch {
        return MARKERS.unreadable;
      } finally {
        ctx.leave();
      }
    }
  }
  return walk(value, depth + 1, ctx) ?? null;
}

/**
 * Turn any value into one `JSON.stringify` accepts, bounded in depth, length and size, with
 * secrets redacted. Never throws for any value (an option out of range is a `TypeError`): cycles,
 * BigInt, symbols, throwing getters and `toJSON`s, and
 * unreadable proxies become markers (`'[Circular]'`, `'[Getter threw]'`, …). Objects and arrays are always
 * copied, each member read once: what was checked is what is sent, even from a getter or a
 * proxy that would answer differently when read again.
 *
 * @example
 * const a: Record<string, unknown> = { apiKey: 'sk-live-0123456789', n: 1n };
 * a.self = a;
 * toJsonSafe(a); // { apiKey: '[REDACTED]', n: '1n', self: '[Circular]' }
 */
export function toJsonSafe(value: unknown, options?: SafeJsonOptions): JsonValue | undefined {
  // A toJSON that calls back in gets a fresh context and budget: the nesting is bounded instead.
  if (nesting >= MAX_NESTING) return MARKERS.maxDepth;
  nesting++;
  try {
    return toJsonSafeOnce(value, options);
  } finally {
    nesting--;
  }
}

function toJsonSafeOnce(
  value: unknown,
  options: SafeJsonOptions | undefined,
): JsonValue | undefined {
  // Encoders call this for every error they send: reuse one default context when it is free
  // (a toJSON reached during the walk may call back in, and then gets a fresh one).
  const pooled = pooledCtx !== undefined && usesDefaults(options);
  const ctx = pooled ? (pooledCtx as Ctx) : new Ctx(options, DEFAULT_MAX_NODES);
  if (pooled) pooledCtx = undefined;
  try {
    return safeValue(value, 0, ctx);
  } catch {
    return MARKERS.unreadable;
  } finally {
    if (pooled) {
      ctx.nodes = DEFAULT_MAX_NODES;
      ctx.chars = MAX_CHARS;
      // Every walk leaves the path as it entered it; one cut off mid-way is not reused dirty.
      if (ctx.pathLength !== 0) ctx.path.length = ctx.pathLength = 0;
      pooledCtx = ctx;
    }
  }
}

/**
 * Whether `options` leaves every limit and rule at its default: encoders pass their whole
 * options object along, which mostly says nothing to the walk. (Keep in step with
 * {@link SafeJsonOptions}.)
 */
function usesDefaults(o: SafeJsonOptions | undefined): boolean {
  return (
    o === undefined ||
    (o.redact === undefined &&
      o.maxDepth === undefined &&
      o.maxStringLength === undefined &&
      o.maxArrayLength === undefined &&
      o.maxKeys === undefined &&
      o.maxNodes === undefined &&
      o.redactKeys === undefined &&
      o.redactPatterns === undefined &&
      o.allowKeys === undefined)
  );
}

const DEFAULT_MAX_NODES = 5_000;
let pooledCtx: Ctx | undefined = /* @__PURE__ */ new Ctx(undefined, DEFAULT_MAX_NODES);

/**
 * A JSON-safe plain object describing `error`: name, message, the {@link AgentError} fields and
 * other own properties, all bounded and with secrets redacted. Never throws for any value (an
 * option out of range is a `TypeError`). `stack` only with `includeStack: true`; the `cause`
 * chain and `AggregateError.errors` only with `cause: true` (for logs: a cause is not an error
 * the code meant to send). `toJSON` leaves causes out too.
 *
 * @example
 * const err = new Error('upstream said 401 for Bearer abc.def.ghi');
 * serializeError(err); // { name: 'Error', message: 'upstream said 401 for Bearer [REDACTED]' }
 */
export function serializeError(error: unknown, options?: SerializeErrorOptions): SerializedError {
  if (nesting >= MAX_NESTING) return { name: 'Error', message: MARKERS.maxDepth };
  nesting++;
  try {
    return serializeErrorOnce(error, options);
  } finally {
    nesting--;
  }
}

function serializeErrorOnce(
  error: unknown,
  options: SerializeErrorOptions | undefined,
): SerializedError {
  const ctx = new Ctx(options, DEFAULT_MAX_NODES);
  if (error === null || typeof error !== 'object') {
    return {
      name: 'NonError',
      message:
        typeof error === 'string'
          ? safeString(error, ctx)
          : safeString(asText(walk(error, 0, ctx)), ctx),
    };
  }
  ctx.enter(error);
  try {
    return serializeInto(error, 0, ctx, 0);
  } catch {
    return { name: 'Error', message: MARKERS.unreadable };
  }
}

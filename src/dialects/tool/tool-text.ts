import { validDelayMs, validDetails } from '../../core/lenient-options.js';
import { isErrorCategory } from '../../core/categories.js';
import type { ErrorCategory } from '../../core/categories.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import type { SanitizeMessageOptions } from '../../core/sanitize-message.js';
import { toJsonSafe } from '../../core/serialize.js';
import { wireDetails } from '../../core/unexpected.js';
import { describeValue } from '../../core/is.js';

/**
 * The six categories of opentabs' `ToolError`, the ones its agents know. The text format writes
 * one of these as `category`; a hub category outside them travels as `agentCategory` too.
 *
 * @example
 * TOOL_ERROR_CATEGORIES.includes('timeout'); // true
 */
export const TOOL_ERROR_CATEGORIES = [
  'auth',
  'rate_limit',
  'not_found',
  'validation',
  'internal',
  'timeout',
] as const;

/** One of the six opentabs categories ({@link TOOL_ERROR_CATEGORIES}). */
export type ToolErrorCategory = (typeof TOOL_ERROR_CATEGORIES)[number];

/**
 * The nearest of the six tool categories for each hub category. Retryability travels on its own,
 * so the choice is about what kind of failure it is: `permission` is `auth` (the seed's `auth`
 * says "log in or fix permissions"), `quota` is `rate_limit` (a usage limit), `unavailable` is
 * `timeout` (transient), `conflict` is `validation` (change the request), `cancelled` and
 * `protocol` are `internal`.
 *
 * @example
 * NEAREST_TOOL_CATEGORY.quota; // 'rate_limit'
 */
export const NEAREST_TOOL_CATEGORY = {
  auth: 'auth',
  permission: 'auth',
  not_found: 'not_found',
  validation: 'validation',
  rate_limit: 'rate_limit',
  quota: 'rate_limit',
  timeout: 'timeout',
  cancelled: 'internal',
  conflict: 'validation',
  unavailable: 'timeout',
  protocol: 'internal',
  internal: 'internal',
} as const satisfies Record<ErrorCategory, ToolErrorCategory>;

/**
 * Whether `value` is one of the six opentabs categories.
 *
 * @example
 * isToolErrorCategory('rate_limit'); // true
 * isToolErrorCategory('quota'); // false
 */
export function isToolErrorCategory(value: unknown): value is ToolErrorCategory {
  return typeof value === 'string' && (TOOL_ERROR_CATEGORIES as readonly string[]).includes(value);
}

/** What {@link formatToolErrorText} writes: an `AgentError`, a `ToolError`, or any object like them. */
export interface ToolErrorTextInput {
  readonly message: string;
  readonly code: string;
  /** A hub category; one outside the six is written as its nearest and as `agentCategory`. */
  readonly category?: ErrorCategory | undefined;
  /** The hub category when `category` had to be narrowed to the six (a converted `ToolError`). */
  readonly agentCategory?: ErrorCategory | undefined;
  readonly retryable?: boolean | undefined;
  readonly retryAfterMs?: number | undefined;
  readonly details?: Record<string, unknown> | undefined;
  /** The id an unexpected error was reported under: written as `details.errorId`. */
  readonly errorId?: string | undefined;
}

/** What {@link parseToolErrorText} reads back. */
export interface ToolErrorText {
  code: string;
  message: string;
  /** The hub category: `agentCategory` when the text carries one, else `category`. */
  category?: ErrorCategory;
  retryable?: boolean;
  retryAfterMs?: number;
  details?: Record<string, unknown>;
}

/** Options for {@link formatToolErrorText}. */
export type FormatToolErrorTextOptions = SanitizeMessageOptions;

// What the bare `[CODE] message` form can carry as a code.
const BARE_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;

// A header value ends at whitespace and the header at `]`: those (and `[`, `=`) become `_`.
const HEADER_BREAK = /[\s\][=]/;
function headerValue(text: string): string {
  // Most codes hold none of these: test before copying.
  const v = HEADER_BREAK.test(text) ? text.replace(/[\s\][=]/g, '_') : text;
  return v === '' ? '_' : v;
}

/**
 * `JSON.stringify(text)`, quoting text with nothing to escape (a code, a category) as it is:
 * what every failed MCP tool call writes several times.
 */
function jsonString(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Control characters, `"`, `\` and surrogates (a lone one is escaped) take the slow way.
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
      return JSON.stringify(text);
    }
  }
  return `"${text}"`;
}

/**
 * The agent-facing text of a tool error, as opentabs' MCP server writes it: a first line
 * `[ERROR code=X category=Y retryable=Z retryAfterMs=N] message`, a blank line, and a fenced
 * `json` block with the machine fields, each listed only when present. A `ToolError` always has
 * `retryable` (default `false`), so it always gets this form, as upstream's dispatch chain
 * gives it; only an input without `retryable`, category or delay is written `[CODE] message`.
 *
 * The message is sanitised ({@link sanitizeMessage}) and kept to one line in the header; when that
 * changed it (newlines), the exact message rides in the JSON block as `message`. A header value
 * cannot hold whitespace, `[`, `]` or `=` (they would end the field or the header): the header
 * writes each as `_` (`code=OUT_OF_STOCK` for `'OUT OF STOCK'`), and the JSON block keeps the
 * code as it is. Extensions beyond opentabs: `agentCategory` (a hub category outside the six)
 * and `details` (redacted).
 *
 * @example
 * formatToolErrorText({
 *   message: 'Too many requests',
 *   code: 'RATE_LIMITED',
 *   category: 'rate_limit',
 *   retryable: true,
 *   retryAfterMs: 2000,
 * });
 * // [ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests
 * //
 * // ```json
 * // {"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}
 * // ```
 */
export function formatToolErrorText(
  error: ToolErrorTextInput,
  options?: FormatToolErrorTextOptions,
): string {
  return writeToolErrorText('formatToolErrorText', error, options);
}

/** How {@link writeToolErrorText} departs from the seed format (the model-facing text). */
interface TextStyle {
  /** The header names the hub category (any of the twelve), not its nearest of the six. */
  readonly hubHeader: boolean;
  /** A line written under the header (the next step). */
  readonly next: string;
  /** The code to write instead of `error.code` (one safe to show: `modelSafeCode`). */
  readonly code?: string | undefined;
}

/**
 * Everything of a tool error text but the message: the header up to it, the line under the
 * header, and the JSON block (open, for the message to be added). It depends on the error's
 * code, category, retryability, delay and details only, so a writer may keep one.
 * @internal
 */
export interface TextFrame {
  readonly head: string;
  readonly next: string;
  readonly block: string;
}

/**
 * `error`'s fields, each read once (a getter answers once: what is checked is what is written),
 * or the `TypeError` that says what is wrong with it as a tool error text's input.
 * @internal
 */
export function readToolTextInput(where: string, error: unknown): ToolErrorTextInput {
  if (error === null || typeof error !== 'object') {
    throw new TypeError(
      `${where}: error must be an object with message and code; received ${describeValue(error)}`,
    );
  }
  const e = error as ToolErrorTextInput;
  const fields: ToolErrorTextInput = {
    message: e.message,
    code: e.code,
    category: e.category,
    agentCategory: e.agentCategory,
    retryable: e.retryable,
    retryAfterMs: e.retryAfterMs,
    details: e.details,
    errorId: e.errorId,
  };
  if (typeof fields.code !== 'string' || fields.code === '') {
    throw new TypeError(`${where}: error.code must be a non-empty string`);
  }
  if (typeof fields.message !== 'string') {
    throw new TypeError(
      `${where}: error.message must be a string; received ${describeValue(fields.message)}`,
    );
  }
  return fields;
}

/** The fields a tool error text's JSON block opens with, those present, in the writers' order. */
interface BlockFields {
  code: string;
  category: string | undefined;
  retryable: boolean | undefined;
  /** Finite (its JSON is its String). */
  retryAfterMs: number | undefined;
  agentCategory: string | undefined;
}

/**
 * The JSON block up to its details, open (`{"code":…,"category":…`), written field by field: the
 * fields are few and known, and the text is written for every failed tool call. The writers and
 * the reader's echo check share it, so they cannot drift apart.
 */
function blockFields(fields: BlockFields): string {
  let block = `{"code":${jsonString(fields.code)}`;
  if (fields.category !== undefined) block += `,"category":${jsonString(fields.category)}`;
  if (fields.retryable !== undefined) block += `,"retryable":${String(fields.retryable)}`;
  if (fields.retryAfterMs !== undefined) block += `,"retryAfterMs":${String(fields.retryAfterMs)}`;
  if (fields.agentCategory !== undefined) {
    block += `,"agentCategory":${jsonString(fields.agentCategory)}`;
  }
  return block;
}

/**
 * The shortest tool error text that reads back as `code` with no category: its JSON block alone
 * (code and retryability), what the hub keeps in `wire` for a `ToolError` made without a
 * category (see `uncategorised` in convert.ts). Written by the writers' own block writer, so it
 * parses as theirs does. @internal
 */
export function uncategorisedToolText(code: string, retryable: boolean): string {
  const block = blockFields({
    code,
    category: undefined,
    retryable,
    retryAfterMs: undefined,
    agentCategory: undefined,
  });
  return `\`\`\`json\n${block}}\n\`\`\``;
}

function hubOf(error: ToolErrorTextInput): ErrorCategory | undefined {
  return isErrorCategory(error.agentCategory)
    ? error.agentCategory
    : isErrorCategory(error.category)
      ? error.category
      : undefined;
}

function hasDetails(details: unknown): details is Record<string, unknown> {
  return details !== null && typeof details === 'object' && !Array.isArray(details);
}

/**
 * The {@link TextFrame} of `error` (read by {@link readToolTextInput}), in the seed's format
 * or (with `style`) the model-facing one.
 * @internal
 */
export function toolTextFrame(error: ToolErrorTextInput, style?: TextStyle): TextFrame {
  const retryable = error.retryable;
  const hub = hubOf(error);
  const category =
    hub === undefined ? undefined : style?.hubHeader ? hub : NEAREST_TOOL_CATEGORY[hub];
  const delay = validDelayMs(error.retryAfterMs);
  const safeCode = style?.code ?? sanitizeMessage(error.code, { maxLength: 200 });
  const agentCategory = hub !== undefined && hub !== category ? hub : undefined;
  let header = `code=${headerValue(safeCode)}`;
  if (category !== undefined) header += ` category=${category}`;
  if (typeof retryable === 'boolean') header += ` retryable=${String(retryable)}`;
  if (delay !== undefined) header += ` retryAfterMs=${String(delay)}`;
  if (agentCategory !== undefined) header += ` agentCategory=${agentCategory}`;
  let block = blockFields({
    code: safeCode,
    category,
    retryable: typeof retryable === 'boolean' ? retryable : undefined,
    retryAfterMs: delay,
    agentCategory,
  });
  const details = wireDetails({
    details: hasDetails(error.details) ? error.details : undefined,
    errorId: error.errorId,
  });
  if (details !== undefined) {
    const safe = toJsonSafe(details, { maxDepth: 6, maxStringLength: 2_000 });
    if (safe !== null && typeof safe === 'object' && !Array.isArray(safe)) {
      block += `,"details":${JSON.stringify(safe)}`;
    }
  }
  return {
    head: `[ERROR ${header}] `,
    next: style === undefined ? '' : `\nNext step: ${style.next}`,
    block,
  };
}

function isOneLine(message: string): boolean {
  return !message.includes('\n') && !message.includes('\r');
}

/**
 * The text of `frame` around `message` (already sanitised): kept to one line in the header, and
 * given whole in the JSON block when that changed it.
 * @internal
 */
export function framedText(frame: TextFrame, message: string): string {
  if (isOneLine(message)) {
    return `${frame.head}${message}${frame.next}\n\n\`\`\`json\n${frame.block}}\n\`\`\``;
  }
  const oneLine = message.replace(/\r\n|[\r\n]/g, ' ');
  return `${frame.head}${oneLine}${frame.next}\n\n\`\`\`json\n${frame.block},"message":${jsonString(message)}}\n\`\`\``;
}

const KEEP_PATHS: SanitizeMessageOptions = Object.freeze({ maskPaths: false });

/**
 * `options` for a message that goes out as written: secrets redacted, paths kept unless
 * `maskPaths: true` asks (the one path rule of every encoder). @internal
 */
export function asWritten(options: SanitizeMessageOptions | undefined): SanitizeMessageOptions {
  if (options === undefined) return KEEP_PATHS;
  return options.maskPaths === true ? options : { ...options, maskPaths: false };
}

/**
 * The tool error text, in the seed's format or (with `style`) the model-facing one.
 * @internal
 */
export function writeToolErrorText(
  where: string,
  error: ToolErrorTextInput,
  options?: SanitizeMessageOptions,
  style?: TextStyle,
): string {
  error = readToolTextInput(where, error);
  const message = sanitizeMessage(error.message, asWritten(options));
  // opentabs writes the bare form only when no structured field is present at all.
  if (
    style === undefined &&
    hubOf(error) === undefined &&
    typeof error.retryable !== 'boolean' &&
    validDelayMs(error.retryAfterMs) === undefined &&
    !hasDetails(error.details) &&
    typeof error.errorId !== 'string' &&
    isOneLine(message) &&
    BARE_CODE.test(error.code)
  ) {
    return `[${error.code}] ${message}`;
  }
  return framedText(toolTextFrame(error, style), message);
}

const HEADER = /\[ERROR((?: +[A-Za-z]+=[^\s\][]*)*) *\] ?([^\n]*)/;
const BARE = /(?:^|\s)\[([A-Z][A-Z0-9_]{1,63})\] ([\s\S]*)$/;
const MAX_PARSE_LENGTH = 200_000;

const CLOSE = /\r?\n[ \t>]*```/g;
const INDENTED = /^[ \t>]/m;
const LINE_PREFIX = /^[ \t>]+/gm;

/** Whether some line of `raw` starts with a space, a tab or `>` (most blocks are one line). */
function indented(raw: string): boolean {
  const c = raw.charCodeAt(0);
  if (c === 0x20 || c === 0x09 || c === 0x3e) return true;
  return raw.includes('\n') && INDENTED.test(raw);
}

/** What {@link readBlock} returns for a block that is exactly the header's `echo`. */
const ECHO: Record<string, unknown> = Object.freeze({});

/**
 * The first fenced `json` block from `from` on that parses to an object with a string `code`;
 * {@link ECHO} when that block is the one the writers put under `header` (see {@link echoOf}),
 * and so says what the header said.
 */
function readBlock(
  text: string,
  from: number,
  header?: HeaderFields,
): Record<string, unknown> | undefined {
  // What the writers put in the block under `header`: written once a block is found (most
  // texts with a header have none after it).
  let echo: string | undefined;
  let echoWritten = false;
  // Written with indexOf rather than one lazy pattern so that hostile text stays linear.
  let at = from;
  for (;;) {
    const open = text.indexOf('```json', at);
    if (open < 0) return undefined;
    let i = open + 7;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '\r') i++;
    if (text[i] !== '\n') {
      at = open + 7;
      continue;
    }
    CLOSE.lastIndex = i;
    const close = CLOSE.exec(text);
    // No closing fence after this opening means none after any later one either.
    if (close === null) return undefined;
    try {
      const raw = text.slice(i + 1, close.index);
      if (header !== undefined) {
        if (!echoWritten) {
          echo = echoOf(header);
          echoWritten = true;
        }
        if (raw === echo) return ECHO;
      }
      // Quoted (`> `) or indented blocks lose their line prefixes; most blocks have none.
      const value: unknown = JSON.parse(indented(raw) ? raw.replace(LINE_PREFIX, '') : raw);
      if (
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        typeof (value as { code?: unknown }).code === 'string'
      ) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Not our block: keep looking after it.
    }
    at = close.index + close[0].length;
  }
}

function fromFields(
  fields: Record<string, unknown>,
  message: string,
  into: ToolErrorText,
): ToolErrorText {
  const hub = isErrorCategory(fields.agentCategory)
    ? fields.agentCategory
    : isErrorCategory(fields.category)
      ? fields.category
      : undefined;
  if (hub !== undefined) into.category = hub;
  if (typeof fields.retryable === 'boolean') into.retryable = fields.retryable;
  const delay = validDelayMs(fields.retryAfterMs);
  if (delay !== undefined) into.retryAfterMs = delay;
  const details = validDetails(fields.details);
  if (details !== undefined) into.details = details;
  into.message = typeof fields.message === 'string' ? fields.message : message;
  return into;
}

/** A header's fields, as {@link headerFields} reads them. */
type HeaderFields = {
  code: string | undefined;
  category: string | undefined;
  retryable: boolean | undefined;
  retryAfterMs: number | undefined;
  agentCategory: string | undefined;
};

/** A header read: its fields, where it ends, and the message after it. */
interface Header {
  fields: HeaderFields;
  end: number;
  message: string;
}

function headerFields(raw: string): HeaderFields {
  const out: HeaderFields = {
    code: undefined,
    category: undefined,
    retryable: undefined,
    retryAfterMs: undefined,
    agentCategory: undefined,
  };
  // `raw` is ` key=value key=value` (the header pattern allows nothing else): split by hand.
  let at = 0;
  while (at < raw.length) {
    while (raw.charCodeAt(at) === 32) at++;
    if (at >= raw.length) break;
    let end = raw.indexOf(' ', at);
    if (end < 0) end = raw.length;
    // The key's length (up to `=`) picks the one name to compare.
    const eq = raw.indexOf('=', at);
    switch (eq - at) {
      case 4:
        if (raw.startsWith('code', at)) out.code = raw.slice(eq + 1, end);
        break;
      case 8:
        if (raw.startsWith('category', at)) out.category = raw.slice(eq + 1, end);
        break;
      case 9:
        if (raw.startsWith('retryable', at)) {
          const value = raw.slice(eq + 1, end);
          if (value === 'true' || value === 'false') out.retryable = value === 'true';
        }
        break;
      case 12:
        if (raw.startsWith('retryAfterMs', at)) {
          const value = raw.slice(eq + 1, end);
          if (DELAY_TEXT.test(value)) out.retryAfterMs = Number(value);
        }
        break;
      case 13:
        if (raw.startsWith('agentCategory', at)) out.agentCategory = raw.slice(eq + 1, end);
        break;
    }
    at = end;
  }
  return out;
}

/** The first header anywhere in `text`, in any layout {@link HEADER} allows. */
function anyHeader(text: string): Header | undefined {
  const header = HEADER.exec(text);
  if (header === null) return undefined;
  return {
    fields: headerFields(header[1] ?? ''),
    end: header.index + header[0].length,
    message: withoutFinalCr(header[2] ?? ''),
  };
}

function withoutFinalCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * The JSON block the writers put under a header with these fields (theirs and opentabs'): a
 * block that is exactly this says nothing the header did not and need not be parsed (parsing it
 * was a third of the time `decode` spent on a failed MCP tool result, in a profile). The values
 * are written as JSON, so a block equal to this parses to the header's own fields.
 */
function echoOf(fields: HeaderFields): string | undefined {
  const { code, category, retryable, retryAfterMs, agentCategory } = fields;
  if (code === undefined) return undefined;
  // A delay of 309 digits reads as Infinity, which is no JSON: such a block must be parsed.
  if (typeof retryAfterMs === 'number' && !Number.isFinite(retryAfterMs)) return undefined;
  return `${blockFields({ code, category, retryable, retryAfterMs, agentCategory })}}`;
}

/** The header's fields with the JSON block's laid over them (the block wins where it speaks). */
function overlay(header: HeaderFields, block: Record<string, unknown>): Record<string, unknown> {
  const pick = (fromBlock: unknown, fromHeader: unknown) =>
    fromBlock !== undefined ? fromBlock : fromHeader;
  return {
    code: pick(block.code, header.code),
    category: pick(block.category, header.category),
    agentCategory: pick(block.agentCategory, header.agentCategory),
    retryable: pick(block.retryable, header.retryable),
    retryAfterMs: pick(block.retryAfterMs, header.retryAfterMs),
    details: block.details,
    message: block.message,
  };
}

const DELAY_TEXT = /^\d+(?:\.\d+)?$/;
const NEXT_STEP = /^[ \t>]*Next step: /;

/**
 * `segment` without what lies between a message and its JSON block: the blank line (quoted too,
 * `> `) and the model text's own `Next step:` line (see toolTextFrame), no part of the message.
 * A loop, not a pattern: the segment may be long, and a pattern anchored at its end would be
 * tried at every line break.
 */
function withoutBlockGap(segment: string): string {
  const cut = gapStart(segment);
  const lastBreak = segment.lastIndexOf('\n', cut - 1);
  if (lastBreak >= 0 && NEXT_STEP.test(segment.slice(lastBreak + 1, cut))) {
    return segment.slice(0, gapStart(segment.slice(0, lastBreak + 1)));
  }
  return segment.slice(0, cut);
}

/** Where the trailing run of line breaks, blanks and quote marks begins, at its first break. */
function gapStart(text: string): number {
  let start = text.length;
  while (start > 0 && ' \t>\r\n'.includes(text.charAt(start - 1))) start--;
  const newline = text.indexOf('\n', start);
  if (newline < 0) return text.length;
  return newline > 0 && text.charAt(newline - 1) === '\r' ? newline - 1 : newline;
}

/**
 * The message of text laid out as opentabs writes it: the header with the block's values raw
 * (`[ERROR code=OUT OF STOCK retryable=false] `, a code with a space or `]` included), then the
 * message, whole (several lines too), up to the blank line before the JSON block (and the
 * model text's `Next step:` line, which is ours, not the message's). `undefined`
 * when the text at `start` is not that header, or no block follows: the header alone then says
 * where the message is.
 */
function rawMessage(
  text: string,
  start: number,
  fields: Record<string, unknown>,
): string | undefined {
  const { code, category, retryable, retryAfterMs } = fields;
  if (typeof code !== 'string') return undefined;
  let header = `[ERROR code=${code}`;
  if (typeof category === 'string') header += ` category=${category}`;
  if (typeof retryable === 'boolean') header += ` retryable=${String(retryable)}`;
  if (typeof retryAfterMs === 'number') header += ` retryAfterMs=${String(retryAfterMs)}`;
  header += '] ';
  if (!text.startsWith(header, start)) return undefined;
  const from = start + header.length;
  const open = text.indexOf('```json', from);
  if (open < 0) return undefined;
  return withoutBlockGap(text.slice(from, open));
}

/**
 * Read a tool error back from its agent-facing text, in any form {@link formatToolErrorText}
 * writes (`[ERROR …] message` with or without its JSON block, `[CODE] message`, or the JSON block
 * alone), also when a model or a relay wrapped it in other text. The JSON block wins over the
 * header where both say something. Returns `undefined`, and never throws, for text that is not a
 * tool error.
 *
 * @example
 * parseToolErrorText('[ERROR code=TIMEOUT category=timeout retryable=true] Dashboard took too long');
 * // { code: 'TIMEOUT', message: 'Dashboard took too long', category: 'timeout', retryable: true }
 * parseToolErrorText('All good'); // undefined
 */
export function parseToolErrorText(input: unknown): ToolErrorText | undefined {
  if (typeof input !== 'string') return undefined;
  // Far longer than any error we write: bounding it keeps the patterns linear on hostile input.
  const text = input.length > MAX_PARSE_LENGTH ? input.slice(0, MAX_PARSE_LENGTH) : input;
  try {
    // Each pattern runs only where its opening bracket occurs: a miss scans the text once.
    const start = text.indexOf('[ERROR');
    const header = start < 0 ? undefined : anyHeader(text);
    if (header) {
      const fields = header.fields;
      const block = readBlock(text, header.end, fields);
      const merged = block && block !== ECHO ? overlay(fields, block) : fields;
      const code = merged.code;
      if (typeof code !== 'string' || code === '') return undefined;
      const message = block ? (rawMessage(text, start, merged) ?? header.message) : header.message;
      return fromFields(merged, message, { code, message: '' });
    }
    const block = text.includes('```json') ? readBlock(text, 0) : undefined;
    if (block && (isErrorCategory(block.category) || typeof block.retryable === 'boolean')) {
      // Upstream writes the code raw: one with a space or `]` leaves no header the patterns read.
      const raw = start < 0 ? undefined : rawMessage(text, start, block);
      const before = raw ?? text.slice(0, text.indexOf('```json')).trim();
      return fromFields(block, before, { code: block.code as string, message: '' });
    }
    const bare = text.includes('[') ? BARE.exec(text) : null;
    if (bare) {
      return { code: bare[1] as string, message: (bare[2] ?? '').trimEnd(), retryable: false };
    }
  } catch {
    // A pathological input: it is not a tool error we can read.
  }
  return undefined;
}

import type { ErrorCategory } from '../../core/categories.js';
import { CATEGORIES, isErrorCategory } from '../../core/categories.js';
import { mightContainSecret } from '../../core/redact.js';
import { validDelayMs } from '../../core/lenient-options.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import type { SanitizeMessageOptions } from '../../core/sanitize-message.js';
import { asWritten, framedText, readToolTextInput, toolTextFrame } from './tool-text.js';
import type { TextFrame, ToolErrorTextInput } from './tool-text.js';

/** Options for {@link formatModelErrorText}. */
export interface FormatModelErrorTextOptions extends SanitizeMessageOptions {
  /**
   * What the model is told it failed to call, in the next-step line ("call this tool again").
   * Default `'this tool'`.
   */
  subject?: string;
}

/** `2000` → `2 s`; rounded up, so the model never comes back early. */
function humanDelay(ms: number): string {
  if (ms < 1_000) return `${String(Math.ceil(ms))} ms`;
  if (ms < 60_000) return `${String(Math.ceil(ms / 1_000))} s`;
  if (ms < 3_600_000) return `${String(Math.ceil(ms / 60_000))} min`;
  return `${String(Math.ceil(ms / 3_600_000))} h`;
}

/** What an argument path may look like to be named in the next step (`items.0.name`). */
const ARGUMENT_PATH = /^[\w.-]{1,40}$/;

/**
 * What to fix, from the first schema issue in `details.issues`: "Fix `limit` (Too big: …)",
 * sanitised and short.
 */
function fixWhat(details: Record<string, unknown> | undefined): string {
  const issues = details?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return 'Fix the arguments';
  const first: unknown = issues[0];
  if (first === null || typeof first !== 'object') return 'Fix the arguments';
  const { path, message } = first as { path?: unknown; message?: unknown };
  if (typeof message !== 'string') return 'Fix the arguments';
  // Schema libraries may echo the rejected value: the reason is cut short and sanitised.
  const why = sanitizeMessage(message, { maxLength: 60 }).replace(/[\r\n]+/g, ' ');
  const where = Array.isArray(path) ? path.join('.') : '';
  return ARGUMENT_PATH.test(where) ? `Fix \`${where}\` (${why})` : `Fix the arguments (${why})`;
}

function errorIdOf(id: unknown): string | undefined {
  return typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : undefined;
}

/**
 * One plain-language sentence telling a model what to do about an error: wait and call again,
 * ask the user to sign in, fix an argument, or stop. It follows the error's own advice
 * (`retryable`, `retryAfterMs`) before its category's default. Short on purpose (under 80
 * characters for a tool name of 20): the model reads it on the line under the header.
 *
 * @example
 * nextStepText({ category: 'rate_limit', retryable: true, retryAfterMs: 2000 });
 * // 'Wait 2 s, then call this tool again.'
 */
export function nextStepText(
  error: Pick<
    ToolErrorTextInput,
    'category' | 'retryable' | 'retryAfterMs' | 'details' | 'errorId'
  >,
  subject = 'this tool',
): string {
  const category: ErrorCategory = isErrorCategory(error.category) ? error.category : 'internal';
  const delay = validDelayMs(error.retryAfterMs);
  const again = `call ${subject} again`;
  switch (category) {
    case 'auth':
      return `Ask the user to sign in, then ${again}.`;
    case 'permission':
      return `Ask the user for access; as it is, the call will fail the same way.`;
    case 'not_found':
      return `Check the name or id you passed: it does not exist. Do not retry it unchanged.`;
    case 'validation':
      return `${fixWhat(error.details)}, then ${again}.`;
    case 'quota':
      return delay === undefined
        ? `The quota is used up: do not ${again}; tell the user.`
        : `The quota is used up until it resets in ${humanDelay(delay)}: tell the user.`;
    case 'cancelled':
      return `The call was cancelled: do not ${again} unless the user asks.`;
    case 'conflict':
      return `Something changed meanwhile: read the current state, then ${again}.`;
    case 'protocol':
      return `The request was malformed: do not retry it unchanged.`;
    default:
      break;
  }
  // rate_limit, timeout, unavailable and internal: the error's retryability decides.
  if (error.retryable === true) {
    return `${delay === undefined ? 'Wait a little' : `Wait ${humanDelay(delay)}`}, then ${again}.`;
  }
  if (category === 'internal') {
    const errorId = errorIdOf(error.errorId);
    return errorId === undefined
      ? `Do not retry; tell the user.`
      : `Do not retry; tell the user (error id ${errorId}).`;
  }
  return `Do not ${again} now; tell the user.`;
}

/** What a code must look like to be shown as it is: a name, never a path or a sentence. */
const SAFE_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * `code` if it is safe to show a model or a program across a trust boundary — a short name
 * (`^[A-Za-z0-9_.:-]{1,64}$`) that does not look like a secret — else the category's own code
 * (`RATE_LIMITED`, `INTERNAL_ERROR`, …). A thrown error's `code` is whatever the thrower put
 * there: a path, a token, a sentence.
 * @internal
 */
export function modelSafeCode(code: unknown, category: unknown): string {
  if (typeof code === 'string' && SAFE_CODE.test(code) && !mightContainSecret(code)) return code;
  return CATEGORIES[isErrorCategory(category) ? category : 'internal'].code;
}

/** A kept {@link TextFrame}, with what it was written for. */
interface KeptFrame {
  readonly frame: TextFrame;
  /** The code as written: `code` when it is safe to show, else its category's. */
  readonly code: string;
  readonly agentCategory: unknown;
  readonly category: unknown;
  readonly retryable: unknown;
  readonly retryAfterMs: unknown;
  readonly subject: string | undefined;
  /** Whether it is in the cache (a frame written for one error only is not). */
  readonly kept: boolean;
  /** The last message written in this frame, with the default rules, and its whole text. */
  lastMessage: string | undefined;
  lastText: string;
}

// A server throws the same few errors again and again (its codes are constants), so the text
// around the message, and the last whole text, are kept per code for errors without details.
// Worth it: without them the wrapper's own work per failed MCP tool call is 1.8–2.9 µs, not
// 0.6–0.8 µs, 2–6% of an MCP SDK v1 round trip (bench: mcp-tools).
const FRAMES = new Map<string, KeptFrame>();
const FRAMES_LIMIT = 256;
// A longer code is never shown (`modelSafeCode`), and a kept one must not pin a huge string.
const FRAME_CODE_MAX_LENGTH = 64;

/** The frame of `error` (read by `readToolTextInput`) for the model-facing text, and its code. */
function modelFrame(error: ToolErrorTextInput, subject: string | undefined): KeptFrame {
  // Kept only for what repeats: no details, a code of a name's length, a subject that is text.
  const keep =
    error.details === undefined &&
    error.errorId === undefined &&
    error.code.length <= FRAME_CODE_MAX_LENGTH &&
    (subject === undefined || typeof subject === 'string');
  const kept = keep ? FRAMES.get(error.code) : undefined;
  if (
    kept !== undefined &&
    kept.agentCategory === error.agentCategory &&
    kept.category === error.category &&
    kept.retryable === error.retryable &&
    kept.retryAfterMs === error.retryAfterMs &&
    kept.subject === subject
  ) {
    return kept;
  }
  const hub = isErrorCategory(error.agentCategory) ? error.agentCategory : error.category;
  const next = nextStepText(
    {
      category: hub,
      retryable: error.retryable,
      retryAfterMs: error.retryAfterMs,
      details: error.details,
      errorId: error.errorId,
    },
    subject,
  );
  // A code that is no plain name (a path, a token) is written as its category's code.
  const code = modelSafeCode(error.code, hub);
  const made: KeptFrame = {
    frame: toolTextFrame(error, { hubHeader: true, next, code }),
    code,
    agentCategory: error.agentCategory,
    category: error.category,
    retryable: error.retryable,
    retryAfterMs: error.retryAfterMs,
    subject,
    kept: keep,
    lastMessage: undefined,
    lastText: '',
  };
  if (keep) {
    if (FRAMES.size >= FRAMES_LIMIT) FRAMES.clear();
    FRAMES.set(error.code, made);
  }
  return made;
}

/**
 * {@link formatModelErrorText}, and the code the text shows (for `_meta`, which must say the
 * same).
 * @internal
 */
export function modelErrorText(
  error: ToolErrorTextInput,
  options?: FormatModelErrorTextOptions,
): { text: string; code: string } {
  const fields = readToolTextInput('formatModelErrorText', error);
  const kept = modelFrame(fields, options?.subject);
  const message = fields.message;
  // The same error thrown again (a rate limit, a login that expired): its last text, written
  // under the default sanitising rules, is kept with its frame. The rules are read once, and the
  // text is then written with no options at all: getters that answer differently on a later
  // read cannot make text written under other rules the one kept.
  const defaults = sanitizesByDefault(options);
  const memo = kept.kept && defaults && message.length <= LAST_MESSAGE_MAX_LENGTH;
  if (memo && kept.lastMessage === message) return { text: kept.lastText, code: kept.code };
  const text = framedText(
    kept.frame,
    sanitizeMessage(message, asWritten(defaults ? undefined : options)),
  );
  if (memo) {
    kept.lastMessage = message;
    kept.lastText = text;
  }
  return { text, code: kept.code };
}

// A kept frame's last message must not pin a huge string.
const LAST_MESSAGE_MAX_LENGTH = 512;

/** Whether `options` leaves `sanitizeMessage` at its defaults (a `subject` is no rule of it). */
function sanitizesByDefault(options: FormatModelErrorTextOptions | undefined): boolean {
  return (
    options === undefined ||
    (options.maxLength === undefined &&
      options.redactKeys === undefined &&
      options.allowKeys === undefined &&
      options.redactPatterns === undefined &&
      options.maskPaths === undefined)
  );
}

/**
 * The text a model reads when a tool fails, as the wrappers of this library write it: the tool
 * error format of {@link formatToolErrorText} with the hub category in the header (all twelve,
 * not the six of the seed format), a `Next step:` line in plain language
 * (`nextStepText`), and the JSON block. The message is sanitised, and a code that is not a
 * plain name (`^[A-Za-z0-9_.:-]{1,64}$`, no secret) is written as its category's code: no path
 * or secret is written. {@link parseToolErrorText} and `fromToolErrorText` read it back.
 *
 * @example
 * formatModelErrorText({ message: 'Too many requests', code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 2000 });
 * // [ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests
 * // Next step: Wait 2 s, then call this tool again.
 * //
 * // ```json
 * // {"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}
 * // ```
 */
export function formatModelErrorText(
  error: ToolErrorTextInput,
  options?: FormatModelErrorTextOptions,
): string {
  return modelErrorText(error, options).text;
}

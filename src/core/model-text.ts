import type { ErrorCategory } from './categories.js';
import { isErrorCategory } from './categories.js';
import { validDelayMs } from './lenient-options.js';
import { sanitizeMessage } from './sanitize-message.js';
import type { SanitizeMessageOptions } from './sanitize-message.js';
import { writeToolErrorText } from './tool-text.js';
import type { ToolErrorTextInput } from './tool-text.js';

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

/** The first schema issue in `details.issues`, as `path: message`, sanitised and short. */
function firstIssue(details: Record<string, unknown> | undefined): string | undefined {
  const issues = details?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const first: unknown = issues[0];
  if (first === null || typeof first !== 'object') return undefined;
  const { path, message } = first as { path?: unknown; message?: unknown };
  if (typeof message !== 'string') return undefined;
  const where = Array.isArray(path) && path.length > 0 ? `${path.join('.')}: ` : '';
  // Schema libraries may echo the rejected value: the line is cut short and sanitised.
  return sanitizeMessage(`${where}${message}`, { maxLength: 160 }).replace(/[\r\n]+/g, ' ');
}

function errorIdOf(details: Record<string, unknown> | undefined): string | undefined {
  const id = details?.errorId;
  return typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : undefined;
}

/**
 * One plain-language sentence telling a model what to do about an error: wait and call again,
 * ask the user to sign in, fix an argument, or stop. It follows the error's own advice
 * (`retryable`, `retryAfterMs`) before its category's default.
 *
 * @example
 * nextStepText({ category: 'rate_limit', retryable: true, retryAfterMs: 2000 });
 * // 'Wait 2 s, then call this tool again.'
 */
export function nextStepText(
  error: Pick<ToolErrorTextInput, 'category' | 'retryable' | 'retryAfterMs' | 'details'>,
  subject = 'this tool',
): string {
  const category: ErrorCategory = isErrorCategory(error.category) ? error.category : 'internal';
  const delay = validDelayMs(error.retryAfterMs);
  const again = `call ${subject} again`;
  const wait = delay === undefined ? 'Wait a little' : `Wait ${humanDelay(delay)}`;
  switch (category) {
    case 'auth':
      return `Ask the user to sign in or renew the credentials, then ${again}.`;
    case 'permission':
      return `Ask the user for access; calling it again as it is will fail the same way.`;
    case 'not_found':
      return `Check the name or id you passed: it does not exist. Do not retry it unchanged.`;
    case 'validation': {
      const issue = firstIssue(error.details);
      return issue === undefined
        ? `Fix the arguments, then ${again}.`
        : `Fix the arguments (${issue}), then ${again}.`;
    }
    case 'quota':
      return delay === undefined
        ? `The usage quota is used up: do not ${again}; tell the user.`
        : `The usage quota is used up until it resets in ${humanDelay(delay)}: tell the user.`;
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
  if (error.retryable === true) return `${wait}, then ${again}.`;
  if (category === 'internal') {
    const errorId = errorIdOf(error.details);
    return errorId === undefined
      ? `${subject.charAt(0).toUpperCase()}${subject.slice(1)} failed unexpectedly: do not retry it; tell the user.`
      : `${subject.charAt(0).toUpperCase()}${subject.slice(1)} failed unexpectedly: do not retry it; tell the user (error id ${errorId}).`;
  }
  return `Do not ${again} now; tell the user.`;
}

/**
 * The text a model reads when a tool fails, as the wrappers of this library write it: the tool
 * error format of {@link formatToolErrorText} with the hub category in the header (all twelve,
 * not the six of the seed format), a `Next step:` line in plain language
 * (what to do next), and the JSON block. The message is sanitised; no path or secret is
 * written. {@link parseToolErrorText} and `fromToolErrorText` read it back.
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
  const hub = isErrorCategory(error?.agentCategory) ? error.agentCategory : error?.category;
  const next = nextStepText(
    {
      category: hub,
      retryable: error?.retryable,
      retryAfterMs: error?.retryAfterMs,
      details: error?.details,
    },
    options?.subject,
  );
  return writeToolErrorText('formatModelErrorText', error, options, { hubHeader: true, next });
}

import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory } from '../core/categories.js';
import { functionOption, optionError } from './check-option.js';
import { classify as defaultClassify } from './classify.js';
import type { GovernorEvent } from './options.js';

/**
 * The categories that send `withFallback` to the next alternative by default: the one called
 * is rate-limited, unavailable or overloaded, or out of quota — another model or provider may
 * well answer. A verdict on the request itself (validation, auth, not found) is not one of them:
 * the next provider would say the same.
 */
export const FALLBACK_CATEGORIES: readonly ErrorCategory[] = Object.freeze([
  'rate_limit',
  'unavailable',
  'quota',
]);

/** Options of {@link withFallback}. */
export interface FallbackOptions {
  /**
   * Which failures move on to the next alternative: categories, or a predicate on the
   * classified error. Default {@link FALLBACK_CATEGORIES}.
   */
  on?: readonly ErrorCategory[] | ((error: AgentError) => boolean);
  /** Turns what an alternative threw into an AgentError. Default: the library's classifier. */
  classify?: (error: unknown) => AgentError;
  /** Told of each fallback taken (`{ type: 'fallback', error, from, to }`). */
  onEvent?: (event: GovernorEvent) => void;
  /** Once aborted, no further alternative is called. */
  signal?: AbortSignal;
}

/**
 * Call `primary`; when it fails in one of the `on` categories, call the first alternative, and
 * so on. Rejects with what the last alternative called threw (untouched), or at once with what
 * one threw outside `on`. Wrap each function in {@link retry} to retry it before falling back:
 * the alternative is then taken once retrying that one has stopped.
 *
 * @example
 * const answer = await withFallback(
 *   () => retry(() => openai.responses.create(request), { target: 'openai' }),
 *   [() => retry(() => anthropic.messages.create(sameRequest), { target: 'anthropic' })],
 *   { on: ['rate_limit', 'unavailable', 'quota'] },
 * );
 */
export async function withFallback<T>(
  primary: () => T | PromiseLike<T>,
  alternatives: readonly (() => T | PromiseLike<T>)[],
  options: FallbackOptions = {},
): Promise<T> {
  const where = 'withFallback';
  if (typeof primary !== 'function') throw optionError(where, 'primary', 'a function', primary);
  const others: readonly unknown[] = Array.isArray(alternatives) ? alternatives : [];
  if (!Array.isArray(alternatives) || !others.every((a) => typeof a === 'function'))
    throw optionError(where, 'alternatives', 'an array of functions', alternatives);
  const classify =
    functionOption<(e: unknown) => AgentError>(where, 'classify', options.classify) ??
    defaultClassify;
  const onEvent = functionOption<(e: GovernorEvent) => void>(where, 'onEvent', options.onEvent);
  const moveOn = fallbackPredicate(options.on);
  const chain = [primary, ...(others as readonly (() => T | PromiseLike<T>)[])];
  for (let k = 0; ; k++) {
    try {
      return await (chain[k] as () => T | PromiseLike<T>)();
    } catch (thrown) {
      if (k === chain.length - 1 || options.signal?.aborted === true) throw thrown;
      const error = classify(thrown);
      if (!moveOn(error)) throw thrown;
      try {
        onEvent?.(Object.freeze({ type: 'fallback', error, from: k, to: k + 1 }));
      } catch {
        // Observers observe.
      }
    }
  }
}

function fallbackPredicate(on: FallbackOptions['on']): (error: AgentError) => boolean {
  if (on === undefined) return (e) => FALLBACK_CATEGORIES.includes(e.category);
  if (typeof on === 'function') return on;
  if (Array.isArray(on) && on.every((c) => typeof c === 'string')) {
    const categories: readonly string[] = on;
    return (e) => categories.includes(e.category);
  }
  throw optionError(
    'withFallback',
    'on',
    'an array of error categories or a function (error) => boolean',
    on,
  );
}

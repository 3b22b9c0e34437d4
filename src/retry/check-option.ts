import { describeValue } from '../core/is.js';

/**
 * Option checks shared by `retry`, retry budgets and the idempotency stores. Every message
 * names the option and what was expected, so a bad configuration is fixed from the message alone.
 * @internal
 */
export function optionError(where: string, option: string, expected: string, received: unknown) {
  return new TypeError(
    `${where}: ${option} must be ${expected}; received ${describeValue(received)}`,
  );
}

/** A finite number >= `min`, or `undefined` when absent. @internal */
export function numberOption(
  where: string,
  option: string,
  value: unknown,
  { min = 0, integer = false, allowInfinity = false } = {},
): number | undefined {
  if (value === undefined) return undefined;
  const ok =
    typeof value === 'number' &&
    value >= min &&
    (Number.isFinite(value) ? !integer || Number.isInteger(value) : allowInfinity && value > 0);
  if (!ok) {
    const what = `${integer ? 'an integer' : 'a number'} >= ${min}${allowInfinity ? ' (or Infinity)' : ''}`;
    throw optionError(where, option, what, value);
  }
  return value;
}

/** A function, or `undefined` when absent. @internal */
export function functionOption<F extends (...args: never[]) => unknown>(
  where: string,
  option: string,
  value: unknown,
): F | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw optionError(where, option, 'a function', value);
  return value as F;
}

/** A clock-like object (`now`, `setTimeout`, `clearTimeout`), or `undefined`. @internal */
export function clockOption<C>(
  where: string,
  value: unknown,
  methods: readonly string[],
): C | undefined {
  if (value === undefined) return undefined;
  const ok =
    value !== null &&
    typeof value === 'object' &&
    methods.every((m) => typeof (value as Record<string, unknown>)[m] === 'function');
  if (!ok) throw optionError(where, 'clock', `an object with ${methods.join(', ')}`, value);
  return value as C;
}

/** A share in (0, 1], or `undefined` when absent. @internal */
export function ratioOption(where: string, option: string, value: unknown): number | undefined {
  const ratio = numberOption(where, option, value);
  if (ratio !== undefined && (ratio <= 0 || ratio > 1))
    throw optionError(where, option, 'a number in (0, 1]', ratio);
  return ratio;
}

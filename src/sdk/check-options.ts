import { describeValue } from '../core/is.js';

/** The option names {@link checkWrapperOptions} checks, by what each must be. @internal */
export interface WrapperOptionNames {
  /** Options that must be functions (the hooks). */
  hooks?: readonly string[];
  /** Options that must be strings. */
  strings?: readonly string[];
  /** Options that must be booleans (switches). */
  booleans?: readonly string[];
}

/**
 * Checks a wrapper's options when the wrapper is made, not at its first failure: a hook that is
 * not a function would be skipped there as a hook that throws is, and the errors it was given to
 * hear of would go nowhere (not even the stderr line a missing hook leaves). The `TypeError`
 * names the option, what it must be and what it was.
 * @internal
 */
export function checkWrapperOptions(
  where: string,
  options: unknown,
  { hooks = [], strings = [], booleans = [] }: WrapperOptionNames,
): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${where}: options must be an object; received ${describeValue(options)}`);
  }
  const given = options as Record<string, unknown>;
  for (const name of hooks) {
    const value = given[name];
    if (value !== undefined && typeof value !== 'function') {
      throw optionTypeError(where, name, 'a function', value);
    }
  }
  for (const name of strings) {
    const value = given[name];
    if (value !== undefined && typeof value !== 'string') {
      throw optionTypeError(where, name, 'a string', value);
    }
  }
  for (const name of booleans) {
    const value = given[name];
    if (value !== undefined && typeof value !== 'boolean') {
      throw optionTypeError(where, name, 'true or false', value);
    }
  }
}

function optionTypeError(where: string, name: string, expected: string, value: unknown) {
  return new TypeError(
    `${where}: options.${name} must be ${expected}; received ${describeValue(value)}`,
  );
}

/**
 * What an object lacks of the methods a wrapper needs, for its `TypeError`: `'an object without
 * registerTool'`, or the value described when it is no object.
 * @internal
 */
export function describeMissingMethods(value: unknown, methods: readonly string[]): string {
  if (value === null || typeof value !== 'object') return describeValue(value);
  const target = value as Record<string, unknown>;
  const missing = methods.filter((name) => typeof target[name] !== 'function');
  return missing.length === 0 ? 'an object' : `an object without ${missing.join(', ')}`;
}

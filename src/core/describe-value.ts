/**
 * A short, safe description of a value for an error message about bad input: strings quoted
 * (and cut at 60 characters), numbers and booleans with their type, objects and functions by
 * kind only — never their contents, which may hold anything.
 *
 * @example
 * describeValue('fatal'); // '"fatal"'
 * describeValue(-1); // 'number -1'
 * describeValue({ token: 'x' }); // 'an object'
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${typeof value} ${value.toString()}`;
    case 'object':
      return 'an object';
    case 'function':
      return 'a function';
    case 'symbol':
      return value.toString();
    default:
      return 'undefined';
  }
}

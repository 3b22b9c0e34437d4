/**
 * The small predicates and safe readers every part of the library shares: one meaning each, one
 * wording for what a TypeError says it received. Platform-free, as all of core is.
 */

/**
 * Whether `value` is a record: an object that is neither `null` nor an array (a class instance,
 * a `Map` or an `Error` is one too; see {@link isPlainObject} for literals only).
 *
 * @example
 * isRecord({ code: 1 }); // true
 * isRecord([1]); // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `value` as a record ({@link isRecord}), or `undefined`: for reading nested members in one
 * expression (`asRecord(body)?.error`).
 *
 * @example
 * asRecord(JSON.parse(text))?.error;
 */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

/**
 * Whether `value` is a plain object: its prototype is `Object.prototype` or `null` (an object
 * literal, `JSON.parse` output, `Object.create(null)`), not a class instance, array or `Map`.
 * Runs a Proxy's `getPrototypeOf` trap; a trap that throws answers `false`.
 *
 * @example
 * isPlainObject({ a: 1 }); // true
 * isPlainObject(new Date()); // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  try {
    const proto: unknown = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
  } catch {
    return false;
  }
}

/**
 * Whether `value` is a promise or any other thenable: an object or function with a `then` method.
 *
 * @example
 * isThenable(Promise.resolve(1)); // true
 * isThenable({ then: 1 }); // false
 */
export function isThenable<T = unknown>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * `value[key]`, or `undefined` when `value` is not an object or a getter or Proxy trap throws:
 * one hostile member costs only itself.
 *
 * @example
 * readMember({ get code() { throw new Error('no'); } }, 'code'); // undefined
 * readMember(null, 'code'); // undefined
 */
export function readMember(value: unknown, key: PropertyKey): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function'))
    return undefined;
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * Whether `value` is an instance of one class, asked one way everywhere: it carries `brand` (set
 * to `true` by a class of this package, in any copy of it), or it passes the class's shape. An
 * instance of some class (an `Error` thrown by a library) must pass `upstream`, the shape the
 * class's upstream package documents for its instances (default: `shape`); plain data (a
 * `structuredClone` or JSON copy, which keeps the fields but not the brand) must pass `shape`.
 * So a third-party error that happens to carry the same fields is not taken for the class. A
 * Proxy whose traps throw is neither.
 *
 * @example
 * hasBrandOrShape(value, BRAND, (v) => typeof v.message === 'string');
 */
export function hasBrandOrShape(
  value: unknown,
  brand: symbol,
  shape: (value: Record<PropertyKey, unknown>) => boolean,
  upstream: (value: Record<PropertyKey, unknown>) => boolean = shape,
): boolean {
  if (value === null || typeof value !== 'object') return false;
  try {
    const v = value as Record<PropertyKey, unknown>;
    if (v[brand] === true) return true;
    return isPlainObject(value) ? shape(v) : upstream(v);
  } catch {
    return false;
  }
}

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

/**
 * A table keyed by numeric error code, as a `Map`. An object literal keyed by negative numbers
 * (`{ [-32601]: … }`) has string keys, so every lookup by number first converts the number to a
 * string: about three times the cost of a `Map` lookup, on every decode.
 *
 * @example
 * const BY_CODE = codeTable({ [-32601]: 'METHOD_NOT_FOUND' });
 * BY_CODE.get(-32601); // 'METHOD_NOT_FOUND'
 */
export function codeTable<V>(entries: Readonly<Record<number, V>>): ReadonlyMap<number, V> {
  return new Map(Object.entries(entries).map(([code, value]) => [Number(code), value]));
}

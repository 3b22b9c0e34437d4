/**
 * `value[key]`, or `undefined` when a getter or a Proxy trap throws: one hostile member costs
 * only itself. A keyed read: on a hot path over many shapes, read fixed members by name instead.
 *
 * @example
 * readMember({ get code() { throw new Error('no'); } }, 'code'); // undefined
 */
export function readMember(value: object, key: PropertyKey): unknown {
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch {
    return undefined;
  }
}

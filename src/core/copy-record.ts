/**
 * A shallow copy of `source`'s own enumerable string-keyed members, leaving out `omit`, ready
 * for more members to be added (into `into` when given, after the members it has).
 *
 * The copy is built member by member so that members added afterwards stay on V8's fast path.
 * An own `__proto__` member (JSON.parse makes those) is defined, not assigned: it becomes an
 * ordinary own member of the copy, never its prototype.
 *
 * @example
 * copyRecord({ uri: 'file:///a', agentError: {} }, 'agentError'); // { uri: 'file:///a' }
 */
export function copyRecord(
  source: object,
  omit?: string,
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  const from = source as Record<string, unknown>;
  const out = into;
  for (const key in from) {
    if (key === omit || !Object.hasOwn(from, key)) continue;
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: from[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      out[key] = from[key];
    }
  }
  return out;
}

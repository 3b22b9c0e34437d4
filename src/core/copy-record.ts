/**
 * The most members a copy on the way to the wire takes: the serialiser's default `maxKeys`,
 * which cuts the rest of any object anyway. Bounding the copy too keeps the work of a walk in
 * step with what it writes, not with the width of what it was given (a 30,000-key proxy).
 */
export const COPY_MAX_KEYS = 100;

/**
 * Whether `source` has more own keys than a copy takes ({@link COPY_MAX_KEYS}), asked with one
 * `ownKeys` (a proxy's one trap), never member by member. A source whose keys cannot be listed
 * counts as wide: it is not copied, and the serialiser marks it. Never throws.
 */
export function isTooWideToCopy(source: object): boolean {
  try {
    return Reflect.ownKeys(source).length > COPY_MAX_KEYS;
  } catch {
    return true;
  }
}

/**
 * A shallow copy of `source`'s own enumerable string-keyed members, leaving out `omit`, ready
 * for more members to be added (into `into` when given, after the members it has). At most
 * {@link COPY_MAX_KEYS} members are copied and at most four times as many keys looked at, so the
 * work is bounded by the copy, not by the source's width; an encoder that adds members of its own
 * asks {@link isTooWideToCopy} first and sends a wide source as it is, for the serialiser to
 * bound and count.
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
  const keys = Reflect.ownKeys(from);
  const lookAt = 4 * COPY_MAX_KEYS + 16;
  let copied = 0;
  for (let i = 0; i < keys.length && i < lookAt && copied < COPY_MAX_KEYS; i++) {
    const key = keys[i];
    if (typeof key !== 'string' || key === omit) continue;
    if (Object.getOwnPropertyDescriptor(from, key)?.enumerable !== true) continue;
    copied++;
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

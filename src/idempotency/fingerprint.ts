/**
 * One canonical JSON text per value: object keys sorted (by code unit), no whitespace,
 * `toJSON` honoured, `undefined`/functions/symbols dropped from objects and written as `null` in
 * arrays — the same as `JSON.stringify` apart from the key order. Two inputs that `JSON.parse`
 * would read as equal get the same text. Throws a `TypeError` for a cycle or a BigInt, which
 * have no JSON form.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, { d: null, c: 'x' }] }); // '{"a":[true,{"c":"x","d":null}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set()) ?? 'null';
}

function write(value: unknown, stack: Set<object>): string | undefined {
  if (value !== null && typeof value === 'object') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as () => unknown).call(value);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      throw new TypeError('canonicalJson: a BigInt has no JSON form');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  const object = value as object;
  if (stack.has(object)) throw new TypeError('canonicalJson: the value is circular');
  stack.add(object);
  try {
    if (Array.isArray(object)) {
      return `[${object.map((item) => write(item, stack) ?? 'null').join(',')}]`;
    }
    const parts: string[] = [];
    for (const key of Object.keys(object).sort()) {
      const text = write((object as Record<string, unknown>)[key], stack);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    stack.delete(object);
  }
}

/**
 * The fingerprint of a request's input: `sha256:` and the hex SHA-256 of its
 * canonical JSON (keys sorted), computed with `globalThis.crypto.subtle`. Equal inputs (in any key
 * order) give equal fingerprints; the input itself is never stored.
 *
 * @example
 * await fingerprint({ week: '2026-W19' }) === await fingerprint({ week: '2026-W19' }); // true
 */
export async function fingerprint(value: unknown): Promise<string> {
  return `sha256:${await hexDigest('SHA-256', canonicalJson(value), 'fingerprint')}`;
}

/**
 * The hex digest of `text`'s UTF-8 bytes, computed with `globalThis.crypto.subtle`; `where`
 * names the caller in the error thrown where there is no Web Crypto.
 * @internal
 */
export async function hexDigest(
  algorithm: 'SHA-1' | 'SHA-256',
  text: string,
  where: string,
): Promise<string> {
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (!subtle) throw new TypeError(`${where}: globalThis.crypto.subtle is not available`);
  const digest = new Uint8Array(await subtle.digest(algorithm, new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

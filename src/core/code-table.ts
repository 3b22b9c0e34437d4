/** A lookup by numeric error code (see {@link codeTable}). */
export interface CodeTable<V> {
  get(code: number): V | undefined;
  has(code: number): boolean;
}

// Codes closer together than this are looked up in an array (JSON-RPC's span -32768..-32000).
const MAX_DENSE_SPAN = 4096;

/** Codes that lie close together: an array indexed from the lowest. */
class DenseCodeTable<V> implements CodeTable<V> {
  constructor(
    private readonly min: number,
    private readonly slots: readonly (V | undefined)[],
  ) {}

  get(code: number): V | undefined {
    const at = code - this.min;
    return at >= 0 && at < this.slots.length ? this.slots[at] : undefined;
  }

  has(code: number): boolean {
    return this.get(code) !== undefined;
  }
}

/**
 * A table keyed by numeric error code. An object literal keyed by negative numbers
 * (`{ [-32601]: … }`) has string keys, so every lookup by number first converts the number to a
 * string; a `Map` hashes the number on every lookup. Codes lying close together (JSON-RPC's)
 * are kept in an array indexed from the lowest code instead; others in a `Map`.
 *
 * @example
 * const BY_CODE = codeTable({ [-32601]: 'METHOD_NOT_FOUND' });
 * BY_CODE.get(-32601); // 'METHOD_NOT_FOUND'
 */
export function codeTable<V>(entries: Readonly<Record<number, V>>): CodeTable<V> {
  const pairs = Object.entries(entries).map(([code, value]) => [Number(code), value] as const);
  if (pairs.length === 0) return new Map<number, V>();
  const codes = pairs.map(([code]) => code);
  const min = Math.min(...codes);
  const span = Math.max(...codes) - min + 1;
  if (!codes.every(Number.isInteger) || span > MAX_DENSE_SPAN) return new Map(pairs);
  const slots: (V | undefined)[] = Array.from({ length: span }, () => undefined);
  for (const [code, value] of pairs) slots[code - min] = value;
  return new DenseCodeTable(min, slots);
}

import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprint } from './fingerprint.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and otherwise writes what JSON.stringify writes', () => {
    expect(canonicalJson({ b: 1, a: [true, { d: null, c: 'x' }] })).toBe(
      '{"a":[true,{"c":"x","d":null}],"b":1}',
    );
    const value = {
      z: undefined,
      f: () => 1,
      n: Number.NaN,
      arr: [undefined, 1],
      date: new Date(0),
    };
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('refuses what has no JSON form', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(() => canonicalJson(a)).toThrow(/circular/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/BigInt/);
    const shared = { x: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });
});

describe('fingerprint', () => {
  it('is the same for equal inputs in any key order and differs otherwise', async () => {
    const a = await fingerprint({ week: '2026-W19', opts: { x: 1, y: 2 } });
    const b = await fingerprint({ opts: { y: 2, x: 1 }, week: '2026-W19' });
    const c = await fingerprint({ week: '2026-W20', opts: { x: 1, y: 2 } });
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});

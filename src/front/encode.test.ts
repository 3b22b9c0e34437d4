import { describe, expect, it } from 'vitest';
import { classifierOf, withDecoder } from './encode.js';
import { createDecoder } from './create-decoder.js';

const FULL = classifierOf(undefined);

describe('withDecoder', () => {
  it('shares one default object when no options are given', () => {
    expect(withDecoder(undefined)).toBe(withDecoder(undefined));
    expect(withDecoder(undefined).decoder).toBe(FULL);
  });

  it("keeps the caller's decoder and object as they are", () => {
    const options = { decoder: createDecoder([]), maskPaths: true };
    expect(withDecoder(options)).toBe(options);
  });

  it("copies the caller's members, leaving the caller's object alone", () => {
    const onError = (): void => {};
    for (const options of [
      { onError, maskPaths: true },
      // An own `decoder: undefined` is no decoder: the full classifier replaces it.
      { onError, maskPaths: true, decoder: undefined },
    ]) {
      const before = { ...options };
      const copy = withDecoder(options);
      expect(copy).not.toBe(options);
      expect(copy).toEqual({ onError, maskPaths: true, decoder: FULL });
      expect(options).toEqual(before);
    }
  });

  it('keeps an own __proto__ member (what JSON.parse makes) an own member, not a prototype', () => {
    const options = JSON.parse('{"__proto__": {"redact": false}, "maskPaths": true}') as {
      maskPaths: boolean;
    };
    const copy = withDecoder(options) as { redact?: unknown };
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.redact).toBeUndefined();
    expect(Object.keys(copy).sort()).toEqual(['__proto__', 'decoder', 'maskPaths']);
  });
});

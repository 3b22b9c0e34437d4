import { describe, expect, it } from 'vitest';
import { copyRecord } from './copy-record.js';

describe('copyRecord', () => {
  it('copies own enumerable members, leaving out the one named', () => {
    const source = { uri: 'file:///a', agentError: { category: 'auth' }, n: 1 };
    const copy = copyRecord(source, 'agentError');
    expect(copy).toStrictEqual({ uri: 'file:///a', n: 1 });
    expect(copy).not.toBe(source);
    copy.more = true;
    expect(source).not.toHaveProperty('more');
  });

  it('keeps an own __proto__ member as data, as a spread does, without touching the prototype', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as object;
    const copy = copyRecord(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(copy).toStrictEqual({ ...source });
  });

  it('skips inherited members and adds after the members `into` already has', () => {
    const source = Object.assign(Object.create({ inherited: 1 }) as object, { type: 'x', a: 1 });
    const copy = copyRecord(source, 'type', { type: 'transport' });
    expect(Object.keys(copy)).toEqual(['type', 'a']);
    expect(copy.type).toBe('transport');
    expect(copy).not.toHaveProperty('inherited');
  });
});

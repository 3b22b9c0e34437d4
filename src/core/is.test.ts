import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asRecord,
  describeValue,
  hasBrandOrShape,
  isPlainObject,
  isRecord,
  isThenable,
  readMember,
} from './is.js';

const hostile = new Proxy(
  {},
  {
    get() {
      throw new Error('get trap');
    },
    getPrototypeOf() {
      throw new Error('getPrototypeOf trap');
    },
  },
);

class Custom {
  code = 'X';
}

// Every kind of value the helpers meet, with what each helper answers for it.
const ROWS: {
  name: string;
  value: () => unknown;
  record: boolean;
  plain: boolean;
  /** `'throws'`: `isThenable` reads `then`, and a hostile value is for `readMember`. */
  thenable: boolean | 'throws';
  described: string;
}[] = [
  {
    name: 'null',
    value: () => null,
    record: false,
    plain: false,
    thenable: false,
    described: 'null',
  },
  {
    name: 'undefined',
    value: () => undefined,
    record: false,
    plain: false,
    thenable: false,
    described: 'undefined',
  },
  {
    name: 'a string',
    value: () => 'fatal',
    record: false,
    plain: false,
    thenable: false,
    described: '"fatal"',
  },
  {
    name: 'a long string',
    value: () => 'x'.repeat(100),
    record: false,
    plain: false,
    thenable: false,
    described: `"${'x'.repeat(60)}…"`,
  },
  {
    name: 'a number',
    value: () => -1,
    record: false,
    plain: false,
    thenable: false,
    described: 'number -1',
  },
  {
    name: 'a boolean',
    value: () => true,
    record: false,
    plain: false,
    thenable: false,
    described: 'boolean true',
  },
  {
    name: 'a bigint',
    value: () => 5n,
    record: false,
    plain: false,
    thenable: false,
    described: 'bigint 5',
  },
  {
    name: 'a symbol',
    value: () => Symbol('s'),
    record: false,
    plain: false,
    thenable: false,
    described: 'Symbol(s)',
  },
  {
    name: 'a function',
    value: () => () => 1,
    record: false,
    plain: false,
    thenable: false,
    described: 'a function',
  },
  {
    name: 'an array',
    value: () => [1],
    record: false,
    plain: false,
    thenable: false,
    described: 'an array',
  },
  {
    name: 'an object literal',
    value: () => ({ token: 'secret' }),
    record: true,
    plain: true,
    thenable: false,
    described: 'an object',
  },
  {
    name: 'JSON.parse output',
    value: (): unknown => JSON.parse('{"__proto__":{"a":1}}'),
    record: true,
    plain: true,
    thenable: false,
    described: 'an object',
  },
  {
    name: 'a null-prototype object',
    value: (): unknown => Object.create(null),
    record: true,
    plain: true,
    thenable: false,
    described: 'an object',
  },
  {
    name: 'a class instance',
    value: () => new Custom(),
    record: true,
    plain: false,
    thenable: false,
    described: 'an object',
  },
  {
    name: 'a Map',
    value: () => new Map(),
    record: true,
    plain: false,
    thenable: false,
    described: 'an object',
  },
  {
    name: 'an Error',
    value: () => new Error('x'),
    record: true,
    plain: false,
    thenable: false,
    described: 'an object',
  },
  {
    name: 'a promise',
    value: () => Promise.resolve(1),
    record: true,
    plain: false,
    thenable: true,
    described: 'an object',
  },
  {
    name: 'a thenable literal',
    value: () => ({ then() {} }),
    record: true,
    plain: true,
    thenable: true,
    described: 'an object',
  },
  {
    name: 'a thenable function',
    value: () => Object.assign(() => 1, { then() {} }),
    record: false,
    plain: false,
    thenable: true,
    described: 'a function',
  },
  {
    name: 'an object with then: 1',
    value: () => ({ then: 1 }),
    record: true,
    plain: true,
    thenable: false,
    described: 'an object',
  },
  {
    name: 'a Proxy whose traps throw',
    value: () => hostile,
    record: true,
    plain: false,
    thenable: 'throws',
    described: 'an object',
  },
];

describe('core/is: one answer per kind of value', () => {
  it.each(ROWS)('$name', (row) => {
    const value = row.value();
    expect(isRecord(value)).toBe(row.record);
    expect(asRecord(value)).toBe(row.record ? value : undefined);
    expect(isPlainObject(value)).toBe(row.plain);
    if (row.thenable === 'throws') {
      expect(() => isThenable(value)).toThrow('get trap');
    } else {
      expect(isThenable(value)).toBe(row.thenable);
    }
    expect(describeValue(value)).toBe(row.described);
  });

  it('describeValue never shows an object or function contents', () => {
    fc.assert(
      fc.property(fc.oneof(fc.object(), fc.array(fc.anything()), fc.func(fc.anything())), (v) => {
        expect(['an object', 'an array', 'a function']).toContain(describeValue(v));
      }),
    );
  });
});

describe('readMember', () => {
  it('reads a member, and never throws', () => {
    expect(readMember({ code: 'X' }, 'code')).toBe('X');
    expect(
      readMember(
        Object.assign(() => 1, { code: 2 }),
        'code',
      ),
    ).toBe(2);
    for (const row of ROWS) expect(() => readMember(row.value(), 'code')).not.toThrow();
    expect(readMember(hostile, 'code')).toBeUndefined();
    expect(readMember(null, 'code')).toBeUndefined();
    expect(readMember('text', 'length')).toBeUndefined();
    const getter = {
      get code(): string {
        throw new Error('no');
      },
    };
    expect(readMember(getter, 'code')).toBeUndefined();
  });
});

describe('hasBrandOrShape', () => {
  const BRAND = Symbol.for('agent-errors.test.Brand');
  const shape = (v: Record<PropertyKey, unknown>) => typeof v.message === 'string';

  it('accepts the brand, or failing it the shape; refuses the rest without throwing', () => {
    expect(hasBrandOrShape({ [BRAND]: true }, BRAND, shape)).toBe(true);
    expect(hasBrandOrShape(structuredClone({ message: 'm' }), BRAND, shape)).toBe(true);
    expect(hasBrandOrShape({ [BRAND]: 'yes' }, BRAND, shape)).toBe(false);
    for (const row of ROWS) {
      const value = row.value();
      const expected =
        isRecord(value) &&
        value !== hostile &&
        typeof (value as { message?: unknown }).message === 'string';
      expect(hasBrandOrShape(value, BRAND, shape)).toBe(expected);
    }
    expect(
      hasBrandOrShape({ message: 'm' }, BRAND, () => {
        throw new Error('shape throws');
      }),
    ).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeTable } from './code-table.js';

describe('codeTable', () => {
  it('finds every code it was given and nothing else, dense or sparse', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.oneof(fc.integer({ min: -32800, max: -31000 }), fc.integer()).map(String),
          fc.string(),
        ),
        fc.array(fc.oneof(fc.integer(), fc.double(), fc.integer({ min: -32800, max: -31000 }))),
        (entries, probes) => {
          const table = codeTable(entries as Record<number, string>);
          for (const [code, value] of Object.entries(entries)) {
            expect(table.get(Number(code))).toBe(value);
            expect(table.has(Number(code))).toBe(true);
          }
          for (const probe of probes) {
            const expected = Object.hasOwn(entries, String(probe))
              ? entries[String(probe)]
              : undefined;
            expect(table.get(probe)).toBe(expected);
          }
        },
      ),
    );
  });

  it('reads the JSON-RPC tables by code', () => {
    const table = codeTable({ [-32700]: 'PARSE_ERROR', [-32000]: 'SERVER', [-32601]: 'METHOD' });
    expect([table.get(-32700), table.get(-32601), table.get(-32000)]).toEqual([
      'PARSE_ERROR',
      'METHOD',
      'SERVER',
    ]);
    expect([
      table.get(-32701),
      table.get(-31999),
      table.get(-32600.5),
      table.get(Number.NaN),
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

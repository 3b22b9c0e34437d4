// The SQLSTATE tables every SQL family reads (PostgreSQL's `code`, MySQL's `sqlState`): each
// condition and class through sqlStateMeaning. The errors of each library that carry these codes
// are walked beside their readers (postgres/, mysql/).
import { describe, expect, it } from 'vitest';
import { SQLSTATE_CLASSES, SQLSTATE_CONDITIONS, isSqlState, sqlStateMeaning } from './sqlstate.js';

describe('sqlStateMeaning', () => {
  it.each(Object.entries(SQLSTATE_CONDITIONS))('condition %s', (state, row) => {
    expect(isSqlState(state)).toBe(true);
    expect(sqlStateMeaning(state, 'canceling statement due to user request')).toEqual(row);
  });

  it.each(Object.entries(SQLSTATE_CLASSES))('class %s, for a subclass no row names', (cls, row) => {
    expect(sqlStateMeaning(`${cls}9Z9`)).toEqual(row);
  });

  it('knows no class outside the table (MySQL’s HY000) and no malformed code', () => {
    expect(sqlStateMeaning('HY000')).toBeUndefined();
    for (const value of ['2350', '235050', '23 05', 'abcde', 23505, null]) {
      expect(isSqlState(value), String(value)).toBe(false);
    }
  });
});

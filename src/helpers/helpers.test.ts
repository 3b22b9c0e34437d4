// Each per-protocol helper is encode(x, protocol), byte for byte (errorIds aside): an error of
// every category, and what is no AgentError yet (a thrown Error, a string, a system error), down
// every public road of test/helpers/roads.ts. test/one-road.test.ts drives the same roads over
// the whole corpus and real SDK errors.
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { ERROR_CATEGORIES } from '../core/categories.js';
import { ROADS, runRoads } from '../../test/helpers/roads.js';
import type { RoadInput } from '../../test/helpers/roads.js';

const inputs: RoadInput[] = [
  ...ERROR_CATEGORIES.map((category) => ({
    id: category,
    value: new AgentError(`a ${category} failure`, { category, retryAfterMs: 1_500 }),
  })),
  { id: 'an Error', value: new Error('boom at /srv/app/secret.ts') },
  { id: 'a string', value: 'plain failure' },
  {
    id: 'a system error',
    value: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
  },
];

describe('helpers = encode', () => {
  it('every road sends what encode sends, for every input', async () => {
    const { compared, mismatches } = await runRoads(inputs);
    expect(mismatches).toEqual([]);
    expect(compared).toBe(ROADS.length * inputs.length);
  });
});

// The generated safety proof (test/helpers/safety-proof.ts): secret forms × contexts × ways out ×
// positions, the bytes that crossed scanned for any 6-character fragment of the secret. Sampled
// here; `SAFETY_FULL=1 npx vitest run test/hostile/safety-proof.test.ts` (or
// `node scripts/safety-proof.mjs`) runs the whole cross product and prints its table.
import { afterAll, describe, expect, it } from 'vitest';
import { AgentError } from 'agent-errors';
import {
  CONTEXTS,
  NUMBER_KEYS,
  SECRETS,
  SECRET_NUMBER,
  WAYS_OUT,
  carrier,
  cases,
  findLeak,
} from '../helpers/safety-proof.js';
import { closeLiveWays, redisAvailable } from '../helpers/safety-proof-live.js';
import type { Leak } from '../helpers/safety-proof.js';

const FULL = process.env.SAFETY_FULL === '1';

describe('no fragment of a secret crosses any way out', () => {
  afterAll(closeLiveWays);

  it(
    FULL ? 'the full cross product' : 'a sample meeting every format, context and way out',
    async () => {
      const leaks: Leak[] = [];
      const tried = {
        cases: 0,
        secrets: new Set<string>(),
        contexts: new Set<string>(),
        ways: new Set<string>(),
      };
      const table = new Map<string, { tried: number; leaked: number }>();
      for (const { secret, context, position, way } of cases(FULL)) {
        const bytes = await way.send(carrier(context.plant(secret.value), position));
        tried.cases++;
        tried.secrets.add(secret.name);
        tried.contexts.add(context.name);
        tried.ways.add(way.name);
        const fragment = findLeak(bytes, secret, context);
        const row = table.get(context.name) ?? { tried: 0, leaked: 0 };
        row.tried++;
        if (fragment !== undefined) {
          row.leaked++;
          leaks.push({
            secret: secret.name,
            context: context.name,
            position,
            way: way.name,
            fragment,
          });
        }
        table.set(context.name, row);
      }
      if (FULL || leaks.length > 0) {
        console.log(
          `${tried.cases} cases: ${tried.secrets.size} secrets × ${tried.contexts.size} contexts × ${tried.ways.size} ways out`,
        );
        console.table(Object.fromEntries(table));
      }
      expect(tried.secrets.size).toBe(SECRETS.length);
      expect(tried.contexts.size).toBe(CONTEXTS.length);
      expect(tried.ways.size).toBe(WAYS_OUT.length);
      expect(leaks.slice(0, 20)).toEqual([]);
    },
    FULL ? 3_600_000 : 120_000,
  );

  it('every way out carries what an intended error says (no way is scanned empty)', async () => {
    const silent: string[] = [];
    const redis = await redisAvailable();
    for (const way of WAYS_OUT) {
      if (way.name.includes('Redis') && !redis) continue;
      const bytes = await way.send(AgentError.validation('carriedmark: bad input'));
      if (!bytes.includes('carriedmark')) silent.push(way.name);
    }
    expect(silent).toEqual([]);
  });

  it('numbers under secret keys never cross', async () => {
    const leaks: string[] = [];
    for (const key of NUMBER_KEYS) {
      const error = AgentError.validation('bad card', {
        details: { [key]: SECRET_NUMBER, max_tokens: 4096 },
      });
      for (const way of WAYS_OUT) {
        const bytes = await way.send(error);
        if (bytes.includes(String(SECRET_NUMBER))) leaks.push(`${key} via ${way.name}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

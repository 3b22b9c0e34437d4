// The fresh attack of round 3 (test/helpers/fresh-attack.ts): every case through every way out
// of the safety proof, the secret planted in the middle of a long message (or in the details),
// and the bytes scanned for any 6-character fragment of it once invisible characters are gone.
import { afterAll, describe, expect, it } from 'vitest';
import { ATTACKS } from '../helpers/fresh-attack.js';
import { WAYS_OUT, carrier, findLeak } from '../helpers/safety-proof.js';
import type { Planted } from '../helpers/safety-proof.js';
import { closeLiveWays } from '../helpers/safety-proof-live.js';

const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/g;

describe('a fresh attack: forms the proof did not have, through every way out', () => {
  afterAll(closeLiveWays);

  it.each(ATTACKS.map((a) => [a.name, a] as const))('%s', async (_name, attack) => {
    const secret = {
      name: attack.name,
      value: attack.secret,
      selfIdentifying: false,
      glued: false,
      kept: '',
    };
    const planted: Planted = attack;
    const leaks: string[] = [];
    for (const way of WAYS_OUT) {
      const bytes = await way.send(
        carrier(planted, attack.text === undefined ? 'details' : 'message middle'),
      );
      const fragment = findLeak(bytes.replace(INVISIBLE, ''), secret);
      if (fragment !== undefined) leaks.push(`${way.name}: ${fragment}`);
    }
    expect(leaks).toEqual([]);
  });
});

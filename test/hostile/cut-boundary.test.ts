// Redact, then cut: a secret planted across every cut boundary of every way out, at every
// offset, so that the cut falls at each position inside it. No 6-character fragment may cross.
// Sampled here (each way out meets one secret and one cut, at every offset);
// `SAFETY_FULL=1` crosses every secret with every cut.
import { afterAll, describe, expect, it } from 'vitest';
import { AgentError } from 'agent-errors';
import { SECRETS, WAYS_OUT, findLeak } from '../helpers/safety-proof.js';
import type { Secret } from '../helpers/safety-proof.js';
import { closeLiveWays } from '../helpers/safety-proof-live.js';

const FULL = process.env.SAFETY_FULL === '1';

// The lengths messages are cut to: the JSON-RPC family, ARCP, HTTP detail (2,000), OTel (1,000),
// the CLI's report (300), and where sanitizeMessage stops reading past a cut (2,000 + 512).
const CUTS = [2_000, 1_000, 300, 2_512];
const WORDS = 'the upstream refused the call after three attempts and closed the stream ';

/** A message whose character `cut` falls `offset` characters into the secret. */
function messageCutAt(secret: Secret, cut: number, offset: number): string {
  const planted = secret.selfIdentifying ? secret.value : `password=${secret.value}`;
  const at = cut - offset - (planted.length - secret.value.length);
  const before = WORDS.repeat(Math.ceil(at / WORDS.length)).slice(0, at - 1);
  return `${before} ${planted} ${WORDS.repeat(40)}`;
}

describe('a cut never shows part of a secret', () => {
  // The live ways out (TCP peer, MCP and ACP SDK servers, a redis-server) end with the file.
  afterAll(closeLiveWays);

  it(
    FULL
      ? 'every secret × every cut × every offset × every way out'
      : 'each way out, one secret and one cut, every offset',
    async () => {
      // Secrets of one line: a PEM block's framing lines are no secret of their own.
      const secrets = SECRETS.filter((s) => !/\s/.test(s.value));
      const leaks: string[] = [];
      let tried = 0;
      let turn = 0;
      for (const way of WAYS_OUT) {
        turn++;
        const pairs = FULL
          ? secrets.flatMap((secret) => CUTS.map((cut) => ({ secret, cut })))
          : [
              {
                secret: secrets[(turn * 7) % secrets.length] as Secret,
                cut: CUTS[turn % CUTS.length] as number,
              },
            ];
        for (const { secret, cut } of pairs) {
          for (let offset = 1; offset < secret.value.length; offset++) {
            const error = AgentError.validation(messageCutAt(secret, cut, offset));
            const fragment = findLeak(await way.send(error), secret);
            tried++;
            if (fragment !== undefined)
              leaks.push(`${secret.name} cut ${cut}+${offset} via ${way.name}: ${fragment}`);
          }
        }
      }
      if (FULL) console.log(`${tried} cut placements tried, ${leaks.length} leaked`);
      expect(leaks.slice(0, 20)).toEqual([]);
    },
    FULL ? 3_600_000 : 120_000,
  );
});

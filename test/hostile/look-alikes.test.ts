// Key names spelt with look-alike letters (UTS #39 confusables, src/core/confusables.ts) are the
// secret words they look like. The letters below are taken from Unicode's confusables.txt: the
// Latin small capitals the file keeps as skeletons of their own, and letters past the Basic
// Multilingual Plane whose skeleton is an ASCII letter.
import { describe, expect, it } from 'vitest';
import { REDACTED, isSensitiveKey, toJsonSafe } from 'agent-errors';

/** Latin small capitals named in confusables.txt (`ꜰ`, `ǫ` and `x` have none there). */
const SMALL_CAPITALS: Record<string, string> = {
  a: 'ᴀ',
  b: 'ʙ',
  c: 'ᴄ',
  d: 'ᴅ',
  e: 'ᴇ',
  g: 'ɢ',
  h: 'ʜ',
  i: 'ɪ',
  j: 'ᴊ',
  k: 'ᴋ',
  l: 'ʟ',
  m: 'ᴍ',
  n: 'ɴ',
  o: 'ᴏ',
  p: 'ᴘ',
  r: 'ʀ',
  s: 'ꜱ',
  t: 'ᴛ',
  u: 'ᴜ',
  v: 'ᴠ',
  w: 'ᴡ',
  y: 'ʏ',
  z: 'ᴢ',
};

/** Look-alikes past the BMP: Carian, Lycian, Old Italic, Deseret, Warang Citi, Miao, Osage. */
const ASTRAL: Record<string, string[]> = {
  a: ['𐊠', '𖽀'],
  c: ['𐊢', '𐌂', '𐐽', '𑣩'],
  e: ['𐊆', '𑢦'],
  i: ['𖺪', '𑣃'],
  k: ['𐔘'],
  n: ['𐔓'],
  o: ['𐊒', '𐐬', '𑣈', '𐓪'],
  p: ['𐊕'],
  r: ['𐒴', '𖼵'],
  s: ['𐊖', '𐑈', '𑣁'],
  t: ['𐊗', '𑢼'],
  u: ['𐓶', '𑣘'],
  v: ['𑜆', '𐔝'],
  w: ['𑜊', '𑣦'],
  x: ['𐌗', '𑣬'],
  y: ['𑣜', '𐊲'],
  z: ['𑣄', '𐋵'],
};

const WORDS = ['password', 'secret', 'token', 'apikey', 'credential', 'cookie', 'passphrase'];

function spellings(word: string): string[] {
  const out: string[] = [];
  if ([...word].every((letter) => SMALL_CAPITALS[letter] !== undefined)) {
    out.push([...word].map((letter) => SMALL_CAPITALS[letter]).join(''));
  }
  [...word].forEach((letter, i) => {
    for (const look of [SMALL_CAPITALS[letter], ...(ASTRAL[letter] ?? [])]) {
      if (look !== undefined) out.push(word.slice(0, i) + look + word.slice(i + 1));
    }
  });
  return out;
}

describe('secret words spelt with look-alike letters', () => {
  const cases = WORDS.flatMap((word) => spellings(word).map((spelt) => [word, spelt] as const));

  it('meets small capitals and letters past the BMP in every word', () => {
    expect(cases.length).toBeGreaterThan(60);
    expect(cases.some(([, spelt]) => spelt === 'ᴘᴀꜱꜱᴡᴏʀᴅ')).toBe(true);
  });

  it.each(cases)('%s spelt %s is a secret key, and its value is redacted', (_word, spelt) => {
    expect(isSensitiveKey(spelt)).toBe(true);
    expect(toJsonSafe({ [spelt]: 'v4lue-secret', other: 'kept' })).toEqual({
      [spelt]: REDACTED,
      other: 'kept',
    });
  });
});

#!/usr/bin/env node
// Prints the LOOK_ALIKES string of src/core/confusables.ts from Unicode's confusables.txt
// (UTS #39 data: lines `0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → …`): every
// letter or digit outside ASCII, left as it is by NFKD (normaliseKey folds those first), whose
// skeleton is one ASCII letter or digit, or one Latin small capital (the file keeps `ᴀ`, `ᴘ`, `ʀ`
// as skeletons of their own and names them `LATIN LETTER SMALL CAPITAL A`…). The small capitals
// themselves are listed under their letter. Capital look-alikes of `I` (skeleton `l`) are
// listed under `i`, as a key word is spelt with `i`. The characters in ascending order, each as
// its distance from the one before in base 26 (the capitals A–Z as digits) followed by the
// letter or digit it looks like: two or three bytes a character, which a bundler does not
// escape (it would write `\u1d18`, and two such escapes for a letter past the Basic
// Multilingual Plane).
//   node scripts/confusables.mjs path/to/confusables.txt
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: node scripts/confusables.mjs <confusables.txt>');
  process.exit(2);
}
const ENTRY = /^([0-9A-F]{4,6})\s*;\s*([0-9A-F ]+?)\s*;\s*MA\s*#\*?\s*\(.*\)\s*(.+?) → (.+?)\s*#/;
const entries = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const m = ENTRY.exec(line);
  if (m === null) continue;
  const target = m[2].split(' ').map((hex) => String.fromCodePoint(parseInt(hex, 16)));
  entries.push({ source: String.fromCodePoint(parseInt(m[1], 16)), target, names: [m[3], m[4]] });
}

// The Latin small capitals the file names, as the letter each one is.
const smallCapitals = new Map();
for (const { source, target, names } of entries) {
  const [sourceName, targetName] = names;
  const fromSource = /^LATIN LETTER SMALL CAPITAL ([A-Z])$/.exec(sourceName);
  if (fromSource !== null) smallCapitals.set(source, fromSource[1].toLowerCase());
  const fromTarget = /^LATIN LETTER SMALL CAPITAL ([A-Z])$/.exec(targetName);
  if (fromTarget !== null && target.length === 1) {
    smallCapitals.set(target[0], fromTarget[1].toLowerCase());
  }
}

const listed = (char) =>
  char.codePointAt(0) >= 128 && char.normalize('NFKD') === char && /^[\p{L}\p{N}]$/u.test(char);
const groups = new Map();
const add = (target, source) => {
  if (!(groups.get(target) ?? '').includes(source)) {
    groups.set(target, (groups.get(target) ?? '') + source);
  }
};
for (const { source, target } of entries) {
  const [only] = target;
  if (!listed(source) || target.length > 1) continue;
  let letter = /^[A-Za-z0-9]$/.test(only) ? only : smallCapitals.get(only);
  if (letter === undefined) continue;
  if (letter === 'l' && source !== source.toLowerCase()) letter = 'i';
  add(letter.toLowerCase(), source);
}
for (const [capital, letter] of smallCapitals) if (listed(capital)) add(letter, capital);

const lookAlikes = [...groups]
  .flatMap(([target, sources]) => [...sources].map((char) => [char.codePointAt(0), target]))
  .sort(([a], [b]) => a - b);
/** `n` in base 26, the capitals A–Z as digits. */
const base26 = (n) =>
  (n >= 26 ? base26(Math.floor(n / 26)) : '') + String.fromCharCode(65 + (n % 26));
console.log(
  lookAlikes
    .map(([point, target], i) => base26(point - (lookAlikes[i - 1]?.[0] ?? 0)) + target)
    .join(''),
);

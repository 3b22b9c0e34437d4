#!/usr/bin/env node
// Prints the SKELETON_GROUPS string of src/core/confusables.ts from Unicode's confusables.txt
// (UTS #39 data: lines `0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → …`): every
// letter or digit outside ASCII, left as it is by NFKD (normaliseKey folds those first), whose
// skeleton is one ASCII letter or digit, or one Latin small capital (the file keeps `ᴀ`, `ᴘ`, `ʀ`
// as skeletons of their own and names them `LATIN LETTER SMALL CAPITAL A`…). The small capitals
// themselves are listed under their letter. Grouped by target; capital look-alikes of `I` (skeleton `l`) are
// grouped under `i`, as a key word is spelt with `i`. A group is its target then the code points
// of its characters in ascending order, each as the distance from the one before in base 36,
// comma-separated: a third of the bytes of the characters themselves, which a bundler escapes
// (`\u1d18`, and two such escapes for a letter past the Basic Multilingual Plane).
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

console.log(
  [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([target, sources]) => {
      const points = [...sources].map((char) => char.codePointAt(0)).sort((a, b) => a - b);
      const steps = points.map((point, i) => (point - (points[i - 1] ?? 0)).toString(36));
      return target + steps.join(',');
    })
    .join('|'),
);

#!/usr/bin/env node
// Prints the SKELETON_GROUPS string of src/core/confusables.ts from Unicode's confusables.txt
// (UTS #39 data: lines `0430 ;\t0061 ;\tMA\t# …`): every letter or digit outside ASCII whose
// skeleton is one ASCII letter or digit, left as it is by NFKD (normaliseKey folds those first),
// grouped by target. Capital look-alikes of `I` (skeleton `l`) are grouped under `i`.
//   node scripts/confusables.mjs path/to/confusables.txt
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: node scripts/confusables.mjs <confusables.txt>');
  process.exit(2);
}
const groups = new Map();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const m = /^([0-9A-F]{4,6})\s*;\s*([0-9A-F]{4,6})\s*;/.exec(line);
  if (m === null) continue;
  const source = String.fromCodePoint(parseInt(m[1], 16));
  let target = String.fromCodePoint(parseInt(m[2], 16));
  if (source.charCodeAt(0) < 128 || source.length > 1 || !/^[A-Za-z0-9]$/.test(target)) continue;
  if (source.normalize('NFKD') !== source || !/^[\p{L}\p{N}]$/u.test(source)) continue;
  if (target === 'l' && source !== source.toLowerCase()) target = 'i';
  target = target.toLowerCase();
  groups.set(target, (groups.get(target) ?? '') + source);
}
console.log(
  [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([target, sources]) => target + sources)
    .join('|'),
);

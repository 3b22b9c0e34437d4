/**
 * `text.replace(pattern, replace)` for a global `pattern`, except that a new string is built only
 * around the matches whose replacement differs. Hostile text can hold hundreds of thousands of
 * path-like or token-like runs that are all left as they are; `String.prototype.replace` with a
 * function would gather every one of them first, and its cost would grow faster than the text.
 */
export function replaceEach(
  text: string,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => string,
): string {
  let out = '';
  let copied = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    // Not one of our patterns matches the empty string; step over one anyway rather than loop.
    if (match[0] === '') pattern.lastIndex++;
    const replacement = replace(match);
    if (replacement === match[0]) continue;
    out += text.slice(copied, match.index) + replacement;
    copied = match.index + match[0].length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

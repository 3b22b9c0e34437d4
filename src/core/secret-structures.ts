/**
 * Secrets whose name and value sit in two parts of a structure rather than in `key=value`: an
 * XML element named like a secret (`<password>…</password>`), a quoted name followed by its
 * quoted value (`['Authorization', 'Bearer …']`, HAR's `"name":"X-Api-Key","value":"…"`), and
 * credentials on a command line quoted in an exec error (`mysql -psecret`, `curl -u user:pass`,
 * `sshpass -p secret`, `redis-cli -a secret`).
 *
 * Each scan is linear: a match starts at a `<`, a quote or a flag, and what it reads before it
 * can fail is bounded or stops at the next character that could start another match.
 */
import { REDACTED } from './redacted.js';
import type { KeyJudge } from './secret-contexts.js';
import { normaliseKey } from './sensitive-keys.js';

// XML elements --------------------------------------------------------------------------------

// `<name attr="…">value</name>`: the value runs to the next `<`, so each stretch is read once.
const XML_ELEMENT = /<([\w.:-]{1,64})(?:\s[^<>]{0,256})?>([^<]{1,4096})<\/([\w.:-]{1,64})>/g;

/** Replace the text of XML elements whose name (without its namespace prefix) names a secret. */
export function redactXmlElements(text: string, isSecretKey: KeyJudge): string {
  XML_ELEMENT.lastIndex = 0;
  return text.replace(XML_ELEMENT, (element, open: string, value: string, close: string) => {
    if (open !== close || value.trim() === '') return element;
    const local = open.slice(open.lastIndexOf(':') + 1);
    if (!isSecretKey(local, normaliseKey(local), false)) return element;
    return (
      element.slice(0, element.length - value.length - close.length - 3) + REDACTED + `</${close}>`
    );
  });
}

// Quoted name, quoted value -------------------------------------------------------------------

// A quoted name, a comma, and either its quoted value or HAR's `"value":` before it.
const QUOTED_PAIR =
  /(["'])([^"'\\\r\n]{1,64})\1[ \t]*,[ \t]*(?:(["']?)value\3[ \t]*[:=][ \t]*)?(["'])/g;
const NEXT_IS_COLON = /^[ \t]*:/;
const QUOTED_VALUE = { '"': /[^"\r\n]*/y, "'": /[^'\r\n]*/y } as const;

/**
 * Replace the value after a quoted secret name in a list or a name/value entry: a `[name, value]`
 * pair, a flat `rawHeaders` list, a HAR header written as text.
 */
export function redactQuotedPairs(text: string, isSecretKey: KeyJudge): string {
  let out = '';
  let copied = 0;
  QUOTED_PAIR.lastIndex = 0;
  for (let m = QUOTED_PAIR.exec(text); m !== null; m = QUOTED_PAIR.exec(text)) {
    const name = m[2] as string;
    if (!isSecretKey(name, normaliseKey(name), false)) {
      // The value's quote may open the next pair's name.
      QUOTED_PAIR.lastIndex = m.index + m[0].length - 1;
      continue;
    }
    const start = m.index + m[0].length;
    const pattern = QUOTED_VALUE[m[4] as '"' | "'"];
    pattern.lastIndex = start;
    const end = start + (pattern.exec(text)?.[0].length ?? 0);
    // Too short for a secret, or a key of its own (`"field":"password","message":"…"`).
    if (end - start < 3 || NEXT_IS_COLON.test(text.slice(end + 1, end + 6))) continue;
    out += text.slice(copied, start) + REDACTED;
    copied = end;
    QUOTED_PAIR.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

// Command lines -------------------------------------------------------------------------------

// A short flag that carries a credential on the command lines of common tools, at a word start:
// `-p` (a password: mysql, sshpass, many clients), `-a` (redis-cli's password), `-u` and
// `--user` (curl's `user:password`), glued to the value or followed by it.
const COMMAND_FLAG = /(?<![^\s"'`=(])(-[pau]|--user)(?:([ \t]+)|(?=[^\s-]))(?=[^\s-])/g;
const FLAG_VALUE = /(?:"[^"\r\n]{1,256}"|'[^'\r\n]{1,256}'|[^\s"'`;&|)]{1,256})/y;
// Values a `-p` takes that are no password: a port or port mapping (`ssh -p 22`, `docker -p
// 8080:80`) or a path (`mkdir -p /tmp/x`).
const NOT_A_PASSWORD = /^(?:\d+(?:[:/.-]\d+)*(?:\/\w+)?|[~./].*)$/;
// Tools whose `-p` glued to its value is a password (`mysql -psecret`); elsewhere `-pthread`.
const GLUED_PASSWORD_TOOLS = /\b(?:mysql\w*|mariadb\w*|sshpass|redis-cli|mongo\w*|psql|pg_\w+)\b/;

/**
 * Replace credentials passed as command-line flags: `-p secret`, `-psecret` after a database
 * client, `-a secret` after `redis-cli`, and the password of `-u user:password` (the user
 * stays). A port, port mapping or path after `-p` stays.
 */
export function redactCommandLine(text: string): string {
  let out = '';
  let copied = 0;
  COMMAND_FLAG.lastIndex = 0;
  for (let m = COMMAND_FLAG.exec(text); m !== null; m = COMMAND_FLAG.exec(text)) {
    const flag = m[1] as string;
    const glued = m[2] === undefined;
    const start = m.index + m[0].length;
    FLAG_VALUE.lastIndex = start;
    const value = FLAG_VALUE.exec(text)?.[0];
    if (value === undefined) continue;
    const from = secretStart(text, m.index, flag, glued, value);
    if (from === -1) continue;
    out += text.slice(copied, start + from) + REDACTED;
    copied = start + value.length;
    COMMAND_FLAG.lastIndex = copied;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Where in `value` the secret starts, or -1 when the flag carries none. */
function secretStart(
  text: string,
  flagAt: number,
  flag: string,
  glued: boolean,
  value: string,
): number {
  const bare = value.replace(/^["']|["']$/g, '');
  if (flag === '-u' || flag === '--user') {
    const colon = value.indexOf(':');
    return colon === -1 || colon === value.length - 1 ? -1 : colon + 1;
  }
  if (bare.length < 3 || NOT_A_PASSWORD.test(bare)) return -1;
  if (flag === '-p' && !glued) return 0;
  // Glued `-p…` and `-a …` are passwords only after a client known to take them so.
  const line = text.lastIndexOf('\n', flagAt) + 1;
  const before = text.slice(Math.max(line, flagAt - 256), flagAt);
  return GLUED_PASSWORD_TOOLS.test(before) ? 0 : -1;
}

/** Whether {@link redactCommandLine} may have something to do. */
export const COMMAND_FLAG_HINT = /(?:^|[\s"'`=(])-[pau]|--user/;

/**
 * Secrets recognised by what surrounds them rather than by their own shape: the value after a
 * sensitive key (`password=…`, `"apiKey": "…"`, `Cookie: …`, `?sig=…`), after an HTTP auth scheme
 * (`Bearer …`), in the userinfo of a URL (`https://user:…@host`), and JSON Web Tokens.
 *
 * Every scan here is linear in the text: runs are scanned from their start only (a lookbehind
 * refuses to start inside one), quantifiers that are followed by something that can fail are
 * bounded, and where a value's extent depends on what was found (a header line, a quoted string)
 * it is measured with an anchored (sticky) pattern after the key, once.
 */
import { REDACTED } from './redacted.js';
import { replaceEach } from './replace-each.js';
import { isCountKey, normaliseKey } from './sensitive-keys.js';
import { isFallbackKey, looksRandom } from './secret-entropy.js';

// JSON Web Tokens ------------------------------------------------------------------------------

// A run of the characters a JWT is made of (base64url and dots) that contains `eyJ`, the base64 of
// `{"`. The lookbehind makes it start only at the beginning of a run, so each run is read once.
export const JWT_RUN = /(?<![\w.-])[\w.-]*eyJ[\w.-]*/g;

/**
 * Replace the JSON Web Tokens in `text`: `eyJ…` (a header of 4+ characters after `eyJ`), a payload
 * of 4+ characters and a signature (possibly empty, for `alg: none`), dot-separated. A token glued
 * to a word (`tokeneyJ…`) is found too; the word stays.
 */
export function redactJwts(text: string): string {
  return replaceEach(text, JWT_RUN, ([run]) => redactJwtsInRun(run));
}

function redactJwtsInRun(run: string): string {
  let out = '';
  let copied = 0;
  // The next `eyJ`, looked up again only once the walk has passed it, so the run is read once.
  let header = run.indexOf('eyJ');
  // Walk the dot-separated parts, looking for header, payload and signature in a row.
  for (let partStart = 0; partStart < run.length && header !== -1;) {
    if (header < partStart) header = run.indexOf('eyJ', partStart);
    const partEnd = endOfPart(run, partStart);
    if (header !== -1 && header < partEnd && partEnd - header >= 7) {
      const payloadEnd = endOfPart(run, partEnd + 1);
      const hasSignature = payloadEnd < run.length;
      if (payloadEnd - partEnd - 1 >= 4 && hasSignature) {
        const signatureEnd = endOfPart(run, payloadEnd + 1);
        out += run.slice(copied, header) + REDACTED;
        copied = signatureEnd;
        partStart = signatureEnd + 1;
        continue;
      }
    }
    partStart = partEnd + 1;
  }
  return copied === 0 ? run : out + run.slice(copied);
}

/** Where the dot-separated part that starts at `start` ends (at a dot or the end of `run`). */
function endOfPart(run: string, start: number): number {
  const dot = run.indexOf('.', start);
  return dot === -1 ? run.length : dot;
}

// HTTP auth schemes ----------------------------------------------------------------------------

// `Bearer abc…`, `Basic dXNlcjpwYXNz`, also URL-encoded (`Bearer%20abc`, `Bearer+abc`) and after an
// escaped line break in JSON text (`\nBearer abc`). The separator is kept as it was.
export const AUTH_SCHEME_CREDENTIALS = new RegExp(
  String.raw`(?:(?<![A-Za-z0-9_])|(?<=\\[nrt]))(Bearer|Basic)((?:\s|%20|\+)+)[\w.~+/=%-]{4,}`,
  'gi',
);

/** Whether {@link redactAuthSchemes} may have something to do. */
export const AUTH_SCHEME_HINT = /bearer|basic/i;

/** Replace the credentials after `Bearer` and `Basic`, keeping the scheme name. */
export function redactAuthSchemes(text: string): string {
  AUTH_SCHEME_CREDENTIALS.lastIndex = 0;
  return text.replace(AUTH_SCHEME_CREDENTIALS, `$1$2${REDACTED}`);
}

// Credentials in URLs --------------------------------------------------------------------------

// Userinfo after `://`: `user:password` (the user name is kept) or a lone `token`, before an `@`.
// The password runs to the last `@` before a space, quote, `?`, `#` or the next `://`, so one
// holding `@` or `/` (`postgres://u:p@ss/w@host/db`) is taken whole. A lone `git` is the user of
// every git host over SSH, not a token. Matching starts only at a `://`, and neither part runs
// past the next one, so each stretch of text is read at most twice.
const URL_USERINFO =
  /(:\/\/)(?:([^\s:/?#@"'<>`\\]*:)(?:[^\s?#"'<>`\\:]|:(?!\/\/))+|(?!git@)[^\s:/?#@"'<>`\\]+)(?=@)/g;

/**
 * Replace the password in `scheme://user:password@host` (the user name stays) and a lone userinfo
 * token in `scheme://token@host` (`https://TOKEN@host`, Sentry DSNs). A URL whose path holds an
 * `@` after a port (`https://host:8080/@ana`) loses that part of its path too: it cannot be told
 * from a password.
 */
export function redactUrlCredentials(text: string): string {
  URL_USERINFO.lastIndex = 0;
  return text.replace(URL_USERINFO, `$1$2${REDACTED}`);
}

// Key = value, headers, query parameters -------------------------------------------------------

/** Decides whether a key found in text names a secret. */
export interface KeyJudge {
  /** `key` as written, `normalised` folded (`normaliseKey`), `inQuery` for `?key=`/`&key=`. */
  (key: string, normalised: string, inQuery: boolean): boolean;
}

const KEY_CHAR = String.raw`\p{L}\p{N}\p{M}\p{Cf}_.\-`;
// A key starts a word (see WORD_START in secret-formats.ts, here for any script), also after a
// `\u0026` (`&` as Go's JSON encoder writes it, `?a=1\u0026token=…`) and after a percent-encoded
// character, once or twice encoded (`%3F`, `%253F`).
const KEY_START = String.raw`(?:(?<![${KEY_CHAR}\\%])|(?<=\\[nrt]|%(?:25)?[0-9A-Fa-f]{2}|\\u0026))`;
// A quote: plain, JSON-escaped (JSON inside JSON) or as an HTML entity (`&quot;`, `&#39;`).
const QUOTE = String.raw`(?:\\?["']|&(?:quot|apos|#3[49]|#x2[27]);)`;
// `=` or `:` (also full-width, percent-encoded once or twice, or as an HTML entity), Ruby's and
// PHP's `=>`, with optional quotes and a little space around.
const SEPARATOR = String.raw`${QUOTE}?[ \t]{0,4}(?:=>|[=:\uFF1A\uFF1D]|%(?:25)?3[AaDd]|&(?:#(?:61|58|x3[AaDd])|equals|colon);)[ \t]{0,4}${QUOTE}?`;
// `--password hunter2`: a command-line flag and its value.
const FLAG = String.raw`--[${KEY_CHAR}]{1,62}`;
// `machine api.test login ana password hunter2`: a .netrc entry, whose keywords and values are
// separated by white space only. Read after `login <name>` (or `machine <host>`), so prose that
// says "password is required" is left alone.
const NETRC = String.raw`(?<=\b(?:login|machine)[ \t]{1,8}\S{1,128}[ \t]{1,8})(password|passwd)([ \t]{1,8})(?=\S)`;
const KEY_AND_SEPARATOR = new RegExp(
  String.raw`${KEY_START}(?:(${FLAG})([ \t]+)(?=[^\s-])|([${KEY_CHAR}]{1,64})(${SEPARATOR}))|${NETRC}`,
  'gu',
);

/** Whether {@link redactKeyValues} may have something to do: a separator somewhere. */
export const KEY_SEPARATOR_HINT =
  /[=:\uFF1A\uFF1D]|%(?:25)?3[AaDd]|--|&#|&(?:equals|colon);|login[ \t]/;

// Value extents, read from just after the separator. The ellipsis is left out of every one so
// that a message cut after a key (`password=…`) is not read as holding a secret the next time.
// A backslash counts as part of a value unless it starts an escape sequence (`\n`, `\"`): those
// end JSON-escaped text. A doubled one is read as a pair, so each backslash has one reading.
const BACKSLASH = String.raw`\\\\|\\(?![nrtu"'\\])`;
// A bare value ends at a space, a quote, `&`, `,`, `;`, `<`, `>`, the end of a JSON object
// (`"max_tokens":100}`) or an escape sequence. Not at `]`: `[REDACTED]` must read as one value.
const VALUE_CHAR = String.raw`(?:[^\s"'\u0060&,;<>}\\\u2026]|${BACKSLASH})`;
const BARE_VALUE = new RegExp(`${VALUE_CHAR}+`, 'y');
// `Cookie: a=1; b=2`: the pairs, `;`-separated.
const COOKIE_VALUE = new RegExp(String.raw`${VALUE_CHAR}+(?:;[ \t]*${VALUE_CHAR}+)*`, 'y');
// Authorization credentials: a token, or comma-separated parameters with quoted strings
// (`Digest username="a b", response="…"`, `AWS4-HMAC-SHA256 Credential=…, Signature=…`).
const AUTH_PARAM = String.raw`(?:[^\s"'\u0060,\\\u2026]|"[^"\r\n\\\u2026]{0,256}"|${BACKSLASH})+`;
const AUTH_CREDENTIALS = new RegExp(String.raw`${AUTH_PARAM}(?:,[ \t]*${AUTH_PARAM})*`, 'y');
// A value in double quotes (JSON), up to the closing quote.
const DOUBLE_QUOTED_VALUE = /(?:[^"\\\r\n\u2026]|\\[^\r\n])+/y;
// A value in escaped double quotes (JSON inside a JSON string), up to `\"` or an escape sequence.
const ESCAPED_QUOTED_VALUE = new RegExp(String.raw`(?:[^"\\\r\n\u2026]|${BACKSLASH})+`, 'y');
const SINGLE_QUOTED_VALUE = /[^'\r\n\u2026]+/y;
// The scheme of an Authorization value, kept visible: `token ` in `Authorization: token abc`.
const AUTH_SCHEME = /[A-Za-z][\w-]{0,31}(?:[ \t]|%20|\+)+(?=[^\s"'\\])/y;
const BARE_NUMBER = /^\d+(?:\.\d+)?$/;
// A secret value has three characters or more, one of them a letter or digit: `pin: #` and
// `token: -` are not secrets.
const SHORTEST_VALUE = 3;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Literals that say a value is absent or a flag (`token: null`), shown as the serialiser shows
// booleans and null under sensitive keys.
const NOT_A_SECRET = new Set(['null', 'undefined', 'true', 'false', 'None', 'nil']);

/**
 * Replace the values of sensitive keys in `text`: `password=…`, `"token": "…"`, `api_key: …`,
 * `--password …`, `?sig=…&code=…`, `Authorization: token …` (the scheme stays, the credentials
 * go, also a Digest or AWS parameter list), `Cookie: …` and `Set-Cookie: …` (every pair of the
 * list). URL-encoded (`token%3D…`) and JSON-escaped
 * (`\"password\": \"…\"`, `…\nCookie: …`) forms count too. A bare number under a count-like key
 * (`max_tokens: 100`) stays. Under any other key, a value that reads as random base64 goes too
 * (the high-entropy fallback, `secret-entropy.ts`).
 */
export function redactKeyValues(text: string, isSecretKey: KeyJudge): string {
  let out = '';
  let copied = 0;
  KEY_AND_SEPARATOR.lastIndex = 0;
  for (let m = KEY_AND_SEPARATOR.exec(text); m !== null; m = KEY_AND_SEPARATOR.exec(text)) {
    const key = (m[1] ?? m[3] ?? m[5]) as string;
    const separator = (m[2] ?? m[4] ?? m[6]) as string;
    const normalised = normaliseKey(key);
    const inQuery = isQueryParameter(text, m.index, separator);
    // A key that does not name a secret may still hold one: the high-entropy fallback decides.
    const named = isSecretKey(key, normalised, inQuery);
    const valueStart = m.index + m[0].length;
    const value = named
      ? findValue(text, valueStart, separator, normalised)
      : randomValue(text, valueStart, normalised);
    if (value === undefined) continue;
    out += text.slice(copied, value.start) + REDACTED;
    copied = value.end;
    KEY_AND_SEPARATOR.lastIndex = value.end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

// `?key=`, `&key=`, `#key=` (OAuth fragments), also percent-encoded; `=` only.
function isQueryParameter(text: string, keyStart: number, separator: string): boolean {
  if (separator !== '=' && separator.toUpperCase() !== '%3D') return false;
  const before = text[keyStart - 1];
  if (before === '?' || before === '&' || before === '#' || before === ';') return true;
  const encoded = text.slice(Math.max(0, keyStart - 3), keyStart).toUpperCase();
  if (encoded === '%3F' || encoded === '%26' || encoded === '%23') return true;
  return text.startsWith('\\u0026', keyStart - 6);
}

// What the high-entropy fallback reads: one base64 run, ended by what ends a value. Bounded, and
// it stops at the first other character, so a text of many short keys is read once.
const RANDOM_RUN = /[A-Za-z0-9+/_-]{20,512}={0,2}(?=$|[\s"'\u0060&,;<>}\\])/y;

function randomValue(
  text: string,
  start: number,
  normalised: string,
): { start: number; end: number } | undefined {
  if (!isFallbackKey(normalised)) return undefined;
  RANDOM_RUN.lastIndex = start;
  const run = RANDOM_RUN.exec(text)?.[0];
  return run !== undefined && looksRandom(run) ? { start, end: start + run.length } : undefined;
}

function findValue(
  text: string,
  start: number,
  separator: string,
  normalised: string,
): { start: number; end: number } | undefined {
  const authorization = normalised.endsWith('authorization');
  const from = authorization ? afterAuthScheme(text, start) : start;
  const pattern = valuePattern(separator, normalised, authorization);
  pattern.lastIndex = from;
  const found = pattern.exec(text);
  if (found === null) return undefined;
  const value = found[0];
  if (value.length < SHORTEST_VALUE || !HAS_LETTER_OR_DIGIT.test(value)) return undefined;
  if (NOT_A_SECRET.has(value)) return undefined;
  if (BARE_NUMBER.test(value) && isCountKey(normalised)) return undefined;
  return { start: from, end: from + value.length };
}

function valuePattern(separator: string, normalised: string, authorization: boolean): RegExp {
  // After an HTML-entity quote the value runs to the next entity's `&`, as a bare value does.
  if (separator.endsWith(';')) return BARE_VALUE;
  if (separator.endsWith('\\"')) return ESCAPED_QUOTED_VALUE;
  if (separator.endsWith('"')) return DOUBLE_QUOTED_VALUE;
  if (separator.endsWith("'")) return SINGLE_QUOTED_VALUE;
  if (authorization) return AUTH_CREDENTIALS;
  return normalised.endsWith('cookie') ? COOKIE_VALUE : BARE_VALUE;
}

function afterAuthScheme(text: string, start: number): number {
  AUTH_SCHEME.lastIndex = start;
  const scheme = AUTH_SCHEME.exec(text);
  return scheme === null ? start : start + scheme[0].length;
}

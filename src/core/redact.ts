import {
  AUTH_SCHEME_CREDENTIALS,
  AUTH_SCHEME_HINT,
  JWT_RUN,
  KEY_SEPARATOR_HINT,
  redactAuthSchemes,
  redactJwts,
  redactKeyValues,
  redactUrlCredentials,
} from './secret-contexts.js';
import type { KeyJudge } from './secret-contexts.js';
import {
  SECRET_FORMATS,
  SECRET_FORMAT_NAMES,
  SECRET_FORMAT_HINT,
  formatPattern,
  redactFormats,
} from './secret-formats.js';
import { REDACTED } from './redacted.js';
import { LONG_RUN } from './secret-entropy.js';
import {
  COMMAND_FLAG_HINT,
  redactCommandLine,
  redactQuotedPairs,
  redactXmlElements,
} from './secret-structures.js';
import { isSecretKeyName, isSecretQueryKeyName, normaliseKey } from './sensitive-keys.js';

export { REDACTED, normaliseKey };

/** Extra redaction rules, on top of the defaults. */
export interface RedactOptions {
  /**
   * More sensitive key names: a string matches the key folded as `normaliseKey` does
   * (`'internal_ref'` matches `internalRef`), a RegExp is tested on the key as written. These win
   * over `allowKeys` and over the default allow-list.
   */
  redactKeys?: readonly (string | RegExp)[];
  /**
   * Keys that are not redacted by name although the default rules would (`['traceToken']`),
   * matched folded like `redactKeys` strings. `sessionId` is allowed by default: in ACP and MCP it
   * routes messages and is no credential. Values under these keys are still searched for secrets.
   */
  allowKeys?: readonly string[];
  /** More secret value patterns; each match is replaced by `[REDACTED]`. Use the `g` flag. */
  redactPatterns?: readonly RegExp[];
}

/** A secret value pattern, usable as `text.replace(pattern, replace)`. */
export interface SecretPattern {
  readonly name: string;
  readonly pattern: RegExp;
  readonly replace: (match: string) => string;
}

/**
 * The value patterns of the default rules: self-identifying token formats (`ghp_…`, `AKIA…`,
 * `xoxb-…`, private key blocks …), JSON Web Tokens and `Bearer`/`Basic` credentials. Each is a
 * fresh copy. {@link redactString} also applies rules that are not a single pattern: values after
 * sensitive keys and headers (`password=…`, `Cookie: …`, `?sig=…`) and URL userinfo.
 */
// Built in a pure function: a bundle that never reads the list leaves it (and its regexps) out.
export const SECRET_PATTERNS: readonly SecretPattern[] = /* @__PURE__ */ (() =>
  Object.freeze([
    ...SECRET_FORMATS.map((format, i) => ({
      name: SECRET_FORMAT_NAMES[i] as string,
      pattern: formatPattern(format),
      replace: (match: string) => (format.keep?.exec(match)?.[0] ?? '') + REDACTED,
    })),
    // Each match is a run or a credential that the rule's own function rewrites.
    { name: 'jwt', pattern: new RegExp(JWT_RUN), replace: redactJwts },
    {
      name: 'auth-scheme',
      pattern: new RegExp(AUTH_SCHEME_CREDENTIALS),
      replace: redactAuthSchemes,
    },
  ]))();

function testRegExp(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  const hit = re.test(text);
  re.lastIndex = 0;
  return hit;
}

function matchesRule(
  rules: readonly (string | RegExp)[],
  key: string,
  normalised: string,
): boolean {
  for (const rule of rules) {
    if (typeof rule === 'string' ? normaliseKey(rule) === normalised : testRegExp(rule, key)) {
      return true;
    }
  }
  return false;
}

const judgeByDefault: KeyJudge = (_key, normalised, inQuery) =>
  inQuery ? isSecretQueryKeyName(normalised) : isSecretKeyName(normalised);

function keyJudge(options: RedactOptions | undefined): KeyJudge {
  const redactKeys = options?.redactKeys;
  const allowKeys = options?.allowKeys;
  if (!redactKeys?.length && !allowKeys?.length) return judgeByDefault;
  const allowed = new Set(allowKeys?.map(normaliseKey));
  return (key, normalised, inQuery) => {
    if (redactKeys && matchesRule(redactKeys, key, normalised)) return true;
    if (allowed.has(normalised)) return false;
    return judgeByDefault(key, normalised, inQuery);
  };
}

function isRuleList(
  value: RedactOptions | RedactOptions['redactKeys'],
): value is readonly (string | RegExp)[] {
  return Array.isArray(value);
}

/**
 * Whether a property named `key` holds a secret under the default rules (plus `extra`: more
 * `redactKeys`, or options with `redactKeys` and `allowKeys`). Keys are compared folded
 * (`normaliseKey`), so look-alike letters, full-width forms and separators do not hide one.
 *
 * @example
 * isSensitiveKey('X-Api-Key'); // true
 * isSensitiveKey('pаssword'); // true (Cyrillic а)
 * isSensitiveKey('max_tokens'); // true (numbers under such keys are kept by the serialiser)
 * isSensitiveKey('sessionId'); // false: a routing id in ACP and MCP
 * isSensitiveKey('sessionId', { redactKeys: ['sessionId'] }); // true
 */
export function isSensitiveKey(
  key: string,
  extra?: RedactOptions['redactKeys'] | RedactOptions,
): boolean {
  const options = isRuleList(extra) ? { redactKeys: extra } : extra;
  return keyJudge(options)(key, normaliseKey(key), false);
}

// Stems of every default sensitive key name, or a letter outside ASCII (a look-alike may hide
// one): without either, no key in the text can be a sensitive one.
const KEY_HINT =
  /pass|pw|secret|token|key|auth|cookie|cred|sig|session|sid|dsn|cvv|cvc|pin|ssn|otp|jwt|bearer|mnemonic|seed|phrase|conn|database|db|code|private|[\u0080-\uffff]/i;

function mayHoldUrlCredentials(text: string): boolean {
  return text.includes('://') && text.includes('@');
}

function mayHoldKeyValue(text: string): boolean {
  return KEY_SEPARATOR_HINT.test(text) && (KEY_HINT.test(text) || LONG_RUN.test(text));
}

// A quoted name followed by a comma: the start of a `[name, value]` pair or a HAR entry.
const QUOTED_PAIR_HINT = /["'][ \t]*,/;

function mayHoldStructure(text: string): boolean {
  return (text.includes('</') || QUOTED_PAIR_HINT.test(text)) && KEY_HINT.test(text);
}

function quickCheck(text: string): boolean {
  return (
    SECRET_FORMAT_HINT.test(text) ||
    text.includes('eyJ') ||
    AUTH_SCHEME_HINT.test(text) ||
    mayHoldUrlCredentials(text) ||
    mayHoldKeyValue(text) ||
    mayHoldStructure(text) ||
    COMMAND_FLAG_HINT.test(text)
  );
}

// Text shorter than this is never searched (`pw=abc` is the shortest a rule could match). Short
// strings are mostly enum values, ids and single words; also a random 6-character key such as
// `PW:#` must not come out of the serialiser changed.
const SHORTEST_SECRET = 7;

// Short strings repeat (enum values, ids, method names): remember which looked clean. Worth it:
// without it the error build's core line is 2.2x the floor, not 1.4x (bench/spread.js).
const CLEAN_CACHE = new Map<string, boolean>();
const CLEAN_CACHE_LIMIT = 4_096;
const CLEAN_CACHE_MAX_LENGTH = 64;

/**
 * Whether `text` may hold a secret a default rule recognises: a cheap, conservative test (a
 * `true` may be a false alarm; {@link redactString} decides). Short strings are memoised.
 *
 * @example
 * mightContainSecret('oauth'); // false
 * mightContainSecret('Bearer abc.def'); // true
 */
export function mightContainSecret(text: string): boolean {
  if (text.length < SHORTEST_SECRET) return false;
  if (text.length > CLEAN_CACHE_MAX_LENGTH) return quickCheck(text);
  let hit = CLEAN_CACHE.get(text);
  if (hit === undefined) {
    hit = quickCheck(text);
    if (CLEAN_CACHE.size >= CLEAN_CACHE_LIMIT) CLEAN_CACHE.clear();
    CLEAN_CACHE.set(text, hit);
  }
  return hit;
}

function redactDefaults(text: string, isSecretKey: KeyJudge, keyRules: boolean): string {
  let out = redactFormats(text, REDACTED);
  if (out.includes('eyJ')) out = redactJwts(out);
  if (AUTH_SCHEME_HINT.test(out)) out = redactAuthSchemes(out);
  if (mayHoldUrlCredentials(out)) out = redactUrlCredentials(out);
  if (keyRules ? KEY_SEPARATOR_HINT.test(out) : mayHoldKeyValue(out)) {
    out = redactKeyValues(out, isSecretKey);
  }
  if (keyRules || mayHoldStructure(out)) {
    if (out.includes('</')) out = redactXmlElements(out, isSecretKey);
    out = redactQuotedPairs(out, isSecretKey);
  }
  if (COMMAND_FLAG_HINT.test(out)) out = redactCommandLine(out);
  return out;
}

function isPatternList(
  value: RedactOptions | RedactOptions['redactPatterns'],
): value is readonly RegExp[] {
  return Array.isArray(value);
}

/**
 * Replace every secret the default rules (and `options`) recognise in `text`, keeping the text
 * around it readable: token formats (`ghp_…`, `AKIA…`, JWTs, private key blocks …), values after
 * sensitive keys and headers (`password=…`, `"apiKey": "…"`, `Cookie: …`, `?sig=…`), URL
 * userinfo (`https://user:[REDACTED]@host`), also URL-encoded or inside escaped JSON. Time is
 * linear in the length of `text`. `options` may also be just a list of extra patterns.
 *
 * @example
 * redactString('curl -H "Authorization: Bearer abc.def.ghi"');
 * // 'curl -H "Authorization: Bearer [REDACTED]"'
 */
export function redactString(
  text: string,
  options?: RedactOptions | RedactOptions['redactPatterns'],
): string {
  const opts = isPatternList(options) ? { redactPatterns: options } : options;
  const keyRules = opts?.redactKeys !== undefined && opts.redactKeys.length > 0;
  const isSecretKey = keyJudge(opts);
  // Rules meet: replacing a secret can end the run another one needed ended (two AWS key ids
  // glued together: the first is seen once the second is a marker). Read again while a reading
  // changes something; text without secrets is read once.
  let out = text;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    let again = out;
    if (keyRules || mightContainSecret(again)) again = redactDefaults(again, isSecretKey, keyRules);
    if (opts?.redactPatterns) again = redactExtra(again, opts.redactPatterns);
    if (again === out) break;
    out = again;
  }
  return out;
}

const SETTLE_ROUNDS = 3;

function redactExtra(text: string, patterns: readonly RegExp[]): string {
  let out = text;
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    out = out.replace(
      pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`),
      REDACTED,
    );
  }
  return out;
}

/** The replacement for anything redacted. */
export const REDACTED = '[REDACTED]';

/**
 * Key names whose values are secrets, matched against the key lower-cased with every
 * non-alphanumeric character removed (`api_key`, `X-Api-Key` and `apiKey` all become `apikey`).
 */
const SENSITIVE_KEY =
  /password|passwd|passphrase|secret|token|apikey|authorization|cookie|privatekey|credential|accesskey|clientkey|signingkey|sessionkey|bearer/;
const SENSITIVE_EXACT_KEYS = new Set(['pwd', 'pass', 'auth', 'jwt', 'otp', 'pin', 'ssn']);

// A secret value is recognised only where it starts a word, so `task-12345678` is not `sk-…`.
const START = '(?<![A-Za-z0-9_])';

/**
 * Value patterns for well-known secret formats. Each replaces only the secret, keeping the
 * text around it readable.
 */
export const SECRET_PATTERNS: readonly { readonly pattern: RegExp; readonly replace: string }[] = [
  // `Authorization: Bearer abc…`, `Basic dXNlcjpwYXNz`
  { pattern: /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/gi, replace: `$1 ${REDACTED}` },
  // OpenAI / Anthropic (`sk-`, `sk-ant-`, `sk-proj-`), Stripe (`sk_live_`, `rk_test_`)
  {
    pattern: new RegExp(
      `${START}(?:sk-[A-Za-z0-9_-]{8,}|[sr]k_(?:live|test)_[A-Za-z0-9]{8,})`,
      'g',
    ),
    replace: REDACTED,
  },
  // GitHub tokens
  {
    pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,})`, 'g'),
    replace: REDACTED,
  },
  // AWS access key ids
  {
    pattern: new RegExp(`${START}(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])`, 'g'),
    replace: REDACTED,
  },
  // JSON Web Tokens
  {
    pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*`, 'g'),
    replace: REDACTED,
  },
  // Slack tokens
  { pattern: new RegExp(`${START}xox[a-z]-[A-Za-z0-9-]{6,}`, 'g'), replace: REDACTED },
  // PEM private keys, also when cut off before their END line
  {
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    replace: REDACTED,
  },
  // Credentials in URLs: `https://user:pass@host`
  { pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]*:)[^\s@/]+@/gi, replace: `$1${REDACTED}@` },
  // `password=hunter2`, `api_key: "abc"` inside free text
  {
    pattern:
      /\b(password|passwd|pwd|secret|token|api[_-]?key|access[_-]?token|refresh[_-]?token|client[_-]?secret)(["']?\s*[=:]\s*["']?)(?!\[REDACTED\])[^\s"'&,;]{3,}/gi,
    replace: `$1$2${REDACTED}`,
  },
];

/** Extra redaction rules, on top of the defaults. */
export interface RedactOptions {
  /** More sensitive key names: a string matches the normalised key exactly, a RegExp is tested on the raw key. */
  redactKeys?: readonly (string | RegExp)[];
  /** More secret value patterns; each match is replaced by `[REDACTED]`. Use the `g` flag. */
  redactPatterns?: readonly RegExp[];
}

export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Whether a property named `key` holds a secret under the default rules (plus `extra`).
 *
 * @example
 * isSensitiveKey('X-Api-Key'); // true
 * isSensitiveKey('max_tokens'); // true (numbers under such keys are kept by the serialiser)
 * isSensitiveKey('sessionId'); // false
 */
export function isSensitiveKey(key: string, extra?: RedactOptions['redactKeys']): boolean {
  const normalised = normaliseKey(key);
  if (SENSITIVE_EXACT_KEYS.has(normalised) || SENSITIVE_KEY.test(normalised)) return true;
  if (extra) {
    for (const rule of extra) {
      if (typeof rule === 'string' ? normaliseKey(rule) === normalised : testRegExp(rule, key))
        return true;
    }
  }
  return false;
}

function testRegExp(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  const hit = re.test(text);
  re.lastIndex = 0;
  return hit;
}

// One cheap test tells whether any default pattern might match; most strings skip every replace.
const QUICK_CHECK =
  /bearer|basic|sk-|[sr]k_|gh[pousr]_|github_pat_|AKIA|ASIA|eyJ|xox[a-z]-|PRIVATE KEY|:\/\/[^\s/@]*@|(?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key)["']?\s*[=:]/i;

// No default pattern matches fewer characters than this (`pwd=abc`).
const SHORTEST_SECRET = 7;

// Short strings repeat (enum values, ids, method names): remember which looked clean.
const CLEAN_CACHE = new Map<string, boolean>();
const CLEAN_CACHE_LIMIT = 4_096;
const CLEAN_CACHE_MAX_LENGTH = 64;

/**
 * Whether `text` may hold a secret a default pattern recognises: a cheap, conservative test
 * (a `true` may be a false alarm; {@link redactString} decides). Short strings are memoised.
 *
 * @example
 * mightContainSecret('oauth'); // false
 * mightContainSecret('Bearer abc.def'); // true
 */
export function mightContainSecret(text: string): boolean {
  if (text.length < SHORTEST_SECRET) return false;
  if (text.length > CLEAN_CACHE_MAX_LENGTH) return QUICK_CHECK.test(text);
  let hit = CLEAN_CACHE.get(text);
  if (hit === undefined) {
    hit = QUICK_CHECK.test(text);
    if (CLEAN_CACHE.size >= CLEAN_CACHE_LIMIT) CLEAN_CACHE.clear();
    CLEAN_CACHE.set(text, hit);
  }
  return hit;
}

/**
 * Replace every secret the default patterns (and `extra`) recognise in `text`.
 *
 * @example
 * redactString('curl -H "Authorization: Bearer abc.def.ghi"');
 * // 'curl -H "Authorization: Bearer [REDACTED]"'
 */
export function redactString(text: string, extra?: RedactOptions['redactPatterns']): string {
  let out = text;
  if (mightContainSecret(text)) {
    for (const { pattern, replace } of SECRET_PATTERNS) {
      pattern.lastIndex = 0;
      out = out.replace(pattern, replace);
    }
  }
  if (extra) {
    for (const pattern of extra) {
      pattern.lastIndex = 0;
      out = out.replace(
        pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`),
        REDACTED,
      );
    }
  }
  return out;
}

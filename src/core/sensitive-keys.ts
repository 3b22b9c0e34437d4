/**
 * Which property names hold secrets. A name is compared in a folded form, so that spellings a
 * person reads as the same word are the same word here: `X-Api-Key`, `x_api_key` and `xApiKey`;
 * `PASS_WORD` and `Pass Word`; full-width `ｐａｓｓｗｏｒｄ`; `pаssword` with a Cyrillic `а`.
 */
import { confusableTarget } from './confusables.js';

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;
const NOT_ALPHANUMERIC = /[^a-z0-9]/g;

/**
 * A key folded for comparison: compatibility-decomposed (NFKD: full-width and styled letters
 * become plain ones, accents come apart from their letters), look-alike letters of other scripts
 * mapped to Latin by their confusable skeletons (UTS #39, `confusables.ts`), lower-cased (`ß` as `ss`), and everything but `a-z0-9` dropped, so separators,
 * spaces, accents and invisible characters do not count.
 *
 * NFKD rather than NFKC: both fold full-width and styled forms; the decomposed form also lets the
 * accent of `pássword` fall away instead of leaving an `á` that is not `a`.
 *
 * @example
 * normaliseKey('X-Api-Key'); // 'xapikey'
 * normaliseKey('ｐａｓｓ_Ｗｏｒｄ'); // 'password'
 */
export function normaliseKey(key: string): string {
  if (PRINTABLE_ASCII.test(key)) return key.toLowerCase().replace(NOT_ALPHANUMERIC, '');
  let folded = '';
  for (const char of key.normalize('NFKD')) folded += confusableTarget(char) ?? char;
  return folded.toLowerCase().replaceAll('ß', 'ss').replace(NOT_ALPHANUMERIC, '');
}

/**
 * Words that make any key containing them a secret: `db_password`, `clientSecret`, `x-api-key`,
 * `set-cookie`, `sessionToken`, and the header names vendors send keys under without saying
 * "authorization" (`Ocp-Apim-Subscription-Key`, `X-Functions-Key`, Cloudflare's `X-Auth-Key` and
 * `X-Auth-Email`, `x-goog-api-key`, `X-Vault-Token`, `PRIVATE-TOKEN`). `token` also catches `max_tokens` (numbers under such keys are
 * counts, and the serialiser and {@link isCountKey} keep them), but not `tokenizer`, a model's
 * text splitter.
 */
const SECRET_WORDS =
  /password|passwd|passphrase|passcode|secret|token(?!iz)|apikey|authorization|cookie|privatekey|credential|accesskey|accountkey|clientkey|signingkey|sessionkey|encryptionkey|masterkey|bearer|signature|mnemonic|seedphrase|connectionstring|connstr|databaseurl|subscriptionkey|functions?key|authkey|authemail|appkey|adminkey|licensekey|servicekey/;

/** Short words that are secrets only as the whole key: `pin` is one, `spinner` is not. */
const SECRET_KEYS = new Set([
  'pw',
  'pwd',
  'pass',
  'auth',
  'jwt',
  'otp',
  'pin',
  'ssn',
  'sid',
  'sig',
  'session',
  'cvv',
  'cvv2',
  'cvc',
  'dsn',
  'dburl',
]);

/** Endings that make a key a secret: `user_session`, `SENTRY_DSN`, `card_cvv`. */
const SECRET_ENDINGS = /(?:session|dsn|cvv|cvc)$/;

/**
 * Keys never treated as secrets by default, although they look like one.
 *
 * `sessionId` (and `session_id`, `Mcp-Session-Id`, which fold to it or do not match at all) is the
 * routing id of ACP and MCP sessions: it is in nearly every message, the peer already has it, and
 * errors that hide it cannot be traced. A session *secret* is spelt otherwise (`session`,
 * `sessionToken`, `session_secret`, `sessionKey`, the `sid` cookie) and stays redacted. Callers
 * whose session ids are bearer credentials list them in `redactKeys`, which wins over this.
 */
const ROUTING_IDS = new Set(['sessionid']);

/** Whether the folded key `normalised` names a secret under the default rules. */
export function isSecretKeyName(normalised: string): boolean {
  if (ROUTING_IDS.has(normalised)) return false;
  return (
    SECRET_KEYS.has(normalised) || SECRET_WORDS.test(normalised) || SECRET_ENDINGS.test(normalised)
  );
}

/**
 * Keys that are secrets only as a URL query or fragment parameter (`?code=…` is an OAuth
 * authorisation code, `&key=…` a Google API key): as object keys or in prose (`exit code: 1`,
 * `key: user-42`) they are ordinary words.
 */
const QUERY_SECRET_KEYS = new Set(['key', 'code']);

/** Whether the folded key `normalised` names a secret when it is a URL query parameter. */
export function isSecretQueryKeyName(normalised: string): boolean {
  return QUERY_SECRET_KEYS.has(normalised) || isSecretKeyName(normalised);
}

/**
 * Keys whose plain numbers are counts, not secrets (`max_tokens: 100`, `token_count=3`): the
 * `token` in them is the unit a model is billed in.
 */
const COUNT_KEY = /tokens|(?:count|limit|length|size|budget|usage)$|^(?:max|min|num)/;

/** Whether a bare number under the folded key `normalised` is a count, safe to show. */
export function isCountKey(normalised: string): boolean {
  return COUNT_KEY.test(normalised);
}

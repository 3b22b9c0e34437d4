/**
 * The high-entropy fallback, as gitleaks' generic rule and detect-secrets' entropy plugins do it:
 * in a credential context (after a key and `=`/`:`) a value that reads as random base64 is taken
 * for a secret even when the key does not say so (`X-Custom-Auth: Zm9vYmFy…`, `ref=q8Xr2…`).
 *
 * It stays out of ids and hashes: keys that name one (`requestId`, `sha256`, `etag`, `traceparent`)
 * are skipped; a value must mix upper case, lower case and digits (hex digests, UUIDs and
 * lower-case slugs never do), must not start with an id prefix (`req_`, `msg_`, `chatcmpl-`), and
 * must reach {@link MIN_BITS} bits of Shannon entropy per character over at least
 * {@link MIN_LENGTH} characters.
 */

/** The shortest value the fallback considers: shorter random strings are too often ids. */
export const MIN_LENGTH = 20;
/** The entropy per character, in bits, a value needs (random base64 of 20+ characters: ~4.1). */
export const MIN_BITS = 3.8;

const BASE64_VALUE = /^[A-Za-z0-9+/_-]{20,512}={0,2}$/;
const ID_PREFIX = /^[a-z]{2,12}[_-]/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /\d/;
// Keys whose values are ids, hashes or names: random-looking and no secret.
const ID_KEY =
  /(?:id|ids|hash|digest|sha\d*|md5|etag|checksum|crc|trace|traceparent|span|request|correlation|commit|revision|version|nonce|uuid|guid|path|url|uri|file|filename|name|type|model|region|host|email|user|username|date|time|at|ref|cursor|page|pagetoken|next|etag|integrity|fingerprint|kid)$/;

/** Whether a value under the folded key `normalised` may be tried by the fallback at all. */
export function isFallbackKey(normalised: string): boolean {
  return normalised !== '' && !ID_KEY.test(normalised);
}

/** Shannon entropy of `text`, in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Whether `value` reads as a random credential: base64-like, mixed, long and high in entropy. */
export function looksRandom(value: string): boolean {
  return (
    BASE64_VALUE.test(value) &&
    !ID_PREFIX.test(value) &&
    UPPER.test(value) &&
    LOWER.test(value) &&
    DIGIT.test(value) &&
    shannonEntropy(value) >= MIN_BITS
  );
}

/** Whether some run in `text` is long enough for {@link looksRandom}: a cheap test first. */
export const LONG_RUN = /[A-Za-z0-9+/_-]{20}/;

import { isWebHeaders } from './web-globals.js';
import { describeValue, isPlainObject } from '../../core/is.js';

/**
 * Headers as any HTTP stack gives them: a fetch `Headers`, Node's `IncomingHttpHeaders`
 * (`string | string[] | undefined` values, any key case), or a list of pairs.
 */
export type HeadersInput =
  | Headers
  | Readonly<Record<string, string | readonly string[] | number | undefined>>
  | Iterable<readonly [string, string]>;

/** A case-insensitive reader over {@link HeadersInput}. */
export type HeaderReader = (name: string) => string | undefined;

/**
 * A case-insensitive getter for `headers`; repeated values are joined with `, `. Throws a
 * `TypeError` for something that is not headers.
 *
 * @example
 * readHeaders({ 'Retry-After': '2' })('retry-after'); // '2'
 */
export function readHeaders(headers: HeadersInput | undefined): HeaderReader {
  if (isWebHeaders(headers)) return (name) => headers.get(name) ?? undefined;
  const map = new Map<string, string>();
  eachHeader(headers, (key, text) => map.set(key, joined(map.get(key), text)));
  return (name) => map.get(name.toLowerCase());
}

/**
 * Each header of `headers` (a fetch `Headers` aside), its name in lower case and its value as
 * text; absent values are skipped. Throws a `TypeError` for something that is not headers.
 */
function eachHeader(
  headers: HeadersInput | undefined,
  add: (key: string, text: string) => void,
): void {
  if (headers === undefined || headers === null) return;
  if (typeof headers !== 'object') {
    throw new TypeError(
      `readHeaders: headers must be a Headers, an object or a list of [name, value] pairs; received ${describeValue(headers)}`,
    );
  }
  const take = (name: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    add(name.toLowerCase(), typeof value === 'string' ? value : valueText(value));
  };
  if (
    Symbol.iterator in headers &&
    typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function'
  ) {
    for (const pair of headers as Iterable<unknown>) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string') {
        throw new TypeError('readHeaders: a header list must hold [name, value] pairs');
      }
      take(pair[0], pair[1]);
    }
  } else {
    const record = headers as Readonly<Record<string, unknown>>;
    for (const name in record) if (Object.hasOwn(record, name)) take(name, record[name]);
  }
}

// The headers the decoders ask for by name.
const NAMED_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'date',
  'retry-after',
  'retry-after-ms',
  'x-should-retry',
  'request-id',
  'x-request-id',
]);

// The other headers the web-API conventions read (web-apis.ts): request ids and error names.
const OTHER_HEADERS: ReadonlySet<string> = new Set([
  'www-authenticate',
  'x-amzn-errortype',
  'x-ms-error-code',
  'x-amzn-requestid',
  'x-amz-request-id',
  'x-github-request-id',
  'x-ms-request-id',
  // AWS's wait in milliseconds (the SDK v3 retry strategy reads it), Azure's (its core
  // pipeline's throttling policy reads it, learn.microsoft.com "Retry guidance for Azure
  // services"); Stripe's `x-should-retry`.
  'x-amz-retry-after',
  'x-ms-retry-after-ms',
  'stripe-should-retry',
]);

/**
 * The headers the decoders read, read once from any {@link HeadersInput}: the names they ask
 * for, the rate-limit family and the web-API conventions' headers, under lower-case names.
 * Anything else is not kept. Internal.
 */
export class HeaderTable {
  private readonly kept = new Map<string, string>();
  /** Whether a header names a rate limit (`ratelimit` or `rate-limit`): else no reset is read. */
  hasLimits = false;
  /**
   * Whether a header the web-API conventions read may be present (`www-authenticate`, a cloud's
   * error or request-id header): false lets those lookups be skipped.
   */
  hasOthers = false;

  /** The value for a lower-case `name` (one the decoders read, a rate-limit header among them). */
  get(name: string): string | undefined {
    return this.kept.get(name);
  }

  /**
   * The rate-limit headers saying a limit is used up (`…remaining…: 0`), whatever the service
   * calls them (Linear's `x-ratelimit-requests-remaining`, Cerebras' `…-remaining-tokens-minute`).
   */
  spent(): string[] {
    const names: string[] = [];
    for (const [key, value] of this.kept)
      if (key.includes('remaining') && value.trim() === '0') names.push(key);
    return names;
  }

  /** Keep one header; repeated names (in any case) are joined with `, `. */
  add(name: string, text: string): void {
    const key = name.toLowerCase();
    if (isRateLimitHeader(key)) this.hasLimits = true;
    else if (OTHER_HEADERS.has(key)) this.hasOthers = true;
    else if (!NAMED_HEADERS.has(key)) return;
    this.kept.set(key, joined(this.kept.get(key), text));
  }
}

/** No headers at all. */
export const NO_HEADERS: HeaderTable = /* @__PURE__ */ new HeaderTable();

/**
 * {@link HeaderTable} of `headers`. A plain object (what JSON gives) is walked by `for…in`;
 * a fetch `Headers` and a list of pairs by their iterators. Throws a `TypeError` for something
 * that is not headers. Internal.
 */
export function decoderHeaders(headers: HeadersInput | undefined): HeaderTable {
  if (headers === undefined || headers === null) return NO_HEADERS;
  const table = new HeaderTable();
  if (isPlainObject(headers)) {
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || value === null || !hasOwn.call(headers, name)) continue;
      table.add(name, typeof value === 'string' ? value : valueText(value));
    }
    return table;
  }
  if (isWebHeaders(headers)) {
    // Names come lower-cased and repeated values joined.
    for (const [key, text] of headers) table.add(key, text);
    return table;
  }
  eachHeader(headers, (key, text) => table.add(key, text));
  return table;
}

// Called with `.call` in a `for…in` (an own-key test V8 reads from the loop's cache).
// eslint-disable-next-line @typescript-eslint/unbound-method
const hasOwn = Object.prototype.hasOwnProperty;

function joined(prev: string | undefined, text: string): string {
  return prev === undefined ? text : `${prev}, ${text}`;
}

function valueText(value: unknown): string {
  return Array.isArray(value) ? value.map((v) => headerText(v)).join(', ') : headerText(value);
}

function headerText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;

/** `'6m0s'`, `'1.5s'`, `'20ms'` (OpenAI's reset headers) → milliseconds. */
function parseDuration(text: string): number | undefined {
  if (!/^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  DURATION_PART.lastIndex = 0;
  for (let m = DURATION_PART.exec(text); m !== null; m = DURATION_PART.exec(text)) {
    const n = Number(m[1]);
    total +=
      m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : m[2] === 'm' ? n * 60_000 : n * 3_600_000;
  }
  return total;
}

function nonNegative(ms: number): number | undefined {
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms)) : undefined;
}

/** A reset time that is a delay in seconds, an epoch in seconds or ms, or a duration string. */
function parseReset(text: string, clock: Clock): number | undefined {
  const trimmed = text.trim();
  if (DECIMAL.test(trimmed)) {
    const n = Number(trimmed);
    if (n > 1e12) return nonNegative(n - clock.now()); // epoch milliseconds
    if (n > 1e9) return nonNegative(n * 1000 - clock.now()); // epoch seconds (GitHub)
    return nonNegative(n * 1000); // seconds from now
  }
  const duration = parseDuration(trimmed);
  return duration === undefined ? undefined : nonNegative(duration);
}

const RESET_HEADERS = [
  'x-ratelimit-reset-after',
  'ratelimit-reset',
  'x-ratelimit-reset',
  'x-rate-limit-reset',
  'x-ratelimit-reset-requests',
  'x-ratelimit-reset-tokens',
  'anthropic-ratelimit-requests-reset',
  'anthropic-ratelimit-tokens-reset',
  'anthropic-ratelimit-input-tokens-reset',
  'anthropic-ratelimit-output-tokens-reset',
] as const;

/** The rate-limit family: `x-ratelimit-*`, `ratelimit-*`, `anthropic-ratelimit-*`, X's `x-rate-limit-*`. */
function isRateLimitHeader(name: string): boolean {
  return name.includes('ratelimit') || name.includes('rate-limit');
}

// The headers that say whether a limit is used up, asked by name of a caller's header reader
// (which cannot list its headers).
const BUCKETS: readonly string[] = [
  'x-ratelimit-remaining',
  'x-rate-limit-remaining',
  'ratelimit-remaining',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-remaining-tokens',
  'anthropic-ratelimit-requests-remaining',
  'anthropic-ratelimit-tokens-remaining',
];

/** Options for {@link retryAfterMsFromHeaders}. */
export interface RetryAfterMsFromHeadersOptions {
  /**
   * The clock for HTTP dates and epoch resets. Default: the response's own `date` header (the
   * server's clock, so skew between the machines does not change the delay), else `Date.now()`.
   */
  now?: number;
  /**
   * Also read the `x-ratelimit-reset` family (default: only when some `*-remaining` header is
   * `0`; {@link fromHttpResponse} turns it on for rate limits: 429, and the conventions that
   * say "rate limited" with another status, except GitHub's secondary limit).
   */
  rateLimitReset?: boolean;
}

/**
 * How long the server asked us to wait, in milliseconds, or `undefined` when it did not say:
 * `retry-after-ms` (or Azure's `x-ms-` and AWS's `x-amz-` forms), then `retry-after` (seconds,
 * or an HTTP date), then the `x-ratelimit-reset` family (delay seconds, epoch seconds or ms, or
 * durations like `6m0s`; the longest wins). Never invented; malformed values are ignored.
 *
 * @example
 * retryAfterMsFromHeaders({ 'retry-after': '2' }); // 2000
 * retryAfterMsFromHeaders({ 'retry-after-ms': '150.5' }); // 151
 */
export function retryAfterMsFromHeaders(
  headers: HeadersInput | HeaderReader | undefined,
  options?: RetryAfterMsFromHeadersOptions,
): number | undefined {
  // A caller's reader may know any header: every name is asked.
  const table: HeaderLookup =
    typeof headers === 'function' ? { get: headers, hasLimits: true } : decoderHeaders(headers);
  return retryAfterMs(table, options?.rateLimitReset === true, options?.now);
}

/** What {@link retryAfterMs} asks of headers: a {@link HeaderTable}, or a reader posing as one. */
interface HeaderLookup {
  get(name: string): string | undefined;
  readonly hasLimits: boolean;
  /** The used-up limits' `remaining` headers, for headers that can be listed. */
  spent?(): string[];
}

/**
 * The clock dates and epochs are measured against, read when first needed: `given`, else the
 * response's own `date` header (the server's clock, so skew between the machines does not
 * change the delay), else `Date.now()`.
 */
class Clock {
  private at: number | undefined;
  constructor(
    private readonly headers: HeaderLookup,
    given: number | undefined,
  ) {
    this.at = given;
  }

  now(): number {
    if (this.at === undefined) {
      const served = Date.parse(this.headers.get('date')?.trim() ?? '');
      this.at = Number.isNaN(served) ? Date.now() : served;
    }
    return this.at;
  }
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * {@link retryAfterMsFromHeaders} over headers already read; `rateLimitReset` reads the reset
 * family even when no limit is used up. Internal.
 */
export function retryAfterMs(
  headers: HeaderLookup,
  rateLimitReset: boolean,
  now: number | undefined,
): number | undefined {
  const ms = (
    headers.get('retry-after-ms') ??
    headers.get('x-ms-retry-after-ms') ??
    headers.get('x-amz-retry-after')
  )?.trim();
  if (ms !== undefined && DECIMAL.test(ms)) return nonNegative(Number(ms));
  const after = headers.get('retry-after')?.trim();
  if (after !== undefined && after !== '') {
    if (DECIMAL.test(after)) return nonNegative(Number(after) * 1000);
    const date = Date.parse(after);
    if (!Number.isNaN(date) && /[a-z]/i.test(after)) {
      return nonNegative(date - new Clock(headers, now).now());
    }
  }
  return headers.hasLimits
    ? resetWait(headers, rateLimitReset, new Clock(headers, now))
    : undefined;
}

/** The wait the `x-ratelimit-reset` family gives (see {@link retryAfterMsFromHeaders}). */
function resetWait(
  headers: HeaderLookup,
  rateLimitReset: boolean,
  clock: Clock,
): number | undefined {
  // When one limit is used up, its reset is the wait; another limit's later reset is not.
  let usedUp = false;
  let usedUpReset = false;
  let longest: number | undefined;
  const policies = headers.get('ratelimit');
  if (policies !== undefined) {
    const said = rateLimitField(policies, rateLimitReset);
    if (said !== undefined) return said;
  }
  // Each limit's reset is named as its `remaining` header with `reset` in its place.
  const spent = headers.spent?.() ?? BUCKETS.filter((name) => headers.get(name)?.trim() === '0');
  for (const remaining of spent) {
    usedUp = true;
    const value = headers.get(remaining.replace('remaining', 'reset'));
    if (value === undefined) continue;
    usedUpReset = true;
    longest = longer(longest, resetDelay(value, clock));
  }
  if (usedUpReset) return longest;
  if (!usedUp && !rateLimitReset) return undefined;
  // No used-up limit says when it resets: the longest reset given.
  for (const name of RESET_HEADERS) {
    const value = headers.get(name);
    if (value !== undefined) longest = longer(longest, resetDelay(value, clock));
  }
  return longest;
}

// One item of the IETF `RateLimit` field (draft-ietf-httpapi-ratelimit-headers, a structured
// field list): `"default";r=0;t=30` (`r` the units left, `t` the seconds until they come back).
// The older drafts' dictionary form, `limit=100, remaining=0, reset=30`, is read too.
const RATE_LIMIT_ITEM = /(?:^|;)\s*([rt])=(\d+)/g;
const RATE_LIMIT_DICTIONARY =
  /\bremaining=(\d+)\b.*?\breset=(\d+)|\breset=(\d+)\b.*?\bremaining=(\d+)/;

/**
 * The wait the `RateLimit` field gives: the longest reset among its used-up policies (`r=0`),
 * else, when `anyReset`, the longest reset given; `undefined` when it says neither.
 */
function rateLimitField(value: string, anyReset: boolean): number | undefined {
  const dictionary = RATE_LIMIT_DICTIONARY.exec(value);
  if (dictionary !== null) {
    const remaining = Number(dictionary[1] ?? dictionary[4]);
    const reset = Number(dictionary[2] ?? dictionary[3]) * 1000;
    return remaining === 0 || anyReset ? reset : undefined;
  }
  let usedUp: number | undefined;
  let longest: number | undefined;
  for (const item of value.split(',')) {
    let remaining: number | undefined;
    let reset: number | undefined;
    RATE_LIMIT_ITEM.lastIndex = 0;
    for (let m = RATE_LIMIT_ITEM.exec(item); m !== null; m = RATE_LIMIT_ITEM.exec(item)) {
      if (m[1] === 'r') remaining = Number(m[2]);
      else reset = Number(m[2]) * 1000;
    }
    if (reset === undefined) continue;
    if (remaining === 0) usedUp = longer(usedUp, reset);
    longest = longer(longest, reset);
  }
  return usedUp ?? (anyReset ? longest : undefined);
}

function longer(a: number | undefined, b: number | undefined): number | undefined {
  return b !== undefined && (a === undefined || b > a) ? b : a;
}

/** A reset header's delay: Anthropic's are RFC 3339 timestamps, the others {@link parseReset}. */
function resetDelay(value: string, clock: Clock): number | undefined {
  const trimmed = value.trim();
  return /^\d{4}-\d\d-\d\dT/.test(trimmed)
    ? nonNegative(Date.parse(trimmed) - clock.now())
    : parseReset(value, clock);
}

/**
 * What `x-should-retry` says: `true`, `false`, or `undefined` when absent or malformed. It
 * overrides the status's retryability (as OpenAI's and Anthropic's SDKs treat it).
 *
 * @example
 * shouldRetryHeader({ 'x-should-retry': 'false' }); // false
 */
export function shouldRetryHeader(
  headers: HeadersInput | HeaderReader | undefined,
): boolean | undefined {
  const get = typeof headers === 'function' ? headers : readHeaders(headers);
  return shouldRetryValue(get('x-should-retry'));
}

/** An `x-should-retry` value read (see {@link shouldRetryHeader}). Internal. */
export function shouldRetryValue(value: string | undefined): boolean | undefined {
  const said = value?.trim().toLowerCase();
  return said === 'true' ? true : said === 'false' ? false : undefined;
}

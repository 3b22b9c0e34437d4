import { isWebHeaders } from './web-globals.js';

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
  const table = headerTable(headers);
  return (name) => table.get(name.toLowerCase());
}

/** Headers read once into a map keyed by lower-case name, and whether any is a rate-limit header. */
export interface HeaderTable {
  /** The value for a lower-case `name`. */
  readonly get: HeaderReader;
  /**
   * The value for a lower-case name that mentions `ratelimit`, read without the other headers;
   * `undefined` when no header name mentions it (the reset family is then skipped).
   */
  readonly limits: HeaderReader | undefined;
  /**
   * Whether a header the web-API conventions read may be present (`www-authenticate`, a cloud's
   * error or request-id header): false lets those lookups be skipped.
   */
  readonly others: boolean;
}

const NO_HEADERS: HeaderTable = { get: () => undefined, limits: undefined, others: false };

/**
 * {@link readHeaders} for the decoders: one pass over the headers, then lookups by lower-case
 * name without folding each time. Internal.
 */
export function headerTable(headers: HeadersInput | undefined): HeaderTable {
  if (headers === undefined || headers === null) return NO_HEADERS;
  if (isWebHeaders(headers)) {
    const get: HeaderReader = (name) => headers.get(name) ?? undefined;
    return { get, limits: get, others: true };
  }
  if (typeof headers !== 'object') {
    throw new TypeError(
      `readHeaders: headers must be a Headers, an object or a list of [name, value] pairs; received ${typeof headers}`,
    );
  }
  const map = new Map<string, string>();
  let rateLimit = false;
  const add = (name: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    const text = typeof value === 'string' ? value : valueText(value);
    const key = name.toLowerCase();
    if (!rateLimit && isRateLimitHeader(key)) rateLimit = true;
    map.set(key, joined(map.get(key), text));
  };
  if (
    Symbol.iterator in headers &&
    typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function'
  ) {
    for (const pair of headers as Iterable<unknown>) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string') {
        throw new TypeError('readHeaders: a header list must hold [name, value] pairs');
      }
      add(pair[0], pair[1]);
    }
  } else {
    const record = headers as Readonly<Record<string, unknown>>;
    for (const name in record) if (Object.hasOwn(record, name)) add(name, record[name]);
  }
  const get: HeaderReader = (name) => map.get(name);
  return { get, limits: rateLimit ? get : undefined, others: true };
}

// The other headers the web-API conventions read (web-apis.ts): request ids and error names.
const OTHER_HEADERS: ReadonlySet<string> = new Set([
  'www-authenticate',
  'x-amzn-errortype',
  'x-ms-error-code',
  'x-amzn-requestid',
  'x-amz-request-id',
  'x-github-request-id',
  'x-ms-request-id',
]);

/**
 * The headers the decoders read, from a plain object: one pass over its keys keeps the few
 * names they ask for (and the rate-limit family) in variables, without building a map. Anything
 * else (a `Headers`, a list of pairs) goes through {@link headerTable}. Internal.
 */
export function decoderHeaders(headers: HeadersInput | undefined): HeaderTable {
  if (headers === undefined || headers === null || typeof headers !== 'object') {
    return headerTable(headers);
  }
  const proto: unknown = Object.getPrototypeOf(headers);
  if (proto !== Object.prototype && proto !== null) return headerTable(headers);
  const record = headers as Readonly<Record<string, unknown>>;
  let contentType: string | undefined;
  let date: string | undefined;
  let retryAfter: string | undefined;
  let retryAfterMs: string | undefined;
  let shouldRetry: string | undefined;
  let requestId: string | undefined;
  let xRequestId: string | undefined;
  let limits: Map<string, string> | undefined;
  let others: Map<string, string> | undefined;
  for (const name in record) {
    const value = record[name];
    if (value === undefined || value === null || !Object.hasOwn(record, name)) continue;
    const text = typeof value === 'string' ? value : valueText(value);
    // Repeated names (in different cases) are joined with `, `, as headerTable does.
    const key = name.toLowerCase();
    switch (key) {
      case 'content-type':
        contentType = joined(contentType, text);
        break;
      case 'date':
        date = joined(date, text);
        break;
      case 'retry-after':
        retryAfter = joined(retryAfter, text);
        break;
      case 'retry-after-ms':
        retryAfterMs = joined(retryAfterMs, text);
        break;
      case 'x-should-retry':
        shouldRetry = joined(shouldRetry, text);
        break;
      case 'request-id':
        requestId = joined(requestId, text);
        break;
      case 'x-request-id':
        xRequestId = joined(xRequestId, text);
        break;
      default:
        if (isRateLimitHeader(key)) {
          limits ??= new Map();
          limits.set(key, joined(limits.get(key), text));
        } else if (OTHER_HEADERS.has(key)) {
          others ??= new Map();
          others.set(key, joined(others.get(key), text));
        }
    }
  }
  const get = (name: string): string | undefined => {
    switch (name) {
      case 'content-type':
        return contentType;
      case 'date':
        return date;
      case 'retry-after':
        return retryAfter;
      case 'retry-after-ms':
        return retryAfterMs;
      case 'x-should-retry':
        return shouldRetry;
      case 'request-id':
        return requestId;
      case 'x-request-id':
        return xRequestId;
      default:
        return limits?.get(name) ?? others?.get(name);
    }
  };
  const found = limits;
  return {
    get,
    limits: found === undefined ? undefined : (name) => found.get(name),
    others: others !== undefined,
  };
}

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
function parseReset(text: string, now: () => number): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) {
    const n = Number(trimmed);
    if (n > 1e12) return nonNegative(n - now()); // epoch milliseconds
    if (n > 1e9) return nonNegative(n * 1000 - now()); // epoch seconds (GitHub)
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

// Each limit's reset beside the header that says whether it is used up.
const BUCKETS: readonly (readonly [remaining: string, reset: string])[] = [
  ['x-ratelimit-remaining', 'x-ratelimit-reset'],
  ['x-rate-limit-remaining', 'x-rate-limit-reset'],
  ['ratelimit-remaining', 'ratelimit-reset'],
  ['x-ratelimit-remaining-requests', 'x-ratelimit-reset-requests'],
  ['x-ratelimit-remaining-tokens', 'x-ratelimit-reset-tokens'],
  ['anthropic-ratelimit-requests-remaining', 'anthropic-ratelimit-requests-reset'],
  ['anthropic-ratelimit-tokens-remaining', 'anthropic-ratelimit-tokens-reset'],
];

/** Options for {@link retryAfterMsFromHeaders}. */
export interface RetryAfterOptions {
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
 * `retry-after-ms`, then `retry-after` (seconds, or an HTTP date), then the `x-ratelimit-reset`
 * family (delay seconds, epoch seconds or ms, or durations like `6m0s`; the longest wins).
 * Never invented; malformed values are ignored.
 *
 * @example
 * retryAfterMsFromHeaders({ 'retry-after': '2' }); // 2000
 * retryAfterMsFromHeaders({ 'retry-after-ms': '150.5' }); // 151
 */
export function retryAfterMsFromHeaders(
  headers: HeadersInput | HeaderReader | undefined,
  options?: RetryAfterOptions,
): number | undefined {
  if (typeof headers === 'function') return retryAfterMs(headers, headers, options);
  const table = decoderHeaders(headers);
  return retryAfterMs(table.get, table.limits, options);
}

/**
 * {@link retryAfterMsFromHeaders} over a lower-case getter; `limits` reads the rate-limit family
 * (names that mention `ratelimit`), `undefined` when there is none. Internal.
 */
export function retryAfterMs(
  get: HeaderReader,
  limits: HeaderReader | undefined,
  options?: RetryAfterOptions,
): number | undefined {
  // The clock is read only when a date or an epoch needs it.
  let clock = options?.now;
  const now = (): number => {
    if (clock === undefined) {
      const served = Date.parse(get('date')?.trim() ?? '');
      clock = Number.isNaN(served) ? Date.now() : served;
    }
    return clock;
  };
  const ms = get('retry-after-ms')?.trim();
  if (ms !== undefined && /^\d+(?:\.\d+)?$/.test(ms)) return nonNegative(Number(ms));
  const after = get('retry-after')?.trim();
  if (after !== undefined && after !== '') {
    if (/^\d+(?:\.\d+)?$/.test(after)) return nonNegative(Number(after) * 1000);
    const date = Date.parse(after);
    if (!Number.isNaN(date) && /[a-z]/i.test(after)) return nonNegative(date - now());
  }
  if (limits === undefined) return undefined;
  // When one limit is used up, its reset is the wait; another limit's later reset is not.
  let usedUp = false;
  let usedUpReset = false;
  let longest: number | undefined;
  for (const [remaining, reset] of BUCKETS) {
    if (limits(remaining)?.trim() !== '0') continue;
    usedUp = true;
    const value = limits(reset);
    if (value === undefined) continue;
    usedUpReset = true;
    longest = longer(longest, resetDelay(value, now));
  }
  if (usedUpReset) return longest;
  if (!usedUp && options?.rateLimitReset !== true) return undefined;
  // No used-up limit says when it resets: the longest reset given.
  for (const name of RESET_HEADERS) {
    const value = limits(name);
    if (value !== undefined) longest = longer(longest, resetDelay(value, now));
  }
  return longest;
}

function longer(a: number | undefined, b: number | undefined): number | undefined {
  return b !== undefined && (a === undefined || b > a) ? b : a;
}

/** A reset header's delay: Anthropic's are RFC 3339 timestamps, the others {@link parseReset}. */
function resetDelay(value: string, now: () => number): number | undefined {
  const trimmed = value.trim();
  return /^\d{4}-\d\d-\d\dT/.test(trimmed)
    ? nonNegative(Date.parse(trimmed) - now())
    : parseReset(value, now);
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
  const value = get('x-should-retry')?.trim().toLowerCase();
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

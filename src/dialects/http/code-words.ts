import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';

/**
 * The words of a web API's error code that no table lists: `object_not_found`, `THROTTLED`,
 * `rate_limit_exceeded`, `InsufficientScopeError`, Dropbox's `path/not_found/`. A service names
 * its codes after what went wrong, in its house casing; the words are read, not the spelling.
 * Read after the family's own table (a row wins: the family may mean something other than its
 * words) and before the HTTP status alone decides. Never for codes that are numbers or a spec's
 * own registry (JSON-RPC, gRPC, SQLSTATE, errnos, ToolError's codes): those have tables that
 * are complete by definition.
 *
 * The words come from the families' documented codes: Slack's `error` strings, Google's legacy
 * `reason`s, AWS and Azure error names, Microsoft Graph's `error.code`, Notion's, Intercom's,
 * Zoom's, Dropbox's tags, Stripe's, Firebase Auth's, Salesforce's `errorCode`s, Apollo's, Hasura's,
 * Shopify's and GitHub's GraphQL codes, the OpenAI Responses API's.
 *
 * **Which words win.** {@link CODE_WORD_RULES} is read top to bottom and the first row whose
 * words appear decides, because a code often names both what failed and what it failed on:
 *
 * - a budget spent (`quota`, `billing`, `credit`, `daily`) before a rate: `dailyRateLimitExceeded`
 *   does not come back in a minute;
 * - a rate (`rate limit`, `throttle`, `too many requests`) before everything else: the call was
 *   refused for its pace, not its content (`TOO_MANY_ATTEMPTS_TRY_LATER`);
 * - the service's state (`timeout`, `unavailable`, `overloaded`, `capacity`) before the noun it
 *   is said of: `auth_service_unavailable` is an outage, not a credential;
 * - a refusal (`denied`, `forbidden`, `disabled`, `not allowed`) before the credential's noun:
 *   `PASSWORD_LOGIN_DISABLED` and `not_allowed_token_type` refuse a valid login;
 * - the credential (`expired token`, `api key`, `unauthenticated`, `login`) before what is
 *   missing: `api_key_not_found` is a key to fix;
 * - a missing parameter before a missing thing: Intercom's `parameter_not_found` is bad input;
 * - not found before conflict before the input's faults before the server's own.
 *
 * **When the status wins.** A code is more specific than a bucket status (400, 403, 404, 409,
 * 422, 500, a 200 carrying errors): its words decide. A status that already names the condition
 * keeps it and lets the words only refine within it ({@link STATUS_KEEPS}): a 429 is a rate
 * limit whatever the code says about the request (`invalid_request`), unless its words say the
 * budget is spent or the service is full or not ready (Bedrock's `ModelNotReadyException`); a
 * 401 is the credential, so `user_not_found` under a 401 is a login that failed, not a missing
 * resource; a 408 or 504 is a timeout; a 413 is a body too large; a 502 or 503 is the server's
 * state, unless the code says rate, quota or timeout. The input's words (`invalid`, `missing`,
 * `required`, `unsupported`) are the weakest: they say why a 403, 404, 409 or 500 happened, not
 * what it is (Stripe's `resource_missing` is a 404, its `secret_key_required` a 403, OpenAI's
 * `unsupported_country_region_territory` a 403). A loose `unauthorized` under a 403 is the
 * refusal the status says, not a login.
 */

/** The name of a row of {@link CODE_WORD_RULES}, which {@link STATUS_KEEPS} refers to. */
type Rule =
  | 'quota'
  | 'rate'
  | 'timeout'
  | 'overloaded'
  | 'unavailable'
  | 'scope'
  | 'refused'
  | 'expired'
  | 'api key'
  | 'token'
  | 'unauthorized'
  | 'auth'
  | 'bad parameter'
  | 'model not found'
  | 'not found'
  | 'precondition'
  | 'conflict'
  | 'too large'
  | 'limit'
  | 'unimplemented'
  | 'invalid'
  | 'method'
  | 'context too long'
  | 'content filtered'
  | 'media type'
  | 'server';

/**
 * The rule: each row, its words (a pattern over the code's words, lower case, one space apart)
 * and what they mean. First match wins; see the module's comment for the order's reasons.
 */
export const CODE_WORD_RULES: readonly (readonly [Rule, RegExp, Meaning])[] = [
  [
    'quota',
    /\b(?:quota|billing|credits?\b(?! card)|insufficient (?:funds|balance|space|storage)|payment required|spending|daily|monthly|usage limit|storage (?:limit|full))/,
    m('quota', 'QUOTA_EXCEEDED'),
  ],
  [
    'rate',
    /\b(?:rate ?limit|throttl|throughput exceeded|too many (?:requests|attempts|calls|write operations)|slow ?down|requests? per|concurren(?:t|cy) (?:requests?|limit))/,
    m('rate_limit', 'RATE_LIMITED'),
  ],
  [
    'timeout',
    /\b(?:time ?out|timed ?out|deadline|took too long|running too long)/,
    m('timeout', 'TIMEOUT'),
  ],
  ['overloaded', /\b(?:overload|capacity|busy)/, m('unavailable', 'OVERLOADED')],
  [
    'unavailable',
    /\b(?:unavailable|service not available|maintenance|not ready|try (?:again )?later|temporar)/,
    m('unavailable', 'UNAVAILABLE'),
  ],
  ['method', /\bmethod not allowed\b/, m('protocol', 'METHOD_NOT_ALLOWED')],
  [
    'scope',
    /\b(?:(?:insufficient|missing|required) scopes?|scopes? (?:required|missing|insufficient))\b/,
    m('permission', 'INSUFFICIENT_SCOPE'),
  ],
  [
    'refused',
    /\b(?:forbidden|permissions?|access denied|denied|not permitted|not allowed|disallowed|restricted|insufficient (?:access|privileges?|rights)|(?<!missing )authori[sz]ation|disabled|not granted|suspended|banned|blocked|no access|read ?only|admin only|cannot|cant|prohibited)\b/,
    m('permission', 'PERMISSION_DENIED'),
  ],
  [
    'expired',
    /\b(?:expired (?:\w+ )?(?:token|session|jwt|credentials?)|(?:token|session|jwt|credentials?) expired)\b/,
    m('auth', 'TOKEN_EXPIRED'),
  ],
  [
    'api key',
    /\b(?:(?:invalid|incorrect|bad|wrong|unknown) (?:api |access )?key|(?:api |access )?key (?:invalid|incorrect)|(?:api|access) key not found)\b/,
    m('auth', 'INVALID_API_KEY'),
  ],
  [
    'token',
    /\b(?:(?:invalid|bad|malformed|revoked) (?:(?:access|id|refresh|auth|bearer|session|oauth) )?(?:token|jwt)|(?:token|jwt) (?:invalid|revoked|malformed|not found))\b|\bjwt\b/,
    m('auth', 'INVALID_TOKEN'),
  ],
  // Said loosely of refusals too: under a 403 the status decides (STATUS_KEEPS).
  ['unauthorized', /\b(?:unauthori[sz]ed|not authori[sz]ed)\b/, m('auth', 'AUTH_ERROR')],
  [
    'auth',
    /\b(?:unauthenticated|not authenticated|authentication|missing authori[sz]ation|not authed|auth|login|log in|sign in|credentials?|signature|(?:invalid|incorrect|wrong) password)\b/,
    m('auth', 'AUTH_ERROR'),
  ],
  [
    'bad parameter',
    /\b(?:(?:parameter|param|field|argument|arg|header|attribute) (?:not found|missing|required)|unknown (?:parameter|param|field|argument|arg))\b/,
    m('validation', 'VALIDATION_ERROR'),
  ],
  [
    'model not found',
    /\b(?:model (?:not ?found|does not exist)|(?:unknown|no such) model)\b/,
    m('not_found', 'MODEL_NOT_FOUND'),
  ],
  [
    'not found',
    /\b(?:not ?found|no \w+ found|no such|does ?not exist|doesnt exist|not exists?|nonexistent|inexistent|unknown (?!error\b|exception\b|failure\b|reason\b)\w|(?:is|was|been|already) deleted)/,
    m('not_found', 'NOT_FOUND'),
  ],
  ['precondition', /\bprecondition/, m('conflict', 'PRECONDITION_FAILED')],
  [
    'conflict',
    /\b(?:already|exists|duplicated?|conflict|conflicting|taken|in use|archived|locked|version mismatch|condition not met|conditional check)\b/,
    m('conflict', 'CONFLICT'),
  ],
  ['context too long', /\bcontext (?:length|window|limit)\b/, m('validation', 'CONTEXT_TOO_LONG')],
  [
    'content filtered',
    /\b(?:content (?:filter|policy)|moderation|flagged)/,
    m('validation', 'CONTENT_FILTERED'),
  ],
  [
    'media type',
    /\b(?:unsupported (?:\w+ )?(?:media|mime|content) type)\b/,
    m('validation', 'UNSUPPORTED_MEDIA_TYPE'),
  ],
  [
    'too large',
    /\b(?:too (?:large|long|big|many)|payload limit|(?:size|length) (?:limit|exceeded))\b/,
    m('validation', 'REQUEST_TOO_LARGE'),
  ],
  ['limit', /\blimit (?:exceeded|reached)\b/, m('quota', 'QUOTA_EXCEEDED')],
  [
    'unimplemented',
    /\b(?:unimplemented|not implemented|deprecated)\b/,
    m('protocol', 'NOT_IMPLEMENTED'),
  ],
  [
    'invalid',
    /^no \w|\b(?:invalid|validation|validate|malformed|missing|required|bad|illegal|incorrect|wrong|unsupported|not supported|unprocessable|unparseable|parse|parsing|syntax|format|empty|too short|too small|out of range|mismatch|unrecognized)\b/,
    m('validation', 'VALIDATION_ERROR'),
  ],
  ['server', /\b(?:internal|server|fatal|backend)\b/, m('internal', 'SERVER_ERROR', true)],
];

/**
 * The statuses that already name a condition, and the rows whose words may still speak under
 * them (to refine the code, or where the code is the more specific): see the module's comment.
 */
export const STATUS_KEEPS: ReadonlyMap<number, readonly Rule[]> = new Map<number, readonly Rule[]>([
  // A client error: a code's "unavailable" names a thing (Intercom's `team_unavailable`), not a
  // service to wait for, which would answer 503.
  [400, allBut('overloaded', 'unavailable')],
  [401, ['expired', 'api key', 'token', 'unauthorized', 'auth']],
  [403, allBut('unauthorized', 'invalid')],
  [404, allBut('invalid')],
  [408, ['timeout']],
  [409, allBut('invalid')],
  [413, ['too large']],
  [429, ['quota', 'rate', 'overloaded', 'unavailable']],
  [500, allBut('invalid')],
  [502, ['quota', 'rate', 'timeout', 'overloaded', 'unavailable']],
  [503, ['quota', 'rate', 'timeout', 'overloaded', 'unavailable']],
  [504, ['timeout', 'overloaded', 'unavailable']],
]);

/** Every row of the rule but `except`. */
function allBut(...except: Rule[]): Rule[] {
  return CODE_WORD_RULES.map(([rule]) => rule).filter((rule) => !except.includes(rule));
}

// A code is an identifier: letters, digits and the separators services use (`_`, `-`, `.`,
// `/`, `:`, `#`); anything longer, or with a space, is a sentence, not a code.
const CODE = /^[A-Za-z][\w.:/#-]{0,79}$/;

/** Whether `text` is written as a code (an identifier), not a sentence. */
export function isCode(text: string): boolean {
  return CODE.test(text);
}

/**
 * The words of `code`, lower case, one space apart: `users_not_found`, `UsersNotFound`,
 * `USERS_NOT_FOUND`, `users-not-found`, `users.not_found` and `path/users_not_found/` are all
 * `users not found`. An AWS namespace (`com.amazon.coral.validate#`) and a trailing `Exception`
 * or `Error` are dropped. `''` when `code` is no identifier.
 *
 * @example
 * codeWords('ProvisionedThroughputExceededException'); // 'provisioned throughput exceeded'
 */
export function codeWords(code: string): string {
  if (!CODE.test(code)) return '';
  const words = code
    .slice(code.lastIndexOf('#') + 1)
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[^A-Za-z\d]+/g, ' ')
    .trim()
    .toLowerCase();
  return TRAILING.test(words) ? words.replace(TRAILING, '') : words;
}

// A trailing `Exception` or `Error` after other words says nothing of the condition.
const TRAILING = / (?:exception|error)$/;

/**
 * What the words of a web API's error code mean ({@link CODE_WORD_RULES}), `undefined` when
 * they say nothing known, or when `status` already names the condition and the words may not
 * change it ({@link STATUS_KEEPS}).
 *
 * @param code the service's code, as it sent it
 * @param status the HTTP status it came with, if any
 * @example
 * readCodeWords('object_not_found', 400); // { category: 'not_found', code: 'NOT_FOUND' }
 * readCodeWords('invalid_request', 429); // undefined: the 429 decides
 */
export function readCodeWords(code: string, status?: number): Meaning | undefined {
  const at = ruleIndex(code);
  if (at < 0) return undefined;
  const [rule, , meaning] = CODE_WORD_RULES[at]!;
  const keeps = status === undefined ? undefined : STATUS_KEEPS.get(status);
  return keeps === undefined || keeps.includes(rule) ? meaning : undefined;
}

// The row each code seen lately matched (-1: none). A service sends the same few codes over and
// over, and reading one is a split and a pass over the rows where a table row was one lookup:
// `node bench/decode.js --against` measured decode 1.16x slower without this, 0.99x with it.
// Bounded: emptied when full, so codes an attacker makes up cost memory only up to SEEN_MAX.
const SEEN = new Map<string, number>();
const SEEN_MAX = 512;

/** The index in {@link CODE_WORD_RULES} of the first row `code`'s words match, else -1. */
function ruleIndex(code: string): number {
  let at = SEEN.get(code);
  if (at !== undefined) return at;
  const words = codeWords(code);
  at = words === '' ? -1 : CODE_WORD_RULES.findIndex(([, pattern]) => pattern.test(words));
  if (SEEN.size >= SEEN_MAX) SEEN.clear();
  SEEN.set(code, at);
  return at;
}

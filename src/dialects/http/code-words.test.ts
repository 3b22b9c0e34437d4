// The code-words rule, driven by a generator: every word class of the rule (phrases taken from
// the families' documented codes) × every casing services write codes in × the surrounding words
// a service adds, then the status rule and the precedence between classes.
import { describe, expect, it } from 'vitest';
import type { Meaning } from '../../core/meaning.js';
import { CODE_WORD_RULES, STATUS_KEEPS, codeWords, readCodeWords } from './code-words.js';

type RuleName = (typeof CODE_WORD_RULES)[number][0];

// Each class, as the families spell it (Slack, Google reasons, AWS and Azure names, Notion,
// Intercom, Dropbox, Stripe, Firebase, Salesforce, Apollo, Hasura, Shopify, GitHub, OpenAI).
const PHRASES: Readonly<Record<RuleName, readonly string[]>> = {
  quota: ['insufficient quota', 'billing hard limit', 'daily limit exceeded', 'insufficient space'],
  rate: ['rate limit exceeded', 'ratelimited', 'throttled', 'too many requests', 'slow down'],
  timeout: ['request timeout', 'operation timed out', 'deadline exceeded', 'running too long'],
  overloaded: ['overloaded', 'server busy', 'capacity exceeded', 'insufficient capacity'],
  unavailable: ['service unavailable', 'temporarily unavailable', 'model not ready', 'maintenance'],
  method: ['method not allowed'],
  scope: ['missing scope', 'insufficient scopes', 'scope required'],
  refused: ['permission denied', 'forbidden', 'not allowed', 'user disabled', 'read only'],
  expired: ['token expired', 'expired access token', 'session expired', 'jwt expired'],
  'api key': ['invalid api key', 'incorrect api key', 'api key invalid', 'invalid key'],
  token: ['invalid token', 'token revoked', 'malformed jwt', 'invalid refresh token', 'bad jwt'],
  unauthorized: ['unauthorized', 'not authorized'],
  auth: ['unauthenticated', 'authentication failed', 'invalid auth', 'login required'],
  'bad parameter': ['parameter not found', 'field required', 'unknown parameter'],
  'model not found': ['model not found', 'unknown model', 'no such model'],
  'not found': ['not found', 'no such bucket', 'does not exist', 'unknown channel', 'is deleted'],
  precondition: ['precondition failed', 'failed precondition'],
  conflict: ['already exists', 'duplicate value', 'name taken', 'in use', 'version mismatch'],
  'context too long': ['context length exceeded', 'context window exceeded'],
  'content filtered': ['content policy violation', 'content filter', 'flagged'],
  'media type': ['unsupported media type', 'unsupported image media type'],
  'too large': ['request too large', 'msg too long', 'too many attachments', 'size limit'],
  limit: ['limit exceeded', 'limit reached'],
  unimplemented: ['not implemented', 'unimplemented', 'method deprecated'],
  invalid: ['invalid request', 'validation failed', 'malformed query', 'missing field', 'bad'],
  server: ['internal error', 'internal server error', 'fatal error', 'backend error'],
};

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

// The casings services write codes in, each from the words.
const CASINGS: readonly (readonly [string, (words: string[]) => string])[] = [
  ['snake_case', (w) => w.join('_')],
  ['kebab-case', (w) => w.join('-')],
  ['camelCase', (w) => w[0] + w.slice(1).map(cap).join('')],
  ['PascalCase', (w) => w.map(cap).join('')],
  ['SCREAMING_CASE', (w) => w.join('_').toUpperCase()],
  ['dotted', (w) => w.join('.')],
  ['Dropbox path', (w) => `path/${w.join('_')}/..`],
  ['AWS exception', (w) => `${w.map(cap).join('')}Exception`],
  ['AWS namespaced', (w) => `com.amazonaws.example#${w.map(cap).join('')}`],
  ['trailing Error', (w) => `${w.map(cap).join('')}Error`],
];

// Words a service adds around the telling ones (`channel_not_found`, `team_access_not_granted_yet`).
const AROUND: readonly (readonly [string[], string[]])[] = [
  [[], []],
  [['widget'], []],
  [[], ['yet']],
  [['team', 'widget'], ['here']],
];

const cases: [string, Meaning][] = [];
for (const [rule, , meaning] of CODE_WORD_RULES) {
  for (const phrase of PHRASES[rule]) {
    for (const [, casing] of CASINGS) {
      for (const [before, after] of AROUND) {
        cases.push([casing([...before, ...phrase.split(' '), ...after]), meaning]);
      }
    }
  }
}

describe('readCodeWords: every word class × every casing × the words around it', () => {
  it('reads each generated code as its class says', () => {
    expect(cases.length).toBeGreaterThan(3000);
    const wrong = cases.filter(([code, meaning]) => {
      const read = readCodeWords(code);
      return JSON.stringify(read) !== JSON.stringify(meaning);
    });
    expect(wrong.map(([code, m]) => `${code} → ${m.category}/${m.code}`)).toEqual([]);
  });

  it('has phrases for every row of the rule', () => {
    expect(Object.keys(PHRASES).sort()).toEqual(CODE_WORD_RULES.map(([rule]) => rule).sort());
  });
});

describe('codeWords', () => {
  it('splits every casing into the same words', () => {
    for (const code of [
      'users_not_found',
      'users-not-found',
      'UsersNotFound',
      'usersNotFound',
      'USERS_NOT_FOUND',
      'users.not.found',
      'users/not_found/',
      'UsersNotFoundException',
      'com.example#UsersNotFoundError',
    ]) {
      expect(codeWords(code), code).toBe('users not found');
    }
    expect(codeWords('HTTPRequestTimeout')).toBe('http request timeout');
  });

  it('reads no sentence, number or empty text as a code', () => {
    for (const text of [
      'Not Found',
      'The token has expired.',
      '',
      '404',
      '-32600',
      'x'.repeat(81),
    ]) {
      expect(codeWords(text), text).toBe('');
      expect(readCodeWords(text), text).toBeUndefined();
    }
  });

  it('reads nothing into words that name no condition', () => {
    for (const code of ['is_bot', 'unknown_error', 'UNKNOWN', 'error', 'Exception', 'data']) {
      expect(readCodeWords(code), code).toBeUndefined();
    }
  });
});

describe('precedence between classes (the first row of the rule that matches decides)', () => {
  const cases: [string, string, string][] = [
    ['dailyRateLimitExceeded', 'quota', 'a day’s budget is not back in a minute'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'rate_limit', 'refused for its pace'],
    ['auth_service_unavailable', 'unavailable', 'an outage, not a credential'],
    ['PASSWORD_LOGIN_DISABLED', 'permission', 'a refusal of a valid login'],
    ['not_allowed_token_type', 'permission', 'a refusal of a valid token'],
    ['api_key_not_found', 'auth', 'a key to fix'],
    ['parameter_not_found', 'validation', 'Intercom: a parameter not supplied'],
    ['already_deleted', 'not_found', 'gone before conflict'],
    ['REQUEST_RUNNING_TOO_LONG', 'timeout', 'a timeout before a size'],
    ['missing_scope', 'permission', 'a scope before a missing field'],
  ];
  it.each(cases)('%s is %s (%s)', (code, category) => {
    expect(readCodeWords(code)?.category).toBe(category);
  });
});

describe('the status rule', () => {
  const cases: [string, number, string | undefined][] = [
    // A bucket status: the code is more specific.
    ['object_not_found', 400, 'not_found'],
    ['rate_limit_exceeded', 403, 'rate_limit'],
    ['email_exists', 422, 'conflict'],
    ['storage_limit_exceeded', 403, 'quota'],
    ['THROTTLED', 200, 'rate_limit'],
    ['database_timeout', 500, 'timeout'],
    // A status that names the condition keeps it; the words may refine within it.
    ['invalid_request', 429, undefined],
    ['insufficient_quota', 429, 'quota'],
    ['service_tier_capacity_exceeded', 429, 'unavailable'],
    ['ModelNotReadyException', 429, 'unavailable'],
    ['activity_limit_reached', 429, undefined],
    ['user_not_found', 401, undefined],
    ['token_expired', 401, 'auth'],
    ['unauthorized', 403, undefined],
    ['session_expired', 403, 'auth'],
    ['resource_missing', 404, undefined],
    ['secret_key_required', 403, undefined],
    ['invalid_upstream_response', 500, undefined],
    ['request_timeout', 408, 'timeout'],
    ['not_found', 504, undefined],
    ['payload_too_large', 413, 'validation'],
    ['rate_limited', 503, 'rate_limit'],
    ['validation_failed', 503, undefined],
  ];
  it.each(cases)('%s under %i → %s', (code, status, category) => {
    expect(readCodeWords(code, status)?.category).toBe(category);
  });

  it('names only rows of the rule', () => {
    const rules = new Set(CODE_WORD_RULES.map(([rule]) => rule));
    for (const [status, kept] of STATUS_KEEPS) {
      for (const rule of kept) expect(rules.has(rule), `${status}: ${rule}`).toBe(true);
    }
  });
});

import type { ErrorCategory } from '../../core/categories.js';
import type { StableErrorCode } from '../../core/stable-codes.js';
import { awsErrorMeaning, azureErrorMeaning, azureHeaderMeaning } from './cloud-codes.js';
import { readCodeWords } from './code-words.js';
import type { HeaderTable } from './headers.js';
import { found, readPlatformError } from './platform-apis.js';
import { asRecord } from '../../core/is.js';
import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';

/**
 * The error conventions of the web APIs agents call every day, read from an HTTP response:
 * GitHub's rate limits, Slack's `200 { ok: false }`, OAuth 2 token errors (RFC 6749 §5.2, RFC
 * 8628 §3.5), bearer challenges (RFC 6750 `WWW-Authenticate`), AWS's `x-amzn-errortype` and
 * `__type`, Azure's `x-ms-error-code`, and Google's legacy `error.errors[].reason`.
 */

/** What a web API's convention says about a response; `api` is its own words, for `details`. */
export interface WebApiError {
  category: ErrorCategory;
  code: StableErrorCode;
  /** Set where it differs from the category's default. */
  retryable?: boolean;
  /** The convention's own words (`{ slack: 'channel_not_found' }`), kept in `details.api`. */
  api: Record<string, string>;
  /** How long the convention says to wait when the response names no time itself. */
  retryAfterMs?: number;
}

type Rec = Record<string, unknown>;

// Slack Web API `error` strings (api.slack.com/methods, "Errors") whose words say something else
// than Slack means; the rest (`channel_not_found`, `invalid_auth`, `ratelimited`, `missing_scope`,
// `msg_too_long`, …) are read by their words (code-words.ts).
const SLACK: ReadonlyMap<string, Meaning> = new Map([
  ['account_inactive', m('auth', 'AUTH_ERROR')],
  ['not_in_channel', m('permission', 'PERMISSION_DENIED')],
  // "Access to this method is limited on the current network".
  ['accesslimited', m('permission', 'PERMISSION_DENIED')],
  ['two_factor_setup_required', m('permission', 'PERMISSION_DENIED')],
  // The workspace is being migrated into an Enterprise organisation: "intermittently unavailable
  // until the transition is complete".
  ['team_added_to_org', m('unavailable', 'UNAVAILABLE')],
]);

// OAuth 2 token endpoint errors (RFC 6749 §5.2) and the device flow's (RFC 8628 §3.5).
const OAUTH: ReadonlyMap<string, Meaning> = new Map([
  ['invalid_request', m('validation', 'VALIDATION_ERROR')],
  ['invalid_client', m('auth', 'INVALID_CLIENT')],
  // The refresh token or authorization code is expired, revoked or wrong: log in again.
  ['invalid_grant', m('auth', 'INVALID_GRANT')],
  ['unauthorized_client', m('permission', 'PERMISSION_DENIED')],
  ['unsupported_grant_type', m('protocol', 'UNSUPPORTED_GRANT_TYPE')],
  ['invalid_scope', m('validation', 'INSUFFICIENT_SCOPE')],
  ['access_denied', m('permission', 'PERMISSION_DENIED')],
  ['server_error', m('internal', 'SERVER_ERROR', true)],
  ['temporarily_unavailable', m('unavailable', 'UNAVAILABLE')],
  ['expired_token', m('auth', 'TOKEN_EXPIRED')],
  ['slow_down', m('rate_limit', 'RATE_LIMITED')],
  // "Keep polling": the user has not finished yet.
  ['authorization_pending', m('rate_limit', 'RATE_LIMITED')],
  // Auth0's additions (auth0.com/docs/api/authentication, "Standard Error Responses"): an
  // account blocked after failed logins (a 429 no wait lifts) or by an admin; a second factor
  // or the right password to give.
  ['too_many_attempts', m('permission', 'PERMISSION_DENIED')],
  ['blocked_user', m('permission', 'PERMISSION_DENIED')],
  ['mfa_required', m('auth', 'AUTH_ERROR')],
  ['invalid_user_password', m('auth', 'AUTH_ERROR')],
]);

// RFC 8628 §3.5: poll again after the interval (5 s when the server gave none); after
// `slow_down`, with the interval raised by 5 s. The spec's error response does not repeat the
// interval, so these are its defaults; a server that sends the interval it now wants (GitHub's
// `interval`, in seconds) is taken at its word, and a `Retry-After` header wins over both.
const DEVICE_FLOW_WAIT_MS: ReadonlyMap<string, number> = new Map([
  ['authorization_pending', 5_000],
  ['slow_down', 10_000],
]);

/**
 * A Slack error string the table does not list, by its words (`user_not_found`,
 * `invalid_cursor`, `posting_to_general_channel_denied`). One whose words say nothing an agent
 * can act on: on a failure status the status decides, otherwise it is `internal` and not
 * retried (a guess would have the model retry or rewrite a call that cannot succeed).
 */
function slackByWords(error: string, status: number | undefined): Meaning | undefined {
  return (
    readCodeWords(error, status) ??
    (status !== undefined && status >= 400 ? undefined : m('internal', 'INTERNAL_ERROR'))
  );
}

// RFC 6750 §3.1 bearer-token challenges.
const BEARER: ReadonlyMap<string, Meaning> = new Map([
  ['invalid_token', m('auth', 'INVALID_TOKEN')],
  ['insufficient_scope', m('permission', 'INSUFFICIENT_SCOPE')],
  ['invalid_request', m('validation', 'VALIDATION_ERROR')],
]);

const XML_CODE = /<Error>[\s\S]*?<Code>([^<]+)<\/Code>/;
const BEARER_ERROR = /^\s*Bearer\b.*?\berror\s*=\s*"?([A-Za-z_]+)/i;
const BEARER_SCOPE = /\bscope\s*=\s*"([^"]*)"/i;

// docs.github.com, "Rate limits for the REST API": without `retry-after`, wait at least a minute.
const GITHUB_SECONDARY_WAIT_MS = 60_000;

/** A device-flow body's `interval` (whole seconds, RFC 8628 §3.2) in ms, when it is one. */
function pollInterval(interval: unknown): number | undefined {
  return typeof interval === 'number' &&
    Number.isFinite(interval) &&
    interval > 0 &&
    interval <= 3_600
    ? interval * 1000
    : undefined;
}

/**
 * What a web API's own convention says about a response, `undefined` when none applies. Read
 * before the provider body and the status, which it overrules: GitHub answers a spent rate limit
 * with 403, Slack answers every failure with 200.
 *
 * @param status the HTTP status, when there is one
 * @param headers the response's headers, read once
 * @param body the parsed body
 */
export function readWebApiError(
  status: number | undefined,
  headers: HeaderTable,
  body: unknown,
): WebApiError | undefined {
  const b = asRecord(body);
  if (b !== undefined) {
    const error = b.error;
    // Slack: `{ ok: false, error: 'channel_not_found' }`, whatever the status.
    if (b.ok === false && typeof error === 'string') {
      const slack = SLACK.get(error) ?? slackByWords(error, status);
      return slack === undefined ? undefined : found(slack, { slack: error });
    }
    // OAuth 2: `{ error: 'invalid_grant', error_description? }` from a token endpoint.
    if (
      typeof error === 'string' &&
      (status === undefined || status < 500 || 'error_description' in b)
    ) {
      const oauth = OAUTH.get(error);
      if (oauth !== undefined) {
        const out = found(oauth, { oauth: error });
        const wait = DEVICE_FLOW_WAIT_MS.get(error);
        if (wait !== undefined) out.retryAfterMs = pollInterval(b.interval) ?? wait;
        return out;
      }
    }
    // AWS JSON protocols: `{ __type: 'com.amazon.coral.validate#ValidationException' }`.
    if (typeof b.__type === 'string') {
      const aws = awsErrorMeaning(b.__type, status);
      if (aws !== undefined) return found(aws, { aws: b.__type });
    }
    // Azure Resource Manager and Microsoft Graph: `{ error: { code: 'AnotherOperationInProgress' } }`.
    const code = asRecord(error)?.code;
    if (typeof code === 'string') {
      const azure = azureErrorMeaning(code);
      if (azure !== undefined) return found(azure, { azure: code });
    }
  } else if (typeof body === 'string' && body.includes('<Error>')) {
    // S3's and Azure Storage's XML: `<Error><Code>SlowDown</Code>…</Error>`.
    const code = XML_CODE.exec(body)?.[1];
    const named =
      code === undefined ? undefined : (azureErrorMeaning(code) ?? awsErrorMeaning(code, status));
    if (named !== undefined) return found(named, { code: code! });
  }
  const platform = readPlatformError(body, status);
  if (platform !== undefined) return platform;
  if (status === 422 && b !== undefined && Array.isArray(b.errors)) {
    const github = githubValidation(b.errors);
    if (github !== undefined) return github;
  }
  if (status === 403 || status === 429) {
    // GitHub: a spent primary limit (`x-ratelimit-remaining: 0`) or a secondary limit, said in
    // `message` (REST) or in the first of GraphQL's `errors[]`.
    const said =
      b?.message ?? (Array.isArray(b?.errors) ? asRecord(b.errors[0])?.message : undefined);
    const message = typeof said === 'string' ? said : '';
    if (headers.get('x-ratelimit-remaining')?.trim() === '0') {
      return found(m('rate_limit', 'RATE_LIMITED'), { rateLimit: 'primary' });
    }
    if (message.includes('secondary rate limit') || message.includes('abuse detection')) {
      // GitHub's rule: `retry-after` when sent, else at least a minute (the primary window's
      // reset says nothing about a secondary limit).
      const out = found(m('rate_limit', 'RATE_LIMITED'), { rateLimit: 'secondary' });
      out.retryAfterMs = GITHUB_SECONDARY_WAIT_MS;
      return out;
    }
    const google = googleReason(b, status);
    if (google !== undefined) return google;
  }
  // Most responses carry none of the headers below (decoderHeaders knows): skip the lookups.
  if (!headers.hasOthers) return undefined;
  const challenge = headers.get('www-authenticate');
  if (challenge !== undefined) {
    const error = BEARER_ERROR.exec(challenge)?.[1];
    const bearer = error === undefined ? undefined : BEARER.get(error);
    if (error !== undefined && bearer !== undefined) {
      const scope = BEARER_SCOPE.exec(challenge)?.[1];
      return found(bearer, scope === undefined ? { bearer: error } : { bearer: error, scope });
    }
  }
  const amzn = headers.get('x-amzn-errortype');
  if (amzn !== undefined) {
    const aws = awsErrorMeaning(amzn, status);
    if (aws !== undefined) return found(aws, { aws: amzn.split(':')[0] ?? amzn });
  }
  const ms = headers.get('x-ms-error-code');
  if (ms !== undefined) {
    const azure = azureHeaderMeaning(ms, status);
    if (azure !== undefined) return found(azure, { azure: ms });
  }
  return undefined;
}

// GitHub REST's 422 "Validation Failed" names each problem in `errors[].code` (docs.github.com,
// "Getting started with the REST API", client errors): `already_exists` is a conflict with
// another resource, `missing` a resource that does not exist; the others (`missing_field`,
// `invalid`, `unprocessable`, `custom`) are the input's fault, as the status says.
const GITHUB_422: ReadonlyMap<string, Meaning> = new Map([
  ['already_exists', m('conflict', 'CONFLICT')],
  ['missing', m('not_found', 'NOT_FOUND')],
]);

/** GitHub's 422 `errors: [{ resource, field, code }]`, when every problem is one of {@link GITHUB_422}'s. */
function githubValidation(errors: unknown[]): WebApiError | undefined {
  let last: string | undefined;
  for (const item of errors) {
    const e = asRecord(item);
    const code = typeof e?.resource === 'string' ? e.code : undefined;
    if (typeof code !== 'string' || !GITHUB_422.has(code)) return undefined;
    last = code;
  }
  return last === undefined ? undefined : found(GITHUB_422.get(last)!, { github: last });
}

/**
 * Google APIs' legacy `{ error: { errors: [{ reason }] } }` (Drive, YouTube, Gmail, BigQuery),
 * read by the reason's words: a 403 is often a rate limit (`userRateLimitExceeded`,
 * `sharingRateLimitExceeded`) or a spent budget (`dailyLimitExceeded`, `storageQuotaExceeded`).
 */
function googleReason(b: Rec | undefined, status: number): WebApiError | undefined {
  const errors = asRecord(b?.error)?.errors;
  if (!Array.isArray(errors)) return undefined;
  const reason = asRecord(errors[0])?.reason;
  const meaning = typeof reason === 'string' ? readCodeWords(reason, status) : undefined;
  return meaning === undefined ? undefined : found(meaning, { google: reason as string });
}

/** The request id a response carries, under any of the names the big APIs use. */
export function requestIdOf(headers: HeaderTable): string | undefined {
  const common = headers.get('request-id') ?? headers.get('x-request-id');
  if (common !== undefined || !headers.hasOthers) return common;
  return (
    headers.get('x-amzn-requestid') ??
    headers.get('x-amz-request-id') ??
    headers.get('x-github-request-id') ??
    headers.get('x-ms-request-id')
  );
}

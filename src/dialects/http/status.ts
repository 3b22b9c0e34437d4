import type { AgentErrorLike } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import { codeTable } from '../../core/code-table.js';
import { describeValue } from '../../core/is.js';

/** What an HTTP error status says, per the mapping table in docs/design.md. */
export interface StatusMeaning {
  readonly category: ErrorCategory;
  readonly retryable: boolean;
  /** The code an error gets when nothing in the body names one. */
  readonly code: string;
  /** The standard reason phrase, used as a problem document's `title`. */
  readonly title: string;
}

/**
 * The statuses the mapping table names, plus the common ones around them.
 *
 * @example
 * HTTP_STATUSES[529]?.category; // 'unavailable'
 */
export const HTTP_STATUSES: Readonly<Record<number, StatusMeaning>> = {
  400: row('validation', false, 'VALIDATION_ERROR', 'Bad Request'),
  401: row('auth', false, 'AUTH_ERROR', 'Unauthorized'),
  402: row('quota', false, 'QUOTA_EXCEEDED', 'Payment Required'),
  403: row('permission', false, 'PERMISSION_DENIED', 'Forbidden'),
  404: row('not_found', false, 'NOT_FOUND', 'Not Found'),
  405: row('protocol', false, 'METHOD_NOT_ALLOWED', 'Method Not Allowed'),
  408: row('timeout', true, 'TIMEOUT', 'Request Timeout'),
  409: row('conflict', false, 'CONFLICT', 'Conflict'),
  410: row('not_found', false, 'GONE', 'Gone'),
  412: row('conflict', false, 'PRECONDITION_FAILED', 'Precondition Failed'),
  413: row('validation', false, 'REQUEST_TOO_LARGE', 'Content Too Large'),
  415: row('validation', false, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported Media Type'),
  422: row('validation', false, 'VALIDATION_ERROR', 'Unprocessable Content'),
  429: row('rate_limit', true, 'RATE_LIMITED', 'Too Many Requests'),
  499: row('cancelled', false, 'CANCELLED', 'Client Closed Request'),
  500: row('internal', true, 'SERVER_ERROR', 'Internal Server Error'),
  501: row('protocol', false, 'NOT_IMPLEMENTED', 'Not Implemented'),
  502: row('unavailable', true, 'UNAVAILABLE', 'Bad Gateway'),
  503: row('unavailable', true, 'UNAVAILABLE', 'Service Unavailable'),
  504: row('timeout', true, 'TIMEOUT', 'Gateway Timeout'),
  529: row('unavailable', true, 'OVERLOADED', 'Overloaded'),
  // Cloudflare's origin statuses (developers.cloudflare.com, "Cloudflare 5xx errors"): the CDN
  // could not get an answer from the origin behind it. A connection or an answer that timed out
  // is a timeout; an origin whose TLS setup Cloudflare rejects (525, 526) stays down until its
  // owner fixes it, so another try cannot help; the others are worth another try.
  520: cloudflare('Web Server Returned an Unknown Error'),
  521: cloudflare('Web Server Is Down'),
  522: row('timeout', true, 'TIMEOUT', 'Connection Timed Out'),
  523: cloudflare('Origin Is Unreachable'),
  524: row('timeout', true, 'TIMEOUT', 'A Timeout Occurred'),
  525: cloudflare('SSL Handshake Failed', false),
  526: cloudflare('Invalid SSL Certificate', false),
  527: cloudflare('Railgun Error'),
  530: cloudflare('Origin DNS Error'),
  // Supabase's platform statuses: a database connection not acquired in time (Storage's
  // DatabaseTimeout), an Edge Function out of compute (WORKER_LIMIT); supabase.com/docs
  // (Storage "Error Codes", Edge Functions "Status codes").
  544: row('timeout', true, 'TIMEOUT', 'Database Timeout'),
  546: row('unavailable', true, 'UNAVAILABLE', 'Resource Limit'),
  // RFC 7725: the resource is withheld on a legal demand (GitHub's DMCA takedowns): refused,
  // and the same request is refused again.
  451: row('permission', false, 'PERMISSION_DENIED', 'Unavailable For Legal Reasons'),
  // RFC 4918: the resource is locked by another client's lock (WebDAV): a conflict.
  423: row('conflict', false, 'CONFLICT', 'Locked'),
  // Shopify's own status (shopify.dev, "Response status codes"): the request was rejected as
  // potentially malicious, and the same request is rejected again.
  430: row('permission', false, 'PERMISSION_DENIED', 'Shopify Security Rejection'),
  // Groq's own status (console.groq.com/docs/errors): the flex tier is at capacity, try later.
  498: row('unavailable', true, 'OVERLOADED', 'Flex Tier Capacity Exceeded'),
  // RFC 9110 §15 and the IANA registry's later statuses, where the default (4xx validation, 5xx
  // internal and retried) misreads them: 421 is retried on another connection, 425 once the TLS
  // handshake is done (RFC 8470 §5.2), 507 is temporary (RFC 4918 §11.5); 508 loops the same way
  // again; 509 is a hosting plan's spent bandwidth; 511 a captive portal's login.
  407: row('auth', false, 'AUTH_ERROR', 'Proxy Authentication Required'),
  421: row('unavailable', true, 'UNAVAILABLE', 'Misdirected Request'),
  425: row('unavailable', true, 'UNAVAILABLE', 'Too Early'),
  426: row('protocol', false, 'PROTOCOL_ERROR', 'Upgrade Required'),
  505: row('protocol', false, 'PROTOCOL_ERROR', 'HTTP Version Not Supported'),
  506: row('internal', false, 'SERVER_ERROR', 'Variant Also Negotiates'),
  507: row('unavailable', true, 'UNAVAILABLE', 'Insufficient Storage'),
  508: row('internal', false, 'SERVER_ERROR', 'Loop Detected'),
  509: row('quota', false, 'QUOTA_EXCEEDED', 'Bandwidth Limit Exceeded'),
  510: row('protocol', false, 'PROTOCOL_ERROR', 'Not Extended'),
  511: row('auth', false, 'AUTH_ERROR', 'Network Authentication Required'),
};

/** A row of {@link HTTP_STATUSES}, written on one line. */
function row(
  category: ErrorCategory,
  retryable: boolean,
  code: string,
  title: string,
): StatusMeaning {
  return { category, retryable, code, title };
}

function cloudflare(title: string, retryable = true): StatusMeaning {
  return row('unavailable', retryable, 'UNAVAILABLE', title);
}

// Looked up by status on every HTTP decode: an array, not an object with integer keys (sparse,
// so kept as a hash table).
const BY_STATUS = codeTable(HTTP_STATUSES);

/**
 * What an HTTP error status means: the table above, else any other 4xx is `validation` (fix the
 * request, do not retry) and any other 5xx is `internal` and retryable. Throws a `TypeError` for
 * anything that is not an integer from 400 to 599.
 *
 * @example
 * statusMeaning(503); // { category: 'unavailable', retryable: true, code: 'UNAVAILABLE', … }
 */
export function statusMeaning(status: number): StatusMeaning {
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new TypeError(
      `statusMeaning: status must be an HTTP error status (an integer from 400 to 599); received ${describeValue(status)}`,
    );
  }
  const known = BY_STATUS.get(status);
  if (known) return known;
  return status < 500
    ? row('validation', false, `HTTP_${status}`, 'Client Error')
    : row('internal', true, `HTTP_${status}`, 'Server Error');
}

/**
 * The status each category is sent with. `quota` is 402 rather than 429 so that generic HTTP
 * clients, which retry 429, do not retry a spent budget; `protocol` is 400 (the request broke the
 * protocol), `timeout` 504. The problem body's members say the exact category either way.
 *
 * @example
 * STATUS_BY_CATEGORY.cancelled; // 499
 */
export const STATUS_BY_CATEGORY = {
  auth: 401,
  permission: 403,
  not_found: 404,
  validation: 400,
  rate_limit: 429,
  quota: 402,
  timeout: 504,
  cancelled: 499,
  conflict: 409,
  unavailable: 503,
  protocol: 400,
  internal: 500,
} as const satisfies Record<ErrorCategory, number>;

/**
 * The HTTP status to answer with for `error`: the status it was received with, when it came from
 * HTTP, else the status for its category (`rate_limit` → 429, `not_found` → 404, …).
 *
 * @example
 * toHttpStatus(AgentError.rateLimited('slow down')); // 429
 */
export function toHttpStatus(error: AgentErrorLike): number {
  const wire = error.wire;
  if (
    wire?.protocol === 'http' &&
    typeof wire.code === 'number' &&
    Number.isInteger(wire.code) &&
    wire.code >= 400 &&
    wire.code <= 599
  ) {
    return wire.code;
  }
  return STATUS_BY_CATEGORY[error.category] ?? 500;
}

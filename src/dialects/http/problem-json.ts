import type { AgentErrorLike } from '../../core/agent-error.js';
import { readHubFields, validDetails } from '../../core/lenient-options.js';
import type { ErrorCategory } from '../../core/categories.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import { toJsonSafe } from '../../core/serialize.js';
import { wireDetails } from '../../core/unexpected.js';
import type { JsonValue } from '../../core/serialize.js';
import { statusMeaning, toHttpStatus } from './status.js';

/**
 * The media type of an RFC 9457 problem document.
 *
 * @example
 * res.setHeader('content-type', PROBLEM_JSON);
 */
export const PROBLEM_JSON = 'application/problem+json';

/**
 * An RFC 9457 problem document with the extension members this library writes (`code`,
 * `category`, `retryable`, `retryAfterMs`, `details`) so that a reader gets every hub field back.
 */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  code?: string;
  category?: ErrorCategory;
  retryable?: boolean;
  retryAfterMs?: number;
  details?: { [key: string]: JsonValue };
  [extension: string]: JsonValue | undefined;
}

/** Options for {@link toProblemJson}. */
export interface ToProblemJsonOptions {
  /** A URI naming the problem type (default `'about:blank'`: the status says it all). */
  type?: string;
  /** A URI for this occurrence. */
  instance?: string;
  /** Longest `detail` written (default 2,000 characters). */
  maxDetailLength?: number;
  /** Mask absolute local file paths in `detail` (default `false`: the message as written). */
  maskPaths?: boolean | undefined;
}

/**
 * The RFC 9457 problem document for `error`: `title` the status's reason phrase, `detail` the
 * sanitised message, and the hub fields as extension members, details redacted.
 *
 * @example
 * toProblemJson(AgentError.notFound('Channel "x" not found'));
 * // { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Channel "x" not found',
 * //   code: 'NOT_FOUND', category: 'not_found', retryable: false }
 */
export function toProblemJson(
  error: AgentErrorLike,
  options?: ToProblemJsonOptions,
): ProblemDetails {
  const status = toHttpStatus(error);
  const problem: ProblemDetails = {
    type: options?.type ?? 'about:blank',
    title: statusMeaning(status).title,
    status,
    detail: sanitizeMessage(error.message, {
      maxLength: options?.maxDetailLength ?? 2_000,
      maskPaths: options?.maskPaths === true,
    }),
  };
  if (options?.instance !== undefined) problem.instance = options.instance;
  problem.code = sanitizeMessage(error.code, { maxLength: 200 });
  problem.category = error.category;
  problem.retryable = error.retryable;
  if (error.retryAfterMs !== undefined) problem.retryAfterMs = error.retryAfterMs;
  const details = wireDetails(error);
  if (details !== undefined) {
    const safe = toJsonSafe(details);
    if (safe !== null && typeof safe === 'object' && !Array.isArray(safe)) problem.details = safe;
  }
  return problem;
}

/**
 * Whether `value` looks like an RFC 9457 problem document: an object whose standard members, where
 * present, have the right types, with at least `title`, `detail` or `status`.
 *
 * @example
 * isProblemDetails({ title: 'Not Found', status: 404 }); // true
 */
export function isProblemDetails(value: unknown): value is ProblemDetails {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const { type, title, detail, instance, status } = v;
  return (
    (type === undefined || typeof type === 'string') &&
    (title === undefined || typeof title === 'string') &&
    (detail === undefined || typeof detail === 'string') &&
    (instance === undefined || typeof instance === 'string') &&
    (status === undefined || typeof status === 'number') &&
    (title !== undefined || detail !== undefined || status !== undefined)
  );
}

/**
 * The hub fields a problem document carries as extension members, validated (malformed ones are
 * left out).
 *
 * @example
 * problemFields({ status: 429, code: 'SLOW', category: 'rate_limit', retryAfterMs: -1 });
 * // { code: 'SLOW', category: 'rate_limit' }
 */
export function problemFields(problem: ProblemDetails): {
  code?: string;
  category?: ErrorCategory;
  retryable?: boolean;
  retryAfterMs?: number;
  details?: Record<string, unknown>;
} {
  const out: ReturnType<typeof problemFields> = readHubFields(problem);
  // Cloudflare's error documents (its 1xxx errors as RFC 9457 JSON) give the wait in seconds as
  // `retry_after`.
  const seconds = problem.retry_after;
  if (out.retryAfterMs === undefined && typeof seconds === 'number' && seconds >= 0) {
    out.retryAfterMs = Math.round(seconds * 1000);
  }
  const details = validDetails(problem.details);
  if (details !== undefined) out.details = details;
  return out;
}

import { realElements } from '../../core/real-elements.js';
/** The `@type` of a `google.rpc.ErrorInfo` detail. */
export const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';
/** The `@type` of a `google.rpc.RetryInfo` detail. */
export const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';
/** The `@type` of a `google.rpc.QuotaFailure` detail. */
export const QUOTA_FAILURE_TYPE = 'type.googleapis.com/google.rpc.QuotaFailure';
/** The `@type` of a `google.rpc.BadRequest` detail. */
export const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';
/** The `@type` of a `google.rpc.PreconditionFailure` detail. */
export const PRECONDITION_FAILURE_TYPE = 'type.googleapis.com/google.rpc.PreconditionFailure';
/** The `@type` of a `google.rpc.RequestInfo` detail. */
export const REQUEST_INFO_TYPE = 'type.googleapis.com/google.rpc.RequestInfo';

/**
 * The details of Google's error model (`google.rpc.Status.details`): typed messages in JSON,
 * each with an `@type`. gRPC and Google APIs send them, and A2A v1.0 puts them in `error.data`,
 * so the library reads them in this one place.
 */

/**
 * A `google.rpc.ErrorInfo` detail.
 *
 * @example
 * const info: ErrorInfo = { '@type': ERROR_INFO_TYPE, reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' };
 */
export interface ErrorInfo {
  '@type': typeof ERROR_INFO_TYPE;
  reason: string;
  domain: string;
  metadata?: Record<string, string>;
}

/** One typed detail: `{ '@type': …, …fields }`. */
export type TypedDetail = { '@type': string } & Record<string, unknown>;

const MAX_DETAILS = 100;

/** The typed details in `data` (anything that is not one is skipped). */
export function typedEntries(data: unknown): TypedDetail[] {
  if (!Array.isArray(data)) return [];
  // Its real elements, bounded: a sparse list of length 2^32 − 1 costs what it holds. The list
  // is ours: the details are kept in place.
  const list = realElements(data, MAX_DETAILS);
  let kept = 0;
  for (const d of list) {
    if (d !== null && typeof d === 'object' && typeof (d as TypedDetail)['@type'] === 'string')
      list[kept++] = d;
  }
  // Set only when something was dropped: a store to `length` goes through the runtime.
  if (kept !== list.length) list.length = kept;
  return list as TypedDetail[];
}

/**
 * The detail of type `type` among details already read ({@link typedEntries}): a dialect that
 * looks for several types reads the list once.
 */
export function detailIn(details: readonly TypedDetail[], type: string): TypedDetail | undefined {
  for (const d of details) if (d['@type'] === type) return d;
  return undefined;
}

/** {@link findErrorInfo} among details already read ({@link typedEntries}). */
export function errorInfoIn(details: readonly TypedDetail[]): ErrorInfo | undefined {
  const info = detailIn(details, ERROR_INFO_TYPE);
  if (!info || typeof info.reason !== 'string' || typeof info.domain !== 'string') return undefined;
  return info as unknown as ErrorInfo;
}

/**
 * The `ErrorInfo` detail in a list of details, if there is a well-formed one.
 *
 * @example
 * findErrorInfo([{ '@type': ERROR_INFO_TYPE, reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }])?.reason;
 * // 'TASK_NOT_FOUND'
 */
export function findErrorInfo(data: unknown): ErrorInfo | undefined {
  return errorInfoIn(typedEntries(data));
}

/**
 * The detail of type `type` in a list of details.
 *
 * @example
 * findDetail([{ '@type': RETRY_INFO_TYPE, retryDelay: '2s' }], RETRY_INFO_TYPE)?.retryDelay; // '2s'
 */
export function findDetail(data: unknown, type: string): TypedDetail | undefined {
  return detailIn(typedEntries(data), type);
}

/**
 * `google.rpc.RetryInfo.retryDelay` (a protobuf Duration in JSON, e.g. `"1.5s"`) in
 * milliseconds, or `undefined` when it is not one.
 *
 * @example
 * parseRetryDelay('1.5s'); // 1500
 */
export function parseRetryDelay(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d{1,9})?)s$/.exec(value);
  return match?.[1] === undefined ? undefined : Math.round(Number(match[1]) * 1000);
}

/**
 * Milliseconds as a protobuf Duration in JSON: `1500` → `"1.5s"`.
 *
 * @example
 * formatRetryDelay(1500); // '1.5s'
 */
export function formatRetryDelay(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

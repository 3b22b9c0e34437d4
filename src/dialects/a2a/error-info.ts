/** The `@type` of a `google.rpc.ErrorInfo` detail. */
export const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';
/** The `@type` of a `google.rpc.RetryInfo` detail. */
export const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';
/** The `domain` A2A puts in its `ErrorInfo`. */
export const A2A_ERROR_DOMAIN = 'a2a-protocol.org';
/**
 * The `@type` of the detail in which we carry our own fields in A2A v1.0's `data` array (the
 * array form has no free-form object for the `agentError` key the other dialects use).
 */
export const AGENT_ERROR_DETAIL_TYPE = 'type.agent-errors.dev/AgentError';

/**
 * A `google.rpc.ErrorInfo` detail, as A2A v1.0 puts in `error.data`.
 *
 * @example
 * const info: A2aErrorInfo = { '@type': ERROR_INFO_TYPE, reason: 'TASK_NOT_FOUND', domain: A2A_ERROR_DOMAIN };
 */
export interface A2aErrorInfo {
  '@type': typeof ERROR_INFO_TYPE;
  reason: string;
  domain: string;
  metadata?: Record<string, string>;
}

/** One entry of A2A v1.0's `error.data` array: any typed detail. */
export type A2aErrorDetail = { '@type': string } & Record<string, unknown>;

function typedEntries(data: unknown): A2aErrorDetail[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (d): d is A2aErrorDetail =>
      d !== null &&
      typeof d === 'object' &&
      typeof (d as { '@type'?: unknown })['@type'] === 'string',
  );
}

/**
 * The `ErrorInfo` detail in an A2A v1.0 `data` array, if there is a well-formed one.
 *
 * @example
 * findErrorInfo([{ '@type': ERROR_INFO_TYPE, reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }])?.reason;
 * // 'TASK_NOT_FOUND'
 */
export function findErrorInfo(data: unknown): A2aErrorInfo | undefined {
  const info = typedEntries(data).find((d) => d['@type'] === ERROR_INFO_TYPE);
  if (!info || typeof info.reason !== 'string' || typeof info.domain !== 'string') return undefined;
  return info as unknown as A2aErrorInfo;
}

/**
 * The detail of type `type` in an A2A v1.0 `data` array.
 *
 * @example
 * findDetail([{ '@type': RETRY_INFO_TYPE, retryDelay: '2s' }], RETRY_INFO_TYPE)?.retryDelay; // '2s'
 */
export function findDetail(data: unknown, type: string): A2aErrorDetail | undefined {
  return typedEntries(data).find((d) => d['@type'] === type);
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

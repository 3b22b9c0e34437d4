import type { CancelSpec } from '../dialects/jsonrpc/rpc-dialect.js';
import type { RequestId } from './messages.js';
import { isJsonRpcId } from './messages.js';

/** A notification to send. */
export interface OutgoingNotification {
  method: string;
  params: Record<string, unknown>;
}

/**
 * The notification that cancels request `id` under `spec` (a dialect's `cancel`), or
 * `undefined` when the protocol has none (plain JSON-RPC, A2A).
 *
 * @example
 * cancelNotification(mcpDialect.cancel, 7, 'user pressed stop');
 * // { method: 'notifications/cancelled', params: { requestId: 7, reason: 'user pressed stop' } }
 */
export function cancelNotification(
  spec: CancelSpec | undefined,
  id: RequestId,
  reason?: string,
): OutgoingNotification | undefined {
  if (spec === undefined) return undefined;
  const params: Record<string, unknown> = { [spec.idKey]: id };
  if (spec.reason && reason !== undefined) params.reason = reason;
  return { method: spec.method, params };
}

/**
 * The id a received notification cancels under `spec`, or `undefined` when `method` is not the
 * protocol's cancel notification or its params are malformed.
 *
 * @example
 * cancelledRequestId(acpDialect.cancel, '$/cancel_request', { requestId: 3 }); // 3
 */
export function cancelledRequestId(
  spec: CancelSpec | undefined,
  method: string,
  params: unknown,
): RequestId | undefined {
  if (spec === undefined || method !== spec.method) return undefined;
  if (params === null || typeof params !== 'object') return undefined;
  const id = (params as Record<string, unknown>)[spec.idKey];
  return isJsonRpcId(id) ? id : undefined;
}

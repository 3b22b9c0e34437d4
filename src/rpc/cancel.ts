import type { JsonRpcId } from './messages.js';
import { isJsonRpcId } from './messages.js';

/**
 * How each protocol asks its peer to stop working on a request. `respond` says whether the
 * cancelled request still gets an answer (LSP and ACP answer `-32800`; MCP says a receiver should
 * not answer a request it was told to cancel).
 *
 * @example
 * CANCEL_NOTIFICATIONS.lsp.method; // '$/cancelRequest'
 */
export const CANCEL_NOTIFICATIONS = {
  acp: { method: '$/cancel_request', idKey: 'requestId', respond: true },
  mcp: { method: 'notifications/cancelled', idKey: 'requestId', respond: false },
  lsp: { method: '$/cancelRequest', idKey: 'id', respond: true },
} as const;

/** The protocols that define a cancel notification. */
export type CancelProtocol = keyof typeof CANCEL_NOTIFICATIONS;

/** A notification to send. */
export interface OutgoingNotification {
  method: string;
  params: Record<string, unknown>;
}

/**
 * The cancel notification `protocol` sends for request `id`, or `undefined` when the protocol
 * has none (plain JSON-RPC, A2A).
 *
 * @example
 * cancelNotificationFor('mcp', 7, 'user pressed stop');
 * // { method: 'notifications/cancelled', params: { requestId: 7, reason: 'user pressed stop' } }
 */
export function cancelNotificationFor(
  protocol: string,
  id: JsonRpcId,
  reason?: string,
): OutgoingNotification | undefined {
  if (!Object.hasOwn(CANCEL_NOTIFICATIONS, protocol)) return undefined;
  const spec = CANCEL_NOTIFICATIONS[protocol as CancelProtocol];
  const params: Record<string, unknown> = { [spec.idKey]: id };
  if (protocol === 'mcp' && reason !== undefined) params.reason = reason;
  return { method: spec.method, params };
}

/**
 * The id a received cancel notification names, or `undefined` when `method` is not
 * `protocol`'s cancel notification or its params are malformed.
 *
 * @example
 * cancelledRequestId('acp', '$/cancel_request', { requestId: 3 }); // 3
 */
export function cancelledRequestId(
  protocol: string,
  method: string,
  params: unknown,
): JsonRpcId | undefined {
  if (!Object.hasOwn(CANCEL_NOTIFICATIONS, protocol)) return undefined;
  const spec = CANCEL_NOTIFICATIONS[protocol as CancelProtocol];
  if (method !== spec.method || params === null || typeof params !== 'object') return undefined;
  const id = (params as Record<string, unknown>)[spec.idKey];
  return isJsonRpcId(id) ? id : undefined;
}

/** Whether `protocol` answers a request its peer cancelled. */
export function answersCancelledRequests(protocol: string): boolean {
  if (!Object.hasOwn(CANCEL_NOTIFICATIONS, protocol)) return true;
  return CANCEL_NOTIFICATIONS[protocol as CancelProtocol].respond;
}

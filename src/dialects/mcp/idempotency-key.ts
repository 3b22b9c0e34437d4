import { MCP_META_KEYS } from './meta-keys.js';
import { asRecord } from '../../core/is.js';

/**
 * The idempotency key of an MCP `tools/call` request, read from the `extra` (SDK v1) or `ctx`
 * (SDK v2) a tool handler receives: `_meta[MCP_META_KEYS.idempotencyKey]` (what
 * `callToolOrThrow` sends), else `_meta.idempotencyKey`, else the draft request field
 * `idempotencyKey` (SEP-3182), wherever the SDK puts the request's params (`params`, `request.params`,
 * `ctx.mcpReq.params`) or the request params themselves; `undefined` when there is none. It is
 * `withIdempotency`'s `keyOf` for MCP tool handlers, and its default reads it too.
 *
 * @example
 * server.registerTool('book', { inputSchema: { hours: z.number() } },
 *   withIdempotency(store, async ({ hours }, extra) => book(hours), { keyOf: mcpIdempotencyKeyOf }),
 * );
 */
export function mcpIdempotencyKeyOf(_args: unknown, extra: unknown): unknown {
  const context = asRecord(extra);
  if (context === undefined) return undefined;
  // v1: `extra._meta`; v2: `ctx.mcpReq._meta`.
  const request = asRecord(context.mcpReq);
  const meta = asRecord(context._meta) ?? asRecord(request?._meta);
  const metaKey = meta?.[MCP_META_KEYS.idempotencyKey] ?? meta?.idempotencyKey;
  if (metaKey !== undefined) return metaKey;
  // SEP-3182 (draft): `tools/call` params carry `idempotencyKey` beside `name` and `arguments`.
  return (
    context.idempotencyKey ??
    asRecord(context.params)?.idempotencyKey ??
    asRecord(asRecord(context.request)?.params)?.idempotencyKey ??
    request?.idempotencyKey ??
    asRecord(request?.params)?.idempotencyKey
  );
}

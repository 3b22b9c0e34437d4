/**
 * The `_meta` keys this library reads and writes on MCP messages, namespaced as the MCP
 * specification asks of keys that are not its own (a reverse-DNS prefix, then a slash). Written
 * once here: the tool wrappers, the client helper, `withIdempotency`'s MCP key reader and
 * `retry` all use these.
 *
 * - `error`: on a failed `CallToolResult` from a wrapper given `meta: true`, the hub fields
 *   (`code`, `category`, `retryable`, `retryAfterMs`, `errorId`), so a program reads them
 *   without parsing the text (whose JSON block carries the same).
 * - `idempotencyKey`: on a `tools/call` request, the key that makes repeating the call safe.
 * - `attempt`: on a `tools/call` request, which attempt this is (1 for the first call).
 *
 * @example
 * await client.callTool({ name: 'post', arguments: {}, _meta: { [MCP_META_KEYS.idempotencyKey]: key } });
 */
export const MCP_META_KEYS = {
  error: 'dev.agent-errors/error',
  idempotencyKey: 'dev.agent-errors/idempotency-key',
  attempt: 'dev.agent-errors/attempt',
} as const;

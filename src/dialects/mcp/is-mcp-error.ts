import { hasBrandOrShape } from '../../core/is.js';
/** Brands our `McpError` across copies of this package. */
export const MCP_ERROR_BRAND: unique symbol = Symbol.for('agent-errors.McpError') as never;

/** The fields of an `McpError`, as they survive a second copy of this package or a clone. */
export interface McpErrorShape {
  code: number;
  reason: string;
  message: string;
  data: Record<string, unknown>;
}

/**
 * Whether `value` is one of our `McpError`s: by brand (across copies of this package) or, as
 * plain data (a copy), by shape (an integer `code`, a string `reason`, an object `data`). The official SDK's
 * `McpError` has no `reason` and is not one.
 *
 * @example
 * isMcpError(McpError.internalError()); // true
 */
export function isMcpError(value: unknown): value is McpErrorShape {
  // Hermes' McpError is Elixir: no upstream JavaScript class has this shape, so an instance is
  // one only by the brand (another library's error with a `reason` is not).
  return hasBrandOrShape(value, MCP_ERROR_BRAND, hasMcpErrorShape, () => false);
}

function hasMcpErrorShape(v: Record<PropertyKey, unknown>): boolean {
  return (
    Number.isInteger(v.code) &&
    typeof v.reason === 'string' &&
    typeof v.message === 'string' &&
    v.data !== null &&
    typeof v.data === 'object'
  );
}

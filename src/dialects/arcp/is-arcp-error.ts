import { hasBrandOrShape, isRecord } from '../../core/is.js';
import { ARCP_ERRORS, isArcpErrorCode } from './codes.js';
import type { ArcpErrorCode } from './codes.js';

/** Brands our `ARCPError` across copies of this package. */
export const ARCP_ERROR_BRAND: unique symbol = Symbol.for('agent-errors.ARCPError') as never;

/** The fields an `ARCPError` has, as a copy that lost its class still has them. */
export interface ARCPErrorLike {
  readonly code: ArcpErrorCode;
  readonly message: string;
  readonly retryable: boolean;
  readonly details?: Record<string, unknown> | undefined;
}

/**
 * Whether `value` is an `ARCPError`: an instance, one from another copy of the package
 * (by brand), an instance of upstream `@arcp/core`'s classes (by their shape, below), or a plain
 * copy of one (by shape: an ARCP `code`, a string `message`, boolean `retryable`).
 *
 * @example
 * isArcpError(JSON.parse(JSON.stringify({ code: 'TIMEOUT', message: 'slow', retryable: true }))); // true
 */
export function isArcpError(value: unknown): value is ARCPErrorLike {
  return hasBrandOrShape(value, ARCP_ERROR_BRAND, hasArcpErrorShape, hasUpstreamArcpShape);
}

/**
 * An instance of upstream `@arcp/core`'s classes as its constructor builds one (§12: one class per
 * code): named `ARCPError` or its code's class (`PermissionDeniedError` for `PERMISSION_DENIED`),
 * with its own `details` record (set by the constructor, `{}` when none is given). Another
 * library's error that happens to carry an ARCP code and a boolean `retryable` (named `Error`, or
 * without `details`) is not one: it is unexpected, and its text stays home.
 */
function hasUpstreamArcpShape(v: Record<PropertyKey, unknown>): boolean {
  if (!hasArcpErrorShape(v) || !isRecord(v.details)) return false;
  if (!Object.prototype.hasOwnProperty.call(v, 'details')) return false;
  return v.name === 'ARCPError' || v.name === ARCP_ERRORS[v.code as ArcpErrorCode].className;
}

function hasArcpErrorShape(v: Record<PropertyKey, unknown>): boolean {
  return (
    isArcpErrorCode(v.code) &&
    // opentabs' ToolError has the same members and may take an ARCP code (`INTERNAL_ERROR`);
    // ARCP's classes have no category and are not named ToolError.
    v.category === undefined &&
    v.name !== 'ToolError' &&
    typeof v.message === 'string' &&
    typeof v.retryable === 'boolean' &&
    (v.details === undefined || isRecord(v.details))
  );
}

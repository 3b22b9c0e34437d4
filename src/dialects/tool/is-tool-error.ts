import { isErrorCategory } from '../../core/categories.js';
import type { ErrorCategory } from '../../core/categories.js';
import { ownsToolErrorFields } from '../../core/intent.js';
import { hasBrandOrShape } from '../../core/is.js';
import { isToolErrorCategory } from './tool-text.js';
import type { ToolErrorCategory } from './tool-text.js';

/** Brands our `ToolError` across copies of this package. */
export const TOOL_ERROR_BRAND: unique symbol = Symbol.for('agent-errors.ToolError') as never;

/** What {@link isToolError} narrows to: a `ToolError`, or a copy of one that lost its class. */
export interface ToolErrorLike {
  readonly message: string;
  readonly code: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number | undefined;
  readonly category?: ToolErrorCategory | undefined;
  readonly agentCategory?: ErrorCategory | undefined;
  readonly details?: Record<string, unknown> | undefined;
}

/**
 * Whether `value` is a `ToolError`: from this copy of the package, another copy (by brand),
 * a structured-clone or JSON copy of its fields (by shape: string `message` and `code`, boolean
 * `retryable`, and `category` absent or one of the six), or an instance of opentabs' own class (by
 * the shape its reference documents: its constructor always sets all four of `code`,
 * `retryable`, `retryAfterMs` and `category`, so an instance owns each of them even when
 * `undefined`). Another library's error with a string `code` and a boolean `retryable` (the AWS
 * SDK v2's) owns no `retryAfterMs` or `category` and is not one.
 *
 * @example
 * const copy = JSON.parse(JSON.stringify(ToolError.timeout('slow')));
 * isToolError(copy); // true
 */
export function isToolError(value: unknown): value is ToolErrorLike {
  return hasBrandOrShape(value, TOOL_ERROR_BRAND, hasToolErrorShape, isUpstreamToolError);
}

function isUpstreamToolError(v: Record<PropertyKey, unknown>): boolean {
  return ownsToolErrorFields(v) && hasToolErrorShape(v);
}

function hasToolErrorShape(v: Record<PropertyKey, unknown>): boolean {
  return (
    typeof v.message === 'string' &&
    typeof v.code === 'string' &&
    v.code !== '' &&
    typeof v.retryable === 'boolean' &&
    (v.category === undefined || isToolErrorCategory(v.category)) &&
    (v.retryAfterMs === undefined || typeof v.retryAfterMs === 'number') &&
    (v.agentCategory === undefined || isErrorCategory(v.agentCategory))
  );
}

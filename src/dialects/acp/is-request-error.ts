import { hasBrandOrShape } from '../../core/is.js';
import type { RequestError } from './request-error.js';

/** Brands our `RequestError` across copies of this package. */
export const REQUEST_ERROR_BRAND: unique symbol = Symbol.for('agent-errors.RequestError') as never;

/**
 * Whether `value` is an ACP `RequestError`: ours (by brand, across copies of this package) or
 * one shaped like it, such as `@agentclientprotocol/sdk`'s.
 *
 * @example
 * isRequestError(RequestError.authRequired()); // true
 */
export function isRequestError(value: unknown): value is RequestError {
  return hasBrandOrShape(value, REQUEST_ERROR_BRAND, hasRequestErrorShape);
}

function hasRequestErrorShape(v: Record<PropertyKey, unknown>): boolean {
  return v.name === 'RequestError' && Number.isInteger(v.code) && typeof v.message === 'string';
}

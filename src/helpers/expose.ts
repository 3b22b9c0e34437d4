import { toExposableError as exposeThrough } from '../core/expose.js';
import type { ExposableError, ExposeOptions } from '../core/expose.js';
import { withDecoder } from '../front/encode.js';

/**
 * The error to put on the wire for `error`, per the exposure rule (see `docs/design.md`, "Safety
 * on the wire"): what the code meant to send as it is; anything else with its category, code,
 * retryability and `retryAfterMs` as the classifier finds them (`options.decoder`, by default the
 * full one, so an upstream 429 still says "wait"), its category's fixed text and a random
 * `errorId`, the original going to `onError`. Never throws.
 *
 * @example
 * toExposableError(new Error('db password=hunter2'), { onError: (e, id) => log(id, e) }).message;
 * // 'Internal error'
 */
export function toExposableError(error: unknown, options?: ExposeOptions): ExposableError {
  return exposeThrough(error, withDecoder(options));
}

import { toToolError as toToolErrorWith } from '../dialects/tool/convert.js';
import type { ToToolErrorOptions } from '../dialects/tool/convert.js';
import type { ToolError } from '../dialects/tool/tool-error.js';
import { classifierOf } from '../front/encode.js';

/**
 * A `ToolError` for any error: a tool error (or a copy) as it is; anything else classified by
 * `options.decoder` (by default the full classifier: a refused connection is `timeout` with
 * `agentCategory: 'unavailable'`), its category narrowed to the nearest of the six with the hub
 * category kept as `agentCategory`, so nothing is lost.
 *
 * @example
 * const te = toToolError(AgentError.quotaExceeded('Budget used up'));
 * [te.category, te.agentCategory]; // ['rate_limit', 'quota']
 */
export function toToolError(error: unknown, options?: ToToolErrorOptions): ToolError {
  return toToolErrorWith(error, { decoder: classifierOf(options?.decoder) });
}

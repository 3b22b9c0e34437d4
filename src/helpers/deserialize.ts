import { deserializeError as deserializeWith } from '../core/deserialize.js';
import type { DeserializeErrorOptions } from '../core/deserialize.js';
import type { AgentError } from '../core/agent-error.js';
import { classifierOf } from '../front/encode.js';

/**
 * Rebuild an `AgentError` from what `serializeError` produced (or any JSON copy of an error),
 * including its `cause` chain. Fields that are missing or malformed are left out rather than
 * failing; input that is no serialised error is classified by `options.decoder`, by default the
 * full classifier (`internal` if nothing fits). Never throws.
 *
 * @example
 * const copy = deserializeError(JSON.parse(JSON.stringify(serializeError(AgentError.timeout('slow')))));
 * copy.category; // 'timeout'
 */
export function deserializeError(value: unknown, options?: DeserializeErrorOptions): AgentError {
  return deserializeWith(value, { decoder: classifierOf(options?.decoder) });
}

import { isMeantToSend as meantToSendWith } from '../core/intent.js';
import { isArcpError } from '../dialects/arcp/is-arcp-error.js';
import { isToolError } from '../dialects/tool/is-tool-error.js';
import { READERS } from './readers.js';

/**
 * Whether an instance is one of the compatibility classes the registry's readers read (each
 * says so by its `meantToSend`, see `hasBrandOrShape`): ACP's `RequestError` (ours, or
 * `@agentclientprotocol/sdk`'s), opentabs' `ToolError`, the Hermes-style `McpError`, the ARCP
 * classes (ours, another copy's, or the upstream package's).
 */
function isCompatibilityInstance(value: unknown): boolean {
  return READERS.some((reader) => reader.meantToSend?.(value as object) === true);
}

/**
 * The one rule for intent (see `docs/design.md`, "Safety on the wire"): whether a thrown value
 * that is not plain data was meant to be sent with its own words — it carries this library's
 * brand, or it is an instance of a supported compatibility class. Any other instance is
 * unexpected, whatever fields it carries; plain data answers `false` (a payload is read as one by
 * a decoder, never taken at its word). Never throws.
 *
 * @example
 * isMeantToSend(RequestError.authRequired()); // true
 * isMeantToSend(Object.assign(new Error('boom'), { code: 'Throttling', retryable: true })); // false
 */
export function isMeantToSend(value: unknown): boolean {
  return meantToSendWith(value, isCompatibilityInstance);
}

/**
 * Whether `value` is an instance of one of ARCP's classes (ours, another copy's, or upstream
 * `@arcp/core`'s) about to be written in another protocol. Such an error goes through the hub
 * first, where the ARCP reader gives it its category: the other protocols' encoders would read
 * its `code`, `message` and `retryable` as a ToolError's, which has no category. Never throws.
 *
 * @example
 * crossesFromArcp(new PermissionDeniedError('no'), 'tool'); // true
 */
export function crossesFromArcp(value: unknown, protocol: string): boolean {
  return protocol !== 'arcp' && value instanceof Error && isArcpError(value) && !isToolError(value);
}

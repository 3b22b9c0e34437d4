import type { Reader } from '../../core/reader.js';
import { isArcpError } from './is-arcp-error.js';
import { isArcpErrorCode } from './codes.js';
import { decodeArcpValue } from './decode.js';

// ARCP's error envelopes; a failed tool call is a `job.event` (of kind `tool_result`).
const ERROR_ENVELOPES: ReadonlySet<unknown> = new Set([
  'session.error',
  'job.error',
  'job.event',
  'tool_result',
]);

/**
 * ARCP by its envelope (`session.error`, `job.error`, a failed `job.event`), by an `ARCPError`'s
 * shape (a string code from ARCP's table), or anything when the caller said the protocol is ARCP.
 */
export const arcpReader: Reader = {
  name: 'arcp envelope / ARCPError',
  meantToSend: isArcpError,
  recognise(view, context) {
    if (
      view.protocol === 'arcp' ||
      (typeof view.type === 'string' && ERROR_ENVELOPES.has(view.type)) ||
      (typeof view.code === 'string' && isArcpError(view.input))
    ) {
      return decodeArcpValue(view.input, context.fallback);
    }
    return undefined;
  },
};

/**
 * A bare ARCP error payload (`{ code: 'RESOURCE_EXHAUSTED', message }`): tried late, because
 * ARCP's code names are common words other families' string codes share.
 */
export const arcpCodeReader: Reader = {
  name: 'arcp error payload',
  requires: ['code', 'message'],
  recognise(view) {
    return isArcpErrorCode(view.code) && typeof view.message === 'string'
      ? decodeArcpValue(view.input)
      : undefined;
  },
};

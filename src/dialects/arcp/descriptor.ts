import type { Dialect } from '../../core/dialect.js';
import { toExposableError } from '../../core/expose.js';
import type { RpcEncodeOptions } from '../jsonrpc/rpc-error.js';
import { decodeArcpError, encodeArcpError, toArcpError } from './convert.js';
import { jobError, sessionError, toolResultError } from './envelopes.js';
import type { EnvelopeIds, ErrorEnvelope } from './envelopes.js';
import { isPlainErrorPayload } from './payload.js';
import type { ErrorPayload } from './payload.js';

/** What `encode(error, 'arcp', options)` reads. */
export interface ArcpEncodeOptions extends RpcEncodeOptions {
  /**
   * Wrap the payload in an envelope instead of returning the bare `ErrorPayload`; `'tool_result'`
   * writes the `job.event` of kind `tool_result` that ARCP sends for a failed tool call.
   */
  envelope?: 'session.error' | 'job.error' | 'tool_result';
  /** Ids to put on the envelope. */
  ids?: EnvelopeIds;
  /** `tool_result` envelopes: the tool call this error answers. */
  callId?: string;
}

function encodeArcp(thrown: unknown, options: ArcpEncodeOptions): ErrorPayload | ErrorEnvelope {
  // A payload the caller built is data they chose to send: it goes out as it is (redacted).
  // Anything else follows the front door's rule (ARCP's own boundary, `errorBoundary`, sends an
  // unexpected error's sanitised message; here an unexpected error is only an errorId).
  const exposed = isPlainErrorPayload(thrown)
    ? thrown
    : toArcpError(toExposableError(thrown, options));
  // With `maskPaths`, the payload is written first: an envelope sends a payload as it is.
  const toSend = options.maskPaths === true ? encodeArcpError(exposed, options) : exposed;
  switch (options.envelope) {
    case undefined:
      return encodeArcpError(toSend, options);
    case 'session.error':
      return sessionError(toSend, options.ids);
    case 'job.error':
      return jobError(toSend, options.ids);
    case 'tool_result':
      if (options.callId === undefined) {
        throw new TypeError("encode: options.callId is required with envelope 'tool_result'");
      }
      return toolResultError(options.callId, toSend, options.ids);
    default:
      throw new TypeError(
        `encode: options.envelope must be 'session.error', 'job.error' or 'tool_result'; received ${JSON.stringify(options.envelope)}`,
      );
  }
}

/** ARCP (§12 of its specification: `ErrorPayload`, and its three error envelopes) in the registry. */
export const arcpDialect: Dialect<ArcpEncodeOptions> = {
  protocol: 'arcp',
  encode: encodeArcp,
  decode: decodeArcpError,
};

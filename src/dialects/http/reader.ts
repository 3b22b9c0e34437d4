import { decodedError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import type { Protocol } from '../../core/categories.js';
import { normalizeError } from '../../core/normalize-error.js';
import type { ReadContext, Reader } from '../../core/reader.js';
import { markUnexpected } from '../../core/unexpected.js';
import { decodeHttpError, fromHttpParts, fromHttpResponse, readHttpError } from './response.js';
import { statusMeaning } from './status.js';
import { isWebResponse } from './web-globals.js';

/** Whether the HTTP reading found nothing but its fallback. */
function unrecognised(decoded: AgentError): boolean {
  return decoded.category === 'internal' && decoded.code === 'INTERNAL_ERROR';
}

/** `decoded`, or when it recognised nothing, what `input`'s message says. */
function withKeywords(decoded: AgentError, input: object, context: ReadContext): AgentError {
  return unrecognised(decoded) ? context.byKeywords(decoded, input) : decoded;
}

/**
 * A fetch `Response`: its status and headers (decode is synchronous; `await
 * fromHttpResponse(res)` reads the body too).
 */
export const webResponseReader: Reader = {
  name: 'fetch Response',
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || !isWebResponse(view.input)) return undefined;
    return fromHttpResponse({ status: view.input.status, headers: view.input.headers });
  },
};

/** An HTTP response as data: `{ status, headers?, body? }`, with no hint and no code or name. */
export const httpResponseReader: Reader = {
  name: 'http response',
  requires: ['status'],
  hints: [undefined],
  recognise(view, context) {
    const { status } = view;
    if (typeof status !== 'number' || !view.hasHeadersOrBody) return undefined;
    if (view.code !== undefined || view.name !== undefined || view.protocol !== undefined) {
      return undefined;
    }
    let decoded: AgentError;
    try {
      // Read straight from the members already in hand.
      decoded = fromHttpParts(status, view.statusText, view.headers, view.body);
    } catch {
      return normalizeError(view.input);
    }
    return withKeywords(decoded, view.input, context);
  },
};

/** Anything, when the caller said the protocol is HTTP (a body, a response, its text). */
export const httpHintReader: Reader = {
  name: 'http (protocol hint)',
  hints: ['http'],
  recognise(view, context) {
    if (view.protocol !== 'http') return undefined;
    return readHttpError(view.input) ?? context.fallback(view.input);
  },
  recogniseText(text: string, protocol: Protocol | undefined) {
    return protocol === 'http' ? decodeHttpError(text) : undefined;
  },
};

/**
 * The last reader: HTTP bodies (problem documents, provider bodies, cloud APIs' errors), read
 * by their message's keywords when nothing in them is recognised. Plain data with no `error`,
 * `status` or body member is no response body (a Node system error, a schema library's error):
 * left to the decoder's fallback. An error instance read as an HTTP failure was thrown by some
 * client: unexpected.
 */
export const httpBodyReader: Reader = {
  name: 'http body',
  recognise(view, context) {
    if (!view.instance && view.error === undefined && view.status === undefined) {
      if (!view.hasBodyMember) return undefined;
    }
    const read = readHttpError(view.input);
    if (read === undefined) return undefined;
    const decoded = withKeywords(read, view.input, context);
    return view.instance && decoded.wire?.protocol === 'http' ? markUnexpected(decoded) : decoded;
  },
};

/** How an HTTP status carried by another family's error reads (an MCP SDK's transport error). */
export function readHttpStatus(status: number, message: string): AgentError {
  return fromHttpResponse({ status, body: { message } });
}

/**
 * An HTTP status some SDKs copy through as a JSON-RPC error's code: that status's meaning, the
 * error object kept in `wire`. The status alone says it, but for a 403 whose message may be a
 * rate limit (GitHub's secondary limit): a whole HTTP error for every status made these entries
 * slower by half (bench).
 */
export function fromStatusAsRpcCode(
  error: { code: number; message: string; data?: unknown },
  protocol: Protocol | undefined,
): AgentError {
  const meaning =
    error.code === 403 ? readHttpStatus(403, error.message) : statusMeaning(error.code);
  const wireProtocol = protocol ?? 'jsonrpc';
  return decodedError({
    message: error.message,
    category: meaning.category,
    code: meaning.code,
    retryable: meaning.retryable,
    retryAfterMs: undefined,
    details: undefined,
    wire:
      error.data === undefined
        ? { protocol: wireProtocol, code: error.code, message: error.message }
        : { protocol: wireProtocol, code: error.code, message: error.message, data: error.data },
    cause: undefined,
  });
}

import type { AgentError } from '../core/agent-error.js';
import { classifiedAs } from '../core/classified.js';
import { describeValue, readMember } from '../core/is.js';
import { markUnexpected } from '../core/unexpected.js';
import type { Decoder } from './create-decoder.js';
import { decode } from './decode.js';

/** Options for {@link decodeResponseError}. */
export interface DecodeResponseErrorOptions {
  /** Most bytes of the body read (default 65 536); the rest is left unread. */
  readonly maxBytes?: number;
  /**
   * Most milliseconds spent waiting for the body (default 5 000); a body slower than that is
   * left unread and the error is read from its status and headers, as `decode` reads it.
   */
  readonly timeoutMs?: number;
  /** The decoder to read with (default: the root `decode`, every reader). */
  readonly decoder?: Pick<Decoder, 'decode'>;
}

/** A fetch `Response` of the runtime's own class (none where the runtime has no fetch). */
function isWebResponse(value: unknown): value is Response {
  return typeof Response === 'function' && value instanceof Response;
}

const DEFAULT_MAX_BYTES = 65_536;
const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * {@link decode}, after reading the body a fetch `Response` on the error still holds unread: ky's
 * `HTTPError` (its `response`), or a `Response` itself. `decode` is synchronous and cannot read a
 * stream, so for those it has the status and headers only; a provider's error code, a GraphQL
 * body's errors or a spent quota said in words are in the body. The body is read from a clone
 * (the caller can still read `error.response`), at most `maxBytes` of it and for at most
 * `timeoutMs`; a body that fails, is too slow or is absent leaves the reading `decode` gives.
 * Any other value is decoded as it is. Never rejects for a bad body; rejects with a `TypeError`
 * only for options out of range.
 *
 * @example
 * try {
 *   await ky.post(url, { json });
 * } catch (error) {
 *   const e = await decodeResponseError(error); // the provider's code and wait, from the body
 * }
 */
export async function decodeResponseError(
  error: unknown,
  options: DecodeResponseErrorOptions = {},
): Promise<AgentError> {
  const maxBytes = checkedLimit('maxBytes', options.maxBytes, DEFAULT_MAX_BYTES);
  const timeoutMs = checkedLimit('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const read = (value: unknown): AgentError =>
    options.decoder === undefined ? decode(value) : options.decoder.decode(value);
  const response = isWebResponse(error) ? error : unreadResponseOf(error);
  if (response === undefined || response.bodyUsed || response.body === null) return read(error);
  const body = await boundedText(response, maxBytes, timeoutMs);
  if (body === undefined || body === '') return read(error);
  const decoded = read({
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body,
  });
  return error instanceof Error ? markUnexpected(classifiedAs(error, decoded)) : decoded;
}

function checkedLimit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) {
    throw new TypeError(
      `decodeResponseError: ${name} must be a positive integer; received ${describeValue(value)}`,
    );
  }
  return value;
}

/** The fetch `Response` an error carries on `.response` (ky's `HTTPError`). */
function unreadResponseOf(error: unknown): Response | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const response = readMember(error, 'response');
  return isWebResponse(response) ? response : undefined;
}

/** Up to `maxBytes` of a clone's body as text, or `undefined` when it fails or is too slow. */
async function boundedText(
  response: Response,
  maxBytes: number,
  timeoutMs: number,
): Promise<string | undefined> {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = response.clone().body!.getReader();
  } catch {
    return undefined;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') return undefined;
      if (next.done) break;
      chunks.push(next.value);
      size += next.value.byteLength;
    }
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    // What is left (past `maxBytes`, or after a timeout) is not waited for.
    reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
    if (at === bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}

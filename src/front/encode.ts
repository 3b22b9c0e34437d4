import type { Protocol } from '../core/categories.js';
import { PROTOCOLS } from '../core/categories.js';
import { AgentError } from '../core/agent-error.js';
import { newErrorId } from '../core/expose.js';
import type { Classifier, ExposeOptions } from '../core/expose.js';
import { defaultDecoder } from './decode.js';
import { dialectOf } from '../registry/dialects.js';
import { crossesFromArcp } from '../registry/intent.js';
import type {
  ArcpEnvelopes,
  CallToolErrorResult,
  EncodeOptions,
  EncodedForm,
  EncodedForms,
} from '../registry/forms.js';

export type { EncodeOptions, EncodedForm, EncodedForms } from '../registry/forms.js';

/** The library's full classifier: what every road to the wire classifies with by default. */
const FULL_DECODER: Classifier = defaultDecoder;
const DEFAULT_OPTIONS = Object.freeze({ decoder: FULL_DECODER });

/** `decoder`, else the library's full classifier. */
export function classifierOf(decoder: Classifier | undefined): Classifier {
  return decoder ?? FULL_DECODER;
}

/**
 * `options` with a decoder: the caller's, else the full classifier (most calls pass no options:
 * they share one object instead of allocating one).
 */
export function withDecoder<O extends ExposeOptions>(options: O | undefined): O {
  if (options === undefined) return DEFAULT_OPTIONS as O;
  if (options.decoder !== undefined) return options;
  // The decoder before the spread, then set: V8 gives `{ ...options, decoder }` (a member added
  // after a spread) a map of its own on every call, and every later read of an option then
  // misses its cache: 2–4 µs per encoded error (bench: peer), where this costs 0.06 µs.
  const copy = { decoder: FULL_DECODER, ...options };
  copy.decoder = FULL_DECODER; // over an own `decoder: undefined`
  return copy;
}

/**
 * The wire form of `error` for `protocol`: a JSON-RPC error object for `jsonrpc`, `acp`, `lsp`,
 * `a2a` and `mcp` (or an MCP `CallToolResult` with `{ as: 'toolResult' }`), an ARCP
 * `ErrorPayload` (or envelope), ToolError text for `tool`, and `{ status, headers, body }` with
 * a problem+json body for `http`, a `google.rpc.Status` for `grpc`. Where the target has no exact code, the closest one is used
 * and our `code`, `category`, `retryable` and `retryAfterMs` ride in the target's free-form
 * data, so `decode(encode(e, p), { from: p })` gives them back. Secrets are redacted. An
 * error the code did not mean to send goes out as a generic error with an `errorId` (see
 * `onError`), keeping the category the classifier finds, so an upstream 429 still says "wait".
 * The peer (`createPeer`, `createHandler`) and the CLI encode through this same function, so a
 * protocol's bytes are the same on every path.
 *
 * @example
 * encode(AgentError.rateLimited('slow down', { retryAfterMs: 2000 }), 'http').headers['retry-after']; // '2'
 * encode(AgentError.auth('log in'), 'acp').code; // -32000
 */
// One overload per form, so that `encode(e, 'arcp').code` and `encode(e, 'mcp').message`
// type-check without a cast; options only known at run time give the union (the last one).
export function encode<P extends Protocol>(
  error: unknown,
  protocol: P,
  options?: EncodeOptions & { as?: 'error'; envelope?: undefined },
): EncodedForm<P>;
export function encode(
  error: unknown,
  protocol: 'mcp',
  options: EncodeOptions & { as: 'toolResult' },
): CallToolErrorResult;
export function encode<E extends keyof ArcpEnvelopes>(
  error: unknown,
  protocol: 'arcp',
  options: EncodeOptions & { envelope: E },
): ArcpEnvelopes[E];
export function encode<P extends Protocol>(
  error: unknown,
  protocol: P,
  options?: EncodeOptions,
): EncodedForms[P];
export function encode(
  error: unknown,
  protocol: Protocol,
  options?: EncodeOptions,
): EncodedForms[Protocol] {
  const dialect = dialectOf(protocol);
  if (dialect === undefined) {
    throw new TypeError(
      `encode: protocol must be one of ${PROTOCOLS.join(', ')}; received ${typeof protocol === 'string' ? JSON.stringify(protocol) : String(protocol)}`,
    );
  }
  // Errors nobody meant to send are classified by the decoder, by default the one classifier,
  // which sees every dialect.
  const withClassifier = withDecoder(options);
  try {
    // An AgentError is the hub's own already (the classifier would return it as it is).
    const sent =
      !(error instanceof AgentError) && crossesFromArcp(error, protocol)
        ? classifierOf(withClassifier.decoder).toAgentError(error)
        : error;
    return dialect.encode(sent, withClassifier) as EncodedForms[Protocol];
  } catch (failure) {
    // A bad option is the caller's to fix: its TypeError names the option.
    if (failure instanceof TypeError && /\boptions\.\w+ must be\b/.test(failure.message))
      throw failure;
    // What could not be read (a Proxy whose traps throw, a getter that throws, a forged brand)
    // is sent as any unexpected error is.
    const errorId = newErrorId();
    try {
      options?.onError?.(error, errorId);
    } catch {
      // A failing log hook must not turn one error into two.
    }
    const standIn = AgentError.internal('Internal error', { errorId, captureStack: false });
    return dialect.encode(standIn, withClassifier) as EncodedForms[Protocol];
  }
}

import { asRecord, isRecord } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import { markUnexpected } from '../../core/unexpected.js';
import { fromAgentsSdkError } from './agents-sdk.js';
import { fromPlatformSdkError } from './platform-sdks.js';
import { fromProviderSdkError } from './provider-sdk.js';
import { fromResponsesError, incompleteError, responsesError } from './stream-events.js';

/**
 * The LLM provider SDKs' errors (`openai`, `@anthropic-ai/sdk` and the SDKs built the same way):
 * an HTTP failure read as the response it was, a client-side abort, timeout or lost connection.
 * Instances only (nothing off the wire is one); thrown by a client library, never meant for our
 * caller's peer, so marked unexpected.
 */
export const providerSdkReader: Reader = {
  name: 'provider SDK APIError',
  instancesOnly: true,
  recognise(view, context) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromProviderSdkError(view.input, context.fallback);
    return decoded && markUnexpected(decoded);
  },
};

/**
 * The AI-platform SDKs' errors that say what happened by their class (Pinecone, Qdrant, Hugging
 * Face's inference client: platform-sdks.ts). Instances only; thrown by a client library, so
 * marked unexpected.
 */
export const platformSdkReader: Reader = {
  name: 'AI-platform SDK error',
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromPlatformSdkError(view.input);
    return decoded && markUnexpected(decoded);
  },
};

/**
 * An AI SDK stream part `{ type: 'error', error }` (the error an instance, or the provider's
 * stream event itself: the OpenAI Responses model's `response.failed`), or the event its
 * `onError` callbacks get (`{ error }`, nothing else, the error an instance): decoded as the
 * error it carries. (Anthropic's body has the part's outer shape with its own `{ type }`
 * inside: that is a provider body, left to the HTTP readers.)
 */
export const aiSdkStreamPartReader: Reader = {
  name: 'AI SDK error stream part',
  requires: ['error'],
  recognise(view, context) {
    const error = view.error;
    if (view.type !== 'error') {
      const event = error instanceof Error && Object.keys(view.input).length === 1;
      return event ? context.decode(error, view.protocol) : undefined;
    }
    if (error === undefined || error === null) return undefined;
    // Anthropic's error types have no dot; the events a part carries do (`response.failed`).
    const type = isRecord(error) ? error.type : undefined;
    if (typeof type === 'string' && type !== 'error' && !type.includes('.')) return undefined;
    return context.decode(error, view.protocol);
  },
};

/**
 * The OpenAI Agents SDK's streamed-run event that relays what the model's stream sent
 * (`{ type: 'raw_model_stream_event', data: { type: 'model', event } }`): decoded as that event.
 * The SDK takes a Responses `response.failed` as the end of the turn and runs on, so the event
 * is the one place the failure (a rate limit, a refused image) is told.
 */
export const agentsStreamEventReader: Reader = {
  name: 'OpenAI Agents SDK model stream event',
  requires: ['type', 'data'],
  recognise(view, context) {
    if (view.type !== 'raw_model_stream_event') return undefined;
    const event = asRecord(asRecord(view.data)?.event);
    return event && context.decode(event, view.protocol);
  },
};

/**
 * The OpenAI Responses API's failures that arrive as data, not as a throw (its SDK yields them
 * from a stream): an `error` event (`{ type: 'error', code, message, param }`), a
 * `response.failed` event (`{ type: 'response.failed', response: { error: { code, message } } }`)
 * a `response.incomplete` event, and a failed or incomplete response object (`{ object:
 * 'response', status: 'failed', error }`, `status: 'incomplete'` with `incomplete_details`). Read by their
 * `code` as the provider's error body (the codes are in provider-body.ts's table); a code it does
 * not list is an internal failure.
 */
export const openAiResponsesEventReader: Reader = {
  name: 'OpenAI Responses error event',
  requires: ['type'],
  recognise(view) {
    const error = responsesError(view.input, view.type);
    return error && markUnexpected(fromResponsesError(error));
  },
};

/** The failed response object a Responses API value carries, if any. */
export const openAiFailedResponseReader: Reader = {
  name: 'OpenAI failed response object',
  requires: ['status', 'error'],
  recognise(view) {
    if (view.input.object !== 'response') return undefined;
    const error =
      view.status === 'failed'
        ? asRecord(view.error)
        : view.status === 'incomplete'
          ? incompleteError(view.input)
          : undefined;
    return error && markUnexpected(fromResponsesError(error));
  },
};

/**
 * The OpenAI Agents SDK's errors (`@openai/agents`) by class name: guardrail tripwires, a
 * misbehaving model, the turn budget, tool timeouts, and the wrappers whose inner error decides.
 * Instances only; thrown by the library, so marked unexpected.
 */
export const agentsSdkReader: Reader = {
  name: 'OpenAI Agents SDK error',
  instancesOnly: true,
  requires: ['name'],
  recognise(view, context) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromAgentsSdkError(view.input, (inner) => context.decode(inner, undefined));
    return decoded && markUnexpected(decoded);
  },
};

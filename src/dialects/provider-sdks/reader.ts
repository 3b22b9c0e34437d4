import { isRecord } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import { markUnexpected } from '../../core/unexpected.js';
import { fromProviderSdkError } from './provider-sdk.js';

/**
 * The LLM provider SDKs' errors (`openai`, `@anthropic-ai/sdk` and the SDKs built the same way):
 * an HTTP failure read as the response it was, a client-side abort, timeout or lost connection.
 * Instances only (nothing off the wire is one); thrown by a client library, never meant for our
 * caller's peer, so marked unexpected.
 */
export const providerSdkReader: Reader = {
  name: 'provider SDK APIError',
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromProviderSdkError(view.input);
    return decoded && markUnexpected(decoded);
  },
};

/**
 * An AI SDK stream part `{ type: 'error', error }`: decoded as the error it carries. (Anthropic's
 * body has the same outer shape with its own `{ type }` inside: that is a provider body, left to
 * the HTTP readers.)
 */
export const aiSdkStreamPartReader: Reader = {
  name: 'AI SDK error stream part',
  requires: ['type', 'error'],
  recognise(view, context) {
    const error = view.error;
    if (view.type !== 'error' || error === undefined || error === null) return undefined;
    if (isRecord(error) && typeof error.type === 'string' && error.type !== 'error') {
      return undefined;
    }
    return context.decode(error, view.protocol);
  },
};

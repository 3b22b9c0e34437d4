import type { Reader } from '../../core/reader.js';
import { markUnexpected } from '../../core/unexpected.js';
import { fromClientLibraryError, fromLangChainError } from './client-errors.js';

/**
 * The client libraries' errors: the AI SDK's `AI_*` classes, `@google/genai`'s `ApiError`, the
 * AWS SDK v3's service exceptions, axios. Instances only; thrown by a client library, never
 * meant for our caller's peer, so marked unexpected. What they wrap (a retry's last error, a
 * cause) is read by the decoder running them.
 */
export const clientLibraryReader: Reader = {
  name: 'client library error',
  instancesOnly: true,
  recognise(view, context) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromClientLibraryError(view.input, context.classify);
    return decoded && markUnexpected(decoded);
  },
};

/**
 * LangChain's errors (`lc_error_code`, its own classes). After the provider SDKs: LangChain
 * marks the provider's own error, whose status and body say more.
 */
export const langChainReader: Reader = {
  name: 'LangChain error',
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromLangChainError(view.input);
    return decoded && markUnexpected(decoded);
  },
};

import { normalizeError } from '../../core/normalize-error.js';
import type { Reader } from '../../core/reader.js';

/**
 * The web platform's `AbortError` and `TimeoutError` (a `DOMException`, `AbortSignal.timeout()`,
 * fetch's abort), and their JSON copies, by `name`: `cancelled` and `timeout`. Read by name
 * because their numeric `code` (20, 23) means nothing else's code.
 */
export const domReader: Reader = {
  name: 'dom AbortError / TimeoutError',
  requires: ['name'],
  recognise(view) {
    const name = view.name;
    return name === 'AbortError' || name === 'TimeoutError'
      ? normalizeError(view.input)
      : undefined;
  },
};

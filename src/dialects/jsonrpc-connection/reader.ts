import { decodedError } from '../../core/agent-error.js';
import type { Reader } from '../../core/reader.js';

/**
 * vscode-jsonrpc's `ConnectionError`, which a `MessageConnection` throws for a use it cannot serve
 * (`lib/common/connection.js`), by its `ConnectionErrors` code: `Closed` (1, "Connection is
 * closed.": the stream ended or the peer went away) and `Disposed` (2, "Connection is disposed.")
 * fail every later call on that connection, and the call succeeds again on a new one —
 * unavailable, retried after reconnecting. `AlreadyListening` (3) is the program calling
 * `listen()` twice: left to the default reading, an internal fault. The class name is common
 * (database and HTTP clients have one too), so the code must be vscode-jsonrpc's and the class
 * must add no other member (a copy or an error rebuilt from a log sets `name` as well).
 */
export const jsonRpcConnectionReader: Reader = {
  name: 'vscode-jsonrpc ConnectionError',
  requires: ['code'],
  instancesOnly: true,
  recognise(view) {
    const e = view.input;
    if (
      !view.instance ||
      (view.code !== 1 && view.code !== 2) ||
      (e.constructor as { name?: unknown } | undefined)?.name !== 'ConnectionError' ||
      Object.keys(e).some((key) => key !== 'code' && key !== 'name')
    )
      return undefined;
    return decodedError({
      message: String(view.message),
      category: 'unavailable',
      code: 'CONNECTION_CLOSED',
      retryable: true,
      retryAfterMs: undefined,
      details: undefined,
      wire: undefined,
      cause: e,
      unexpected: true,
    });
  },
};

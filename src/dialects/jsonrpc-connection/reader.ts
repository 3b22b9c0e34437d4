import { decodedError } from '../../core/agent-error.js';
import type { Reader } from '../../core/reader.js';

// The members an Error of that class carries of its own: its `code`, and what a copy or an error
// rebuilt from a log sets on the instance.
const ERROR_OWN_KEYS: ReadonlySet<string> = new Set(['code', 'name', 'message', 'stack']);

/**
 * vscode-jsonrpc's `ConnectionError`, which a `MessageConnection` throws for a use it cannot serve
 * (`lib/common/connection.js`), by its `ConnectionErrors` code: `Closed` (1, "Connection is
 * closed.": the stream ended or the peer went away) and `Disposed` (2, "Connection is disposed.")
 * fail every later call on that connection, and the call succeeds again on a new one —
 * unavailable, retried after reconnecting. `AlreadyListening` (3) is the program calling
 * `listen()` twice: left to the default reading, an internal fault. The class name is common
 * (database and HTTP clients have one too), so the code must be vscode-jsonrpc's and the only
 * member the class adds.
 */
export const jsonRpcConnectionReader: Reader = {
  name: 'vscode-jsonrpc ConnectionError',
  requires: ['code'],
  instancesOnly: true,
  recognise(view) {
    const code = view.code;
    if (!view.instance || (code !== 1 && code !== 2)) return undefined;
    const e = view.input;
    if ((e.constructor as { name?: unknown } | undefined)?.name !== 'ConnectionError')
      return undefined;
    if (Object.keys(e).some((key) => !ERROR_OWN_KEYS.has(key))) return undefined;
    return decodedError({
      message: typeof view.message === 'string' ? view.message : 'Connection is closed.',
      category: 'unavailable',
      code: 'CONNECTION_CLOSED',
      retryable: true,
      retryAfterMs: undefined,
      details: { connectionError: code === 1 ? 'Closed' : 'Disposed' },
      wire: undefined,
      cause: e,
      unexpected: true,
    });
  },
};

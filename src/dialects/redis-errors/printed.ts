/**
 * node-redis's own classes print as `Error: <message>` (they set no `name`): their fixed messages
 * (`@redis/client` `lib/errors.js`), by class. `The client is closed` is left out: undici's
 * `ClientClosedError` prints the same text.
 */
export const NODE_REDIS_MESSAGES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    'Socket closed unexpectedly': 'SocketClosedUnexpectedlyError',
    'Connection timeout': 'ConnectionTimeoutError',
    'The client is offline': 'ClientOfflineError',
    'Disconnects client': 'DisconnectsClientError',
    'The command was aborted': 'AbortError',
    'All the root nodes are unavailable': 'RootNodesUnavailableError',
    'One (or more) of the watched keys has been changed': 'WatchError',
  }),
);

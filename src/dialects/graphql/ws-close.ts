import { decodedError } from '../../core/agent-error.js';
import { CATEGORIES } from '../../core/categories.js';
import { readMember } from '../../core/is.js';
import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import type { Reader } from '../../core/reader.js';

/**
 * What a WebSocket close code says, for the `CloseEvent` a GraphQL-over-WebSocket client hands
 * its sink when the socket closed under an operation. graphql-ws's `CloseCode`
 * (github.com/enisdenjo/graphql-ws, PROTOCOL.md) for 4xxx, retryable as its client's own rule
 * retries them (client.ts `shouldRetryConnectOrThrow`: 4500, 4005, 4400, 4004, 4401, 4406, 4409
 * and 4429 are fatal; 4499 is its own `terminate()` of a socket that froze); RFC 6455 §7.4.1
 * and the IANA registry for 1xxx, where 1001, 1005, 1006, 1012, 1013 and 1014 are the server
 * going away and come back, the others fatal.
 */
const CLOSE_CODES: ReadonlyMap<number, Meaning> = new Map(
  (
    [
      // 4429: the client sent `connection_init` twice, its own fault, not a pace to wait out.
      [m('protocol', 'PROTOCOL_ERROR'), [4400, 4406, 4429, 4004, 1002, 1003, 1010, 1015]],
      [m('auth', 'AUTH_ERROR'), [4401]],
      [m('permission', 'PERMISSION_DENIED'), [4403, 1008]],
      [m('timeout', 'TIMEOUT'), [4408, 4504]],
      [m('conflict', 'CONFLICT'), [4409]],
      [m('unavailable', 'CONNECTION_ERROR', true), [4499, 1005, 1006]],
      [m('unavailable', 'UNAVAILABLE'), [1001, 1012, 1013, 1014]],
      [m('internal', 'SERVER_ERROR', false), [4500, 1011]],
      [m('internal', 'INTERNAL_ERROR'), [4005]],
      [m('validation', 'VALIDATION_ERROR'), [1007]],
      [m('validation', 'REQUEST_TOO_LARGE'), [1009]],
    ] as const
  ).flatMap(([meaning, codes]) => codes.map((code): [number, Meaning] => [code, meaning])),
);

/**
 * A WebSocket `CloseEvent` (the `ws` package's, a browser's: `code`, `reason`, `wasClean`), as
 * graphql-ws's client passes it to the sink's `error`: read by its close code; a code neither
 * list names is the application's own, read as an internal failure.
 */
export const webSocketCloseReader: Reader = {
  name: 'websocket close event',
  requires: ['code', 'reason'],
  recognise(view) {
    const { code, reason } = view;
    if (typeof code !== 'number' || typeof reason !== 'string') return undefined;
    if (typeof readMember(view.input, 'wasClean') !== 'boolean') return undefined;
    if (!Number.isInteger(code) || code < 1000 || code > 4999) return undefined;
    const meaning = CLOSE_CODES.get(code) ?? m('internal', 'INTERNAL_ERROR');
    return decodedError({
      message: reason || `WebSocket closed with code ${code}`,
      category: meaning.category,
      code: meaning.code,
      retryable: meaning.retryable ?? CATEGORIES[meaning.category].retryable,
      retryAfterMs: undefined,
      details: { websocket: { code, reason } },
      wire: undefined,
      cause: view.input,
    });
  },
};

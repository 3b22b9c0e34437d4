import { expectTypeOf, test } from 'vitest';
import type { WebSocket as NodeWebSocket } from 'ws';
import type { WebSocketLike } from './websocket-transport.js';

test("the browser's WebSocket and ws's are WebSocketLike, without a cast", () => {
  expectTypeOf<WebSocket>().toExtend<WebSocketLike>();
  expectTypeOf<NodeWebSocket>().toExtend<WebSocketLike>();
});

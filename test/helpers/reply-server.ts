import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers on one path: a status, headers and a body, or its own handler. */
export type Reply =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | ((req: IncomingMessage, res: ServerResponse) => void);

/**
 * A node:http server on 127.0.0.1 (a free port) that answers each path as the test set it to:
 * the services' documented responses, for the real client libraries to turn into their errors.
 */
export interface ReplyServer {
  readonly url: string;
  /** Answer `path` with `reply` from now on; returns the full URL. */
  on(path: string, reply: Reply): string;
  close(): Promise<void>;
}

export async function startReplyServer(): Promise<ReplyServer> {
  const replies = new Map<string, Reply>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const reply = replies.get(path);
    if (reply === undefined) {
      res.writeHead(599);
      res.end(`no reply set for ${path}`);
      return;
    }
    // Read the request to its end first: clients that stream a body expect it taken.
    req.resume();
    req.on('end', () => {
      if (typeof reply === 'function') {
        reply(req, res);
        return;
      }
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        ...(typeof reply.body === 'object' ? { 'content-type': 'application/json' } : {}),
        ...reply.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    on(path, reply) {
      replies.set(path, reply);
      return url + path;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A 127.0.0.1 port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export { sse } from './sse.js';

/** A 200 `text/event-stream` reply carrying `text` (events built with {@link sse}). */
export const streamed = (text: string): Reply => ({
  status: 200,
  headers: { 'content-type': 'text/event-stream' },
  body: text,
});

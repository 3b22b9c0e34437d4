import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer the scripted server gives: a status, headers and a body (JSON unless a string). */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * A server on 127.0.0.1 (a free port) that answers every request with the answer set last, as a
 * provider's API answers: the SDKs under test point their base URL at it.
 */
export async function scriptedServer(): Promise<{
  url: string;
  answer: (next: ScriptedAnswer) => void;
  close: () => Promise<void>;
}> {
  let current: ScriptedAnswer = { status: 500, body: { error: { message: 'no answer set' } } };
  const server = createServer((request, response) => {
    request.resume();
    const { status, headers = {}, body } = current;
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? {});
    const type = typeof body === 'string' ? 'text/plain' : 'application/json';
    response.writeHead(status, { 'content-type': type, ...headers });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answer: (next) => {
      current = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What `run` rejects with; throws when it resolves. */
export async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

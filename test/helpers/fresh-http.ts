// What the fresh HTTP case files share: one reply server per file, a fresh path per case, and
// the replies the services and the broken servers answer with.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll } from 'vitest';
import { decodeResponseError } from 'agent-errors';
import { freshCases, reading, rejected } from './fresh-cases.js';
import type { Careful, FreshCase } from './fresh-cases.js';
import { closedPort, sse, startReplyServer, streamed } from './reply-server.js';
import { anthropicMessageStart } from './sse.js';
import type { Reply, ReplyServer } from './reply-server.js';

/** A file's reply server: started before its tests, closed after them. */
export interface FreshServer {
  /** A fresh path answering `reply`, its full URL. */
  answer(reply: Reply): string;
  /** A fresh base URL whose `sub` path answers `reply` (an SDK appends its own path). */
  base(sub: string, reply: Reply): string;
  /** The server's root URL, with `path` itself answering `reply` (an SDK whose paths are fixed). */
  at(path: string, reply: Reply): string;
}

/** The reply server of the calling test file, its paths under `/<prefix>-<n>`. */
export function freshServer(prefix: string): FreshServer {
  let server: ReplyServer | undefined;
  beforeAll(async () => {
    server = await startReplyServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  let paths = 0;
  const started = (): ReplyServer => {
    if (server === undefined) throw new Error('the reply server starts before the tests');
    return server;
  };
  return {
    answer: (reply) => started().on(`/${prefix}-${(paths += 1)}`, reply),
    base(sub, reply) {
      const path = `/${prefix}-${(paths += 1)}`;
      started().on(`${path}${sub}`, reply);
      return started().url + path;
    },
    at(path, reply) {
      started().on(path, reply);
      return started().url;
    },
  };
}

/** A JSON reply: `status`, the body, extra headers. */
export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  headers,
  body,
});

/** A plain-text or HTML reply (a gateway's page, not the service's JSON). */
export const text = (
  status: number,
  body: string,
  headers: Record<string, string> = {},
): Reply => ({ status, headers: { 'content-type': 'text/html', ...headers }, body });

/**
 * The base URL of a 127.0.0.1 port nothing listens on, found before the calling file's tests
 * (for the refused connections): read it inside a test.
 */
export function refusedPort(): { readonly url: string } {
  const port = { url: '' };
  beforeAll(async () => {
    port.url = `http://127.0.0.1:${await closedPort()}`;
  });
  return port;
}

/** An OpenAI-style `{ error: { message, type, param, code } }` body. */
export const oaiError = (
  message: string,
  type: string | null,
  code: string | number | null = null,
) => ({ error: { message, type, param: null, code } });

/** Headers now, then nothing for `ms` (a server slow to finish its answer). */
export const late =
  (ms: number): Reply =>
  (_req, res) => {
    const timer = setTimeout(() => res.end('late'), ms);
    res.on('close', () => clearTimeout(timer));
  };

/** Headers and part of the body at once, the rest never (the socket cut `ms` later). */
export const stalledBody =
  (ms: number): Reply =>
  (_req, res) => {
    res.writeHead(200, { 'content-length': '100' });
    res.write('0123456789');
    const timer = setTimeout(() => res.destroy(), ms);
    res.on('close', () => clearTimeout(timer));
  };

/** No answer at all for `ms` (then an empty 200). */
export const silent =
  (ms: number): Reply =>
  (_req, res) => {
    const timer = setTimeout(() => {
      res.writeHead(200);
      res.end();
    }, ms);
    res.on('close', () => clearTimeout(timer));
  };

/** A server that cuts the connection before answering. */
export const hangUp: Reply = (req) => req.socket.destroy();

/**
 * What the provider SDKs' own stream parsers end with on a stream that fails, each stream served
 * under a fresh `base` path: the OpenAI SDK's Responses stream (the error thrown, else the last
 * event), its chat stream with an `{ error }` chunk, @google/genai's stream with a
 * `google.rpc.Status` chunk, Anthropic's Messages stream with a mid-stream `event: error`.
 */
export function providerStreams(base: FreshServer['base']) {
  return {
    responsesEvents: (events: string) => async (): Promise<unknown> => {
      const client = new OpenAI({
        baseURL: base('/responses', streamed(events)),
        apiKey: 'k',
        maxRetries: 0,
      });
      let last: unknown;
      try {
        const stream = await client.responses.create({ model: 'gpt-5', input: 'hi', stream: true });
        for await (const event of stream) last = event;
      } catch (error) {
        return error;
      }
      return last;
    },
    chatStreamError: (error: Record<string, unknown>) => () => {
      const reply = streamed(
        sse(undefined, { id: 'c1', object: 'chat.completion.chunk', choices: [], error }),
      );
      const client = new OpenAI({
        baseURL: base('/chat/completions', reply),
        apiKey: 'k',
        maxRetries: 0,
      });
      return rejected(async () => {
        const stream = await client.chat.completions.create({
          model: 'm',
          messages: [{ role: 'user', content: 'hi' }],
          stream: true,
        });
        for await (const chunk of stream) void chunk;
      });
    },
    /** What the Anthropic SDK throws when a Messages stream sends `event: error` after it began. */
    anthropicMidStream: (type: string, message: string) => () => {
      const reply = streamed(
        anthropicMessageStart + sse('error', { type: 'error', error: { type, message } }),
      );
      const client = new Anthropic({
        apiKey: 'k',
        baseURL: base('/v1/messages', reply),
        maxRetries: 0,
      });
      return rejected(async () => {
        const stream = client.messages.stream({
          model: 'claude',
          max_tokens: 10,
          messages: [{ role: 'user', content: 'hi' }],
        });
        for await (const event of stream) void event;
      });
    },
    geminiStream: (code: number, status: string, message: string, details?: unknown[]) => () => {
      const reply = streamed(
        sse(undefined, { error: { code, message, status, ...(details ? { details } : {}) } }),
      );
      const baseUrl = base('/v1beta/models/gemini-2.5-pro:streamGenerateContent', reply);
      const client = new GoogleGenAI({
        apiKey: 'k',
        httpOptions: { baseUrl, retryOptions: { attempts: 1 } },
      });
      return rejected(async () => {
        const stream = await client.models.generateContentStream({
          model: 'gemini-2.5-pro',
          contents: 'hi',
        });
        for await (const chunk of stream) void chunk;
      });
    },
  };
}

/** The OpenAI SDK's error for a chat completion served under a fresh `base` path with `reply`. */
export const openaiChat = (base: FreshServer['base']) => (reply: Reply) => (): Promise<unknown> => {
  const client = new OpenAI({
    baseURL: base('/chat/completions', reply),
    apiKey: 'k',
    maxRetries: 0,
  });
  return rejected(
    client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  );
};

/**
 * The cases of `family` as tests, each error read as a careful caller reads it: through
 * `decodeResponseError`, which reads the body a client's error holds unread (ky's `HTTPError`
 * keeps a fetch `Response`) and is `decode` for every other error.
 */
export const responseCases = (family: string, cases: readonly FreshCase[]): void =>
  freshCases(family, cases, async (error, careful) =>
    reading(await decodeResponseError(error), careful),
  );

/** One case: what it walks, how the error is built, the careful reading, a known miss. */
export const freshCase = (
  label: string,
  build: () => Promise<unknown>,
  careful: Careful,
  miss?: string,
): FreshCase => ({ label, build, careful, ...(miss === undefined ? {} : { miss }) });

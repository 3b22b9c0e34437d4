import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the scripted server: what it writes for one request. */
export type Answer = (res: ServerResponse, req: IncomingMessage) => void;

/** A request the server received: when (ms since the script started) and for which model. */
export interface Seen {
  readonly at: number;
  readonly model: string;
}

/** A chat completion saying `text`, as JSON or (when the request asked to stream) as SSE. */
export const completion =
  (text = 'hello'): Answer =>
  (res, req) => {
    const streamed = (req as IncomingMessage & { streamed?: boolean }).streamed === true;
    if (!streamed) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 0,
          model: 'gpt-test',
          choices: [
            { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    res.setHeader('content-type', 'text/event-stream');
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'gpt-test',
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    res.write(chunk({ role: 'assistant', content: text }, null));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  };

/** An error as OpenAI's API answers it: `{ error: { message, type, code } }`. */
export const openaiError =
  (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error }));
  };

/** The failures of the request-count table, as OpenAI sends them. */
export const answers = {
  rateLimited: openaiError(
    429,
    { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
    { 'retry-after': '1' },
  ),
  rateLimitedLong: openaiError(
    429,
    { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
    { 'retry-after': '120' },
  ),
  overloaded: openaiError(503, {
    message: 'The engine is currently overloaded, please try again later',
    type: 'server_error',
    code: null,
  }),
  outOfQuota: openaiError(429, {
    message: 'You exceeded your current quota, please check your plan and billing details.',
    type: 'insufficient_quota',
    code: 'insufficient_quota',
  }),
  badKey: openaiError(401, {
    message: 'Incorrect API key provided: sk-test.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  }),
  contextTooLong: openaiError(400, {
    message:
      "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
  }),
} satisfies Record<string, Answer>;

/** `answer`, written `ms` after the request arrived (a slow model). */
export const slow =
  (ms: number, answer: Answer): Answer =>
  (res, req) => {
    const timer = setTimeout(() => answer(res, req), ms);
    res.on('close', () => clearTimeout(timer));
  };

/**
 * A server on 127.0.0.1 (a free port) answering as OpenAI's chat completions API does: each
 * request gets the next answer of its script, then completions. It records each request's time
 * and model.
 */
export async function openaiScriptServer(script: readonly Answer[]) {
  const pending = [...script];
  const seen: Seen[] = [];
  const start = Date.now();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: { model?: unknown; stream?: unknown } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        // Not JSON: recorded with no model.
      }
      seen.push({
        at: Date.now() - start,
        model: typeof body.model === 'string' ? body.model : '',
      });
      (req as IncomingMessage & { streamed?: boolean }).streamed = body.stream === true;
      (pending.shift() ?? completion())(res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    seen,
    /** The models asked, in order. */
    models: () => seen.map((s) => s.model),
    /** Milliseconds between consecutive requests. */
    gaps: () => seen.slice(1).map((s, k) => s.at - seen[k]!.at),
    /** Resolves once `count` requests have arrived (polls for at most `ms`). */
    async received(count: number, ms = 5_000) {
      for (let waited = 0; seen.length < count; waited += 10) {
        if (waited >= ms)
          throw new Error(`expected ${count} requests within ${ms} ms, got ${seen.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How one call ended: the model's text, or what it rejected with. */
export type Outcome = { ok: true; text: string } | { ok: false; error: unknown };

/** One call measured against a fresh server: how it ended, the requests and their spacing. */
export interface Measured {
  readonly outcome: Outcome;
  readonly requests: number;
  readonly gaps: readonly number[];
}

// The slow model answers after SLOW_MODEL_MS; the governor's attempt gives up after
// SLOW_ATTEMPT_TIMEOUT_MS and its second attempt is answered at once. Both are wide: on a machine
// whose cores are busy, a prompt local answer can take several hundred milliseconds, and the
// second attempt must still beat the timeout. The other rows' SDK waits (2 s, then 4 s) last
// longer than the slow answer, so the width costs the test no time.
const SLOW_MODEL_MS = 3_000;
const SLOW_ATTEMPT_TIMEOUT_MS = 1_500;

/**
 * Each row's script measured twice at once — with the SDK's own loop (`measure(script)`) and with
 * the governor (`measure(script, governor)`; the slow model's row adds an attempt timeout)
 * — each run against a server of its own: the runs per row, and the table of request counts and
 * outcomes (`[requests, ok]`) the tests compare.
 */
export async function measureBothWays<Row extends string, Options extends object>(
  rows: Record<Row, readonly Answer[]>,
  governor: Options,
  measure: (script: readonly Answer[], governor?: Options) => Promise<Measured>,
) {
  const names = Object.keys(rows) as Row[];
  const runs = await Promise.all(
    names.flatMap((row) => [
      measure(rows[row]),
      measure(
        rows[row],
        row === 'slowModel' ? { ...governor, attemptTimeoutMs: SLOW_ATTEMPT_TIMEOUT_MS } : governor,
      ),
    ]),
  );
  const bare = {} as Record<Row, Measured>;
  const governed = {} as Record<Row, Measured>;
  const table = {} as Record<Row, { sdk: [number, boolean]; governor: [number, boolean] }>;
  names.forEach((row, k) => {
    const [sdk, ours] = [runs[2 * k]!, runs[2 * k + 1]!];
    bare[row] = sdk;
    governed[row] = ours;
    table[row] = {
      sdk: [sdk.requests, sdk.outcome.ok],
      governor: [ours.requests, ours.outcome.ok],
    };
  });
  return { bare, governed, table };
}

/**
 * The failures of the request-count table both SDK adapters' tests measure, each as the script
 * of one server: what it answers before it answers with completions.
 */
export function failureRows() {
  const { rateLimited, rateLimitedLong, overloaded, outOfQuota, badKey, contextTooLong } = answers;
  return {
    rateLimited: [rateLimited],
    rateLimitedLong: [rateLimitedLong, rateLimitedLong, rateLimitedLong],
    overloaded503: [overloaded, overloaded],
    outOfQuota: [outOfQuota, outOfQuota, outOfQuota],
    badKey: [badKey, badKey, badKey],
    contextTooLong: [contextTooLong, contextTooLong, contextTooLong],
    slowModel: [slow(SLOW_MODEL_MS, completion('late'))],
  };
}

/** Resolves once `clock` has a timer of `ms` (the governor armed its wait); polls, bounded. */
export async function timerArmed(clock: { readonly delays: readonly number[] }, ms: number) {
  for (let k = 0; k < 200 && !clock.delays.includes(ms); k++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  if (!clock.delays.includes(ms)) throw new Error(`no timer of ${ms} ms was set within 1 s`);
}

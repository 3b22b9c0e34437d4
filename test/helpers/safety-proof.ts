// The generated safety proof: secret forms (data) × the contexts they arrive in × every way out ×
// where in the error they sit. Each way out is run and the text that crossed is scanned for any
// 6-character fragment of the secret. A new format is a sample in secret-samples.ts, a new context
// or way out one line below. `SAFETY_FULL=1` (or `node scripts/safety-proof.mjs`) runs the whole
// cross product; `npm test` runs a rotating sample that still meets every format, context and way.
import {
  InMemoryLogRecordExporter,
  LoggerProvider,
  SimpleLogRecordProcessor,
} from '@opentelemetry/sdk-logs';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { AgentError, PROTOCOLS, encode, serializeError, toJsonSafe } from 'agent-errors';
import { createHandler } from 'agent-errors/jsonrpc';
import { emitErrorLog, recordError, toLogFields } from 'agent-errors/otel';
import { retry } from 'agent-errors/retry';
import { toolErrorFunction, withAiToolErrors } from 'agent-errors/tool';
import { runCli } from '../../src/cli/main.js';
import { isRecord } from '../../src/core/is.js';
import {
  SECRET_FORMATS,
  SECRET_FORMAT_NAMES,
  formatPattern,
} from '../../src/core/secret-formats.js';
import type { SecretFormat } from '../../src/core/secret-formats.js';
import { ROADS } from './roads.js';
import { acpWrapped, idempotencyRecord, mcpWrapped, peerOverTcp } from './safety-proof-live.js';
import { FORMAT_SAMPLES } from './secret-samples.js';

// Secrets --------------------------------------------------------------------------------------

/** One secret: its text, and what of it may stay visible (a webhook's host). */
export interface Secret {
  readonly name: string;
  readonly value: string;
  /** Whether it says what it is (a token format), so it is found without a key in front. */
  readonly selfIdentifying: boolean;
  /** Whether it is found glued to a preceding word. */
  readonly glued: boolean;
  readonly kept: string;
}

function keptHead(value: string, format: SecretFormat): string {
  const at = Math.max(0, value.search(formatPattern(format)));
  return value.slice(0, at + (format.keep?.exec(value.slice(at))?.[0].length ?? 0));
}

/** Every token format's sample, and one secret that only its context gives away. */
export const SECRETS: readonly Secret[] = [
  ...SECRET_FORMATS.map((format, i) => {
    const name = SECRET_FORMAT_NAMES[i] as string;
    const value = FORMAT_SAMPLES[name] as string;
    return {
      name,
      value,
      selfIdentifying: true,
      glued: format.glued,
      // What stays: text before the match (a webhook's `https://`) and the format's visible head.
      kept: keptHead(value, format),
    };
  }),
  {
    name: 'plain password',
    value: 'Zq8hunter2Pw9xRk',
    selfIdentifying: false,
    glued: false,
    kept: '',
  },
];

/** The 6-character windows of a secret that must not cross (none of its visible head). */
export function fragments(secret: Secret): string[] {
  const body = secret.value.slice(secret.kept.length);
  const out = new Set<string>();
  for (let i = 0; i + 6 <= body.length; i++) {
    const window = body.slice(i, i + 6);
    // Framing that is no secret: a PEM line of dashes, white space, quotes and escapes.
    if (/[\s"'\\]|-----/.test(window)) continue;
    out.add(window);
  }
  return [...out];
}

// Contexts -------------------------------------------------------------------------------------

/** Where the planted form goes: the message (or a text in details or a cause), or the details. */
export interface Planted {
  readonly text?: string;
  readonly details?: Record<string, unknown>;
}

/** One way a secret arrives. `keyed`: it names the secret, so any value is found. */
export interface Context {
  readonly name: string;
  readonly keyed: boolean;
  /** Only for formats found glued to a word. */
  readonly gluedOnly?: boolean;
  plant(secret: string): Planted;
}

const text = (name: string, keyed: boolean, make: (s: string) => string): Context => ({
  name,
  keyed,
  plant: (s) => ({ text: make(s) }),
});
const details = (name: string, make: (s: string) => Record<string, unknown>): Context => ({
  name,
  keyed: true,
  plant: (s) => ({ details: make(s) }),
});

export const CONTEXTS: readonly Context[] = [
  text('plain', false, (s) => `upstream said ${s} and stopped`),
  { ...text('glued to text', false, (s) => `ref${s}`), gluedOnly: true },
  text('JSON-escaped line', false, (s) => JSON.stringify(`first line\n${s}\nlast`).slice(1, -1)),
  text('URL-encoded query', true, (s) => `GET /v1?access_token=${encodeURIComponent(s)}&x=1`),
  text('JSON-escaped object', true, (s) =>
    JSON.stringify(JSON.stringify({ apiKey: s })).slice(1, -1),
  ),
  text(
    'Go-escaped query',
    true,
    (s) => `"url":"https://api.test/v1?a=1\\u0026token=${s}\\u0026b=2"`,
  ),
  text('XML element', true, (s) => `<Credentials><ApiKey>${s}</ApiKey></Credentials>`),
  // Families the round-3 fresh attack got through (test/helpers/fresh-attack.ts).
  text('.netrc entry', true, (s) => `machine api.test login ana password ${s}`),
  text('query percent-encoded twice', true, (s) => `next=%252F%253Fapi_key%253D${s}%2526x`),
  text('HTML-escaped JSON', true, (s) => `<pre>{&quot;api_key&quot;:&quot;${s}&quot;}</pre>`),
  text('HTML entity for =', true, (s) => `password&#61;${s}`),
  text('Ruby hash', true, (s) => `{:token => "${s}", :user => "ana"}`),
  text('PHP array', true, (s) => `array('password' => '${s}', 'user' => 'ana')`),
  text('mysql -p glued', true, (s) => `Command failed: mysql -u root -p${s} app`),
  text('-p flag', true, (s) => `exec: sshpass -p ${s} ssh deploy@host`),
  text('curl -u user:pass', true, (s) => `exec: curl -u ana:${s} https://api.test`),
  text('--password=', true, (s) => `exec: pg_dump --password=${s} app`),
  text('Authorization header line', true, (s) => `Authorization: Bearer ${s}\r\nAccept: */*`),
  text('x-api-key header line', true, (s) => `x-api-key: ${s}\nAccept: */*`),
  text('Ocp-Apim-Subscription-Key line', true, (s) => `Ocp-Apim-Subscription-Key: ${s}`),
  text('X-Auth-Key line (Cloudflare)', true, (s) => `X-Auth-Key: ${s}\nX-Auth-Email: a@b.test`),
  text('PRIVATE-TOKEN line (GitLab)', true, (s) => `PRIVATE-TOKEN: ${s}`),
  text('rawHeaders as text', true, (s) => `rawHeaders: [ 'Host', 'api', 'Authorization', '${s}' ]`),
  text('HAR entry as text', true, (s) => `{"name":"X-Functions-Key","value":"${s}"}`),
  details('header-name key', (s) => ({ headers: { 'x-goog-api-key': s, accept: 'json' } })),
  details('camelCase key', (s) => ({ request: { apiKey: s } })),
  details('vendor header key', (s) => ({ 'X-Shopify-Access-Token': s })),
  details('rawHeaders list', (s) => ({ rawHeaders: ['Host', 'api', 'Authorization', s] })),
  details('[name, value] pairs', (s) => ({ headers: [['X-Vault-Token', s]] })),
  details('HAR entries', (s) => ({ request: { headers: [{ name: 'Api-Key', value: s }] } })),
  details('Buffer under a secret key', (s) => ({ token: Buffer.from(s) })),
  details('Buffer anywhere', (s) => ({ payload: Buffer.from(s) })),
  details('typed array under a secret key', (s) => ({ secret: new TextEncoder().encode(s) })),
];

/** Numbers under secret keys: each key with a number no id or count would hold. */
export const NUMBER_KEYS = ['password', 'pin', 'otp', 'cvv', 'cvc', 'ssn', 'passcode'];
export const SECRET_NUMBER = 84736251;

// Positions ------------------------------------------------------------------------------------

const FILLER = 'the request was refused by the upstream service after retries; ';
function filler(length: number): string {
  return FILLER.repeat(Math.ceil(length / FILLER.length)).slice(0, length);
}

export const POSITIONS = ['message start', 'message middle', 'message end', 'details', 'cause'];

/** The error that carries `planted` at `position`. */
export function carrier(planted: Planted, position: string): unknown {
  const text = planted.text ?? 'validation failed';
  const long = filler(2_400);
  let message = 'validation failed';
  if (position === 'message start') message = `${text} ${long}`;
  if (position === 'message middle')
    message = `${long.slice(0, 1_200)} ${text} ${long.slice(1_200)}`;
  if (position === 'message end') message = `${long} ${text}`;
  const details: Record<string, unknown> = { ...planted.details };
  if (position === 'details' && planted.text !== undefined) details.note = `${long} ${text}`;
  const cause = position === 'cause' ? new Error(`${long} ${text}`) : undefined;
  return AgentError.validation(message, { details, cause });
}

// Ways out -------------------------------------------------------------------------------------

/** One way an error leaves: the text that crosses. */
export interface WayOut {
  readonly name: string;
  send(error: unknown): string | Promise<string>;
}

const RPC = ['jsonrpc', 'acp', 'mcp', 'lsp', 'a2a'] as const;
const quiet = { onError: () => {} };

function json(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const spans = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(spans)],
}).getTracer('safety-proof');
const logs = new InMemoryLogRecordExporter();
const logger = new LoggerProvider({
  processors: [new SimpleLogRecordProcessor({ exporter: logs })],
}).getLogger('safety-proof');

async function cli(args: string[]): Promise<string> {
  let out = '';
  const sink = { write: (t: string) => (out += t) };
  await runCli(args, { stdout: sink, stderr: sink });
  return out;
}

/** What the CLI is given: the error as a JSON-RPC error object, unredacted, as a peer sent it. */
function rawInput(error: unknown): string {
  const e = error as AgentError;
  // Bytes a peer sends arrive as text: a Buffer or typed array in the details goes in as its text.
  return JSON.stringify({ code: -32602, message: e.message, data: e.details }, (_key, value) => {
    if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer).toString();
    if (isRecord(value) && value.type === 'Buffer' && Array.isArray(value.data)) {
      return Buffer.from(value.data as number[]).toString();
    }
    return value as unknown;
  });
}

export const WAYS_OUT: readonly WayOut[] = [
  ...PROTOCOLS.map((p) => ({
    name: `encode ${p}`,
    send: (e: unknown) => json(encode(e, p, quiet)),
  })),
  {
    name: 'encode mcp toolResult',
    send: (e) => json(encode(e, 'mcp', { ...quiet, as: 'toolResult' })),
  },
  ...ROADS.map((road) => ({
    name: road.name,
    send: async (e: unknown) => json(await road.send(e, quiet)),
  })),
  ...RPC.map((protocol) => ({
    name: `createHandler ${protocol}`,
    send: async (e: unknown) => {
      const handler = createHandler({
        protocol,
        // The error as the code threw it, whatever it is.
        methods: { fail: () => Promise.reject(e) },
        ...quiet,
      });
      return (await handler.handle('{"jsonrpc":"2.0","id":1,"method":"fail"}')) ?? '';
    },
  })),
  ...PROTOCOLS.map((p) => ({
    name: `CLI convert --to ${p}`,
    send: (e: unknown) => cli(['convert', '--to', p, rawInput(e)]),
  })),
  { name: 'CLI explain', send: (e) => cli(['explain', rawInput(e)]) },
  { name: 'CLI explain --json', send: (e) => cli(['explain', '--json', rawInput(e)]) },
  {
    name: 'OTel span (recordError)',
    send: (e) => {
      spans.reset();
      const span = tracer.startSpan('op');
      recordError(span, e);
      span.end();
      const [s] = spans.getFinishedSpans();
      return json({ attributes: s?.attributes, status: s?.status, events: s?.events });
    },
  },
  {
    name: 'OTel log (emitErrorLog)',
    send: (e) => {
      logs.reset();
      emitErrorLog(logger, e);
      const [r] = logs.getFinishedLogRecords();
      return json({ body: r?.body, attributes: r?.attributes });
    },
  },
  { name: 'OTel toLogFields', send: (e) => json(toLogFields(e)) },
  {
    name: 'RetryError',
    send: async (e) => {
      const failed = await retry(() => Promise.reject(e), { maxAttempts: 1 }).catch(
        (x: unknown) => x,
      );
      const message = (failed as Error).message;
      return [
        message,
        json(failed),
        json(serializeError(failed)),
        json(encode(failed, 'jsonrpc', quiet)),
      ].join('\n');
    },
  },
  ...RPC.map((p) => ({ name: `peer over TCP (${p})`, send: (e: unknown) => peerOverTcp(p, e) })),
  ...(['v1', 'v2'] as const).flatMap((sdk) =>
    (['tool', 'wrapped tool', 'resource', 'prompt'] as const).map((road) => ({
      name: `MCP SDK ${sdk} withMcpErrors ${road}`,
      send: (e: unknown) => mcpWrapped(sdk, road, e),
    })),
  ),
  { name: 'ACP SDK withAcpErrors', send: (e) => acpWrapped(e) },
  { name: 'idempotency record in Redis', send: (e) => idempotencyRecord(e) },
  { name: 'JSON.stringify (toJSON)', send: (e) => JSON.stringify(e) },
  { name: 'serializeError', send: (e) => json(serializeError(e)) },
  { name: 'toJsonSafe', send: (e) => json(toJsonSafe(e)) },
  {
    name: 'AI SDK withAiToolErrors',
    send: async (e) => {
      const execute = withAiToolErrors(
        (): never => {
          throw e;
        },
        { as: 'result' },
      );
      const thrown = await Promise.resolve()
        .then(() =>
          withAiToolErrors((): never => {
            throw e;
          })(undefined, undefined),
        )
        .catch((x: unknown) => (x as Error).message);
      return `${json(execute(undefined, undefined))}\n${json(thrown)}`;
    },
  },
  {
    name: 'OpenAI Agents toolErrorFunction',
    send: (e) => toolErrorFunction()({}, e, { toolCall: { callId: 'c1', name: 'search' } }),
  },
];

// Running -----------------------------------------------------------------------------------

/** One leak: which secret, context, position and way out, and the fragment that crossed. */
export interface Leak {
  readonly secret: string;
  readonly context: string;
  readonly position: string;
  readonly way: string;
  readonly fragment: string;
}

/**
 * What crossed for one planted error: a fragment of the secret, or its bytes as numbers. A
 * fragment the context writes itself (`PRIVAT` of a `PRIVATE-TOKEN:` line and of a PEM key) is
 * the context's word, not the secret's.
 */
export function findLeak(bytes: string, secret: Secret, context?: Context): string | undefined {
  const framing = context === undefined ? '' : JSON.stringify(context.plant(''));
  for (const fragment of fragments(secret)) {
    if (bytes.includes(fragment) && !framing.includes(fragment)) return fragment;
  }
  const first = [...Buffer.from(secret.value).subarray(0, 6)].join(',');
  return bytes.includes(first) ? `bytes ${first}` : undefined;
}

/** The cases to try: every combination, or a rotating sample that meets each item of each axis. */
export function* cases(full: boolean): Generator<{
  secret: Secret;
  context: Context;
  position: string;
  way: WayOut;
}> {
  let turn = 0;
  for (const context of CONTEXTS) {
    const secrets = SECRETS.filter(
      (s) => (context.keyed || s.selfIdentifying) && (!context.gluedOnly || s.glued),
    );
    const positions = context.plant('x').text === undefined ? ['details'] : POSITIONS;
    for (const way of WAYS_OUT) {
      if (full) {
        for (const secret of secrets) {
          for (const position of positions) yield { secret, context, position, way };
        }
      } else {
        // Each (context, way) meets one secret and one position, turning through both lists.
        turn++;
        yield {
          secret: secrets[turn % secrets.length] as Secret,
          context,
          position: positions[turn % positions.length] as string,
          way,
        };
      }
    }
  }
}

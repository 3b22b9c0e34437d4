// The roads to the wire, and the values driven down them: a harness for the rule that one error
// gives the same bytes for a protocol whatever road it takes (docs/design.md, "One classifier,
// one road to the wire"). A road is a public function that sends an error in some protocol's
// form; its reference is `encode(x, protocol)`. A later road (a wrapper, a CLI command) adds one
// line to ROADS; a later family of inputs adds one source to `roadInputs`.
import { readFileSync } from 'node:fs';
import { RequestError as SdkRequestError } from '@agentclientprotocol/sdk';
import { ResponseError as VscodeResponseError } from 'vscode-jsonrpc';
import { AgentError, ERROR_CATEGORIES, encode } from 'agent-errors';
import type { EncodeOptions, Protocol } from 'agent-errors';
import { toSdkRequestError, toRequestError } from 'agent-errors/acp';
import { toFetchResponse, toHttpResponse } from 'agent-errors/http';
import { toResponseError, toSdkResponseError } from 'agent-errors/lsp';
import { McpError, toCallToolResult, toMcpError } from 'agent-errors/mcp';
import { MCP_ERROR_REASONS } from '../../src/dialects/mcp/mcp-error.js';
import { RequestError } from 'agent-errors/acp';
import { ToolError } from 'agent-errors/tool';
import { ARCP_ERROR_CODES, createARCPError } from 'agent-errors/arcp';
import { build as buildRecipe } from '../../scripts/fixtures/sdk-recipes.mjs';

/** What every road is called with: the reference and the road must see the same options. */
export type RoadOptions = Pick<EncodeOptions, 'onError'>;

/** One road to the wire: `send` gives what goes out, `reference` what `encode` gives for it. */
export interface Road {
  /** The public name of the road, e.g. `'toHttpResponse'`. */
  readonly name: string;
  readonly protocol: Protocol;
  /** The wire form this road produces, as a JSON value (a class instance read as it sends itself). */
  send(error: unknown, options: RoadOptions): unknown;
  /** The same form from the one encoder. */
  reference(error: unknown, options: RoadOptions): unknown;
}

/** A fetch `Response` as the JSON value of what it sends: status, headers and the parsed body. */
async function responseJson(response: Response): Promise<unknown> {
  return {
    status: response.status,
    headers: Object.fromEntries([...response.headers].sort(([a], [b]) => a.localeCompare(b))),
    body: JSON.parse(await response.text()) as unknown,
  };
}

/** An HTTP answer in the same form as {@link responseJson} (headers by name, as fetch lists them). */
function httpJson(answer: {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}): unknown {
  return {
    status: answer.status,
    headers: Object.fromEntries(
      Object.entries(answer.headers)
        .map(([k, v]) => [k.toLowerCase(), v] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
    body: answer.body,
  };
}

/** The JSON-RPC error object a class instance carries, as its SDK sends it. */
function rpcJson(error: { code: number; message: string; data?: unknown }): unknown {
  return error.data === undefined
    ? { code: error.code, message: error.message }
    : { code: error.code, message: error.message, data: error.data };
}

/** A road whose helper returns a JSON-RPC error class: `sent` reads the object it sends. */
function rpcRoad(
  name: string,
  protocol: 'acp' | 'mcp' | 'lsp',
  sent: (error: unknown, options: RoadOptions) => { code: number; message: string; data?: unknown },
): Road {
  return {
    name,
    protocol,
    send: (e, o) => rpcJson(sent(e, o)),
    reference: (e, o) => rpcJson(encode(e, protocol, o)),
  };
}

/** Every public road to the wire except `encode` itself, one line each. */
export const ROADS: readonly Road[] = [
  rpcRoad('toRequestError', 'acp', (e, o) => toRequestError(e, o).toErrorResponse()),
  rpcRoad('toSdkRequestError (@agentclientprotocol/sdk)', 'acp', (e, o) =>
    toSdkRequestError(e, SdkRequestError, o).toErrorResponse(),
  ),
  rpcRoad('toMcpError', 'mcp', (e, o) => toMcpError(e, o).toJsonRpc()),
  {
    name: 'toCallToolResult',
    protocol: 'mcp',
    send: (e, o) => toCallToolResult(e, o),
    reference: (e, o) => encode(e, 'mcp', { ...o, as: 'toolResult' }),
  },
  rpcRoad('toResponseError', 'lsp', (e, o) => toResponseError(e, o).toJson()),
  rpcRoad('toSdkResponseError (vscode-jsonrpc)', 'lsp', (e, o) =>
    toSdkResponseError(e, VscodeResponseError, o).toJson(),
  ),
  {
    name: 'toHttpResponse',
    protocol: 'http',
    send: (e, o) => httpJson(toHttpResponse(e, o)),
    reference: (e, o) => httpJson(encode(e, 'http', o)),
  },
  {
    name: 'toFetchResponse',
    protocol: 'http',
    send: (e, o) => responseJson(toFetchResponse(e, o)),
    reference: (e, o) => httpJson(encode(e, 'http', o)),
  },
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * What a road sent, as the text that crosses the wire, with every random errorId replaced by
 * `<errorId>` (each call draws a fresh one).
 */
export async function wireText(sent: unknown): Promise<string> {
  const value: unknown = await sent;
  return (typeof value === 'string' ? value : JSON.stringify(value)).replace(UUID, '<errorId>');
}

/** One value driven down every road; `id` names it in a failure. */
export interface RoadInput {
  readonly id: string;
  readonly value: unknown;
}

interface Fixture {
  id: string;
  input?: unknown;
  recipe?: unknown;
}

function fixture(name: string): Fixture[] {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'),
  ) as Fixture[];
}

/** Every corpus entry's input (`test/fixtures/corpus.json`). */
export function corpusInputs(): RoadInput[] {
  return fixture('corpus.json').map((e) => ({ id: `corpus ${e.id}`, value: e.input }));
}

/**
 * Every client-library error instance of `test/fixtures/sdk-instances.json`, rebuilt with the
 * real package (its constructor or factory, or the library failing against 127.0.0.1).
 */
export async function sdkInstanceInputs(): Promise<RoadInput[]> {
  const build = buildRecipe as (recipe: unknown) => Promise<unknown>;
  const out: RoadInput[] = [];
  for (const e of fixture('sdk-instances.json')) {
    out.push({ id: `sdk ${e.id}`, value: await build(e.recipe) });
  }
  return out;
}

const SYSTEM_CODES = ['ENOENT', 'EACCES', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'];

/**
 * Thrown values generated across their forms: an `AgentError` of every category with and without
 * `retryAfterMs` (and with details, and with a user's own `details.unexpected` / `errorId`),
 * plain `Error`s, Node system errors, aggregates, aborts and timeouts, strings and non-errors,
 * and the marked copies `toAgentError` makes of them.
 */
export function generatedInputs(): RoadInput[] {
  const out: RoadInput[] = [];
  for (const category of ERROR_CATEGORIES) {
    out.push({
      id: `AgentError ${category}`,
      value: new AgentError(`${category} happened`, { category }),
    });
    out.push({
      id: `AgentError ${category} retryAfterMs`,
      value: new AgentError(`${category} happened, wait`, { category, retryAfterMs: 1_500 }),
    });
    out.push({
      id: `AgentError ${category} details`,
      value: new AgentError(`${category} with details`, {
        category,
        code: `APP_${category.toUpperCase()}`,
        details: { resource: 'file:///tmp/x', unexpected: true, errorId: 'user-id-1' },
      }),
    });
    out.push({
      id: `AgentError ${category} marked`,
      value: new AgentError(`${category} marked`, { category, unexpected: true }),
    });
  }
  out.push({ id: 'Error', value: new Error('db password=hunter2 at /srv/app/db.js') });
  out.push({ id: 'TypeError', value: new TypeError('Cannot read properties of undefined') });
  for (const code of SYSTEM_CODES) {
    out.push({
      id: `system ${code}`,
      value: Object.assign(new Error(`${code}: failed, open '/home/u/secret.txt'`), {
        code,
        errno: -2,
        syscall: 'open',
        path: '/home/u/secret.txt',
      }),
    });
  }
  out.push({
    id: 'AggregateError',
    value: new AggregateError([new Error('a'), new Error('b')], 'both failed'),
  });
  out.push({
    id: 'AbortError',
    value: new DOMException('The operation was aborted', 'AbortError'),
  });
  out.push({
    id: 'TimeoutError',
    value: new DOMException('The operation timed out', 'TimeoutError'),
  });
  out.push({ id: 'string', value: 'something broke: token=abc123' });
  out.push({ id: 'number', value: 42 });
  out.push({ id: 'null', value: null });
  out.push({ id: 'undefined', value: undefined });
  return out;
}

/** Which seed system a {@link seedInputs} value comes from. */
export type SeedSystem = 'acp' | 'tool' | 'mcp' | 'arcp' | 'hub';

/** A seed class instance, with the system whose class it is. */
export interface SeedInput extends RoadInput {
  readonly system: SeedSystem;
}

/**
 * One instance of every seed class (docs/conversions.md), built with its own factories and no
 * secret in it: ACP's `RequestError` of every factory (seeds 000, 001), opentabs' `ToolError` of
 * every factory and with no category, with and without a delay (002), Hermes' `McpError` of
 * every constructor and every reason (003), all fifteen ARCP classes (004), and the hub's
 * `AgentError` of every category, with and without `retryAfterMs`.
 */
export function seedInputs(): SeedInput[] {
  const out: SeedInput[] = [];
  const add = (system: SeedSystem, id: string, value: unknown) =>
    out.push({ system, id: `${system} ${id}`, value });
  add('acp', 'parseError', RequestError.parseError());
  add('acp', 'invalidRequest', RequestError.invalidRequest({ field: 'id' }));
  add('acp', 'methodNotFound', RequestError.methodNotFound('session/fly'));
  add('acp', 'invalidParams', RequestError.invalidParams({ field: 'sessionId' }));
  add('acp', 'invalidParams(additionalMessage)', RequestError.invalidParams(undefined, 'cwd'));
  add('acp', 'internalError', RequestError.internalError());
  add('acp', 'requestCancelled', RequestError.requestCancelled());
  add('acp', 'authRequired', RequestError.authRequired());
  add('acp', 'resourceNotFound(uri)', RequestError.resourceNotFound('file:///tmp/a.txt'));
  add('acp', 'resourceNotFound()', RequestError.resourceNotFound());
  add('acp', 'sessionNotFound', RequestError.sessionNotFound('sess_1'));
  add('acp', 'unsupportedProtocolVersion', RequestError.unsupportedProtocolVersion(9, [1]));
  add('acp', 'custom code', new RequestError(-32001, 'Custom error', { detail: 'explanation' }));
  add('tool', 'auth', ToolError.auth('Not logged in'));
  add('tool', 'notFound', ToolError.notFound('User "42" not found', 'USER_NOT_FOUND'));
  add('tool', 'rateLimited', ToolError.rateLimited('Rate limited by Slack API'));
  add('tool', 'rateLimited(2000)', ToolError.rateLimited('Rate limited by Slack API', 2000));
  add('tool', 'validation', ToolError.validation('Channel name cannot be empty'));
  add('tool', 'timeout', ToolError.timeout('Dashboard took too long to load'));
  add('tool', 'internal', ToolError.internal('Unexpected response format from API'));
  add('tool', 'no category', new ToolError('Export exceeds 10,000 rows', 'EXPORT_TOO_LARGE'));
  add(
    'tool',
    'no category, retryable, retryAfterMs',
    new ToolError('Queue full', 'QUEUE_FULL', { retryable: true, retryAfterMs: 750 }),
  );
  add('mcp', 'parseError', McpError.parseError());
  add('mcp', 'invalidRequest', McpError.invalidRequest());
  add('mcp', 'methodNotFound', McpError.methodNotFound({ method: 'tools/fly' }));
  add('mcp', 'invalidParams', McpError.invalidParams({ param: 'name' }));
  add('mcp', 'internalError', McpError.internalError());
  add('mcp', 'resourceNotFound', McpError.resourceNotFound({ uri: 'file:///tmp/a' }));
  add('mcp', 'domainError', McpError.domainError({ message: 'Order 7 not found' }));
  add('mcp', 'execution', McpError.execution('Tool crashed', { tool: 'export' }));
  for (const reason of ['connection_refused', 'connection_closed', 'send_failure']) {
    add('mcp', `transportError(${reason})`, McpError.transportError(reason));
  }
  for (const reason of ['request_timeout', 'request_cancelled']) {
    add('mcp', `clientError(${reason})`, McpError.clientError(reason));
  }
  for (const reason of MCP_ERROR_REASONS) {
    add('mcp', `new McpError(-32000, ${reason})`, new McpError({ code: -32000, reason }));
  }
  for (const code of ARCP_ERROR_CODES) {
    const error = createARCPError(code, `${code} happened`);
    add('arcp', error.name, error);
  }
  for (const category of ERROR_CATEGORIES) {
    add('hub', category, new AgentError(`${category} happened`, { category }));
    add(
      'hub',
      `${category} retryAfterMs`,
      new AgentError(`${category} happened, wait`, { category, retryAfterMs: 1_500 }),
    );
  }
  return out;
}

/** A failure of one road for one input: what the road sent, and what `encode` sent. */
export interface RoadMismatch {
  readonly road: string;
  readonly input: string;
  readonly sent: string;
  readonly reference: string;
}

/**
 * Drive every input down every road, comparing each road's bytes (errorIds replaced) with
 * `encode`'s for the same protocol. Returns the mismatches (none when the roads are one) and the
 * number of comparisons made.
 */
export async function runRoads(
  inputs: readonly RoadInput[],
  roads: readonly Road[] = ROADS,
  options: RoadOptions = { onError: () => {} },
): Promise<{ compared: number; mismatches: RoadMismatch[] }> {
  const mismatches: RoadMismatch[] = [];
  let compared = 0;
  for (const road of roads) {
    for (const input of inputs) {
      const sent = await wireText(road.send(input.value, options));
      const reference = await wireText(road.reference(input.value, options));
      compared++;
      if (sent !== reference)
        mismatches.push({ road: road.name, input: input.id, sent, reference });
    }
  }
  return { compared, mismatches };
}

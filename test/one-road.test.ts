// One road to the wire: every per-protocol helper gives, byte for byte (errorIds aside), what
// `encode(x, protocol)` gives, for every corpus entry, every client-library instance built with
// the real package, and generated thrown values; `decode` and `toAgentError` agree on the same
// inputs; and no key a user puts in `details` changes what is sent.
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AgentError,
  PROTOCOLS,
  decode,
  encode,
  toAgentError,
  toExposableError,
} from 'agent-errors';
import { toFetchResponse, toHttpResponse } from 'agent-errors/http';
import { toCallToolResult, toMcpError } from 'agent-errors/mcp';
import { toRequestError } from 'agent-errors/acp';
import { toResponseError } from 'agent-errors/lsp';
import {
  ROADS,
  corpusInputs,
  generatedInputs,
  runRoads,
  sdkInstanceInputs,
  wireText,
} from './helpers/roads.js';
import type { RoadInput } from './helpers/roads.js';

let inputs: RoadInput[];

beforeAll(async () => {
  inputs = [...corpusInputs(), ...(await sdkInstanceInputs()), ...generatedInputs()];
}, 60_000);

const quiet = { onError: () => {} };

describe('every per-protocol helper is encode(x, protocol)', () => {
  it('covers the helpers of every protocol that has one', () => {
    expect(new Set(ROADS.map((r) => r.protocol))).toEqual(new Set(['acp', 'mcp', 'lsp', 'http']));
    expect(inputs.length).toBeGreaterThan(500);
  });

  it.each(ROADS.map((road) => [road.name, road] as const))('%s', async (_name, road) => {
    const { compared, mismatches } = await runRoads(inputs, [road]);
    expect(compared).toBe(inputs.length);
    expect(mismatches).toEqual([]);
  });
});

describe('decode and toAgentError agree on the same inputs', () => {
  it('category, code, retryability, delay and the exposure mark', () => {
    const verdict = (e: AgentError) => [
      e.category,
      e.code,
      e.retryable,
      e.retryAfterMs,
      e.unexpected,
    ];
    for (const { id, value } of inputs) {
      expect(verdict(toAgentError(value)), id).toEqual(verdict(decode(value)));
    }
  });
});

describe("an SDK's 429 leaves every road as a 429 that says when", () => {
  // Built as the OpenAI SDK builds it from a response (APIError.generate).
  const rateLimited = OpenAI.APIError.generate(
    429,
    { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
    'Rate limit reached',
    new Headers({ 'retry-after': '7' }),
  );

  it('toHttpResponse and toFetchResponse say 429, retry-after: 7, x-should-retry: true', async () => {
    const answer = toHttpResponse(rateLimited, quiet);
    expect([
      answer.status,
      answer.headers['retry-after'],
      answer.headers['x-should-retry'],
    ]).toEqual([429, '7', 'true']);
    const response = toFetchResponse(rateLimited, quiet);
    expect([response.status, response.headers.get('retry-after')]).toEqual([429, '7']);
    expect(await wireText(answer)).toBe(await wireText(encode(rateLimited, 'http', quiet)));
  });

  it('the JSON-RPC helpers and the tool result keep rate_limit, retryable and the delay', () => {
    const sent = [
      decode(toRequestError(rateLimited, quiet).toErrorResponse(), { protocol: 'acp' }),
      decode(toMcpError(rateLimited, quiet).toJsonRpc(), { protocol: 'mcp' }),
      decode(toResponseError(rateLimited, quiet).toJson(), { protocol: 'lsp' }),
      decode(toCallToolResult(rateLimited, quiet), { protocol: 'mcp' }),
    ];
    for (const e of sent) {
      expect([e.category, e.retryable, e.retryAfterMs, e.message]).toEqual([
        'rate_limit',
        true,
        7_000,
        'Rate limited',
      ]);
    }
    expect(toExposableError(rateLimited, quiet)).toMatchObject({
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 7_000,
    });
  });

  it('a decoder passed as an option is the one used', () => {
    const decoder = { toAgentError: () => AgentError.timeout('read by my decoder') };
    const answer = toHttpResponse(rateLimited, { ...quiet, decoder });
    expect([answer.status, answer.body.category, answer.body.detail]).toEqual([
      504,
      'timeout',
      'read by my decoder',
    ]);
  });
});

describe("the hub's own state is in fields of its own", () => {
  const written = () =>
    new AgentError('The user wrote this', {
      category: 'not_found',
      details: { unexpected: true, errorId: 'x', resource: 'file:///tmp/a' },
    });

  it.each(PROTOCOLS.map((p) => [p]))(
    "a user's details.unexpected and details.errorId change nothing in %s",
    (protocol) => {
      const sent = encode(written(), protocol, quiet);
      const back = decode(sent, { protocol });
      expect(back.message).toBe('The user wrote this');
      expect(back.category).toBe('not_found');
      // gRPC sends details only as typed entries; every other protocol carries them as written.
      if (protocol !== 'grpc') {
        expect(back.details).toEqual({ unexpected: true, errorId: 'x', resource: 'file:///tmp/a' });
      }
    },
  );

  it('the mark and the errorId survive structuredClone, JSON and serializeError', () => {
    const marked = toAgentError(new Error('db password=hunter2'));
    const shown = toExposableError(marked, quiet) as AgentError;
    expect([marked.unexpected, marked.details]).toEqual([true, undefined]);
    expect(shown.errorId).toEqual(expect.any(String));
    for (const copy of [
      structuredClone(marked),
      decode(JSON.parse(JSON.stringify(marked))),
      toAgentError(JSON.parse(JSON.stringify(marked))),
    ]) {
      expect(copy.unexpected).toBe(true);
      expect(encode(copy, 'jsonrpc', quiet).message).toBe('Internal error');
    }
    for (const copy of [structuredClone(shown), decode(JSON.parse(JSON.stringify(shown)))]) {
      expect(copy.errorId).toBe(shown.errorId);
    }
  });

  it.each(PROTOCOLS.map((p) => [p]))(
    'the errorId reaches the peer in %s, in the wire shape a client quotes',
    (protocol) => {
      const ids: string[] = [];
      const sent = encode(new Error('boom'), protocol, { onError: (_e, id) => ids.push(id) });
      const text = typeof sent === 'string' ? sent : JSON.stringify(sent);
      expect(ids).toHaveLength(1);
      expect(text).toContain(`"errorId":"${ids[0]!}"`);
      if (protocol !== 'grpc') expect(decode(sent, { protocol }).details?.errorId).toBe(ids[0]);
    },
  );
});

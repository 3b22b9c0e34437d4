import { request as httpRequest } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { ApiError } from '@google/genai';
import { McpError as SdkMcpError } from '@modelcontextprotocol/sdk/types.js';
import axios from 'axios';
import got from 'got';
import ky from 'ky';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { statusMeaning } from 'agent-errors/http';
import { runCli } from '../src/cli/main.js';
import { rejection, scriptedServer } from './helpers/provider-server.js';
import type { ScriptedAnswer } from './helpers/provider-server.js';

// `explain` on what people paste: the printed form (`String(err)`) of the SDKs' and client
// libraries' errors, built by the libraries themselves, and a `curl -i` response. It must read
// them as the error itself reads.

async function explainJson(text: string): Promise<{
  recognised: { protocol: string | null; form: string; wireCode?: number | string };
  category: string;
  retryable: boolean;
  retryAfterMs?: number;
}> {
  let out = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
  const code = await runCli(['explain', '--json', text], io);
  expect(code).toBe(0);
  return JSON.parse(out) as never;
}

async function explainText(text: string): Promise<string> {
  let out = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
  await runCli(['explain', text], io);
  return out;
}

let server: Awaited<ReturnType<typeof scriptedServer>>;
beforeAll(async () => {
  server = await scriptedServer();
});
afterAll(() => server.close());

const bodies: readonly (readonly [number, unknown])[] = [
  [
    400,
    {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'Your credit balance is too low to access the Anthropic API.',
      },
    },
  ],
  [
    401,
    {
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    },
  ],
  [
    404,
    {
      error: {
        message: 'The model does not exist',
        type: 'invalid_request_error',
        code: 'model_not_found',
      },
    },
  ],
  [
    429,
    {
      error: {
        message: 'You exceeded your current quota',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    },
  ],
  [
    429,
    { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
  ],
  [500, { type: 'error', error: { type: 'api_error', message: 'Internal server error' } }],
  [529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
];

describe('explain reads the printed form of SDK errors as the errors themselves read', () => {
  it.each(bodies)('openai and @anthropic-ai/sdk APIError %i', async (status, body) => {
    for (const error of [
      OpenAI.APIError.generate(status, body as never, undefined, new Headers()),
      Anthropic.APIError.generate(status, body as never, undefined, new Headers()),
    ]) {
      const printed = String(error);
      const report = await explainJson(printed);
      const e = decode(error);
      expect([printed, report.category, report.retryable]).toEqual([
        printed,
        e.category,
        e.retryable,
      ]);
      expect(report.recognised.form).toContain('printed form');
    }
  });

  it("@google/genai's ApiError and the MCP SDK's McpError", async () => {
    const google = new ApiError({
      message: JSON.stringify({
        error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' },
      }),
      status: 429,
    });
    for (const error of [
      google,
      new SdkMcpError(-32001, 'Request timed out', { timeout: 100 }),
      new SdkMcpError(-32602, 'Invalid arguments for tool book'),
      new SdkMcpError(-32002, 'Resource not found'),
    ]) {
      const printed = String(error);
      const report = await explainJson(printed);
      const e = decode(error);
      expect([printed, report.category, report.retryable]).toEqual([
        printed,
        e.category,
        e.retryable,
      ]);
    }
  });

  it('axios, got and ky errors from a real 127.0.0.1 response: their printed status', async () => {
    for (const status of [404, 429, 503]) {
      server.answer({ status, body: { message: 'x' } });
      const url = `${server.url}/thing`;
      const thrown = [
        await rejection(() => axios.get(url)),
        await rejection(() => got(url, { retry: { limit: 0 } })),
        await rejection(() => ky.get(url, { retry: 0 })),
      ];
      const meaning = statusMeaning(status);
      for (const error of thrown) {
        const printed = String(error);
        const report = await explainJson(printed);
        expect([printed, report.category, report.retryable]).toEqual([
          printed,
          meaning.category,
          meaning.retryable,
        ]);
      }
    }
  });
});

/** A response as `curl -i` prints it: the status line, the headers as sent, a blank line, the body. */
function curlI(answer: ScriptedAnswer): Promise<string> {
  server.answer(answer);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}/v1/messages`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const lines = [`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}`];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve(`${lines.join('\r\n')}\r\n\r\n${body}`);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('explain reads a pasted curl -i response', () => {
  it.each([
    [
      {
        status: 429,
        headers: { 'Retry-After': '7' },
        body: { error: { message: 'slow', type: 'rate_limit_error' } },
      },
      'rate_limit',
      7000,
    ],
    [
      {
        status: 529,
        headers: {},
        body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      },
      'unavailable',
      undefined,
    ],
    [
      { status: 503, headers: { 'Retry-After': '30' }, body: 'upstream down' },
      'unavailable',
      30_000,
    ],
    [
      {
        status: 402,
        headers: {},
        body: {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        },
      },
      'validation',
      undefined,
    ],
    [
      { status: 522, headers: { Server: 'cloudflare' }, body: 'error code: 522' },
      'timeout',
      undefined,
    ],
  ] as const)('%o', async (answer, category, wait) => {
    const pasted = await curlI(answer);
    const report = await explainJson(pasted);
    expect([report.category, report.retryAfterMs, report.recognised.protocol]).toEqual([
      category,
      wait,
      'http',
    ]);
    const retryAfter = Object.entries(answer.headers).find(
      ([name]) => name.toLowerCase() === 'retry-after',
    )?.[1];
    expect(report.recognised.form).toBe(
      `an HTTP response as curl -i or HTTPie print it: HTTP/1.1 ${answer.status}` +
        (retryAfter === undefined ? '' : ` with Retry-After: ${retryAfter}`),
    );
    // A redirect or 100 Continue printed before it is skipped.
    const continued = await explainJson(`HTTP/1.1 100 Continue\r\n\r\n${pasted}`);
    expect(continued.category).toBe(category);
  });
});

describe('explain names what it recognised in words', () => {
  it('no "wire code 0", a Google body as a Google body, plain text as text', async () => {
    const google = await explainText(
      '{"error":{"code":429,"message":"Quota","status":"RESOURCE_EXHAUSTED"}}',
    );
    expect(google).toContain('Recognised  Google API error body');
    expect(google).not.toContain('jsonrpc');
    const provider = await explainText(
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    );
    expect(provider).toContain('Recognised  provider API error body — read as an HTTP error');
    expect(provider).not.toMatch(/wire code 0|status 0/);
    const text = await explainText('upstream connection refused, giving up');
    expect(text).toMatch(/Recognised {2}plain text — /);
    expect(text).not.toContain('read as a tool error');
  });
});

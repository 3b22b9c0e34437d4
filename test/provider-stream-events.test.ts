import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import {
  createJsonErrorResponseHandler,
  postJsonToApi,
  createJsonResponseHandler,
} from '@ai-sdk/provider-utils';
import { streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decode } from 'agent-errors';
import { anthropicMessageStart, sse } from './helpers/sse.js';

// Failures that arrive mid-stream, as the SDKs yield or throw them: a 127.0.0.1 server streams
// what each provider documents, the SDK reads it, and decode takes what the SDK gives.

let events = '';
let status = 200;
let server: ReturnType<typeof createServer>;
let url = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    if (status !== 200) {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(events);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(events);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const created = sse('response.created', {
  type: 'response.created',
  sequence_number: 0,
  response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] },
});

/** Every event the OpenAI SDK yields for one Responses API stream. */
async function responsesEvents(): Promise<unknown[]> {
  const client = new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 });
  const stream = await client.responses.create({ model: 'gpt-5', input: 'hi', stream: true });
  const seen: unknown[] = [];
  for await (const event of stream) seen.push(event);
  return seen;
}

describe('the OpenAI Responses API stream, through openai', () => {
  // The codes of its `ResponseError` (the SDK's type) and the stream's `error` event.
  const rows = [
    ['server_error', 'internal', 'SERVER_ERROR', true],
    ['rate_limit_exceeded', 'rate_limit', 'RATE_LIMITED', true],
    ['vector_store_timeout', 'timeout', 'TIMEOUT', true],
    ['invalid_prompt', 'validation', 'VALIDATION_ERROR', false],
    ['bio_policy', 'validation', 'CONTENT_FILTERED', false],
    ['image_content_policy_violation', 'validation', 'CONTENT_FILTERED', false],
    ['invalid_image_url', 'validation', 'VALIDATION_ERROR', false],
    ['image_too_large', 'validation', 'REQUEST_TOO_LARGE', false],
    ['image_file_not_found', 'not_found', 'NOT_FOUND', false],
    ['data_residency_mismatch', 'permission', 'PERMISSION_DENIED', false],
    ['some_future_code', 'internal', 'INTERNAL_ERROR', false],
  ] as const;

  it.each(rows)('response.failed with %s', async (code, category, stable, retryable) => {
    events =
      created +
      sse('response.failed', {
        type: 'response.failed',
        sequence_number: 1,
        response: {
          id: 'resp_1',
          object: 'response',
          status: 'failed',
          error: { code, message: `failed: ${code}` },
          output: [],
        },
      });
    const failed = (await responsesEvents()).find(
      (e) => (e as { type?: string }).type === 'response.failed',
    ) as { response: unknown };
    expect(failed).toBeDefined();
    for (const value of [failed, failed.response]) {
      const e = decode(value);
      expect([e.category, e.code, e.retryable, e.message]).toEqual([
        category,
        stable,
        retryable,
        `failed: ${code}`,
      ]);
    }
  });

  it.each(rows)('an error event with %s', async (code, category, stable, retryable) => {
    events =
      created +
      sse('error', {
        type: 'error',
        code,
        message: 'stream failed',
        param: null,
        sequence_number: 1,
      });
    const error = (await responsesEvents()).find((e) => (e as { type?: string }).type === 'error');
    const e = decode(error);
    expect([e.category, e.code, e.retryable]).toEqual([category, stable, retryable]);
  });
});

describe("Anthropic's `event: error` mid-stream, through @anthropic-ai/sdk", () => {
  const rows = [
    ['overloaded_error', 'unavailable', 'OVERLOADED', true],
    ['rate_limit_error', 'rate_limit', 'RATE_LIMITED', true],
    ['api_error', 'internal', 'SERVER_ERROR', true],
    ['timeout_error', 'timeout', 'TIMEOUT', true],
    ['invalid_request_error', 'validation', 'VALIDATION_ERROR', false],
  ] as const;

  it.each(rows)(
    '%s: thrown by the stream and by the stream helper',
    async (type, category, stable, retryable) => {
      events =
        anthropicMessageStart +
        sse('error', { type: 'error', error: { type, message: 'mid-stream' } });
      const client = new Anthropic({ apiKey: 'k', baseURL: url, maxRetries: 0 });
      const params = {
        model: 'claude-sonnet-4-6',
        max_tokens: 8,
        messages: [{ role: 'user' as const, content: 'hi' }],
      };
      const thrown: unknown[] = [];
      try {
        const stream = await client.messages.create({ ...params, stream: true });
        for await (const event of stream) void event;
      } catch (error) {
        thrown.push(error);
      }
      try {
        await client.messages.stream(params).finalMessage();
      } catch (error) {
        thrown.push(error);
      }
      expect(thrown).toHaveLength(2);
      for (const error of thrown) {
        expect(error).toBeInstanceOf(Anthropic.APIError);
        const e = decode(error);
        expect([e.category, e.code, e.retryable]).toEqual([category, stable, retryable]);
      }
      // The event itself, as a raw reader of the stream sees it.
      const raw = decode({ type: 'error', error: { type, message: 'mid-stream' } });
      expect([raw.category, raw.code]).toEqual([category, stable]);
    },
  );
});

describe("the AI SDK's `error` stream parts, through streamText", () => {
  it.each([
    [
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      'rate_limit',
      true,
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
      'quota',
      false,
    ],
    [
      529,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      'unavailable',
      true,
    ],
    [
      400,
      {
        error: {
          message: 'too long',
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
      'validation',
      false,
    ],
  ] as const)(
    'a provider call answered %i yields an error part decode reads',
    async (answer, body, category, retryable) => {
      status = answer;
      events = JSON.stringify(body);
      try {
        // A model whose call goes through the provider utilities every AI SDK provider uses, so
        // the APICallError in the part is built from a real response.
        const model = new MockLanguageModelV3({
          doStream: async () => {
            await postJsonToApi({
              url: `${url}/v1/chat/completions`,
              body: { model: 'm' },
              failedResponseHandler: createJsonErrorResponseHandler({
                errorSchema: z.unknown(),
                errorToMessage: () => 'provider call failed',
              }),
              successfulResponseHandler: createJsonResponseHandler(z.unknown()),
            });
            throw new Error('unreachable: the server always fails');
          },
        });
        const result = streamText({ model, prompt: 'hi', maxRetries: 0, onError: () => {} });
        const parts: unknown[] = [];
        for await (const part of result.fullStream) parts.push(part);
        const errorPart = parts.find((p) => (p as { type?: string }).type === 'error');
        expect(errorPart).toMatchObject({ type: 'error' });
        const e = decode(errorPart);
        expect([e.category, e.retryable]).toEqual([category, retryable]);
      } finally {
        status = 200;
      }
    },
  );
});

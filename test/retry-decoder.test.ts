// retry's `decoder` option: the readers a user chose classify what an attempt threw, here the
// errors the real OpenAI SDK builds from a 127.0.0.1 server's answers.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecoder } from 'agent-errors';
import { providerSdkReader } from 'agent-errors/http';
import { createRetry, isRetryError, retry } from 'agent-errors/retry';

describe('retry({ decoder }) with the OpenAI SDK', () => {
  let server: Server;
  let requests = 0;
  let failures = 0;
  let client: OpenAI;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      if (failures > 0) {
        failures--;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '5' });
        res.end(
          JSON.stringify({
            error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    client = new OpenAI({
      apiKey: 'sk-test',
      baseURL: `http://127.0.0.1:${port}/v1`,
      maxRetries: 0,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const listModels = async () => (await client.models.list()).data;

  it('a decoder with the provider-SDK reader reads the 429 and waits as asked', async () => {
    requests = 0;
    failures = 1;
    const result = await retry(listModels, { decoder: createDecoder([providerSdkReader]) });
    expect(result).toEqual([]);
    expect(requests).toBe(2);
  });

  it('a decoder without it does not know the SDK error: no retry, the failure is internal', async () => {
    requests = 0;
    failures = 1;
    const error = await retry(listModels, { decoder: createDecoder([]) }).catch((e: unknown) => e);
    expect(requests).toBe(1);
    expect(isRetryError(error) ? error.category : undefined).toBe('internal');
  });

  it('createRetry(decoder) classifies by that decoder, and a call may still name its own', async () => {
    const retryByProvider = createRetry(createDecoder([providerSdkReader]));
    requests = 0;
    failures = 1;
    expect(await retryByProvider(listModels)).toEqual([]);
    expect(requests).toBe(2);

    requests = 0;
    failures = 1;
    const error = await retryByProvider(listModels, { decoder: createDecoder([]) }).catch(
      (e: unknown) => e,
    );
    expect(requests).toBe(1);
    expect(isRetryError(error) ? error.category : undefined).toBe('internal');
  });

  it('createRetry given no decoder is a TypeError saying what it takes', () => {
    expect(() => createRetry({} as never)).toThrow(
      /createRetry: decoder must be an object with a toAgentError function/,
    );
    expect(() => createRetry(undefined as never)).toThrow(
      /createRetry: decoder must be an object with a toAgentError function/,
    );
  });

  it('a decoder that is none is a TypeError naming the option', async () => {
    requests = 0;
    failures = 0;
    await expect(
      retry(listModels, { decoder: { decode: () => undefined } as never }),
    ).rejects.toThrow(/retry: decoder must be an object with a toAgentError function/);
    expect(requests).toBe(0);
  });
});

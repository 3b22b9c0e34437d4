import { Agent, RunContext, Usage, run, setTracingDisabled, tool } from '@openai/agents';
import type { Model, ModelRequest, ModelResponse } from '@openai/agents';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AgentError } from '../index.js';
import { parseToolErrorText } from '../dialects/tool/tool-text.js';
import { toolErrorFunction } from './agents-sdk.js';

setTracingDisabled(true);

const SECRET = 'ghp_R2d2C3poB8bbK2soX1wingY7t4Fett9Boba0';
const PATH = '/var/lib/agent/keys/service-account.json';

/**
 * A model for the Agents SDK's runner: its first turn calls `weather` with `args`, its second
 * answers. Every request the runner sends it is kept: that is what the model was shown.
 */
function scriptedModel(args: string): Model & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    requests,
    getResponse(request: ModelRequest): Promise<ModelResponse> {
      requests.push(request);
      const output: ModelResponse['output'] =
        requests.length === 1
          ? [
              {
                type: 'function_call',
                callId: 'call-1',
                name: 'weather',
                arguments: args,
                status: 'completed',
              },
            ]
          : [
              {
                type: 'message',
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: 'Done.' }],
              },
            ];
      return Promise.resolve({ usage: new Usage(), output });
    },
    // eslint-disable-next-line require-yield
    async *getStreamedResponse() {
      await Promise.resolve();
      throw new Error('not used');
    },
  };
}

/** The tool output the runner sent the model on its second turn. */
function toolOutputSent(model: { requests: ModelRequest[] }): string {
  const input = model.requests[1]?.input;
  const item = Array.isArray(input)
    ? input.find((i) => (i as { type?: string }).type === 'function_call_result')
    : undefined;
  const output = (item as { output?: unknown } | undefined)?.output;
  if (typeof output === 'string') return output;
  const text = (output as { type?: string; text?: string } | undefined)?.text;
  if (typeof text === 'string') return text;
  throw new Error(`no tool output was sent to the model: ${JSON.stringify(item)}`);
}

async function runWith(
  execute: (input: { city: string }) => Promise<string>,
  errorFunction: ReturnType<typeof toolErrorFunction> | undefined,
  args = '{"city":"Paris"}',
) {
  const model = scriptedModel(args);
  const weather = tool({
    name: 'weather',
    description: 'Current weather for a city',
    parameters: z.object({ city: z.string() }),
    execute,
    ...(errorFunction ? { errorFunction } : {}),
  });
  const result = await run(new Agent({ name: 'assistant', model, tools: [weather] }), 'Weather?');
  return { model, result, sent: JSON.stringify(model.requests) };
}

describe('what the Agents SDK does with a throw, by default (why toolErrorFunction exists)', () => {
  // 0.14.3 (the last release whose dependencies run on Node 20) appends `String(error)` to a
  // fixed sentence: the model reads the raw message, with no category and no wait.
  it('tells the model a fixed sentence plus the raw message, whatever failed', async () => {
    const { model } = await runWith(() => {
      throw AgentError.rateLimited('Weather API rate limited', { retryAfterMs: 3000 });
    }, undefined);
    expect(toolOutputSent(model)).toBe(
      'An error occurred while running the tool. Please try again. Error: AgentError: Weather API rate limited',
    );
  });
});

describe('toolErrorFunction with the Agents SDK runner', () => {
  it('a rate limit: the model reads the category and when to call again; the app gets the AgentError', async () => {
    const onToolError = vi.fn();
    const { model } = await runWith(
      () => {
        throw AgentError.rateLimited('Weather API rate limited', { retryAfterMs: 3000 });
      },
      toolErrorFunction({ onToolError, subject: 'the weather tool' }),
    );
    const text = toolOutputSent(model);
    expect(text).toContain('Next step: Wait 3 s, then call the weather tool again.');
    expect(parseToolErrorText(text)).toMatchObject({
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 3000,
    });
    expect(onToolError).toHaveBeenCalledTimes(1);
    const [error, info] = onToolError.mock.calls[0] as [
      AgentError,
      { toolName: string; toolCallId: string },
    ];
    expect([error.category, info.toolName, info.toolCallId]).toEqual([
      'rate_limit',
      'weather',
      'call-1',
    ]);
  });

  it('a raw Error with a secret and a path: Internal error + errorId, the original to onError', async () => {
    const onError = vi.fn();
    const thrown = new Error(`cannot open ${PATH}: token ${SECRET} rejected`);
    const { model, sent } = await runWith(() => {
      throw thrown;
    }, toolErrorFunction({ onError }));
    const text = toolOutputSent(model);
    expect(text).toMatch(
      /^\[ERROR code=INTERNAL_ERROR category=internal retryable=false\] Internal error/,
    );
    expect(onError).toHaveBeenCalledWith(thrown, expect.any(String));
    expect(text).toContain(onError.mock.calls[0]?.[1] as string);
    expect(sent).not.toContain(SECRET);
    expect(sent).not.toContain('/var/lib/agent');
  });

  it('onToolError alone is the one hook: it gets the original of an unexpected error, and stderr stays quiet', async () => {
    const errorLines = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const heard: [string, unknown, string | undefined][] = [];
      const thrown = new Error(`cannot open ${PATH}`);
      const { model } = await runWith(
        () => {
          throw thrown;
        },
        toolErrorFunction({
          onToolError: (error, info) => heard.push([error.category, info.thrown, error.errorId]),
        }),
      );
      expect(heard).toEqual([['internal', thrown, expect.any(String)]]);
      expect(toolOutputSent(model)).toContain(heard[0]?.[2] as string);
      expect(errorLines).not.toHaveBeenCalled();
    } finally {
      errorLines.mockRestore();
    }
  });

  it('bad arguments: onToolError gets the toolName option when the SDK passes no call details', async () => {
    const names: (string | undefined)[] = [];
    await runWith(
      () => Promise.resolve('sunny'),
      toolErrorFunction({
        toolName: 'weather',
        onToolError: (_error, info) => names.push(info.toolName),
      }),
      '{"city":42}',
    );
    expect(names).toEqual(['weather']);
  });

  it("arguments that fail the tool's schema: a validation error naming the argument", async () => {
    const onToolError = vi.fn();
    const execute = vi.fn(() => Promise.resolve('sunny'));
    const { model } = await runWith(execute, toolErrorFunction({ onToolError }), '{"city":42}');
    expect(execute).not.toHaveBeenCalled();
    const text = toolOutputSent(model);
    expect(parseToolErrorText(text)).toMatchObject({
      code: 'INVALID_TOOL_INPUT',
      category: 'validation',
      retryable: false,
    });
    expect(text).toContain('Next step: Fix the arguments, then call this tool again.');
    expect((onToolError.mock.calls[0]?.[0] as AgentError).category).toBe('validation');
  });

  it("names the failing argument when the SDK keeps the schema's issues", () => {
    // The SDK's InvalidToolInputError, by shape: its class is not exported.
    const invalid = Object.assign(new Error('Invalid JSON input for tool'), {
      name: 'InvalidToolInputError',
      originalError: z.object({ city: z.string() }).safeParse({ city: 42 }).error,
    });
    const text = toolErrorFunction({ onError: () => {} })(new RunContext(), invalid, undefined);
    expect(text).toContain('category=validation');
    expect(text).toMatch(/Fix `city` \(.+\), then call this tool again\./);
  });

  it('is the errorFunction the SDK calls from tool().invoke, with its (context, error, details)', async () => {
    const weather = tool({
      name: 'weather',
      description: 'Current weather',
      parameters: z.object({ city: z.string() }),
      execute: () => Promise.reject(AgentError.notFound('Unknown city: Atlantis')),
      errorFunction: toolErrorFunction(),
    });
    const output = await weather.invoke(new RunContext(), '{"city":"Atlantis"}');
    expect(parseToolErrorText(String(output))).toMatchObject({
      category: 'not_found',
      message: 'Unknown city: Atlantis',
    });
  });
});

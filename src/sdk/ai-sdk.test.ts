import { generateText, stepCountIs, streamText, tool } from 'ai';
import type { ToolExecutionOptions } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AgentError, toAgentError } from '../index.js';
import { parseToolErrorText } from '../dialects/tool/tool-text.js';
import { withAiToolErrors } from './ai-sdk.js';

const SECRET = 'sk-ant-api03-Qw3Er4Ty5Ui6Op7As8Df9Gh0Jk1Lz2Xc3Vb4Nm5';
const PATH = '/Users/carol/work/secrets/.env.production';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * The AI SDK's own mock model: its first turn calls `search`, its second answers in text. Every
 * prompt the SDK sends it is kept (`doGenerateCalls`): that is what the model was shown.
 */
function mockModel() {
  let turn = 0;
  return new MockLanguageModelV3({
    doGenerate: (): Promise<LanguageModelV3GenerateResult> => {
      turn += 1;
      return Promise.resolve(
        turn === 1
          ? {
              content: [
                {
                  type: 'tool-call',
                  toolCallId: 'call-1',
                  toolName: 'search',
                  input: JSON.stringify({ query: 'weather' }),
                },
              ],
              finishReason: { unified: 'tool-calls', raw: 'tool_use' },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: 'text', text: 'Done.' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            },
      );
    },
  });
}

/** The tool result the SDK sent the model on its second turn. */
function toolOutputSent(calls: LanguageModelV3CallOptions[]): { type: string; value: unknown } {
  const second = calls[1];
  const toolMessage = second?.prompt.find((m) => m.role === 'tool');
  const part = toolMessage?.content.find((p) => p.type === 'tool-result');
  if (part?.type !== 'tool-result') throw new Error('no tool result was sent to the model');
  return part.output as { type: string; value: unknown };
}

async function run(execute: (input: { query: string }, options: ToolExecutionOptions) => unknown) {
  const model = mockModel();
  const result = await generateText({
    model,
    prompt: 'What is the weather?',
    stopWhen: stepCountIs(3),
    tools: {
      search: tool({
        description: 'Search',
        inputSchema: z.object({ query: z.string() }),
        execute,
      }),
    },
  });
  return { result, calls: model.doGenerateCalls, sent: JSON.stringify(model.doGenerateCalls) };
}

describe('what the AI SDK does with a throw, unwrapped (why withAiToolErrors exists)', () => {
  it("sends the model the thrown message verbatim, as an 'error-text' tool result", async () => {
    const { calls, sent } = await run(() => {
      throw new Error(`could not read ${PATH} with key ${SECRET}`);
    });
    expect(toolOutputSent(calls).type).toBe('error-text');
    expect(sent).toContain(SECRET);
    expect(sent).toContain(PATH);
  });
});

describe('withAiToolErrors with generateText and the mock model', () => {
  it('a rate limit: the model reads the category and when to call again; the app gets the AgentError', async () => {
    const onToolError = vi.fn();
    const { result, calls } = await run(
      withAiToolErrors(
        () => {
          throw AgentError.rateLimited('Search is rate limited', { retryAfterMs: 2000 });
        },
        { onToolError },
      ),
    );
    const output = toolOutputSent(calls);
    expect(output.type).toBe('error-text');
    const text = output.value as string;
    expect(text).toContain('category=rate_limit');
    expect(text).toContain('Next step: Wait 2 s, then call this tool again.');
    expect(parseToolErrorText(text)).toMatchObject({
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
    // The step records a tool-error whose error classifies as what was thrown.
    const part = result.steps[0]?.content.find((p) => p.type === 'tool-error');
    expect(part?.type).toBe('tool-error');
    const hub = toAgentError(part?.type === 'tool-error' ? part.error : undefined);
    expect([hub.category, hub.retryable, hub.retryAfterMs]).toEqual(['rate_limit', true, 2000]);
    expect(onToolError).toHaveBeenCalledTimes(1);
    const [error, info] = onToolError.mock.calls[0] as [AgentError, { toolCallId: string }];
    expect([error.category, error.message, info.toolCallId]).toEqual([
      'rate_limit',
      'Search is rate limited',
      'call-1',
    ]);
  });

  it('a raw Error with a secret and a path: the model sees Internal error + errorId, nothing else', async () => {
    const onError = vi.fn();
    const thrown = new Error(`could not read ${PATH} with key ${SECRET}`);
    const { calls, sent } = await run(
      withAiToolErrors(
        () => {
          throw thrown;
        },
        { onError },
      ),
    );
    const text = toolOutputSent(calls).value as string;
    expect(text).toMatch(
      /^\[ERROR code=INTERNAL_ERROR category=internal retryable=false\] Internal error/,
    );
    expect(onError).toHaveBeenCalledWith(thrown, expect.any(String));
    const errorId = onError.mock.calls[0]?.[1] as string;
    expect(text).toContain(errorId);
    expect(sent).not.toContain(SECRET);
    expect(sent).not.toContain('/Users/carol');
    expect(sent).not.toContain('.env.production');
  });

  it("as: 'result' returns the text as the tool's output: a tool-result, not a tool-error", async () => {
    const onToolError = vi.fn();
    const { result, calls } = await run(
      withAiToolErrors(
        async () => {
          await Promise.resolve();
          throw AgentError.auth('The calendar token expired');
        },
        { as: 'result', onToolError },
      ),
    );
    const output = toolOutputSent(calls);
    expect(output.type).toBe('text');
    expect(output.value).toContain('Next step: Ask the user to sign in');
    expect(result.steps[0]?.content.some((p) => p.type === 'tool-error')).toBe(false);
    expect((onToolError.mock.calls[0]?.[0] as AgentError).category).toBe('auth');
  });

  it('a schema failure inside execute tells the model which argument to fix', async () => {
    const { calls } = await run(
      withAiToolErrors(() => z.object({ limit: z.number().max(100) }).parse({ limit: 500 })),
    );
    const text = toolOutputSent(calls).value as string;
    expect(text).toContain('category=validation');
    expect(text).toMatch(/Next step: Fix `limit` \(.+\), then call this tool again\./);
  });

  it('passes results through untouched, sync, async and streamed', async () => {
    const sync = await run(withAiToolErrors(({ query }) => `sunny in ${query}`));
    expect(toolOutputSent(sync.calls)).toEqual({ type: 'text', value: 'sunny in weather' });
    const asynchronous = await run(withAiToolErrors(() => Promise.resolve({ temperature: 21 })));
    expect(toolOutputSent(asynchronous.calls)).toEqual({
      type: 'json',
      value: { temperature: 21 },
    });
    const streamed = await run(
      withAiToolErrors(async function* () {
        yield 'searching';
        await Promise.resolve();
        yield 'found';
      }),
    );
    expect(toolOutputSent(streamed.calls)).toEqual({ type: 'text', value: 'found' });
  });

  it('an async-iterable execute that fails midway ends with the text as its final output', async () => {
    const { calls, sent } = await run(
      withAiToolErrors(
        async function* () {
          yield 'searching';
          await Promise.resolve();
          throw new Error(`lost ${SECRET}`);
        },
        { as: 'result', onError: () => {} },
      ),
    );
    expect(toolOutputSent(calls).value).toMatch(/Internal error/);
    expect(sent).not.toContain(SECRET);
  });

  it('works with streamText: the tool-error part carries the safe text', async () => {
    const { convertArrayToReadableStream } = await import('ai/test');
    const model = new MockLanguageModelV3({
      doStream: () =>
        Promise.resolve({
          stream: convertArrayToReadableStream([
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'search',
              input: JSON.stringify({ query: 'x' }),
            },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
          ]),
        }),
    });
    const result = streamText({
      model,
      prompt: 'go',
      tools: {
        search: withAiToolErrors(
          tool({
            inputSchema: z.object({ query: z.string() }),
            execute: (): string => {
              throw new Error(`boom ${SECRET}`);
            },
          }),
          { onError: () => {} },
        ),
      },
    });
    const parts: unknown[] = [];
    for await (const part of result.fullStream) parts.push(part);
    const failed = parts.find((p) => (p as { type: string }).type === 'tool-error') as {
      error: Error;
    };
    expect(failed.error.message).toMatch(/^\[ERROR code=INTERNAL_ERROR/);
    expect(JSON.stringify(parts)).not.toContain(SECRET);
  });

  it('wraps a whole tool, its types inferred from the schema as without the wrapper', async () => {
    const onToolError = vi.fn();
    const search = withAiToolErrors(
      tool({
        description: 'Search',
        inputSchema: z.object({ query: z.string() }),
        execute: ({ query }): string => {
          throw AgentError.notFound(`No results for ${query.toUpperCase()}`);
        },
      }),
      { onToolError },
    );
    expect(search.description).toBe('Search');
    const model = mockModel();
    await generateText({ model, prompt: 'go', stopWhen: stepCountIs(3), tools: { search } });
    const text = toolOutputSent(model.doGenerateCalls).value as string;
    expect(text).toContain('No results for WEATHER');
    expect(text).toContain('category=not_found');
    expect((onToolError.mock.calls[0]?.[0] as AgentError).category).toBe('not_found');
  });

  it('rejects what it cannot wrap', () => {
    expect(() => withAiToolErrors(undefined as never)).toThrow(/pass a tool with an execute/);
    expect(() => withAiToolErrors({ description: 'x' } as { execute?: unknown })).toThrow(
      /without execute/,
    );
    expect(() => withAiToolErrors(() => 1, { as: 'nope' as never })).toThrow(/options\.as/);
  });
});

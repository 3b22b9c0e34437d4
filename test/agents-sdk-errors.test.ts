import {
  Agent,
  InputGuardrailTripwireTriggered,
  MaxTurnsExceededError,
  ModelBehaviorError,
  OutputGuardrailTripwireTriggered,
  ToolCallError,
  run,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decode, toAgentError } from 'agent-errors';
import { retry } from 'agent-errors/retry';
import { call, say, scripted } from './helpers/agents-model.js';

// The Agents SDK's own runner throws each error here, from a run it drives: a model that
// answers as scripted (the SDK's Model interface), guardrails and tools as users write them.

setTracingDisabled(true);

async function thrownBy(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output type
  agent: Agent<unknown, any>,
  input = 'hi',
  maxTurns?: number,
): Promise<unknown> {
  try {
    await run(agent, input, maxTurns === undefined ? {} : { maxTurns });
  } catch (error) {
    return error;
  }
  throw new Error('expected the run to throw');
}

const echo = tool({
  name: 'echo',
  description: 'Echo',
  parameters: z.object({}),
  execute: () => Promise.resolve('echoed'),
});

describe('@openai/agents errors, thrown by its runner', () => {
  it('guardrail tripwires are policy refusals (CONTENT_FILTERED), never retried', async () => {
    const input = await thrownBy(
      new Agent({
        name: 'a',
        model: scripted(() => say('ok')),
        inputGuardrails: [
          {
            name: 'no secrets',
            execute: () =>
              Promise.resolve({ tripwireTriggered: true, outputInfo: { why: 'policy' } }),
          },
        ],
      }),
    );
    const output = await thrownBy(
      new Agent({
        name: 'a',
        model: scripted(() => say('the password is hunter2')),
        outputGuardrails: [
          {
            name: 'no passwords',
            execute: () => Promise.resolve({ tripwireTriggered: true, outputInfo: {} }),
          },
        ],
      }),
    );
    expect(input).toBeInstanceOf(InputGuardrailTripwireTriggered);
    expect(output).toBeInstanceOf(OutputGuardrailTripwireTriggered);
    for (const error of [input, output]) {
      const e = toAgentError(error);
      expect([e.category, e.code, e.retryable]).toEqual(['validation', 'CONTENT_FILTERED', false]);
      let calls = 0;
      await expect(
        retry(() => {
          calls += 1;
          throw error;
        }),
      ).rejects.toMatchObject({ category: 'validation' });
      expect(calls).toBe(1);
    }
  });

  it('a model that calls a tool the agent lacks, or answers off its schema, misbehaved: worth re-asking, not "not found"', async () => {
    const agents = [
      new Agent({ name: 'a', model: scripted(() => call('no_such_tool')), tools: [echo] }),
      new Agent({
        name: 'a',
        model: scripted(() => say('not json at all')),
        outputType: z.object({ answer: z.string() }),
      }),
    ];
    for (const agent of agents) {
      const error = await thrownBy(agent);
      expect(error).toBeInstanceOf(ModelBehaviorError);
      const e = decode(error);
      expect([e.category, e.code, e.retryable]).toEqual(['internal', 'MODEL_BEHAVIOR_ERROR', true]);
    }
  });

  it('the turn budget spent is a quota the caller set, not retried', async () => {
    const error = await thrownBy(
      new Agent({ name: 'a', model: scripted(() => call('echo')), tools: [echo] }),
      'loop',
      2,
    );
    expect(error).toBeInstanceOf(MaxTurnsExceededError);
    const e = decode(error);
    expect([e.category, e.code, e.retryable]).toEqual(['quota', 'MAX_TURNS_EXCEEDED', false]);
  });

  it('a ToolCallError is read by the error it wraps: a provider 429 keeps its wait', async () => {
    const upstream = OpenAI.APIError.generate(
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      undefined,
      new Headers({ 'retry-after-ms': '700' }),
    );
    for (const [inner, expected] of [
      [upstream, ['rate_limit', true, 700]],
      [new Error('boom'), ['internal', false, undefined]],
    ] as const) {
      const failing = tool({
        name: 'fetch_page',
        description: 'Fetch',
        parameters: z.object({}),
        execute: () => Promise.reject(inner),
        errorFunction: null,
      });
      const error = await thrownBy(
        new Agent({ name: 'a', model: scripted(() => call('fetch_page')), tools: [failing] }),
      );
      expect(error).toBeInstanceOf(ToolCallError);
      const e = decode(error);
      expect([e.category, e.retryable, e.retryAfterMs]).toEqual(expected);
      expect(e.details?.agents).toEqual({ error: 'ToolCallError' });
    }
  });
});

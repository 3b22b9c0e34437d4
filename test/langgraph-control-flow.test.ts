import { RunnableLambda } from '@langchain/core/runnables';
import { Annotation, Command, MemorySaver, StateGraph, interrupt } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { toAgentError } from '../src/front/decode.js';
import { withLangChainRetry } from '../src/sdk/langchain.js';

// LangGraph pauses a graph by throwing from inside a node (`interrupt()`), and resumes it with a
// `Command`. A node governed by withLangChainRetry must let that throw reach LangGraph as it was
// thrown: wrapped in a RetryError, the graph would fail instead of pausing.

const State = Annotation.Root({
  draft: Annotation<string>(),
  approved: Annotation<string>(),
});

function graphWith(node: (state: typeof State.State, config?: object) => Promise<unknown>) {
  return new StateGraph(State)
    .addNode('review', node)
    .addEdge('__start__', 'review')
    .addEdge('review', '__end__')
    .compile({ checkpointer: new MemorySaver() });
}

describe('a LangGraph interrupt inside a governed runnable', () => {
  it('pauses the graph, and the graph resumes with the answer', async () => {
    const ask = RunnableLambda.from((state: typeof State.State) => {
      const answer = interrupt(`Approve "${state.draft}"?`) as string;
      return { approved: answer };
    });
    const governed = withLangChainRetry(ask, { maxAttempts: 3 });
    const graph = graphWith((state, config) => governed(state, config));
    const thread = { configurable: { thread_id: 'approve-1' } };

    // A paused graph answers its state and, under `__interrupt__`, what interrupt() asked.
    const paused = (await graph.invoke({ draft: 'release notes' }, thread)) as {
      __interrupt__?: { value: unknown }[];
    };
    expect(paused.__interrupt__?.[0]?.value).toBe('Approve "release notes"?');

    const resumed = await graph.invoke(new Command({ resume: 'yes' }), thread);
    expect(resumed.approved).toBe('yes');
  });

  it('is read as control flow, not retried, and a real failure still becomes a RetryError', async () => {
    let calls = 0;
    const pausing = withLangChainRetry(
      RunnableLambda.from(() => {
        calls += 1;
        return interrupt('pause');
      }),
      { maxAttempts: 5 },
    );
    const graph = graphWith((state, config) => pausing(state, config) as Promise<unknown>);
    await graph.invoke({ draft: 'x' }, { configurable: { thread_id: 'pause-1' } });
    expect(calls).toBe(1);

    const failing = withLangChainRetry(
      RunnableLambda.from(() => {
        throw new TypeError('bad input');
      }),
      { maxAttempts: 2 },
    );
    const thrown = await failing('x').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as Error).name).toBe('RetryError');
    expect(toAgentError((thrown as { cause?: unknown }).cause).category).toBe('internal');
  });
});

// A model for the OpenAI Agents SDK's own runner (its `Model` interface) that answers each turn
// as a test scripts it, so the runner itself raises its errors.
import { Usage } from '@openai/agents';
import type { Model, ModelRequest, ModelResponse } from '@openai/agents';

type Output = ModelResponse['output'];

/** A turn that answers `text`. */
export const say = (text: string): Output => [
  {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  },
];

/** A turn that calls the tool `name` with `args`. */
export const call = (name: string, args = '{}'): Output => [
  { type: 'function_call', callId: `call-${name}`, name, arguments: args, status: 'completed' },
];

/** A model whose every turn answers `turn(n)`. */
export function scripted(turn: (n: number) => Output): Model {
  let n = 0;
  return {
    getResponse(_request: ModelRequest): Promise<ModelResponse> {
      n += 1;
      return Promise.resolve({ usage: new Usage(), output: turn(n) });
    },
    // eslint-disable-next-line require-yield
    async *getStreamedResponse() {
      await Promise.resolve();
      throw new Error('not used');
    },
  };
}

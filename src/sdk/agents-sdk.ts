import { AgentError } from '../core/agent-error.js';
import { readMember } from '../core/is.js';
import { schemaFailureError, schemaIssuesOf } from '../dialects/schema/issues.js';
import { TOOL_FAILURE_OPTIONS, toolFailure } from './tool-failure.js';
import { checkWrapperOptions } from './check-options.js';
import type { ToolErrorFunctionOptions } from './tool-failure.js';

/** What the OpenAI Agents SDK passes an `errorFunction` as its third argument (what is read). */
interface ToolCallDetailsLike {
  toolCall?: { callId?: unknown; name?: unknown } | undefined;
}

/**
 * The SDK's `InvalidToolInputError` (the model's arguments failed the tool's schema or were not
 * JSON) as a validation error. The schema issues, when the SDK kept the original error, say what
 * to fix; by default it does not (it drops tool data unless `OPENAI_AGENTS_DONT_LOG_TOOL_DATA=0`).
 * A JSON parse error's own text may echo the input: never used.
 */
function fromInvalidInput(error: unknown): AgentError | undefined {
  if (readMember(error, 'name') !== 'InvalidToolInputError') return undefined;
  const issues = schemaIssuesOf(readMember(error, 'originalError'));
  if (issues) return schemaFailureError(issues);
  return AgentError.validation('The arguments do not match the parameters of this tool', {
    code: 'INVALID_TOOL_INPUT',
    captureStack: false,
  });
}

/**
 * An `errorFunction` for the OpenAI Agents SDK's `tool()`: what the tool threw becomes the text
 * the model reads — `formatModelErrorText`'s hub category, `Next step:` line and JSON block,
 * sanitised — and the application gets the classified `AgentError` through `onToolError`. The
 * SDK's default `errorFunction` tells the model "An error occurred while running the tool.
 * Please try again." and the raw `String(error)` (even when retrying cannot help); without one (`null`) the run fails. An
 * unexpected error is shown as `Internal error` with an `errorId`, the original going to
 * `onError` (or one sanitised stderr line); the SDK's `InvalidToolInputError` (arguments that
 * failed the tool's schema) is shown as a validation error with its issues. For tools without an
 * `outputSchema`: the SDK requires an error function of a tool with one to return that schema's
 * shape.
 *
 * @example
 * import { tool } from '@openai/agents';
 * const weather = tool({
 *   name: 'weather',
 *   description: 'Current weather for a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: async ({ city }) => api.weather(city),
 *   errorFunction: toolErrorFunction({ onToolError: (error) => log(error.category) }),
 * });
 */
export function toolErrorFunction(
  options?: ToolErrorFunctionOptions,
): (context: unknown, error: unknown, details?: unknown) => string {
  checkWrapperOptions('toolErrorFunction', options, TOOL_FAILURE_OPTIONS);
  return (_context: unknown, error: unknown, details?: unknown): string => {
    const call = readMember(details, 'toolCall') as ToolCallDetailsLike['toolCall'];
    const callId = readMember(call, 'callId');
    const name = readMember(call, 'name');
    return toolFailure(fromInvalidInput(error) ?? error, options, {
      toolCallId: typeof callId === 'string' ? callId : undefined,
      toolName: typeof name === 'string' ? name : undefined,
      thrown: error,
    }).text;
  };
}

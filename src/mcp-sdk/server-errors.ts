import { AgentError } from '../core/agent-error.js';
import { stripMcpErrorPrefix } from '../core/mcp-prefix.js';
import { sanitizeMessage } from '../core/sanitize-message.js';
import { schemaFailureError, schemaIssuesOf } from '../core/schema-issues.js';
import { invalidToolInput, wrapToolHandler } from './tool-errors.js';
import type { WithToolErrorsOptions } from './tool-errors.js';

/** Options of {@link withMcpErrors}: those of `withToolErrors`, for every tool. */
export type WithMcpErrorsOptions = WithToolErrorsOptions;

type Callback = (...args: unknown[]) => unknown;

/** What the SDKs' `RegisteredTool` holds that this module reads (both SDKs name them so). */
interface ToolRecord {
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/**
 * The members of an `McpServer` (v1 and v2) this module replaces on the instance.
 * `validateToolInput(tool, args, name)` is where both SDKs check a tool's arguments, inside
 * their `tools/call` handler and before the tool's callback; it is not part of their typed API.
 */
interface McpServerShape {
  registerTool: (name: string, config: unknown, callback: Callback) => unknown;
  validateToolInput: (tool: unknown, args: unknown, name: string) => Promise<unknown>;
}

const WRAPPED = Symbol.for('agent-errors.withMcpErrors');

interface StandardSchema {
  '~standard': { validate: (value: unknown) => unknown };
}

function standardOf(schema: unknown): StandardSchema['~standard'] | undefined {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
    return undefined;
  }
  const std = (schema as Partial<StandardSchema>)['~standard'];
  return std !== undefined && typeof std.validate === 'function' ? std : undefined;
}

/** Why the SDK refused a tool's input, with the schema's own issues when it has them. */
async function inputFailure(schema: unknown, args: unknown, refusal: unknown): Promise<AgentError> {
  const std = standardOf(schema);
  if (std !== undefined) {
    try {
      const issues = schemaIssuesOf(await std.validate(args ?? {}));
      if (issues !== undefined) return schemaFailureError(issues);
    } catch {
      // A schema that throws is reported as the SDK reported it.
    }
  }
  // The SDK's own refusal (too many elements, a schema without Standard Schema): its message.
  const message = refusal instanceof Error ? refusal.message : 'Invalid arguments';
  return AgentError.validation(sanitizeMessage(stripMcpErrorPrefix(message), { maxLength: 300 }), {
    code: 'VALIDATION_ERROR',
    captureStack: false,
  });
}

/**
 * Rejects when `result` does not match the tool's output schema (the SDK would say so in bare
 * text); `undefined` when there is nothing to check, so a tool without one pays nothing.
 */
function checkOutput(
  tool: ToolRecord | undefined,
  result: unknown,
  name: string,
): Promise<void> | undefined {
  const schema = tool?.outputSchema;
  if (schema == null || result === null || typeof result !== 'object') return undefined;
  const std = standardOf(schema);
  const { isError, structuredContent } = result as Record<string, unknown>;
  if (std === undefined || isError === true || !('content' in result)) return undefined;
  if (structuredContent === undefined) {
    return Promise.reject(
      new Error(`Tool ${name} has an output schema but returned no structuredContent`),
    );
  }
  return Promise.resolve(std.validate(structuredContent)).then((checked) => {
    const issues = schemaIssuesOf(checked);
    if (issues !== undefined) {
      throw new Error(`Tool ${name} returned structuredContent that fails its output schema`, {
        cause: issues,
      });
    }
  });
}

/**
 * Make every tool of an MCP server answer failures the way {@link withToolErrors} does, input
 * validation included: call it on an `McpServer` (SDK v1 `@modelcontextprotocol/sdk` or v2
 * `@modelcontextprotocol/server`) before registering tools, then register them as usual.
 *
 * - Each `registerTool` callback is wrapped with `withToolErrors` (the `Next step:` line names
 *   the tool).
 * - Arguments that fail the tool's `inputSchema` reach the model as a failed tool result
 *   (`isError: true`, MCP SEP-1303) with category `validation`, the schema's issues in
 *   `details.issues` and a next step naming the first one — instead of the SDK's bare
 *   `Input validation error` text. The SDK still checks the input (its limits included); only
 *   its refusal is rewritten.
 * - A result that fails the tool's `outputSchema` is a server bug: `Internal error` with an
 *   `errorId`, the details to `onError`.
 *
 * It replaces `registerTool` and the input check on this instance only (the check is not part
 * of the SDKs' typed API; the tests pin both SDK majors). Tools registered before the call, with
 * the deprecated `server.tool()`, or given a new callback through `RegisteredTool.update` are
 * not wrapped: wrap those with `withToolErrors`. Returns `server`; calling it twice does
 * nothing more.
 *
 * @example
 * const server = withMcpErrors(new McpServer({ name: 'calendar', version: '1.0.0' }));
 * server.registerTool('book', { inputSchema: { hours: z.number().max(8) } }, async ({ hours }) => book(hours));
 */
export function withMcpErrors<S extends object>(server: S, options?: WithMcpErrorsOptions): S {
  const target = server as unknown as McpServerShape & { [WRAPPED]?: true };
  if (
    target === null ||
    typeof target !== 'object' ||
    typeof target.registerTool !== 'function' ||
    typeof target.validateToolInput !== 'function'
  ) {
    throw new TypeError(
      'withMcpErrors: server must be an McpServer from @modelcontextprotocol/sdk (v1) or @modelcontextprotocol/server (v2), with registerTool and validateToolInput',
    );
  }
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(
      `withMcpErrors: options must be an object; received ${options === null ? 'null' : typeof options}`,
    );
  }
  if (target[WRAPPED] === true) return server;
  const owned = new WeakSet<object>();
  const register = target.registerTool;
  const validate = target.validateToolInput;

  target.registerTool = function registerTool(
    this: unknown,
    name: string,
    config: unknown,
    callback: Callback,
  ) {
    if (typeof callback !== 'function') return register.call(this, name, config, callback);
    let tool: ToolRecord | undefined;
    const subject = options?.subject ?? `the tool ${name}`;
    const wrapped = wrapToolHandler(callback, { ...options, subject }, (result) =>
      checkOutput(tool, result, name),
    );
    const registered = register.call(this, name, config, wrapped);
    if (registered !== null && typeof registered === 'object') {
      tool = registered;
      owned.add(registered);
    }
    return registered;
  };

  target.validateToolInput = function validateToolInput(
    this: unknown,
    tool: unknown,
    args: unknown,
    name: string,
  ) {
    // No extra async frame on the path every call takes: only a refusal is handled here.
    return Promise.resolve(validate.call(this, tool, args, name)).then(undefined, (refusal) => {
      // Only our tools get arguments they understand; a tool without an input schema is
      // called without arguments, so its refusal stays the SDK's.
      const schema = (tool as ToolRecord | null)?.inputSchema;
      if (tool === null || typeof tool !== 'object' || !owned.has(tool) || schema == null) {
        throw refusal;
      }
      return inputFailure(schema, args, refusal).then(invalidToolInput);
    });
  };
  Object.defineProperty(target, WRAPPED, { value: true });
  return server;
}

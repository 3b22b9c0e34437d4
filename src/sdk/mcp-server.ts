import { AgentError } from '../core/agent-error.js';
import { stripMcpErrorPrefix } from '../core/mcp-prefix.js';
import { sanitizeMessage } from '../core/sanitize-message.js';
import { schemaFailureError, schemaIssuesOf } from '../core/schema-issues.js';
import { toMcpError } from '../dialects/mcp/convert.js';
import type { ToMcpErrorOptions } from '../dialects/mcp/convert.js';
import { toAgentError } from '../front/decode.js';
import { catchToolErrors, toolErrorResult } from './mcp-tool-errors.js';
import type { McpToolErrorResult, WithToolErrorsOptions } from './mcp-tool-errors.js';

/** Options of {@link withMcpErrors}: those of `withToolErrors`, for every tool. */
export type WithMcpErrorsOptions = WithToolErrorsOptions;

type Callback = (...args: unknown[]) => unknown;

/** What the SDKs' `RegisteredTool` holds that this module reads (both SDKs name them so). */
interface ToolRecord {
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/**
 * The members of an `McpServer` (v1 and v2) this module replaces on the instance. Both SDKs'
 * `tools/call` handler calls `validateToolInput(tool, args, name)`, then
 * `executeToolHandler(tool, args, extra)`, which runs the tool's callback, whenever and however
 * the tool was registered. Neither is part of their typed API (the tests pin both SDK majors).
 */
interface McpServerShape {
  registerTool: (name: string, config: unknown, callback: Callback) => unknown;
  validateToolInput: (tool: unknown, args: unknown, name: string) => Promise<unknown>;
  executeToolHandler: (tool: unknown, args: unknown, extra: unknown) => Promise<unknown>;
}

/**
 * The arguments `validateToolInput` hands on for input that failed the tool's schema, in place
 * of the arguments: `executeToolHandler` answers with the failure instead of running the tool.
 */
class InvalidInput {
  constructor(readonly error: AgentError) {}
}

const WRAPPED = Symbol.for('agent-errors.withMcpErrors');

/**
 * What the `Next step:` line calls a tool: its name ("call search.web again") when it is a short
 * plain name, as MCP recommends, else "this tool" (the line stays one short sentence).
 */
function subjectFor(name: unknown): string {
  return typeof name === 'string' && /^[\w.-]{1,40}$/.test(name) ? name : 'this tool';
}

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
  nameOfTool: () => string,
): Promise<void> | undefined {
  const schema = tool?.outputSchema;
  if (schema == null || result === null || typeof result !== 'object') return undefined;
  const std = standardOf(schema);
  const { isError, structuredContent } = result as Record<string, unknown>;
  if (std === undefined || isError === true || !('content' in result)) return undefined;
  if (structuredContent === undefined) {
    return Promise.reject(
      new Error(`Tool ${nameOfTool()} has an output schema but returned no structuredContent`),
    );
  }
  return Promise.resolve(std.validate(structuredContent)).then((checked) => {
    const issues = schemaIssuesOf(checked);
    if (issues !== undefined) {
      throw new Error(
        `Tool ${nameOfTool()} returned structuredContent that fails its output schema`,
        {
          cause: issues,
        },
      );
    }
  });
}

/**
 * Make every tool of an MCP server answer failures the way {@link withToolErrors} does, input
 * validation included: call it on an `McpServer` (SDK v1 `@modelcontextprotocol/sdk` or v2
 * `@modelcontextprotocol/server`), before or after registering tools.
 *
 * - Every tool answers as if wrapped with `withToolErrors` (the `Next step:` line names the
 *   tool): tools registered before the call or after it, with `registerTool` or the deprecated
 *   `tool()`, and callbacks replaced through `RegisteredTool.update` (task tools, SDK v1's
 *   `registerToolTask`, keep the SDK's own handling).
 * - Arguments that fail the tool's `inputSchema` reach the model as a failed tool result
 *   (`isError: true`, MCP SEP-1303) with category `validation`, the schema's issues in
 *   `details.issues` and a next step naming the first one — instead of the SDK's bare
 *   `Input validation error` text. The SDK still checks the input (its limits included); only
 *   its refusal is rewritten.
 * - A result that fails the tool's `outputSchema` is a server bug: `Internal error` with an
 *   `errorId`, the details to `onError`.
 * - `registerResource` and `registerPrompt` callbacks fail with JSON-RPC errors (MCP has no
 *   result form for them) in the codes of the revision the session negotiated (see
 *   `toMcpError`'s `protocolVersion`; a missing resource with `details.uri` is -32002 before
 *   2026-07-28, -32602 with `data.uri` from it on), under the same exposure rule. Errors the
 *   SDK's own classes build (`McpError`, `ProtocolError`, `ResourceNotFoundError`, …) pass as
 *   they are.
 *
 * It replaces, on this instance only, the SDK's input check and tool runner (`validateToolInput`
 * and `executeToolHandler`: not part of the SDKs' typed API; the tests pin both SDK majors) and
 * `registerResource` / `registerPrompt`; the runner wraps each tool's callback in its
 * `RegisteredTool` record (v1 `handler`, v2 `executor`) the first time the tool runs. Resources and prompts registered before the call keep
 * the SDK's own error handling: call it before registering those. Returns `server`; calling it
 * twice does nothing more.
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
    typeof target.validateToolInput !== 'function' ||
    typeof target.executeToolHandler !== 'function'
  ) {
    throw new TypeError(
      'withMcpErrors: server must be an McpServer from @modelcontextprotocol/sdk (v1) or @modelcontextprotocol/server (v2), with registerTool, validateToolInput and executeToolHandler',
    );
  }
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(
      `withMcpErrors: options must be an object; received ${options === null ? 'null' : typeof options}`,
    );
  }
  if (target[WRAPPED] === true) return server;
  const validate = target.validateToolInput;
  const execute = target.executeToolHandler;

  target.validateToolInput = function validateToolInput(
    this: unknown,
    tool: unknown,
    args: unknown,
    name: string,
  ) {
    // No extra async frame on the path every call takes: only a refusal is handled here.
    return Promise.resolve(validate.call(this, tool, args, name)).then(undefined, (refusal) => {
      // A tool without an input schema is called without arguments: its refusal (the SDK's
      // limit on the size of the arguments) stays the SDK's.
      const schema = (tool as ToolRecord | null)?.inputSchema;
      if (tool === null || typeof tool !== 'object' || schema == null || isTaskTool(tool)) {
        throw refusal;
      }
      return inputFailure(schema, args, refusal).then((error) => new InvalidInput(error));
    });
  };

  // Each tool's callback is wrapped the first time the tool runs (again after `update` replaces
  // it), where the SDK keeps it: the wrapper then sits between the SDK and the callback, as
  // `withToolErrors` does, and catches a throw before the SDK's async code turns it into a
  // rejection (which costs the round trip several times the wrapper's own work: bench).
  const ours = new WeakSet<object>();
  const wrap = (tool: ToolRecord & Record<string, unknown>, owner: unknown): void => {
    const handler = tool.handler;
    const v2 = typeof tool.executor === 'function';
    if (typeof handler !== 'function' || ours.has(v2 ? (tool.executor as object) : handler)) {
      return;
    }
    const name = () => toolName(owner, tool);
    const callback = catchToolErrors(handler as Callback, failure(name), (result) =>
      checkOutput(tool, result, name),
    );
    // SDK v2 runs `tool.executor(args, ctx)`, made at registration (and by `update`) to call the
    // handler with `(args, ctx)`, or `(ctx)` for a tool without an input schema; SDK v1 calls
    // `tool.handler` itself, in the same two forms.
    const replacement = !v2
      ? callback
      : tool.inputSchema == null
        ? (_args: unknown, ctx: unknown) => callback(ctx)
        : (args: unknown, ctx: unknown) => callback(args, ctx);
    ours.add(replacement);
    if (v2) tool.executor = replacement;
    else tool.handler = replacement;
  };
  const failure =
    (name: () => string) =>
    (error: unknown): McpToolErrorResult =>
      toolErrorResult(error, { ...options, subject: options?.subject ?? subjectFor(name()) });

  target.executeToolHandler = function executeToolHandler(
    this: unknown,
    tool: unknown,
    args: unknown,
    extra: unknown,
  ) {
    if (tool !== null && typeof tool === 'object' && !isTaskTool(tool)) {
      if (args instanceof InvalidInput) {
        return Promise.resolve(failure(() => toolName(this, tool))(args.error));
      }
      wrap(tool as ToolRecord & Record<string, unknown>, this);
    }
    return execute.call(this, tool, args, extra);
  };
  // Resources and prompts fail with JSON-RPC errors (MCP has no result form for them).
  const encodeOptions = {
    classify: toAgentError,
    ...(options?.onError === undefined ? {} : { onError: options.onError }),
  };
  const versionOf = () => negotiatedVersion(server);
  for (const method of ['registerResource', 'registerPrompt'] as const) {
    const original = (target as unknown as Record<string, unknown>)[method];
    if (typeof original !== 'function') continue;
    (target as unknown as Record<string, unknown>)[method] = function (
      this: unknown,
      ...args: unknown[]
    ) {
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = protocolErrors(callback as Callback, encodeOptions, versionOf);
      }
      return (original as Callback).apply(this, args);
    };
  }
  Object.defineProperty(target, WRAPPED, { value: true });
  return server;
}

/**
 * A task tool (SDK v1 `registerToolTask`: its handler is an object with `createTask`): the SDK
 * runs it in ways this module does not see (automatic polling), so it keeps the SDK's handling.
 */
function isTaskTool(tool: unknown): boolean {
  const handler = (tool as { handler?: unknown } | null)?.handler;
  return handler !== null && typeof handler === 'object' && 'createTask' in handler;
}

/**
 * The name `tool` is registered under (both SDKs keep their tools in `_registeredTools`, by
 * name), else `'this tool'`.
 */
function toolName(server: unknown, tool: unknown): string {
  try {
    const tools = (server as { _registeredTools?: Record<string, unknown> })._registeredTools;
    if (tools !== null && typeof tools === 'object') {
      for (const name of Object.keys(tools)) if (tools[name] === tool) return name;
    }
  } catch {
    // A server that is not what it seemed: the generic subject.
  }
  return 'this tool';
}

/** The revision the server negotiated, where the SDK says (v2: `server.server`). */
function negotiatedVersion(server: object): string | undefined {
  try {
    const inner = (server as { server?: { getNegotiatedProtocolVersion?: () => unknown } }).server;
    const version =
      typeof inner?.getNegotiatedProtocolVersion === 'function'
        ? inner.getNegotiatedProtocolVersion()
        : undefined;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An error one of the SDKs built (`McpError`, `ProtocolError`, `ResourceNotFoundError`, …): the
 * code meant it, and the SDK sends it as it is.
 */
function isSdkProtocolError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    Number.isInteger(code) &&
    (code as number) >= -32768 &&
    (code as number) <= -32000 &&
    error.name !== 'Error' &&
    error.name.endsWith('Error')
  );
}

/** A resource or prompt callback whose failures leave as MCP errors of the negotiated revision. */
function protocolErrors(
  callback: Callback,
  options: ToMcpErrorOptions,
  versionOf: () => string | undefined,
): Callback {
  return async function (this: unknown, ...args: unknown[]) {
    try {
      return await callback.apply(this, args);
    } catch (error) {
      if (isSdkProtocolError(error)) throw error;
      throw toMcpError(error, { ...options, protocolVersion: versionOf() });
    }
  };
}

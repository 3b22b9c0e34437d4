import { AgentError } from '../core/agent-error.js';
import { stripMcpErrorPrefix } from '../core/mcp-prefix.js';
import { sanitizeMessage } from '../core/sanitize-message.js';
import { schemaFailureError, schemaIssuesOf } from '../core/schema-issues.js';
import { toMcpError } from '../dialects/mcp/convert.js';
import type { ToMcpErrorOptions } from '../dialects/mcp/convert.js';
import { toAgentError } from '../front/decode.js';
import { invalidToolInput, wrapToolHandler } from './mcp-tool-errors.js';
import type { WithToolErrorsOptions } from './mcp-tool-errors.js';

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
 * - `registerResource` and `registerPrompt` callbacks fail with JSON-RPC errors (MCP has no
 *   result form for them) in the codes of the revision the session negotiated (see
 *   `toMcpError`'s `protocolVersion`; a missing resource with `details.uri` is -32002 before
 *   2026-07-28, -32602 with `data.uri` from it on), under the same exposure rule. Errors the
 *   SDK's own classes build (`McpError`, `ProtocolError`, `ResourceNotFoundError`, …) pass as
 *   they are.
 *
 * It replaces `registerTool`, `registerResource`, `registerPrompt` and the input check on this
 * instance only (the check is not part
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
    const subject = options?.subject ?? subjectFor(name);
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

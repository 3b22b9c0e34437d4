import { AgentError } from '../core/agent-error.js';
import { stripMcpErrorPrefix } from '../dialects/tool/mcp-prefix.js';
import { redactThenCut } from '../core/sanitize-message.js';
import { schemaFailureError, schemaIssuesOf } from '../dialects/schema/issues.js';
import { toMcpError } from '../helpers/mcp.js';
import { McpError } from '../dialects/mcp/mcp-error.js';
import type { ToMcpErrorOptions } from '../dialects/mcp/convert.js';
import { withDecoder } from '../front/encode.js';
import { MCP_WRAPPER_OPTIONS, toolCallOutcome, toolErrorResult } from './mcp-tool-errors.js';
import type { ToolCallOutcome } from './mcp-tool-errors.js';
import type { McpToolErrorResult, WithToolErrorsOptions } from './mcp-tool-errors.js';
import { checkWrapperOptions, describeMissingMethods } from './check-options.js';

/** Options of {@link withMcpErrors}: those of `withToolErrors`, for every tool. */
export type WithMcpErrorsOptions = WithToolErrorsOptions;

type Callback = (...args: unknown[]) => unknown;

// What withMcpErrors needs of an McpServer, named in its TypeError.
const SERVER_METHODS = [
  'registerTool',
  'validateToolInput',
  'executeToolHandler',
  'validateToolOutput',
] as const;

/** What the SDKs' `RegisteredTool` holds that this module reads (both SDKs name them so). */
interface ToolRecord {
  inputSchema?: unknown;
  outputSchema?: unknown;
  handler?: unknown;
}

/**
 * The members of an `McpServer` (v1 and v2) this module replaces on the instance. For every
 * call, whenever and however the tool was registered, both SDKs' `tools/call` handler runs
 * `validateToolInput(tool, args, name)`, `executeToolHandler(tool, args, extra)` (which calls the
 * tool's callback) and `validateToolOutput(tool, result, name)`. None of them is part of the
 * SDKs' typed API (the tests pin both SDK majors).
 */
interface McpServerShape {
  registerTool: (name: string, config: unknown, callback: Callback) => unknown;
  validateToolInput: (tool: unknown, args: unknown, name: string) => Promise<unknown>;
  executeToolHandler: (tool: unknown, args: unknown, extra: unknown) => Promise<unknown>;
  validateToolOutput: (tool: unknown, result: unknown, name: string) => Promise<unknown>;
}

/**
 * What `validateToolInput` hands on, in place of the arguments, for input the tool must not
 * run with: `executeToolHandler` answers with `error` instead of running the tool.
 */
class InvalidInput {
  constructor(
    readonly error: unknown,
    readonly name: string,
  ) {}
}

const WRAPPED = Symbol.for('agent-errors.withMcpErrors');

// How many tool names' failure options withMcpErrors keeps (see `failure` there).
const FAILURE_OPTIONS_LIMIT = 1_024;

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

/** `schema` run on `value` as the SDKs run it: Zod's `safeParseAsync`, else Standard Schema. */
async function runSchema(schema: unknown, value: unknown): Promise<unknown> {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
    return undefined;
  }
  // Zod first, as SDK v1 does: Zod's Standard Schema entry tries a synchronous parse first and
  // leaves an async refinement's rejection unhandled, which ends the process.
  const zod = schema as { safeParseAsync?: (v: unknown) => Promise<{ error?: unknown }> };
  if (typeof zod.safeParseAsync === 'function') return (await zod.safeParseAsync(value)).error;
  const std = (schema as Partial<StandardSchema>)['~standard'];
  return typeof std?.validate === 'function' ? std.validate(value) : undefined;
}

// The SDKs' refusal of arguments over their size limit (`maxToolInputElements`).
const TOO_MANY_ELEMENTS = /arguments contain more than the maximum of \d+ elements/;

/**
 * Why the SDK refused a tool's input: a validation error with the schema's own issues; the
 * SDK's words for arguments over its size limit (the schema is not run on those); or, when the
 * schema itself failed to run (a refinement that throws), that error, which goes out as any
 * unexpected error does (its category's fixed text and an `errorId`, the error to `onError`).
 */
async function inputFailure(schema: unknown, args: unknown, refusal: unknown): Promise<unknown> {
  // The SDKs refuse bad input with their InvalidParams error (-32602); anything else is the
  // schema's own failure.
  if (!(refusal instanceof Error) || (refusal as { code?: unknown }).code !== -32602)
    return refusal;
  if (!TOO_MANY_ELEMENTS.test(refusal.message)) {
    try {
      const issues = schemaIssuesOf(await runSchema(schema, args ?? {}));
      if (issues !== undefined) return schemaFailureError(issues);
    } catch (error) {
      return error;
    }
  }
  // The SDK's own words (the size limit, a schema whose issues cannot be read): an error the code
  // means to send, so its text goes as written with secrets redacted, and the encoder masks its
  // paths only when `maskPaths: true` asks, as for every other intended message.
  return AgentError.validation(redactThenCut(stripMcpErrorPrefix(refusal.message), 300), {
    code: 'VALIDATION_ERROR',
    captureStack: false,
  });
}

/**
 * Make every tool of an MCP server answer failures the way {@link withToolErrors} does, input
 * validation included: call it on an `McpServer` (SDK v1 `@modelcontextprotocol/sdk` or v2
 * `@modelcontextprotocol/server`), before or after registering tools.
 *
 * - Every tool answers as if wrapped with `withToolErrors` (the `Next step:` line names the
 *   tool; `meta: true` adds the hub fields in `_meta`): tools registered before the call or after it, with `registerTool` or the deprecated
 *   `tool()`, and callbacks replaced through `RegisteredTool.update` (task tools, SDK v1's
 *   `registerToolTask`, keep the SDK's own handling).
 * - Arguments that fail the tool's `inputSchema` reach the model as a failed tool result
 *   (`isError: true`, MCP SEP-1303) with category `validation`, the schema's issues in
 *   `details.issues` and a next step naming the first one — instead of the SDK's bare
 *   `Input validation error` text. The SDK still checks the input; arguments over its size
 *   limit (`maxToolInputElements`) are refused in its words, without running the schema on them.
 *   A schema that throws (a refinement that cannot run) is a server fault, sent as any
 *   unexpected error is.
 * - A result that fails the tool's `outputSchema` (the SDK's own check, run once) is a server
 *   bug: `Internal error` with an `errorId`, the details to `onError`.
 * - Resource, prompt and completion callbacks (`resources/read`, a template's `list` in
 *   `resources/list`, `prompts/get`, `completion/complete`), whenever they were registered,
 *   fail with JSON-RPC errors (MCP has no result form for them) in the codes of the revision
 *   the session negotiated (see `toMcpError`'s `protocolVersion`; a missing resource with
 *   `details.uri` is -32002 before 2026-07-28, -32602 with `data.uri` from it on), under the
 *   same exposure rule. The SDK's own refusals (`McpError` / `ProtocolError` with a code other
 *   than -32603) pass as they are; a -32603 (what an SDK client throws when the server it
 *   reads from fails) goes through the exposure rule.
 *
 * It replaces, on this instance only, the three steps of the SDK's `tools/call` handler
 * (`validateToolInput`, `executeToolHandler`, `validateToolOutput`) and wraps the request
 * handlers of those four methods in the protocol object's `_requestHandlers`
 * map (none of these is part of the SDKs' typed API; the tests pin both SDK majors). The SDK's
 * records are left as they are. Returns `server`; calling it twice does nothing more.
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
    typeof target.executeToolHandler !== 'function' ||
    typeof target.validateToolOutput !== 'function'
  ) {
    throw new TypeError(
      `withMcpErrors: server must be an McpServer from @modelcontextprotocol/sdk (v1) or @modelcontextprotocol/server (v2), with ${SERVER_METHODS.join(', ')}; received ${describeMissingMethods(server, SERVER_METHODS)}`,
    );
  }
  checkWrapperOptions('withMcpErrors', options, MCP_WRAPPER_OPTIONS);
  if (target[WRAPPED] === true) return server;
  const handlers = requestHandlersOf(target);
  if (handlers === undefined) {
    throw new TypeError(
      'withMcpErrors: server must be an McpServer whose protocol object (`server.server`) keeps its request handlers in a `_requestHandlers` map, as both SDK majors do',
    );
  }
  const validateInput = target.validateToolInput;
  const execute = target.executeToolHandler;
  const validateOutput = target.validateToolOutput;
  // The name each tool was last called by (the SDK passes it to validateToolInput only).
  const names = new WeakMap<object, string>();
  const nameOf = (tool: object): string => names.get(tool) ?? toolName(server, tool);
  // The options are read once, here. A tool's failures are written with them and the tool's
  // name as the subject, made once per name at its first failure. Every key is kept (sanitising rules ride along), and
  // an inherited `onError` too, as the protocol-error path below reads it. Tools registered and
  // removed under fresh names would grow the map: it is cleared past FAILURE_OPTIONS_LIMIT names.
  const onError = options?.onError;
  const subject = options?.subject;
  const base: WithToolErrorsOptions = { ...options };
  if (onError !== undefined) base.onError = onError;
  const failureOptions = new Map<string, WithToolErrorsOptions>();
  const failure = (name: string, error: unknown): McpToolErrorResult => {
    let written = failureOptions.get(name);
    if (written === undefined) {
      // Every member before the caller's, then set (see withDecoder), the decoder chosen here
      // once rather than at each failure.
      const named = withDecoder<WithToolErrorsOptions>({ subject: '', ...base });
      named.subject = subject ?? subjectFor(name);
      written = named;
      if (failureOptions.size >= FAILURE_OPTIONS_LIMIT) failureOptions.clear();
      failureOptions.set(name, written);
    }
    return toolErrorResult(error, written);
  };

  target.validateToolInput = function validateToolInput(
    this: unknown,
    tool: unknown,
    args: unknown,
    name: string,
  ) {
    if (!isRunHere(tool)) return validateInput.call(this, tool, args, name);
    if (names.get(tool) !== name) names.set(tool, name);
    // No extra async frame on the path every call takes: only a refusal is handled here.
    return Promise.resolve(validateInput.call(this, tool, args, name)).then(
      undefined,
      (refusal) => {
        // A tool without an input schema is called without arguments: its refusal (the SDK's
        // limit on the size of the arguments) stays the SDK's.
        if (tool.inputSchema == null) throw refusal;
        return inputFailure(tool.inputSchema, args, refusal).then(
          (error) => new InvalidInput(error, name),
        );
      },
    );
  };

  // The callback is called here, in place of the SDK's call and as the SDK would call it — with
  // `(args, extra)`, or `(extra)` for a tool without an input schema — so that what it throws is
  // answered before the SDK's async code sees a rejection (which costs the round trip several
  // times the wrapper's own work), in a microtask of its own (see toolCallOutcome). The SDK's
  // records are left as they are.
  const outcomes = new WeakMap<object, { handler: unknown; outcome: ToolCallOutcome<unknown> }>();
  const outcomeOf = (tool: ToolRecord & object, handler: unknown): ToolCallOutcome<unknown> => {
    const known = outcomes.get(tool);
    if (known !== undefined && known.handler === handler) return known.outcome;
    const outcome = toolCallOutcome(
      (error) => failure(nameOf(tool), error),
      // The output is checked here, by the SDK's own check, so that a failure is a server bug
      // (`Internal error`, the details to onError), not the schema's text for the model.
      (result) =>
        tool.outputSchema == null
          ? undefined
          : Promise.resolve(validateOutput.call(server, tool, result, nameOf(tool))).catch(
              (refusal: unknown) => {
                throw new Error(
                  `Tool ${nameOf(tool)} returned a result its output schema refuses`,
                  {
                    cause: refusal,
                  },
                );
              },
            ),
    );
    outcomes.set(tool, { handler, outcome });
    return outcome;
  };

  target.executeToolHandler = function executeToolHandler(
    this: unknown,
    tool: unknown,
    args: unknown,
    extra: unknown,
  ) {
    if (!isRunHere(tool)) return execute.call(this, tool, args, extra);
    if (args instanceof InvalidInput) return Promise.resolve(failure(args.name, args.error));
    const handler = tool.handler as Callback;
    return outcomeOf(
      tool,
      handler,
    )(() => (tool.inputSchema ? handler(args, extra) : handler(extra)));
  };

  // Checked already, in executeToolHandler.
  target.validateToolOutput = function validateToolOutput(
    this: unknown,
    tool: unknown,
    result: unknown,
    name: string,
  ) {
    return isRunHere(tool) ? Promise.resolve() : validateOutput.call(this, tool, result, name);
  };

  // Resources and prompts fail with JSON-RPC errors (MCP has no result form for them). Their
  // request handlers are wrapped where the SDK keeps them, so that callbacks registered before
  // this call, or swapped in later through `update`, are covered too.
  const decoder = options?.decoder;
  const encodeOptions = { ...(onError === undefined ? {} : { onError }), decoder };
  const versionOf = () => negotiatedVersion(server);
  wrapRequestHandlers(handlers, USER_CODE_METHODS, (handler) =>
    protocolErrors(handler, encodeOptions, versionOf),
  );
  Object.defineProperty(target, WRAPPED, { value: true });
  return server;
}

/**
 * The requests, other than `tools/call`, whose SDK handlers run the server author's callbacks:
 * reading a resource, a template's `list` (in `resources/list`), a prompt, and the `complete`
 * callbacks of templates and prompt arguments.
 */
const USER_CODE_METHODS = [
  'resources/read',
  'resources/list',
  'prompts/get',
  'completion/complete',
];

/**
 * The map in which the SDK's protocol object keeps its request handlers by method (both majors:
 * `server.server._requestHandlers`, read at each request; not part of their typed API, pinned by
 * the tests).
 */
function requestHandlersOf(server: object): Map<string, unknown> | undefined {
  const handlers = (server as { server?: { _requestHandlers?: unknown } }).server?._requestHandlers;
  return handlers instanceof Map ? (handlers as Map<string, unknown>) : undefined;
}

/**
 * Wrap, with `wrap`, the handlers of `methods` in `handlers`: those set already and those set
 * later (an SDK sets them when the first resource or prompt is registered, and may set them
 * again).
 */
function wrapRequestHandlers(
  handlers: Map<string, unknown>,
  methods: readonly string[],
  wrap: (handler: Callback) => Callback,
): void {
  // The map's own `set`, whatever the instance's is by then.
  const set = (map: Map<string, unknown>, method: string, handler: unknown) =>
    Map.prototype.set.call(map, method, handler);
  const wrapped = (method: unknown, handler: unknown) =>
    typeof handler === 'function' && methods.includes(method as string)
      ? wrap(handler as Callback)
      : handler;
  for (const method of methods) {
    const handler = handlers.get(method);
    if (handler !== undefined) set(handlers, method, wrapped(method, handler));
  }
  Object.defineProperty(handlers, 'set', {
    value: function (this: Map<string, unknown>, method: string, handler: unknown) {
      return set(this, method, wrapped(method, handler));
    },
    configurable: true,
    writable: true,
  });
}

/**
 * Whether this module runs `tool`: a tool whose handler is a function. A task tool (SDK v1's
 * `registerToolTask`: its handler is an object with `createTask`) is run by the SDK in ways this
 * module does not see (automatic polling), so it keeps the SDK's handling.
 */
function isRunHere(tool: unknown): tool is ToolRecord & object {
  return (
    tool !== null && typeof tool === 'object' && typeof (tool as ToolRecord).handler === 'function'
  );
}

/**
 * The name `tool` is registered under (both SDKs keep their tools in `_registeredTools`, by
 * name), else `'this tool'`.
 */
function toolName(server: unknown, tool: object): string {
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

// The classes the SDKs build their own refusals with (v1 `McpError` and its subclasses, v2
// `ProtocolError` and its subclasses, which keep those names).
const SDK_ERROR_NAMES: ReadonlySet<string> = new Set(['McpError', 'ProtocolError']);

/** The JSON-RPC code of an error the SDKs' own classes built, else `undefined`. */
function sdkErrorCode(error: unknown): number | undefined {
  if (!(error instanceof Error) || !SDK_ERROR_NAMES.has(error.name)) return undefined;
  const code = (error as { code?: unknown }).code;
  return Number.isInteger(code) ? (code as number) : undefined;
}

/**
 * An error one of the SDKs built (a resource or prompt that does not exist, arguments its schema
 * refuses): the code meant it, and the SDK sends it as it is. Not -32603: that is what an SDK
 * client throws for any failure of the server it reads from, with that server's message, which a
 * proxying callback would relay. And not another library's error that has a JSON-RPC code (a
 * blockchain client's `RpcRequestError` carries the node's URL and API key in its message).
 */
function isSdkProtocolError(error: unknown): boolean {
  const code = sdkErrorCode(error);
  return code !== undefined && code >= -32768 && code <= -32000 && code !== -32603;
}

/** An SDK error with -32603: another server's failure, its message that server's. */
function isRelayedFailure(error: unknown): boolean {
  return sdkErrorCode(error) === -32603;
}

/** A request handler whose failures leave as MCP errors of the negotiated revision. */
function protocolErrors(
  callback: Callback,
  options: ToMcpErrorOptions,
  versionOf: () => string | undefined,
): Callback {
  return async function (this: unknown, ...args: unknown[]) {
    try {
      return await callback.apply(this, args);
    } catch (error) {
      // This package's McpError (`toMcpError`'s) has been through the exposure rule already.
      if (error instanceof McpError || isSdkProtocolError(error)) throw error;
      // The MCP encoder relays an McpError as it is (the code meant it); a failure relayed from
      // another server goes out as an unexpected error, with the original as its cause.
      const sent = isRelayedFailure(error)
        ? new Error('A server this one reads from failed', { cause: error })
        : error;
      throw toMcpError(sent, { ...options, protocolVersion: versionOf() });
    }
  };
}

import { schemaFailureError, schemaIssuesOf } from '../dialects/schema/issues.js';
import { isThenable } from '../core/is.js';
import type { RequestId } from './messages.js';
import type { InferOutput, StandardSchemaV1 } from './standard-schema.js';
import { isStandardSchema } from './standard-schema.js';

/** What a method handler receives next to its params. */
export interface RequestContext {
  /** The method called. */
  readonly method: string;
  /** The request id; `undefined` for a notification. */
  readonly id: RequestId | null | undefined;
  /** Fires when the peer cancels this request or the connection closes. */
  readonly signal: AbortSignal;
}

/** A method: `(params, context) => result`. Whatever it throws is encoded by the codec. */
// `any` by default so that a method table can declare each method's own params type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MethodHandler<P = any, R = unknown> = (
  params: P,
  context: RequestContext,
) => R | PromiseLike<R>;

/** A method whose params a Standard Schema (Zod, Valibot, …) checks first; failures answer -32602. */
export interface MethodDefinition<S extends StandardSchemaV1 = StandardSchemaV1, R = unknown> {
  params: S;
  handler: MethodHandler<InferOutput<S>, R>;
}

/** The methods a handler or peer serves, by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition keeps its own schema type
export type Methods = Record<string, MethodHandler | MethodDefinition<any>>;

/**
 * Declare a method whose params are validated by a Standard Schema, with the handler's params
 * typed from the schema.
 *
 * @example
 * const methods = {
 *   add: defineMethod(z.object({ a: z.number(), b: z.number() }), ({ a, b }) => a + b),
 * };
 */
export function defineMethod<S extends StandardSchemaV1, R>(
  params: S,
  handler: MethodHandler<InferOutput<S>, R>,
): MethodDefinition<S, R> {
  if (!isStandardSchema(params)) {
    throw new TypeError(
      'defineMethod: params must be a Standard Schema (an object with ~standard)',
    );
  }
  if (typeof handler !== 'function')
    throw new TypeError('defineMethod: handler must be a function');
  return { params, handler };
}

/** A method normalised for dispatch. */
export interface MethodEntry {
  /** The handler; for a method with a params schema, one that checks the params first. */
  readonly handler: MethodHandler;
}

/**
 * `handler` behind `schema`: params the schema refuses are thrown as an invalid-params
 * `validation` error before the handler runs (the dispatcher answers it -32602, as anything a
 * handler throws), and the handler gets the schema's output. A schema may check asynchronously.
 */
function checkedBy(schema: StandardSchemaV1, handler: MethodHandler): MethodHandler {
  const accept = (result: unknown, context: RequestContext): unknown => {
    const issues = schemaIssuesOf(result);
    if (issues) throw schemaFailureError(issues, { params: true });
    return handler((result as { value: unknown }).value, context);
  };
  return (params, context) => {
    const result = schema['~standard'].validate(params);
    return isThenable(result)
      ? Promise.resolve(result).then((settled) => accept(settled, context))
      : accept(result, context);
  };
}

/** Check and normalise a method table; `owner` names the option in errors. */
export function methodEntries(methods: unknown, owner: string): Map<string, MethodEntry> {
  const out = new Map<string, MethodEntry>();
  if (methods === undefined) return out;
  if (methods === null || typeof methods !== 'object') {
    throw new TypeError(`${owner}: methods must be an object of functions`);
  }
  for (const [name, value] of Object.entries(methods as Record<string, unknown>)) {
    out.set(name, methodEntry(name, value, owner));
  }
  return out;
}

/** Check and normalise one method. */
export function methodEntry(name: string, value: unknown, owner: string): MethodEntry {
  if (name.startsWith('rpc.')) {
    throw new TypeError(
      `${owner}: methods.${name}: names starting with "rpc." are reserved by JSON-RPC 2.0`,
    );
  }
  if (typeof value === 'function') return { handler: value as MethodHandler };
  if (value !== null && typeof value === 'object') {
    const { params, handler } = value as { params?: unknown; handler?: unknown };
    if (typeof handler === 'function' && isStandardSchema(params)) {
      return { handler: checkedBy(params, handler as MethodHandler) };
    }
  }
  throw new TypeError(
    `${owner}: methods.${name} must be a function or { params: StandardSchema, handler }`,
  );
}

/**
 * The context one incoming request runs with. The `AbortSignal` is made only when a handler
 * reads it: most handlers never do, and a controller per request is a measurable cost.
 */
export class CallContext implements RequestContext {
  readonly method: string;
  readonly id: RequestId | null | undefined;
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;

  constructor(method: string, id: RequestId | null | undefined) {
    this.method = method;
    this.id = id;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

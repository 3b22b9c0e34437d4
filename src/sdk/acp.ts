import type { AcpEncodeOptions, RequestErrorConstructor } from '../dialects/acp/convert.js';
import { encode } from '../front/encode.js';
import { checkWrapperOptions } from './check-options.js';

/**
 * Options for {@link withAcpErrors}: those of `encode(error, 'acp')`. `onError` receives every
 * error the handler did not mean to send (a raw `Error`, a `TypeError` from a bug) with the
 * `errorId` the client was shown; without it, one sanitised line goes to stderr.
 */
export type WithAcpErrorsOptions = AcpEncodeOptions;

type AnyFunction = (...args: never[]) => unknown;

/**
 * What {@link withAcpErrors} takes as an app: `@agentclientprotocol/sdk`'s `AgentApp` or
 * `ClientApp`, recognised by shape.
 */
export interface AcpAppLike {
  /** Registers a request handler (the last argument); `onNotification`, if present, too. */
  onRequest(...args: never[]): unknown;
}

function convert<E>(
  thrown: unknown,
  RequestErrorClass: RequestErrorConstructor<E>,
  options: WithAcpErrorsOptions | undefined,
): E {
  // `encode` applies the exposure rule with the one classifier: an upstream 429 still says "wait".
  const { code, message, data } = encode(thrown, 'acp', options);
  return new RequestErrorClass(code, message, data);
}

function wrapHandler<F extends AnyFunction, E>(
  handler: F,
  RequestErrorClass: RequestErrorConstructor<E>,
  options: WithAcpErrorsOptions | undefined,
): F {
  const wrapped = async function (this: unknown, ...args: Parameters<F>): Promise<unknown> {
    try {
      return await handler.apply(this, args);
    } catch (thrown) {
      // An instance of the SDK's RequestError, an Error subclass this package cannot name.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw convert(thrown, RequestErrorClass, options);
    }
  };
  return wrapped as unknown as F;
}

/**
 * A params parser (`onRequest(method, parser, handler)`, for extension methods): synchronous, so
 * wrapped without a promise. The SDK sends a parser's `ZodError` as `invalidParams` itself; what
 * else it throws (a hand-written check's message may echo the params) is converted too.
 */
function wrapParser<E>(
  parser: unknown,
  RequestErrorClass: RequestErrorConstructor<E>,
  options: WithAcpErrorsOptions | undefined,
): unknown {
  const parse =
    typeof parser === 'function'
      ? parser
      : parser !== null && typeof parser === 'object'
        ? (parser as { parse?: unknown }).parse
        : undefined;
  if (typeof parse !== 'function') return parser;
  const wrapped = function (this: unknown, params: unknown): unknown {
    try {
      return (parse as (p: unknown) => unknown).call(
        typeof parser === 'function' ? this : parser,
        params,
      );
    } catch (thrown) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the SDK's RequestError
      throw convert(thrown, RequestErrorClass, options);
    }
  };
  return typeof parser === 'function' ? wrapped : { ...(parser as object), parse: wrapped };
}

/** Wrap the handler (always the last argument) of one `onRequest` / `onNotification` call. */
function patchRegistration<E>(
  app: Record<string, unknown>,
  method: 'onRequest' | 'onNotification',
  RequestErrorClass: RequestErrorConstructor<E>,
  options: WithAcpErrorsOptions | undefined,
): void {
  const original = app[method];
  if (typeof original !== 'function') return;
  Object.defineProperty(app, method, {
    configurable: true,
    writable: true,
    value: function (this: unknown, ...args: unknown[]): unknown {
      const last = args.length - 1;
      const handler = args[last];
      if (typeof handler === 'function') {
        args[last] = wrapHandler(handler as AnyFunction, RequestErrorClass, options);
      }
      if (args.length === 3) args[1] = wrapParser(args[1], RequestErrorClass, options);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    },
  });
}

/**
 * Make `@agentclientprotocol/sdk` handlers send safe, classified errors. The SDK recognises only
 * its own `RequestError` (by `instanceof`): anything else thrown in a handler reaches the peer as
 * `-32603 Internal error` with the thrown message in `data.details`, secrets and paths
 * included. Pass the SDK's `RequestError` class (this package depends on no SDK) and either
 *
 * - an app (`acp.agent()` or `acp.client()`): every handler registered on it from then on,
 *   through `onRequest` or `onNotification`, is wrapped, so call it first; or
 * - one handler function: the wrapped handler.
 *
 * Whatever a wrapped handler (or an extension method's params parser) throws becomes an
 * instance of that class, as `encode(error, 'acp')` writes it: an `AgentError` with its ACP code
 * (`-32000` auth, `-32002` not found, `-32800` cancelled, `-32602` validation) or `-32603`, with
 * `data.agentError` carrying `code`, `category`, `retryable` and `retryAfterMs`; a
 * `RequestError` (the SDK's or ours) as it is, its data redacted; a schema failure as
 * `invalidParams` with its issues; what the one classifier recognises (an upstream provider's
 * 429, a Node `ENOENT`) with its category and a sanitised message; anything else as
 * `Internal error` with only `data.errorId`, the original going to `onError` (or one sanitised
 * line on stderr). Errors thrown by notification handlers are converted the same way, so the
 * SDK's log line shows the safe form.
 *
 * @typeParam T - The app (`AgentApp`, `ClientApp`) or the handler; returned with its type.
 * @typeParam E - The SDK's `RequestError` class's instances.
 * @example
 * import * as acp from '@agentclientprotocol/sdk';
 * const app = withAcpErrors(acp.agent(), acp.RequestError, { onError: (e, id) => log(id, e) })
 *   .onRequest('session/prompt', async () => {
 *     throw AgentError.rateLimited('Model is busy', { retryAfterMs: 2000 });
 *   }); // the client sees -32603 with data.agentError { category: 'rate_limit', retryAfterMs: 2000 }
 */
export function withAcpErrors<T extends AcpAppLike | ((...args: never[]) => unknown), E>(
  target: T,
  RequestErrorClass: RequestErrorConstructor<E>,
  options?: WithAcpErrorsOptions,
): T {
  if (typeof RequestErrorClass !== 'function') {
    throw new TypeError(
      `withAcpErrors: RequestErrorClass must be a constructor (the SDK's RequestError); received ${RequestErrorClass === null ? 'null' : typeof RequestErrorClass}`,
    );
  }
  checkWrapperOptions('withAcpErrors', options, { hooks: ['onError'] });
  if (typeof target === 'function') {
    return wrapHandler(target, RequestErrorClass, options) as T;
  }
  if (
    target === null ||
    typeof target !== 'object' ||
    typeof (target as { onRequest?: unknown }).onRequest !== 'function'
  ) {
    throw new TypeError(
      `withAcpErrors: target must be an ACP app (with onRequest) or a handler function; received ${target === null ? 'null' : typeof target}`,
    );
  }
  const app = target as unknown as Record<string, unknown>;
  patchRegistration(app, 'onRequest', RequestErrorClass, options);
  patchRegistration(app, 'onNotification', RequestErrorClass, options);
  return target;
}

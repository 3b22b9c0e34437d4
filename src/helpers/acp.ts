import { RequestError } from '../dialects/acp/request-error.js';
import type { AcpEncodeOptions, RequestErrorConstructor } from '../dialects/acp/convert.js';
import { encode } from '../front/encode.js';
import { sdkClassError } from './sdk-class.js';

/**
 * Any error as this package's ACP {@link RequestError}, built from `encode(error, 'acp')`: for
 * our own peer (`createPeer({ protocol: 'acp' })`), for `toResult()` / `toErrorResponse()`, or
 * to send by hand. A `RequestError` is returned as it is. Not for throwing from an
 * `@agentclientprotocol/sdk` handler: that SDK recognises only its own class (by `instanceof`)
 * and sends anything else as `-32603 Internal error`, the message in `data.details`. There,
 * wrap the handler or app with `withAcpErrors`, or throw {@link toSdkRequestError}'s result.
 *
 * @example
 * throw toRequestError(AgentError.notFound('No such file', { details: { uri: 'file:///a' } }));
 */
export function toRequestError(error: unknown, options?: AcpEncodeOptions): RequestError {
  if (error instanceof RequestError) return error;
  const { code, message, data } = encode(error, 'acp', options);
  return new RequestError(code, message, data);
}

/**
 * Any error as an instance of the SDK's own `RequestError` class, which you pass in (this
 * package depends on no SDK), built from `encode(error, 'acp')`. `@agentclientprotocol/sdk`
 * recognises thrown errors with `instanceof` and turns anything else into `Internal error`, so
 * a handler that throws must throw the SDK's class to keep the code, message and data.
 *
 * @example
 * import { RequestError as SdkRequestError } from '@agentclientprotocol/sdk';
 * throw toSdkRequestError(RequestError.authRequired(), SdkRequestError);
 */
export function toSdkRequestError<E>(
  error: unknown,
  RequestErrorClass: RequestErrorConstructor<E>,
  options?: AcpEncodeOptions,
): E {
  return sdkClassError(
    'toSdkRequestError',
    'RequestErrorClass',
    RequestErrorClass,
    error,
    'acp',
    options,
  );
}

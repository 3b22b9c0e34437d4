import type { Dialect } from '../../core/dialect.js';
import { decodeHttpError, encodeHttpError } from './response.js';
import type { ToHttpResponseOptions } from './response.js';

/** HTTP responses (status, headers, RFC 9457 problem documents, provider bodies) in the registry. */
export const httpDialect: Dialect<ToHttpResponseOptions> = {
  protocol: 'http',
  encode: encodeHttpError,
  decode: decodeHttpError,
};

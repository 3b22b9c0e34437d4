import type { Dialect } from '../../core/dialect.js';
import { decodeToolError, encodeToolError } from './convert.js';
import type { ToolEncodeOptions } from './convert.js';

/** ToolError text (`[ERROR code=… category=… retryable=…] message` and its JSON block) in the registry. */
export const toolDialect: Dialect<ToolEncodeOptions> = {
  protocol: 'tool',
  encode: encodeToolError,
  decode: decodeToolError,
};

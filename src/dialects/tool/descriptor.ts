import type { Dialect } from '../../core/dialect.js';
import { encodeToolError } from './convert.js';
import { decodeToolError } from './decode.js';
import type { ToolEncodeOptions } from './convert.js';

/** ToolError text (`[ERROR code=… category=… retryable=…] message` and its JSON block) in the registry. */
export const toolDialect: Dialect<ToolEncodeOptions> = {
  protocol: 'tool',
  encode: encodeToolError,
  decode: decodeToolError,
};

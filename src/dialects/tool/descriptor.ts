import type { Dialect } from '../../core/dialect.js';
import type { ToCallToolResultOptions } from '../../core/call-tool-result.js';
import { decodeToolError, encodeToolError } from './convert.js';

/** ToolError text (`[ERROR code=… category=… retryable=…] message` and its JSON block) in the registry. */
export const toolDialect: Dialect<ToCallToolResultOptions> = {
  protocol: 'tool',
  encode: encodeToolError,
  decode: decodeToolError,
};

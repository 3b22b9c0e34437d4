import type { Reader } from '../../core/reader.js';
import { decodeToolError } from './convert.js';
import { isToolError } from './tool-error.js';

/** A `ToolError` or its fields (a string code from its table), or anything with the `tool` hint. */
export const toolErrorReader: Reader = {
  name: 'ToolError',
  recognise(view) {
    return view.protocol === 'tool' || (typeof view.code === 'string' && isToolError(view.input))
      ? decodeToolError(view.input)
      : undefined;
  },
};

import type { Reader } from '../../core/reader.js';
import { decodeToolError } from './decode.js';
import { isToolError } from './is-tool-error.js';
import { fromToolErrorText } from './tool-text-decode.js';

/** A `ToolError` or its fields (a string code from its table), or anything with the `tool` hint. */
export const toolErrorReader: Reader = {
  name: 'ToolError',
  meantToSend: isToolError,
  recognise(view, context) {
    return view.protocol === 'tool' || (typeof view.code === 'string' && isToolError(view.input))
      ? decodeToolError(view.input, context.fallback)
      : undefined;
  },
};

/**
 * Any text, as the text of a failed tool call ({@link fromToolErrorText}): ToolError text in
 * any form, the `MCP error <code>: ` prefix, then a few conservative keywords ("rate limit",
 * "timed out", "Not connected"). A decoder also reads by it the message of an error nothing
 * else recognised. Without it, a decoder reads text only by its other readers.
 */
export const toolTextReader: Reader = {
  name: 'ToolError text',
  recogniseText: (text) => fromToolErrorText(text),
};

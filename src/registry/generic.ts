/**
 * What every decoder uses, whichever readers it was given: the tool family's text reader
 * (ToolError text in any form, `MCP error <code>: ` prefixes, then a few conservative keywords)
 * for text and for messages nothing recognised, and the fetch `Response` test `tryDecode` needs.
 * Kept apart from the reader table so that a decoder built from a few readers carries only those.
 */
export { fromToolErrorText as readErrorText } from '../dialects/tool/tool-text-decode.js';
export { byKeywords } from '../dialects/tool/keywords.js';
export { isWebResponse } from '../dialects/http/web-globals.js';

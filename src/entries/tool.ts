/**
 * `ToolError` and its agent-readable text format.
 *
 * @module agent-errors/tool
 */
export * from '../dialects/tool/index.js';

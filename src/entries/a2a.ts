/**
 * A2A (Agent2Agent): its error codes and both of its error data forms.
 *
 * @module agent-errors/a2a
 */
export * from '../dialects/a2a/index.js';
export { a2aSdkReader } from '../dialects/a2a/reader.js';

/**
 * ARCP: its error classes, payloads and envelopes, and `errorBoundary`.
 *
 * @module agent-errors/arcp
 */
export * from '../dialects/arcp/index.js';
export { toArcpError } from '../helpers/arcp.js';
export { arcpCodeReader, arcpReader } from '../dialects/arcp/reader.js';

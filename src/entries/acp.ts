/**
 * ACP (Agent Client Protocol): the SDK's `RequestError`, with our categories.
 *
 * @module agent-errors/acp
 */
export * from '../dialects/acp/index.js';

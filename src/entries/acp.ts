/**
 * ACP (Agent Client Protocol): the SDK's `RequestError`, with our categories, and
 * `withAcpErrors` for `@agentclientprotocol/sdk` handlers.
 *
 * @module agent-errors/acp
 */
export * from '../dialects/acp/index.js';
export { toRequestError, toSdkRequestError } from '../helpers/acp.js';
export { withAcpErrors } from '../sdk/acp.js';
export type { AcpAppLike, WithAcpErrorsOptions } from '../sdk/acp.js';

/**
 * LSP: its error codes and vscode-jsonrpc's `ResponseError`.
 *
 * @module agent-errors/lsp
 */
export * from '../dialects/lsp/index.js';
export { toResponseError, toSdkResponseError } from '../helpers/lsp.js';

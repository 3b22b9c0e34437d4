// Temporary entry point for the JSON-RPC peer; folded into `agent-errors/jsonrpc` at merge.
export * from '../rpc/index.js';

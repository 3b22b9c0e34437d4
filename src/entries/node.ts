/**
 * Node-only transports for the JSON-RPC peer: Node streams, child processes and stdio.
 *
 * @module agent-errors/node
 */
export * from '../node/index.js';

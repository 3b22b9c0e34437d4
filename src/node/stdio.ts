import type { Transport } from '../rpc/transport.js';
import type { StdioFramingOptions } from './child-process.js';
import { nodeStreamTransport } from './node-stream-transport.js';

/**
 * A transport over this process's stdin and stdout, for a server that a client spawns (an MCP
 * stdio server, an ACP agent, an LSP server). stdout is not ended on close and stdin is only
 * paused, so the process can still log and exit normally; write logs to stderr.
 *
 * @example
 * const peer = createPeer({ transport: stdioTransport(), protocol: 'mcp', methods });
 * peer.start();
 */
export function stdioTransport(options: StdioFramingOptions = {}): Transport {
  return nodeStreamTransport({
    input: process.stdin,
    output: process.stdout,
    ...options,
    endOutput: false,
    destroyInput: false,
  });
}

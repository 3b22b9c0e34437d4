export { nodeStreamTransport } from './node-stream-transport.js';
export type { NodeStreamTransportOptions } from './node-stream-transport.js';
export { childProcessTransport, spawnTransport } from './child-process.js';
export type { SpawnTransportOptions, StdioFramingOptions } from './child-process.js';
export { stdioTransport } from './stdio.js';

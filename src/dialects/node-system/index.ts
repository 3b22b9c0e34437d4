export { nodeSystemReader } from './reader.js';

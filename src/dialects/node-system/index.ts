export { nodeSystemReader, systemErrorReader } from './reader.js';
export { SYSTEM_ERROR_CATEGORIES } from './codes.js';

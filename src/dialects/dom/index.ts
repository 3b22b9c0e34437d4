export { domReader } from './reader.js';

export { clientLibraryReader, langChainReader } from './reader.js';

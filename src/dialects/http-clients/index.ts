export { clientLibraryReader, langChainReader, wrappedErrorReader } from './reader.js';

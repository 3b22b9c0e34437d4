export { clientLibraryReader, langChainReader, wrappedErrorReader } from './reader.js';
export { statusCodeReader } from './status-code.js';

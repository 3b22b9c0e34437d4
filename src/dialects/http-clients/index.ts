export {
  clientLibraryReader,
  langChainReader,
  responseInstanceReader,
  wrappedErrorReader,
} from './reader.js';
export { statusCodeReader } from './status-code.js';

export {
  clientLibraryReader,
  langChainReader,
  responseInstanceReader,
  wrappedErrorReader,
} from './reader.js';

export { aiSdkStreamPartReader, providerSdkReader } from './reader.js';

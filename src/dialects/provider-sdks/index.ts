export {
  aiSdkStreamPartReader,
  openAiFailedResponseReader,
  openAiResponsesEventReader,
  providerSdkReader,
} from './reader.js';

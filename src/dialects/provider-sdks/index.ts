export {
  agentsSdkReader,
  aiSdkStreamPartReader,
  openAiFailedResponseReader,
  openAiResponsesEventReader,
  platformSdkReader,
  providerSdkReader,
} from './reader.js';

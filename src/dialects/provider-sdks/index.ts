export {
  agentsSdkReader,
  aiSdkStreamPartReader,
  openAiFailedResponseReader,
  openAiResponsesEventReader,
  providerSdkReader,
} from './reader.js';

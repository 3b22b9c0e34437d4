export {
  agentsSdkReader,
  agentsStreamEventReader,
  aiSdkStreamPartReader,
  openAiFailedResponseReader,
  openAiResponsesEventReader,
  platformSdkReader,
  providerSdkReader,
} from './reader.js';

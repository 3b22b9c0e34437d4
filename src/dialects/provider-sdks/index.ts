export {
  agentsSdkReader,
  agentsStreamEventReader,
  aiSdkStreamPartReader,
  openAiFailedResponseReader,
  openAiResponsesEventReader,
  providerSdkReader,
} from './reader.js';

/** The `domain` A2A puts in its `ErrorInfo`. */
export const A2A_ERROR_DOMAIN = 'a2a-protocol.org';
/**
 * The `@type` of the detail in which we carry our own fields in A2A v1.0's `data` array (the
 * array form has no free-form object for the `agentError` key the other dialects use).
 */
export const AGENT_ERROR_DETAIL_TYPE = 'type.agent-errors.dev/AgentError';

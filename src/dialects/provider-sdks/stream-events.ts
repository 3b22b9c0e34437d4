import type { AgentError } from '../../core/agent-error.js';
import { decodedError } from '../../core/agent-error.js';
import { asRecord } from '../../core/is.js';
import { readProviderError } from '../http/provider-body.js';
import { fromHttpResponse } from '../http/response.js';

/**
 * The error inside an OpenAI Responses API stream event, or `undefined` for any other value: an
 * `error` event carries it in its own members (`code`, `message`, `param`, beside its
 * `sequence_number`); a `response.failed` event in `response.error`; a `response.incomplete`
 * event its `response.incomplete_details.reason`. Other `{ type: 'error' }`
 * shapes (Anthropic's body, the AI SDK's part) carry an `error` member and are left alone.
 */
export function responsesError(
  input: Record<string, unknown>,
  type: unknown,
): Record<string, unknown> | undefined {
  if (type === 'error') {
    if (input.error !== undefined || typeof input.message !== 'string') return undefined;
    if (!('code' in input) || !('sequence_number' in input || 'param' in input)) return undefined;
    return input;
  }
  if (type === 'response.failed') return asRecord(asRecord(input.response)?.error);
  if (type === 'response.incomplete') return incompleteError(asRecord(input.response));
  return undefined;
}

/**
 * An incomplete response's reason as an error object (`{ code: reason }`): the Responses API
 * stops a response short with `incomplete_details.reason` `max_output_tokens` (raise the limit
 * or shorten the task) or `content_filter` (a policy refusal); either way the same request
 * stops the same way.
 */
export function incompleteError(
  response: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const reason = asRecord(response?.incomplete_details)?.reason;
  if (typeof reason !== 'string') return undefined;
  return { code: reason, message: `The response is incomplete: ${reason}` };
}

/**
 * The {@link AgentError} for a Responses API error object (`{ code, message, param? }`): read as
 * the provider's error body, by its code; a code the table does not list (or none) is an internal
 * failure, its code kept in `details.provider`.
 */
export function fromResponsesError(error: Record<string, unknown>): AgentError {
  const { code, message, param } = error;
  const inner: Record<string, unknown> = { message: typeof message === 'string' ? message : '' };
  if (typeof code === 'string') inner.code = code;
  if (typeof param === 'string') inner.param = param;
  const body = { error: inner };
  if (readProviderError(body) !== undefined) return fromHttpResponse({ body });
  return decodedError({
    message: typeof message === 'string' && message !== '' ? message : 'The response failed',
    category: 'internal',
    code: 'INTERNAL_ERROR',
    retryable: false,
    retryAfterMs: undefined,
    details: typeof code === 'string' ? { provider: { code } } : undefined,
    wire: undefined,
    cause: undefined,
  });
}

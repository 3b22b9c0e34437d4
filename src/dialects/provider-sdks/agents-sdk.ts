import type { AgentError } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import { copyRecord } from '../../core/copy-record.js';
import { fromMeaning } from '../../core/meaning.js';
import { causedBy } from './provider-sdk.js';

/**
 * The errors of the OpenAI Agents SDK (`@openai/agents`, `AgentsError` and its subclasses, whose
 * `name` is the class name and which always carry a `state` member), by name. A guardrail
 * tripwire is a policy refusal, as a provider's content filter is (`CONTENT_FILTERED`), not an
 * internal fault; a model that misbehaved (bad tool call, unparsable output) may do better when
 * asked again (openai-agents-js #1334), so it retries; the run's turn budget spent is a quota the
 * caller set. `ToolCallError` and `GuardrailExecutionError` wrap the failure in `error`: that one
 * decides.
 */
export const AGENTS_SDK_ERRORS: Readonly<
  Record<string, { category: ErrorCategory; code: string; retryable: boolean }>
> = {
  InputGuardrailTripwireTriggered: {
    category: 'validation',
    code: 'CONTENT_FILTERED',
    retryable: false,
  },
  OutputGuardrailTripwireTriggered: {
    category: 'validation',
    code: 'CONTENT_FILTERED',
    retryable: false,
  },
  ToolInputGuardrailTripwireTriggered: {
    category: 'validation',
    code: 'CONTENT_FILTERED',
    retryable: false,
  },
  ToolOutputGuardrailTripwireTriggered: {
    category: 'validation',
    code: 'CONTENT_FILTERED',
    retryable: false,
  },
  ModelRefusalError: { category: 'validation', code: 'CONTENT_FILTERED', retryable: false },
  ModelBehaviorError: { category: 'internal', code: 'MODEL_BEHAVIOR_ERROR', retryable: true },
  InvalidToolInputError: { category: 'internal', code: 'MODEL_BEHAVIOR_ERROR', retryable: true },
  MaxTurnsExceededError: { category: 'quota', code: 'MAX_TURNS_EXCEEDED', retryable: false },
  ToolTimeoutError: { category: 'timeout', code: 'TIMEOUT', retryable: true },
  UserError: { category: 'internal', code: 'USER_ERROR', retryable: false },
  InvalidToolOutputError: { category: 'internal', code: 'USER_ERROR', retryable: false },
  SystemError: { category: 'internal', code: 'INTERNAL_ERROR', retryable: false },
};

/** The Agents SDK's wrappers: the failure they carry in `error` decides. */
const WRAPPERS: ReadonlySet<string> = new Set(['ToolCallError', 'GuardrailExecutionError']);

/**
 * The {@link AgentError} for an Agents SDK error, `undefined` for anything else. A wrapper gives
 * its inner `error` to `decodeInner` (the decoder itself), keeping itself as the cause.
 */
export function fromAgentsSdkError(
  error: Error,
  decodeInner: (inner: unknown) => AgentError,
): AgentError | undefined {
  if (!Object.hasOwn(error, 'state')) return undefined;
  const name = error.name;
  if (WRAPPERS.has(name)) {
    const inner = (error as Error & { error?: unknown }).error;
    if (inner === undefined || inner === null) return undefined;
    const decoded = decodeInner(inner);
    // Not a spread plus a member: on V8 that makes a new hidden class on every call.
    const details = decoded.details === undefined ? {} : copyRecord(decoded.details);
    details.agents = { error: name };
    return causedBy(decoded, error, details);
  }
  const known = Object.hasOwn(AGENTS_SDK_ERRORS, name) ? AGENTS_SDK_ERRORS[name] : undefined;
  if (known === undefined) return undefined;
  return fromMeaning(error, known, { agents: { error: name } });
}

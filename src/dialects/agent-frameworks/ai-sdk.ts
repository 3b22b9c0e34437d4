import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { asRecord } from '../../core/is.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { statusMeaning } from '../http/status.js';

/**
 * The AI SDK's errors (`ai` 6, `@ai-sdk/provider` 3): every class's `name` is `AI_<Class>`. The
 * table is the SDK's own list ("AI SDK Errors", ai-sdk.dev/docs/reference/ai-sdk-errors, one
 * page per class), each class read by what it says about the call:
 *
 * - the model answered off what was asked — a tool it lacks (`NoSuchToolError`), arguments off
 *   the tool's schema (`InvalidToolInputError`), a tool choice it ignored
 *   (`ToolChoiceViolationError`), an object off the schema or nothing at all (`No*Generated`):
 *   internal `MODEL_BEHAVIOR_ERROR`, retryable, as the Agents SDK's `ModelBehaviorError` is read
 *   (openai-agents-js #1334): asked again, a model may do better (the SDK's own remedy is
 *   `experimental_repairToolCall`, which asks again);
 * - the caller's arguments, prompt, messages, settings or model object are wrong: validation;
 * - the provider answered, but not as it documents (a 2xx the SDK could not parse, a stream part
 *   it could not place, an empty body): protocol, not retried;
 * - a wrapper (`RetryError`, `ToolCallRepairError`, `NoOutputGeneratedError`, `DownloadError`,
 *   `ToolExecutionError`, a status-less `APICallError`): what it carries decides.
 */

/** The one classifier, for what an error wraps (`RetryError.lastError`, a cause). */
type Classify = (value: unknown) => AgentError;

/** A model that answered off what was asked: asked again, it may do better. */
export const MODEL_BEHAVIOR: Meaning<string> = {
  category: 'internal',
  code: 'MODEL_BEHAVIOR_ERROR',
  retryable: true,
};
const VALIDATION = m('validation', 'VALIDATION_ERROR');
const PROTOCOL = m('protocol', 'PROTOCOL_ERROR');

/** The SDK's classes whose name alone says what they mean (`AI_` and `Error` left off). */
const AI_SDK_NAMES: ReadonlyMap<string, Meaning<string>> = new Map(
  (
    [
      [m('auth', 'MISSING_API_KEY'), 'LoadAPIKey'],
      [
        VALIDATION,
        'LoadSetting InvalidArgument InvalidPrompt TypeValidation InvalidMessageRole JSONParse ' +
          'InvalidDataContent MessageConversion MissingToolResults UnsupportedModelVersion ' +
          'InvalidToolApproval InvalidToolApprovalSignature ToolCallNotFoundForApproval',
      ],
      [m('validation', 'REQUEST_TOO_LARGE'), 'TooManyEmbeddingValuesForCall'],
      [m('not_found', 'MODEL_NOT_FOUND'), 'NoSuchModel NoSuchProvider'],
      [m('protocol', 'NOT_IMPLEMENTED'), 'UnsupportedFunctionality'],
      [PROTOCOL, 'EmptyResponseBody InvalidResponseData InvalidStreamPart UIMessageStream'],
      // Read as the rows below, with a code that says which mistake (a caller may switch on it).
      [{ ...MODEL_BEHAVIOR, code: 'NO_SUCH_TOOL' }, 'NoSuchTool'],
      [{ ...MODEL_BEHAVIOR, code: 'INVALID_TOOL_INPUT' }, 'InvalidToolInput InvalidToolArguments'],
      [
        MODEL_BEHAVIOR,
        'ToolCallRepair ToolChoiceViolation ' +
          'NoObjectGenerated NoOutputGenerated NoContentGenerated NoImageGenerated ' +
          'NoSpeechGenerated NoTranscriptGenerated NoVideoGenerated',
      ],
    ] as const
  ).flatMap(([meaning, names]) =>
    names.split(' ').map((name) => [`AI_${name}Error`, meaning] as const),
  ),
);

/**
 * What the failure `inner` (a cause) reads as, when it came from outside the SDK's own checks: a
 * provider's answer, a lost connection. The SDK's parse and schema errors (validation) and plain
 * faults (internal) are what its class already says.
 */
function fromOutside(inner: unknown, classify: Classify): AgentError | undefined {
  if (inner === null || typeof inner !== 'object') return undefined;
  const decoded = classify(inner);
  return decoded.category === 'internal' || decoded.category === 'validation' ? undefined : decoded;
}

/**
 * The {@link AgentError} for an AI SDK error `error` (its `name` is `name`), or `undefined` when
 * another reader says more (an `APICallError` with an error status is the provider SDKs' to read).
 */
export function fromAiSdkError(
  error: Error,
  e: Record<string, unknown>,
  name: string,
  classify: Classify,
): AgentError | undefined {
  switch (name) {
    case 'AI_APICallError': {
      const status = e.statusCode;
      if (typeof status === 'number') {
        // An answer the SDK could not read ("Invalid JSON response" on a 200): not as documented.
        if (status < 400) return made(error, PROTOCOL, { status });
        // A stream whose first event was a failure: the status is the SDK's guess (500 for a
        // Responses `response.failed`), the event it kept in `data` says more when it is one
        // the readers know; else the status and body decide.
        const type = asRecord(e.responseHeaders)?.['content-type'];
        const event = asRecord(e.data);
        if (event && typeof type === 'string' && type.startsWith('text/event-stream')) {
          const inner = classify(event);
          if (inner.category !== 'internal' || inner.retryable) return classifiedAs(error, inner);
        }
        return undefined;
      }
      // No response: the cause says why, else the SDK's own call (isRetryable).
      const cause = asRecord(e.cause);
      if (cause !== undefined) {
        const inner = classify(cause);
        if (inner.category !== 'internal') return classifiedAs(error, inner);
      }
      return made(
        error,
        e.isRetryable === true
          ? m('unavailable', 'CONNECTION_ERROR')
          : m('internal', 'INTERNAL_ERROR'),
      );
    }
    case 'AI_RetryError': {
      // What the last attempt failed with says what to do; the reason why retrying stopped stays.
      const errors = Array.isArray(e.errors) ? e.errors : [];
      const last: unknown = e.lastError ?? errors[errors.length - 1];
      const retry = { reason: e.reason, attempts: errors.length };
      if (e.reason === 'abort') return made(error, m('cancelled', 'ABORTED'), { retry });
      if (last === undefined) return undefined;
      return classifiedAs(error, classify(last), { retry });
    }
    // A URL the SDK fetched for a prompt part: its status, else what the fetch failed with; with
    // neither, the SDK refused the URL itself (a private address): an input to change.
    case 'AI_DownloadError': {
      const status = e.statusCode;
      if (typeof status === 'number' && status >= 400 && status <= 599) {
        return made(error, statusMeaning(status));
      }
      return e.cause === undefined
        ? made(error, VALIDATION)
        : classifiedAs(error, classify(e.cause));
    }
    case 'AI_ToolExecutionError':
      return e.cause === undefined ? undefined : classifiedAs(error, classify(e.cause));
    default: {
      const row = AI_SDK_NAMES.get(name);
      if (row === undefined) return undefined;
      // A repair that failed on its own call (a 429), no output because the call failed: that
      // failure decides; else the row.
      const inner = fromOutside(e.cause, classify);
      if (inner !== undefined) return classifiedAs(error, inner);
      return made(
        error,
        row,
        typeof e.toolName === 'string' ? { toolName: e.toolName } : undefined,
      );
    }
  }
}

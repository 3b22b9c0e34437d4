import type { AgentError } from '../../core/agent-error.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { MODEL_BEHAVIOR } from './ai-sdk.js';

/**
 * LangChain's and LangGraph's errors (`@langchain/core` 1.x, `@langchain/langgraph` 1.7): their
 * `lc_error_code` (LangChain's "Error reference", docs.langchain.com/oss/javascript/langchain/
 * errors, and LangGraph's, …/langgraph/<CODE>), which LangChain also adds to the provider's own
 * error (read first: its status and body say more), and their classes by name (LangGraph's
 * `src/errors.ts`). LangChain stamps what its own retry would do (`langchain.errors.retryable`).
 *
 * - A graph that ran past `recursionLimit` spent the step budget its caller set, as the Agents
 *   SDK's `MaxTurnsExceededError`: quota, not retried as it is.
 * - A graph that stopped to ask (`GraphInterrupt`, `NodeInterrupt`), a `Command` for a parent
 *   graph (`ParentCommand`) and a drained run (`GraphDrained`) are control flow
 *   (`GraphBubbleUp`), not failures: read as cancelled, not retried — run again, the graph stops
 *   the same way; resume it with `Command({ resume })`. A wrapper that catches one must throw
 *   it on (LangGraph relies on it reaching its runner): `details.langgraph.bubbleUp` says so.
 * - Output off the format asked for (`OUTPUT_PARSING_FAILURE`) is the model's: asked again it may
 *   do better. (A tool's `ToolInputParsingException` is not read here: `invoke` raises it
 *   whoever passed the input, so its words — validation — decide.)
 * - A graph built wrong (concurrent writes to one value, a node returning a non-object, an
 *   unreachable node, no checkpointer for an interrupt) is the program's fault: internal.
 */

const INTERNAL = m('internal', 'INTERNAL_ERROR');
const VALIDATION = m('validation', 'VALIDATION_ERROR');
/** The step budget the caller set, spent (the Agents SDK's `MaxTurnsExceededError` too). */
const STEP_BUDGET: Meaning<string> = { category: 'quota', code: 'MAX_TURNS_EXCEEDED' };
const LANGCHAIN_RETRYABLE = Symbol.for('langchain.errors.retryable');

/** `lc_error_code`s, LangChain's and LangGraph's. */
const LANGCHAIN_CODES: ReadonlyMap<string, Meaning<string>> = new Map([
  ['MODEL_RATE_LIMIT', m('rate_limit', 'RATE_LIMITED')],
  ['MODEL_AUTHENTICATION', m('auth', 'AUTH_ERROR')],
  ['MODEL_NOT_FOUND', m('not_found', 'MODEL_NOT_FOUND')],
  ['INVALID_PROMPT_INPUT', VALIDATION],
  ['INVALID_TOOL_RESULTS', VALIDATION],
  ['MESSAGE_COERCION_FAILURE', VALIDATION],
  ['OUTPUT_PARSING_FAILURE', MODEL_BEHAVIOR],
  ['GRAPH_RECURSION_LIMIT', STEP_BUDGET],
  // Every other code (LangGraph's INVALID_CONCURRENT_GRAPH_UPDATE,
  // INVALID_GRAPH_NODE_RETURN_VALUE, MULTIPLE_SUBGRAPHS, MISSING_CHECKPOINTER, UNREACHABLE_NODE)
  // names a graph built wrong: internal, its code kept.
]);

/** The classes, by name. */
const LANGCHAIN_CLASSES: ReadonlyMap<string, Meaning<string>> = new Map([
  ['ContextOverflowError', m('validation', 'CONTEXT_TOO_LONG')],
  ['ModelAbortError', m('cancelled', 'ABORTED')],
  ['ModelRefusalError', m('validation', 'CONTENT_FILTERED')],
  ['GraphRecursionError', STEP_BUDGET],
  ['EmptyInputError', VALIDATION],
  ['UnknownInterruptError', VALIDATION],
  ['NodeTimeoutError', m('timeout', 'TIMEOUT')],
]);

/**
 * A LangChain or LangGraph error, or `undefined`. Called after the provider SDKs' shapes:
 * LangChain adds `lc_error_code` to the provider's own error, whose status and body say more.
 */
export function fromLangChainError(error: Error): AgentError | undefined {
  const e = error as Error & { lc_error_code?: unknown; is_bubble_up?: unknown };
  if (e.is_bubble_up === true) {
    return made(error, m('cancelled', 'CANCELLED'), { langgraph: { bubbleUp: error.name } });
  }
  const stamped = Object.getOwnPropertyDescriptor(error, LANGCHAIN_RETRYABLE)?.value as unknown;
  const retryable = typeof stamped === 'boolean' ? stamped : undefined;
  const named = LANGCHAIN_CLASSES.get(error.name);
  const code = e.lc_error_code;
  const meaning =
    named ?? (typeof code === 'string' ? (LANGCHAIN_CODES.get(code) ?? INTERNAL) : undefined);
  return (
    meaning &&
    made(
      error,
      { category: meaning.category, code: meaning.code, retryable: retryable ?? meaning.retryable },
      typeof code === 'string' ? { api: { langchain: code } } : undefined,
    )
  );
}

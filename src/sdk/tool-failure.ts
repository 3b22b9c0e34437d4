import { AgentError } from '../core/agent-error.js';
import type { Classifier } from '../core/expose.js';
import { normalizeError } from '../core/normalize-error.js';
import { toExposableError } from '../helpers/expose.js';
import { formatModelErrorText } from '../dialects/tool/model-text.js';
import type { FormatModelErrorTextOptions } from '../dialects/tool/model-text.js';
import { classifierOf } from '../front/encode.js';
import type { WrapperOptionNames } from './check-options.js';

/** What {@link ToolErrorFunctionOptions.onToolError} is told besides the error. */
export interface ToolFailureInfo {
  /** What the tool threw, as it was: for the application's logs, never for the model. */
  thrown: unknown;
  /** The text the model was given instead. */
  text: string;
  /** The SDK's id for this tool call, when it passes one. */
  toolCallId?: string | undefined;
  /** The tool's name, when the SDK passes it. */
  toolName?: string | undefined;
}

/**
 * Options of the tool wrappers for model SDKs (`withAiToolErrors`, `toolErrorFunction`): the
 * model-facing text's (`subject`, sanitising) and two hooks for the application.
 */
export interface ToolErrorFunctionOptions extends FormatModelErrorTextOptions {
  /**
   * The one hook for "tell me about a failure": called with every failure, as the
   * {@link AgentError} the model was told about (an unexpected error as `internal` with its
   * `errorId`), and `info.thrown`, what the tool threw as it was; so the application can stop the
   * run on a spent quota, ask the user to sign in, log a bug in full, or count failures. With it,
   * nothing is written to stderr. A hook that throws is ignored.
   */
  onToolError?: (error: AgentError, info: ToolFailureInfo) => void;
  /**
   * The exposure rule's hook: called with an error the tool did not mean to show the model (a raw
   * `Error`, a bug) and the `errorId` the model was shown instead. Without it or `onToolError`,
   * one sanitised line goes to stderr; pass `() => {}` to silence it.
   */
  onError?: (error: unknown, errorId: string) => void;
  /**
   * The tool's name, given to `onToolError` when the SDK passes none (the Agents SDK passes no
   * call details for arguments that fail the schema, which it redacts by default; the AI SDK
   * never passes the name to `execute`).
   */
  toolName?: string;
  /**
   * What classifies what the tool threw: a decoder made by `createDecoder(readers)` (or anything
   * with its `toAgentError`). Default: the library's full classifier.
   */
  decoder?: Classifier | undefined;
}

/** The options of {@link ToolErrorFunctionOptions} the tool wrappers check when made. @internal */
export const TOOL_FAILURE_OPTIONS: WrapperOptionNames = {
  hooks: ['onToolError', 'onError'],
  strings: ['toolName', 'subject'],
};

function ignoreUnexpected(): void {
  // onToolError is told instead (see toolFailure).
}

/**
 * A thrown value as the model may see it: the classified error and its model-facing text.
 * `call.thrown`, when given, is what the tool threw (`thrown` being what the SDK made of it).
 */
export function toolFailure(
  thrown: unknown,
  options: ToolErrorFunctionOptions | undefined,
  call?: { toolCallId?: string | undefined; toolName?: string | undefined; thrown?: unknown },
): { error: AgentError; text: string } {
  const hook = options?.onToolError;
  // One hook is enough: onToolError hears of an unexpected error too (as `internal`, with the
  // original in `info.thrown`), so the stderr line is written only when neither hook is given.
  const onError = options?.onError ?? (hook ? ignoreUnexpected : undefined);
  // `onError` and `decoder` are the exposure rule's.
  const exposable = toExposableError(thrown, {
    ...(onError ? { onError } : {}),
    ...(options?.decoder ? { decoder: options.decoder } : {}),
  });
  const classified = classifierOf(options?.decoder).toAgentError(exposable);
  // A decoder of the caller's may give the fields alone: the hooks are promised an AgentError.
  const error = classified instanceof AgentError ? classified : normalizeError(classified);
  const text = formatModelErrorText(error, options);
  if (hook) {
    try {
      const original = call && 'thrown' in call ? call.thrown : thrown;
      hook(error, {
        thrown: original,
        text,
        toolCallId: call?.toolCallId,
        toolName: call?.toolName ?? options?.toolName,
      });
    } catch {
      // A failing hook must not turn one tool error into two.
    }
  }
  return { error, text };
}
